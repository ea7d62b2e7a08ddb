"""How good a position looks to each player: the evaluation bots share.

The estimate is built from public information only:

- the *projected* scores, :meth:`Game.projected_scores`: points scored so far
  plus every unfinished road, city, monastery and field at its end-of-game
  value;
- a bonus per follower still in supply (a follower kept back can still claim
  something), fading over the last tiles of the stack.

:func:`worths` gives each player's worth in hundredths of a point;
:func:`rewards` turns worths into a number between 0 and 1 per player (how
far ahead of the best rival they are, squashed), which is what a search bot
averages.
"""

from __future__ import annotations

import math

from carcassonne.engine import Game

#: Hundredths of a point per projected point.
PROJECTED = 100
#: Hundredths per follower in supply while the stack still holds :data:`FADE` tiles.
FIGURE = 200
#: Over the last this-many tiles of the stack the figure bonus fades to zero.
FADE = 10
#: Figures that claim features; the others (builder, pig) only help them.
FOLLOWERS = ("meeple", "large")


def followers(supply: dict[str, int]) -> int:
    """How many followers a supply holds."""
    return sum(supply.get(name, 0) for name in FOLLOWERS)


def figure_bonus(stack_size: int) -> int:
    """Hundredths per follower in supply with ``stack_size`` tiles left."""
    return FIGURE * min(stack_size, FADE) // FADE


def worths(game: Game, figure: int | None = None) -> list[int]:
    """Each player's worth in hundredths of a point: projected points plus
    ``figure`` per follower in supply (by default from the stack left)."""
    if figure is None:
        figure = figure_bonus(game.stack_size) if not game.is_over else 0
    projected = game.projected_scores()
    return [PROJECTED * projected[p] + figure * followers(game.supply(p))
            for p in range(len(projected))]


def rewards(game: Game, scale: float = 500.0,
            extra: list[int] | None = None) -> list[float]:
    """Per player, between 0 and 1: 0.5 when level with the best rival, towards
    1 when ahead (``scale`` hundredths ahead gives about 0.88). A finished
    game is judged by its final scores alone. ``extra`` adds hundredths to
    each player's worth (a search's bonus for points scored on its way)."""
    worth = worths(game)
    if extra is not None:
        worth = [w + e for w, e in zip(worth, extra, strict=True)]
    out = []
    for p, mine in enumerate(worth):
        rival = max(w for q, w in enumerate(worth) if q != p)
        out.append(0.5 + 0.5 * math.tanh((mine - rival) / scale))
    return out
