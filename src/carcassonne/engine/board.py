"""The board: placed tiles, the open spots around them, and which tiles fit.

Every empty square next to a placed tile is an *open spot* with a *key*: what
its four neighbours demand of it, 2 bits per side (0 nothing, then the edge
codes city, road, field), exactly like a :class:`~carcassonne.tiles.Turned`'s
``edge_key``. Whether a tile fits a spot therefore depends on the key alone,
and is looked up in a table computed once per tile type (``FITS``).

Spots are kept in ``groups``, one sorted list per key, so that "where can this
tile go?" visits only the keys the tile fits and the answer comes out in one
canonical order (by key, then square), whatever the history of the board.
"""

from __future__ import annotations

from bisect import insort

from carcassonne.tiles import TILE_LIST, Turned
from carcassonne.tiles.geometry import DELTA, SIDE_NAMES
from carcassonne.tiles.loader import EDGE_CODES, KIND_NAMES

NKEYS = 256


def _fits(edge_key: int, key: int) -> bool:
    for side in range(4):
        want = (key >> (2 * side)) & 3
        if want and want != (edge_key >> (2 * side)) & 3:
            return False
    return True


def _tables() -> tuple[list[tuple[tuple[int, ...], ...]], list[tuple[int, ...]],
                       list[tuple[frozenset[int], ...]]]:
    fits, fit_keys, all_fits = [], [], []
    for tile in TILE_LIST:
        per_key, keys, per_key_all = [], [], []
        for key in range(NKEYS):
            quarters = [q for q, t in enumerate(tile.turned) if _fits(t.edge_key, key)]
            canonical = tuple(q for q in quarters if tile.turned[q].canonical == 90 * q)
            per_key.append(canonical)
            per_key_all.append(frozenset(quarters))
            if canonical and key:
                keys.append(key)
        fits.append(tuple(per_key))
        fit_keys.append(tuple(keys))
        all_fits.append(tuple(per_key_all))
    return fits, fit_keys, all_fits


#: ``FITS[tile][key]``: the canonical quarter turns of the tile that fit a spot
#: with this key (rotations that look the same are listed once).
#: ``FIT_KEYS[tile]``: the keys for which the tile fits at least once.
#: ``ALL_FITS[tile][key]``: every quarter turn that fits, canonical or not.
FITS, FIT_KEYS, ALL_FITS = _tables()

_EDGE_NAMES = {code: KIND_NAMES[code] for code in EDGE_CODES.values()}


class Board:
    """Placed tiles and open spots, with a journal so placements can be undone.

    ``tiles`` maps a packed square to ``(first node, turned tile)``: the node
    ids of its segments are ``first node + segment index``.
    """

    __slots__ = ("groups", "journal", "spots", "tiles")

    def __init__(self) -> None:
        self.tiles: dict[int, tuple[int, Turned]] = {}
        self.spots: dict[int, int] = {}
        self.groups: list[list[int]] = [[] for _ in range(NKEYS)]
        self.journal: list[tuple[int, int, list[tuple[int, int]]]] = []

    def copy(self) -> Board:
        other = Board.__new__(Board)
        other.tiles = self.tiles.copy()
        other.spots = self.spots.copy()
        other.groups = [g.copy() if g else [] for g in self.groups]
        other.journal = self.journal.copy()
        return other

    def place(self, pos: int, turned: Turned, first_node: int) -> None:
        """Put a tile on ``pos`` (an open spot, or anywhere on an empty board)."""
        tiles, spots, groups = self.tiles, self.spots, self.groups
        tiles[pos] = (first_node, turned)
        key = spots.pop(pos, 0)
        if key:
            groups[key].remove(pos)
        changed = []
        edge_key = turned.edge_key
        for side in range(4):
            npos = pos + DELTA[side]
            if npos in tiles:
                continue
            old = spots.get(npos, 0)
            new = old | (((edge_key >> (2 * side)) & 3) << (2 * ((side + 2) & 3)))
            if old:
                groups[old].remove(npos)
            spots[npos] = new
            insort(groups[new], npos)
            changed.append((npos, old))
        self.journal.append((pos, key, changed))

    def unplace(self) -> None:
        """Take back the last placement."""
        pos, key, changed = self.journal.pop()
        spots, groups = self.spots, self.groups
        for npos, old in reversed(changed):
            groups[spots[npos]].remove(npos)
            if old:
                spots[npos] = old
                insort(groups[old], npos)
            else:
                del spots[npos]
        del self.tiles[pos]
        if key:
            spots[pos] = key
            insort(groups[key], pos)

    def placements(self, tile: int) -> list[tuple[int, int]]:
        """Every ``(square, quarter turn)`` where the tile fits, canonical order."""
        groups = self.groups
        fits = FITS[tile]
        return [(pos, q) for key in FIT_KEYS[tile] if groups[key]
                for pos in groups[key] for q in fits[key]]

    def can_place(self, tile: int) -> bool:
        """Whether the tile fits anywhere (``PLACE-4`` discards it if not)."""
        groups = self.groups
        return any(groups[key] for key in FIT_KEYS[tile])

    def misfit(self, pos: int, turned: Turned) -> str | None:
        """Why ``turned`` cannot lie on ``pos`` (``PLACE-1``, ``PLACE-2``), or None."""
        if pos in self.tiles:
            return "PLACE-1: that square is already taken"
        key = self.spots.get(pos, 0)
        if not key:
            return "PLACE-1: the tile must share a side with a placed tile"
        for side in range(4):
            want = (key >> (2 * side)) & 3
            have = (turned.edge_key >> (2 * side)) & 3
            if want and want != have:
                return (f"PLACE-2: the {_SIDE_WORDS[side]} side shows a {_EDGE_NAMES[have]}, "
                        f"the neighbour a {_EDGE_NAMES[want]}")
        return None


_SIDE_WORDS = {i: {"N": "north", "E": "east", "S": "south", "W": "west"}[n]
               for i, n in enumerate(SIDE_NAMES)}
