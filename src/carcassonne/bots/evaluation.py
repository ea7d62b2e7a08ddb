"""How good a position looks to each player: the evaluations bots share.

Every estimate is built from public information only, in hundredths of a
point per player.

:data:`SIMPLE` (the greedy bot's) takes the *projected* scores,
:meth:`Game.projected_scores`: points scored so far plus every unfinished
road, city, monastery and field at its end-of-game value. It adds a bonus
per follower still in supply (a follower kept back can still claim
something), fading over the last tiles of the stack.

:data:`EXPECTED` (the search bot's) starts from the same projected scores
and adds what unfinished features are likely to bring. An open city of four
tiles is worth four points if the game ended now and eight once completed;
whether it gets completed depends on how many sides are still open and how
many tiles are left. :func:`completion_chance` is that likelihood, fitted to
games of the greedy bot against itself (``benchmarks/fit_evaluation.py``
plays them and prints the fit):

    chance = 1 - exp(-rate * tiles_left / open ** steepness)

so each open side makes completion much less likely, and a long stack makes
it more likely. A feature's owners are credited ``chance * (complete -
end)`` on top of its end value, a field's owners part of three points for
each bordering city that may still be completed, and every follower on the
board its chance to come back. A follower in supply is worth more than in
the simple estimate: measured, a bot that spends followers carefully beats
one that does not.

:data:`FITTING` (the hard level's) is the expected estimate knowing which
squares the tiles left can fill. Each claimed feature lists, per empty square
it needs filled, how many tiles still to be placed fit there
(``fits`` of :meth:`Game.claimed_features`, from the tile distribution, not
the stack order). A feature needing a square that no tile fits will never be
completed: its chance is 0, and its followers stay. A square that only ``n``
tiles fit, ``n`` below eight, scales the chance by ``n / 8``: whoever draws
one of them must also want to put it there. Measured one move deep in paired
base games, this knowledge alone won about two games in three against the
expected estimate (docs/bots.md).

:func:`rewards` turns worths into a number between 0 and 1 per player (how
far ahead of the best rival they are, squashed), which is what a search bot
averages. :func:`move_values` values every legal move one move deep.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from carcassonne.engine import Game
from carcassonne.engine.moves import AnyMove

#: Hundredths of a point per projected point.
PROJECTED = 100
#: Hundredths per follower in supply while the stack still holds :data:`FADE`
#: tiles, in the simple estimate.
FIGURE = 200
#: Over the last this-many tiles of the stack the figure bonus fades to zero.
FADE = 10
#: Figures that claim features; the others (builder, pig) only help them.
FOLLOWERS = ("meeple", "large")

#: Per feature kind, (rate, steepness) of :func:`completion_chance`, fitted to
#: greedy self-play in the base game (``benchmarks/fit_evaluation.py``).
COMPLETION: dict[str, tuple[float, float]] = {
    "city": (0.025, 1.6),
    "road": (0.026, 1.4),
    "monastery": (0.028, 0.5),
}


def completion_chance(kind: str, open_sides: int, tiles_left: int) -> float:
    """How likely a feature with ``open_sides`` open sides (for a monastery:
    empty squares around it) gets completed with ``tiles_left`` tiles to go.
    Kinds without a fitted rate are judged like monasteries."""
    if open_sides <= 0:
        return 1.0
    rate, steepness = COMPLETION.get(kind, COMPLETION["monastery"])
    return 1.0 - math.exp(-rate * tiles_left / open_sides ** steepness)


def followers(supply: dict[str, int]) -> int:
    """How many followers a supply holds."""
    return sum(supply.get(name, 0) for name in FOLLOWERS)


@dataclass(frozen=True)
class Evaluation:
    """An estimate of each player's worth (see the module docstring).

    ``figure`` hundredths per follower in supply, fading to zero over the
    last ``fade`` tiles of the stack. With ``expected`` on, unfinished
    features count with their chance of completion; ``field_city`` is then
    the hundredths a field's owners get per bordering city, times that
    city's chance of completion.
    """

    figure: int = FIGURE
    fade: int = FADE
    expected: bool = False
    field_city: int = 150
    #: Whether a feature that needs a square no tile left can fill (a 0
    #: in its ``fits``, :meth:`Game.claimed_features`) counts as never
    #: completed, and a field's city likewise.
    feasible: bool = False
    #: With ``feasible``: each square that only ``n`` tiles left fit, ``n``
    #: below this, scales the chance of completion by ``n / scarce``
    #: (0: off).
    scarce: int = 0
    #: The figures in supply that earn ``figure`` (:data:`FOLLOWERS`; the
    #: abbot, ``ABBOT-2``, is a follower too, but one that may claim only a
    #: monastery or a garden).
    followers: tuple[str, ...] = ("meeple", "large")
    #: Whether the figure bonus is ``figure`` with two players and ``2 / P``
    #: of it with ``P``: each player has fewer turns to use a follower kept
    #: back. Measured one move deep against the greedy bot, it matters little
    #: with two players and much with more (docs/bots.md).
    by_players: bool = False

    def fit_factor(self, fits: list[int]) -> float:
        """How much the squares a feature needs, by the tiles left that fit
        each (fewest first), scale its chance of completion: 1 unless
        :attr:`feasible`; 0 when a square fits no tile."""
        if not self.feasible or not fits:
            return 1.0
        if not fits[0]:
            return 0.0
        factor = 1.0
        for n in fits:
            if n >= self.scarce:
                break
            factor *= n / self.scarce
        return factor

    def figure_bonus(self, stack_size: int, players: int = 2) -> int:
        """Hundredths per follower in supply with ``stack_size`` tiles left
        and ``players`` players (:attr:`by_players`)."""
        bonus = self.figure * min(stack_size, self.fade) // self.fade
        return bonus * 2 // players if self.by_players else bonus

    def worths(self, game: Game, figure: int | None = None,
               claimed: list[dict[str, Any]] | None = None) -> list[int]:
        """Each player's worth in hundredths of a point, with ``figure`` per
        follower in supply (by default from the stack left); ``claimed`` is
        :meth:`Game.claimed_features`, when the caller has it already."""
        if figure is None:
            figure = (self.figure_bonus(game.stack_size, len(game.players))
                      if not game.is_over else 0)
        worth = [PROJECTED * points for points in game.projected_scores()]
        for player in range(len(worth)):
            supply = game.supply(player)
            worth[player] += figure * sum(supply.get(name, 0) for name in self.followers)
        if self.expected and not game.is_over:
            self._add_chances(game, worth, figure, claimed)
        return worth

    def _add_chances(self, game: Game, worth: list[int], figure: int,
                     claimed: list[dict[str, Any]] | None) -> None:
        left = game.stack_size
        for feature in game.claimed_features() if claimed is None else claimed:
            strength = feature["strength"]
            top = max(strength.values())
            if feature["kind"] == "field":
                gain = sum(self.field_city * completion_chance("city", sides, left)
                           * self.fit_factor([fits])
                           for sides, fits in zip(feature["cities"], feature["city_fits"],
                                                  strict=True) if sides)
            else:
                chance = completion_chance(feature["kind"], feature["open"], left)
                chance *= self.fit_factor(feature["fits"])
                gain = PROJECTED * chance * (feature["complete"] - feature["end"])
                for player, count in strength.items():
                    # Followers come back when the feature is completed.
                    worth[player] += round(figure * chance * count)
            for player, count in strength.items():
                if count == top:
                    worth[player] += round(gain)


#: The greedy bot's estimate: projected scores and followers in supply.
SIMPLE = Evaluation()
#: The medium search's estimate: chances of completion by open sides,
#: followers dearer.
EXPECTED = Evaluation(figure=500, fade=20, expected=True, by_players=True)
#: The strongest estimate: the expected one, knowing which squares the tiles
#: left can fill (a feature needing a square none fits is never completed;
#: one that fewer than eight fit is less likely to be).
FITTING = Evaluation(figure=500, fade=20, expected=True, feasible=True, scarce=8,
                     by_players=True)


#: How a bot judges the position after a move: from each player's worth
#: (points scored by the move included) and the position, the move's value.
Judge = Callable[[list[int], Game], int]


def move_values(game: Game, evaluation: Evaluation, scored: int,
                moves: Iterable[AnyMove] | None = None,
                judge: Judge | None = None) -> dict[AnyMove, int]:
    """Every legal move of ``game`` (or each of ``moves``) with its value for
    the player to move, in hundredths of a point, in the order of
    ``game.legal_moves()``: the mover's worth after the move minus the best
    opponent's, with ``scored`` more hundredths per point scored by the move
    during play (points in hand beat points that still depend on finishing a
    feature). Empty once the game is over; ``game`` itself is not changed.

    Of the position after a move only its score events, the projected
    scores, the claimed features and the supplies are read, which do not
    depend on the hidden order of the stack, and the figure bonus is set from
    the stack size *before* the move. Points "scored during play" leave out
    final scoring, so a move is valued the same whether or not the game ends
    right after it. ``judge`` values the position otherwise (see
    :func:`valuer`).
    """
    if game.current_player is None:
        return {}
    value = valuer(game, evaluation, scored, judge)
    return {move: value(move) for move in (game.legal_moves() if moves is None else moves)}


def valuer(game: Game, evaluation: Evaluation, scored: int,
           judge: Judge | None = None) -> Callable[[AnyMove], int]:
    """The value of one move of ``game`` at a time, as :func:`move_values`
    gives it, on a copy made once (``game`` has a player to move). A move
    that is not legal raises :class:`~carcassonne.engine.IllegalMove` and
    leaves the copy as it was. ``judge``, given each player's worth after
    the move and the position, gives the value instead of the mover's worth
    minus the best rival's (a bot with other aims than winning by most)."""
    seat = game.current_player
    assert seat is not None
    trial = game.copy()
    before = list(game.scores)
    seen = len(game.events)
    figure = evaluation.figure_bonus(game.stack_size, len(game.players))

    def value(move: AnyMove) -> int:
        trial.play(move)
        during = before.copy()
        for event in trial.events[seen:]:
            if not event.final:
                during[event.player] += event.points
        worth = [w + scored * d for w, d in
                 zip(evaluation.worths(trial, figure), during, strict=True)]
        if judge is not None:
            judged = judge(worth, trial)
            trial.undo()
            return judged
        mine = worth.pop(seat)
        trial.undo()
        return mine - max(worth, default=0)

    return value


def leads(worth: list[int]) -> list[int]:
    """Each player's worth minus the best rival's."""
    return [mine - max(w for q, w in enumerate(worth) if q != p)
            for p, mine in enumerate(worth)]


def rewards(game: Game, scale: float = 500.0, extra: list[int] | None = None,
            evaluation: Evaluation = SIMPLE, baseline: list[int] | None = None) -> list[float]:
    """Per player, between 0 and 1: 0.5 when level with the best rival, towards
    1 when ahead (``scale`` hundredths ahead gives about 0.88). A finished
    game is judged by its final scores alone. ``extra`` adds hundredths to
    each player's worth (a search's bonus for points scored on its way);
    ``baseline`` is subtracted from each player's lead, so that 0.5 means
    "as far ahead as at the baseline"."""
    worth = evaluation.worths(game)
    if extra is not None:
        worth = [w + e for w, e in zip(worth, extra, strict=True)]
    ahead = leads(worth)
    if baseline is not None:
        ahead = [a - b for a, b in zip(ahead, baseline, strict=True)]
    return [0.5 + 0.5 * math.tanh(a / scale) for a in ahead]
