"""The draw order, kept private: dealt again, fixed, or forgotten.

The order of the tiles still to be drawn is the one secret of a game that
no seat may know (docs/rules.md: the stack is shuffled face down). A game's
:class:`~carcassonne.engine.position.Position` keeps it in a private list;
nothing public reads it, and only a record (docs/formats.md, written once
the game is over or by the server that holds it) writes it out. The
functions here, the only code besides the position's own draws that
touches it, change it without showing it:

* :func:`deal_again` deals what a seat cannot see again, at random (the
  search bots' imagined futures, ``Game.determinized``);
* :func:`fix_draws` makes given tiles the next draws, and
  :func:`sort_undrawn` forgets the order of the rest: for a program that
  plays the chance of the draw itself (OpenSpiel's chance nodes), so it
  never needs to read the order;
* :func:`outcomes` lists what the next draw may be, each with its
  probability: the chance node's outcomes, as the chance player sees them
  (it knows what is left in the stack, which no seat does when hands are
  hidden); :func:`outcomes_of_draw` what a draw already made chose from
  (``carcassonne.engine.chance``: the draws of a move).

With The River the stack has a head (``RIVER-SETUP-2``): its course tiles,
then its lake, each part drawn in its own order before the rest
(``position.parts``). Every function here keeps to the parts: the next draw
is a tile of the part being drawn, an order is dealt, fixed or forgotten
within each part, never across them.

The public face of these is on the game: ``Game.chance_outcomes()``,
``Game.fix_draws()``, ``Game.sort_undrawn()``, ``Game.determinized()`` and
``Game.resample_hidden()``, and the draws of a move in
:mod:`carcassonne.engine.chance`. Each function takes a game's position
(``game.position()``) or, for the older callers, the game itself.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from carcassonne.engine.errors import shown
from carcassonne.engine.position import Position
from carcassonne.engine.setup import shuffle, tile_index
from carcassonne.tiles import TILE_LIST


def _position(game: object) -> Position:
    """The position of ``game`` (a Game or its Position)."""
    if isinstance(game, Position):
        return game
    position = getattr(game, "position", None)
    if position is None:
        raise TypeError(f"a game or its position, not {shown(game)}")
    found: object = position()
    assert isinstance(found, Position)
    return found


def _bounds(position: Position) -> list[tuple[int, int]]:
    """The stack's parts as [start, end) ranges, the last one the rest."""
    out = []
    start = 0
    for end in (*position.parts, len(position._stack)):
        out.append((start, max(start, end)))
        start = end
    return out


def _part_end(position: Position, index: int) -> int:
    """Where the part holding stack entry ``index`` ends."""
    for end in position.parts:
        if index < end:
            return end
    return len(position._stack)


def deal_again(game: object, seat: int | None, rng: random.Random) -> None:
    """Deal again, in place, what ``seat`` cannot see: the order of the rest
    of each part of the stack and, with hidden hands (``VAR-HAND-1``,
    ``VAR-AHEAD-4``), the other players' hands (same sizes), shuffled with
    the last part. The deal depends on what is hidden, never on its real
    order. Once hands are dealt again the game no longer follows the deal
    of its stack, so it has no record (see ``record_of``)."""
    position = _position(game)
    hidden = [p for p in range(position.n) if p != seat] if position.hidden_hands() else []
    draw, stack = position._draw, position._stack
    bounds = _bounds(position)
    dealt = stack[:draw]
    for k, (start, end) in enumerate(bounds):
        pool = stack[max(start, draw):end]
        if k == len(bounds) - 1:
            for p in hidden:
                pool.extend(position.hands[p])
        pool.sort()  # the deal depends on what is hidden, never on its real order
        shuffle(rng, pool)
        if k == len(bounds) - 1:
            for p in hidden:
                size = len(position.hands[p])
                position.hands[p] = pool[:size]
                del pool[:size]
        dealt.extend(pool)
    position._stack = dealt
    if hidden:
        position._dealt_again = True
    position.deal += 1
    position.version += 1


def fix_draws(game: object, tiles: Iterable[object], *, checked: bool = True) -> None:
    """Make ``tiles`` (ids or catalogue indexes) the next draws of ``game``,
    in that order, ahead of the rest of the stack, which keeps its order.
    Each must be one of the tiles left to draw, in the part of the stack
    its draw comes from (``RIVER-SETUP-2``: river tiles before the lake,
    the lake before land tiles), and the first one a tile that may be
    drawn now (one of :func:`outcomes`: not a dragon-symbol tile held back,
    ``PD-REC``); a ``ValueError`` says which is not (and ``game`` is
    unchanged). ``checked`` False leaves out that last check: for a program
    that fixes the draws coming after a move it has yet to play, once a
    volcano may have brought the dragon (OpenSpiel's chance nodes offer
    only what may be drawn then)."""
    position = _position(game)
    tiles = list(tiles)
    if checked and tiles and position.drawers:
        first = TILE_LIST[tile_index(tiles[0])].id  # (a ValueError when it is no tile)
        if first not in dict(outcomes(position)):
            raise ValueError(f"{first} may not be drawn now (PD-REC: a dragon-symbol "
                             f"tile waits while the dragon is off the board)")
    stack = position._stack.copy()
    slot = position._draw
    for tile in tiles:
        index = tile_index(tile)
        end = _part_end(position, slot)
        rest = stack[slot:end]
        if index not in rest:
            if index in stack[slot:]:
                raise ValueError(f"{shown(tile)} cannot be drawn before the tiles of "
                                 f"{TILE_LIST[stack[slot]].id}'s part of the stack "
                                 f"(RIVER-SETUP-2)")
            raise ValueError(f"{shown(tile)} is not a tile left to draw")
        rest.remove(index)
        stack[slot:end] = [index, *rest]
        slot += 1
    position._stack = stack
    position.deal += 1
    position.version += 1


def sort_undrawn(game: object) -> None:
    """Put the tiles left to draw in catalogue order, part by part,
    forgetting their order."""
    position = _position(game)
    stack, draw = position._stack, position._draw
    out = stack[:draw]
    for start, end in _bounds(position):
        out.extend(sorted(stack[max(start, draw):end]))
    position._stack = out
    position.deal += 1
    position.version += 1


def outcomes(game: object) -> list[tuple[str, float]]:
    """What the next draw from the stack may be: each tile id left in the
    part being drawn, in catalogue order, with its share of that part
    (count / tiles left in it); empty when the stack is. Among them only
    the tiles that may be drawn now, if there are any (``PD-REC``:
    dragon-symbol tiles wait while the dragon is off the board, with the
    board as it is now). The chance player's view: with hidden hands it
    tells what the stack holds, which no seat knows."""
    return _shares(outcome_counts(game))


def outcomes_of_draw(game: object, index: int) -> list[tuple[str, float]]:
    """What draw number ``index`` of the stack (counted from the game's
    first) chose from, as :func:`outcomes` says it, with the board as it is
    now: for the draws a move has just made (``carcassonne.engine.chance``;
    the dragon a volcano brought is on the board for the draws after it)."""
    position = _position(game)
    if not 0 <= index < position._draw:
        raise ValueError(f"draw {shown(index)} was not made (draws made: {position._draw})")
    return _shares(outcome_counts(position, index))


def _shares(counts: dict[int, int]) -> list[tuple[str, float]]:
    """Tile counts as ``(id, probability)``, in catalogue order."""
    total = sum(counts.values())
    return [(TILE_LIST[t].id, counts[t] / total) for t in sorted(counts)]


def outcome_counts(game: object, draw: int | None = None) -> dict[int, int]:
    """The tiles :func:`outcomes` lists, as catalogue index -> how many of
    them the next draw chooses from (or draw number ``draw``, one already
    made): each count over their sum is its probability, exactly
    (``fit_chances`` counts with these)."""
    position = _position(game)
    stack = position._stack
    if draw is None:
        draw = position._draw
    end = _part_end(position, draw)
    counts: dict[int, int] = {}
    for i in range(draw, end):
        counts[stack[i]] = counts.get(stack[i], 0) + 1
    drawers = position.drawers
    if drawers:
        kept = {t: c for t, c in counts.items()
                if all(e.drawable(position, t) for e in drawers)}
        if kept:
            counts = kept
    return counts


def put_back_hidden(position: Position, stack: list[int], hands: list[list[int]]) -> None:
    """Give back a stack order and hands as they were (an unpickled game,
    replayed from its record, gets the order of what it had dealt again)."""
    if position._stack != stack or position.hands != hands:
        position._stack, position.hands = list(stack), [list(h) for h in hands]
        position.deal += 1
        position.version += 1


def hidden_order(position: Position) -> tuple[list[int], list[list[int]]]:
    """The stack order and the hands, as tile indexes, to pickle a game
    (see ``Game.__reduce__``): never for a player to read."""
    return position._stack, position.hands
