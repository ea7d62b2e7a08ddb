"""The board as squares with fixed features, kept up to date move by move.

What a square shows never changes once a tile lies on it, so each placed
square's *static planes* (edges, monastery, coats of arms, ...) are worked
out once per tile and rotation, from the tile data, as one byte per plane
(:func:`tile_planes`). :class:`BoardSquares` reads only public information
(the moves played, ``game.moves``, and the tile catalogue) and keeps the
squares in play order with their planes, the set of occupied squares and
the bounding box; a wonder piece covers several squares, each with its own
planes::

    >>> from carcassonne import Game
    >>> game = Game.new(players=2, seed=1)
    >>> game.play(game.legal_moves().placements()[0])
    >>> squares = BoardSquares()
    >>> squares.update(game)
    >>> len(squares.xs), squares.packed[0][STATIC_PLANES.index("tile")]
    (2, 1)

``STATIC_PLANES`` names the planes in order; ``docs/env.md`` explains each.
"""

from __future__ import annotations

from typing import Any, Final

from carcassonne.encoding.layout import WONDER_IDS
from carcassonne.encoding.spots import OpenSpots
from carcassonne.encoding.window import BoardWindow
from carcassonne.engine.game import Game
from carcassonne.engine.moves import AnyMove, Move
from carcassonne.tiles import CITY, FIELD, ROAD, START_TILE, TILES, Turned
from carcassonne.tiles.geometry import unpack
from carcassonne.tiles.loader import GARDEN
from carcassonne.tiles.pieces import PIECES

SIDES: Final = ("N", "E", "S", "W")
#: What a side may show: a river side (``RIVER-PLACE-1``) is a fourth kind.
EDGE_KINDS: Final = ("city", "road", "field", "river")
GOODS: Final = ("wine", "grain", "cloth")
TOWERS: Final = ("meeple", "shield", "road_tile", "monastery", "city_tile")

#: The static planes of a square, in order.
STATIC_PLANES: Final[tuple[str, ...]] = (
    "tile",
    *(f"{kind}_{side}" for side in SIDES for kind in EDGE_KINDS),
    "monastery", "shields", "inn", "cathedral",
    *(f"good_{good}" for good in GOODS),
    *(f"tower_{per}" for per in TOWERS),
    "wonder", "monument",
    *(f"wonder_{w.removeprefix('WO/')}" for w in WONDER_IDS),
    # The Abbot's garden (ABBOT-3); the Princess & the Dragon's symbols
    # (PD-1): volcano, dragon, magic portal, and a princess's city segment.
    "garden", "volcano", "dragon_symbol", "portal", "princess",
)
_PLANE: Final = {name: i for i, name in enumerate(STATIC_PLANES)}
_EDGE_CODE: Final = {CITY: "city", ROAD: "road", FIELD: "field"}

#: :func:`tile_planes` and :func:`piece_planes` as made, per tile and quarter.
_TILE_PLANES: Final[dict[tuple[str, int], bytes]] = {}
_PIECE_PLANES: Final[dict[tuple[str, int], list[tuple[int, int, bytes]]]] = {}


def _turned_planes(turned: Turned) -> bytearray:
    out = bytearray(len(STATIC_PLANES))
    out[_PLANE["tile"]] = 1
    for side in range(4):
        code = (turned.edge_key >> (2 * side)) & 3
        if code:
            out[_PLANE[f"{_EDGE_CODE[code]}_{SIDES[side]}"]] = 1
        elif side in turned.river:  # 0: a river side, or a side inside a wonder piece
            out[_PLANE[f"river_{SIDES[side]}"]] = 1
    data = turned.tile.data
    for marker, plane in (("volcano", "volcano"), ("dragon", "dragon_symbol"),
                          ("portal", "portal")):
        if data.get(marker):
            out[_PLANE[plane]] = 1
    for seg in turned.segments:
        if seg.kind == GARDEN:
            out[_PLANE["garden"]] = 1
        if seg.attribute("princess"):
            out[_PLANE["princess"]] = 1
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
    tower: Any = turned.tile.data.get("watchtower")
    if tower is not None:
        out[_PLANE[f"tower_{tower['per']}"]] = 1
    return out


def tile_planes(tile: str, quarter: int) -> bytes:
    """The static planes of land tile ``tile`` turned ``quarter`` quarter
    turns, one byte per plane of :data:`STATIC_PLANES`."""
    key = (tile, quarter)
    found = _TILE_PLANES.get(key)
    if found is None:
        found = _TILE_PLANES[key] = bytes(_turned_planes(TILES[tile].turned[quarter]))
    return found


def piece_planes(piece: str, quarter: int) -> list[tuple[int, int, bytes]]:
    """Per square of wonder ``piece`` turned ``quarter`` times: its offset
    from the anchor as seen on the board (dx, dy) and its static planes."""
    key = (piece, quarter)
    found = _PIECE_PLANES.get(key)
    if found is None:
        kind = PIECES[piece]
        names = list(kind.data["squares"])
        monument = set(kind.data.get("monument", ()))
        found = []
        for name, (offset, turned) in zip(names, kind.turned[quarter].squares, strict=True):
            planes = _turned_planes(turned)
            planes[_PLANE["wonder"]] = 1
            planes[_PLANE[f"wonder_{piece.removeprefix('WO/')}"]] = 1
            if name in monument:
                planes[_PLANE["monument"]] = 1
            dx, dy = unpack(offset)
            found.append((dx, dy, bytes(planes)))
        _PIECE_PLANES[key] = found
    return found


class BoardSquares:
    """Every occupied square of one game with its static planes
    (``xs[i]``, ``ys[i]``, ``packed[i]``, in play order), the set of them
    (``occupied``) and the board's bounding box (``box``: min x, min y,
    max x, max y).

    :meth:`kept` keeps the planes of each window asked for (per side,
    layout and depth, :class:`~carcassonne.encoding.window.BoardWindow`)
    and brings them up to date square by square; :meth:`open_spots` keeps
    the board's open spots in row order
    (:class:`~carcassonne.encoding.spots.OpenSpots`).
    """

    def __init__(self, start: str = START_TILE) -> None:
        #: The start tile, at 0,0 turned 0 (the River's spring replaces
        #: ``BA/RCr``, ``RIVER-SETUP-1``).
        self.start = start
        self.xs: list[int] = []
        self.ys: list[int] = []
        self.packed: list[bytes] = []
        self.occupied: set[tuple[int, int]] = set()
        self.box: tuple[int, int, int, int] = (0, 0, 0, 0)
        #: How many of the game's moves are read.
        self.seen = 0
        #: The windows kept, by (side, layout, depth).
        self._windows: dict[tuple[int, bool, int], BoardWindow] = {}
        #: The open spots, in step with the squares read when last asked for.
        self._spots = OpenSpots()
        self._add(0, 0, tile_planes(start, 0))

    def __reduce__(self) -> tuple[Any, ...]:
        """A copy or a pickle keeps the squares, not the kept windows
        (drawn again from the squares when next asked for)."""
        return (_squares, (self.xs, self.ys, self.packed, self.box, self.seen, self.start))

    def update(self, game: Game) -> None:
        """Add the squares of the moves played since the last update."""
        moves = game.moves
        for i in range(self.seen, len(moves)):
            self.played(moves[i])

    def played(self, move: AnyMove) -> None:
        """Add the squares of ``move``, the one move played since the last
        update (:meth:`update` with one move, without reading the game's)."""
        self.seen += 1
        if not isinstance(move, Move):
            return  # a wonder decision places nothing
        quarter = move.rotation // 90
        x, y = move.at
        if move.tile in PIECES:
            for dx, dy, planes in piece_planes(move.tile, quarter):
                self._add(x + dx, y + dy, planes)
        else:
            self._add(x, y, tile_planes(move.tile, quarter))

    def _add(self, x: int, y: int, planes: bytes) -> None:
        self.xs.append(x)
        self.ys.append(y)
        self.packed.append(planes)
        self.occupied.add((x, y))
        x0, y0, x1, y1 = self.box
        if not (x0 <= x <= x1 and y0 <= y <= y1):
            self.box = (min(x0, x), min(y0, y), max(x1, x), max(y1, y))

    def kept(self, left: int, top: int, side: int, first: bool = True,
             depth: int = 0) -> BoardWindow:
        """The static planes and the ``open`` plane (after them) of the
        ``side`` x ``side`` squares from ``(left, top)``, kept and brought
        up to date: planes first (``first``) or last; ``depth`` (if more
        than those) adds zero planes after ``open``. ``open`` counts only
        the squares inside the window (as if the board ended at its edges)."""
        depth = max(depth, len(STATIC_PLANES) + 1)
        key = (side, first, depth)
        kept = self._windows.get(key)
        if kept is None:
            kept = self._windows[key] = BoardWindow(side, first, depth, len(STATIC_PLANES))
        kept.follow(left, top, self.xs, self.ys, self.packed, self.box)
        return kept

    def open_spots(self, game: Game) -> OpenSpots:
        """The open spots of ``game``'s board, row by row (``game``: the
        one whose squares these are, brought up to date with it)."""
        spots = self._spots
        spots.sync(game.position().board.spots, self.xs, self.ys)
        return spots

    def origin(self, window: int) -> tuple[int, int]:
        """The board square at the window's column 0, row 0: the window is
        centred on the bounding box of the placed squares."""
        x0, y0, x1, y1 = self.box
        return (x0 + x1) // 2 - window // 2, (y0 + y1) // 2 - window // 2


def start_tile(game: Game) -> str:
    """The tile ``game`` started with, at 0,0 (``BA/RCr``, or the River's spring)."""
    return game.position().board.tiles[0][1].tile.id


def _squares(xs: list[int], ys: list[int], packed: list[bytes],
             box: tuple[int, int, int, int], seen: int, start: str = START_TILE) -> BoardSquares:
    """Board squares rebuilt from their parts (:meth:`BoardSquares.__reduce__`)."""
    out = BoardSquares(start)
    out.xs, out.ys, out.packed = list(xs), list(ys), list(packed)
    out.occupied = set(zip(xs, ys, strict=True))
    out.box, out.seen = box, seen
    return out
