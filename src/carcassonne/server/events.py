"""A competition as the server keeps it, and what the protocol shows of it.

:class:`Event` is a competition's row: its setup, entrants and status, and
its progress, a typed :class:`~carcassonne.competitions.progress.Progress`
converted from and to the stored JSON here, once each way (the JSON is
described in :mod:`carcassonne.competitions.progress`). What the
competition does next is decided by :mod:`carcassonne.competitions.running`
and carried out by :mod:`~carcassonne.server.organizer`; this module only
shows it: :func:`event_view`, :func:`summary`.

Match results are never typed in: they come from the finished tables of the
match's games, whose ends the organizer is told, and are kept in the
progress so the page can show them.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol

from carcassonne.competitions import (
    Match,
    MatchPoints,
    Progress,
    Rules,
    Standing,
    stage_standings,
)


class TableLike(Protocol):
    """What a view shows of a game's table."""

    status: str
    result: dict[str, Any] | None


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
    progress: Progress | None = None
    winner: str | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock, repr=False)

    def row(self, **changes: Any) -> dict[str, Any]:
        """The competition's row as stored, with ``changes`` (attribute
        values) applied: its progress as JSON."""
        values = {name: getattr(self, name) for name in (
            "id", "name", "series", "organizer", "created", "status", "setup", "entrants",
            "progress", "winner")}
        values.update(changes)
        progress = values["progress"]
        values["progress"] = None if progress is None else progress.to_json()
        return values

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> Event:
        progress = row["progress"]
        return cls(row["id"], row["name"], row["series"], row["organizer"], row["created"],
                   row["status"], dict(row["setup"]), list(row["entrants"]),
                   None if progress is None else Progress.from_json(progress), row["winner"])

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
        holder = None if self.progress is None else self.progress.holder
        if holder and holder.id == entrant:
            return holder.name
        return entrant.split(":", 1)[-1]

    @property
    def rules(self) -> Rules:
        """How the competition runs, from its setup."""
        return Rules.from_setup(self.setup)

    def points(self) -> MatchPoints:
        return self.rules.points


# -- what the protocol shows ------------------------------------------------------------


def standing_view(event: Event, row: Standing) -> dict[str, Any]:
    return {"place": row.place, "name": event.name_of(row.entrant), "points": row.points,
            "played": row.played, "wins": row.wins, "draws": row.draws, "losses": row.losses,
            "byes": row.byes, "tiebreaks": dict(row.tiebreaks)}


def match_view(event: Event, match: Match,
               tables: Mapping[str, TableLike]) -> dict[str, Any]:
    """A MATCH with names, its games' tables and scores as they stand."""
    games = []
    for game in match.games:
        table = tables.get(game.table) if game.table else None
        scores = flag = None
        if table is not None and table.result is not None:
            scores = list(table.result["scores"])
            if table.result.get("flag") is not None:  # lost on time (flags.py)
                flag = event.name_of(game.seats[table.result["flag"]])
        games.append({"number": game.number, "seats": [event.name_of(e) for e in game.seats],
                      "table": game.table, "status": table.status if table else None,
                      "scores": scores, "flag": flag})
    result = None if match.result is None else match.result.to_json()
    return {
        "id": match.id, "group": match.group, "best_of": match.best_of,
        "entrants": [event.name_of(e) for e in match.entrants],
        "ready": [event.name_of(e) for e in match.ready],
        "forfeited": [event.name_of(e) for e in (match.forfeit or [])],
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


def event_view(event: Event, tables: Mapping[str, TableLike], organizer: str | None,
               holders: list[dict[str, Any]]) -> dict[str, Any]:
    """``COMPETITION`` of the protocol: setup, entrants, every stage with its
    rounds, matches and standings in order, the holder and the winner."""
    progress = event.progress
    points = event.points()
    stages = []
    for stage in [] if progress is None else progress.stages:
        stages.append({
            "kind": stage.kind, "done": stage.done,
            "groups": [[event.name_of(e) for e in g] for g in stage.groups or []],
            "seeds": [event.name_of(e) for e in stage.seeds or []],
            "standings": [[standing_view(event, row) for row in group]
                          for group in stage_standings(stage, points)],
            "rounds": [{"number": r.number, "opened": r.opened,
                        "deadline": None if r.deadline is None else r.deadline.isoformat(),
                        "byes": [event.name_of(e) for e in r.byes],
                        "matches": [match_view(event, m, tables) for m in r.matches]}
                       for r in stage.rounds]})
    holder = None if progress is None else progress.holder
    return {**summary(event), "organizer": organizer,
            "setup": {k: v for k, v in event.setup.items()
                      if k not in ("name", "series", "organizer_name")},
            "entrants": [{"name": e["name"], "bot": e["id"][4:].split("#")[0]
                          if e["id"].startswith("bot:") else None} for e in event.entrants],
            "holder": holder.name if holder else None, "stages": stages,
            "holders": holders}
