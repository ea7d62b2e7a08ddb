"""The board as squares with fixed features, as numpy sees it.

The squares themselves (:class:`BoardSquares`, the static planes of each
placed square, the kept windows) are
:mod:`carcassonne.encoding.squares`, typed Python compiled with the engine;
here is what numpy adds: a kept window as an array.
"""

from __future__ import annotations

import numpy as np

from carcassonne.encoding.squares import (
    EDGE_KINDS,
    GOODS,
    SIDES,
    STATIC_PLANES,
    TOWERS,
    BoardSquares,
)

__all__ = ["EDGE_KINDS", "GOODS", "SIDES", "STATIC_PLANES", "TOWERS", "BoardSquares", "window"]


def window(squares: BoardSquares, origin: tuple[int, int], side: int, channels: str = "first",
           depth: int = 0) -> np.ndarray:
    """The static planes and the ``open`` plane (last) of the ``side`` x
    ``side`` squares whose corner is ``origin``, shaped ``(planes, side,
    side)``, or ``(side, side, planes)`` for ``channels="last"``.
    ``depth`` (if more than those) adds zero planes after ``open``, so
    that a copy is the start of a fuller stack. ``open`` counts only the
    squares inside the window (as if the board ended at its edges).
    Read-only: the array is kept and brought up to date by the next call
    (:meth:`BoardSquares.kept` gives the bytes it shares its memory with)."""
    kept = squares.kept(origin[0], origin[1], side, channels == "first", depth)
    shape = (kept.depth, side, side) if kept.first else (side, side, kept.depth)
    planes = np.frombuffer(kept.buffer, dtype=np.uint8).reshape(shape)
    planes.flags.writeable = False
    return planes
