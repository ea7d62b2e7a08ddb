"""The PettingZoo AEC environment: every seat is an agent (``player_0``, ...).

::

    >>> from carcassonne.env import CarcassonneAEC
    >>> env = CarcassonneAEC(players=2, sets=["base"])
    >>> env.reset(seed=1)
    >>> obs, reward, terminated, truncated, info = env.last()
    >>> mask = obs["action_mask"]
    >>> env.step(int(mask.nonzero()[0][0]))

The agent to act is the seat the engine waits for (``game.current_player``):
the player placing a tile (also a builder's second tile, ``TB-BUILD-3``, and
the helper tile of ``WON-PLACE-3``), the player choosing who takes a wonder,
the player taking it. One engine move may take several steps of the same
agent (placement, then figures; ``encoding.decision``).

Rewards go to every agent at every step (``table.Rewards``): the change of
its score, times ``score_scale``, and the result once the game is over.
When it is over, every agent is terminated; as PettingZoo asks, each then
steps once more with ``None`` and leaves ``env.agents``.
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Iterable
from typing import Any, ClassVar

from gymnasium import spaces
from pettingzoo import AECEnv

from carcassonne.env.actions import ActionSpace, IllegalAction
from carcassonne.env.layout import DEFAULT_WINDOW, ActionLayout
from carcassonne.env.observations import Observer
from carcassonne.env.render import render
from carcassonne.env.table import GAME_KEYS, Rewards, Table

RENDER_MODES = ("ansi", "human", "rgb_array")
ILLEGAL = ("raise", "penalty")


def check_render_mode(render_mode: str | None) -> None:
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise ValueError(f"render_mode must be one of {', '.join(RENDER_MODES)} or None, "
                         f"not {render_mode!r}")


def check_illegal(illegal_action: str) -> None:
    if illegal_action not in ILLEGAL:
        raise ValueError(f"illegal_action must be 'raise' or 'penalty', not {illegal_action!r}")


def game_options(options: dict[str, Any] | None, allowed: tuple[str, ...]) -> dict[str, Any]:
    """The keys of a reset's ``options`` this environment reads; others are
    ignored with a warning (PettingZoo's own test passes made-up keys)."""
    options = dict(options or {})
    unknown = sorted(set(options) - set(allowed))
    if unknown:
        warnings.warn(f"reset options {unknown} are ignored (known: {', '.join(allowed)})",
                      stacklevel=3)
    return {k: v for k, v in options.items() if k in allowed}


#: What a cycle holds only once reset: reading one before is an AttributeError
#: that says so (as PettingZoo's ``OrderEnforcingWrapper`` does).
RESET_STATE = frozenset({"agent_selection", "agents", "rewards", "terminations", "truncations",
                         "infos", "_cumulative_rewards"})


def reset_first(what: str) -> RuntimeError:
    """The error of calling ``what`` before the first ``reset()``."""
    return RuntimeError(f"call reset() before {what}: the environment has no game yet")


class CarcassonneAEC(AECEnv):
    """Carcassonne for PettingZoo's agent-environment-cycle API.

    ``players`` is a number of seats or their names; ``sets`` and ``options``
    are those of :meth:`carcassonne.Game.new`; ``stack`` and ``wonders`` fix
    the draw order and the wonders laid out for every game (a reset's
    ``options={"stack": [...], "wonders": [...]}`` overrides them for one
    game). ``window`` is the side of the observation window in squares;
    ``illegal_action`` says what an action outside the mask does: ``"raise"``
    (``IllegalAction``, nothing changes) or ``"penalty"`` (nothing changes,
    the agent gets ``-illegal_penalty``). ``flat`` and ``channels`` choose
    the observation's form (``observations.py``). Observations are
    read-only arrays: with ``copy=True`` they never change once returned
    (written in memory their holders have let go, copied when all is
    held); ``copy=False`` refills each agent's own arrays at its next
    observation (copy what must outlive that, as a learner's buffer does).
    """

    metadata: ClassVar[dict[str, Any]] = {
        "name": "carcassonne_v0", "render_modes": list(RENDER_MODES),
        "is_parallelizable": False, "render_fps": 2}

    def __init__(self, players: int | list[str] = 2, sets: Iterable[str] = ("base",),
                 options: dict[str, Any] | None = None, *, window: int = DEFAULT_WINDOW,
                 render_mode: str | None = None, rewards: Rewards | None = None,
                 stack: Iterable[str] | None = None, wonders: Iterable[str] | None = None,
                 illegal_action: str = "raise", illegal_penalty: float = 1.0,
                 flat: bool = False, channels: str = "first", copy: bool = True) -> None:
        super().__init__()
        check_render_mode(render_mode)
        check_illegal(illegal_action)
        self.render_mode = render_mode
        self.layout = ActionLayout(window)
        # Nothing plays on the table's game but its agents' actions: no undo kept.
        self.table = Table(players, sets, options, self.layout, rewards or Rewards(),
                           undoable=False)
        self.stack = None if stack is None else list(stack)
        self.wonders = None if wonders is None else list(wonders)
        self.illegal_action = illegal_action
        self.illegal_penalty = illegal_penalty
        #: Draws each game's seed (the standard library's generator: seeding
        #: numpy's at every reset would cost about as much as ten steps).
        self._rng = random.Random()
        self._rewarded = False
        # Set up one game now: bad sets, options or players fail here, not later.
        self.table.new_game(0, self.stack, self.wonders)
        self.possible_agents = [f"player_{i}" for i in range(len(self.table.game.players))]
        self._seat_of = {agent: i for i, agent in enumerate(self.possible_agents)}
        self._observer = Observer(self.layout, flat=flat, channels=channels, copy=copy)
        self._action_space = ActionSpace(self.layout.size)
        self.observation_spaces = {a: self._observer.space for a in self.possible_agents}
        self.action_spaces = {a: self._action_space for a in self.possible_agents}

    # -- spaces ------------------------------------------------------------------------

    def _started(self, what: str) -> None:
        """Refuse ``what`` before the first reset (``agents`` is set by it)."""
        if "agents" not in self.__dict__:
            raise reset_first(what)

    def __getattr__(self, name: str) -> Any:
        # only for what is not set: the cycle's state before the first reset
        if name in RESET_STATE:
            raise AttributeError(f"{name} cannot be read before reset(): call reset() first")
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    @property
    def game(self) -> Any:
        """The engine game being played (read it, do not play on it)."""
        return self.table.game

    # -- the cycle ---------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng.seed(seed)
            self._action_space.seed_later(seed)
        given = game_options(options, GAME_KEYS)
        game_seed = self._rng.getrandbits(63)
        self.table.new_game(game_seed, given.get("stack", self.stack),
                            given.get("wonders", self.wonders))
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        #: Whether some value of ``rewards`` may not be zero.
        self._rewarded = False
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        game = self.table.game
        if game.is_over:  # an empty stack: nothing to play
            self._end()
            self._accumulate_rewards()
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self.possible_agents[game.current_player]
            self._tell_legal()

    def _tell_legal(self) -> None:
        """Put the acting agent's allowed actions (increasing, the mask's
        nonzero indexes) in its ``info["legal_actions"]``."""
        self.infos[self.agent_selection]["legal_actions"] = self.table.legal_actions()

    def observe(self, agent: str) -> dict[str, Any]:
        self._started("observe()")
        return self._observer.observe(self.table, self._seat_of[agent])

    def last(self, observe: bool = True,
             ) -> tuple[dict[str, Any] | None, float, bool, bool, dict[str, Any]]:
        """The acting agent's observation (if ``observe``), cumulative
        reward, termination, truncation and info: ``AECEnv.last``, with
        the observer called straight away (a learner calls this at every step)."""
        self._started("last()")
        agent = self.agent_selection
        observation = (self._observer.observe(self.table, self._seat_of[agent]) if observe
                       else None)
        return (observation, self._cumulative_rewards[agent], self.terminations[agent],
                self.truncations[agent], self.infos[agent])

    def step(self, action: Any) -> None:
        """Take ``action`` for the acting agent (see the module docstring).
        The next agent's ``infos`` entry holds ``legal_actions``: the
        action indexes its mask allows, so a learner need not scan the mask."""
        self._started("step()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        table = self.table
        try:
            seat = table.take(action)
        except IllegalAction as error:
            if self.illegal_action == "raise":
                raise
            self._cumulative_rewards[agent] = 0.0
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self.rewards[agent] = -self.illegal_penalty
            self._rewarded = True
            self.infos[agent] = {"illegal_action": str(error)}
            self._tell_legal()
            self._accumulate_rewards()
            return
        self._cumulative_rewards[agent] = 0.0
        if table.scored():
            gained = table.score_rewards()
            self.rewards = dict(zip(self.possible_agents, gained, strict=True))
            self._rewarded = True
        elif self._rewarded:  # nobody scored: every reward back to zero
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self._rewarded = False
        # The agent's info is emptied, and the next agent's (the same one
        # while a move is incomplete) given its legal actions; ``_end``
        # writes every agent's once the game is over.
        self.infos[agent] = {}
        if seat < 0:
            self._end()
        else:
            following = self.agent_selection = self.possible_agents[seat]
            self.infos[following]["legal_actions"] = table.legal_actions()
        if self._rewarded:  # (all zero otherwise: nothing to add)
            self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _end(self) -> None:
        """The game is over: add the results and terminate every agent."""
        results = self.table.result_rewards()
        self._rewarded = True
        for i, a in enumerate(self.possible_agents):
            self.rewards[a] = self.rewards.get(a, 0.0) + results[i]
            self.terminations[a] = True
        game = self.table.game
        for a in self.agents:
            self.infos[a] = {"scores": list(game.scores), "winners": list(game.winners),
                             "legal_actions": []}

    # -- pictures ----------------------------------------------------------------------

    def render(self) -> Any:
        """``ansi``: the board as text; ``human``: that text printed;
        ``rgb_array``: the board as an RGB image (numpy uint8, H x W x 3)."""
        self._started("render()")
        return render(self.table, self.render_mode)

    def close(self) -> None:
        """Nothing to release: the game lives in memory."""
