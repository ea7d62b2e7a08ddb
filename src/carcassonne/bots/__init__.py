"""Bots: programs that choose moves, using only the public Game API.

A bot has one method, ``choose(game) -> Move``, which returns a legal move
for the player whose turn it is. :data:`BOTS` names the bots the command line
and other tools can ask for::

    >>> from carcassonne.bots import make_bot
    >>> bot = make_bot("random", seed=3)
    >>> sorted(BOTS)
    ['easy', 'expert', 'friendly', 'greedy', 'hard', 'medium', 'random']

``random`` plays uniformly random legal moves (the baseline); ``greedy``
plays the move with the best immediate value; ``easy``, ``friendly``,
``medium``, ``hard`` and ``expert`` are the lobby's levels (:data:`LEVELS`):
``easy`` and ``friendly`` one move deep, ``medium`` and ``hard`` the search
bot (:class:`MctsBot`) with fixed budgets, ``expert`` a reply and its own next
move ahead over every tile the next player may draw (:class:`ExpertBot`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Protocol, cast

from carcassonne.bots import from_code
from carcassonne.bots.evaluation_names import EVALUATIONS
from carcassonne.bots.expectimax import Plan
from carcassonne.bots.expert_bot import ExpertBot
from carcassonne.bots.friendly_bot import FriendlyBot
from carcassonne.bots.greedy_bot import GreedyBot
from carcassonne.bots.mcts_bot import MctsBot
from carcassonne.bots.random_bot import RandomBot
from carcassonne.bots.search import Budget, Settings
from carcassonne.bots.specs import expert_spec, search_spec
from carcassonne.engine import Game, Move


class Bot(Protocol):
    """What every bot offers."""

    def choose(self, game: Game) -> Move:
        """A legal move for ``game.current_player``."""
        ...


#: The search the levels share: the six best moves by their one-move value,
#: each starting from that value (``prior``), each iteration answered by one
#: greedy reply, judged by how much it gains on the lead at the root
#: (``relative``). Measured against ``greedy`` in paired base games, these
#: settings won most often; ``relative`` keeps the search discerning when
#: one player is far ahead, as with every set on (docs/bots.md). The root's
#: ranking weighs at most ``root_cap`` moves and each reply at most ``cap``
#: (:mod:`.weighing`), so a move's work is bounded whatever the sets.
_SEARCH = Settings(depth=1, rollout=1, policy="greedy", width=6, prior=5, relative=True,
                   cap=300, root_cap=1500)


@dataclass(frozen=True)
class Level:
    """A level of the lobby. With a ``budget``: the search bot with these
    ``settings`` on ``workers`` processes (``pooled``: a single search too
    runs in the program's pool of processes, never in the caller's).
    Without: one move deep by the settings' evaluation (:class:`GreedyBot`),
    playing any move within ``slack`` hundredths of a point of the best at
    random."""

    settings: Settings
    budget: Budget | None = None
    workers: int = 1
    slack: int = 0
    pooled: bool = False
    #: The friendly bot (:class:`FriendlyBot`) rather than the greedy one,
    #: for a level without a budget.
    friendly: bool = False
    #: The expert bot (:class:`ExpertBot`) with this plan, instead of the
    #: settings' bot (whose settings it does not read: the plan holds its
    #: evaluation and its caps).
    plan: Plan | None = None

    def build(self, seed: int | str | None = None) -> Bot:
        """The level's bot, seeded with ``seed``."""
        if self.plan is not None:
            return ExpertBot(seed=seed, plan=self.plan, workers=self.workers, pooled=self.pooled)
        if self.budget is None:
            kind = FriendlyBot if self.friendly else GreedyBot
            return kind(seed=seed, evaluation=EVALUATIONS[self.settings.evaluation],
                        slack=self.slack, cap=self.settings.root_cap)
        return MctsBot(seed=seed, budget=self.budget, settings=self.settings,
                       workers=self.workers, pooled=self.pooled)


#: The levels, weakest first. The budgets are work, not time: iterations,
#: each weighing a bounded number of moves, so a level plays the same moves
#: on any machine, a busy one only more slowly. Each
#: level differs from the one below in what it knows, not only in how long
#: it thinks (docs/bots.md measures them): ``easy`` sees one move ahead and
#: is content with a move a few points short of the best; ``medium``
#: searches, judging features by their open sides; ``hard`` also knows which
#: squares the tiles left can fill (the ``fitting`` evaluation), and with
#: three or more players each rival replies in its rollouts (``each_rival``);
#: ``expert`` weighs every tile the next player may draw, exactly, and that
#: player's best reply to each by its own estimate, then its own next move
#: (:mod:`.expectimax`).
LEVELS: dict[str, Level] = {
    "easy": Level(Settings(evaluation="expected", root_cap=1500), slack=200),
    "friendly": Level(Settings(evaluation="fitting", root_cap=1500), slack=100, friendly=True),
    "medium": Level(replace(_SEARCH, evaluation="expected"), Budget(iterations=24)),
    "hard": Level(replace(_SEARCH, each_rival=True), Budget(iterations=80), pooled=True),
    "expert": Level(Settings(), plan=Plan(), pooled=True),
}


def _level(name: str) -> Callable[[int | str | None], Bot]:
    level = LEVELS[name]

    def build(seed: int | str | None = None) -> Bot:
        return level.build(seed)

    build.__name__ = name
    return build


#: Every bot by name.
BOTS: dict[str, Callable[[int | str | None], Bot]] = {
    "greedy": GreedyBot, "random": RandomBot,
    **{name: _level(name) for name in LEVELS},
}


def make_bot(name: str, seed: int | str | None = None) -> Bot:
    """The bot called ``name``, seeded with ``seed`` (``ValueError`` if unknown).

    Besides the names of :data:`BOTS`, ``policy:MODULE:NAME`` is the bot
    (or trained policy) your own function makes (:mod:`.from_code`),
    ``mcts:KEY=VALUE,...`` is the search bot with its own budget and
    settings and ``expert:KEY=VALUE,...`` the expert with its own plan
    (:mod:`.specs`)::

        >>> make_bot("mcts:iterations=200,depth=1,workers=1").budget
        Budget(iterations=200, seconds=None)
    """
    if name.startswith("mcts:"):
        budget, settings, workers = search_spec(name[len("mcts:"):])
        return MctsBot(seed=seed, budget=budget, settings=settings, workers=workers)
    if name.startswith("expert:"):
        plan, workers = expert_spec(name[len("expert:"):])
        return ExpertBot(seed=seed, plan=plan, workers=workers)
    if name.startswith(from_code.PREFIX):
        return cast(Bot, from_code.build(name[len(from_code.PREFIX):], seed))
    try:
        build = BOTS[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r} (known: {', '.join(sorted(BOTS))}, "
                         f"mcts:KEY=VALUE,..., expert:KEY=VALUE,... or policy:MODULE:NAME)"
                         ) from None
    return build(seed)


def known_bot(name: str) -> bool:
    """Whether :func:`make_bot` can build a bot called ``name``."""
    for kind, read in (("mcts:", search_spec), ("expert:", expert_spec)):
        if name.startswith(kind):
            try:
                read(name[len(kind):])
            except ValueError:
                return False
            return True
    if name.startswith(from_code.PREFIX):
        try:
            from_code.factory(name[len(from_code.PREFIX):])
        except ValueError:
            return False
        return True
    return name in BOTS


def own_processes(name: str) -> int:
    """How many processes the bot called ``name`` searches on by itself (the
    ``workers`` of a level or of an ``mcts:`` spec; 1 for any other bot)::

        >>> own_processes("mcts:iterations=10,workers=3"), own_processes("greedy")
        (3, 1)
    """
    if name.startswith("mcts:"):
        return search_spec(name[len("mcts:"):])[2]
    if name.startswith("expert:"):
        return expert_spec(name[len("expert:"):])[1]
    if name in LEVELS:
        return LEVELS[name].workers
    return 1


__all__ = [
    "BOTS",
    "LEVELS",
    "Bot",
    "ExpertBot",
    "FriendlyBot",
    "GreedyBot",
    "Level",
    "MctsBot",
    "RandomBot",
    "known_bot",
    "make_bot",
    "own_processes",
    "search_spec",
]
