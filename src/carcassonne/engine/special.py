"""Decisions other than "place a tile from the hand": pieces, helper tiles, choices.

The game is normally asking for a tile (``game._mode is None``). An
expansion can ask for something else, recorded in ``game._mode``:

* ``("piece", id, spots)``: place the piece ``id`` (a wonder) instead of
  drawing (``WON-PLACE-1``); ``spots`` are its legal (anchor, quarter) pairs;
* ``("helper", tile, id, spots)``: the piece fits nowhere, so a land tile was
  drawn; it goes (without figures) only where the piece fits afterwards,
  then the piece is placed (``WON-PLACE-3``);
* ``("decide", expansion, seat, choices)``: ``seat`` chooses one of
  ``choices`` (who takes a wonder, which wonder) before play goes on.

This module checks and plays those moves and lists them as
:class:`~carcassonne.engine.choices.ChoiceMoves`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from carcassonne.engine import piece_play
from carcassonne.engine.choices import ChoiceMoves
from carcassonne.engine.errors import IllegalMove
from carcassonne.engine.moves import AnyMove, Move
from carcassonne.tiles import TILE_LIST, TILES
from carcassonne.tiles.geometry import QUARTER_OF, pack, unpack
from carcassonne.tiles.pieces import PIECES

if TYPE_CHECKING:
    from carcassonne.engine.game import Game

Mode = tuple[Any, ...]


def legal(game: Game, mode: Mode) -> ChoiceMoves:
    """The legal moves of a special decision."""
    if mode[0] == "decide":
        return ChoiceMoves(game, list(mode[3]))
    if mode[0] == "piece":
        return ChoiceMoves(game, piece_play.placements(mode[1], mode[2]),
                           lambda move: piece_play.options(game, move))
    tile = TILE_LIST[mode[1]]
    return ChoiceMoves(game, [Move(tile.id, unpack(pos), 90 * q) for pos, q in sorted(mode[3])
                              if tile.turned[q].canonical == 90 * q])


def check(game: Game, mode: Mode, move: object) -> Any:
    """Resolve a move of a special decision, or raise :class:`IllegalMove`."""
    if isinstance(move, str):
        move = Move.parse(move)
    name = game.players[game._current]
    if mode[0] == "decide":
        _, expansion, seat, choices = mode
        if move in choices:
            return move
        reason = expansion.refuse_decision(game, move)
        if reason is not None:
            raise IllegalMove.from_reason(reason, str(move))
        listed = ", ".join(str(c) for c in choices)
        raise IllegalMove("§2", f"{move} is not a choice now: {game.players[seat]} chooses "
                                f"one of {listed}")
    if mode[0] == "piece":
        return piece_play.check(game, move, mode[1])
    _, tile, piece, spots = mode
    tile_id = TILE_LIST[tile].id
    if not isinstance(move, Move) or move.tile != tile_id:
        raise IllegalMove("WON-PLACE-3", f"{piece} fits nowhere, so {name} must first place "
                                         f"the drawn {tile_id}, not {move}")
    if move.figures:
        raise IllegalMove("WON-PLACE-3", "no figure goes on the tile drawn to make room "
                                         "for a wonder")
    quarter = QUARTER_OF.get(move.rotation)
    if quarter is None:
        raise IllegalMove("PLACE-3", f"rotation must be 0, 90, 180 or 270, not {move.rotation}")
    pos = pack(*move.at)
    turned = TILES[tile_id].turned[quarter]
    if (pos, quarter) not in spots:
        reason = game._board.misfit(pos, turned) or (
            f"WON-PLACE-3: {piece} would still fit nowhere")
        raise IllegalMove.from_reason(reason, f"{tile_id} at {move.at[0]},{move.at[1]} "
                                              f"turned {move.rotation}")
    return tile, pos, turned


def play(game: Game, mode: Mode, move: object) -> None:
    """Check and play a move of a special decision."""
    resolved = check(game, mode, move)
    if mode[0] == "decide":
        _decide(game, mode[1], resolved)
    elif mode[0] == "piece":
        _place_piece(game, cast(Move, move), *resolved)  # check() made sure
    else:
        tile, pos, turned = resolved
        game._apply(cast(Move, move), tile, pos, turned, [])


def ask(game: Game, player: int, extra: bool, piece: str | None) -> bool:
    """Open the next pending decision, if any expansion has one; ``player``,
    ``extra`` and ``piece`` say how the turn goes on afterwards."""
    for expansion in game._deciders:
        pending = expansion.decision(game, player)
        if pending is not None:
            seat, choices = pending
            game._resume = (player, extra, piece)
            game._mode = ("decide", expansion, seat, tuple(choices))
            game._current = seat
            return True
    return False


def _decide(game: Game, expansion: Any, move: AnyMove) -> None:
    game._push_frame(None)
    expansion.decide(game, move)
    game._history.append(move)
    game._mode = None
    assert game._resume is not None
    player, extra, piece = game._resume
    if ask(game, player, extra, piece):
        return
    game._resume = None
    game._go_on(player, extra, piece)


def offer_piece(game: Game, player: int, piece: str) -> None:
    """Make ``player`` place ``piece`` now (after the helper tile)."""
    game._mode = ("piece", piece, game._board.piece_placements(PIECES[piece]))
    game._current = player


def start_with_piece(game: Game, player: int) -> bool:
    """At the start of ``player``'s turn: if they hold a piece, make them
    place it (``WON-PLACE-1``); if it fits nowhere, draw land tiles until one
    makes room (``WON-PLACE-3``), removing the others from the game."""
    for expansion in game._piece_givers:
        piece = expansion.piece_to_place(game, player)
        if piece is None:
            continue
        spots = game._board.piece_placements(PIECES[piece])
        if spots:
            game._mode = ("piece", piece, spots)
            game._current = player
            return True
        while game._draw < len(game._stack):
            tile = game._stack[game._draw]
            game._draw += 1
            room = piece_play.helper_spots(game, tile, piece)
            if room:
                game._mode = ("helper", tile, piece, frozenset(room))
                game._current = player
                return True
            game._discards.append((len(game._history), player, TILE_LIST[tile].id))
    return False


def _place_piece(game: Game, move: AnyMove, anchor: int, piece: Any,
                 figures: list[tuple[int, int, str]]) -> None:
    features, board = game._features, game._board
    player = game._current
    game._push_frame(anchor)
    firsts = []
    for offset, turned in piece.squares:
        first = features.add_tile(anchor + offset, turned, board.tiles)
        board.place(anchor + offset, turned, first)
        firsts.append(first)
    base = firsts[0]
    for a, b in piece.joins:
        features.join(base + a, base + b)
    game._mode = None
    index = len(game._history)
    game._history.append(move)
    placed = [(anchor + offset, turned, first)
              for (offset, turned), first in zip(piece.squares, firsts, strict=True)]
    extra = game._part == 0 and any(e.extra_part(game, player, *square)
                                    for e in game._expansions for square in placed)
    for k, index_on_square, figure in figures:
        node = firsts[k] + index_on_square
        game._put_figure(node, player, figure)
        features.add_followers(node, 1)
    for expansion in game._expansions:
        expansion.piece_placed(game, player, piece.piece.id, anchor, piece.rotation, index)
    done: list[int] = []
    for square in placed:
        game._completed(*square, done)
    if done:
        game._score(done, index)
    game._finish(player, extra, None)
