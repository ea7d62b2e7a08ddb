"""A player's view: what one seat may know, as plain JSON-ready data.

The view never holds the order of the stack, nor another player's hand
unless the table shows hands (``hands_public``). Everything else is public:
the board, the figures, scores, supplies, the tile being placed, the log,
and how many tiles of each kind nobody has seen yet.

A server sends a view after every move, so the parts that only grow as
moves are played (the board, the moves' notation, the score events) are
made once per game (:class:`ViewParts`) instead of at every view: each
view gets new lists, whose items are shared with the game's later views.
A view is data to read or send; copy a part before changing it.
"""

from __future__ import annotations

from collections import Counter
from itertools import islice
from typing import TYPE_CHECKING, Any, cast

from carcassonne.tiles import KIND_NAMES, TILE_LIST
from carcassonne.tiles.geometry import unpack

if TYPE_CHECKING:
    from carcassonne.engine.position import Position


class ViewParts:
    """The parts of a game's views made so far: one entry per placed tile
    (in placement order), per move and per score event. Moves only add to
    them; :meth:`Game.undo` drops them (made again at the next view) and
    :meth:`Game.copy` copies the lists (their items are never changed)."""

    __slots__ = ("board", "events", "moves", "squares")

    def __init__(self) -> None:
        self.board: list[dict[str, Any]] = []
        #: How many of the board's squares ``board`` has gone through (a
        #: piece covers several squares and has one entry, at its anchor).
        self.squares = 0
        self.moves: list[str] = []
        self.events: list[dict[str, Any]] = []

    def copy(self) -> ViewParts:
        other = ViewParts()
        other.board, other.squares = self.board.copy(), self.squares
        other.moves, other.events = self.moves.copy(), self.events.copy()
        return other

    def update(self, position: Position) -> None:
        """Add what was played on ``position`` since the last update."""
        tiles = position.board.tiles
        if len(tiles) > self.squares:
            board = self.board
            for pos, (_, turned) in islice(tiles.items(), self.squares, None):
                if turned.tile.data.get("anchor") is not False:  # not a piece's other square
                    x, y = unpack(pos)
                    board.append({"tile": turned.tile.id, "at": [x, y],
                                  "rotation": turned.rotation})
            self.squares = len(tiles)
        history, moves = position.history, self.moves
        for index in range(len(moves), len(history)):
            moves.append(str(history[index]))
        played, events = position.events, self.events
        for index in range(len(events), len(played)):
            events.append(played[index].to_dict())


def _parts(position: Position) -> ViewParts:
    """``position``'s view parts, up to date."""
    parts = position.view_parts
    if parts is None:
        parts = position.view_parts = ViewParts()
    parts.update(position)
    return cast(ViewParts, parts)


def tiles_to_place(position: Position) -> tuple[str, ...]:
    """The tile ids the current player may place (see ``Game.tiles_to_place``)."""
    if position.over:
        return ()
    mode = position.mode
    if mode is not None:
        if mode[0] == "piece":
            return (mode[1],)
        return (TILE_LIST[mode[1]].id,) if mode[0] == "helper" else ()
    return tuple(TILE_LIST[t].id for t in position.hands[position.current])


def figures(position: Position) -> list[dict[str, Any]]:
    """Figures on the board: player, figure, feature, spot and square (see
    ``Game.figures``)."""
    node_seg, node_pos = position.features.node_seg, position.features.node_pos
    out = []
    for node, (player, figure) in sorted(position.figures.items()):
        seg = node_seg[node]
        out.append({"player": player, "figure": figure, "feature": KIND_NAMES[seg.kind],
                    "spot": seg.spot, "at": list(unpack(node_pos[node]))})
    return out


def tiles_left(position: Position) -> dict[str, int]:
    """Public count of tiles not yet seen by everyone, per tile id (see
    ``Game.tiles_left``)."""
    return {TILE_LIST[t].id: count for t, count in enumerate(position.unseen_counts(-1))
            if count}


def hand(position: Position, seat: int) -> list[str]:
    """The tile ids ``seat`` holds."""
    return [TILE_LIST[t].id for t in position.hands[seat]]


def player_view(position: Position, player: int | None) -> dict[str, Any]:
    """The view of seat ``player``, or of a spectator when ``player`` is None
    (see the module docstring). :meth:`Game.view` has checked the seat."""
    options = position.options
    hidden = position.hidden_hands()  # VAR-HAND-1, VAR-AHEAD-4
    seats = range(position.n)
    hands: list[list[str] | None] = []
    for seat in seats:
        shown = not hidden or seat == player
        hands.append(hand(position, seat) if shown else None)
    parts = _parts(position)
    unseen = Counter(tiles_left(position))
    if hidden and player is not None:
        unseen.subtract(hand(position, player))
    over = position.over
    current = None if over else position.current
    return {
        "you": player,
        "players": list(position.players),
        "sets": list(position.sets),
        "options": options.changed(),
        "current": current,
        "to_place": list(tiles_to_place(position)) if current == player or not hidden
        else [],
        "hands": hands,
        "hand_sizes": [len(position.hands[seat]) for seat in seats],
        "scores": list(position.scores),
        "supply": [dict(position.supply[seat]) for seat in seats],
        "board": parts.board.copy(),
        "figures": figures(position),
        "stack_size": position.stack_size,
        "unseen": {t: c for t, c in sorted(unseen.items()) if c > 0},
        "moves": parts.moves.copy(),
        "movers": list(position.movers),
        "events": parts.events.copy(),
        "discards": [{"before_move": i, "player": p, "tile": t} for i, p, t in position.discards],
        "is_over": over,
        "winners": list(position.winners()),
        "extra_turn": position.part == 1 and not over,
        **{key: value for expansion in position.expansions
           for key, value in expansion.view(position, player).items()},
    }
