"""Looking one reply ahead over every tile the rival may draw: the expert's search.

The search bot (:mod:`carcassonne.bots.search`) learns what a move is worth
by sampling: each iteration deals the stack again, so the rival's next tile
is a random one, and with 80 iterations over six moves each move sees about
a dozen of the twenty-odd kinds of tile left. Much of the difference between
two moves' averages is then which tiles they happened to meet. But which
tiles are left is public, and so is how many of each: the chance of each
next draw is known exactly (:meth:`Game.chance_outcomes`). This search uses
it. For each of the ``width`` best moves by their one-move value:

1. for each kind of tile the next player may draw, with its probability
   (at most ``outcomes`` of them, the likeliest; a stack of more kinds, as
   with every set, is cut to those), make that tile the next draw
   (:meth:`Game.fix_draws`) and play the move;
2. the next player answers with *its best move one move deep by this
   search's own evaluation* (not the greedy bot's: the reply of a player
   who values followers and chances as the expert does), and at tables of
   three or more each later rival answers too, on the tile the deal gives
   it;
3. the position is judged as the search bot judges its leaves (the lead
   gained since the root, squashed, points scored on the way counted a
   little more), and the move's value is the average over the tiles,
   weighted by their probabilities.

The move with the best expected value is played. Everything read is
public: the deal the search starts from (:meth:`Game.determinized`) hides
the real order of the stack, and the outcomes are the tiles left, which
every player can count.

The work is bounded by construction: at most ``root_cap`` moves weighed to
rank the root, then ``width`` × ``outcomes`` × ``(players - 1)`` replies of
at most ``cap`` moves each.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from carcassonne.bots.evaluation import leads, rewards
from carcassonne.bots.evaluation_names import EVALUATIONS
from carcassonne.bots.greedy_bot import SCORED, GreedyBot
from carcassonne.engine import Game
from carcassonne.engine.moves import AnyMove


@dataclass(frozen=True)
class Plan:
    """The expert search's knobs (see the module docstring)."""

    #: How many of the best root moves by their one-move value are looked into.
    width: int = 6
    #: How positions are judged (a name of
    #: :data:`~carcassonne.bots.evaluation_names.EVALUATIONS`), and the
    #: replies chosen.
    evaluation: str = "fitting"
    #: The most kinds of tile the next draw is looked at for, the likeliest.
    outcomes: int = 24
    #: The most moves a reply weighs, and the root's ranking.
    cap: int = 300
    root_cap: int = 1500
    #: Hundredths of lead gained that give a reward of about 0.88.
    scale: float = 500.0


def ranked(game: Game, plan: Plan, seed: int) -> tuple[list[AnyMove], dict[AnyMove, int]]:
    """The root's candidates, best first by their one-move value (at most
    ``plan.width``), and those values."""
    bot = GreedyBot(seed=seed, evaluation=EVALUATIONS[plan.evaluation], cap=plan.root_cap)
    return bot.best(game, plan.width)


def expected_values(game: Game, plan: Plan, seed: int,
                    candidates: list[AnyMove]) -> dict[AnyMove, float]:
    """Each of ``candidates``' expected reward (between 0 and 1) for the
    player to move in ``game``, over the next player's possible tiles and
    replies (see the module docstring); ``game`` is not changed."""
    seat = game.current_player
    if seat is None:
        return {}
    rng = random.Random(seed)
    evaluation = EVALUATIONS[plan.evaluation]
    state = game.determinized(seat, rng)
    base = leads(evaluation.worths(state))
    first = len(state.events)
    draws = sorted(state.chance_outcomes(), key=lambda o: -o[1])[:plan.outcomes]
    rivals = len(state.players) - 1

    def judge(replies: int, key: str) -> float:
        played = 0
        for k in range(replies):
            if state.is_over or state.current_player == seat:
                break
            # seeded by the tile, not by the order of the work: the same
            # values whichever process looks into which candidate
            reply = GreedyBot(seed=f"{seed}:{key}:{k}", evaluation=evaluation,
                              cap=plan.cap).choose(state)
            state.play(reply)
            played += 1
        extra = [0] * len(state.players)
        for event in state.events[first:]:
            if not event.final:
                extra[event.player] += SCORED * event.points
        reward = rewards(state, plan.scale, extra, evaluation, base)[seat]
        for _ in range(played):
            state.undo()
        return reward

    out: dict[AnyMove, float] = {}
    for move in candidates:
        value, weight = 0.0, 0.0
        for tile, chance in draws:
            try:
                state.fix_draws([tile])
            except ValueError:  # a tile that cannot come next here (RIVER-SETUP-2, PD-REC)
                continue
            state.play(move)
            value += chance * judge(rivals, tile)
            weight += chance
            state.undo()
        if not weight:  # no outcome to fix (the stack is empty): the deal's own draws
            state.play(move)
            value, weight = judge(rivals, "-"), 1.0
            state.undo()
        out[move] = value / weight
    return out
