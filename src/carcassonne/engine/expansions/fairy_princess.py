"""The fairy and the princess (docs/rules.md §17.3, §17.4): two actions
instead of a figure, listed, refused with their rule, and resolved.

* The fairy (``PD-FAIRY-1``) moves next to one of the active player's own
  followers anywhere on the board (``fairy:city:N@3,2``), not to the one it
  stands beside already; with ``fairy_placement`` ``"on_tile"`` onto a tile
  holding one of their followers, not the tile it stands on (``fairy@3,2``).
  Followers are the figures of strength above 0 (meeple, large meeple,
  abbot); builder and pig do not count.
* The princess (``PD-PRINCESS``): when the tile placed shows a princess in
  a city segment and that city, once the tile lies, holds knights (anyone's),
  one of those knights goes home (``princess:N@0,-2``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from carcassonne.engine.moves import SPOTLESS, Fairy, Princess
from carcassonne.tiles import CITY, KIND_NAMES, Turned
from carcassonne.tiles.geometry import DELTA, LOCATION_INDEX, pack, unpack

if TYPE_CHECKING:
    from carcassonne.engine.expansions.base import PositionView

NAME: Final = "princess_dragon"


def _named(position: PositionView, node: int) -> tuple[str, str | None] | None:
    """The feature and spot that name ``node`` in a move, or None when it
    cannot be named (a wonder's part that touches no side)."""
    seg = position.features.node_seg[node]
    kind = KIND_NAMES[seg.kind]
    if kind in SPOTLESS:
        return kind, None
    return None if seg.spot is None else (kind, seg.spot)


def _followers(position: PositionView, player: int) -> list[int]:
    """The nodes of ``player``'s followers, in placement order."""
    strength = position.strength
    nodes = [n for n, (owner, figure) in position.figures.items()
             if owner == player and strength[figure]]
    return sorted(nodes, key=position.features.placement_order)


def followers_on(position: PositionView, square: int | None) -> list[int]:
    """The nodes of every follower on ``square`` (anyone's)."""
    if square is None:
        return []
    first, turned = position.board.tiles[square]
    figures, strength = position.figures, position.strength
    return [n for n in range(first, first + len(turned.segments))
            if n in figures and strength[figures[n][1]]]


def fairy_moves(position: PositionView, player: int, placement: str) -> list[Fairy]:
    """Where ``player`` may move the fairy (``PD-FAIRY-1``)."""
    state = position.state[NAME]
    node_pos = position.features.node_pos
    out: list[Fairy] = []
    if placement == "on_tile":
        for node in _followers(position, player):
            square = node_pos[node]
            move = Fairy(unpack(square))
            if square != state["fairy"] and move not in out:
                out.append(move)
        return out
    for node in _followers(position, player):
        named = _named(position, node)
        if node != state["beside"] and named is not None:
            out.append(Fairy(unpack(node_pos[node]), named[0], named[1]))
    return out


def fairy_target(position: PositionView, fairy: Fairy) -> tuple[int, int | None]:
    """The square a checked fairy move goes to, and the node of the
    follower named (None with ``on_tile``)."""
    square = pack(*fairy.on)
    if fairy.feature is None:
        return square, None
    return square, _node(position, square, fairy.feature, fairy.spot)


def _node(position: PositionView, square: int, feature: str, spot: str | None) -> int | None:
    """The node of the segment named by ``feature`` and ``spot`` on the
    tile at ``square``, or None."""
    found = position.board.tiles.get(square)
    if found is None:
        return None
    first, turned = found
    if feature in SPOTLESS:
        indexes = [s.index for s in turned.segments if KIND_NAMES[s.kind] == feature]
    else:
        loc = LOCATION_INDEX.get(spot) if spot is not None else None
        index = turned.at[loc] if loc is not None else -1
        indexes = [index] if index >= 0 and KIND_NAMES[
            turned.segments[index].kind] == feature else []
    return first + indexes[0] if indexes else None


def refuse_fairy(position: PositionView, player: int, fairy: Fairy,
                 placement: str) -> str:
    """Why a fairy move not listed by :func:`fairy_moves` is refused."""
    x, y = fairy.on
    name = position.players[player]
    if placement == "on_tile":
        if fairy.feature is not None:
            return ("PD-FAIRY-1: with fairy_placement on_tile the fairy goes on a tile "
                    f"(fairy@{x},{y}), not next to one follower")
        square = pack(x, y) if -2000 < x < 2000 and -2000 < y < 2000 else None
        if square is not None and square == position.state[NAME]["fairy"]:
            return f"PD-FAIRY-1: the fairy stands on {x},{y} already"
        return f"PD-FAIRY-1: no follower of {name} stands on {x},{y}"
    if fairy.feature is None:
        return ("PD-FAIRY-1: the fairy moves next to one follower (fairy:feature:spot@x,y; "
                "fairy@x,y is the on_tile rule)")
    square = pack(x, y) if -2000 < x < 2000 and -2000 < y < 2000 else None
    node = None if square is None else _node(position, square, fairy.feature, fairy.spot)
    if node is None or position.figures.get(node, (-1, ""))[0] != player or not (
            position.strength[position.figures[node][1]]):
        return f"PD-FAIRY-1: no follower of {name} stands on that {fairy.feature} at {x},{y}"
    if node == position.state[NAME]["beside"]:
        return "PD-FAIRY-1: the fairy stands beside that follower already"
    named = _named(position, node)
    return (f"PD-FAIRY-1: name the follower's segment as the moves list it "
            f"({named[1] if named else 'unnamed'})")


def _princess_cities(position: PositionView, pos: int, turned: Turned) -> list[int]:
    """The roots of the city features each princess segment of ``turned``
    joins once it lies on ``pos`` (its own sides, and through other
    segments of the tile that reach the same city), in order of contact."""
    tiles, root = position.board.tiles, position.features.root
    touch: dict[int, list[int]] = {}
    for side, delta in enumerate(DELTA):
        neighbour = tiles.get(pos + delta)
        if neighbour is None:
            continue
        nfirst, nturned = neighbour
        for kind, mine, theirs in turned.links[side]:
            if kind == CITY:
                touch.setdefault(mine, []).append(root[nfirst + nturned.at[theirs]])
    out: list[int] = []
    for seg in turned.segments:
        if seg.kind != CITY or not seg.attribute("princess"):
            continue
        group, todo = {seg.index}, [seg.index]
        while todo:
            for r in touch.get(todo.pop(), []):
                if r not in out:
                    out.append(r)
                for other, roots in touch.items():
                    if r in roots and other not in group:
                        group.add(other)
                        todo.append(other)
    return out


def princess_moves(position: PositionView, pos: int, turned: Turned) -> list[Princess]:
    """The knights the princess of ``turned`` placed on ``pos`` may remove
    (``PD-PRINCESS``): every follower in her city once the tile lies."""
    if not any(s.attribute("princess") for s in turned.segments):
        return []
    features, figures, strength = position.features, position.figures, position.strength
    knights = [n for r in _princess_cities(position, pos, turned) for n in features.members[r]
               if n in figures and strength[figures[n][1]]]
    out: list[Princess] = []
    for node in sorted(knights, key=features.placement_order):
        named = _named(position, node)
        if named is not None and named[1] is not None:
            out.append(Princess(unpack(features.node_pos[node]), named[1]))
    return out


def refuse_princess(position: PositionView, princess: Princess, pos: int,
                    turned: Turned) -> str:
    """Why a princess move not listed by :func:`princess_moves` is refused."""
    if not any(s.attribute("princess") for s in turned.segments):
        return f"PD-PRINCESS: {turned.tile.id} shows no princess"
    x, y = princess.on
    return (f"PD-PRINCESS: no knight of the princess's city stands on {princess.spot} "
            f"at {x},{y}")


def knight_node(position: PositionView, princess: Princess) -> int:
    """The node of the knight a checked princess move removes."""
    node = _node(position, pack(*princess.on), "city", princess.spot)
    assert node is not None
    return node
