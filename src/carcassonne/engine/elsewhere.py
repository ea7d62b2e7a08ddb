"""Figures off the tile just placed: a follower through a magic portal.

Normally the figure of a turn part goes on the tile just placed
(``MEEPLE-1``). An expansion may let a follower go instead on **any
unoccupied feature of any placed tile that is not complete**
(``PD-PORTAL``): :meth:`Expansion.portal` says for which tiles, and which
squares stay barred (the dragon's, ``PD-DRAGON-BLOCK``). This module lists
those options (:func:`options`) and checks one (:func:`place`), side by side,
for :mod:`carcassonne.engine.legal`.

A feature is judged as it will be once the new tile lies, as ``MEEPLE-3``
judges the tile's own segments (:mod:`carcassonne.engine.joins`): a feature
the new tile joins to an occupied one is occupied, and one the new tile
completes is complete, so a follower may go on it only on the portal tile
itself (``MEEPLE-4``). Only followers pass a portal; the builder and the pig
stay on the tile just placed. A follower goes only where it may stand at
all: the abbot on a monastery or a garden, nothing else on a garden
(``ABBOT-2``, ``ABBOT-3``, ``ABBOT-PD``).

A figure through a portal is written with the square it stands on
(``Figure.on``, docs/formats.md); resolved, it is the node of that segment.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from carcassonne.engine.expansions.base import Joined
from carcassonne.engine.joins import free, joined, refusal, stand_refusal, touching
from carcassonne.engine.moves import SPOTLESS, Figure
from carcassonne.tiles import CITY, FIELD, KIND_NAMES, ROAD, Segment, Turned
from carcassonne.tiles.geometry import LOCATION_INDEX, RING, pack, unpack

if TYPE_CHECKING:
    from carcassonne.engine.position import Position


def barred_squares(position: Position, pos: int, turned: Turned) -> tuple[int, ...] | None:
    """The squares a follower may not reach through ``turned`` placed on
    ``pos``; None when it is no portal (the figure stays on the tile)."""
    for expansion in position.placers:
        squares = expansion.portal(position, pos, turned)
        if squares is not None:
            return squares
    return None


class After:
    """Whether a feature of the board is occupied or complete once the new
    tile lies: what the tile changes (the features it touches, the
    monasteries around it), else the feature as it is."""

    __slots__ = ("complete", "occupied", "pos", "position")

    def __init__(self, position: Position, pos: int, turned: Turned) -> None:
        self.position, self.pos = position, pos
        touched = touching(position, pos, turned)
        empty = free(position, pos, turned, touched)
        joins = joined(position, pos, turned, touched)
        #: Per root the new tile touches: occupied, complete.
        self.occupied = {r: not empty[i] for r, i in touched[1].items()}
        self.complete = {r: joins[i].complete for r, i in touched[1].items()}

    def open_to(self, node: int) -> str | None:
        """Why a follower may not go on ``node``'s feature (``MEEPLE-3``,
        ``PD-PORTAL``), or None."""
        position = self.position
        features = position.features
        r = features.root[node]
        kind = features.node_seg[node].kind
        occupied = self.occupied.get(r)
        if occupied is None:
            occupied = features.followers[r] > 0
        if occupied:
            return "MEEPLE-3: that feature, once the tile is connected, already holds a follower"
        complete = self.complete.get(r)
        if complete is None:
            if kind in (CITY, ROAD):
                complete = features.open[r] == 0
            elif kind == FIELD:
                complete = False
            else:  # a monastery or a garden: its 8 neighbours, the new tile counted
                tiles, square = position.board.tiles, features.node_pos[node]
                complete = all(square + d in tiles or square + d == self.pos for d in RING)
        if complete:
            return ("PD-PORTAL: through a portal a follower goes only on a feature that is "
                    "not complete; one the new tile completes may be taken on the portal "
                    "tile itself")
        return None


def _figure(figure: str, seg: Segment, square: int) -> Figure:
    kind = KIND_NAMES[seg.kind]
    return Figure(figure, kind, None if kind in SPOTLESS else seg.spot, unpack(square))


def options(position: Position, player: int, pos: int, turned: Turned) -> list[tuple[int, Figure]]:
    """Every follower ``player`` may put on another placed tile through
    ``turned`` placed on ``pos`` (``PD-PORTAL``): (node, figure with its
    square), tiles in placement order, segments in board order, figures in
    supply order."""
    barred = barred_squares(position, pos, turned)
    if barred is None:
        return []
    strength = position.strength
    followers = [k for k, n in position.supply[player].items() if n > 0 and strength[k]]
    if not followers:
        return []
    after = After(position, pos, turned)
    farmers = position.farmers
    out: list[tuple[int, Figure]] = []
    for square, (first, there) in position.board.tiles.items():
        if square in barred:
            continue
        for seg in there.in_order:
            if seg.spot is None and KIND_NAMES[seg.kind] not in SPOTLESS:
                continue  # a wonder's part that touches no side cannot be named
            if seg.kind == FIELD and not farmers:
                continue
            node = first + seg.index
            if after.open_to(node) is not None:
                continue
            where = Joined(seg, False, {})
            for figure in followers:
                if stand_refusal(figure, seg.kind) is not None:
                    continue  # ABBOT-PD: the abbot's places only, a garden the abbot's
                if refusal(position, player, figure, where) is None:
                    out.append((node, _figure(figure, seg, square)))
    return out


def place(position: Position, player: int, pos: int, turned: Turned, fig: Figure) -> int | str:
    """The node ``fig`` (standing ``on`` another square than ``pos``) would
    stand on through the portal ``turned``, or why it may not, as
    ``"RULE-ID: words"``. The supply was checked already."""
    assert fig.on is not None
    barred = barred_squares(position, pos, turned)
    x, y = fig.on
    if barred is None:
        return (f"MEEPLE-1: a figure goes on the tile just placed, not on {x},{y} "
                f"(only a magic portal leads elsewhere, PD-PORTAL)")
    square = pack(x, y) if -2000 < x < 2000 and -2000 < y < 2000 else None
    found = position.board.tiles.get(square) if square is not None else None
    if square is None or found is None:
        return f"PD-PORTAL: no tile lies on {x},{y}"
    if square in barred:
        return f"PD-DRAGON-BLOCK: the dragon stands on {x},{y}: no figure goes there"
    first, there = found
    if fig.feature in SPOTLESS:
        segs = [s for s in there.segments if KIND_NAMES[s.kind] == fig.feature]
    else:
        index = there.at[LOCATION_INDEX[fig.spot]] if fig.spot is not None else -1
        segs = [there.segments[index]] if index >= 0 else []
        segs = [s for s in segs if KIND_NAMES[s.kind] == fig.feature]
    if not segs:
        return f"MEEPLE-2: the tile on {x},{y} has no {fig.feature} at {fig.spot}"
    seg = segs[0]
    if not position.strength[fig.figure]:
        return (f"PD-PORTAL: only a follower goes through a magic portal; the "
                f"{fig.figure} stays on the tile just placed")
    if seg.kind == FIELD and not position.farmers:
        return "MEEPLE-2: farmers are switched off in this game (option farmers = false)"
    node = first + seg.index
    reason = stand_refusal(fig.figure, seg.kind)  # ABBOT-PD
    if reason is None:
        reason = After(position, pos, turned).open_to(node)
    if reason is None:
        reason = refusal(position, player, fig.figure, Joined(seg, False, {}))
    return node if reason is None else reason
