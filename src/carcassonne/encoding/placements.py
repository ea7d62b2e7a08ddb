"""Legal placements numbered in a square window of the board."""

from __future__ import annotations

from typing import Final

from carcassonne.engine.board import FITS
from carcassonne.engine.legal import LegalMoves
from carcassonne.tiles.geometry import HALF_STRIDE, STRIDE

#: The code of a placement outside the window.
OUTSIDE: Final = -1
#: Packed squares (``geometry.pack``) unpacked by shifts: ``STRIDE`` is ``1 << _SHIFT``.
_SHIFT: Final = 12
assert STRIDE == 1 << _SHIFT


def place_codes(legal: LegalMoves, left: int, top: int, width: int) -> list[int]:
    """Each placement of ``legal.placements()``, in that order, as
    ``((slot * width + y - top) * width + x - left) * 4 + quarter``: ``slot``
    is the tile's first index in ``game.tiles_to_place``, ``(x, y)`` its
    square, ``quarter`` its rotation in quarter turns, and the window the
    ``width`` x ``width`` squares from ``(left, top)``. A placement outside
    the window has the code :data:`OUTSIDE`.

    One pass over the engine's blocks of placements (as
    ``LegalMoves._blocks`` lists them, read here without making the list),
    making no move objects: the hot loop of an environment's every decision::

        >>> from carcassonne import Game
        >>> game = Game.new(players=2, seed=1)
        >>> legal = game.legal_moves()
        >>> codes = place_codes(legal, -5, -5, 10)
        >>> move = legal.placements()[0]
        >>> (x, y), q = move.at, move.rotation // 90
        >>> codes[0] == ((y + 5) * 10 + x + 5) * 4 + q
        True
    """
    game = legal._fresh()
    hand = game._hands[game._current]
    groups = game._board.groups
    tiles, keys = legal._tiles, legal._keys
    out: list[int] = []
    area = width * width
    right, bottom = left + width, top + width
    for b in range(len(tiles)):
        tile, key = tiles[b], keys[b]
        quarters: tuple[int, ...] = FITS[tile][key]
        base = hand.index(tile) * area - top * width - left
        for pos in groups[key]:
            x = (pos + HALF_STRIDE) >> _SHIFT  # (geometry.unpack, inline)
            y = pos - (x << _SHIFT)
            if left <= x < right and top <= y < bottom:
                square = (base + y * width + x) << 2
                for q in quarters:
                    out.append(square + q)
            else:
                for _ in quarters:
                    out.append(OUTSIDE)
    return out


def placement_cells(actions: list[int], count: int, width: int, first: int, plane: int,
                    row: int, col: int, out: list[int]) -> None:
    """Append to ``out`` a cell of a window of planes per placement action in
    ``actions`` (codes as :func:`place_codes` makes them, increasing; actions
    from ``count`` on, the blocks after the placements, are skipped): the
    plane ``first + slot * 4 + quarter`` at the placement's square, addressed
    as ``plane_index * plane + dy * row + dx * col``, where a row of cells
    follows the one before (``row == width * col``, as in both layouts of
    the planes). One placement code, one cell, computed without a table or a
    division::

        >>> out: list[int] = []
        >>> placement_cells([((1 * 10 + 2) * 10 + 3) * 4 + 1, 9999], 1200, 10, 5, 100, 10, 1, out)
        >>> out == [(5 + 1 * 4 + 1) * 100 + 2 * 10 + 3]
        True
    """
    assert row == width * col, "a window row of cells must follow the row before"
    area = width * width
    slot = start = 0  # the tile's slot, and the first square of its block
    for action in actions:
        if action >= count:
            break  # (increasing: the blocks after the placements come last)
        square = action >> 2
        while square >= start + area:  # (no division: the slots come in order)
            start += area
            slot += 1
        out.append((first + slot * 4 + (action & 3)) * plane + (square - start) * col)
