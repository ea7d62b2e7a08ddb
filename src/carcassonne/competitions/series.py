"""A match as a series: who moves first in each game, who wins a drawn
game, when the series stops, and what breaks a level series.

Each stage of a competition plays its matches as a :class:`Series`:

- **Best of N** (``best_of``): the series stops once someone cannot be
  caught (:func:`clinched_by`). Knockouts, double eliminations and title
  matches play so unless told otherwise; leagues, groups and Swiss play
  every game unless told otherwise.
- **Start order** (``start``): ``"alternate"`` turns the seats one place
  each game (A-B, B-A, A-B...); ``"loser"`` seats the last-placed of the
  previous game first (with two players, whoever lost moves first), the
  others after them in the previous game's turn order; when several share
  the last place (a drawn game of two), the seats turn one place.
- **Tie rule** (``tie``): ``"seed"`` is the rule of old: a level series
  in an elimination stage goes to the better score difference, then the
  better seed, and is drawn in a league, group or Swiss (whose standings
  have tiebreaks of their own). ``"second_player"`` gives a game whose top
  score is shared to whoever of them moved last (with two players, the
  second player), so no game between two is drawn. ``"extra_game"`` plays
  one more game while the series is level after its planned games, up to
  :data:`EXTRA_GAMES` more, and then falls back to ``"seed"``.

Drawn games under ``"second_player"``::

    >>> points_of_game(("ann", "bob"), (70, 70), "second_player")
    {'ann': 0.0, 'bob': 1.0}
    >>> points_of_game(("ann", "bob"), (70, 70), "seed")
    {'ann': 0.5, 'bob': 0.5}

Who moves first after a game bob won::

    >>> next_seats(["ann", "bob"], [(("ann", "bob"), (50, 80))], "loser", "seed")
    ('ann', 'bob')
    >>> next_seats(["ann", "bob"], [(("ann", "bob"), (50, 80))], "alternate", "seed")
    ('bob', 'ann')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from carcassonne.competitions.matches import (
    MatchResult,
    game_points,
    match_result,
    seat_orders,
)

#: The start orders of a series.
SERIES_STARTS = ("alternate", "loser")
#: The rules that break a level game or series.
TIE_RULES = ("seed", "second_player", "extra_game")
#: The stages a rule may be set for: a league, a Swiss, the groups before a
#: knockout, a knockout, a double elimination, a title match.
STAGES = ("league", "swiss", "groups", "knockout", "double_elimination", "title")
#: The stages that need a winner of every match.
ELIMINATION = ("knockout", "double_elimination", "title")
#: The most games ``"extra_game"`` adds to a level series.
EXTRA_GAMES = 3

#: One game played: its seats in turn order, and their scores in that order.
Played = tuple[Sequence[str], Sequence[int]]


def stage_key(kind: str, competition_format: str) -> str:
    """The name a stage's rules go by: a league stage of groups then a
    knockout is ``"groups"``; any other stage goes by its kind."""
    return "groups" if kind == "league" and competition_format == "groups_knockout" else kind


@dataclass(frozen=True, slots=True)
class Series:
    """How the matches of one stage are played (see the module docstring).
    ``planned`` is the games a match plans before any extra game."""

    planned: int
    best_of: bool = False
    start: str = "alternate"
    tie: str = "seed"
    elimination: bool = False


def points_of_game(seats: Sequence[str], scores: Sequence[int], tie: str) -> dict[str, float]:
    """What a game counts to each seat's games under the tie rule ``tie``."""
    plain = game_points(dict(zip(seats, scores, strict=True)))
    top = [name for name in seats if plain[name] > 0]
    if tie != "second_player" or len(top) < 2:
        return plain
    return {name: 1.0 if name == top[-1] else 0.0 for name in seats}


def totals(entrants: Sequence[str], points: Sequence[Mapping[str, float]]) -> dict[str, float]:
    """Each entrant's games so far."""
    out = dict.fromkeys(entrants, 0.0)
    for game in points:
        for name, value in game.items():
            out[name] += value
    return out


def clinched_by(entrants: Sequence[str], points: Sequence[Mapping[str, float]],
                planned: int) -> str | None:
    """Who cannot be caught in a series of ``planned`` games, whatever the
    games left give (each worth at most 1); None while nobody."""
    counted = totals(entrants, points)
    left = max(0, planned - len(points))
    for name in entrants:
        if all(counted[name] > counted[other] + left for other in entrants if other != name):
            return name
    return None


def level(entrants: Sequence[str], points: Sequence[Mapping[str, float]]) -> bool:
    """Whether two or more share the most games."""
    counted = totals(entrants, points)
    best = max(counted.values())
    return sum(1 for value in counted.values() if value == best) > 1


def series_result(entrants: Sequence[str], played: Sequence[Played], tie: str) -> MatchResult:
    """The result of the games ``played``: scores and score differences as
    :func:`~carcassonne.competitions.matches.match_result` counts them,
    games won and drawn under the tie rule ``tie``."""
    result = match_result(entrants, [dict(zip(seats, scores, strict=True))
                                     for seats, scores in played])
    if tie != "second_player":
        return result
    points = [points_of_game(seats, scores, tie) for seats, scores in played]
    lines = tuple(replace(line, games=sum(p[line.entrant] for p in points),
                          wins=sum(1 for p in points if p[line.entrant] == 1.0),
                          draws=sum(1 for p in points if p[line.entrant] == 0.5))
                  for line in result.lines)
    return replace(result, lines=lines)


def next_seats(entrants: Sequence[str], played: Sequence[Played], start: str,
               tie: str) -> tuple[str, ...]:
    """The seats of the game after ``played`` under the start order ``start``."""
    number = len(played) + 1
    if start == "alternate" or not played:
        return seat_orders(entrants, number)[-1]
    seats, scores = played[-1]
    points = points_of_game(seats, scores, tie)
    place = {name: (points[name], score) for name, score in zip(seats, scores, strict=True)}
    lowest = min(place.values())
    last = [index for index, name in enumerate(seats) if place[name] == lowest]
    turn = last[0] if len(last) == 1 else 1
    return tuple(seats[turn:]) + tuple(seats[:turn])


def stage_series(kind: str, competition_format: str, planned: int, best_of: bool | None,
                 start: str, tie_rules: Mapping[str, str]) -> Series:
    """The series of a stage of kind ``kind`` in a competition of format
    ``competition_format``: ``best_of`` None is the stage's default (on for
    the elimination stages), ``tie_rules`` maps stage names to rules
    (``"seed"`` for a stage not named)."""
    key = stage_key(kind, competition_format)
    return Series(planned, key in ELIMINATION if best_of is None else best_of, start,
                  tie_rules.get(key, "seed"), key in ELIMINATION)
