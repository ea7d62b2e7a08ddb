"""Weighing a bounded number of moves: a bot's work per decision, capped.

A one-move-deep bot values every legal move: it plays each on a copy of the
game, judges the position, and takes it back. In a base game that is a few
dozen moves, at most a few hundred. With every set it can be tens of
thousands: a magic portal (``PD-PORTAL``) lets a follower go onto any open
feature of the board, so each of a tile's placements comes with hundreds of
figure options, and a position of 57 placements had 28,308 moves. Valued one
by one that takes seconds, and a search that models each reply that way
takes minutes.

:func:`bounded_values` values at most ``cap`` moves, so the work of a
decision is bounded by construction, whatever the position. When the legal
moves number ``cap`` or fewer it values all of them, in the engine's order:
the very values of :func:`~carcassonne.bots.evaluation.move_values`, so a
bot with a cap plays exactly as one without in such positions (every base
position measured had at most 308). Beyond that it weighs in stages, each
spending what the one before left:

1. **Placements.** Each placement without a figure (at most a third of the
   cap of them, chosen at random when there are more) is valued, and the
   placements are ranked by that value: where the tile goes matters most.
2. **Figures and actions on the tile.** The options of each placement that
   stay on the placed tile (a follower on one of its features, the fairy,
   recalling the abbot), best placement first, until the cap is reached.
3. **Figures elsewhere.** Options that put a figure on another tile (the
   portal's) are valued for the best placement that has them, a random
   sample of them if they are too many; the few targets that did best there
   are then tried with the next placements. A follower sent through a portal
   is worth about the same whichever placement opened the portal, so the
   best targets for one placement are the best for the others. (A wonder's
   figures name their square as well, and are weighed in this stage too.)

The moves are listed only as far as they are weighed (the options of a
placement are listed when it is reached), so listing too stays bounded.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from carcassonne.bots.evaluation import Evaluation, Judge, move_values, valuer
from carcassonne.engine import Game, IllegalMove, LegalMoves
from carcassonne.engine.choices import ChoiceMoves
from carcassonne.engine.moves import AnyMove, Move

#: Of the portal targets tried with the best placement, how many are tried
#: with the next ones.
TARGETS = 4


def bounded_values(game: Game, evaluation: Evaluation, scored: int, cap: int | None,
                   rng: random.Random, judge: Judge | None = None) -> dict[AnyMove, int]:
    """Values (as :func:`~carcassonne.bots.evaluation.move_values`, with its
    ``judge``) of at most ``cap`` legal moves of ``game``, chosen as the
    module docstring says; every move when ``cap`` is None or 0 or the
    moves are that few. The best move valued is the bot's choice; ``rng`` picks the
    samples."""
    if game.current_player is None:
        return {}
    if not cap:
        return move_values(game, evaluation, scored, judge=judge)
    legal = game.legal_moves()
    placements = legal.placements()
    listed: list[Sequence[AnyMove]] = []
    count = 0
    for placement in placements:
        options: Sequence[AnyMove] = legal.options(placement)
        listed.append(options)
        count += len(options)
        if count > cap:
            break
    else:
        return move_values(game, evaluation, scored, [m for opts in listed for m in opts],
                           judge)
    value = valuer(game, evaluation, scored, judge)
    return _staged(legal, value, max(cap, 3), rng, placements, listed)


def _staged(legal: LegalMoves | ChoiceMoves, value: Callable[[AnyMove], int], cap: int,
            rng: random.Random, placements: Sequence[AnyMove],
            listed: list[Sequence[AnyMove]]) -> dict[AnyMove, int]:
    """The three stages of the module docstring over the ``legal`` moves of
    the position, valuing moves by ``value``."""
    values: dict[AnyMove, int] = {}
    indexes = list(range(len(placements)))
    if len(indexes) > cap // 3:
        indexes = sorted(rng.sample(indexes, cap // 3))
    # 1. Placements, without a figure (not legal where an action is due).
    ranked: list[tuple[int, int]] = []
    for i in indexes:
        try:
            values[placements[i]] = worth = value(placements[i])
        except IllegalMove:
            worth = -(1 << 60)
        ranked.append((-worth, i))
    ranked.sort()
    # 2. Options on the placed tile, best placement first; once some
    # options go elsewhere, a third of the cap is kept for them.
    elsewhere: list[list[AnyMove]] = []
    limit = cap
    for _, i in ranked:
        options = listed[i] if i < len(listed) else legal.options(placements[i])
        here: list[AnyMove] = []
        away: list[AnyMove] = []
        for move in options:
            (away if _elsewhere(move) else here).append(move)
        if away:
            elsewhere.append(away)
            limit = cap - cap // 3
        if len(values) >= limit:
            break
        for move in here:
            if move not in values:
                if len(values) >= limit:
                    break
                values[move] = value(move)
    # 3. Figures on other tiles: sampled for the first placement that has
    # them, then the best few targets with the others.
    best: set[object] | None = None
    for away in elsewhere:
        if not away:
            continue
        room = cap - len(values)
        if room <= 0:
            break
        if best is None:
            tried = away if len(away) <= room else rng.sample(away, room)
            scores = {move: value(move) for move in tried}
            values.update(scores)
            top = sorted(tried, key=lambda m: -scores[m])[:TARGETS]
            best = {_target(move) for move in top}
            continue
        for move in away:
            if _target(move) in best and len(values) < cap:
                values[move] = value(move)
    return values


def _elsewhere(move: AnyMove) -> bool:
    """Whether ``move`` puts a figure on another tile than the one placed."""
    return isinstance(move, Move) and any(f.on is not None for f in move.figures)


def _target(move: AnyMove) -> object:
    """What a move sends elsewhere: its figures and action, not its tile."""
    assert isinstance(move, Move)
    return (move.figures, move.action)
