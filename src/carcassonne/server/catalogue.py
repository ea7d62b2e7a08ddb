"""``GET /api/catalogue``: what a client needs to offer games and draw tiles.

The playable sets, their rule options (name, default, allowed values, set),
the bots, the start tile, and every tile of the playable sets exactly as the
catalogue files describe it, unrotated::

    >>> data = catalogue()
    >>> data["start"], data["tiles"]["BA/RCr"]["edges"], data["sets"][0]
    ('BA/RCr', 'CRFR', 'base')

Options come grouped by set, in the order of the sets, so a lobby can show
each set with its own options (an expansion's elements: the large meeple,
the builder...)::

    >>> [o["set"] for o in data["options"]][:2]
    ['base', 'base']
"""

from __future__ import annotations

import copy
import functools
from typing import Any

from carcassonne.engine.options import OPTION_SPECS
from carcassonne.engine.setup import SUPPORTED_SETS
from carcassonne.server.bots import bot_names
from carcassonne.tiles import SET_NAMES, START_TILE, TILES_BY_SET, TileType


def tile_data(tile: TileType) -> dict[str, Any]:
    """One tile for drawing: edges (N E S W), cities, roads, fields, monastery."""
    raw = tile.data
    return {"set": tile.set, "count": tile.count, "edges": raw["edges"],
            "cities": copy.deepcopy(raw.get("cities", [])),
            "roads": copy.deepcopy(raw.get("roads", [])),
            "fields": copy.deepcopy(raw.get("fields", [])),
            "monastery": bool(raw.get("monastery", False))}


@functools.cache
def _fixed() -> dict[str, Any]:
    options = [{"name": name, "default": default, "allowed": list(allowed), "set": set_name}
               for name, (default, allowed, set_name) in OPTION_SPECS.items()
               if set_name in SUPPORTED_SETS]
    options.sort(key=lambda o: SET_NAMES.index(o["set"]))  # stable: each set's own order
    tiles = {tile.id: tile_data(tile) for name in SUPPORTED_SETS for tile in TILES_BY_SET[name]}
    return {"sets": list(SUPPORTED_SETS), "options": options, "start": START_TILE,
            "tiles": tiles}


def catalogue() -> dict[str, Any]:
    """The catalogue answer (the bots are read each time: more may be added)."""
    fixed = copy.deepcopy(_fixed())
    return {"sets": fixed["sets"], "options": fixed["options"], "bots": bot_names(),
            "start": fixed["start"], "tiles": fixed["tiles"]}
