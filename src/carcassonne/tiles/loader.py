"""Tile data: read the TOML catalogue once and precompute every rotation.

A :class:`TileType` is one kind of tile as printed (``BA/RCr``). Its four
:class:`Turned` values are that tile lying on the board at 0, 90, 180 and 270
degrees, with everything the engine asks in the hot path already computed:
the edge key used to test fit, each segment's locations as seen on the
board, which segment lies at each side and half-side, and which locations of
a neighbour each side touches.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from importlib import resources
from typing import Any, Final

from carcassonne.tiles.geometry import (
    HALF_NAMES,
    INNER,
    LOCATION_INDEX,
    LOCATION_NAMES,
    SIDE_NAMES,
    facing_location,
    rotate_location,
    side_of,
)

# Feature kinds; the first three double as edge codes (what a side shows).
CITY: Final = 1
ROAD: Final = 2
FIELD: Final = 3
MONASTERY: Final = 4
#: A garden (The Abbot, ``ABBOT-3``): a one-tile feature like a monastery,
#: for the abbot only. Only garden tiles (``gardens.toml``) have one.
GARDEN: Final = 5
KIND_NAMES: Final = {CITY: "city", ROAD: "road", FIELD: "field", MONASTERY: "monastery",
                     GARDEN: "garden"}
KIND_CODES: Final = {name: code for code, name in KIND_NAMES.items()}
EDGE_CODES: Final = {"C": CITY, "R": ROAD, "F": FIELD}
EDGE_LETTERS: Final = {code: letter for letter, code in EDGE_CODES.items()}
#: The River's edge letter (``RIVER-PLACE-1``). A river side has edge code 0
#: in a :class:`Turned`'s ``edge_key`` (it makes no demand of the squares
#: around it there): river sides are matched by the River's own rules, from
#: ``Turned.river``.
RIVER_LETTER: Final = "I"

#: Every set of the contract (docs/formats.md), in its order. ``abbot`` has
#: no tiles of its own: its garden tiles are copies of other sets' tiles.
SET_NAMES: Final[tuple[str, ...]] = (
    "base", "inns_cathedrals", "traders_builders", "watchtowers", "wonders", "river",
    "abbot", "princess_dragon")
START_TILE: Final = "BA/RCr"
#: The River's start tile and the tile drawn after its other tiles (``RIVER-SETUP-*``).
RIVER_START: Final = "RI/s"
RIVER_LAST: Final = "RI.1/I.e"


@dataclass(frozen=True, slots=True, eq=False)
class Segment:
    """One feature part of a tile in one rotation, as seen on the board.

    Segments compare by identity: each tile rotation owns its own."""

    index: int
    kind: int
    locations: tuple[int, ...]
    shields: int = 0
    attributes: tuple[tuple[str, Any], ...] = ()
    #: For fields: indices of the city segments of this tile it borders.
    cities: tuple[int, ...] = ()
    #: The canonical name of this segment in move notation: its first side or
    #: half-side as seen on the board (None for a monastery, or for the part of
    #: a wonder's road or city on a square where it touches no side).
    spot: str | None = field(init=False, default=None)

    def __post_init__(self) -> None:
        if self.kind != MONASTERY and self.locations:
            object.__setattr__(self, "spot", LOCATION_NAMES[min(self.locations)])

    @property
    def kind_name(self) -> str:
        return KIND_NAMES[self.kind]

    @property
    def spot_names(self) -> frozenset[str]:
        """Every location name that names this segment."""
        return frozenset(LOCATION_NAMES[loc] for loc in self.locations)

    def attribute(self, name: str, default: Any = None) -> Any:
        for key, value in self.attributes:
            if key == name:
                return value
        return default


@dataclass(eq=False, slots=True)
class Turned:
    """A tile type lying on the board in one rotation."""

    tile: TileType
    rotation: int
    #: What each side shows, 2 bits per side: ``code(N) | code(E) << 2 | ...``.
    edge_key: int
    edges: str
    segments: tuple[Segment, ...]
    #: Segment index at each location (sides for roads and cities, half-sides
    #: and ``inner`` for fields), or -1.
    at: tuple[int, ...]
    #: Per side: ``(kind, my segment, neighbour location)`` to join when a
    #: tile lies on that side; the kind says whether it closes an edge.
    links: tuple[tuple[tuple[int, int, int], ...], ...]
    monastery: int
    #: Segments in board order (by their first location, monastery last): the
    #: order in which figure options are listed and completed features scored,
    #: so that rotations which look alike behave exactly alike.
    in_order: tuple[Segment, ...] = ()
    #: Per segment, its road or city sides (0 for fields and monasteries):
    #: how many sides a new road or city part has open.
    open_sides: tuple[int, ...] = ()
    #: The smallest rotation that looks exactly the same (same segments).
    canonical: int = 0
    #: River tiles: the sides the river touches, as seen on the board
    #: (``RIVER-PLACE-1``); empty for every other tile.
    river: tuple[int, ...] = ()


@dataclass(eq=False)
class TileType:
    """One tile as printed, with its four rotations precomputed."""

    id: str
    set: str
    count: int
    edges: str
    letter: str | None
    segments: tuple[Segment, ...]
    data: dict[str, Any]
    index: int = -1
    turned: tuple[Turned, ...] = field(default=())
    #: Unrotated river sides (River tiles only).
    river: tuple[int, ...] = ()
    #: A garden tile (``gardens.toml``): the id of the tile it is a copy of.
    garden_of: str | None = None

    @property
    def monastery(self) -> bool:
        return any(s.kind == MONASTERY for s in self.segments)

    def __repr__(self) -> str:
        return f"TileType({self.id!r})"


def _locations(names: list[str], tile_id: str) -> tuple[int, ...]:
    out = []
    for name in names:
        if name not in LOCATION_INDEX:
            raise ValueError(f"tile {tile_id}: unknown location {name!r}")
        out.append(LOCATION_INDEX[name])
    return tuple(out)


_SEGMENT_KEYS = {"at", "shields", "cities"}


def _segments(raw: dict[str, Any]) -> tuple[Segment, ...]:
    tile_id = raw["id"]
    segments: list[Segment] = []
    city_of_side: dict[int, int] = {}
    for kind, key in ((CITY, "cities"), (ROAD, "roads")):
        for entry in raw.get(key, []):
            locs = _locations(entry["at"], tile_id)
            if any(loc >= 4 for loc in locs):
                raise ValueError(f"tile {tile_id}: {key} touch sides only")
            attrs = tuple(sorted((k, v) for k, v in entry.items() if k not in _SEGMENT_KEYS))
            seg = Segment(len(segments), kind, locs, entry.get("shields", 0), attrs)
            if kind == CITY:
                for loc in locs:
                    city_of_side[loc] = seg.index
            segments.append(seg)
    for entry in raw.get("fields", []):
        locs = _locations(entry["at"], tile_id)
        if any(loc < 4 for loc in locs):
            raise ValueError(f"tile {tile_id}: fields touch half-sides or inner only")
        cities = []
        for name in entry.get("cities", []):
            side = LOCATION_INDEX.get(name, -1)
            if side not in city_of_side:
                raise ValueError(f"tile {tile_id}: field borders unknown city {name!r}")
            cities.append(city_of_side[side])
        segments.append(Segment(len(segments), FIELD, locs, cities=tuple(sorted(set(cities)))))
    if raw.get("monastery"):
        segments.append(Segment(len(segments), MONASTERY, ()))
    if raw.get("garden"):
        segments.append(Segment(len(segments), GARDEN, ()))
    return tuple(segments)


def _river_sides(raw: dict[str, Any]) -> tuple[int, ...]:
    sides: list[int] = []
    for entry in raw.get("river", []):
        locs = _locations(entry["at"], raw["id"])
        if any(loc >= 4 for loc in locs):
            raise ValueError(f"tile {raw['id']}: a river touches sides only")
        sides.extend(locs)
    return tuple(sorted(sides))


def _derived_edges(segments: tuple[Segment, ...], tile_id: str,
                   river: tuple[int, ...] = ()) -> str:
    letters = []
    for side in range(4):
        if side in river:
            letters.append(RIVER_LETTER)
            continue
        kinds = {s.kind for s in segments if side in s.locations}
        halves = {s.kind for s in segments for loc in s.locations if 4 <= loc < INNER
                  and side_of(loc) == side}
        if kinds:
            (kind,) = kinds
            letters.append(EDGE_LETTERS[kind])
        elif halves:
            letters.append("F")
        else:
            raise ValueError(f"tile {tile_id}: side {SIDE_NAMES[side]} shows nothing")
    return "".join(letters)


def turn(tile: TileType, quarter: int) -> Turned:
    """``tile`` lying on the board turned ``quarter`` quarter turns clockwise."""
    segments = tuple(
        Segment(s.index, s.kind,
                tuple(sorted(rotate_location(loc, quarter) for loc in s.locations)),
                s.shields, s.attributes, s.cities)
        for s in tile.segments
    )
    at = [-1] * (INNER + 1)
    for seg in segments:
        for loc in seg.locations:
            at[loc] = seg.index
    edges = tile.edges[-quarter:] + tile.edges[:-quarter] if quarter else tile.edges
    edge_key = 0
    for side, letter in enumerate(edges):
        edge_key |= EDGE_CODES.get(letter, 0) << (2 * side)  # "-": inside a wonder
    links = []
    for side in range(4):
        side_links = []
        if at[side] >= 0:
            side_links.append((segments[at[side]].kind, at[side], facing_location(side)))
        for half in (4 + 2 * side, 5 + 2 * side):
            if at[half] >= 0:
                side_links.append((FIELD, at[half], facing_location(half)))
        links.append(tuple(side_links))
    monastery = next((s.index for s in segments if s.kind == MONASTERY), -1)
    in_order = tuple(sorted(segments, key=location_order))
    open_sides = tuple(len(s.locations) if s.kind in (CITY, ROAD) else 0 for s in segments)
    river = tuple(sorted((side + quarter) % 4 for side in tile.river))
    return Turned(tile, 90 * quarter, edge_key, edges, segments, tuple(at), tuple(links),
                  monastery, in_order, open_sides, 0, river)


def location_order(segment: Segment) -> int:
    """Sort key of a segment within its tile: its first location as seen on
    the board (a monastery, which touches none, comes last)."""
    return segment.locations[0] if segment.locations else INNER + 1


def _signature(turned: Turned) -> frozenset[Any]:
    return frozenset(
        [(s.kind, s.locations, s.shields, s.attributes,
          frozenset(turned.segments[c].locations for c in s.cities))
         for s in turned.segments] + [("river", turned.river)]
    )


def _build(raw: dict[str, Any], set_name: str, garden_of: str | None = None) -> TileType:
    segments = _segments(raw)
    tile = TileType(raw["id"], set_name, raw["count"], raw["edges"], raw.get("letter"),
                    segments, raw, river=_river_sides(raw), garden_of=garden_of)
    derived = _derived_edges(segments, tile.id, tile.river)
    if derived != tile.edges:
        raise ValueError(f"tile {tile.id}: edges {tile.edges} but segments show {derived}")
    turned = [turn(tile, q) for q in range(4)]
    signatures = [_signature(t) for t in turned]
    for q, t in enumerate(turned):
        t.canonical = 90 * signatures.index(signatures[q])
    tile.turned = tuple(turned)
    return tile


def _read(name: str) -> dict[str, Any]:
    text = resources.files("carcassonne.tiles").joinpath("data", name).read_text("utf-8")
    return tomllib.loads(text)


def load() -> tuple[dict[str, TileType], dict[str, list[TileType]], dict[str, dict[str, Any]]]:
    """Read every set: tiles by id, tiles by set, and raw wonder data by id."""
    by_id: dict[str, TileType] = {}
    by_set: dict[str, list[TileType]] = {}
    wonders: dict[str, dict[str, Any]] = {}
    gardens: list[dict[str, Any]] = []
    for set_name in SET_NAMES:
        data = _read(f"{set_name}.toml" if set_name != "abbot" else "gardens.toml")
        gardens.extend(data.get("gardens", []))
        for raw in data.get("wonders", []):
            wonders[raw["id"]] = raw
        tiles = []
        for raw in data.get("tiles", []):
            tile = _build(raw, set_name)
            if tile.id in by_id:
                raise ValueError(f"tile id {tile.id} appears twice")
            tile.index = len(by_id)
            by_id[tile.id] = tile
            tiles.append(tile)
        total = sum(t.count for t in tiles)
        if tiles and total != data.get("tiles_total", total):
            raise ValueError(f"set {set_name}: {total} tiles, header says {data['tiles_total']}")
        by_set[set_name] = tiles
    by_set["abbot"] = [_garden(entry, by_id) for entry in gardens]
    return by_id, by_set, wonders


def _garden(entry: dict[str, Any], by_id: dict[str, TileType]) -> TileType:
    """A garden tile (``ABBOT-4``): a copy of the tile named by ``of``, one
    copy of it, with a garden. Its set is ``abbot``; it is used only when the
    sets hold both ``abbot`` and the set of ``of``."""
    twin = by_id.get(entry["of"])
    if twin is None:
        raise ValueError(f"garden {entry['id']} is a copy of unknown tile {entry['of']!r}")
    raw = {**twin.data, "id": entry["id"], "count": 1, "garden": True,
           "garden_field": entry.get("field")}
    raw.pop("letter", None)
    tile = _build(raw, "abbot", garden_of=twin.id)
    tile.index = len(by_id)
    by_id[tile.id] = tile
    return tile


_LOADED = load()
TILES: Final = _LOADED[0]
TILES_BY_SET: Final = _LOADED[1]
WONDERS: Final = _LOADED[2]
#: Tile types in index order (``TILE_LIST[t.index] is t``).
TILE_LIST: Final[tuple[TileType, ...]] = tuple(TILES.values())

__all__ = [
    "CITY", "EDGE_CODES", "FIELD", "GARDEN", "HALF_NAMES", "KIND_CODES", "KIND_NAMES",
    "MONASTERY", "RIVER_LAST", "RIVER_START", "ROAD", "SET_NAMES", "START_TILE", "TILES",
    "TILES_BY_SET", "TILE_LIST", "WONDERS",
    "Segment", "TileType", "Turned",
]
