"""The board as squares with fixed features, kept up to date move by move.

What a square shows never changes once a tile lies on it, so each placed
square's *static planes* (edges, monastery, coats of arms, ...) are worked
out once, from the tile data, when its move is played. The tracker reads
only public information: the moves played (``game.moves``) and the tile
catalogue. A wonder piece covers several squares, each with its own planes.

``STATIC_PLANES`` names the planes in order; ``docs/env.md`` explains each.
"""

from __future__ import annotations

from functools import cache

import numpy as np

from carcassonne.encoding.buffers import SeatBuffers, draw_squares
from carcassonne.engine.game import Game
from carcassonne.engine.moves import AnyMove, Move
from carcassonne.env.layout import WONDER_IDS
from carcassonne.tiles import CITY, FIELD, ROAD, START_TILE, TILES, Turned
from carcassonne.tiles.geometry import unpack
from carcassonne.tiles.pieces import PIECES

SIDES = ("N", "E", "S", "W")
EDGE_KINDS = ("city", "road", "field")
GOODS = ("wine", "grain", "cloth")
TOWERS = ("meeple", "shield", "road_tile", "monastery", "city_tile")

#: The static planes of a square, in order.
STATIC_PLANES: tuple[str, ...] = (
    "tile",
    *(f"{kind}_{side}" for side in SIDES for kind in EDGE_KINDS),
    "monastery", "shields", "inn", "cathedral",
    *(f"good_{good}" for good in GOODS),
    *(f"tower_{per}" for per in TOWERS),
    "wonder", "monument",
    *(f"wonder_{w.removeprefix('WO/')}" for w in WONDER_IDS),
)
_PLANE = {name: i for i, name in enumerate(STATIC_PLANES)}
_EDGE_CODE = {CITY: "city", ROAD: "road", FIELD: "field"}


def _tile_planes(turned: Turned) -> np.ndarray:
    out = np.zeros(len(STATIC_PLANES), dtype=np.uint8)
    out[_PLANE["tile"]] = 1
    for side, name in enumerate(SIDES):
        code = (turned.edge_key >> (2 * side)) & 3
        if code:  # 0: a side inside a wonder piece
            out[_PLANE[f"{_EDGE_CODE[code]}_{name}"]] = 1
    for seg in turned.segments:
        out[_PLANE["shields"]] += seg.shields
        if seg.attribute("inn"):
            out[_PLANE["inn"]] = 1
        if seg.attribute("cathedral"):
            out[_PLANE["cathedral"]] = 1
        good = seg.attribute("good")
        if good in GOODS:
            out[_PLANE[f"good_{good}"]] = 1
    if turned.monastery >= 0:
        out[_PLANE["monastery"]] = 1
    tower = turned.tile.data.get("watchtower")
    if tower is not None:
        out[_PLANE[f"tower_{tower['per']}"]] = 1
    return out


@cache
def tile_planes(tile: str, quarter: int) -> np.ndarray:
    """The static planes of land tile ``tile`` turned ``quarter`` quarter turns."""
    return _tile_planes(TILES[tile].turned[quarter])


@cache
def _packed(tile: str, quarter: int) -> bytes:
    """:func:`tile_planes` as bytes (what the compiled drawing reads)."""
    return tile_planes(tile, quarter).tobytes()


@cache
def piece_planes(piece: str, quarter: int) -> tuple[tuple[tuple[int, int], np.ndarray], ...]:
    """Per square of wonder ``piece`` turned ``quarter`` times: its offset
    from the anchor as seen on the board, and its static planes."""
    kind = PIECES[piece]
    names = list(kind.data["squares"])
    monument = set(kind.data.get("monument", ()))
    out = []
    for name, (offset, turned) in zip(names, kind.turned[quarter].squares, strict=True):
        planes = _tile_planes(turned)
        planes[_PLANE["wonder"]] = 1
        planes[_PLANE[f"wonder_{piece.removeprefix('WO/')}"]] = 1
        if name in monument:
            planes[_PLANE["monument"]] = 1
        out.append((unpack(offset), planes))
    return tuple(out)


class BoardSquares:
    """Every occupied square of one game with its static planes, and the
    board's bounding box.

    :meth:`window` keeps the planes of the last window asked for (per side,
    layout and depth) and brings them up to date square by square: a new
    square writes its own planes and marks its empty neighbours open. A
    window that follows the board's centre is shifted, its overlap copied;
    only one that would lose or gain placed squares is drawn again from all
    of them.
    """

    def __init__(self) -> None:
        self.xs: list[int] = []
        self.ys: list[int] = []
        self.rows: list[np.ndarray] = []
        #: ``rows`` as bytes, for :func:`~carcassonne.encoding.buffers.draw_squares`.
        self.packed: list[bytes] = []
        self.occupied: set[tuple[int, int]] = set()
        self.box = (0, 0, 0, 0)  # min x, min y, max x, max y
        self._seen = 0
        #: The windows kept, by (side, layout, depth).
        self._windows: dict[tuple[int, str, int], _Window] = {}
        self._add((0, 0), tile_planes(START_TILE, 0), _packed(START_TILE, 0))

    def update(self, game: Game) -> None:
        """Add the squares of the moves played since the last update."""
        moves = game.moves
        for move in moves[self._seen:]:
            self.played(move)

    def played(self, move: AnyMove) -> None:
        """Add the squares of ``move``, the one move played since the last
        update (:meth:`update` with one move, without reading the game's)."""
        self._seen += 1
        if not isinstance(move, Move):
            return  # a wonder decision places nothing
        quarter = move.rotation // 90
        if move.tile in PIECES:
            x, y = move.at
            for (dx, dy), planes in piece_planes(move.tile, quarter):
                self._add((x + dx, y + dy), planes, planes.tobytes())
        else:
            self._add(move.at, tile_planes(move.tile, quarter), _packed(move.tile, quarter))

    def _add(self, square: tuple[int, int], planes: np.ndarray, packed: bytes) -> None:
        x, y = square
        self.xs.append(x)
        self.ys.append(y)
        self.rows.append(planes)
        self.packed.append(packed)
        self.occupied.add(square)
        x0, y0, x1, y1 = self.box
        if not (x0 <= x <= x1 and y0 <= y <= y1):
            self.box = (min(x0, x), min(y0, y), max(x1, x), max(y1, y))

    def arrays(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The occupied squares as arrays: xs, ys and planes (squares x planes)."""
        return (np.array(self.xs, dtype=np.int64), np.array(self.ys, dtype=np.int64),
                np.array(self.rows, dtype=np.uint8))

    def window(self, origin: tuple[int, int], side: int, channels: str = "first",
               depth: int = 0) -> np.ndarray:
        """The static planes and the ``open`` plane (last) of the ``side`` x
        ``side`` squares whose corner is ``origin``, shaped ``(planes, side,
        side)``, or ``(side, side, planes)`` for ``channels="last"``.
        ``depth`` (if more than those) adds zero planes after ``open``, so
        that a copy is the start of a fuller stack. ``open`` counts only the
        squares inside the window (as if the board ended at its edges).
        Read-only: the array is kept and brought up to date by the next call
        (:meth:`kept` gives the bytes it shares its memory with)."""
        return self.kept(origin, side, channels, depth).planes

    def kept(self, origin: tuple[int, int], side: int, channels: str = "first",
             depth: int = 0) -> _Window:
        """The kept window of :meth:`window`, brought up to date: its
        ``planes`` (numpy) and ``buffer`` (a ``bytearray``) share memory."""
        depth = max(depth, len(STATIC_PLANES) + 1)
        key = (side, channels, depth)
        kept = self._windows.get(key)
        if kept is None:
            kept = self._windows[key] = _Window(self, origin, side, channels == "first", depth)
        elif kept.origin != origin:
            kept = self._windows[key] = kept.moved(self, origin)
        if kept.drawn < len(self.xs):
            kept.draw(self)
        return kept

    def origin(self, window: int) -> tuple[int, int]:
        """The board square at the window's column 0, row 0: the window is
        centred on the bounding box of the placed squares."""
        x0, y0, x1, y1 = self.box
        return (x0 + x1) // 2 - window // 2, (y0 + y1) // 2 - window // 2


class _Window:
    """The planes of one window of a :class:`BoardSquares` (see
    :meth:`BoardSquares.window`): drawn from every square when made, then
    square by square."""

    def __init__(self, squares: BoardSquares, origin: tuple[int, int], side: int,
                 first: bool, depth: int) -> None:
        self.origin, self.side, self.first, self.depth = origin, side, first, depth
        self.buffer, self.planes = _zeros(first, side, depth)
        planes = self.planes
        xs, ys, rows = squares.arrays()
        cols, lines = xs - origin[0], ys - origin[1]
        inside = (cols >= 0) & (cols < side) & (lines >= 0) & (lines < side)
        last = len(STATIC_PLANES)
        if first:
            planes[:last, lines[inside], cols[inside]] = rows[inside].T
            tile = planes[0].astype(bool)
        else:
            planes[lines[inside], cols[inside], :last] = rows[inside]
            tile = planes[..., 0].astype(bool)
        near = np.zeros_like(tile)
        near[1:] |= tile[:-1]
        near[:-1] |= tile[1:]
        near[:, 1:] |= tile[:, :-1]
        near[:, :-1] |= tile[:, 1:]
        if first:
            planes[last] = near & ~tile
        else:
            planes[..., last] = near & ~tile
        #: How many of the board's squares are drawn.
        self.drawn = len(xs)
        #: How many times the window moved (shifted in place).
        self.moves = 0

    def moved(self, squares: BoardSquares, origin: tuple[int, int]) -> _Window:
        """This window moved to ``origin`` (itself, changed in place, or a
        new one), its new squares not drawn yet.
        When the board as drawn and the open squares around it lie inside
        both windows (the usual case: the window follows the board's centre),
        the planes are shifted, not drawn again."""
        side = self.side
        x0, y0, x1, y1 = squares.box  # holds the squares drawn so far
        (ax, ay), (bx, by) = self.origin, origin
        if not (max(ax, bx) < x0 and x1 + 1 < min(ax, bx) + side
                and max(ay, by) < y0 and y1 + 1 < min(ay, by) + side):
            return _Window(squares, origin, side, self.first, self.depth)
        # Every nonzero byte lies in the overlap of the two windows, so one
        # flat move of the bytes, offset by the window's, puts each where it
        # belongs: what it carries across a row's (or a plane's) end is
        # zeros from outside the overlap, and so is what it leaves behind.
        cell = 1 if self.first else self.depth
        offset = ((by - ay) * side + (bx - ax)) * cell
        buffer, n = self.buffer, len(self.buffer)
        # (bytearray slices: the copy on the right is taken first, so the
        # runs may overlap; numpy's own overlapping copy is slow one way)
        if offset > 0:
            buffer[0:n - offset] = buffer[offset:n]
            buffer[n - offset:n] = bytes(offset)
        elif offset < 0:
            buffer[-offset:n] = buffer[0:n + offset]
            buffer[0:-offset] = bytes(-offset)
        self.origin = origin
        self.moves += 1
        return self

    def draw(self, squares: BoardSquares) -> None:
        """Draw the squares placed since the last call, and the open squares
        beside them (inside the window)."""
        self._draw(squares, self.buffer, self.drawn)
        self.drawn = len(squares.xs)

    def _draw(self, squares: BoardSquares, out: bytearray, first: int) -> None:
        side, depth = self.side, self.depth
        # Flat index steps: of a plane, and of a square (row * side + column).
        plane, cell = (side * side, 1) if self.first else (1, depth)
        draw_squares(out, first, squares.xs, squares.ys, squares.packed,
                     squares.occupied, self.origin[0], self.origin[1], side, plane, cell,
                     len(STATIC_PLANES) * plane)

    def mirror(self, squares: BoardSquares, seat: SeatBuffers) -> None:
        """Bring the board part of ``seat``'s planes up to date with this
        window (drawn up to date already): the squares drawn since the seat
        last looked are drawn there too, and after the window moved (or for
        another window) its bytes are copied whole. Drawn in one go or move
        by move, the squares give the same bytes: a square is open when it
        lies beside a placed one and is empty, whenever that was found."""
        if seat.window is not self or seat.moves != self.moves:
            seat.copy_board(self.buffer)
            seat.window, seat.moves = self, self.moves
        elif seat.drawn < self.drawn:
            self._draw(squares, seat.planes, seat.drawn)
        seat.drawn = self.drawn


def _zeros(first: bool, side: int, depth: int) -> tuple[bytearray, np.ndarray]:
    """A zeroed window's bytes, and the planes (numpy) sharing them."""
    buffer = bytearray(side * side * depth)
    shape = (depth, side, side) if first else (side, side, depth)
    return buffer, np.frombuffer(buffer, dtype=np.uint8).reshape(shape)
