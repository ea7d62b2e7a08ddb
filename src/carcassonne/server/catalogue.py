"""``GET /api/catalogue``: what a client needs to offer games and draw tiles.

The playable sets, their rule options (name, default, allowed values, set),
the bots (in the order to offer them, each with its kind), the start tile,
and every tile of every set (``SET_NAMES``: a page may have to draw a
record of a set this server does not yet offer) exactly as the catalogue
files describe it, unrotated. Beside edges and segments a tile carries what
is drawn on it: a watchtower tile its ``watchtower`` (what the tower counts
and how many points each); a River tile its ``river`` sides (segments like
roads) and ``spring`` or ``lake`` at the river's ends; a garden tile (The
Abbot) ``garden`` and the half-side of the field it is drawn in,
``garden_field``, and ``garden_of``, the tile it copies; a tile of The
Princess & the Dragon its ``volcano``, ``dragon`` (the dragon symbol) or
``portal`` flag, and a city segment showing the princess ``princess``::

    >>> data = catalogue()
    >>> data["start"], data["tiles"]["BA/RCr"]["edges"], data["sets"][0]
    ('BA/RCr', 'CRFR', 'base')

Options come grouped by set, in the order of the sets, so a lobby can show
each set with its own options (an expansion's elements: the large meeple,
the builder...)::

    >>> [o["set"] for o in data["options"]][:2]
    ['base', 'base']

The rules presets (presets.py) come with the fields each gives a table
and a competition, for the lobby's and the competition form's "Rules
preset"::

    >>> [p["name"] for p in data["presets"]], data["presets"][0]["table"]["timing"]["flag"]
    (['international', 'japan'], 'loss')

The bots come as a lobby offers them: the levels from the weakest, then the
training bots, then any outside bot (``bot_kinds`` says which is which)::

    >>> data["bots"][:7], data["bot_kinds"]["greedy"]
    (['easy', 'friendly', 'medium', 'hard', 'expert', 'random', 'greedy'], 'training')

With The Wonders of Humanity among the playable sets, ``wonders`` holds every
wonder piece by id as ``wonders.toml`` gives it: its name, its ability, its
squares (``"dx,dy"`` from the anchor square to their sides), the monument
squares, its cities, roads and fields (locations ``"dx,dy:LOC"``, each
segment with the ``squares`` it covers), and whether that geometry is still
``provisional`` (docs/rules.md WON-SHAPE).
"""

from __future__ import annotations

import copy
import functools
from typing import Any

from carcassonne.engine.options import OPTION_SPECS
from carcassonne.engine.setup import SUPPORTED_SETS
from carcassonne.server.bots import bot_kinds
from carcassonne.server.presets import presets_view
from carcassonne.tiles import SET_NAMES, START_TILE, TILES_BY_SET, WONDERS, TileType

#: The set whose pieces are listed under ``wonders``.
WONDERS_SET = "wonders"


#: Flags of a tile that say what is drawn on it, given only when set.
MARKERS = ("spring", "lake", "garden", "volcano", "dragon", "portal")


def tile_data(tile: TileType) -> dict[str, Any]:
    """One tile for drawing: edges (N E S W), cities, roads, fields, monastery,
    and what else is drawn on it (see the module docstring)::

        >>> from carcassonne.tiles import TILES
        >>> tile_data(TILES["RI/s"])["river"], tile_data(TILES["RI/s"])["spring"]
        ([{'at': ['E']}], True)
        >>> {k: v for k, v in tile_data(TILES["BA/RrG"]).items() if "garden" in k}
        {'garden': True, 'garden_field': 'NL', 'garden_of': 'BA/Rr'}
        >>> tile_data(TILES["DG/F.v"])["volcano"]
        True
    """
    raw = tile.data
    out = {"set": tile.set, "count": tile.count, "edges": raw["edges"],
           "cities": copy.deepcopy(raw.get("cities", [])),
           "roads": copy.deepcopy(raw.get("roads", [])),
           "fields": copy.deepcopy(raw.get("fields", [])),
           "monastery": bool(raw.get("monastery", False))}
    if "watchtower" in raw:
        out["watchtower"] = dict(raw["watchtower"])
    if raw.get("river"):
        out["river"] = copy.deepcopy(raw["river"])
    for flag in MARKERS:
        if raw.get(flag):
            out[flag] = True
    if tile.garden_of is not None:
        out["garden_field"] = raw.get("garden_field") or "inner"
        out["garden_of"] = tile.garden_of
    return out


def wonder_data(raw: dict[str, Any]) -> dict[str, Any]:
    """One wonder piece for drawing, as ``wonders.toml`` gives it (unrotated).

    The geometry of set I is a reconstruction until the printed pieces are
    known, so a piece is ``provisional`` unless its data says otherwise."""
    return {"name": raw["name"], "ability": raw["ability"],
            "squares": dict(raw["squares"]), "monument": list(raw.get("monument", [])),
            "cities": copy.deepcopy(raw.get("cities", [])),
            "roads": copy.deepcopy(raw.get("roads", [])),
            "fields": copy.deepcopy(raw.get("fields", [])),
            "provisional": bool(raw.get("provisional", True))}


@functools.cache
def _fixed() -> dict[str, Any]:
    options = [{"name": name, "default": default, "allowed": list(allowed), "set": set_name}
               for name, (default, allowed, set_name) in OPTION_SPECS.items()
               if set_name in SUPPORTED_SETS]
    options.sort(key=lambda o: SET_NAMES.index(o["set"]))  # stable: each set's own order
    tiles = {tile.id: tile_data(tile) for name in SET_NAMES for tile in TILES_BY_SET[name]}
    fixed = {"sets": list(SUPPORTED_SETS), "options": options, "start": START_TILE,
             "tiles": tiles}
    if WONDERS_SET in SUPPORTED_SETS:
        fixed["wonders"] = {wonder_id: wonder_data(raw) for wonder_id, raw in WONDERS.items()}
    return fixed


def catalogue() -> dict[str, Any]:
    """The catalogue answer (the bots are read each time: more may be added)."""
    fixed = copy.deepcopy(_fixed())
    kinds = bot_kinds()
    out = {"sets": fixed["sets"], "options": fixed["options"], "bots": list(kinds),
           "bot_kinds": kinds, "start": fixed["start"], "tiles": fixed["tiles"]}
    if "wonders" in fixed:
        out["wonders"] = fixed["wonders"]
    out["presets"] = presets_view()
    return out
