"""The tile catalogue: the project's copy of the data, its counts, and rotations.

The reference tile data lives beside the project in ``../shared/tiles``; the
package ships a copy of every file of it in ``carcassonne/tiles/data``, so a
clone stands alone. When the reference is there the copy must be
byte-identical. The counts below are the printed
contents of each box; the rotation checks recompute, from the segments of
each tile, what the loader precomputes for the hot path.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

from carcassonne.tiles import (
    CITY,
    FIELD,
    MONASTERY,
    ROAD,
    START_TILE,
    TILE_LIST,
    TILES,
    TILES_BY_SET,
    WONDERS,
    TileType,
    Turned,
)
from carcassonne.tiles.geometry import (
    LOCATION_INDEX,
    LOCATION_NAMES,
    facing_location,
    rotate_location,
    side_of,
)

SHARED = Path(__file__).parents[3] / "shared" / "tiles"
PACKAGED = Path(__file__).parents[2] / "src" / "carcassonne" / "tiles" / "data"
ALL_TILES = sorted(TILES)
LETTERS = {CITY: "C", ROAD: "R", FIELD: "F"}


def copies(set_name: str, keep: Callable[[TileType], object] = bool) -> int:
    """How many printed tiles of a set there are (all, or those ``keep`` accepts)."""
    return sum(t.count for t in TILES_BY_SET[set_name] if keep(t))


def city_attribute(tile_id: str, name: str) -> list[object]:
    return [s.attribute(name) for s in TILES[tile_id].segments
            if s.kind == CITY and s.attribute(name) is not None]


# -- the data files -------------------------------------------------------------


@pytest.mark.skipif(not SHARED.is_dir(), reason="../shared/tiles is not beside the project")
@pytest.mark.parametrize("name", sorted(p.name for p in SHARED.iterdir())
                         if SHARED.is_dir() else [])
def test_packaged_data_is_a_byte_identical_copy_of_the_reference(name: str) -> None:
    """Every file of the reference, the catalogue tables and the README
    included, has a byte-identical copy in the package."""
    copy = PACKAGED / name
    assert copy.is_file(), f"{name} of shared/tiles has no copy in the package"
    assert copy.read_bytes() == (SHARED / name).read_bytes(), f"{name} differs from shared/tiles"


def test_the_package_carries_the_whole_catalogue() -> None:
    """A clone stands alone: the data, the notation and the tables for people."""
    names = {p.name for p in PACKAGED.iterdir()}
    assert {"README.md", "CATALOGUE.md"} <= names
    files = {"gardens.toml" if s == "abbot" else f"{s}.toml" for s in TILES_BY_SET}
    assert files | {"wonders.toml"} <= names


# -- counts -------------------------------------------------------------------------


def test_base_game_box() -> None:
    assert copies("base") == 72
    assert copies("base", lambda t: any(s.shields for s in t.segments)) == 10
    assert sum(t.count * s.shields for t in TILES_BY_SET["base"] for s in t.segments) == 10
    assert copies("base", lambda t: t.monastery) == 6
    assert TILES[START_TILE].set == "base"
    assert TILES[START_TILE].count == 4
    assert TILES["BA/RFr"].count == 8 and TILES["BA/Rr"].count == 9
    assert [t.letter for t in TILES_BY_SET["base"]].count(None) == 0
    assert len({t.letter for t in TILES_BY_SET["base"]}) == 24  # letters A to X


def test_inns_and_cathedrals_box() -> None:
    assert copies("inns_cathedrals") == 18
    inns = copies("inns_cathedrals",
                  lambda t: any(s.attribute("inn") for s in t.segments if s.kind == ROAD))
    assert inns == 6
    cathedrals = copies("inns_cathedrals", lambda t: city_attribute(t.id, "cathedral"))
    assert cathedrals == 2
    shields = sum(t.count * s.shields for t in TILES_BY_SET["inns_cathedrals"]
                  for s in t.segments)
    assert shields == 3


def test_traders_and_builders_box() -> None:
    assert copies("traders_builders") == 24
    goods: Counter[object] = Counter()
    for tile in TILES_BY_SET["traders_builders"]:
        for good in city_attribute(tile.id, "good"):
            goods[good] += tile.count
    assert goods == {"wine": 9, "grain": 6, "cloth": 5}


def test_watchtowers_box() -> None:
    assert copies("watchtowers") == 12
    towers = Counter((t.data["watchtower"]["points"], t.data["watchtower"]["per"])
                     for t in TILES_BY_SET["watchtowers"] for _ in range(t.count))
    assert towers == {(1, "city_tile"): 3, (1, "road_tile"): 3, (2, "shield"): 2,
                      (2, "meeple"): 2, (3, "monastery"): 2}


def test_river_box() -> None:
    """``RIVER-1``: 12 tiles, 1 spring, 1 lake, 6 straight and 4 bends."""
    assert copies("river") == 12
    assert copies("river", lambda t: t.data.get("spring")) == 1
    assert copies("river", lambda t: t.data.get("lake")) == 1
    straight = copies("river", lambda t: t.river in ((0, 2), (1, 3)))
    bends = copies("river", lambda t: len(t.river) == 2 and t.river not in ((0, 2), (1, 3)))
    assert (straight, bends) == (6, 4)
    assert copies("river", lambda t: t.monastery) == 1


def test_wonders_are_four() -> None:
    assert sorted(WONDERS) == ["WO/alhambra", "WO/circus_maximus", "WO/notre_dame",
                               "WO/stonehenge"]


def test_ids_are_unique_and_prefixed_by_set() -> None:
    prefixes = {"base": "BA/", "inns_cathedrals": "IC/", "traders_builders": "TB/",
                "watchtowers": "WT/", "river": "RI"}
    ids = [t.id for tiles in TILES_BY_SET.values() for t in tiles]
    assert len(ids) == len(set(ids)) == len(TILES)
    for set_name, tiles in TILES_BY_SET.items():
        for tile in tiles:
            assert tile.set == set_name
            assert tile.id.startswith(prefixes[set_name])
    assert all(TILE_LIST[t.index] is t for t in TILE_LIST)


# -- rotations ----------------------------------------------------------------------


def edges_from_segments(turned: Turned) -> str:
    """What each side shows, N E S W, recomputed from the segments alone and
    the river (``RIVER-PLACE-1``: a river side, ``I``, is no segment; both
    its halves belong to fields, one per bank, ``RIVER-FEAT-2``)."""
    letters = []
    for side in range(4):
        kinds = {s.kind for s in turned.segments if side in s.locations}
        halves = [loc for s in turned.segments if s.kind == FIELD for loc in s.locations
                  if 4 <= loc < LOCATION_INDEX["inner"] and side_of(loc) == side]
        assert len(kinds) <= 1, f"{turned.tile.id}: two features on one side"
        if side in turned.river:
            assert not kinds, f"{turned.tile.id}: a feature on a river side"
            assert len(halves) == 2, f"{turned.tile.id}: a river side has two banks"
            letters.append("I")
        elif kinds:
            letters.append(LETTERS[kinds.pop()])
        else:
            assert len(halves) == 2, f"{turned.tile.id}: a field side has two halves"
            letters.append("F")
    return "".join(letters)


def signature(turned: Turned) -> frozenset[object]:
    """How a tile looks on the board: its segments by kind, place and content,
    and where its river runs (two rotations look the same only if the river
    does too)."""
    return frozenset(
        [(s.kind, s.locations, s.shields, s.attributes,
          frozenset(turned.segments[c].locations for c in s.cities))
         for s in turned.segments] + [("river", turned.river)]
    )


@pytest.mark.parametrize("tile_id", ALL_TILES)
def test_each_rotation_shows_the_edges_its_segments_make(tile_id: str) -> None:
    tile = TILES[tile_id]
    assert len(tile.turned) == 4
    for quarter, turned in enumerate(tile.turned):
        assert turned.rotation == 90 * quarter
        assert turned.tile is tile
        assert turned.edges == edges_from_segments(turned)
        # Turning a quarter clockwise brings the west side to the north.
        assert turned.edges == tile.edges[4 - quarter:] + tile.edges[:4 - quarter]
    assert tile.turned[0].edges == tile.edges


@pytest.mark.parametrize("tile_id", ALL_TILES)
def test_each_rotation_turns_every_segment(tile_id: str) -> None:
    tile = TILES[tile_id]
    for quarter, turned in enumerate(tile.turned):
        for original, seg in zip(tile.segments, turned.segments, strict=True):
            assert seg.kind == original.kind and seg.shields == original.shields
            assert sorted(seg.locations) == sorted(
                rotate_location(loc, quarter) for loc in original.locations)
            for loc in seg.locations:
                assert turned.at[loc] == seg.index
        named = {loc for seg in turned.segments for loc in seg.locations}
        assert all(turned.at[loc] == -1 for loc in range(len(LOCATION_NAMES))
                   if loc not in named)
        assert (turned.monastery >= 0) == tile.monastery
        if tile.monastery:
            assert turned.segments[turned.monastery].kind == MONASTERY


@pytest.mark.parametrize("tile_id", ALL_TILES)
def test_four_quarter_turns_return_the_original(tile_id: str) -> None:
    tile = TILES[tile_id]
    for quarter, turned in enumerate(tile.turned):
        following = tile.turned[(quarter + 1) % 4]
        for seg, nxt in zip(turned.segments, following.segments, strict=True):
            assert sorted(rotate_location(loc, 1) for loc in seg.locations) == sorted(
                nxt.locations)
    for loc in range(len(LOCATION_NAMES)):
        assert rotate_location(loc, 4) == loc
        turned_loc = loc
        for _ in range(4):
            turned_loc = rotate_location(turned_loc, 1)
        assert turned_loc == loc


def test_facing_locations_pair_up() -> None:
    names = {LOCATION_NAMES[loc]: LOCATION_NAMES[facing_location(loc)] for loc in range(12)}
    assert names["N"] == "S" and names["E"] == "W"
    assert names["NL"] == "SR" and names["NR"] == "SL"  # looking out swaps left and right
    assert names["EL"] == "WR" and names["ER"] == "WL"
    assert all(facing_location(facing_location(loc)) == loc for loc in range(12))


@pytest.mark.parametrize("tile_id", ALL_TILES)
def test_canonical_rotation_is_the_smallest_that_looks_the_same(tile_id: str) -> None:
    tile = TILES[tile_id]
    looks = [signature(t) for t in tile.turned]
    for quarter, turned in enumerate(tile.turned):
        assert turned.canonical == 90 * looks.index(looks[quarter])
        same = tile.turned[turned.canonical // 90]
        assert same.edges == turned.edges


@pytest.mark.parametrize(("tile_id", "canonical"), [
    ("BA/RFr", (0, 90, 0, 90)),  # straight road
    ("BA/CFC.2", (0, 90, 0, 90)),  # two city caps facing away
    ("BA/CFc+", (0, 90, 0, 90)),  # city across the tile
    ("BA/L", (0, 0, 0, 0)),  # monastery in a field
    ("BA/RRRR", (0, 0, 0, 0)),  # crossroads
    ("BA/Cccc+", (0, 0, 0, 0)),  # city on every side
    ("BA/RCr", (0, 90, 180, 270)),  # the start tile has no symmetry
    ("BA/Rr", (0, 90, 180, 270)),  # curve
    ("BA/LR", (0, 90, 180, 270)),  # monastery with a road
    ("IC/RrRr", (0, 90, 0, 90)),  # two separate curves
    ("TB/RRrr", (0, 0, 0, 0)),  # bridge: two roads that cross without meeting
    ("RI.1/IFI", (0, 90, 0, 90)),  # straight river, same fields on both banks
    ("RI/s", (0, 90, 180, 270)),  # the spring: one field, the river sets it apart
    ("RI.1/I.e", (0, 90, 180, 270)),  # the lake likewise
    ("RI.1/RIrI", (0, 90, 0, 90)),  # a road bridging the river
])
def test_canonical_rotations_of_known_tiles(tile_id: str, canonical: tuple[int, ...]) -> None:
    assert tuple(t.canonical for t in TILES[tile_id].turned) == canonical


def test_start_tile_shape() -> None:
    start = TILES[START_TILE].turned[0]
    assert start.edges == "CRFR"
    city = start.segments[start.at[LOCATION_INDEX["N"]]]
    road = start.segments[start.at[LOCATION_INDEX["E"]]]
    assert city.kind == CITY and road.kind == ROAD
    assert start.at[LOCATION_INDEX["W"]] == road.index  # one road from west to east
    north_field = start.at[LOCATION_INDEX["EL"]]
    assert start.at[LOCATION_INDEX["WR"]] == north_field
    assert start.at[LOCATION_INDEX["SL"]] != north_field
