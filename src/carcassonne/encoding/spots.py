"""The board's open spots in row order, with their keys, kept move by move.

The engine keeps its open spots grouped by key (``engine.board``: where
may this tile go?). An environment numbers placements row by row of its
window (``layout.ActionLayout``), so it keeps the same spots in that order,
each as one int::

    (y * ROW + x) << 8 | key

which sorts by row ``y``, then column ``x`` (``ROW`` exceeds twice any
column's distance from the start tile), and carries the spot's key (what
its neighbours demand, ``engine.board``) in its low byte. A placed square
changes only itself (no longer open) and its four neighbours, so
:class:`OpenSpots` reads just those again from the engine after each
placement::

    >>> from carcassonne import Game
    >>> game = Game.new(players=2, seed=1)
    >>> spots = OpenSpots()
    >>> spots.sync(game.position().board.spots, [0], [0])  # the start tile's neighbours
    >>> [spot_square(item) for item in spots.items]
    [(0, -1), (-1, 0), (1, 0), (0, 1)]
"""

from __future__ import annotations

from typing import Final

from carcassonne.engine.board import _index
from carcassonne.tiles.geometry import STRIDE

# The constants are written out: compiled, a literal is inlined (here and
# where it is imported) where a computed one is looked up at each use.
#: The row step of an item: more than twice any column's distance from 0;
#: an item's row unpacked by shifts and masks (``spot_square``).
ROW: Final = 4096
ROW_SHIFT: Final = 12
ROW_MASK: Final = 4095
HALF: Final = 2048
#: The engine's packed squares: ``x * _STRIDE + y`` (``geometry.pack``).
_STRIDE: Final = 4096
#: An item's key bits (keys are below 256: ``engine.board.NKEYS``), and their mask.
KEY_BITS: Final = 8
KEY_MASK: Final = 255
assert ROW == STRIDE == _STRIDE == 1 << ROW_SHIFT == ROW_MASK + 1 == 2 * HALF
assert KEY_MASK == (1 << KEY_BITS) - 1


def spot_item(x: int, y: int, key: int) -> int:
    """The item of the open spot ``(x, y)`` with ``key``."""
    return (y * ROW + x) << KEY_BITS | key


def spot_square(item: int) -> tuple[int, int]:
    """The square ``(x, y)`` of an item."""
    row = item >> KEY_BITS
    x = ((row + HALF) & ROW_MASK) - HALF
    return x, (row - x) >> ROW_SHIFT


class OpenSpots:
    """The open spots of one game's board as increasing items (see the
    module docstring), brought up to date by :meth:`sync` from the squares
    placed since the last call."""

    def __init__(self) -> None:
        #: The spots' items, increasing: row by row, west to east.
        self.items: list[int] = []
        #: How many of the placed squares given to :meth:`sync` are read.
        self.seen = 0

    @staticmethod
    def of(spots: dict[int, int]) -> OpenSpots:
        """The open spots of a board as they are now (the engine's
        ``board.spots``: packed square -> key), made from scratch."""
        out = OpenSpots()
        items = out.items
        for pos, key in spots.items():
            x = (pos + HALF) // _STRIDE  # (geometry.unpack, inline)
            items.append(spot_item(x, pos - x * _STRIDE, key))
        items.sort()
        return out

    def sync(self, spots: dict[int, int], xs: list[int], ys: list[int]) -> None:
        """Bring the items up to date with the engine board's ``spots``
        (packed square -> key) after squares were placed: ``xs[i]``,
        ``ys[i]`` for ``i`` from :attr:`seen` on (every square placed since
        the last call, in any order, and then none other).

        A placed square is no longer open; a neighbour that is open now
        (it has a key) gets its key, whether it was open already or not; a
        neighbour without a key is placed or beside nothing, and was no
        spot before either. The west and east neighbours lie right before
        and after the placed square's place in the list."""
        items = self.items
        for i in range(self.seen, len(xs)):
            x, y = xs[i], ys[i]
            row = y * ROW + x
            at = _index(items, row << KEY_BITS)
            if at < len(items) and items[at] >> KEY_BITS == row:
                del items[at]
            key = spots.get((x - 1) * _STRIDE + y, 0)
            if key:
                if at > 0 and items[at - 1] >> KEY_BITS == row - 1:
                    items[at - 1] = (row - 1) << KEY_BITS | key
                else:
                    items.insert(at, (row - 1) << KEY_BITS | key)
                    at += 1
            key = spots.get((x + 1) * _STRIDE + y, 0)
            if key:
                if at < len(items) and items[at] >> KEY_BITS == row + 1:
                    items[at] = (row + 1) << KEY_BITS | key
                else:
                    items.insert(at, (row + 1) << KEY_BITS | key)
            self._read(spots, x, y - 1)
            self._read(spots, x, y + 1)
        self.seen = len(xs)

    def _read(self, spots: dict[int, int], x: int, y: int) -> None:
        """Give the open spot ``(x, y)`` its key, if it has one now."""
        key = spots.get(x * _STRIDE + y, 0)
        if not key:
            return
        items = self.items
        low = (y * ROW + x) << KEY_BITS
        i = _index(items, low)
        if i < len(items) and items[i] >> KEY_BITS == low >> KEY_BITS:
            items[i] = low | key
        else:
            items.insert(i, low | key)
