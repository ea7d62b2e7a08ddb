"""The board: placed tiles, the open spots around them, and which tiles fit.

Every empty square next to a placed tile is an *open spot* with a *key*: what
its four neighbours demand of it, 2 bits per side (0 nothing, then the edge
codes city, road, field), exactly like a :class:`~carcassonne.tiles.Turned`'s
``edge_key``. Whether a tile fits a spot therefore depends on the key alone,
and is looked up in a table computed once per tile type (``FITS``).

Spots are kept in ``groups``, one sorted list per key, and the keys in use
in ``active`` (sorted), so that "where can this tile go?" visits only the few
keys in use and the answer comes out in one canonical order (by key, then
square), whatever the history of the board.
"""

from __future__ import annotations

from typing import Final

from carcassonne.tiles import TILE_LIST, Turned
from carcassonne.tiles.geometry import DELTA, SIDE_NAMES, unpack
from carcassonne.tiles.loader import EDGE_CODES, KIND_NAMES
from carcassonne.tiles.pieces import PieceTurn, PieceType

NKEYS: Final = 256


def _fits(edge_key: int, key: int) -> bool:
    for side in range(4):
        want = (key >> (2 * side)) & 3
        if want and want != (edge_key >> (2 * side)) & 3:
            return False
    return True


def _tables() -> tuple[list[tuple[tuple[int, ...], ...]], list[tuple[int, ...]]]:
    fits, all_fits = [], []
    for tile in TILE_LIST:
        per_key, per_key_all = [], []
        for key in range(NKEYS):
            quarters = [q for q, t in enumerate(tile.turned) if _fits(t.edge_key, key)]
            per_key.append(tuple(q for q in quarters if tile.turned[q].canonical == 90 * q))
            per_key_all.append(sum(1 << q for q in quarters))
        fits.append(tuple(per_key))
        all_fits.append(tuple(per_key_all))
    return fits, all_fits


#: ``FITS[tile][key]``: the canonical quarter turns of the tile that fit a spot
#: with this key (rotations that look the same are listed once).
#: ``ALL_FITS[tile][key]``: every quarter turn that fits, canonical or not, as
#: bits (``1 << quarter``). Plain ints and tuples of ints keep these tables out
#: of the garbage collector's way.
_FITS_TABLES = _tables()
FITS: Final = _FITS_TABLES[0]
ALL_FITS: Final = _FITS_TABLES[1]

_EDGE_NAMES: Final = {code: KIND_NAMES[code] for code in EDGE_CODES.values()}


def _index(items: list[int], value: int) -> int:
    """Where ``value`` is, or goes, in the sorted list ``items`` (a binary
    search: compiled, it beats a call into the standard library's bisect)."""
    low, high = 0, len(items)
    while low < high:
        middle = (low + high) >> 1
        if items[middle] < value:
            low = middle + 1
        else:
            high = middle
    return low


class Board:
    """Placed tiles and open spots, with a journal so placements can be undone.

    ``tiles`` maps a packed square to ``(first node, turned tile)``: the node
    ids of its segments are ``first node + segment index``.
    """

    __slots__ = ("active", "closed", "groups", "journal", "keep", "spots", "tiles")

    def __init__(self) -> None:
        self.tiles: dict[int, tuple[int, Turned]] = {}
        self.spots: dict[int, int] = {}
        #: Per key, its open spots in increasing order (an empty list is
        #: never changed, only replaced, so boards share them: ``copy``).
        self.groups: list[list[int]] = [[]] * NKEYS
        self.active: list[int] = []
        #: Empty squares where no tile may ever lie, with the reason
        #: (:meth:`close`): never open spots (a dict replaced, never changed
        #: in place, so copies and undo share it).
        self.closed: dict[int, str] = {}
        self.journal: list[tuple[int, int, list[tuple[int, int]]]] = []
        #: Whether placements are journaled (a game that keeps no undo sets
        #: it off; a tentative placement turns it on for its own span).
        self.keep = True

    def copy(self) -> Board:
        other = Board.__new__(Board)
        other.tiles = self.tiles.copy()
        other.spots = self.spots.copy()
        groups = other.groups = self.groups.copy()
        for key in self.active:  # the keys whose groups are not empty
            groups[key] = groups[key].copy()
        other.active = self.active.copy()
        other.closed = self.closed
        other.journal = self.journal.copy()
        other.keep = self.keep
        return other

    def _leave(self, key: int, pos: int) -> None:
        group = self.groups[key]
        del group[_index(group, pos)]
        if not group:
            active = self.active
            del active[_index(active, key)]

    def _join(self, key: int, pos: int) -> None:
        group = self.groups[key]
        if group:
            group.insert(_index(group, pos), pos)
        else:  # a new list: an empty one may be shared with a copy
            self.groups[key] = [pos]
            active = self.active
            active.insert(_index(active, key), key)

    def place(self, pos: int, turned: Turned, first_node: int) -> None:
        """Put a tile on ``pos`` (an open spot, or anywhere on an empty board)."""
        tiles, spots = self.tiles, self.spots
        tiles[pos] = (first_node, turned)
        key = spots.get(pos, 0)
        if key:
            del spots[pos]
            self._leave(key, pos)
        keep = self.keep
        changed = []
        edge_key = turned.edge_key
        closed = self.closed
        for side in range(4):
            npos = pos + DELTA[side]
            code = (edge_key >> (2 * side)) & 3
            if not code or npos in tiles:  # no code: a side inside a piece, or a river
                continue
            if closed and npos in closed:
                continue
            old = spots.get(npos, 0)
            new = old | (code << (2 * ((side + 2) & 3)))
            if old:
                self._leave(old, npos)
            spots[npos] = new
            self._join(new, npos)
            if keep:
                changed.append((npos, old))
        if keep:
            self.journal.append((pos, key, changed))

    def close(self, pos: int, reason: str) -> None:
        """Make the empty square ``pos`` unusable for good: it stops being an
        open spot and never becomes one (``RIVER-UNPLACEABLE``); ``reason``
        is what :meth:`misfit` says of it. Journaled like a placement."""
        key = self.spots.pop(pos, 0)
        if key:
            self._leave(key, pos)
        self.closed = {**self.closed, pos: reason}
        if self.keep:
            self.journal.append((pos, key, _CLOSING))

    def unplace(self) -> None:
        """Take back the last placement (or closing, :meth:`close`)."""
        pos, key, changed = self.journal.pop()
        spots = self.spots
        if changed is _CLOSING:
            closed = self.closed.copy()
            del closed[pos]
            self.closed = closed
            if key:
                spots[pos] = key
                self._join(key, pos)
            return
        for npos, old in reversed(changed):
            self._leave(spots[npos], npos)
            if old:
                spots[npos] = old
                self._join(old, npos)
            else:
                del spots[npos]
        del self.tiles[pos]
        if key:
            spots[pos] = key
            self._join(key, pos)

    def can_place(self, tile: int) -> bool:
        """Whether the tile fits anywhere (``PLACE-4`` discards it if not)."""
        fits = FITS[tile]
        for key in self.active:  # noqa: SIM110 (a plain loop beats any() on a generator)
            if fits[key]:
                return True
        return False

    def misfit(self, pos: int, turned: Turned) -> str | None:
        """Why ``turned`` cannot lie on ``pos`` (``PLACE-1``, ``PLACE-2``), or None."""
        if pos in self.tiles:
            return "PLACE-1: that square is already taken"
        if pos in self.closed:
            return self.closed[pos]
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


    def piece_misfit(self, anchor: int, piece: PieceTurn, explain: bool = True) -> str | None:
        """Why ``piece`` cannot lie with its anchor on ``anchor``
        (``WON-PLACE-1``), or None: no square may be taken, at least one
        outer side must touch a placed tile, and every touching side must
        match. Sides inside the piece never touch anything. Without
        ``explain`` the reason is only "WON-PLACE-1" (searching every
        placement, the words would cost more than the search)."""
        tiles, spots = self.tiles, self.spots
        for offset, _ in piece.squares:
            if anchor + offset in tiles:
                return (f"WON-PLACE-1: square {_square(anchor + offset)} is already taken"
                        if explain else _PIECE_RULE)
            if anchor + offset in self.closed:
                return self.closed[anchor + offset] if explain else _PIECE_RULE
        touching = False
        for offset, turned in piece.squares:
            pos = anchor + offset
            key = spots.get(pos, 0)
            if key:
                touching = True
                for side in range(4):
                    want = (key >> (2 * side)) & 3
                    have = (turned.edge_key >> (2 * side)) & 3
                    if want and want != have:
                        if not explain:
                            return _PIECE_RULE
                        shown = _EDGE_NAMES.get(have, "side inside the piece")
                        return (f"WON-PLACE-1: on {_square(pos)} the {_SIDE_WORDS[side]} "
                                f"side shows a {shown}, the neighbour a {_EDGE_NAMES[want]}")
        if not touching:
            return "WON-PLACE-1: the piece must share a side with a placed tile"
        return None

    def piece_placements(self, piece: PieceType) -> list[tuple[int, int]]:
        """Every (anchor, quarter turn) where ``piece`` fits, in a canonical
        order (by anchor square, then rotation)."""
        spots = sorted(self.spots)
        out: list[tuple[int, int]] = []
        for quarter, turned in enumerate(piece.turned):
            anchors = {pos - offset for pos in spots for offset, _ in turned.squares}
            out.extend((anchor, quarter) for anchor in anchors
                       if self.piece_misfit(anchor, turned, False) is None)
        out.sort()
        return out


#: The journal's mark of a closed square (:meth:`Board.close`), not a placement.
_CLOSING: Final[list[tuple[int, int]]] = []

#: The reason :meth:`Board.piece_misfit` gives when asked not to explain.
_PIECE_RULE: Final = "WON-PLACE-1"


def _square(pos: int) -> str:
    x, y = unpack(pos)
    return f"{x},{y}"


_SIDE_WORDS: Final = {i: {"N": "north", "E": "east", "S": "south", "W": "west"}[n]
               for i, n in enumerate(SIDE_NAMES)}
