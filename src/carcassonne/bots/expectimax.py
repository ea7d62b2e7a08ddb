"""Looking a reply and a move ahead over every tile the rival may draw: the expert's search.

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
   three or more each later rival answers too, on a tile drawn at random
   for that kind of next tile (so that over the kinds looked at the later
   rivals meet many tiles, not the one a single deal would give them);
   then the expert plays its own best next move the same way, on a tile
   drawn for that kind too (``own``: a third ply, so that the rival does not
   always have the last word and a move that prepares the next is seen);
3. the position is judged as the search bot judges its leaves (the lead
   gained since the root, squashed, points scored on the way counted a
   little more), and the move's value is the average over the tiles,
   weighted by their probabilities.

The move with the best expected value is played. Everything read is
public: the deal the search starts from (:meth:`Game.determinized`) hides
the real order of the stack, and the outcomes are the tiles left, which
every player can count.

The tiles are looked at likeliest first, every candidate for one tile
before the next tile, and the replies' work is counted: each move a reply
weighs reads every claimed feature of the board, plus a fixed part
(:data:`READ`), and a further tile is looked at only while the work so far
and the last tile's again stay within ``work``. So every candidate is
weighed over the same tiles, and the work is bounded by construction: at
most ``root_cap`` moves weighed to rank the root, then ``work`` plus one
more tile's replies (``width`` replies of at most ``cap`` moves by the next
player, and of at most ``later_cap`` by each later rival and by the
expert's own next move), and never more than ``outcomes`` tiles. About half
the decisions of a two-player base game reach the budget, and most with
every set or more players; those are cut to the likeliest tiles.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from carcassonne.bots.evaluation import leads, rewards
from carcassonne.bots.evaluation_names import EVALUATIONS
from carcassonne.bots.greedy_bot import SCORED, GreedyBot
from carcassonne.engine import Game
from carcassonne.engine.moves import AnyMove

#: Weighing a move reads every claimed feature of the board (the estimate
#: judges each) and does a fixed part of work besides, about as much as
#: reading this many features (fitted to timings with every set, two to four
#: players): the work of a reply is its moves weighed times this plus the
#: claimed features.
READ = 14


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
    #: The most moves weighed by the rivals after the next player, and by
    #: the expert's own next move (:attr:`own`): replies on a tile drawn at
    #: random, which matter less than the next player's.
    later_cap: int = 100
    #: The work the replies of one decision may do, in features read
    #: (:data:`READ`): no further kind of tile is looked at once the next
    #: would pass it (0: no limit).
    work: int = 250000
    #: Whether the expert's own next move is played too, after the rivals'
    #: replies (a third ply, on a tile drawn at random for each kind looked
    #: at), before the position is judged. Without it the rival always has
    #: the last word, and a move that sets up the expert's next one is not
    #: seen (docs/bots.md measures both).
    own: bool = True
    #: Hundredths of lead gained that give a reward of about 0.88.
    scale: float = 500.0


def ranked(game: Game, plan: Plan, seed: int) -> tuple[list[AnyMove], dict[AnyMove, int]]:
    """The root's candidates, best first by their one-move value (at most
    ``plan.width``), and those values."""
    bot = GreedyBot(seed=seed, evaluation=EVALUATIONS[plan.evaluation], cap=plan.root_cap)
    return bot.best(game, plan.width)


def chosen(candidates: list[AnyMove], expected: dict[AnyMove, float]) -> AnyMove:
    """The candidate the expert plays: the best expected reward, ties (rare)
    to the better one-move value, that is the earlier candidate."""
    return max(candidates, key=lambda m: (expected[m], -candidates.index(m)))


#: How a position at the end of a line is judged, for the player to move at
#: the root: :func:`outcome_rewards`' ``leaf``.
Leaf = Callable[[Game], float]

#: Per kind of tile looked at, likeliest first: its chance and each
#: candidate's reward after that draw.
Rounds = list[tuple[float, dict[AnyMove, float]]]


def expected_values(game: Game, plan: Plan, seed: int,
                    candidates: list[AnyMove]) -> dict[AnyMove, float]:
    """Each of ``candidates``' expected reward (between 0 and 1) for the
    player to move in ``game``, over the next player's possible tiles and
    replies (see the module docstring); ``game`` is not changed."""
    return averages([outcome_rewards(game, plan, seed, candidates)])


def averages(parts: list[Rounds]) -> dict[AnyMove, float]:
    """Each candidate's reward averaged over the tiles by their chances.
    ``parts`` are the rounds of :func:`outcome_rewards` for shares of the
    candidates (one per process); each is cut to the tiles every share
    reached, so that all candidates are weighed over the same tiles."""
    reached = min(len(rounds) for rounds in parts)
    out: dict[AnyMove, float] = {}
    for rounds in parts:
        kept = rounds[:reached]
        total = sum(chance for chance, _ in kept)
        for move in kept[0][1] if kept else ():
            out[move] = sum(chance * rewards[move] for chance, rewards in kept) / total
    return out


def outcome_rewards(game: Game, plan: Plan, seed: int, candidates: list[AnyMove],
                    leaf: Leaf | None = None, until: float | None = None) -> Rounds:
    """Each candidate's reward after each kind of tile the next player may
    draw, likeliest first: every candidate for one tile, then the next tile,
    while the work so far and the last tile's again stay within
    ``plan.work`` (the module docstring; always at least one tile). With no
    tile left to fix, one round on the deal's own draws, of chance 1.

    ``leaf`` judges the positions instead of the search's reward (the
    analysis asks for the mover's lead in points, :mod:`carcassonne.analysis`);
    with ``until`` (a :func:`time.monotonic` time) no further tile is looked
    at once it has passed."""
    seat = game.current_player
    if seat is None or not candidates:
        return []
    rng = random.Random(seed)
    evaluation = EVALUATIONS[plan.evaluation]
    state = game.determinized(seat, rng)
    base = leads(evaluation.worths(state))
    first = len(state.events)

    def reward(after: Game) -> float:
        extra = [0] * len(after.players)
        for event in after.events[first:]:
            if not event.final:
                extra[event.player] += SCORED * event.points
        return rewards(after, plan.scale, extra, evaluation, base)[seat]

    judged = leaf or reward
    every = state.chance_outcomes()
    draws = sorted(every, key=lambda o: -o[1])[:plan.outcomes]
    rivals = len(state.players) - 1
    spent = 0

    def judge(move: AnyMove, key: str) -> float:
        nonlocal spent
        state.play(move)
        played = 0
        for k in range(rivals + plan.own):
            if state.is_over or (state.current_player == seat) != (k == rivals):
                break
            # seeded by the tile, not by the order of the work: the same
            # values whichever process looks into which candidate
            bot = GreedyBot(seed=f"{seed}:{key}:{k}", evaluation=evaluation,
                            cap=plan.cap if k == 0 else plan.later_cap)
            values = bot.values(state)
            spent += len(values) * (READ + len(state.claimed_features()))
            state.play(bot.pick(values))
            played += 1
        value = judged(state)
        for _ in range(played + 1):
            state.undo()
        return value

    rounds: Rounds = []
    last = 0  # the work of the last tile's round
    for tile, chance in draws:
        if rounds and ((plan.work and spent + last > plan.work)
                       or (until is not None and time.monotonic() > until)):
            break
        before = spent
        row: dict[AnyMove, float] = {}
        later = _later_draws(every, tile, state.stack_size, rivals - 1 + plan.own,
                             random.Random(f"{seed}:{tile}"))
        for move in candidates:
            try:
                state.fix_draws([tile, *later])
            except ValueError:  # a tile that cannot come next here (RIVER-SETUP-2, PD-REC)
                try:
                    state.fix_draws([tile])
                except ValueError:
                    break
            row[move] = judge(move, tile)
        if len(row) == len(candidates):
            rounds.append((chance, row))
            last = spent - before
    if not rounds:  # no outcome to fix (the stack is empty): the deal's own draws
        rounds.append((1.0, {move: judge(move, "-") for move in candidates}))
    return rounds


def _later_draws(draws: list[tuple[str, float]], tile: str, stack: int, count: int,
                 rng: random.Random) -> list[str]:
    """``count`` tiles for the rivals after the next player, drawn at random
    from the ``stack`` tiles of ``draws`` (each kind with its chance) once
    ``tile`` has been drawn: a fresh draw for each tile looked at, so that
    their replies are averaged over many tiles, not answered to the one
    tile a single deal would give them every time."""
    pool = [kind for kind, chance in draws for _ in range(round(chance * stack))]
    if tile in pool:
        pool.remove(tile)
    return rng.sample(pool, min(count, len(pool)))
