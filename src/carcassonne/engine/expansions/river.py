"""The River (docs/rules.md §15): the spring, the river stack, and where river tiles go.

The tiles come from data (``tiles/river.toml``): a river side has edge code 0
in a :class:`~carcassonne.tiles.Turned`'s ``edge_key``, so the board's open
spots and ``FITS`` tables know nothing of the river; ``Turned.river`` lists
the river sides as seen on the board. This module holds the rest:

* setup: the spring ``RI/s`` is the start tile (``RIVER-SETUP-1``); the
  stack begins with the river course tiles, shuffled, then the lake
  (``RIVER-SETUP-2``, ``RIVER-REC``): :meth:`River.head` and
  :meth:`River.check_head`. The course tiles are every river tile of the
  game's stack that is neither the spring nor the lake, so a garden copy of
  a river tile (The Abbot) joins them by itself;
* placement: a river tile goes only at the open river end, one of its river
  sides meeting it, every other side matching (a river side meets only a
  river side), and the river may not turn the same way twice in a row
  (``RIVER-PLACE-1``, ``RIVER-UTURN``, or JCloisterZone's free-squares test
  with ``river_check: "jcz"``, ``RIVER-LOOKAHEAD``);
* an unplaceable river tile is removed as ``PLACE-4`` removes a land tile;
  once the lake is removed, the square before the open river end is closed
  for good (``RIVER-UNPLACEABLE``).

The rest of §15 needs nothing here: the river is no segment, so no figure
stands on it and it never scores (``RIVER-FEAT-1``); the fields on its banks
are split by the data (``RIVER-FEAT-2``, ``RIVER-FEAT-3``); river tiles count
as tiles (``RIVER-SCORE``). The turn machine draws the head of the stack
first and deals hands, holds wonders and gives builders their second tile
by the position's ``head`` (``RIVER-SETUP-3``, ``RIVER-WONDER``,
``RIVER-BUILDER``).

State kept per game (``position.state["river"]``): the open river end, as
the empty square it faces and the side of that square the next river tile
must show a river on (None once the lake lies), the way the last river tile
turned the river (``-1`` left, ``1`` right, ``0`` straight, seen going
downstream), and whether the open end was closed.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Final

from carcassonne.engine.errors import SetupError
from carcassonne.engine.expansions.base import Expansion, PositionView
from carcassonne.tiles import TILE_LIST, TILES, Turned
from carcassonne.tiles.geometry import DELTA, SIDE_NAMES, unpack
from carcassonne.tiles.loader import RIVER_LAST, RIVER_START

#: The turn of the river through a tile, by (side it enters, side it leaves):
#: seen going downstream, leaving through the side clockwise of straight on
#: is a right turn (entering through west, flowing east, leaving south).
LEFT: Final = -1
RIGHT: Final = 1
_WAY_NAMES: Final = {LEFT: "left", RIGHT: "right"}


def turn_of(enters: int, leaves: int) -> int:
    """How the river turns through a tile it enters by side ``enters`` and
    leaves by side ``leaves`` (``RIVER-UTURN``): ``LEFT``, ``RIGHT`` or 0
    (straight on)::

        >>> turn_of(3, 1), turn_of(3, 2), turn_of(3, 0)
        (0, 1, -1)
    """
    if leaves == (enters + 2) % 4:
        return 0
    return RIGHT if leaves == (enters + 3) % 4 else LEFT


def is_course(tile_id: str) -> bool:
    """Whether ``tile_id`` is a river-course tile: a river tile that is neither
    the spring nor the lake (``RIVER-1``; a garden copy of one included)."""
    tile = TILES[tile_id]
    return bool(tile.river) and tile_id not in (RIVER_START, RIVER_LAST)


class River(Expansion):
    set_name = "river"
    start_tile = RIVER_START  # RIVER-SETUP-1

    # -- the stack -----------------------------------------------------------------

    @classmethod
    def head(cls, tiles: list[str]) -> list[list[str]]:
        """``RIVER-SETUP-2``: the course tiles, then the lake, before the land."""
        return [[t for t in tiles if is_course(t)], [t for t in tiles if t == RIVER_LAST]]

    @classmethod
    def check_head(cls, stack: list[str], parts: list[list[str]]) -> None:
        """``RIVER-REC``: the stack's first entries are the course tiles in
        some order, then the lake."""
        start = 0
        for part in parts:
            got = stack[start:start + len(part)]
            if Counter(got) != Counter(part):
                course = len(parts[0])
                raise SetupError(
                    f"RIVER-REC: with the River the stack must begin with the {course} "
                    f"river-course tiles in draw order, then {RIVER_LAST} "
                    f"({', '.join(sorted(set(parts[0])))}); entries {start + 1} to "
                    f"{start + len(part)} are {', '.join(got) or 'missing'}")
            start += len(part)

    # -- state ---------------------------------------------------------------------

    def new_state(self, players: int, setup: dict[str, Any]) -> Any:
        spring = TILES[RIVER_START].turned[0]
        (out,) = spring.river  # the spring at 0,0 (pack(0, 0) == 0), river leaving east
        return {"end": DELTA[out], "side": (out + 2) % 4, "turn": 0, "closed": False}

    def copy_state(self, state: Any) -> Any:
        return dict(state)

    # -- placing river tiles ---------------------------------------------------------

    def own_placements(self, position: PositionView,
                       tile: int) -> list[tuple[int, int]] | None:
        """``RIVER-PLACE-1``: a river tile goes only at the open river end."""
        turned = TILE_LIST[tile].turned
        if not turned[0].river:
            return None
        state = position.state["river"]
        end = state["end"]
        if end is None:
            return []
        return [(end, q) for q in range(4) if turned[q].canonical == 90 * q
                and self.refuse_placement(position, tile, end, turned[q]) is None]

    def refuse_placement(self, position: PositionView, tile: int, pos: int,
                         turned: Turned) -> str | None:
        state = position.state["river"]
        end, side = state["end"], state["side"]
        if end is None:
            return "RIVER-PLACE-1: the river has no open end to continue"
        if pos != end:
            x, y = unpack(end)
            return f"RIVER-PLACE-1: a river tile continues the river, at its open end {x},{y}"
        if side not in turned.river:
            return (f"RIVER-PLACE-1: one of the tile's river sides must meet the open river "
                    f"end (its {SIDE_NAMES[side]} side)")
        tiles = position.board.tiles
        for s in range(4):
            neighbour = tiles.get(pos + DELTA[s])
            if neighbour is None:
                continue
            other = neighbour[1]
            facing = (s + 2) % 4
            mine, theirs = s in turned.river, facing in other.river
            if mine != theirs:
                return (f"RIVER-PLACE-1: the {SIDE_NAMES[s]} side shows "
                        f"{'a river' if mine else 'no river'}, the neighbour "
                        f"{'a river' if theirs else 'no river'}: a river side meets only "
                        f"a river side")
            if not mine and other.edges[facing] != turned.edges[s]:
                return (f"PLACE-2: the {SIDE_NAMES[s]} side shows {turned.edges[s]}, the "
                        f"neighbour {other.edges[facing]}")
        leaves = [s for s in turned.river if s != side]
        if not leaves:
            return None  # the lake: the river ends here
        if self.options.river_check == "jcz":
            return _lookahead(position, pos, leaves[0])
        way = turn_of(side, leaves[0])
        if way and way == state["turn"]:
            return (f"RIVER-UTURN: the river may not turn {_WAY_NAMES[way]} twice in a row "
                    f"(the tile before turned it {_WAY_NAMES[way]} too)")
        return None

    def placed(self, position: PositionView, pos: int, turned: Turned) -> None:
        """The river goes on from a river tile just laid (``RIVER-PLACE-1``)."""
        state = position.state["river"]
        if not turned.river or pos != state["end"]:
            return
        leaves = [s for s in turned.river if s != state["side"]]
        new = dict(state)
        if leaves:
            new["end"] = pos + DELTA[leaves[0]]
            new["side"] = (leaves[0] + 2) % 4
            new["turn"] = turn_of(state["side"], leaves[0])
        else:  # the lake
            new["end"] = None
        position.state["river"] = new

    def discarded(self, position: PositionView, tile: int) -> None:
        """``RIVER-UNPLACEABLE``: the lake removed, the river stays open and no
        tile may ever lie against its open end."""
        state = position.state["river"]
        if TILE_LIST[tile].id != RIVER_LAST or state["end"] is None:
            return
        position.close_square(state["end"], "RIVER-UNPLACEABLE: no tile may lie against "
                                             "the open end of the river")
        position.state["river"] = {**state, "closed": True}

    # -- view ------------------------------------------------------------------------

    def view(self, position: PositionView, player: int | None) -> dict[str, Any]:
        state = position.state["river"]
        end = state["end"]
        return {"river": {"end": None if end is None else list(unpack(end)),
                          "closed": state["closed"]}}


def _lookahead(position: PositionView, pos: int, leaves: int) -> str | None:
    """``RIVER-LOOKAHEAD`` (JCloisterZone's test): the square beyond the river
    leaving ``pos`` by side ``leaves``, the square two beyond, and each of
    their two neighbours across the flow must all be empty."""
    tiles = position.board.tiles
    ahead, across = DELTA[leaves], DELTA[(leaves + 1) % 4]
    for step in (1, 2):
        centre = pos + step * ahead
        for square in (centre, centre + across, centre - across):
            if square in tiles:
                x, y = unpack(square)
                return (f"RIVER-LOOKAHEAD: the river would run towards the tile on {x},{y} "
                        f"(river_check jcz: the squares ahead must be empty)")
    return None


__all__ = ["LEFT", "RIGHT", "River", "is_course", "turn_of"]
