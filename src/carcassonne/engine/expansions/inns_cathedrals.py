"""Inns & Cathedrals (docs/rules.md §8): the large meeple, inns and cathedrals.

The tiles need no code (``IC-TILES``, ``IC-CROSS``, ``IC-TINY``: the stubs of
``IC/CRCR`` are scenery in the tile data). What changes is one figure and what
roads and cities are worth.
"""

from __future__ import annotations

from typing import ClassVar

from carcassonne.engine.expansions.base import Expansion, PositionView
from carcassonne.tiles import CITY, ROAD


def _has(position: PositionView, r: int, attribute: str) -> bool:
    node_seg = position.features.node_seg
    return any(node_seg[n].attribute(attribute) for n in position.features.members[r])


class InnsCathedrals(Expansion):
    set_name = "inns_cathedrals"
    max_players: ClassVar[int] = 6

    def figures(self) -> dict[str, tuple[int, int]]:
        # IC-LARGE-1, IC-LARGE-2: one large meeple each, strength 2.
        return {"large": (1, 2)} if self.options.large_meeple else {}

    def feature_value(self, position: PositionView, kind: int, r: int, final: bool, tiles: int,
                      shields: int) -> tuple[int, str] | None:
        tile_words = f"{tiles} tile" + ("" if tiles == 1 else "s")
        normal = self.options.incomplete_inn_cathedral == "normal"
        if kind == ROAD and self.options.inns and _has(position, r, "inn"):
            if final:
                # IC-INN-2 (IC-VERSION: "normal" scores it as a plain road)
                return None if normal else (0, f"incomplete road of {tile_words} with an "
                                                f"inn: 0")
            points = 2 * tiles  # IC-INN-1, IC-INN-3: inns do not stack
            return points, f"road of {tile_words} with an inn: {points}"
        if kind == CITY and self.options.cathedrals and _has(position, r, "cathedral"):
            arms = "" if not shields else (
                f" with {shields} coat{'s' if shields > 1 else ''} of arms and")
            what = f"city of {tile_words}{arms or ' with'} a cathedral"
            if final:
                # IC-CATH-1 (IC-VERSION: "normal" scores it as a plain city)
                return None if normal else (0, f"incomplete {what}: 0")
            points = 3 * (tiles + shields)  # IC-CATH-1: cathedrals do not stack
            return points, f"{what}: {points}"
        return None
