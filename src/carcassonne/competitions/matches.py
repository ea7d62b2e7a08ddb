"""A match: several games between the same entrants, and who won it.

Seats. The seat order turns one place each game (A B, B A, A B... with two;
A B C, B C A, C A B... with three), so everyone moves first equally often,
or, when the games do not share out evenly, once more for the first few::

    >>> seat_orders(["ann", "bob", "cid"], 4)
    (('ann', 'bob', 'cid'), ('bob', 'cid', 'ann'), ('cid', 'ann', 'bob'), ('ann', 'bob', 'cid'))

Duplicate decks. Most of the luck is in the deck. With ``duplicate`` on,
one full turn of the seats is played on the same deck: with two entrants,
games 1 and 2 share deck 1, games 3 and 4 deck 2, each entrant getting
each deck in each seat; with three, games 1 to 3 share deck 1. When the
games are not a whole number of turns, the last deck is not played in
every seat. :func:`deck_seed` turns a match's seed and a deck number into
the seed of that deck::

    >>> [(game.number, game.seats, game.deck) for game in match_plan(["ann", "bob"], 3)]
    [(1, ('ann', 'bob'), 1), (2, ('bob', 'ann'), 1), (3, ('ann', 'bob'), 2)]

Games won. A game is won by the top score; when two or more share it,
each of them has drawn that game. A game won counts 1 to the match's
*games*, a game drawn ½. The *score difference* adds up, game by game, an
entrant's score less the best score of the others (for two entrants,
simply their score less the opponent's).

Result. The match is won by the most games; when the most are shared, it
is drawn between those who share them, and the others lose. A knockout
needs a winner even so: :meth:`MatchResult.knockout_winner` breaks the tie
by games, then score difference, then the better seed.

Best of N. A match can stop as soon as someone cannot be caught: when
their games are more than anyone else's with every game left won
(:func:`clinched`, :func:`games_not_needed`). In a best-of-3 that is after
two games won, in a best-of-5 after three. While the trailing side could
still draw level, play goes on.

Forfeits. A match not played by its deadline is lost by everyone who did
not show up. The one who did wins it with every game counted as won and a
score difference of 0 (:func:`forfeit`); if nobody showed up, it is a
double forfeit: everyone loses, no games, and the standings give each the
points of a forfeit (0 by default).
"""

from __future__ import annotations

import hashlib
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from carcassonne.competitions.fixtures import check_entrants

#: What a match is, for one entrant.
Outcome = Literal["win", "draw", "loss"]


@dataclass(frozen=True, slots=True)
class GamePlan:
    """One game of a match: its number (from 1), the seat order, and the
    deck (from 1) it is dealt from; games with the same deck share it."""

    number: int
    seats: tuple[str, ...]
    deck: int


def seat_orders(entrants: Sequence[str], games: int) -> tuple[tuple[str, ...], ...]:
    """The seat order of every game of a match of ``games`` games."""
    names = check_entrants(entrants)
    if games < 1:
        raise ValueError(f"a match has at least one game, not {games}")
    return tuple(names[turn % len(names):] + names[:turn % len(names)] for turn in range(games))


def match_plan(entrants: Sequence[str], games: int, duplicate: bool = True) -> tuple[GamePlan, ...]:
    """Every game of a match: its seats and its deck (see the module docstring).
    Without ``duplicate`` every game has its own deck."""
    block = len(entrants) if duplicate else 1
    return tuple(GamePlan(turn + 1, seats, turn // block + 1)
                 for turn, seats in enumerate(seat_orders(entrants, games)))


def deck_seed(match_seed: int, deck: int) -> int:
    """The seed (63 bits) that deals ``deck`` of the match seeded ``match_seed``;
    the same two numbers always give the same seed."""
    digest = hashlib.sha256(f"carcassonne-match:{match_seed}:deck:{deck}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def game_points(scores: Mapping[str, int]) -> dict[str, float]:
    """What one game counts to each entrant's games: 1 for the top score
    alone, ½ to each who shares it, 0 for the others."""
    if not scores:
        raise ValueError("a game has scores")
    best = max(scores.values())
    top = [name for name, score in scores.items() if score == best]
    return {name: (1.0 if len(top) == 1 else 0.5) if name in top else 0.0 for name in scores}


@dataclass(frozen=True, slots=True)
class MatchLine:
    """One entrant's part of a match result."""

    entrant: str
    #: games won, ½ for each game drawn
    games: float
    wins: int
    draws: int
    #: the sum of the entrant's scores
    score: int
    #: game by game, the entrant's score less the best of the others', summed
    difference: int


@dataclass(frozen=True, slots=True)
class MatchResult:
    """A match decided: a line per entrant, in the match's order, how many
    games were played, who forfeited it, and each game's scores (in the
    order of ``lines``; none for a forfeit)."""

    lines: tuple[MatchLine, ...]
    played: int
    forfeited: frozenset[str] = frozenset()
    scores: tuple[tuple[int, ...], ...] = ()

    @property
    def entrants(self) -> tuple[str, ...]:
        """The match's entrants, in its order."""
        return tuple(line.entrant for line in self.lines)

    def line(self, entrant: str) -> MatchLine:
        """The line of ``entrant``."""
        for line in self.lines:
            if line.entrant == entrant:
                return line
        raise KeyError(entrant)

    @property
    def leaders(self) -> tuple[str, ...]:
        """Who has the most games among those who did not forfeit: the winner
        alone, or those who drew the match."""
        present = [line for line in self.lines if line.entrant not in self.forfeited]
        if not present:
            return ()
        best = max(line.games for line in present)
        return tuple(line.entrant for line in present if line.games == best)

    @property
    def winner(self) -> str | None:
        """The winner, or None for a drawn match or a double forfeit."""
        leaders = self.leaders
        return leaders[0] if len(leaders) == 1 else None

    def outcome(self, entrant: str, among: Collection[str] | None = None) -> Outcome:
        """A win, a draw or a loss for ``entrant``; with ``among``, as if only
        those of the match's entrants had played (for head to head: at a
        table of three, who of two came out ahead game by game, whoever
        else won the games)."""
        if entrant not in self.entrants:
            raise KeyError(entrant)
        if entrant in self.forfeited:
            return "loss"
        rivals = [name for name in self.entrants if name not in self.forfeited
                  and (among is None or name in among or name == entrant)]
        counted = self.games_among(rivals)
        best = max(counted.values())
        if counted[entrant] < best:
            return "loss"
        return "win" if list(counted.values()).count(best) == 1 else "draw"

    def games_among(self, names: Sequence[str]) -> dict[str, float]:
        """The games of each of ``names`` had only they played: each game
        won or drawn by the top score among them. Without the scores (a
        forfeit, or a result rebuilt without them) each keeps its games
        against the whole table."""
        if not self.scores:
            return {name: self.line(name).games for name in names}
        column = {name: number for number, name in enumerate(self.entrants)}
        counted = dict.fromkeys(names, 0.0)
        for game in self.scores:
            for name, points in game_points({name: game[column[name]] for name in names}).items():
                counted[name] += points
        return counted

    def knockout_winner(self, seeds: Sequence[str]) -> str | None:
        """The winner when there must be one: the most games, then the best
        score difference, then the better seed (earlier in ``seeds``, the
        knockout's entrants best first). None only for a double forfeit."""
        place = {name: number for number, name in enumerate(seeds)}
        missing = [name for name in self.entrants if name not in place]
        if missing:
            raise ValueError(f"not among the seeds: {', '.join(missing)}")
        present = [line for line in self.lines if line.entrant not in self.forfeited]
        if not present:
            return None
        return min(present, key=lambda line: (-line.games, -line.difference,
                                              place[line.entrant])).entrant


def match_result(entrants: Sequence[str], games: Sequence[Mapping[str, int]]) -> MatchResult:
    """The result of a match of ``entrants`` from each game's scores."""
    names = check_entrants(entrants)
    if not games:
        raise ValueError("a match result needs at least one game")
    for number, scores in enumerate(games, start=1):
        if set(scores) != set(names):
            raise ValueError(f"game {number} has scores for {sorted(scores)}, "
                             f"not for {sorted(names)}")
    counted = [game_points(scores) for scores in games]
    lines: list[MatchLine] = []
    for name in names:
        points = [game[name] for game in counted]
        lines.append(MatchLine(
            entrant=name,
            games=sum(points),
            wins=points.count(1.0),
            draws=points.count(0.5),
            score=sum(scores[name] for scores in games),
            difference=sum(scores[name] - max(scores[other] for other in names if other != name)
                           for scores in games)))
    return MatchResult(tuple(lines), len(games),
                       scores=tuple(tuple(scores[name] for name in names) for scores in games))


def forfeit(entrants: Sequence[str], present: Collection[str], games: int) -> MatchResult:
    """The result of a match of ``games`` games not played by its deadline:
    everyone not ``present`` forfeits it. One present wins with every game
    won; none present is a double forfeit. With several present the match
    can still be played among them, so that is refused."""
    names = check_entrants(entrants)
    unknown = set(present) - set(names)
    if unknown:
        raise ValueError(f"not in the match: {', '.join(sorted(unknown))}")
    if len(present) > 1:
        raise ValueError("a forfeit has at most one entrant present: "
                         f"{', '.join(sorted(present))} can still play")
    if games < 1:
        raise ValueError(f"a match has at least one game, not {games}")
    lines = tuple(MatchLine(name, float(games), games, 0, 0, 0) if name in present
                  else MatchLine(name, 0.0, 0, 0, 0, 0) for name in names)
    return MatchResult(lines, 0, frozenset(names) - frozenset(present))


def first_to(games: int) -> int:
    """The games that win a best-of-``games`` when no game is drawn: more
    than half."""
    return games // 2 + 1


def clinched(entrants: Sequence[str], games: Sequence[Mapping[str, int]],
             planned: int) -> str | None:
    """Who has won a match of ``planned`` games whatever the games left
    give: more games than anyone else could reach by winning them all.
    None while nobody has."""
    names = check_entrants(entrants)
    counted = dict.fromkeys(names, 0.0)
    for scores in games:
        for name, points in game_points(scores).items():
            counted[name] += points
    left = max(0, planned - len(games))
    for name in names:
        if all(counted[name] > counted[other] + left for other in names if other != name):
            return name
    return None


def games_not_needed(entrants: Sequence[str], games: Sequence[Mapping[str, int]],
                     planned: int) -> tuple[int, ...]:
    """The numbers of the games of a match of ``planned`` games that need
    not be played, once the games so far have decided it (else none).

    >>> games_not_needed(["ann", "bob"], [{"ann": 80, "bob": 60}] * 2, 3)
    (3,)
    """
    if clinched(entrants, games, planned) is None:
        return ()
    return tuple(range(len(games) + 1, planned + 1))
