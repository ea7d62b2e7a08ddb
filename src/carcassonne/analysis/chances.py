"""The chance of winning a two-player game, read from an expected final lead.

The review's values are expected final leads in points (:mod:`.decisions`).
With two players, a lead also says how likely the mover is to win: a lead
of 10 points with five tiles left is nearly won, the same lead with sixty
left is not. What the game may still bring is roughly a sum of one
swing a tile, so its spread grows with the tiles left; the chance is
taken as logistic in the lead, with a scale (in points) whose square grows
linearly with the tiles left::

    chance = 1 / (1 + exp(-lead / scale)),  scale = sqrt(BASE + PER_TILE x left)

``BASE`` and ``PER_TILE`` were fitted by least log-loss on 46 reviewed
games of ``hard`` against itself (``benchmarks/analysis.py calibration``
and ``fit``; docs/analysis.md has the figures and how well the chances
agree with the games' results): about 16 points with 70 tiles to come, 6
with 10, and none with the last tile in hand, whose value is the final
difference itself. With more than two players no chance is given:
a margin over the best rival does not say who else may win.
"""

from __future__ import annotations

import math

from carcassonne.engine import Game

#: The scale's square with nothing left to draw, in points squared.
BASE = 0.0
#: What each tile left adds to the scale's square.
PER_TILE = 3.5


def win_chance(lead: float, left: int, base: float = BASE, per_tile: float = PER_TILE) -> float:
    """The mover's chance of winning with an expected final lead of ``lead``
    points and ``left`` tiles still to be drawn (a tie counts half; an
    exactly known lead of 0 gives one half)."""
    scale = math.sqrt(base + per_tile * max(0, left))
    if scale == 0:
        return 1.0 if lead > 0 else 0.0 if lead < 0 else 0.5
    return 1 / (1 + math.exp(-max(-500.0, min(500.0, lead / scale))))


def to_come(game: Game) -> int:
    """How many tiles are still to come after the current decision's: the
    stack, and the tiles in hand (the ``hand`` and ``draw_ahead`` variants)
    but the one being placed."""
    held = sum(len(game.hand(seat)) for seat in range(len(game.players)))
    return game.stack_size + max(0, held - 1)
