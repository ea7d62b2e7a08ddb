"""Pieces: tiles that cover several squares (the wonders), read from data.

A piece is given as squares relative to its anchor square ``0,0`` (x east, y
south), each with its four sides (``-`` for a side inside the piece), and
segments whose locations are ``"dx,dy:LOC"``. Nothing here knows a shape: any
footprint works (docs/rules.md ``WON-SHAPE``).

The engine sees a placed piece as ordinary tiles, one per square, so fitting,
joining features, counting tiles and towers need nothing new. Each square is
a :class:`~carcassonne.tiles.TileType` of its own whose segments are the
*parts* of the piece's segments lying on that square:

* a road or city covering several squares (its ``squares``) has a part on each
  of them, with the locations it touches there, possibly none. Each part is a
  node, so each square counts as one tile (``WON-COUNT``);
* a field has a part on every square it touches;
* the parts of one segment are joined when the piece is placed
  (:attr:`PieceTurn.joins`).

The squares' nodes are created one square after the other, so a part's node
is the piece's first node plus a fixed offset. A field part names the cities
it borders by that offset, relative to its own square's first node, so a
field may border a city on another square of the piece.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from carcassonne.tiles.geometry import LOCATION_INDEX, pack
from carcassonne.tiles.loader import (
    CITY,
    FIELD,
    ROAD,
    WONDERS,
    Segment,
    TileType,
    Turned,
    turn,
)

#: Followers a player may put on a piece as one action (``WON-MEEPLE-1``).
PIECE_FIGURES: Final = 2


@dataclass(frozen=True, slots=True)
class PieceFeature:
    """One segment of a piece: its kind and its parts as
    ``(square index, segment index on that square)``, in square order."""

    kind: int
    parts: tuple[tuple[int, int], ...]


@dataclass(eq=False, slots=True)
class PieceTurn:
    """A piece lying on the board in one rotation."""

    piece: PieceType
    rotation: int
    #: Per square, in the piece's square order: (packed offset from the
    #: anchor as seen on the board, the square's turned tile).
    squares: tuple[tuple[int, Turned], ...]
    #: Node offsets (from the piece's first node) of parts to join.
    joins: tuple[tuple[int, int], ...]
    #: Node offset of each square's first node.
    starts: tuple[int, ...]


@dataclass(eq=False)
class PieceType:
    """A piece as printed: its squares and features, with its rotations."""

    id: str
    name: str
    ability: str | None
    data: dict[str, Any]
    features: tuple[PieceFeature, ...] = ()
    turned: tuple[PieceTurn, ...] = field(default=())

    def __repr__(self) -> str:
        return f"PieceType({self.id!r})"


def _square_of(name: str, piece_id: str, squares: dict[str, str]) -> tuple[str, int]:
    """Split ``"dx,dy:LOC"`` into the square name and the location index."""
    square, _, loc = name.partition(":")
    if square not in squares or loc not in LOCATION_INDEX:
        raise ValueError(f"piece {piece_id}: unknown location {name!r}")
    return square, LOCATION_INDEX[loc]


def _offset(square: str) -> tuple[int, int]:
    dx, dy = square.split(",")
    return int(dx), int(dy)


def _rotate(dx: int, dy: int, quarter: int) -> tuple[int, int]:
    """An offset turned ``quarter`` quarter turns clockwise (y grows south)."""
    for _ in range(quarter):
        dx, dy = -dy, dx
    return dx, dy


def build(raw: dict[str, Any]) -> PieceType:
    """A :class:`PieceType` from its catalogue entry (``tiles/wonders.toml``)."""
    piece_id = raw["id"]
    squares: dict[str, str] = raw["squares"]
    names = list(squares)
    # parts[square] -> [(kind, locations, shields, attributes, cities by name)]
    parts: dict[str, list[list[Any]]] = {name: [] for name in names}
    features: list[tuple[int, list[tuple[str, int]]]] = []
    city_part: dict[tuple[str, int], tuple[str, int]] = {}
    entries = [(CITY, e) for e in raw.get("cities", [])]
    entries += [(ROAD, e) for e in raw.get("roads", [])]
    entries += [(FIELD, e) for e in raw.get("fields", [])]
    for kind, entry in entries:
        located: dict[str, list[int]] = {}
        for name in entry["at"]:
            square, loc = _square_of(name, piece_id, squares)
            if (kind == FIELD) != (loc >= 4):
                raise ValueError(f"piece {piece_id}: {name} does not suit a "
                                 f"{'field' if kind == FIELD else 'road or city'}")
            located.setdefault(square, []).append(loc)
        covered = list(entry.get("squares", located))
        if not set(located) <= set(covered):
            raise ValueError(f"piece {piece_id}: a segment touches squares it does not cover")
        attrs = tuple(sorted((k, v) for k, v in entry.items()
                             if k not in ("at", "squares", "shields", "cities")))
        feature = []
        for i, square in enumerate(covered):
            if square not in squares:
                raise ValueError(f"piece {piece_id}: unknown square {square!r}")
            first = i == 0
            here = tuple(located.get(square, ()))
            part = [kind, here, entry.get("shields", 0) if first else 0,
                    attrs if first else (), list(entry.get("cities", [])) if first else []]
            feature.append((square, len(parts[square])))
            if kind == CITY:
                for loc in here:
                    city_part[(square, loc)] = (square, len(parts[square]))
            parts[square].append(part)
        features.append((kind, feature))
    # Node offsets: squares in order, each square's parts in order.
    starts, total = {}, 0
    for name in names:
        starts[name] = total
        total += len(parts[name])
    tiles = []
    for name in names:
        segments = []
        for index, (kind, locs, shields, attrs, cities) in enumerate(parts[name]):
            offsets = []
            for city in cities:
                target = city_part.get(_square_of(city, piece_id, squares))
                if target is None:
                    raise ValueError(f"piece {piece_id}: field borders unknown city {city!r}")
                offsets.append(starts[target[0]] + target[1] - starts[name])
            segments.append(Segment(index, kind, tuple(sorted(locs)), shields, attrs,
                                    tuple(sorted(set(offsets)))))
        edges = squares[name]
        for side, letter in enumerate(edges):
            touching = [s for s in segments if any(
                loc == side or (4 <= loc < 12 and (loc - 4) // 2 == side) for loc in s.locations)]
            if (letter == "-") != (not touching):
                raise ValueError(f"piece {piece_id}: square {name} side {side} shows "
                                 f"{letter!r} but segments say otherwise")
        tile = TileType(piece_id, "wonders", 1, edges, None, tuple(segments),
                        {"piece": piece_id, "anchor": name == "0,0"})
        tile.turned = tuple(turn(tile, q) for q in range(4))
        tiles.append(tile)
    index_of = {name: i for i, name in enumerate(names)}
    piece = PieceType(piece_id, raw.get("name", piece_id), raw.get("ability"), raw,
                      tuple(PieceFeature(kind, tuple((index_of[s], k) for s, k in feature))
                            for kind, feature in features))
    joins = tuple((starts[feature[0][0]] + feature[0][1], starts[s] + k)
                  for _, feature in features for s, k in feature[1:])
    placed_at = [_offset(name) for name in names]
    piece.turned = tuple(
        PieceTurn(piece, 90 * q,
                  tuple((pack(*_rotate(dx, dy, q)), tile.turned[q])
                        for (dx, dy), tile in zip(placed_at, tiles, strict=True)),
                  joins, tuple(starts[name] for name in names))
        for q in range(4))
    return piece


PIECES: Final[dict[str, PieceType]] = {piece_id: build(raw) for piece_id, raw in WONDERS.items()}
