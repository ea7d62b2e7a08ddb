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

from carcassonne.encoding.window import BoardWindow
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
        self._windows: dict[tuple[int, str, int], BoardWindow] = {}
        self._add((0, 0), tile_planes(START_TILE, 0), _packed(START_TILE, 0))

    def __getstate__(self) -> dict[str, object]:
        """What a copy or a pickle keeps: the squares, not the kept windows
        (compiled; drawn again from the squares when next asked for)."""
        state = self.__dict__.copy()
        state["_windows"] = {}
        return state

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
        kept = self.kept(origin, side, channels, depth)
        shape = (kept.depth, side, side) if kept.first else (side, side, kept.depth)
        planes = np.frombuffer(kept.buffer, dtype=np.uint8).reshape(shape)
        planes.flags.writeable = False
        return planes

    def kept(self, origin: tuple[int, int], side: int, channels: str = "first",
             depth: int = 0) -> BoardWindow:
        """The kept window of :meth:`window` (compiled,
        :class:`~carcassonne.encoding.window.BoardWindow`), brought up to
        date: its ``buffer`` holds the bytes."""
        depth = max(depth, len(STATIC_PLANES) + 1)
        key = (side, channels, depth)
        kept = self._windows.get(key)
        if kept is None:
            kept = self._windows[key] = BoardWindow(side, channels == "first", depth,
                                                    len(STATIC_PLANES))
        kept.follow(origin[0], origin[1], self.xs, self.ys, self.packed, self.occupied,
                    self.box)
        return kept

    def origin(self, window: int) -> tuple[int, int]:
        """The board square at the window's column 0, row 0: the window is
        centred on the bounding box of the placed squares."""
        x0, y0, x1, y1 = self.box
        return (x0 + x1) // 2 - window // 2, (y0 + y1) // 2 - window // 2
