"""Decisions other than "place a tile from the hand": checking and listing them.

The game is normally asking for a tile (``position.mode is None``). An
expansion can ask for something else, recorded in ``position.mode``:

* ``("piece", id, spots)``: place the piece ``id`` (a wonder) instead of
  drawing (``WON-PLACE-1``); ``spots`` are its legal (anchor, quarter) pairs;
* ``("helper", tile, id, spots)``: the piece fits nowhere, so a land tile was
  drawn; it goes (without figures) only where the piece fits afterwards,
  then the piece is placed (``WON-PLACE-3``);
* ``("decide", expansion, seat, choices)``: ``seat`` chooses one of
  ``choices`` (who takes a wonder, which wonder) before play goes on.

This module checks those moves (:func:`check`) and lists them as
:class:`~carcassonne.engine.choices.ChoiceMoves` (:func:`legal`), side by
side as :mod:`carcassonne.engine.legal` does for tiles; the turn machine
(:mod:`carcassonne.engine.turns`) opens these decisions and plays them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from carcassonne.engine import piece_play
from carcassonne.engine.choices import ChoiceMoves
from carcassonne.engine.errors import IllegalMove
from carcassonne.engine.moves import Move
from carcassonne.tiles import TILE_LIST, TILES
from carcassonne.tiles.geometry import QUARTER_OF, pack, unpack

if TYPE_CHECKING:
    from carcassonne.engine.position import Position

Mode = tuple[Any, ...]


def legal(position: Position, mode: Mode) -> ChoiceMoves:
    """The legal moves of a special decision."""
    if mode[0] == "decide":
        return ChoiceMoves(position, list(mode[3]))
    if mode[0] == "piece":
        return ChoiceMoves(position, piece_play.placements(mode[1], mode[2]),
                           lambda move: piece_play.options(position, move))
    tile = TILE_LIST[mode[1]]
    return ChoiceMoves(position, [Move(tile.id, unpack(pos), 90 * q)
                                  for pos, q in sorted(mode[3])
                                  if tile.turned[q].canonical == 90 * q])


def check(position: Position, mode: Mode, move: object) -> Any:
    """Resolve a move of a special decision, or raise :class:`IllegalMove`:
    the choice itself (a decision), (anchor, turned piece, figures) (a
    piece, see :func:`piece_play.check`) or (tile, square, turned tile) (a
    helper tile)."""
    if isinstance(move, str):
        move = Move.parse(move)
    name = position.players[position.current]
    if mode[0] == "decide":
        _, expansion, seat, choices = mode
        if move in choices:
            return move
        reason = expansion.refuse_decision(position, move)
        if reason is not None:
            raise IllegalMove.from_reason(reason, str(move))
        listed = ", ".join(str(c) for c in choices)
        raise IllegalMove("§2", f"{move} is not a choice now: {position.players[seat]} "
                                f"chooses one of {listed}")
    if mode[0] == "piece":
        return piece_play.check(position, move, mode[1])
    _, tile, piece, spots = mode
    tile_id = TILE_LIST[tile].id
    if not isinstance(move, Move) or move.tile != tile_id:
        raise IllegalMove("WON-PLACE-3", f"{piece} fits nowhere, so {name} must first place "
                                         f"the drawn {tile_id}, not {move}")
    if move.figures or move.action is not None:  # the wonder's figure action comes next
        raise IllegalMove("WON-PLACE-3", "no figure or action goes with the tile drawn to "
                                         "make room for a wonder")
    quarter = QUARTER_OF.get(move.rotation)
    if quarter is None:
        raise IllegalMove("PLACE-3", f"rotation must be 0, 90, 180 or 270, not {move.rotation}")
    pos = pack(*move.at)
    turned = TILES[tile_id].turned[quarter]
    if (pos, quarter) not in spots:
        reason = position.board.misfit(pos, turned) or (
            f"WON-PLACE-3: {piece} would still fit nowhere")
        raise IllegalMove.from_reason(reason, f"{tile_id} at {move.at[0]},{move.at[1]} "
                                              f"turned {move.rotation}")
    return tile, pos, turned
