"""Legal placements numbered in a square window of the board."""

from __future__ import annotations

from typing import Any, Final

from carcassonne.encoding.ints import LIMIT, ints
from carcassonne.encoding.layout import ActionLayout
from carcassonne.encoding.spots import HALF, KEY_BITS, KEY_MASK, ROW_MASK, ROW_SHIFT, OpenSpots
from carcassonne.engine.board import ALL_FITS
from carcassonne.engine.game import Game
from carcassonne.engine.legal import own_placements
from carcassonne.tiles import TILE_LIST
from carcassonne.tiles.geometry import unpack


def _canonical_bits() -> list[int]:
    bits = []
    for tile in TILE_LIST:
        bits.append(sum(1 << q for q, turned in enumerate(tile.turned)
                        if turned.canonical == 90 * q))
    return bits


#: Per tile, the quarter turns listed for it (``1 << quarter``): a tile whose
#: turns look alike is listed at the smallest (``board.FITS``), so the turns
#: that fit a key are ``ALL_FITS[tile][key] & _CANONICAL[tile]``.
_CANONICAL: Final = _canonical_bits()


def place_actions(game: Game, spots: OpenSpots, left: int, top: int,
                  width: int) -> list[int] | None:
    """The first action of every placement of ``game.legal_moves()`` (a
    position placing land tiles), increasing:
    ``((slot * width + y - top) * width + x - left) * 4 + quarter``, where
    ``slot`` is the tile's first index in ``game.tiles_to_place``, ``(x, y)``
    its square, ``quarter`` its rotation in quarter turns, and the window the
    ``width`` x ``width`` squares from ``(left, top)``. None when some
    placement lies outside the window. ``spots``: the board's open spots,
    in step with the game (:class:`~carcassonne.encoding.spots.OpenSpots`).

    The hot loop of an environment's every decision, making no move object:
    the legal placements are each tile of the hand (once) on each open spot
    whose key it fits (``engine.legal.LegalMoves``), in each quarter turn
    that fits and is listed (``board.FITS``); the spots come row by row, so
    the actions come out in order, each an int made beforehand::

        >>> from carcassonne import Game
        >>> game = Game.new(players=2, seed=1)
        >>> actions = place_actions(game, OpenSpots.of(game.position().board.spots), -5, -5, 10)
        >>> expected = []
        >>> for move in game.legal_moves().placements():
        ...     (x, y), q = move.at, move.rotation // 90
        ...     expected.append(((y + 5) * 10 + x + 5) * 4 + q)
        >>> actions == sorted(expected)
        True
        >>> place_actions(game, OpenSpots.of(game.position().board.spots), 5, 5, 10) is None
        True
    """
    out: list[Any] = []
    position = game.position()
    if position.over:
        return out
    hand = position.hands[position.current]
    items = spots.items
    area = width * width
    need = len(hand) * area * 4
    # (a window too large for the shared table: its own, made for this call)
    table = ints(need) if need <= LIMIT else list(range(need))
    placers = position.placers
    mixed = False
    for slot in range(len(hand)):
        tile = hand[slot]
        if _listed_before(hand, slot):
            continue
        own = own_placements(position, tile) if placers else None
        if own is not None:  # a river tile (RIVER-PLACE-1): the set's own list
            for pos, quarter in own:
                x, y = unpack(pos)
                dx, dy = x - left, y - top
                if not (0 <= dx < width and 0 <= dy < width):
                    return None
                out.append(table[((slot * area + dy * width + dx) << 2) + quarter])
            mixed = True
            continue
        turns = _CANONICAL[tile]
        fits = ALL_FITS[tile]
        base = slot * area
        for item in items:
            bits = fits[item & KEY_MASK] & turns
            if not bits:
                continue
            row = item >> KEY_BITS
            x = ((row + HALF) & ROW_MASK) - HALF  # (spots.spot_square, inline)
            y = (row - x) >> ROW_SHIFT
            dx, dy = x - left, y - top
            if not (0 <= dx < width and 0 <= dy < width):
                return None
            square = (base + dy * width + dx) << 2
            if bits & 1:
                out.append(table[square])
            if bits & 2:
                out.append(table[square + 1])
            if bits & 4:
                out.append(table[square + 2])
            if bits & 8:
                out.append(table[square + 3])
    if mixed:
        out.sort()
    return out


def _listed_before(hand: list[int], slot: int) -> bool:
    """Whether the tile of ``slot`` is in the hand before it (a tile's
    placements are listed once, at its first slot)."""
    tile = hand[slot]
    for i in range(slot):  # noqa: SIM110 (compiled: a loop makes no generator)
        if hand[i] == tile:
            return True
    return False


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
