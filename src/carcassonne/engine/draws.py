"""The draw order, kept private: dealt again, fixed, or forgotten.

The order of the tiles still to be drawn is the one secret of a game that
no seat may know (docs/rules.md: the stack is shuffled face down). A game's
:class:`~carcassonne.engine.position.Position` keeps it in a private list;
nothing public reads it, and only a record (docs/formats.md, written once
the game is over or by the server that holds it) writes it out. The
functions here, the only code besides the position's own draws that
touches it, change it without showing it:

* :func:`deal_again` deals what a seat cannot see again, at random (the
  search bots' imagined futures, ``Game.determinized``);
* :func:`fix_draws` makes given tiles the next draws, and
  :func:`sort_undrawn` forgets the order of the rest: for a program that
  plays the chance of the draw itself (OpenSpiel's chance nodes), so it
  never needs to read the order;
* :func:`outcomes` lists what the next draw may be, each with its
  probability: the chance node's outcomes, as the chance player sees them
  (it knows what is left in the stack, which no seat does when hands are
  hidden).

The public face of these is on the game: ``Game.chance_outcomes()``,
``Game.fix_draws()``, ``Game.sort_undrawn()``, ``Game.determinized()`` and
``Game.resample_hidden()``. Each function takes a game's position
(``game.position()``) or, for the older callers, the game itself.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from carcassonne.engine.errors import shown
from carcassonne.engine.position import Position
from carcassonne.engine.setup import tile_index
from carcassonne.tiles import TILE_LIST, TILES


def _position(game: object) -> Position:
    """The position of ``game`` (a Game or its Position)."""
    if isinstance(game, Position):
        return game
    position = getattr(game, "position", None)
    if position is None:
        raise TypeError(f"a game or its position, not {shown(game)}")
    found: object = position()
    assert isinstance(found, Position)
    return found


def deal_again(game: object, seat: int | None, rng: random.Random) -> None:
    """Deal again, in place, what ``seat`` cannot see: the order of the rest
    of the stack and, in the hand variant with hidden hands, the other
    players' hands (same sizes). The deal depends on what is hidden, never
    on its real order. Once hands are dealt again the game no longer follows
    the deal of its stack, so it has no record (see ``record_of``)."""
    _position(game).deal_again(seat, rng)


def fix_draws(game: object, tiles: Iterable[object]) -> None:
    """Make ``tiles`` (ids or catalogue indexes) the next draws of ``game``,
    in that order, ahead of the rest of the stack, which keeps its order.
    Each must be one of the tiles left to draw, and the first one a tile
    that may be drawn now (one of :func:`outcomes`: not a dragon-symbol tile
    held back, ``PD-REC``); a ``ValueError`` says which is not (and
    ``game`` is unchanged)."""
    position = _position(game)
    tiles = list(tiles)
    if tiles and position.drawers:
        first = tile_index(tiles[0])  # (a ValueError when it is no tile)
        if TILE_LIST[first].id not in dict(outcomes(position)):
            raise ValueError(f"{TILE_LIST[first].id} may not be drawn now (PD-REC: a "
                             f"dragon-symbol tile waits while the dragon is off the board)")
    position.fix_draws(tiles)


def sort_undrawn(game: object) -> None:
    """Put the tiles left to draw in catalogue order, forgetting their order."""
    _position(game).sort_undrawn()


def outcomes(game: object) -> list[tuple[str, float]]:
    """The next draw's outcomes: each tile id left in the stack with its
    probability (see :meth:`Position.draw_outcomes`), among the tiles that
    may be drawn now if there are any (``PD-REC``: dragon-symbol tiles wait
    while the dragon is off the board, with the board as it is now)."""
    position = _position(game)
    found = position.draw_outcomes()
    if not position.drawers:
        return found
    kept = [(tile, p) for tile, p in found
            if all(e.drawable(position, TILES[tile].index) for e in position.drawers)]
    if not kept or len(kept) == len(found):
        return found
    total = sum(p for _, p in kept)
    return [(tile, p / total) for tile, p in kept]
