"""A competition under way, as typed values: stages, rounds, matches, games.

The pairing rules (:mod:`.round_robin`, :mod:`.swiss`, :mod:`.knockout`...)
answer rounds of fixtures; this module holds what becomes of them while the
competition is played: each fixture is a :class:`Match` of planned
:class:`GameSlot` s, each game gets a table once its players are there, each
table's end is recorded (:class:`GameEnd`), and each match's result is kept
(:class:`Decided`). :mod:`.running` decides what happens next from these
values alone.

A server stores a competition's progress as JSON. :meth:`Progress.from_json`
and :meth:`Progress.to_json` convert it, once each way, at the storage
boundary; the JSON is::

    {"seeds": [ENTRANT, ...], "holder": {"id", "name"} or null,
     "stages": [{"kind": "league" | "swiss" | "knockout" | "double_elimination" | "title",
                 "groups": [[ENTRANT, ...], ...],   # league: one list per group
                 "seeds": [ENTRANT, ...],           # knockout, Swiss, title: best first
                 "planned": n,                      # Swiss: rounds planned
                 "rounds": [ROUND, ...], "done": true (once decided)}]}

    ROUND = {"number": 1, "deadline": ISO or null, "byes": [...], "lines": [...],
             "matches": [MATCH, ...], "opened": true (once opened)}
    MATCH = {"id": "1.1.3", "group": 0 (a double elimination: 0 winners',
             1 losers' bracket, 2 grand final), "entrants": [...], "seed": n,
             "best_of": false, "ready": [...], "forfeit": [...] or null,
             "games": [GAME, ...], "result": RESULT or null}
    GAME = {"number": 1, "seats": [...] (planned until the game opens),
            "deck": 1, "table": ID or null,
            "ended": {"scores": [n, ...] or null}  (once its table ended)}
    RESULT = {"lines": [{"entrant", "games", "wins", "draws", "score",
              "difference"}], "played": n, "forfeited": [...],
              "scores": [[n, ...], ...], "winner": ENTRANT or null}

An ENTRANT is a text (``account:ID``, ``bot:NAME``). Keys shown as optional
are left out when unset, so a progress read and written again is the same
JSON (``ended`` came later: a game stored without it has not been told its
end yet).

    >>> data = {"seeds": ["a", "b"], "holder": None, "stages": [{"kind": "knockout",
    ...     "seeds": ["a", "b"], "rounds": [{"number": 1, "deadline": None, "byes": [],
    ...     "lines": ["a", "b"], "matches": []}]}]}
    >>> Progress.from_json(data).to_json() == data
    True
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from carcassonne.competitions.fixtures import Fixture, Round
from carcassonne.competitions.matches import MatchLine, MatchResult, match_plan


@dataclass(frozen=True, slots=True)
class GameEnd:
    """How a game's table ended: each seat's counted score in seat order
    (a resigned seat counted last), or ``scores`` None when the table was
    abandoned (or is gone), which forfeits the match for everyone."""

    scores: tuple[int, ...] | None

    @property
    def abandoned(self) -> bool:
        return self.scores is None


@dataclass(slots=True)
class GameSlot:
    """One planned game of a match: seats, deck, and its table once opened."""

    number: int
    seats: list[str]
    deck: int
    table: str | None = None
    ended: GameEnd | None = None

    def copy(self) -> GameSlot:
        return GameSlot(self.number, list(self.seats), self.deck, self.table, self.ended)


@dataclass(frozen=True, slots=True)
class Decided:
    """A match's result, with its winner (for a knockout, the tie broken)."""

    result: MatchResult
    winner: str | None

    def to_json(self) -> dict[str, Any]:
        result = self.result
        return {"lines": [{"entrant": line.entrant, "games": line.games, "wins": line.wins,
                           "draws": line.draws, "score": line.score,
                           "difference": line.difference} for line in result.lines],
                "played": result.played, "forfeited": sorted(result.forfeited),
                "scores": [list(game) for game in result.scores], "winner": self.winner}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Decided:
        result = MatchResult(tuple(MatchLine(**line) for line in data["lines"]), data["played"],
                             frozenset(data["forfeited"]),
                             tuple(tuple(game) for game in data.get("scores", ())))
        return cls(result, data["winner"])


@dataclass(slots=True)
class Match:
    """One fixture being played: its entrants, games, who pressed "play
    now" (``ready``), who forfeited (``forfeit``: a stand-in plays their
    seats) and, once decided, its result."""

    id: str
    group: int
    entrants: list[str]
    seed: int
    best_of: bool
    games: list[GameSlot]
    ready: list[str] = field(default_factory=list)
    forfeit: list[str] | None = None
    result: Decided | None = None

    def copy(self) -> Match:
        return Match(self.id, self.group, list(self.entrants), self.seed, self.best_of,
                     [game.copy() for game in self.games], list(self.ready),
                     None if self.forfeit is None else list(self.forfeit), self.result)

    @property
    def table_now(self) -> str | None:
        """The table of the game being played (or of the last one played)."""
        tables = [game.table for game in self.games if game.table]
        return tables[-1] if tables else None


@dataclass(slots=True)
class RoundState:
    """A round of a stage: its matches and byes (``lines``: a knockout's
    bracket), opened or not yet, and its deadline once opened."""

    number: int
    matches: list[Match]
    byes: list[str] = field(default_factory=list)
    lines: list[str | None] = field(default_factory=list)
    deadline: datetime | None = None
    opened: bool = False

    def copy(self) -> RoundState:
        return RoundState(self.number, [match.copy() for match in self.matches],
                          list(self.byes), list(self.lines), self.deadline, self.opened)

    def as_round(self) -> Round:
        """The :class:`Round` this round was paired as (for the next pairing)."""
        return Round(self.number, tuple(Fixture(tuple(m.entrants)) for m in self.matches),
                     tuple(self.byes), tuple(self.lines))


@dataclass(slots=True)
class Stage:
    """A stage: a league (in ``groups``), a Swiss (``planned`` rounds), a
    knockout or a title match (``seeds`` best first)."""

    kind: str
    rounds: list[RoundState]
    groups: list[list[str]] | None = None
    seeds: list[str] | None = None
    planned: int | None = None
    done: bool = False

    def copy(self) -> Stage:
        return Stage(self.kind, [one.copy() for one in self.rounds],
                     None if self.groups is None else [list(g) for g in self.groups],
                     None if self.seeds is None else list(self.seeds), self.planned, self.done)


@dataclass(frozen=True, slots=True)
class Holder:
    """The series' title holder when the competition started."""

    id: str
    name: str


@dataclass(slots=True)
class Progress:
    """Everything a running competition has done: its seeds (best first),
    the title holder it started with, and its stages in order."""

    seeds: list[str]
    holder: Holder | None
    stages: list[Stage]

    def copy(self) -> Progress:
        """A copy to change: every list is new; the frozen values (a game's
        end, a match's result, the holder) are shared."""
        return Progress(list(self.seeds), self.holder, [stage.copy() for stage in self.stages])

    def games(self) -> Iterator[tuple[Match, GameSlot]]:
        """Every game of every match, with its match."""
        for stage in self.stages:
            for one in stage.rounds:
                for match in one.matches:
                    for game in match.games:
                        yield match, game

    def tables(self) -> list[str]:
        """Every table a game of this competition was played at."""
        return [game.table for _, game in self.games() if game.table]

    # -- the storage boundary -----------------------------------------------------------

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Progress:
        holder = data.get("holder")
        return cls(list(data.get("seeds", [])),
                   Holder(holder["id"], holder["name"]) if holder else None,
                   [_stage_of(stage) for stage in data["stages"]])

    def to_json(self) -> dict[str, Any]:
        return {"seeds": list(self.seeds),
                "holder": None if self.holder is None else {"id": self.holder.id,
                                                            "name": self.holder.name},
                "stages": [_stage_data(stage) for stage in self.stages]}


def _game_of(data: dict[str, Any]) -> GameSlot:
    ended = data.get("ended")
    scores = None if ended is None or ended["scores"] is None else tuple(ended["scores"])
    return GameSlot(data["number"], list(data["seats"]), data["deck"], data["table"],
                    None if ended is None else GameEnd(scores))


def _game_data(game: GameSlot) -> dict[str, Any]:
    data: dict[str, Any] = {"number": game.number, "seats": list(game.seats), "deck": game.deck,
                            "table": game.table}
    if game.ended is not None:
        scores = game.ended.scores
        data["ended"] = {"scores": None if scores is None else list(scores)}
    return data


def _match_of(data: dict[str, Any]) -> Match:
    result = data["result"]
    return Match(data["id"], data["group"], list(data["entrants"]), data["seed"],
                 data["best_of"], [_game_of(g) for g in data["games"]], list(data["ready"]),
                 None if data["forfeit"] is None else list(data["forfeit"]),
                 None if result is None else Decided.from_json(result))


def _match_data(match: Match) -> dict[str, Any]:
    return {"id": match.id, "group": match.group, "entrants": list(match.entrants),
            "seed": match.seed, "best_of": match.best_of, "ready": list(match.ready),
            "forfeit": None if match.forfeit is None else list(match.forfeit),
            "result": None if match.result is None else match.result.to_json(),
            "games": [_game_data(g) for g in match.games]}


def _round_of(data: dict[str, Any]) -> RoundState:
    deadline = data.get("deadline")
    return RoundState(data["number"], [_match_of(m) for m in data["matches"]],
                      list(data["byes"]), list(data["lines"]),
                      None if deadline is None else datetime.fromisoformat(deadline),
                      bool(data.get("opened", False)))


def _round_data(one: RoundState) -> dict[str, Any]:
    data: dict[str, Any] = {
        "number": one.number,
        "deadline": None if one.deadline is None else one.deadline.isoformat(),
        "byes": list(one.byes), "lines": list(one.lines),
        "matches": [_match_data(m) for m in one.matches]}
    if one.opened:
        data["opened"] = True
    return data


def _stage_of(data: dict[str, Any]) -> Stage:
    groups = data.get("groups")
    seeds = data.get("seeds")
    return Stage(data["kind"], [_round_of(r) for r in data["rounds"]],
                 None if groups is None else [list(g) for g in groups],
                 None if seeds is None else list(seeds), data.get("planned"),
                 bool(data.get("done", False)))


def _stage_data(stage: Stage) -> dict[str, Any]:
    data: dict[str, Any] = {"kind": stage.kind}
    if stage.groups is not None:
        data["groups"] = [list(g) for g in stage.groups]
    if stage.seeds is not None:
        data["seeds"] = list(stage.seeds)
    if stage.planned is not None:
        data["planned"] = stage.planned
    data["rounds"] = [_round_data(r) for r in stage.rounds]
    if stage.done:
        data["done"] = True
    return data


# -- building rounds ------------------------------------------------------------------


def stable_number(text: str) -> int:
    """A number of 63 bits for ``text``, the same in every process (Python's
    own ``hash`` of a text changes from one run to the next)."""
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big") >> 1


def round_state(fixtures: Round, stage: int, games: int, duplicate: bool, event_id: str,
                best_of: bool, groups: Sequence[int] | None = None) -> RoundState:
    """The round of a paired :class:`Round` of stage ``stage`` (from 0) of
    competition ``event_id``: each fixture becomes a match of ``games``
    games, seats rotating and decks shared as :func:`match_plan` says
    (with ``duplicate``), with a seed of its own for its decks. ``groups``
    gives each fixture's group (a league in groups), else 0."""
    matches = []
    for index, fixture in enumerate(fixtures.fixtures):
        match_id = f"{stage + 1}.{fixtures.number}.{index + 1}"
        plan = match_plan(fixture.entrants, games, duplicate)
        matches.append(Match(
            match_id, groups[index] if groups else 0, list(fixture.entrants),
            stable_number(f"{event_id}:{match_id}"), best_of,
            [GameSlot(g.number, list(g.seats), g.deck) for g in plan]))
    return RoundState(fixtures.number, matches, list(fixtures.byes), list(fixtures.lines))
