"""Observation arrays written as bytes, for numpy to wrap without a copy.

An environment's observation is mostly zeros with a few ones written
through flat indexes. Each numpy call costs about a microsecond whatever it
does; written here, compiled code keeps each seat's observation as bytes (a
``bytearray``, or an ``array("f")`` for floats), brings it up to date in
place (:class:`SeatBuffers`), and ``numpy.frombuffer`` turns each buffer
into an array sharing its memory::

    >>> list(mask_buffer(5, [1, 3]))
    [0, 1, 0, 1, 0]

(The lists of indexes are typed ``list[Any]`` on purpose: compiled, an index
then goes from the list to the buffer as the object it is, where an ``int``
would be unboxed and boxed again, which takes twice the time.)
"""

from __future__ import annotations

from array import array
from sys import getrefcount
from typing import Any, Final

from carcassonne.encoding.ints import ints

#: No cells (shared, never changed).
_NONE: Final[list[Any]] = []


def mask_buffer(size: int, allowed: list[Any]) -> bytearray:
    """``size`` zero bytes with 1 at each index of ``allowed``: an action mask."""
    out = bytearray(size)
    for action in allowed:
        out[action] = 1
    return out


def draw_squares(out: bytearray, first: int, xs: list[int], ys: list[int], rows: list[bytes],
                 left: int, top: int, side: int, plane: int, cell: int, opened: int) -> None:
    """Draw the board's squares ``first`` on into a kept window of planes.

    Square ``i`` lies at ``(xs[i], ys[i])`` and ``rows[i]`` holds its static
    planes' values, one byte per plane. The window is the ``side`` x
    ``side`` squares from ``(left, top)``; a plane's value at window row
    ``r``, column ``c`` is at ``p * plane + (r * side + c) * cell``, and the
    ``open`` plane starts at ``opened``. Squares outside the window are
    skipped; a drawn square is no longer open, and its empty neighbours
    inside the window are. Plane 0 (``tile``) is nonzero on every square
    drawn: a neighbour is empty when it is zero there (one drawn later in
    the same call clears its own ``open``). The squares drawn must be empty
    in ``out`` (zero in every static plane), and so every square not yet
    drawn."""
    cells = ints(len(out))
    n = len(cells)  # (cells past the shared table's end are made as they come)
    for i in range(first, len(xs)):
        x, y = xs[i], ys[i]
        c, r = x - left, y - top
        if not (0 <= c < side and 0 <= r < side):
            continue
        at = (r * side + c) * cell
        row = rows[i]
        for p in range(len(row)):
            value = row[p]
            if value:
                k = at + p * plane
                out[cells[k] if k < n else k] = value
        k = opened + at
        out[cells[k] if k < n else k] = 0
        row_step = side * cell
        # Each empty neighbour inside the window: ``tile`` is zero there.
        if r > 0:
            _open(out, cells, n, at - row_step, opened)
        if r + 1 < side:
            _open(out, cells, n, at + row_step, opened)
        if c > 0:
            _open(out, cells, n, at - cell, opened)
        if c + 1 < side:
            _open(out, cells, n, at + cell, opened)


def _open(out: bytearray, cells: list[Any], n: int, at: int, opened: int) -> None:
    """Set ``open`` at square ``at`` if nothing is drawn there (``tile``
    is zero), with the index objects of ``cells`` below ``n``."""
    if out[cells[at] if at < n else at] == 0:
        k = opened + at
        out[cells[k] if k < n else k] = 1


class SeatBuffers:
    """One seat's observation, kept from step to step and brought up to
    date in place: ``planes`` (the board's window and the seat's cells on
    top), ``vector`` and ``mask``.

    A new observation writes only what changed: the board part follows a
    kept board window (:meth:`copy_board` after the window moved, otherwise
    the new squares are drawn by the caller); the cells of the last
    observation are cleared before the new ones are set, and so are the
    mask's allowed actions::

        >>> seat = SeatBuffers(6, 2, 4)
        >>> seat.copy_board(bytearray(b"\\x07\\x08"))
        >>> seat.update([3, 4, 4], [], True, [1], array("f", [0.5, 0.0]), [1], [2.0])
        >>> list(seat.planes), list(seat.mask), list(seat.vector)
        ([7, 8, 0, 1, 2, 0], [0, 1, 0, 0], [0.5, 2.0])
        >>> seat.update([], [5], False, [0, 3], array("f", [0.5, 0.0]), [], [])
        >>> list(seat.planes), list(seat.mask), list(seat.vector)
        ([7, 8, 0, 0, 0, 1], [1, 0, 0, 1], [0.5, 0.0])
    """

    def __init__(self, planes: int, vector: int, mask: int) -> None:
        self.planes = bytearray(planes)
        self.vector = array("f", bytes(4 * vector))
        #: ``vector`` seen through a memoryview (its float writes cost half an array's).
        self.floats: Any = memoryview(self.vector)
        self.mask = bytearray(mask)
        #: The cells set on top of the board (the figures', the legal
        #: placements', the choice's), and the mask's ones.
        self.figures: list[Any] = []
        self.legal: list[Any] = []
        self.extra: list[Any] = []
        self.actions: list[Any] = []
        #: The board window followed (any object the caller compares), how
        #: many times it had moved, and how many of its squares are drawn.
        self.window: object = None
        self.moves = 0
        self.drawn = 0
        #: What its holder watches to know when nothing else refers to this
        #: memory (:func:`free_index`): objects, and the sum of their
        #: reference counts (:func:`holders`) when only the holder has them.
        self.watched: tuple[Any, ...] = ()
        self.alone = 0
        #: What an observation written here returns (numpy arrays sharing
        #: these bytes, set by the observer: ``memories.SeatMemories``).
        self.views: tuple[Any, ...] = ()

    def copy(self) -> SeatBuffers:
        """Another seat's buffers holding the same observation, and knowing
        what these know of it (the next :meth:`update` of either writes only
        what changed)::

            >>> seat = SeatBuffers(3, 1, 2)
            >>> seat.update([1], [], False, [0], array("f", [0.5]), [], [])
            >>> other = seat.copy()
            >>> other.update([2], [], False, [1], array("f", [0.5]), [], [])
            >>> list(seat.planes), list(other.planes), list(other.mask)
            ([0, 1, 0], [0, 0, 1], [0, 1])
        """
        out = SeatBuffers(0, 0, 0)
        out.planes = bytearray(self.planes)
        out.vector = array("f", self.vector)
        out.floats = memoryview(out.vector)
        out.mask = bytearray(self.mask)
        out.figures, out.legal, out.extra = self.figures, self.legal, self.extra
        out.actions = self.actions
        out.window, out.moves, out.drawn = self.window, self.moves, self.drawn
        return out

    def copy_board(self, kept: bytearray) -> None:
        """Copy the board's kept window over the start of the planes (if
        it covers them all, no cell of the last observation is left)."""
        self.planes[0:len(kept)] = kept
        if len(kept) == len(self.planes):
            self.figures = []
            self.legal = []
            self.extra = []

    def update(self, figures: list[Any], legal: list[Any], counted: bool, actions: list[Any],
               start: array[float], where: list[Any], values: list[Any],
               extra: list[Any] = _NONE) -> None:
        """Replace the last observation's cells by ``figures``, ``legal``
        and ``extra`` (set to 1, or the figures' and extra ones, if
        ``counted``, raised by 1 each time listed) and its mask by
        ``actions`` (increasing); the vector becomes ``start`` with
        ``values[i]`` at ``where[i]``. A list given last time (the same
        object: the position's, when only the choice so far changed, or
        figures that did not move) is not written again; the three lists
        must lie apart from each other."""
        planes = self.planes
        for cell in self.extra:
            planes[cell] = 0
        if figures is not self.figures:
            for cell in self.figures:
                planes[cell] = 0
            _set_cells(planes, figures, counted)
            self.figures = figures
        if legal is not self.legal:
            for cell in self.legal:
                planes[cell] = 0
            for cell in legal:
                planes[cell] = 1
            self.legal = legal
        _set_cells(planes, extra, counted)
        self.extra = extra
        if actions is not self.actions:
            mask = self.mask
            _clear(mask, self.actions)
            for action in actions:
                mask[action] = 1
            self.actions = actions
        self.vector[0:len(start)] = start
        floats = self.floats
        for i in range(len(where)):
            floats[where[i]] = values[i]


def _clear(mask: bytearray, actions: list[Any]) -> None:
    """Zero ``mask`` at ``actions`` (increasing): one run of zeros copied
    over the span they lie in when that is short (placements lie close
    together: a few rows of the window), else one by one."""
    n = len(actions)
    if n > 8:
        first: int = actions[0]
        span = actions[n - 1] - first + 1
        if span <= 32 * n:
            mask[first:first + span] = bytes(span)
            return
    for action in actions:
        mask[action] = 0


def _set_cells(planes: bytearray, cells: list[Any], counted: bool) -> None:
    """Set ``cells`` to 1, or, if ``counted``, raise each by 1 per listing."""
    if counted:
        for cell in cells:
            planes[cell] += 1
    else:
        for cell in cells:
            planes[cell] = 1


def holders(buffers: SeatBuffers) -> int:
    """The sum of the reference counts of ``buffers.watched``: no more than
    when it was measured (``buffers.alone``) exactly when nothing new
    refers to any of them (no count can fall below what its holder keeps)."""
    total = 0
    for item in buffers.watched:
        total += getrefcount(item)
    return total


def free_index(pool: list[SeatBuffers]) -> int:
    """The first of ``pool`` whose watched objects nothing new refers to
    (:func:`holders`), or -1: memory that may be written again.
    One compiled call for the observer's every observation::

        >>> a, b = SeatBuffers(1, 1, 1), SeatBuffers(1, 1, 1)
        >>> for seat in (a, b):
        ...     seat.watched = (bytearray(1),)
        ...     seat.alone = holders(seat)
        >>> held = a.watched[0]
        >>> free_index([a, b]), free_index([a])
        (1, -1)
    """
    for i in range(len(pool)):
        buffers = pool[i]
        if holders(buffers) == buffers.alone:
            return i
    return -1
