"""Chance in the open: the draws a move makes, for a program that plays
the chance itself (OpenSpiel's chance nodes, an expectimax search).

A move makes the engine draw: the next player's tile, a tile again after
one that fits nowhere (``DRAW-2``), a tile to fill a hand. Which tile comes
is the stack's secret (:mod:`carcassonne.engine.draws`). A program that
decides the draws asks, for a move it is about to play, what its next draw
may be, each tile with its probability, and then plays the move with the
tiles it chose::

    >>> from carcassonne import Game
    >>> game = Game.new(players=["Ann", "Bob"], seed=1)
    >>> move = game.legal_moves()[0]
    >>> outcomes = draw_outcomes(game, move)
    >>> round(sum(p for _, p in outcomes), 9), len(outcomes) > 10
    (1.0, True)
    >>> tile = outcomes[0][0]
    >>> draw_outcomes(game, move, [tile])      # the move draws one tile only
    []
    >>> play_drawing(game, move, [tile])
    >>> game.tiles_to_place == (tile,)
    True

The outcomes are the tiles left in the part of the stack being drawn
(``RIVER-SETUP-2``), each with its share, but the tiles that may not be
drawn then (``PD-REC``: dragon-symbol tiles wait while the dragon is off
the board, as the board is once the move is played: a volcano the move
lays brings the dragon before its draw). As with
:meth:`~carcassonne.engine.game.Game.chance_outcomes`, this is the chance
player's view: with hidden hands it tells what the stack holds, which no
seat knows.
"""

from __future__ import annotations

from collections.abc import Sequence

from carcassonne.engine import draws
from carcassonne.engine.errors import shown
from carcassonne.engine.game import Game


def draw_outcomes(game: Game, move: object, drawn: Sequence[str] = (), *,
                  checked: bool = True) -> list[tuple[str, float]]:
    """What the next tile that playing ``move`` on ``game`` draws may be,
    once its first draws are the tiles ``drawn`` (ids): each tile id, in
    catalogue order, with its probability; empty when the move draws no
    more than that. ``game`` is unchanged. :class:`IllegalMove` when the
    move is not legal; ``ValueError`` when a tile of ``drawn`` cannot be
    drawn there (see :func:`play_drawing`). ``checked`` False trusts
    ``drawn`` to be outcomes this function gave (a chance node's program
    that checked each one as it was chosen): one trial instead of one per
    tile."""
    drawn = list(drawn)
    for i, tile in enumerate(drawn if checked else ()):
        allowed = _outcomes(game, move, drawn[:i])
        if tile not in dict(allowed):
            raise _refused(tile, i, allowed)
    return _outcomes(game, move, drawn)


def play_drawing(game: Game, move: object, tiles: Sequence[str], *, checked: bool = True) -> None:
    """Play ``move`` on ``game`` with ``tiles`` (ids) as the tiles its draws
    take, in order; the draws after them, if the move makes more, come from
    the stack as it lies. Each tile must be one of the outcomes
    :func:`draw_outcomes` gives at its turn, and the move must make that
    many draws: else a ``ValueError`` names the tile and what could be
    drawn (an illegal move is an :class:`IllegalMove`), and ``game`` is
    unchanged. ``checked`` False trusts them (see :func:`draw_outcomes`)
    and plays at once."""
    tiles = list(tiles)
    if checked:
        draw_outcomes(game, move, tiles)  # every check, on a copy
    draws.fix_draws(game, tiles, checked=False)
    game.play(move)


def _outcomes(game: Game, move: object, drawn: list[str]) -> list[tuple[str, float]]:
    trial = game.copy()
    trial.position().keep_undo(False)  # (not the setter: see Game.undoable)
    start = trial.position().draw_count
    draws.fix_draws(trial, drawn, checked=False)  # (the may-be-drawn check is ours)
    trial.play(move)
    after = trial.position()
    index = start + len(drawn)
    if after.draw_count <= index:
        return []
    return draws.outcomes_of_draw(after, index)


def _refused(tile: str, index: int, allowed: list[tuple[str, float]]) -> ValueError:
    if not allowed:
        return ValueError(f"the move makes only {index} draw{'s' * (index != 1)}, "
                          f"not one of {shown(tile)}")
    return ValueError(f"draw {index + 1} of the move cannot be {shown(tile)} (it may be "
                      f"{', '.join(t for t, _ in allowed)})")
