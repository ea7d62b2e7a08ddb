"""A competition's progress: stages, rounds, matches and their games.

The rules (pairings, seat orders, standings) are :mod:`carcassonne.competitions`;
this module keeps their output in the JSON the database stores. A
competition's ``progress`` is::

    {"stages": [{"kind": "league" | "swiss" | "knockout" | "title",
                 "groups": [[ENTRANT, ...], ...],   # league: one list per group
                 "seeds": [ENTRANT, ...],           # knockout and Swiss: best first
                 "rounds": [ROUND, ...], "done": false}]}

    ROUND = {"number": 1, "deadline": ISO or null, "byes": [...], "lines": [...],
             "matches": [MATCH, ...]}
    MATCH = {"id": "1.1.3", "group": 0, "entrants": [...], "seed": n,
             "best_of": false, "ready": [...], "forfeit": [...] or null,
             "games": [{"number": 1, "seats": [...], "deck": 1, "table": ID or null}],
             "result": RESULT or null}

An ENTRANT is ``account:ID`` or ``bot:NAME``. Match results are never typed
in: they are worked out from the finished tables of the match's games
(:mod:`~carcassonne.server.organizer`) and kept here so the page can show
them; ``RESULT`` holds each entrant's games won, score and difference, the
games played, who forfeited and the winner.
"""

from __future__ import annotations

import asyncio
import hashlib
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from carcassonne.competitions import (
    GAMES,
    HEAD_TO_HEAD,
    SCORE,
    SWISS_TIEBREAKS,
    Fixture,
    MatchLine,
    MatchPoints,
    MatchResult,
    Round,
    Standing,
    match_plan,
    standings,
)

#: The order of the tiebreaks of a league or group, after match points.
LEAGUE_TIEBREAKS = (HEAD_TO_HEAD, GAMES, SCORE)


@dataclass(eq=False)
class Event:
    """A competition as its row says, with the lock its changes take."""

    id: str
    name: str
    series: str | None
    organizer: str | None
    created: datetime
    status: str
    setup: dict[str, Any]
    entrants: list[dict[str, Any]]
    progress: dict[str, Any] | None = None
    winner: str | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock, repr=False)

    def row(self, **changes: Any) -> dict[str, Any]:
        values = {name: getattr(self, name) for name in (
            "id", "name", "series", "organizer", "created", "status", "setup", "entrants",
            "progress", "winner")}
        values.update(changes)
        return values

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> Event:
        return cls(row["id"], row["name"], row["series"], row["organizer"], row["created"],
                   row["status"], dict(row["setup"]), list(row["entrants"]), row["progress"],
                   row["winner"])

    def apply(self, **changes: Any) -> None:
        for name, value in changes.items():
            setattr(self, name, value)

    def name_of(self, entrant: str | None) -> str | None:
        """How ``entrant`` is shown: the account's or the bot's name."""
        if entrant is None:
            return None
        for known in self.entrants:
            if known["id"] == entrant:
                return str(known["name"])
        holder = (self.progress or {}).get("holder")
        if holder and holder["id"] == entrant:
            return str(holder["name"])
        return entrant.split(":", 1)[-1]

    def points(self) -> MatchPoints:
        given = self.setup["points"]
        return MatchPoints(win=given["win"], draw=given["draw"], loss=given["loss"])


# -- building rounds ------------------------------------------------------------------


def round_of(fixtures: Round, stage: int, setup: dict[str, Any], event_id: str,
             best_of: bool, games: int | None = None, groups: list[int] | None = None,
             ) -> dict[str, Any]:
    """The ROUND of a paired :class:`Round` of stage ``stage`` (from 0) of
    competition ``event_id``: each fixture becomes a match of ``games``
    games (the setup's by default), seats rotating and decks shared as
    :func:`match_plan` says, with a seed of its own for its decks."""
    count = games or setup["games"]
    matches = []
    for index, fixture in enumerate(fixtures.fixtures):
        match_id = f"{stage + 1}.{fixtures.number}.{index + 1}"
        plan = match_plan(fixture.entrants, count, setup["duplicate"])
        matches.append({
            "id": match_id, "group": groups[index] if groups else 0,
            "entrants": list(fixture.entrants), "seed": stable_number(f"{event_id}:{match_id}"),
            "best_of": best_of, "ready": [], "forfeit": None, "result": None,
            "games": [{"number": g.number, "seats": list(g.seats), "deck": g.deck,
                       "table": None} for g in plan]})
    return {"number": fixtures.number, "deadline": None, "byes": list(fixtures.byes),
            "lines": list(fixtures.lines), "matches": matches}


def stable_number(text: str) -> int:
    """A number of 63 bits for ``text``, the same in every process (Python's
    own ``hash`` of a text changes from one run to the next)."""
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big") >> 1


def as_round(data: dict[str, Any]) -> Round:
    """The :class:`Round` a ROUND was made from (for the next pairing)."""
    return Round(data["number"], tuple(Fixture(tuple(m["entrants"])) for m in data["matches"]),
                 tuple(data["byes"]), tuple(data["lines"]))


# -- results ----------------------------------------------------------------------------


def result_data(result: MatchResult, winner: str | None) -> dict[str, Any]:
    return {"lines": [{"entrant": line.entrant, "games": line.games, "wins": line.wins,
                       "draws": line.draws, "score": line.score,
                       "difference": line.difference} for line in result.lines],
            "played": result.played, "forfeited": sorted(result.forfeited),
            "scores": [list(game) for game in result.scores], "winner": winner}


def result_of(data: dict[str, Any]) -> MatchResult:
    return MatchResult(tuple(MatchLine(**line) for line in data["lines"]), data["played"],
                       frozenset(data["forfeited"]),
                       tuple(tuple(game) for game in data.get("scores", ())))


def stage_standings(event: Event, stage: dict[str, Any]) -> list[tuple[Standing, ...]]:
    """The standings of each group of a league stage, or of a Swiss."""
    if stage["kind"] == "league":
        groups = stage["groups"]
        tiebreaks = LEAGUE_TIEBREAKS
    elif stage["kind"] == "swiss":
        groups = [stage["seeds"]]
        tiebreaks = SWISS_TIEBREAKS
    else:
        return []
    out = []
    for index, members in enumerate(groups):
        results = [result_of(m["result"]) for r in stage["rounds"] for m in r["matches"]
                   if m["result"] is not None and m["group"] == index]
        byes = [name for r in stage["rounds"] for name in r["byes"] if name in members]
        out.append(standings(members, results, byes, event.points(), tiebreaks))
    return out


# -- what the protocol shows ------------------------------------------------------------


def standing_view(event: Event, row: Standing) -> dict[str, Any]:
    return {"place": row.place, "name": event.name_of(row.entrant), "points": row.points,
            "played": row.played, "wins": row.wins, "draws": row.draws, "losses": row.losses,
            "byes": row.byes, "tiebreaks": dict(row.tiebreaks)}


def match_view(event: Event, match: dict[str, Any],
               tables: dict[str, Any]) -> dict[str, Any]:
    """A MATCH with names, its games' tables and scores as they stand."""
    games = []
    for game in match["games"]:
        table = tables.get(game["table"]) if game["table"] else None
        scores = None
        if table is not None and table.result is not None:
            scores = list(table.result["scores"])
        games.append({"number": game["number"], "seats": [event.name_of(e) for e in game["seats"]],
                      "table": game["table"], "status": table.status if table else None,
                      "scores": scores})
    result = match["result"]
    return {
        "id": match["id"], "group": match["group"], "best_of": match["best_of"],
        "entrants": [event.name_of(e) for e in match["entrants"]],
        "ready": [event.name_of(e) for e in match["ready"]],
        "forfeited": [event.name_of(e) for e in (match["forfeit"] or [])],
        "games": games,
        "result": None if result is None else {
            "winner": event.name_of(result["winner"]), "played": result["played"],
            "lines": [{**line, "entrant": event.name_of(line["entrant"])}
                      for line in result["lines"]]},
    }


def summary(event: Event) -> dict[str, Any]:
    """The competition as listings show it."""
    setup = event.setup
    return {"id": event.id, "name": event.name, "series": event.series, "status": event.status,
            "format": setup["format"], "created": event.created.isoformat(),
            "entrants": len(event.entrants), "open": setup["open"],
            "winner": event.name_of(event.winner)}


def event_view(event: Event, tables: dict[str, Any], organizer: str | None,
               holders: list[dict[str, Any]]) -> dict[str, Any]:
    """``COMPETITION`` of the protocol: setup, entrants, every stage with its
    rounds, matches and standings in order, the holder and the winner."""
    progress = event.progress or {}
    stages = []
    for stage in progress.get("stages", []):
        stages.append({
            "kind": stage["kind"], "done": stage.get("done", False),
            "groups": [[event.name_of(e) for e in g] for g in stage.get("groups", [])],
            "seeds": [event.name_of(e) for e in stage.get("seeds", [])],
            "standings": [[standing_view(event, row) for row in group]
                          for group in stage_standings(event, stage)],
            "rounds": [{"number": r["number"], "opened": r.get("opened", False),
                        "deadline": r["deadline"], "byes": [event.name_of(e) for e in r["byes"]],
                        "matches": [match_view(event, m, tables) for m in r["matches"]]}
                       for r in stage["rounds"]]})
    holder = progress.get("holder")
    return {**summary(event), "organizer": organizer,
            "setup": {k: v for k, v in event.setup.items()
                      if k not in ("name", "series", "organizer_name")},
            "entrants": [{"name": e["name"], "bot": e["id"][4:].split("#")[0]
                          if e["id"].startswith("bot:") else None} for e in event.entrants],
            "holder": holder["name"] if holder else None, "stages": stages,
            "holders": holders}
