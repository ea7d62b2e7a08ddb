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

from carcassonne.engine.game import Game
from carcassonne.engine.moves import Move
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
    board's bounding box."""

    def __init__(self) -> None:
        self.xs: list[int] = []
        self.ys: list[int] = []
        self.rows: list[np.ndarray] = []
        self._xs = np.zeros(64, dtype=np.int64)
        self._ys = np.zeros(64, dtype=np.int64)
        self._rows = np.zeros((64, len(STATIC_PLANES)), dtype=np.uint8)
        self.occupied: set[tuple[int, int]] = set()
        self.box = (0, 0, 0, 0)  # min x, min y, max x, max y
        self._seen = 0
        #: The last window drawn: (origin, side, squares drawn, planes).
        self._window: tuple[tuple[int, int], int, int, np.ndarray] | None = None
        self._add((0, 0), tile_planes(START_TILE, 0))

    def update(self, game: Game) -> None:
        """Add the squares of the moves played since the last update."""
        moves = game.moves
        for move in moves[self._seen:]:
            if not isinstance(move, Move):
                continue  # a wonder decision places nothing
            quarter = move.rotation // 90
            if move.tile in PIECES:
                x, y = move.at
                for (dx, dy), planes in piece_planes(move.tile, quarter):
                    self._add((x + dx, y + dy), planes)
            else:
                self._add(move.at, tile_planes(move.tile, quarter))
        self._seen = len(moves)

    def _add(self, square: tuple[int, int], planes: np.ndarray) -> None:
        x, y = square
        n = len(self.xs)
        if n == len(self._xs):
            self._xs = np.concatenate([self._xs, np.zeros_like(self._xs)])
            self._ys = np.concatenate([self._ys, np.zeros_like(self._ys)])
            self._rows = np.concatenate([self._rows, np.zeros_like(self._rows)])
        self._xs[n], self._ys[n], self._rows[n] = x, y, planes
        self.xs.append(x)
        self.ys.append(y)
        self.rows.append(planes)
        self.occupied.add(square)
        x0, y0, x1, y1 = self.box
        self.box = (min(x0, x), min(y0, y), max(x1, x), max(y1, y))

    def arrays(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The occupied squares as arrays: xs, ys and planes (squares x planes)."""
        n = len(self.xs)
        return self._xs[:n], self._ys[:n], self._rows[:n]

    def window(self, origin: tuple[int, int], side: int) -> np.ndarray:
        """The static planes and the ``open`` plane (last) of the ``side`` x
        ``side`` squares whose corner is ``origin``. Read-only: the array is
        kept and brought up to date by the next call."""
        n = len(self.xs)
        kept = self._window
        if kept is not None and kept[0] == origin and kept[1] == side:
            planes, start = kept[3], kept[2]
            if start == n:
                return planes
        else:
            planes, start = np.zeros((len(STATIC_PLANES) + 1, side, side), dtype=np.uint8), 0
        cols, rows = self._xs[start:n] - origin[0], self._ys[start:n] - origin[1]
        inside = (cols >= 0) & (cols < side) & (rows >= 0) & (rows < side)
        statics = planes[:len(STATIC_PLANES)]
        statics[:, rows[inside], cols[inside]] = self._rows[start:n][inside].T
        tile = statics[0].astype(bool)
        near = np.zeros_like(tile)
        near[1:] |= tile[:-1]
        near[:-1] |= tile[1:]
        near[:, 1:] |= tile[:, :-1]
        near[:, :-1] |= tile[:, 1:]
        planes[-1] = near & ~tile
        self._window = (origin, side, n, planes)
        return planes

    def origin(self, window: int) -> tuple[int, int]:
        """The board square at the window's column 0, row 0: the window is
        centred on the bounding box of the placed squares."""
        x0, y0, x1, y1 = self.box
        return (x0 + x1) // 2 - window // 2, (y0 + y1) // 2 - window // 2
