"""The board's static planes over a window, kept as bytes from move to move.

An observation shows the board through a square window that follows the
board's centre. What a placed square shows never changes, so the window is
drawn square by square as moves are played (:func:`~carcassonne.encoding.
buffers.draw_squares`), shifted in place when the board's centre moves,
and drawn again from every square only when a shift would lose or gain
placed squares. Each seat's kept observation follows it the same way
(:meth:`BoardWindow.mirror`)::

    >>> window = BoardWindow(side=3, first=True, depth=2, statics=1)
    >>> xs, ys, rows = [0], [0], [b"\\x01"]
    >>> window.follow(-1, -1, xs, ys, rows, (0, 0, 0, 0))
    >>> list(window.buffer[:9])   # plane 0: the placed square, in the middle
    [0, 0, 0, 0, 1, 0, 0, 0, 0]
    >>> list(window.buffer[9:])   # plane 1: the open squares beside it
    [0, 1, 0, 1, 0, 1, 0, 1, 0]
"""

from __future__ import annotations

from carcassonne.encoding.buffers import SeatBuffers, draw_squares


class BoardWindow:
    """The ``side`` x ``side`` squares from ``(left, top)``: per square
    ``depth`` bytes, the first ``statics`` planes a placed square's static
    planes, the next the ``open`` plane (an empty square beside a placed one,
    inside the window), the rest zero. Laid out planes first (``first``:
    plane, row, column) or last (row, column, plane)."""

    def __init__(self, side: int, first: bool, depth: int, statics: int) -> None:
        self.side, self.first, self.depth = side, first, depth
        #: Flat index steps: of a plane, and of a square (row * side + column).
        self.plane, self.cell = (side * side, 1) if first else (1, depth)
        #: Where the ``open`` plane starts.
        self.opened = statics * self.plane
        self.buffer = bytearray(side * side * depth)
        self.left = 0
        self.top = 0
        #: How many of the board's squares are drawn.
        self.drawn = 0
        #: How many times the window moved (shifted, or cleared to be drawn again).
        self.moves = 0

    def follow(self, left: int, top: int, xs: list[int], ys: list[int], rows: list[bytes],
               box: tuple[int, int, int, int]) -> None:
        """Bring the window up to date with the board's squares (square
        ``i`` at ``(xs[i], ys[i])`` showing ``rows[i]``, nonzero in plane
        0; ``box`` is their bounding box) for its corner at ``(left, top)``."""
        if self.moves == 0 or left != self.left or top != self.top:
            self._move(left, top, box)
        if self.drawn < len(xs):
            draw_squares(self.buffer, self.drawn, xs, ys, rows, self.left, self.top,
                         self.side, self.plane, self.cell, self.opened)
            self.drawn = len(xs)

    def _move(self, left: int, top: int, box: tuple[int, int, int, int]) -> None:
        """Move the corner to ``(left, top)``. When the squares drawn and the
        open squares around them (inside ``box`` grown by one) lie inside
        both windows (the usual case: the window follows the board's
        centre), the bytes are shifted; otherwise the window is cleared, to
        be drawn again from every square."""
        side, ax, ay = self.side, self.left, self.top
        x0, y0, x1, y1 = box
        buffer = self.buffer
        n = len(buffer)
        if (self.moves and max(ax, left) < x0 and x1 + 1 < min(ax, left) + side
                and max(ay, top) < y0 and y1 + 1 < min(ay, top) + side):
            # Every nonzero byte lies in the overlap of the two windows, so one
            # flat move of the bytes, offset by the window's, puts each where it
            # belongs: what it carries across a row's (or a plane's) end is
            # zeros from outside the overlap, and so is what it leaves behind.
            # (Through a memoryview the runs, which overlap, are moved in place
            # by one memmove; a bytearray's slice would first be copied.)
            offset = ((top - ay) * side + (left - ax)) * self.cell
            view = memoryview(buffer)
            if offset > 0:
                view[0:n - offset] = view[offset:n]
                buffer[n - offset:n] = bytes(offset)
            elif offset < 0:
                view[-offset:n] = view[0:n + offset]
                buffer[0:-offset] = bytes(-offset)
            view.release()
        else:
            buffer[0:n] = bytes(n)
            self.drawn = 0
        self.left, self.top = left, top
        self.moves += 1

    def mirror(self, seat: SeatBuffers, xs: list[int], ys: list[int], rows: list[bytes]) -> None:
        """Bring the board part of ``seat``'s planes up to date with this
        window (itself up to date): the squares drawn since the seat last
        looked are drawn there too, and after the window moved (or for
        another window) its bytes are copied whole. Drawn in one go or move
        by move, squares give the same bytes: a square is open when it lies
        beside a placed one and is empty, whenever that was found."""
        if seat.window is not self or seat.moves != self.moves:
            seat.copy_board(self.buffer)
            seat.window = self
            seat.moves = self.moves
        elif seat.drawn < self.drawn:
            draw_squares(seat.planes, seat.drawn, xs, ys, rows, self.left, self.top,
                         self.side, self.plane, self.cell, self.opened)
        seat.drawn = self.drawn
