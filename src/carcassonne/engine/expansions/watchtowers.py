"""The Watchtowers (docs/rules.md §10): towers that pay before a road or city scores.

The towers are tile data (``watchtower = { per, points }``) and scenery: no
figure can stand on one (``WT-PLACE``). When a road or city is completed and a
follower stands on its part of a tower tile, the tower pays that follower's
owner first (``WT-TRIGGER``, ``WT-WHO``), counting over the 3x3 block around
the tower (``WT-AREA``), with every figure still on the board (``WT-TIMING``).
Towers pay nothing at the end (``WT-FINAL``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from carcassonne.engine.events import ScoreEvent
from carcassonne.engine.expansions.base import Expansion, PositionView
from carcassonne.tiles import CITY, ROAD
from carcassonne.tiles.geometry import RING

if TYPE_CHECKING:
    from carcassonne.engine.events import Award

#: What each tower type counts, in words: one, many.
_WORDS: Final = {"meeple": ("follower", "followers"),
          "shield": ("coat of arms", "coats of arms"),
          "road_tile": ("tile with a road", "tiles with a road"),
          "monastery": ("monastery", "monasteries"),
          "city_tile": ("tile with a city", "tiles with a city")}


def _count(position: PositionView, per: str, first: int, turned: Any) -> int:
    """How many things of kind ``per`` one tile of the block shows."""
    if per == "shield":
        return sum(seg.shields for seg in turned.segments)
    if per == "road_tile":
        return int(any(seg.kind == ROAD for seg in turned.segments))
    if per == "city_tile":
        return int(any(seg.kind == CITY for seg in turned.segments))
    if per == "monastery":
        return int(turned.monastery >= 0)
    # meeple: every follower figure on the tile, whatever its strength (JCZ, §13 #4)
    figures, strength = position.figures, position.strength
    return sum(1 for n in range(first, first + len(turned.segments))
               if n in figures and strength[figures[n][1]])


class Watchtowers(Expansion):
    set_name = "watchtowers"

    def before_scoring(self, position: PositionView, roots: list[int], move: int,
                       award: Award) -> None:
        features, figures, strength = position.features, position.figures, position.strength
        tiles = position.board.tiles
        for r in roots:
            if features.node_seg[r].kind not in (CITY, ROAD):
                continue
            for n in features.members[r]:
                fig = figures.get(n)
                if fig is None or not strength[fig[1]]:
                    continue
                pos = features.node_pos[n]
                tower = tiles[pos][1].tile.data.get("watchtower")
                if tower is None:
                    continue
                per, points = tower["per"], tower["points"]
                found = 0
                for d in (0, *RING):
                    placed = tiles.get(pos + d)
                    if placed is not None:
                        found += _count(position, per, *placed)
                total = points * found
                if total:
                    what = _WORDS[per][found != 1]
                    award(ScoreEvent(move, fig[0], total, "watchtower", False,
                                     f"watchtower: {found} {what} around it, {points} each: "
                                     f"{total}"))
