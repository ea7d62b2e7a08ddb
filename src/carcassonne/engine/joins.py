"""What a tile about to be placed would join, worked out without placing it.

Checking a figure (``MEEPLE-3``: the feature must hold no follower once the
tile is connected; an expansion's rule for a special figure) and listing
figure options both ask how the tile's segments would join the features
around it. :func:`touching` answers once per placement; :func:`free` and
:func:`joined` read that answer. :func:`refusal` asks the expansions about a
special figure and :func:`refuse_action` about an action not offered;
:func:`stand_refusal` says where a figure may never stand, whatever it would
join (the abbot and gardens), for every way a figure reaches a feature: the
tile just placed, a wonder, a magic portal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, NoReturn

from carcassonne.engine import scoring
from carcassonne.engine.errors import IllegalMove
from carcassonne.engine.expansions.base import Joined
from carcassonne.tiles import CITY, FIELD, KIND_NAMES, MONASTERY, ROAD, Turned
from carcassonne.tiles.geometry import DELTA
from carcassonne.tiles.loader import GARDEN

if TYPE_CHECKING:
    from carcassonne.engine.moves import Action
    from carcassonne.engine.position import Position

#: What a tile about to be placed would join (:func:`touching`): per
#: segment its group, per neighbouring feature root a segment touching it,
#: per segment its road and city links.
Touching = tuple[list[int], dict[int, int], list[int]]


def touching(position: Position, pos: int, turned: Turned) -> Touching:
    """How ``turned`` placed on ``pos`` would join the features around it,
    without placing it: per segment, its group (the segment naming it);
    per neighbouring feature root it touches, a segment touching it; per
    segment, its road and city links to neighbours (each matches an open
    side of the segment with one of the neighbour's).

    The feature a segment belongs to once the tile is connected is more
    than the segment's own neighbours: two segments of the new tile that
    touch the same neighbouring feature (a field reaching round the tile,
    a city entered through two sides) become one feature, so each takes
    in what the other touches: a group."""
    size = len(turned.segments)
    tiles = position.board.tiles
    root = position.features.root
    links = turned.links
    group = list(range(size))
    toucher: dict[int, int] = {}
    closing = [0] * size
    for side, delta in enumerate(DELTA):
        neighbour = tiles.get(pos + delta)
        if neighbour is None:
            continue
        first, nturned = neighbour
        nat = nturned.at
        for kind, mine, theirs in links[side]:
            r = root[first + nat[theirs]]
            if kind != FIELD:
                closing[mine] += 1
            other = toucher.setdefault(r, mine)
            if other != mine:
                a, b = group[mine], group[other]
                if a != b:
                    group = [a if g == b else g for g in group]
    return group, toucher, closing


def free(position: Position, pos: int, turned: Turned,
         touched: Touching | None = None) -> list[bool]:
    """For each segment of ``turned`` placed on ``pos``: whether the feature
    it belongs to once the tile is connected holds no follower
    (``MEEPLE-3``; from :func:`touching`, or ``touched`` if given)."""
    group, roots, _ = touched or touching(position, pos, turned)
    followers = position.features.followers
    busy = [False] * len(group)
    for r, i in roots.items():
        if followers[r]:
            busy[group[i]] = True
    return [not busy[g] for g in group]


def joined(position: Position, pos: int, turned: Turned,
           touched: Touching | None = None) -> list[Joined]:
    """Each segment of ``turned`` as its feature would be once the tile lies
    on ``pos`` (from :func:`touching`, or ``touched`` if given): complete
    when the open sides of the neighbouring features it joins and of its
    own segments are all matched, and each player's follower strength in
    it, theirs alone (the new tile holds no figure yet)."""
    group, roots, closing = touched or touching(position, pos, turned)
    features = position.features
    open_ = features.open
    segments, open_sides = turned.segments, turned.open_sides
    opened = [0] * len(segments)
    for i in range(len(segments)):  # each road or city link matches two open sides
        opened[group[i]] += open_sides[i] - 2 * closing[i]
    by_group: dict[int, list[int]] = {}
    for r, i in roots.items():
        by_group.setdefault(group[i], []).append(r)
    followers = features.followers
    out = []
    for i, seg in enumerate(segments):
        g = group[i]
        open_sides_left = opened[g]
        strength: dict[int, int] = {}
        for r in by_group.get(g, ()):
            open_sides_left += open_[r]
            if followers[r]:
                for player, count in scoring.strengths(position, r).items():
                    strength[player] = strength.get(player, 0) + count
        out.append(Joined(seg, seg.kind in (CITY, ROAD) and not open_sides_left, strength))
    return out


def refusal(position: Position, player: int, figure: str, where: Joined) -> str | None:
    """Why an expansion forbids ``player`` special ``figure`` there, or None."""
    for expansion in position.expansions:
        reason = expansion.refusal(position, player, figure, where)
        if reason is not None:
            return reason
    return None


#: The follower that stands only on a monastery or a garden, and the only one
#: a garden takes (``ABBOT-2``, ``ABBOT-3``).
ABBOT: Final = "abbot"


def stand_refusal(figure: str, kind: int) -> str | None:
    """Why ``figure`` may never stand on a feature of ``kind``, whoever holds
    it, or None: the abbot stands only on a monastery or a garden
    (``ABBOT-2``), a garden takes only the abbot (``ABBOT-3``, ``MEEPLE-8``;
    the large meeple too, ``ABBOT-IC``)."""
    if kind == GARDEN:
        if figure != ABBOT:
            return f"ABBOT-3: only an abbot may stand on a garden, not a {figure}"
    elif figure == ABBOT and kind != MONASTERY:
        return f"ABBOT-2: the abbot stands only on a monastery or a garden, not on a " \
               f"{KIND_NAMES[kind]}"
    return None


def refuse_action(position: Position, action: Action, pos: int, turned: Turned,
                  where: str) -> NoReturn:
    """Raise :class:`IllegalMove` for ``action``, which the placement of
    ``turned`` on ``pos`` does not offer: with the rule the first expansion
    that refuses it names, else as no action this game allows ``where``."""
    for expansion in position.actors:
        reason = expansion.refuse_action(position, position.current, action, pos, turned)
        if reason is not None:
            raise IllegalMove.from_reason(reason)
    raise IllegalMove("§2", f"{action} is not an action this game allows {where}")
