"""The legal moves of a tile decision: checking one, and listing them all.

Both sit here so that "why is this illegal?" (:func:`check`, which names
the rule a move breaks) and "what is legal?" (:class:`LegalMoves`) read the
same rules and cannot drift apart. The figures of a placement are listed
and checked in :mod:`carcassonne.engine.figures` (``figure_options``,
``check_figure``), the same way side by side. The
special decisions (a wonder, its helper tile, a choice) are checked and
listed together too, in :mod:`carcassonne.engine.special`.

Listing is lazy.

``game.legal_moves()`` returns a :class:`LegalMoves`: a read-only sequence of
every legal :class:`Move` (placement x rotation x figure option, "no figure"
included). Asking for it costs little: only the placements (square and
rotation) are found at once; figure options are worked out per placement
when the moves are listed, or for the one placement :meth:`LegalMoves.random`
picks. Tiles whose rotations look alike (a straight road at 0 and 180) are
listed once, at the smaller rotation; a segment is named by its first side
or half-side. :meth:`Game.play` also accepts the other names of the same
move.

The order is canonical: it depends on the position only, never on the
history that led to it. A ``LegalMoves`` describes the position it was made
in; using it after the game changed raises ``RuntimeError``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from random import Random
from typing import TYPE_CHECKING, Any, Final, TypeVar, cast, overload

from carcassonne.engine.board import ALL_FITS, FITS
from carcassonne.engine.errors import IllegalMove, shown
from carcassonne.engine.figures import check_figure, figure_options, segment_index
from carcassonne.engine.joins import refuse_action
from carcassonne.engine.moves import Action, Figure, Move
from carcassonne.tiles import TILE_LIST, TILES, Turned
from carcassonne.tiles.geometry import QUARTER_OF, pack, unpack

if TYPE_CHECKING:
    from carcassonne.engine.position import Position

#: The kind of move a listing holds.
M = TypeVar("M")

#: ``tuple.__new__``, looked up once (``Move`` is a named tuple).
_NEW_TUPLE: Final[Callable[..., Any]] = tuple.__new__
#: The class of moves, held where compiled code reads it without a lookup by name.
_MOVE: Final[type[Move]] = Move


#: The action field of a move without one.
_NO_ACTION: Final[tuple[object, ...]] = (None,)


def _move(fields: tuple[object, ...]) -> Move:
    """A :class:`Move` from already checked fields (tile, square, rotation,
    figures), without argument parsing; it carries no action."""
    return cast(Move, _NEW_TUPLE(_MOVE, fields + _NO_ACTION))


def must_act(position: Position, pos: int, turned: Turned) -> str | None:
    """Why the current player must take an action on this placement, neither
    a figure nor nothing (``PD-PRINCESS`` with ``"must"``), or None."""
    for expansion in position.actors:
        reason = expansion.must_act(position, position.current, pos, turned)
        if reason is not None:
            return reason
    return None


def acting_moves(position: Position, tile: str, at: tuple[int, int], rotation: int, pos: int,
                 turned: Turned) -> list[Move]:
    """The legal moves of one placement in a game with actions: without a
    figure, each figure option, each action; only the actions when one is
    due (:func:`must_act`)."""
    actions = action_options(position, pos, turned)
    out: list[Move] = []
    if not actions or must_act(position, pos, turned) is None:
        out.append(_move((tile, at, rotation, ())))
        for fig in figure_options(position, pos, turned):
            out.append(_move((tile, at, rotation, (fig,))))
    for action in actions:
        out.append(Move(tile, at, rotation, (), action))
    return out


def action_options(position: Position, pos: int, turned: Turned) -> list[Action]:
    """What the current player may do on ``turned`` placed on ``pos``
    instead of putting a figure on it (``ABBOT-RECALL``, ``PD-FAIRY-1``,
    ``PD-PRINCESS``): each acting expansion's list, in the order of the sets."""
    out: list[Action] = []
    for expansion in position.actors:
        out.extend(expansion.actions(position, position.current, pos, turned))
    return out


def check_action(position: Position, move: Move, pos: int, turned: Turned) -> None:
    """Raise :class:`IllegalMove` unless ``move``'s action is one of
    :func:`action_options`, naming the rule the expansion gives."""
    action = move.action
    assert action is not None  # the caller checks a move with an action only
    if action not in action_options(position, pos, turned):
        refuse_action(position, action, pos, turned, "here")


class MoveSequence(Sequence[M]):
    """What every listing of legal moves shares: a read-only sequence over
    the moves :meth:`_moves` lists (once, when first asked), tied to the
    position it was made in."""

    __slots__ = ()
    _position: Position
    _version: int

    def _fresh(self) -> Position:
        if self._position.version != self._version:
            raise RuntimeError("the game changed since these legal moves were listed")
        return self._position

    def _moves(self) -> list[M]:
        raise NotImplementedError

    def __len__(self) -> int:
        return len(self._moves())

    def __iter__(self) -> Iterator[M]:
        return iter(self._moves())

    @overload
    def __getitem__(self, index: int) -> M: ...

    @overload
    def __getitem__(self, index: slice) -> list[M]: ...

    def __getitem__(self, index: int | slice) -> M | list[M]:
        return self._moves()[index]

    def __contains__(self, move: object) -> bool:
        if isinstance(move, str):
            move = Move.parse(move)
        return move in set(self._moves())

    def records(self) -> list[dict[str, Any]]:
        """Every move in record form (each ``move.to_dict()``), in order: what
        a server sends a player whose decision it is. The entries may share
        their parts (a square's ``at`` list, a figure's list): read them, or
        copy one before changing it."""
        return [move.to_dict() for move in self._moves()]  # type: ignore[attr-defined]


class LegalMoves(MoveSequence[Move]):
    """Every legal move of one position; see the module docstring."""

    __slots__ = ("_count", "_keys", "_list", "_own", "_position", "_tiles", "_version")

    def __init__(self, position: Position) -> None:
        self._position = position
        self._version = position.version
        self._list: list[Move] | None = None
        # Blocks of placements, as two parallel lists of small ints (tile
        # index, spot key; no allocation per block): the tile fits every
        # open spot of the key (``board.groups[key]``), in each quarter turn
        # of ``FITS[tile][key]``.
        tiles: list[int] = []
        keys: list[int] = []
        #: Placements of tiles a set places by its own rules (a river tile,
        #: ``RIVER-PLACE-1``), listed after the blocks: (tile, square, quarter).
        own: list[tuple[int, int, int]] = []
        count = 0
        if not position.over:
            board = position.board
            hand = position.hands[position.current]
            groups = board.groups
            placers = position.placers
            for i, tile in enumerate(hand):
                if i and tile in hand[:i]:
                    continue
                if placers:
                    listed = own_placements(position, tile)
                    if listed is not None:
                        own.extend((tile, pos, q) for pos, q in listed)
                        continue
                # The squares that fit, a group of open spots per key in use
                # (see board.py); inlined here, the hottest loop of a game.
                fits = FITS[tile]
                for key in board.active:
                    quarters = fits[key]
                    if quarters:
                        tiles.append(tile)
                        keys.append(key)
                        count += len(groups[key]) * len(quarters)
        self._tiles = tiles
        self._keys = keys
        self._own = own
        self._count = count + len(own)

    def _blocks(self) -> list[tuple[int, list[int], tuple[int, ...]]]:
        """(tile, squares, quarter turns) per block: each square takes each
        quarter turn."""
        groups = self._position.board.groups
        return [(tile, groups[key], FITS[tile][key])
                for tile, key in zip(self._tiles, self._keys, strict=True)]

    @property
    def placement_count(self) -> int:
        """How many distinct (tile, square, rotation) placements there are."""
        return self._count

    def placements(self) -> list[Move]:
        """Every legal placement as a move without figures."""
        self._fresh()
        out = []
        for tile, squares, quarters in self._blocks():
            tile_id = TILE_LIST[tile].id
            for pos in squares:
                at = unpack(pos)
                for q in quarters:
                    out.append(_move((tile_id, at, 90 * q, ())))
        for tile, pos, q in self._own:
            out.append(_move((TILE_LIST[tile].id, unpack(pos), 90 * q, ())))
        return out

    def placement(self, index: object) -> Move:
        """Placement ``index`` of :meth:`placements`, found without listing them."""
        self._fresh()
        if type(index) is not int:
            raise TypeError(f"a placement's index is an int, not {shown(index)}")
        if not 0 <= index < self._count:
            raise IndexError(f"no placement {index}: there are {self._count}")
        tile, pos, quarter = self._locate(index)
        return _move((TILE_LIST[tile].id, unpack(pos), 90 * quarter, ()))

    def _locate(self, index: int) -> tuple[int, int, int]:
        """The tile, square and quarter turn of placement ``index`` (in range)."""
        groups = self._position.board.groups
        tiles, keys = self._tiles, self._keys
        b = 0
        own = self._own
        if own and index >= self._count - len(own):
            return own[index - self._count + len(own)]
        while True:
            key = keys[b]
            squares, quarters = groups[key], FITS[tiles[b]][key]
            turns = len(quarters)
            size = len(squares) * turns
            if index < size:
                return tiles[b], squares[index // turns], quarters[index % turns]
            index -= size
            b += 1

    def options(self, placement: object) -> list[Move]:
        """The legal moves of one placement: without a figure first, then each
        figure option."""
        if not isinstance(placement, Move):
            raise TypeError(f"options() takes a placement (a Move), not {shown(placement)}")
        position = self._fresh()
        tile, at, rotation = placement.tile, placement.at, placement.rotation
        turned = TILES[tile].turned[rotation // 90]
        pos = pack(*at)
        if position.actors:
            return acting_moves(position, tile, at, rotation, pos, turned)
        out = [_move((tile, at, rotation, ()))]
        for figure in figure_options(position, pos, turned):
            out.append(_move((tile, at, rotation, (figure,))))
        return out

    def random(self, rng: Random) -> Move:
        """A move drawn uniformly among placements, then uniformly among that
        placement's figure options ("no figure" included) and actions."""
        position = self._fresh()
        if not self._count:
            raise IndexError("no legal move: the game is over")
        tile, pos, quarter = self._locate(int(rng.random() * self._count))
        turned = TILE_LIST[tile].turned[quarter]
        if position.actors:
            moves = acting_moves(position, turned.tile.id, unpack(pos), turned.rotation, pos,
                                 turned)
            chosen_move = moves[int(rng.random() * len(moves))]
            if chosen_move.action is None and all(f.on is None for f in chosen_move.figures):
                position.remember_legal(chosen_move, tile, pos, turned, [
                    (segment_index(turned, f), f.figure) for f in chosen_move.figures])
            return chosen_move
        figures = figure_options(position, pos, turned)
        j = int(rng.random() * (len(figures) + 1))
        move = _move((turned.tile.id, unpack(pos), turned.rotation,
                      (figures[j - 1],) if j else ()))
        if j and figures[j - 1].on is not None:
            return move  # PD-PORTAL: on another tile, checked when played
        # known legal: Game.play of this very move in this position skips the check
        chosen = [(segment_index(turned, figures[j - 1]), figures[j - 1].figure)] if j else []
        position.remember_legal(move, tile, pos, turned, chosen)
        return move

    def _moves(self) -> list[Move]:
        position = self._fresh()
        if self._list is None:
            out: list[Move] = []
            for tile, squares, quarters in self._blocks():
                turned = TILE_LIST[tile].turned
                tile_id = TILE_LIST[tile].id
                for pos in squares:
                    at = unpack(pos)
                    for q in quarters:
                        rotation = 90 * q
                        if position.actors:
                            out.extend(acting_moves(position, tile_id, at, rotation, pos,
                                                    turned[q]))
                            continue
                        out.append(_move((tile_id, at, rotation, ())))
                        for fig in figure_options(position, pos, turned[q]):
                            out.append(_move((tile_id, at, rotation, (fig,))))
            for tile, pos, q in self._own:
                out.extend(self.options(_move((TILE_LIST[tile].id, unpack(pos), 90 * q, ()))))
            self._list = out
        return self._list

    def records(self) -> list[dict[str, Any]]:
        # As the base class says, made straight from the blocks: one ``at``
        # list per square and one figures list per figure value, shared, and
        # no Move objects on the way (a server lists these every turn).
        position = self._fresh()
        out: list[dict[str, Any]] = []
        figures: dict[Figure, list[dict[str, Any]]] = {}
        for tile, squares, quarters in self._blocks():
            turned = TILE_LIST[tile].turned
            tile_id = TILE_LIST[tile].id
            for pos in squares:
                at = list(unpack(pos))
                for q in quarters:
                    rotation = 90 * q
                    if position.actors:
                        out.extend(m.to_dict() for m in acting_moves(
                            position, tile_id, (at[0], at[1]), rotation, pos, turned[q]))
                        continue
                    out.append({"tile": tile_id, "at": at, "rotation": rotation})
                    for fig in figure_options(position, pos, turned[q]):
                        listed = figures.get(fig)
                        if listed is None:
                            listed = figures[fig] = [fig.to_dict()]
                        out.append({"tile": tile_id, "at": at, "rotation": rotation,
                                    "figures": listed})
        for tile, pos, q in self._own:
            for move in self.options(_move((TILE_LIST[tile].id, unpack(pos), 90 * q, ()))):
                out.append(move.to_dict())
        return out

    def __bool__(self) -> bool:
        return self._count > 0

    def __repr__(self) -> str:
        return f"<LegalMoves: {self._count} placements>"


# -- checking a move ------------------------------------------------------------


def check(position: Position, move: object) -> tuple[int, int, Turned, list[tuple[int, str]]]:
    """Resolve a tile move of the current player to (tile, square, turned
    tile, [(segment, figure)]), or raise :class:`IllegalMove` naming the
    rule it breaks. The position is not changed. A figure through a magic
    portal (``PD-PORTAL``) stands on a node of another tile: its "segment"
    is then ``-1 - node``."""
    if isinstance(move, str):
        move = Move.parse(move)
    if position.over:
        raise IllegalMove("FINAL", "the game is over")
    players, current = position.players, position.current
    if not isinstance(move, Move):
        raise IllegalMove("§2", f"{move} is not a decision of this game: "
                                f"{players[current]} must place a tile")
    tile = TILES.get(move.tile)
    hand = position.hands[current]
    if tile is None or tile.index not in hand:
        wanted = " or ".join(TILE_LIST[t].id for t in hand)
        rule = ("VAR-HAND-2" if position.options.hand > 1 else
                "VAR-AHEAD-1" if position.holds() else "§2")
        got = move.tile if tile is not None else shown(move.tile)  # not a tile: quoted
        raise IllegalMove(rule, f"{players[current]} must place {wanted}, not {got}")
    quarter = QUARTER_OF.get(move.rotation)
    if quarter is None:
        raise IllegalMove("PLACE-3", f"rotation must be 0, 90, 180 or 270, not "
                                     f"{move.rotation}")
    x, y = move.at
    pos = pack(x, y)
    turned = tile.turned[quarter]
    board = position.board
    if not (-2000 < x < 2000 and -2000 < y < 2000):
        raise IllegalMove("PLACE-1", f"square {x},{y} touches no placed tile")
    own = own_refusal(position, tile.index, pos, turned) if position.placers else None
    if own is not None:
        if own:
            raise IllegalMove.from_reason(own, f"{tile.id} at {x},{y} turned {move.rotation}")
    else:
        key = board.spots.get(pos, 0)
        if not (key and ALL_FITS[tile.index][key] >> quarter & 1):
            reason = board.misfit(pos, turned) or "PLACE-2: the tile does not fit there"
            raise IllegalMove.from_reason(reason,
                                          f"{tile.id} at {x},{y} turned {move.rotation}")
    if move.action is not None:
        if move.figures:
            raise IllegalMove("MEEPLE-1", "an action replaces the turn's figure: not both")
        check_action(position, move, pos, turned)
    elif position.actors and action_options(position, pos, turned):
        due = must_act(position, pos, turned)
        if due is not None:
            raise IllegalMove.from_reason(due)
    figures = [check_figure(position, fig, move, turned, pos) for fig in move.figures]
    if len(figures) > 1:
        raise IllegalMove("MEEPLE-1", "at most one figure may be placed per turn")
    return tile.index, pos, turned, figures


def own_placements(position: Position, tile: int) -> list[tuple[int, int]] | None:
    """The (square, quarter turn) placements of ``tile`` if a set places it
    by its own rules (a river tile, ``RIVER-PLACE-1``), else None."""
    for expansion in position.placers:
        listed = expansion.own_placements(position, tile)
        if listed is not None:
            return listed
    return None


def own_refusal(position: Position, tile: int, pos: int, turned: Turned) -> str | None:
    """For a tile a set places by its own rules: why ``turned`` may not lie on
    ``pos`` (``"RULE-ID: words"``), or ``""`` if it may; None for the other
    tiles (the board decides)."""
    for expansion in position.placers:
        if expansion.own_placements(position, tile) is not None:
            if pos in position.board.tiles:
                return "PLACE-1: that square is already taken"
            return expansion.refuse_placement(position, tile, pos, turned) or ""
    return None
