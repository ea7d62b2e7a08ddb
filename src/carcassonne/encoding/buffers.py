"""Observation arrays written as bytes, for numpy to wrap without a copy.

An environment's observation is mostly zeros with a few ones written
through flat indexes. Each numpy call costs about a microsecond whatever it
does, and an observation took about fifteen of them; written here, one
compiled call makes the whole buffer (a ``bytearray``, or an
``array("f")`` for floats) and ``numpy.frombuffer`` turns it into an array
sharing its memory::

    >>> kept = bytearray(b"\\x05\\x06")
    >>> out = planes_buffer(kept, 6, [3, 4, 4], True)
    >>> list(out)
    [5, 6, 0, 1, 2, 0]
    >>> list(mask_buffer(5, [1, 3]))
    [0, 1, 0, 1, 0]
"""

from __future__ import annotations

from array import array


def planes_buffer(kept: bytearray, size: int, cells: list[int], counted: bool) -> bytearray:
    """A new buffer of ``size`` bytes: a copy of ``kept`` (the board's kept
    window, at most ``size`` bytes), zeros after it, and each cell in
    ``cells`` set to 1, or, if ``counted``, raised by 1 each time it is
    listed (several figures on one square of one plane)."""
    if len(kept) == size:
        out = bytearray(kept)
    else:
        out = bytearray(size)
        out[0:len(kept)] = kept
    if counted:
        for cell in cells:
            out[cell] += 1
    else:
        for cell in cells:
            out[cell] = 1
    return out


def mask_buffer(size: int, allowed: list[int]) -> bytearray:
    """``size`` zero bytes with 1 at each index of ``allowed``: an action mask."""
    out = bytearray(size)
    for action in allowed:
        out[action] = 1
    return out


def float_buffer(start: array[float], where: list[int], values: list[float]) -> array[float]:
    """A copy of ``start`` with ``values[i]`` at ``where[i]``."""
    out = array("f", start)
    for i in range(len(where)):
        out[where[i]] = values[i]
    return out


def draw_squares(out: bytearray, first: int, xs: list[int], ys: list[int], rows: list[bytes],
                 occupied: set[tuple[int, int]], left: int, top: int, side: int, plane: int,
                 cell: int, opened: int) -> None:
    """Draw the board's squares ``first`` on into a kept window of planes.

    Square ``i`` lies at ``(xs[i], ys[i])`` and ``rows[i]`` holds its static
    planes' values, one byte per plane. The window is the ``side`` x
    ``side`` squares from ``(left, top)``; a plane's value at window row
    ``r``, column ``c`` is at ``p * plane + (r * side + c) * cell``, and the
    ``open`` plane starts at ``opened``. Squares outside the window are
    skipped; a drawn square is no longer open, and its empty neighbours
    inside the window (not in ``occupied``) are. The squares drawn must be
    empty in ``out`` (zero in every static plane)."""
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
                out[at + p * plane] = value
        out[opened + at] = 0
        if r > 0 and (x, y - 1) not in occupied:
            out[opened + at - side * cell] = 1
        if r + 1 < side and (x, y + 1) not in occupied:
            out[opened + at + side * cell] = 1
        if c > 0 and (x - 1, y) not in occupied:
            out[opened + at - cell] = 1
        if c + 1 < side and (x + 1, y) not in occupied:
            out[opened + at + cell] = 1
