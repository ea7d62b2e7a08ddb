"""The tile catalogue of every supported set, loaded once at import."""

from carcassonne.tiles.loader import (
    CITY,
    FIELD,
    KIND_CODES,
    KIND_NAMES,
    MONASTERY,
    ROAD,
    SET_NAMES,
    START_TILE,
    TILE_LIST,
    TILES,
    TILES_BY_SET,
    WONDERS,
    Segment,
    TileType,
    Turned,
)

__all__ = [
    "CITY", "FIELD", "KIND_CODES", "KIND_NAMES", "MONASTERY", "ROAD", "SET_NAMES",
    "START_TILE", "TILES", "TILES_BY_SET", "TILE_LIST", "WONDERS", "Segment", "TileType",
    "Turned",
]
