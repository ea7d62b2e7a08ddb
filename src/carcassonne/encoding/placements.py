"""Legal placements numbered in a square window of the board."""

from __future__ import annotations

from typing import Any, Final

from carcassonne.encoding.layout import ActionLayout
from carcassonne.engine.board import ALL_FITS
from carcassonne.engine.legal import LegalMoves
from carcassonne.tiles import TILE_LIST
from carcassonne.tiles.geometry import HALF_STRIDE, STRIDE

#: Packed squares (``geometry.pack``) unpacked by shifts: ``STRIDE`` is ``1 << _SHIFT``.
_SHIFT: Final = 12
assert STRIDE == 1 << _SHIFT


def _canonical_bits() -> list[int]:
    bits = []
    for tile in TILE_LIST:
        bits.append(sum(1 << q for q, turned in enumerate(tile.turned)
                        if turned.canonical == 90 * q))
    return bits


#: The ints ``0, 1, 2, ...`` as objects, made once: an action taken from
#: here is listed without making an int object (compiled, appending an
#: ``int`` to a list makes one, unless it is small; a decision lists dozens).
_INTS: list[Any] = []


def _ints(size: int) -> list[Any]:
    """:data:`_INTS`, grown to hold at least ``size`` ints."""
    if len(_INTS) < size:
        _INTS.extend(range(len(_INTS), size))
    return _INTS


#: Per tile, the quarter turns listed for it (``1 << quarter``): a tile whose
#: turns look alike is listed at the smallest (``board.FITS``), so the turns
#: that fit a key are ``ALL_FITS[tile][key] & _CANONICAL[tile]``.
_CANONICAL: Final = _canonical_bits()


def place_actions(legal: LegalMoves, left: int, top: int, width: int) -> list[int] | None:
    """The first action of every placement of ``legal``, increasing:
    ``((slot * width + y - top) * width + x - left) * 4 + quarter``, where
    ``slot`` is the tile's first index in ``game.tiles_to_place``, ``(x, y)``
    its square, ``quarter`` its rotation in quarter turns, and the window the
    ``width`` x ``width`` squares from ``(left, top)``. None when some
    placement lies outside the window.

    One pass over the engine's blocks of placements (as
    ``LegalMoves._blocks`` lists them, read here without making the list),
    making no move objects: the hot loop of an environment's every decision.
    A block is a tile and the open spots of one key, each taking the same
    quarter turns, and a spot has one key: so each slot and square comes
    once, and is kept as one int, its action without the quarter, shifted
    left by 4, with the bits of its quarter turns below. Sorting those
    sorts the actions (the quarter is their lowest part), with a third fewer
    items to sort than actions; each is then spelled out, turn by turn::

        >>> from carcassonne import Game
        >>> game = Game.new(players=2, seed=1)
        >>> legal = game.legal_moves()
        >>> actions = place_actions(legal, -5, -5, 10)
        >>> expected = []
        >>> for move in legal.placements():
        ...     (x, y), q = move.at, move.rotation // 90
        ...     expected.append(((y + 5) * 10 + x + 5) * 4 + q)
        >>> actions == sorted(expected)
        True
        >>> place_actions(legal, 5, 5, 10) is None  # the start tile's spots lie outside
        True
    """
    game = legal._fresh()
    hand = game._hands[game._current]
    groups = game._board.groups
    tiles, keys = legal._tiles, legal._keys
    squares: list[int] = []
    area = width * width
    right, bottom = left + width, top + width
    last = -1
    base = turns = 0
    fits: tuple[int, ...] = ()
    for b in range(len(tiles)):
        tile, key = tiles[b], keys[b]
        if tile != last:  # (a tile's blocks come together)
            last = tile
            base = hand.index(tile) * area - top * width - left
            turns = _CANONICAL[tile]
            fits = ALL_FITS[tile]
        bits = fits[key] & turns
        for pos in groups[key]:
            x = (pos + HALF_STRIDE) >> _SHIFT  # (geometry.unpack, inline)
            y = pos - (x << _SHIFT)
            if not (left <= x < right and top <= y < bottom):
                return None
            squares.append((base + y * width + x) << 4 | bits)
    squares.sort()
    ints = _ints(len(hand) * area * 4)
    out: list[Any] = []
    for item in squares:
        square = item >> 4 << 2
        if item & 1:
            out.append(ints[square])
        if item & 2:
            out.append(ints[square + 1])
        if item & 4:
            out.append(ints[square + 2])
        if item & 8:
            out.append(ints[square + 3])
    return out


#: :func:`cell_table` as made, per layout of the actions and of the planes.
_CELL_TABLES: Final[dict[tuple[int, int, int, int, int], list[Any]]] = {}


def cell_table(layout: ActionLayout, first: int, plane: int, row: int, col: int) -> list[Any]:
    """Per placement action of ``layout`` (as :func:`place_actions` numbers
    them), its cell in a window of planes: the plane ``first + slot * 4 +
    quarter`` at the placement's square (``layout.placed``), addressed as
    ``plane_index * plane + dy * row + dx * col``. Made once per layout (and
    kept: the ints are then looked up, never made again, for every decision)::

        >>> table = cell_table(ActionLayout(10), 5, 100, 10, 1)
        >>> table[((1 * 10 + 2) * 10 + 3) * 4 + 1] == (5 + 1 * 4 + 1) * 100 + 2 * 10 + 3
        True
    """
    key = (layout.window, first, plane, row, col)
    table = _CELL_TABLES.get(key)
    if table is None:
        table = []
        for action in range(layout.place_count):
            slot, dx, dy, quarter = layout.placed(action)
            table.append((first + slot * 4 + quarter) * plane + dy * row + dx * col)
        _CELL_TABLES[key] = table
    return table


def placement_cells(actions: list[int], cells: list[Any], out: list[Any]) -> None:
    """Append to ``out`` the cell (``cells``, a :func:`cell_table`) of each
    placement action of ``actions`` (increasing; the actions from
    ``len(cells)`` on, the blocks after the placements, are skipped)::

        >>> out: list[int] = []
        >>> placement_cells([((1 * 10 + 2) * 10 + 3) * 4 + 1, 9999],
        ...                 cell_table(ActionLayout(10), 5, 100, 10, 1), out)
        >>> out == [(5 + 1 * 4 + 1) * 100 + 2 * 10 + 3]
        True
    """
    count = len(cells)
    for action in actions:
        if action >= count:
            break  # (increasing: the blocks after the placements come last)
        out.append(cells[action])
