"""The draw order, kept private: dealt again, fixed, or forgotten.

The order of the tiles still to be drawn is the one secret of a game that
no seat may know (docs/rules.md: the stack is shuffled face down). A
:class:`~carcassonne.engine.game.Game` keeps it in a private list; nothing
public reads it, and only a record (docs/formats.md, written once the game
is over or by the server that holds it) writes it out. The functions here
change it without showing it:

* :func:`deal_again` deals what a seat cannot see again, at random (the
  search bots' imagined futures, ``Game.determinized``);
* :func:`fix_draws` makes given tiles the next draws, and
  :func:`sort_undrawn` forgets the order of the rest: for a program that
  plays the chance of the draw itself (OpenSpiel's chance nodes), so it
  never needs to read the order.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import TYPE_CHECKING

from carcassonne.engine.errors import shown
from carcassonne.engine.setup import shuffle
from carcassonne.tiles import TILE_LIST, TILES

if TYPE_CHECKING:
    from carcassonne.engine.game import Game


def deal_again(game: Game, seat: int | None, rng: random.Random) -> None:
    """Deal again, in place, what ``seat`` cannot see: the order of the rest
    of the stack and, in the hand variant with hidden hands, the other
    players' hands (same sizes). The deal depends on what is hidden, never
    on its real order. Once hands are dealt again the game no longer follows
    the deal of its stack, so it has no record (see ``record_of``)."""
    hidden = [p for p in range(game._n) if p != seat] if (
        game.options.hand > 1 and not game.options.hands_public) else []
    pool = game._stack[game._draw:]
    for p in hidden:
        pool.extend(game._hands[p])
    pool.sort()  # the deal depends on what is hidden, never on its real order
    shuffle(rng, pool)
    for p in hidden:
        size = len(game._hands[p])
        game._hands[p] = pool[:size]
        del pool[:size]
    game._stack = game._stack[:game._draw] + pool
    if hidden:
        game._dealt_again = True
    game._version += 1


def fix_draws(game: Game, tiles: Iterable[object]) -> None:
    """Make ``tiles`` (ids or catalogue indexes) the next draws of ``game``,
    in that order, ahead of the rest of the stack, which keeps its order.
    Each must be one of the tiles left to draw; a ``ValueError`` says which
    is not (and ``game`` is unchanged)."""
    rest = game._stack[game._draw:]
    chosen: list[int] = []
    for tile in tiles:
        index = _index(tile)
        if index not in rest:
            raise ValueError(f"{shown(tile)} is not a tile left to draw")
        rest.remove(index)
        chosen.append(index)
    game._stack = game._stack[:game._draw] + chosen + rest
    game._version += 1


def sort_undrawn(game: Game) -> None:
    """Put the tiles left to draw in catalogue order, forgetting their order."""
    game._stack = game._stack[:game._draw] + sorted(game._stack[game._draw:])
    game._version += 1


def _index(tile: object) -> int:
    if type(tile) is int and 0 <= tile < len(TILE_LIST):
        return tile
    if isinstance(tile, str) and tile in TILES:
        return TILES[tile].index
    raise ValueError(f"{shown(tile)} is no tile id or index")
