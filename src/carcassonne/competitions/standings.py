"""Standings of a round robin or a Swiss: points first, then tiebreaks.

Every match gives match points: by default 2 for a win, 1 for a draw, 0
for a loss, 0 for a loss by forfeit (a double forfeit is a loss for both),
and a bye counts as a win (:class:`MatchPoints` changes any of them).
Entrants level on points are separated by the tiebreaks, in the order
given, each one only among those still level after the ones before it:

- ``head_to_head``: the match points of the matches among the level
  entrants only (at a table of more, as if only they had played it);
- ``games``: games won over all matches, ½ for a game drawn;
- ``score``: the score difference over all matches;
- ``buchholz``: the sum of the match points of everyone met (a bye meets
  nobody): in a Swiss, where opponents differ, it favours whoever met
  the stronger ones.

The order then falls back on the seed (the order of ``entrants``, best
first), so it is always the same for the same results. Every row has a
distinct ``place``; its ``rank`` is shared by entrants whom only the seed
separates. A row shows each tiebreak's value, ``head_to_head`` only where
it was used (``None`` for an entrant who was not level with anyone then)::

    >>> from carcassonne.competitions.matches import match_result
    >>> results = [match_result(["ann", "bob"], [{"ann": 80, "bob": 70}]),
    ...            match_result(["bob", "cid"], [{"bob": 90, "cid": 60}]),
    ...            match_result(["cid", "ann"], [{"cid": 75, "ann": 70}])]
    >>> for row in standings(["ann", "bob", "cid"], results):
    ...     print(row.place, row.entrant, row.points, dict(row.tiebreaks))
    1 bob 2.0 {'head_to_head': 2.0, 'games': 1.0, 'score': 20}
    2 ann 2.0 {'head_to_head': 2.0, 'games': 1.0, 'score': 5}
    3 cid 2.0 {'head_to_head': 2.0, 'games': 1.0, 'score': -25}

Everyone beat someone, so head to head cannot tell them apart, nor games;
the score difference does.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from carcassonne.competitions.fixtures import check_entrants
from carcassonne.competitions.matches import MatchResult

HEAD_TO_HEAD = "head_to_head"
GAMES = "games"
SCORE = "score"
BUCHHOLZ = "buchholz"
#: Every tiebreak there is.
TIEBREAKS = (HEAD_TO_HEAD, GAMES, SCORE, BUCHHOLZ)
#: The usual order for a round robin, where everyone met the same entrants.
ROUND_ROBIN_TIEBREAKS = (HEAD_TO_HEAD, GAMES, SCORE)
#: The usual order for a Swiss, where the opponents differ.
SWISS_TIEBREAKS = (BUCHHOLZ, HEAD_TO_HEAD, GAMES, SCORE)


@dataclass(frozen=True, slots=True)
class MatchPoints:
    """The match points of each outcome; ``bye`` None counts a bye as a win."""

    win: float = 2.0
    draw: float = 1.0
    loss: float = 0.0
    forfeit: float = 0.0
    bye: float | None = None

    def of_bye(self) -> float:
        """What a bye is worth."""
        return self.win if self.bye is None else self.bye

    def of(self, result: MatchResult, entrant: str, among: Sequence[str] | None = None) -> float:
        """What ``result`` is worth to ``entrant`` (among some entrants only:
        see :meth:`MatchResult.outcome`)."""
        if entrant in result.forfeited:
            return self.forfeit
        outcome = result.outcome(entrant, among)
        return self.win if outcome == "win" else self.draw if outcome == "draw" else self.loss


@dataclass(frozen=True, slots=True)
class Standing:
    """One row of the standings."""

    place: int
    rank: int
    entrant: str
    #: the entrant's place in the seed order, from 1
    seed: int
    points: float
    played: int
    wins: int
    draws: int
    losses: int
    byes: int
    #: each tiebreak's value, in the order they were applied
    tiebreaks: Mapping[str, float | None]


def standings(entrants: Sequence[str], results: Iterable[MatchResult], byes: Iterable[str] = (),
              points: MatchPoints = MatchPoints(),
              tiebreaks: Sequence[str] = ROUND_ROBIN_TIEBREAKS) -> tuple[Standing, ...]:
    """The standings of ``entrants`` (seed order, best first) after the
    matches ``results`` and the ``byes`` (an entrant once per bye)."""
    names = check_entrants(entrants, least=1)
    unknown_tiebreaks = [name for name in tiebreaks if name not in TIEBREAKS]
    if unknown_tiebreaks or len(set(tiebreaks)) != len(tiebreaks):
        raise ValueError(f"tiebreaks are some of {', '.join(TIEBREAKS)}, each once, "
                         f"not {', '.join(tiebreaks)}")
    matches = list(results)
    bye_count = Counter(byes)
    named = {name for result in matches for name in result.entrants} | set(bye_count)
    strangers = named - set(names)
    if strangers:
        raise ValueError(f"not among the entrants: {', '.join(sorted(strangers))}")
    table = _Table(names, matches, bye_count, points)
    shown: dict[str, dict[str, float | None]] = {
        name: {criterion: table.values.get(criterion, {}).get(name) for criterion in tiebreaks}
        for name in names}
    leaves: list[list[str]] = []
    for level in _split(list(names), table.points):
        table.settle(level, list(tiebreaks), leaves, shown)
    rows: list[Standing] = []
    for leaf in leaves:
        rank = len(rows) + 1
        for name in leaf:
            rows.append(Standing(
                place=len(rows) + 1, rank=rank, entrant=name, seed=table.seed[name],
                points=table.points[name], played=table.count[name]["played"],
                wins=table.count[name]["win"], draws=table.count[name]["draw"],
                losses=table.count[name]["loss"], byes=bye_count[name],
                tiebreaks=shown[name]))
    return tuple(rows)


def _split(group: list[str], value: Mapping[str, float | int]) -> list[list[str]]:
    """``group`` in runs of equal ``value``, the highest first."""
    runs: list[list[str]] = []
    for name in sorted(group, key=lambda name: -value[name]):
        if runs and value[runs[-1][0]] == value[name]:
            runs[-1].append(name)
        else:
            runs.append([name])
    return runs


class _Table:
    """Points, counts and the tiebreaks that do not depend on who is level."""

    def __init__(self, names: tuple[str, ...], matches: list[MatchResult],
                 byes: Counter[str], points: MatchPoints) -> None:
        self.matches = matches
        self.rule = points
        self.seed = {name: place for place, name in enumerate(names, start=1)}
        self.points: dict[str, float] = {name: byes[name] * points.of_bye() for name in names}
        self.count = {name: Counter[str]() for name in names}
        games = dict.fromkeys(names, 0.0)
        score = dict.fromkeys(names, 0)
        for result in matches:
            for line in result.lines:
                self.points[line.entrant] += points.of(result, line.entrant)
                self.count[line.entrant]["played"] += 1
                self.count[line.entrant][result.outcome(line.entrant)] += 1
                games[line.entrant] += line.games
                score[line.entrant] += line.difference
        buchholz = dict.fromkeys(names, 0.0)
        for result in matches:
            for name in result.entrants:
                buchholz[name] += sum(self.points[other] for other in result.entrants
                                      if other != name)
        self.values: dict[str, Mapping[str, float]] = {
            GAMES: games, SCORE: score, BUCHHOLZ: buchholz}

    def head_to_head(self, group: list[str]) -> dict[str, float]:
        """The match points of each of ``group`` from the matches among them."""
        among = dict.fromkeys(group, 0.0)
        for result in self.matches:
            inside = [name for name in result.entrants if name in among]
            if len(inside) > 1:
                for name in inside:
                    among[name] += self.rule.of(result, name, inside)
        return among

    def settle(self, group: list[str], criteria: list[str], leaves: list[list[str]],
               shown: dict[str, dict[str, float | None]]) -> None:
        """Order ``group`` (level so far) by ``criteria``, then by seed, adding
        its runs of entrants level on everything to ``leaves``."""
        if len(group) == 1 or not criteria:
            leaves.append(sorted(group, key=self.seed.__getitem__))
            return
        criterion, rest = criteria[0], criteria[1:]
        value: Mapping[str, float]
        if criterion == HEAD_TO_HEAD:
            value = self.head_to_head(group)
            for name in group:
                shown[name][HEAD_TO_HEAD] = value[name]
        else:
            value = self.values[criterion]
        for part in _split(group, value):
            self.settle(part, rest, leaves, shown)
