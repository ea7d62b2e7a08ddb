"""Monte Carlo tree search over determinised stacks (one process).

The hidden part of the game (the order of the stack, other players' hidden
hands) is unknown to a bot, so each iteration first deals it again at random
(:meth:`Game.resample_hidden` on the bot's own copy): a *determinisation*.
One tree is shared by all determinisations (information-set MCTS): a child is
a move, and since which moves exist depends on the tile drawn, each child
counts how often it was *available*; UCB compares children by those counts.

An iteration:

1. deals the hidden tiles again;
2. walks down the tree by UCB1 among the children legal in this deal, and
   adds one untried legal move as a new leaf (at most ``depth`` moves deep);
3. plays ``rollout`` more moves (with ``each_rival``, ``rollout`` rounds
   of one move by each other player), so the next tiles are sampled: by default
   random tile placements without figures (where the next tiles go and what
   they complete), the greedy bot's moves (``policy="greedy"``), or the best
   moves one move deep by the search's own evaluation (``policy="own"``);
4. scores the position with :func:`~carcassonne.bots.evaluation.rewards`
   under the ``evaluation`` setting (by default the expected evaluation:
   projected scores, each unfinished feature's chance of completion,
   followers kept, and a bonus for points scored on the way; public
   information only) and adds each node's reward for the player who made
   its move. A reward squashes a player's lead over the best rival to
   between 0 and 1; with ``relative`` (the levels' setting) it squashes the
   lead *gained since the root*, so that a player far ahead or far behind
   still sees which move gains most;
5. takes every move back.

At the root only the ``width`` moves with the best one-move-deep value
under the same evaluation (:func:`~carcassonne.bots.evaluation.move_values`)
are searched: the rest are rarely good, and the budget is better spent on
the few. With ``widening`` (progressive widening) the next best move joins
them each time the root's iterations allow one more, ``width + widening *
sqrt(iterations)`` moves in all, so a long search reaches moves a short one
rightly ignores.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Any

from carcassonne.bots.evaluation import leads, rewards
from carcassonne.bots.evaluation_names import EVALUATIONS
from carcassonne.bots.greedy_bot import SCORED, GreedyBot
from carcassonne.engine import Game
from carcassonne.engine.moves import AnyMove


@dataclass(frozen=True)
class Budget:
    """How much to search: stop after ``iterations`` or ``seconds``,
    whichever comes first (None: no limit of that kind)."""

    iterations: int | None = 1000
    seconds: float | None = None


@dataclass(frozen=True)
class Settings:
    """The search's knobs (see the module docstring)."""

    depth: int = 2
    rollout: int = 4
    #: Whether random rollout moves put figures too, or only place tiles.
    rollout_figures: bool = False
    #: How rollout moves are chosen: ``random``, ``greedy`` (the greedy
    #: bot's move: a model of a sensible reply, dearer to compute) or
    #: ``own`` (the best move one move deep by the search's own evaluation).
    policy: str = "random"
    #: How positions are judged: ``fitting`` (chances of completion, knowing
    #: which squares the tiles left can fill), ``expected`` (chances by open
    #: sides only), ``simple`` (projected scores) or ``learned``,
    #: :mod:`carcassonne.bots.evaluation`.
    evaluation: str = "fitting"
    #: Visits each root candidate starts with, at the reward of its
    #: one-move-deep value (0: none).
    prior: int = 0
    width: int = 12
    #: Progressive widening at the root: after ``n`` iterations the best
    #: ``width + widening * sqrt(n)`` moves are searched (0: ``width`` always).
    widening: float = 0.0
    exploration: float = 0.3
    scale: float = 500.0
    #: Whether rewards measure each player's lead against their lead at the
    #: root (the search's question: which move gains most from here) rather
    #: than the lead itself, which saturates the reward when one player is
    #: far ahead, as is common with every set on.
    relative: bool = False
    #: Hundredths of a point added per point scored during the game on the
    #: way from the root to the leaf: points in hand beat projected ones.
    scored: int = SCORED
    #: Whether ``rollout`` counts rounds rather than moves: each rival
    #: replies once per round (the same with two players).
    each_rival: bool = False
    #: The most moves a rollout's greedy reply weighs (0: every legal move),
    #: :func:`~carcassonne.bots.weighing.bounded_values`: with every set a
    #: reply could otherwise weigh tens of thousands.
    cap: int = 0
    #: The most moves the root's ranking weighs (0: every legal move).
    root_cap: int = 0


class Node:
    """A move in the tree: who made it, its visits, summed reward, and how
    often it was available when its parent was visited."""

    __slots__ = ("available", "children", "move", "player", "total", "visits")

    def __init__(self, move: AnyMove | None, player: int) -> None:
        self.move = move
        self.player = player
        self.visits = 0
        self.total = 0.0
        self.available = 0
        self.children: dict[Any, Node] = {}


def root_moves(game: Game, settings: Settings,
               seed: int) -> tuple[list[AnyMove], dict[AnyMove, int]]:
    """The root's candidate moves, best first, and their one-move-deep values
    under the search's evaluation: all moves, or the ``settings.width`` best
    (all of them, ranked, with ``widening``). The values are left out
    (empty) when neither the width nor the prior needs them."""
    legal = game.legal_moves()
    if not settings.prior and legal.placement_count <= settings.width and (
            len(legal) <= settings.width):
        every: list[AnyMove] = list(legal)
        return every, {}
    # With a ``root_cap``, only the moves weighed are candidates.
    bot = GreedyBot(seed=seed, evaluation=EVALUATIONS[settings.evaluation],
                    cap=settings.root_cap)
    return bot.best(game, None if settings.widening else settings.width)


def widened(settings: Settings, iterations: int, candidates: int) -> int:
    """How many of the ranked root candidates are searched after
    ``iterations`` (progressive widening; see :class:`Settings`)::

        >>> [widened(Settings(width=6, widening=0.5), n, 40) for n in (0, 16, 100)]
        [6, 8, 11]
    """
    return min(candidates, settings.width + int(settings.widening * math.sqrt(iterations)))


def search(game: Game, budget: Budget, settings: Settings, seed: int,
           candidates: list[AnyMove] | None = None,
           values: dict[AnyMove, int] | None = None) -> dict[AnyMove, tuple[int, float]]:
    """Search from ``game`` for its current player; the game is not changed.
    Returns, per root move, (visits, summed reward), the prior's visits
    included. ``candidates`` and ``values`` are :func:`root_moves`' answer
    when the caller has it already."""
    seat = game.current_player
    if seat is None:
        return {}
    rng = random.Random(seed)
    state = game.determinized(seat, rng)
    if candidates is None:
        candidates, values = root_moves(state, settings, seed)
    root = Node(None, seat)
    # With ``relative``, each player's lead at the root, which rewards are
    # measured from.
    base = (leads(EVALUATIONS[settings.evaluation].worths(state))
            if settings.relative else None)
    priors: dict[AnyMove, float] = {}
    if settings.prior and values:
        # Each candidate starts as if visited ``prior`` times with the reward
        # of its one-move value: a small budget then plays like that value,
        # a large one lets the search overrule it. One-move values count
        # every point scored so far as points in hand (SCORED a point); the
        # rewards below count only those scored from the root on.
        held = 0
        if base is not None:
            held = base[seat] + SCORED * leads(list(state.scores))[seat]
        priors = {move: settings.prior * (0.5 + 0.5 * math.tanh((value - held) / settings.scale))
                  for move, value in values.items()}
    searched = widened(settings, 0, len(candidates))
    active = candidates[:searched]
    _start(root, active, priors, settings.prior)
    root_events = len(state.events)
    deadline = None if budget.seconds is None else time.perf_counter() + budget.seconds
    done = 0
    while (budget.iterations is None or done < budget.iterations) and (
            deadline is None or time.perf_counter() < deadline):
        if settings.widening:
            wider = widened(settings, done, len(candidates))
            if wider > searched:
                _start(root, candidates[searched:wider], priors, settings.prior)
                searched = wider
                active = candidates[:searched]
        state.resample_hidden(seat, rng)
        _iterate(state, root, active, settings, rng, root_events, base)
        done += 1
    return {child.move: (child.visits, child.total) for child in root.children.values()}


def _start(root: Node, moves: list[AnyMove], priors: dict[AnyMove, float],
           prior: int) -> None:
    """Give each of ``moves`` its prior visits at the root, if it has a
    prior: as if visited ``prior`` times with the reward of its one-move
    value."""
    for move in moves:
        if move in priors:
            child = root.children[move] = Node(move, root.player)
            child.visits = child.available = prior
            child.total = priors[move]


def _iterate(state: Game, root: Node, candidates: list[AnyMove], settings: Settings,
             rng: random.Random, root_events: int, base: list[int] | None) -> None:
    path = [root]
    node = root
    played = 0
    legal: list[AnyMove] = candidates
    c = settings.exploration
    while True:
        children = node.children
        untried = []
        for m in legal:
            child = children.get(m)
            if child is None:
                untried.append(m)
            else:
                child.available += 1
        if untried:
            # Expand: the best-ranked untried move at the root, a random one below.
            move = untried[0] if node is root else untried[int(rng.random() * len(untried))]
            child = children[move] = Node(move, state.current_player)  # type: ignore[arg-type]
            child.available = 1
            state.play(move)
            played += 1
            path.append(child)
            break
        best, best_score = None, -1.0
        for m in legal:
            child = children[m]
            score = child.total / child.visits + c * math.sqrt(
                math.log(child.available) / child.visits)
            if score > best_score:
                best, best_score = child, score
        assert best is not None and best.move is not None
        state.play(best.move)
        played += 1
        path.append(best)
        node = best
        if state.is_over or played >= settings.depth:
            break
        legal = list(state.legal_moves())
    evaluation = EVALUATIONS[settings.evaluation]
    greedy = None
    if settings.policy == "greedy":
        greedy = GreedyBot(seed=rng.random(), cap=settings.cap)
    elif settings.policy == "own":
        greedy = GreedyBot(seed=rng.random(), evaluation=evaluation, cap=settings.cap)
    replies = settings.rollout * (len(state.players) - 1 if settings.each_rival else 1)
    for _ in range(replies):
        if state.is_over:
            break
        if greedy is not None:
            state.play(greedy.choose(state))
            played += 1
            continue
        moves = state.legal_moves()
        if settings.rollout_figures:
            state.play(moves.random(rng))
        else:
            placements = moves.placements()
            state.play(placements[int(rng.random() * len(placements))])
        played += 1
    extra = None
    if settings.scored:
        extra = [0] * len(state.players)
        for event in state.events[root_events:]:
            if not event.final:
                extra[event.player] += settings.scored * event.points
    reward = rewards(state, settings.scale, extra, evaluation, base)
    for n in path[1:]:
        n.visits += 1
        n.total += reward[n.player]
    for _ in range(played):
        state.undo()
