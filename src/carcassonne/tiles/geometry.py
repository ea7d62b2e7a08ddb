"""Squares, sides and half-sides: the small algebra of positions on the board.

Board squares are ``(x, y)`` with x growing east and **y growing south**
(docs/formats.md). Inside the engine a square is packed into one int,
``x * STRIDE + y``, so neighbours are found by adding a constant: north is
``-1``, south ``+1``, east ``+STRIDE``, west ``-STRIDE``. The board is
unbounded in practice: every supported set together has fewer than 200 tiles,
so no square can ever lie ``STRIDE // 2`` squares away from the start tile.

Locations on a tile are numbered so that rotation is arithmetic:

* sides ``N E S W`` are 0..3; a quarter turn clockwise adds 1 (mod 4);
* half-sides are ``4 + 2 * side + half`` where ``half`` is 0 for the left
  (``L``) and 1 for the right (``R``) half as seen from the tile centre
  looking out through that side: ``NL`` is the north edge's west half;
* ``inner`` (a field touching no side) is 12 and never rotates.

Two tiles touch side ``s`` to side ``s + 2``, and half ``(s, L)`` to half
``(s + 2, R)``: looking out through opposite sides swaps left and right.
"""

from __future__ import annotations

from typing import Final

STRIDE: Final = 1 << 12
HALF_STRIDE: Final = STRIDE // 2

N, E, S, W = 0, 1, 2, 3
SIDE_NAMES: Final[tuple[str, ...]] = ("N", "E", "S", "W")
HALF_NAMES: Final[tuple[str, ...]] = ("NL", "NR", "EL", "ER", "SL", "SR", "WL", "WR")
INNER: Final = 12
LOCATION_NAMES: Final[tuple[str, ...]] = (*SIDE_NAMES, *HALF_NAMES, "inner")
LOCATION_INDEX: Final = {name: i for i, name in enumerate(LOCATION_NAMES)}

#: Packed offset to the neighbouring square through each side.
DELTA: Final[tuple[int, ...]] = (-1, STRIDE, 1, -STRIDE)
#: Packed offsets of the eight squares around a square (monastery ring).
RING: Final[tuple[int, ...]] = (
    -1, 1, STRIDE, -STRIDE, STRIDE - 1, STRIDE + 1, -STRIDE - 1, -STRIDE + 1)

ROTATIONS: Final[tuple[int, ...]] = (0, 90, 180, 270)
#: Quarter turns of each rotation in degrees.
QUARTER_OF: Final = {rotation: quarter for quarter, rotation in enumerate(ROTATIONS)}


def pack(x: int, y: int) -> int:
    """The packed int of square ``(x, y)``."""
    return x * STRIDE + y


def unpack(pos: int) -> tuple[int, int]:
    """The ``(x, y)`` square of a packed int."""
    x = (pos + HALF_STRIDE) // STRIDE
    return x, pos - x * STRIDE


def rotate_location(loc: int, quarter_turns: int) -> int:
    """Where location ``loc`` lies after turning its tile clockwise."""
    if loc < 4:
        return (loc + quarter_turns) % 4
    if loc < INNER:
        side, half = divmod(loc - 4, 2)
        return 4 + 2 * ((side + quarter_turns) % 4) + half
    return loc


def facing_location(loc: int) -> int:
    """The location of the neighbouring tile that touches ``loc``."""
    if loc < 4:
        return (loc + 2) % 4
    side, half = divmod(loc - 4, 2)
    return 4 + 2 * ((side + 2) % 4) + (1 - half)


def side_of(loc: int) -> int:
    """The side a side or half-side lies on."""
    return loc if loc < 4 else (loc - 4) // 2
