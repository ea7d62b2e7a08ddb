"""Features: segments of placed tiles joined into roads, cities and fields.

Monasteries and gardens (``ABBOT-3``) are features of one segment: they touch
no side, so nothing joins them (:func:`cloister` finds a tile's).

Each segment of a placed tile is a *node* (an int). Nodes of one feature
share a *root*: ``root[node]``. The root carries what the hot path needs:

* ``members[root]``: the feature's nodes (a list never changed in place, so
  copies of the game can share it);
* ``open[root]``: road or city sides not yet matched by a neighbour; a road
  or city with no open side is complete (``FEAT-ROAD``, ``FEAT-CITY``);
* ``followers[root]``: how many followers stand in it (``MEEPLE-3``).

Joining two features relabels the smaller one, so finding a root is a list
lookup. Every change is journaled and :meth:`Features.rollback` restores the
exact earlier state; undoing is as cheap as doing.
"""

from __future__ import annotations

from carcassonne.tiles import FIELD, Segment, Turned
from carcassonne.tiles.geometry import DELTA
from carcassonne.tiles.loader import GARDEN, location_order

# A journal entry: (root, joined root or -1, members, open, followers) before
# the change.
_Entry = tuple[int, int, list[int], int, int]


def cloister(turned: Turned) -> int:
    """The segment of ``turned``'s one-tile feature, or -1: its monastery, or
    its garden (``ABBOT-3``: a garden is handled like a monastery, complete
    when the eight squares around it hold tiles). A garden has no sides, so
    :meth:`Features.add_tile` never joins it to anything: it stays a feature
    of one node. No tile has both."""
    if turned.monastery >= 0:
        return turned.monastery
    if turned.tile.garden_of is None:
        return -1
    return garden(turned)


def garden(turned: Turned) -> int:
    """The garden segment of ``turned``, or -1 (only garden tiles have one)."""
    for seg in turned.segments:
        if seg.kind == GARDEN:
            return seg.index
    return -1


class Features:
    """All nodes and features of one board."""

    __slots__ = ("followers", "journal", "keep", "members", "node_pos", "node_seg", "open",
                 "root")

    def __init__(self) -> None:
        self.root: list[int] = []
        self.members: list[list[int]] = []
        self.open: list[int] = []
        self.followers: list[int] = []
        self.node_pos: list[int] = []
        self.node_seg: list[Segment] = []
        self.journal: list[_Entry] = []
        #: Whether changes are journaled (a game that keeps no undo sets it
        #: off; a tentative change turns it on for its own span).
        self.keep = True

    def copy(self) -> Features:
        other = Features.__new__(Features)
        other.root = self.root.copy()
        other.members = self.members.copy()
        other.open = self.open.copy()
        other.followers = self.followers.copy()
        other.node_pos = self.node_pos.copy()
        other.node_seg = self.node_seg.copy()
        other.journal = self.journal.copy()
        other.keep = self.keep
        return other

    def add_tile(self, pos: int, turned: Turned, tiles: dict[int, tuple[int, Turned]]) -> int:
        """Create the nodes of a tile placed on ``pos`` and join them to the
        neighbours' features. ``tiles`` is the board before this tile.
        Returns the first node id of the tile."""
        root, members, open_, followers = self.root, self.members, self.open, self.followers
        node_pos = self.node_pos
        first = len(root)
        for n in range(first, first + len(turned.segments)):
            root.append(n)
            members.append([n])
            followers.append(0)
            node_pos.append(pos)
        open_.extend(turned.open_sides)
        self.node_seg.extend(turned.segments)
        journal = self.journal
        keep = self.keep
        links = turned.links
        for side in range(4):
            neighbour = tiles.get(pos + DELTA[side])
            if neighbour is None:
                continue
            nfirst, nturned = neighbour
            nat = nturned.at
            for kind, mine, theirs in links[side]:
                a = root[first + mine]
                b = root[nfirst + nat[theirs]]
                if a != b:
                    ma, mb = members[a], members[b]
                    if len(ma) < len(mb):
                        a, b, ma, mb = b, a, mb, ma
                    if keep:
                        journal.append((a, b, ma, open_[a], followers[a]))
                    for n in mb:
                        root[n] = a
                    members[a] = ma + mb
                    open_[a] = open_[a] + open_[b]
                    followers[a] = followers[a] + followers[b]
                elif keep:
                    journal.append((a, -1, members[a], open_[a], followers[a]))
                if kind != FIELD:
                    open_[a] = open_[a] - 2
        return first

    def join(self, a: int, b: int) -> None:
        """Join the features of nodes ``a`` and ``b`` without closing any side:
        the parts of one segment of a piece (see ``tiles/pieces.py``)."""
        root, members, open_, followers = self.root, self.members, self.open, self.followers
        a, b = root[a], root[b]
        if a == b:
            return
        if len(members[a]) < len(members[b]):
            a, b = b, a
        if self.keep:
            self.journal.append((a, b, members[a], open_[a], followers[a]))
        for n in members[b]:
            root[n] = a
        members[a] = members[a] + members[b]
        open_[a] = open_[a] + open_[b]
        followers[a] = followers[a] + followers[b]

    def add_followers(self, node: int, count: int) -> None:
        """Count ``count`` more (or, negative, fewer) followers in node's feature."""
        r = self.root[node]
        if self.keep:
            self.journal.append((r, -1, self.members[r], self.open[r], self.followers[r]))
        self.followers[r] = self.followers[r] + count

    def rollback(self, journal_length: int, node_count: int) -> None:
        """Restore the state when the journal had ``journal_length`` entries
        and there were ``node_count`` nodes."""
        journal, root, members = self.journal, self.root, self.members
        open_, followers = self.open, self.followers
        while len(journal) > journal_length:
            a, b, ma, opened, followed = journal.pop()
            if b >= 0:
                for n in members[b]:
                    root[n] = b
            members[a] = ma
            open_[a] = opened
            followers[a] = followed
        del root[node_count:], members[node_count:], open_[node_count:]
        del followers[node_count:], self.node_pos[node_count:], self.node_seg[node_count:]

    def placement_order(self, node: int) -> tuple[int, int]:
        """Sort key of a node: when its tile was placed, then where on the
        tile it lies as seen on the board. Unlike node ids, it does not depend
        on which of two alike-looking rotations a tile was placed with."""
        seg = self.node_seg[node]
        return node - seg.index, location_order(seg)

    def feature_order(self, r: int) -> tuple[int, int]:
        """Sort key of a feature: the :meth:`placement_order` of its first node."""
        return min(self.placement_order(n) for n in self.members[r])

    def squares(self, r: int) -> set[int]:
        """The distinct board squares a feature covers (its tile count)."""
        node_pos = self.node_pos
        return {node_pos[n] for n in self.members[r]}

    def shields(self, r: int) -> int:
        node_seg = self.node_seg
        return sum(node_seg[n].shields for n in self.members[r])

    def bordering_cities(self, r: int) -> list[int]:
        """Roots of the distinct cities a field borders (``FINAL-5``), in order
        of first contact."""
        root, node_seg = self.root, self.node_seg
        seen: dict[int, None] = {}
        for n in self.members[r]:
            seg = node_seg[n]
            first = n - seg.index
            for c in seg.cities:
                seen[root[first + c]] = None
        return list(seen)
