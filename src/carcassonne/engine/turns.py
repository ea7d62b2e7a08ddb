"""The turn machine: doing a move, scoring it, and what comes next.

Everything that moves a game on lives here, on a
:class:`~carcassonne.engine.position.Position` changed through its named
operations. A move is checked first (:mod:`carcassonne.engine.legal` for a
tile, :mod:`carcassonne.engine.special` for the other decisions); then

1. :func:`play_tile` or :func:`place_piece` lays it, stands its figures,
   scores what it completed (``SCORE-1`` to ``SCORE-5``), or :func:`decide`
   carries out a choice; a decision that comes before scoring (the dragon's
   flight, ``PD-DRAGON-WHEN``) holds the scoring back: the rest of the turn
   part (:func:`end_part`: scoring, the hand's refill, then 2. and 3.)
   goes on after its last choice;
2. :func:`finish` opens the decisions it calls for (a wonder to take,
   :func:`ask`);
3. :func:`go_on` gives the player their piece (``WON-PLACE-3``) or their
   second turn part (``TB-BUILD-3``), else :func:`start_turn` the next
   player a tile, or ends the game with :func:`final_scoring`.

Every draw the rules make happens here, in the order a record replays it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from carcassonne.engine import piece_play, scoring, special
from carcassonne.engine.moves import AnyMove, Move
from carcassonne.tiles import FIELD, Turned
from carcassonne.tiles.geometry import RING
from carcassonne.tiles.pieces import PIECES, PieceTurn

if TYPE_CHECKING:
    from carcassonne.engine.events import Award
    from carcassonne.engine.expansions.base import Expansion
    from carcassonne.engine.position import Position


# -- doing a move ------------------------------------------------------------------


def play_tile(position: Position, move: Move, tile: int, pos: int, turned: Turned,
              figures: list[tuple[int, str]]) -> None:
    """Play a checked tile move: ``tile`` from the hand (or the helper tile
    of ``WON-PLACE-3``) on ``pos`` as ``turned``, with ``figures`` as
    (segment, figure) pairs."""
    player = position.current
    position.save(pos)
    first = position.place_tile(pos, turned)
    for placer in position.placers:  # RIVER-PLACE-1: the river goes on
        placer.placed(position, pos, turned)
    helper = position.mode  # WON-PLACE-3: a land tile drawn to make room for a piece
    if helper is None:
        position.hands[player].remove(tile)
    else:
        position.mode = None
    index = len(position.history)
    position.history.append(move)
    expansions = position.expansions
    extra = bool(expansions) and position.part == 0 and helper is None and any(
        e.extra_part(position, player, pos, turned, first)  # TB-BUILD-4: not twice
        for e in expansions)
    for seg, figure in figures:  # through a magic portal, seg is -1 - its node (PD-PORTAL)
        position.put_figure(first + seg if seg >= 0 else -1 - seg, player, figure)
    action = move.action
    if action is not None:  # instead of a figure: ABBOT-RECALL, PD-FAIRY-1, PD-PRINCESS
        for expansion in position.actors:
            expansion.do_action(position, player, action, index, position.award)
    piece = helper[2] if helper is not None else None
    early = False
    for expansion in expansions:  # PD-VOLCANO, PD-DRAGON-TILE
        if expansion.tile_placed(position, player, pos, turned, index):
            early = True
    if early and ask(position, player, extra, piece, pos):
        return  # PD-DRAGON-WHEN: the tile is scored once the flight is over (decide)
    end_part(position, player, extra, piece, pos)


def end_part(position: Position, player: int, extra: bool, piece: str | None,
             pos: int) -> None:
    """The rest of a turn part once the tile on ``pos`` lies and its figure
    step (and a dragon's flight before scoring) is done: score what it
    completed, refill the hand, then :func:`finish`."""
    first, turned = position.board.tiles[pos]
    done = completed(position, pos, turned, first, [])
    if done:
        score(position, done, len(position.history) - 1)
    if position.holding and piece is None and position.holds():
        # VAR-HAND-2, VAR-HAND-4, VAR-AHEAD-1, VAR-AHEAD-3 (not after a helper tile)
        position.refill(player)
    finish(position, player, extra, piece)


def play_special(position: Position, mode: special.Mode, move: object) -> None:
    """Check and play a move of a special decision (see
    :mod:`carcassonne.engine.special`)."""
    resolved = special.check(position, mode, move)
    if mode[0] == "decide":
        decide(position, mode[1], resolved)
    elif mode[0] == "piece":
        place_piece(position, cast(Move, move), *resolved)  # check() made sure
    else:
        tile, pos, turned = resolved
        play_tile(position, cast(Move, move), tile, pos, turned, [])


def place_piece(position: Position, move: AnyMove, anchor: int, piece: PieceTurn,
                figures: list[tuple[int, int, str]]) -> None:
    """Play a checked piece move: ``piece`` (a wonder, turned) with its
    anchor on ``anchor`` and ``figures`` as (square, segment, figure)."""
    features = position.features
    player = position.current
    position.save(anchor)
    firsts = [position.place_tile(anchor + offset, turned) for offset, turned in piece.squares]
    base = firsts[0]
    for a, b in piece.joins:
        features.join(base + a, base + b)
    position.mode = None
    index = len(position.history)
    position.history.append(move)
    placed = [(anchor + offset, turned, first)
              for (offset, turned), first in zip(piece.squares, firsts, strict=True)]
    extra = position.part == 0 and any(e.extra_part(position, player, *square)
                                       for e in position.expansions for square in placed)
    for k, index_on_square, figure in figures:
        position.put_figure(firsts[k] + index_on_square, player, figure)
    action = move.action if isinstance(move, Move) else None
    if action is not None:  # ABBOT-RECALL-2: instead of the wonder's figures
        for expansion in position.actors:
            expansion.do_action(position, player, action, index, position.award)
    for expansion in position.expansions:
        expansion.piece_placed(position, player, piece.piece.id, anchor, piece.rotation, index)
    done: list[int] = []
    for square in placed:
        completed(position, *square, done)
    if done:
        score(position, done, index)
    finish(position, player, extra, None)


def decide(position: Position, expansion: Expansion, move: AnyMove) -> None:
    """Carry out a checked choice of a decision, then go on: the next
    decision, else the scoring that waited for these decisions
    (``PD-DRAGON-WHEN``), else the rest of the turn."""
    position.save(None)
    expansion.decide(position, move)
    position.history.append(move)
    position.mode = None
    assert position.resume is not None
    player, extra, piece, waiting = position.resume
    if ask(position, player, extra, piece, waiting):
        return
    position.resume = None
    position.current = player
    if waiting is not None:
        end_part(position, player, extra, piece, waiting)
        return
    go_on(position, player, extra, piece)


# -- scoring a move ----------------------------------------------------------------


def completed(position: Position, pos: int, turned: Turned, first: int,
              done: list[int]) -> list[int]:
    """Add to ``done`` the roads, cities, monasteries and gardens the tile
    on ``pos`` completed (``SCORE-1``, ``ABBOT-SCORE``), and return it. A
    garden is never a road or city (its kind is above ``FIELD``): it is
    found, like a monastery, through ``position.near_monastery``."""
    features = position.features
    root, open_ = features.root, features.open
    for seg in turned.in_order:
        if seg.kind < FIELD:
            r = root[first + seg.index]
            if not open_[r] and r not in done:
                done.append(r)
    near = position.near_monastery.get(pos)
    if near:
        tiles = position.board.tiles
        for q in near:
            if all(q + e in tiles for e in RING):
                r = root[position.monasteries[q]]
                if r not in done:
                    done.append(r)
    return done


def score(position: Position, done: list[int], index: int) -> None:
    """Score completed features, then return their figures (``SCORE-4``)."""
    award = position.award
    for expansion in position.expansions:
        expansion.before_scoring(position, done, index, award)  # WT-TIMING
    for r in done:
        scoring.pay(position, r, index, False, award)
    for expansion in position.expansions:
        expansion.completed(position, done, index)
    for r in done:
        position.return_figures(r)


def final_scoring(position: Position, award: Award) -> None:
    """§7 in its recommended order: the wonders (``WON-ORDER``), the board,
    then each expansion's part."""
    for expansion in position.expansions:
        expansion.opening_final_scoring(position, award)
    scoring.final_scoring(position, award)
    for expansion in position.expansions:
        expansion.final_scoring(position, award)


# -- what comes next -----------------------------------------------------------------


def finish(position: Position, player: int, extra: bool, piece: str | None) -> None:
    """After a move and its scoring: the decisions it calls for (a wonder
    to take), then the rest of the turn or the next one."""
    if position.deciders and ask(position, player, extra, piece):
        return
    go_on(position, player, extra, piece)


def go_on(position: Position, player: int, extra: bool, piece: str | None) -> None:
    """The player's piece if one waits (``WON-PLACE-3``), else their
    second turn part if earned, else the next player's turn."""
    if piece is not None:
        offer_piece(position, player, piece)
        return
    # TB-BUILD-8: no second part once the stack is empty; VAR-HAND-4,
    # VAR-AHEAD-3: with a hand, the second tile comes from the refilled hand;
    # RIVER-BUILDER: in the river phase it is the next river tile.
    if extra and (position.holding or position.stack_size > 0):
        position.part = 1
        if start_part(position, player):
            return
    position.part = 0
    start_turn(position, (player + 1) % position.n)


def start_turn(position: Position, player: int) -> None:
    """Give the turn to ``player``, or end the game.

    The game ends when the player to move has nothing to place and no
    tile is left to anyone: the stack is empty and so is every hand
    (``PLACE-4``, ``VAR-HAND-5``). A wonder held by someone else does not
    keep it going (``WON-PLACE-5``), with or without a hand. In the hand
    variant a player whose hand is empty while others still hold tiles
    skips the turn (``VAR-HAND-3``)."""
    n = position.n
    for _ in range(n):
        position.turn += 1
        if start_part(position, player):
            if position.expansions:  # PD-FAIRY-3
                move = len(position.history) - 1 if position.history else None
                for expansion in position.expansions:
                    expansion.turn_started(position, player, move, position.award)
            return
        if position.stack_size <= 0 and not any(position.hands):
            break
        player = (player + 1) % n
    position.over = True
    final_scoring(position, position.award)


def start_part(position: Position, player: int) -> bool:
    """Give ``player`` a tile to place (``PLACE-4``, ``VAR-HAND-3``,
    ``VAR-AHEAD-2``), or the piece they hold (``WON-PLACE-1``); False if
    they have none.

    While the head of the stack (the River's tiles) is drawn, every tile is
    drawn as the turn begins, hands or not; the hands are dealt once it is
    all drawn (``RIVER-SETUP-3``), and no piece is placed before
    (``RIVER-WONDER``)."""
    head = position.head
    holding = position.holding
    if head and holding and position.draw_count >= head and not position.holds():
        deal(position, player)  # RIVER-SETUP-3: the river placed, hands now
    if (position.piece_givers and position.part == 0 and position.draw_count >= head
            and start_with_piece(position, player)):
        return True
    hand = position.hands[player]
    if holding and position.draw_count < head:
        tile = position.draw_placeable(player, head)  # RIVER-SETUP-3, RIVER-UNPLACEABLE
        if tile is not None:
            hand.append(tile)
            position.current = player
            return True
        deal(position, player)  # the river ran out (its last tiles unplaceable)
    if not holding:
        tile = position.draw_placeable(player)  # PLACE-4
        if tile is not None:
            hand.append(tile)
    else:
        # VAR-HAND-3, VAR-AHEAD-2: discard and replace unplaceable hand tiles.
        i = 0
        while i < len(hand):
            if position.can_place(hand[i]):
                i += 1
                continue
            position.discard(player, hand.pop(i))
            if position.stack_size > 0:
                hand.append(position.draw_tile())
    if hand:
        position.current = player
        return True
    return False


def deal(position: Position, first: int) -> None:
    """Deal the hands from the land stack, in seat order from ``first``
    (``RIVER-SETUP-3``: once the River's tiles are all drawn)."""
    n = position.n
    for k in range(n):
        position.refill((first + k) % n)


# -- pieces and decisions ---------------------------------------------------------------


def ask(position: Position, player: int, extra: bool, piece: str | None,
        waiting: int | None = None) -> bool:
    """Open the next pending decision, if any expansion has one; ``player``,
    ``extra`` and ``piece`` say how the turn goes on afterwards, ``waiting``
    the square of a tile whose scoring waits for the decisions (the
    dragon's flight before scoring, ``PD-DRAGON-WHEN``)."""
    for expansion in position.deciders:
        pending = expansion.decision(position, player)
        if pending is not None:
            seat, choices = pending
            position.resume = (player, extra, piece, waiting)
            position.mode = ("decide", expansion, seat, tuple(choices))
            position.current = seat
            return True
    return False


def offer_piece(position: Position, player: int, piece: str) -> None:
    """Make ``player`` place ``piece`` now (after the helper tile)."""
    position.mode = ("piece", piece, position.board.piece_placements(PIECES[piece]))
    position.current = player


def start_with_piece(position: Position, player: int) -> bool:
    """At the start of ``player``'s turn: if they hold a piece, make them
    place it (``WON-PLACE-1``); if it fits nowhere, draw land tiles until one
    makes room (``WON-PLACE-3``), removing the others from the game."""
    for expansion in position.piece_givers:
        piece = expansion.piece_to_place(position, player)
        if piece is None:
            continue
        spots = position.board.piece_placements(PIECES[piece])
        if spots:
            position.mode = ("piece", piece, spots)
            position.current = player
            return True
        while position.stack_size > 0:
            tile = position.draw_tile()
            room = piece_play.helper_spots(position, tile, piece)
            if room:
                helper: tuple[Any, ...] = ("helper", tile, piece, frozenset(room))
                position.mode = helper
                position.current = player
                return True
            position.discard(player, tile)
    return False
