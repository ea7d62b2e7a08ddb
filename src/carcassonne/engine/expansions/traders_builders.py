"""Traders & Builders (docs/rules.md §9): trade goods, the builder and the pig.

State kept per game (``position.state["traders_builders"]``): each player's
goods, and the log of goods taken.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from carcassonne.engine.events import ScoreEvent
from carcassonne.engine.expansions.base import Expansion, Joined, PositionView
from carcassonne.tiles import CITY, FIELD, ROAD, Turned

if TYPE_CHECKING:
    from carcassonne.engine.events import Award

GOODS: Final[tuple[str, ...]] = ("wine", "grain", "cloth")


class TradersBuilders(Expansion):
    set_name = "traders_builders"

    def figures(self) -> dict[str, tuple[int, int]]:
        out = {}
        if self.options.builder:
            out["builder"] = (1, 0)  # TB-BUILD-2: never a follower
        if self.options.pig:
            out["pig"] = (1, 0)  # TB-PIG-2: not a farmer
        return out

    def refusal(self, position: PositionView, player: int, figure: str,
                joined: Joined) -> str | None:
        kind = joined.segment.kind
        if figure == "builder":
            if kind not in (CITY, ROAD):
                return "TB-BUILD-1: the builder goes on a road or a city"
            if not joined.strength.get(player):
                return "TB-BUILD-1: the builder needs one of your followers in that feature"
            if joined.complete:
                return "TB-BUILD-1: the builder cannot go on a feature this tile completes"
        elif figure == "pig":
            if kind != FIELD:
                return "TB-PIG-1: the pig goes on a field"
            if not joined.strength.get(player):
                return "TB-PIG-1: the pig needs one of your farmers in that field"
        return None

    # -- builder: a second turn part ------------------------------------------------

    def extra_part(self, position: PositionView, player: int, pos: int, turned: Turned,
                   first: int) -> bool:
        """``TB-BUILD-3``, ``TB-BUILD-5``: the tile extends a road or city that
        holds the player's builder (even if that feature is now complete)."""
        if not self.options.builder or position.supply[player].get("builder", 0):
            return False
        features, figures = position.features, position.figures
        seen = set()
        for seg in turned.segments:
            if seg.kind not in (CITY, ROAD):
                continue
            r = features.root[first + seg.index]
            if r in seen:
                continue
            seen.add(r)
            for n in features.members[r]:
                if figures.get(n) == (player, "builder"):
                    return True
        return False

    # -- goods -------------------------------------------------------------------------

    def new_state(self, players: int, setup: dict[str, Any]) -> Any:
        return {"goods": [dict.fromkeys(GOODS, 0) for _ in range(players)], "log": []}

    def copy_state(self, state: Any) -> Any:
        return {"goods": [g.copy() for g in state["goods"]], "log": state["log"].copy()}

    def completed(self, position: PositionView, roots: list[int], move: int) -> None:
        """``TB-GOODS-2``: the active player takes the goods of every city
        completed (``TB-GOODS-BGA``: only occupied ones, as an option)."""
        if not self.options.goods:
            return
        features = position.features
        state = position.state[self.set_name]
        player = position.current
        for r in roots:
            if features.node_seg[r].kind != CITY:
                continue
            if self.options.goods_need_follower and not features.followers[r]:
                continue
            taken = dict.fromkeys(GOODS, 0)
            for n in features.members[r]:
                good = features.node_seg[n].attribute("good")
                if good:
                    taken[good] += 1
            taken = {g: c for g, c in taken.items() if c}
            if taken:
                for good, count in taken.items():
                    state["goods"][player][good] += count
                state["log"].append({"move": move, "player": player, "goods": taken})

    def final_scoring(self, position: PositionView, award: Award) -> None:
        """``TB-GOODS-4``, ``FINAL-7``: 10 per good to every player tied for the
        most tokens of it (at least one)."""
        if not self.options.goods:
            return
        goods = position.state[self.set_name]["goods"]
        for good in GOODS:
            best = max(held[good] for held in goods)
            if best < 1:
                continue
            for player, held in enumerate(goods):
                if held[good] == best:
                    award(ScoreEvent(None, player, 10, "goods", True,
                                     f"most {good} ({best}): 10", 0, 0, 0))

    # -- pig ---------------------------------------------------------------------------

    def field_bonus(self, position: PositionView, fields: list[int], player: int) -> int:
        """``TB-PIG-3``, ``FINAL-6``, ``VAR-FARM1-3``: +1 per city when the
        player's pig stands in the field (any of them)."""
        if not self.options.pig:
            return 0
        features, figures = position.features, position.figures
        for r in fields:
            for n in features.members[r]:
                if figures.get(n) == (player, "pig"):
                    return 1
        return 0

    def view(self, position: PositionView, player: int | None) -> dict[str, Any]:
        if not self.options.goods:
            return {}
        state = position.state[self.set_name]
        return {"goods": [g.copy() for g in state["goods"]],
                "goods_log": [dict(entry) for entry in state["log"]]}
