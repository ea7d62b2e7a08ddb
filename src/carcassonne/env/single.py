"""The Gymnasium environment: one learning seat, the others played by bots.

::

    >>> from carcassonne.env import SingleAgentEnv
    >>> env = SingleAgentEnv(opponents=["random"], seat=0)
    >>> obs, info = env.reset(seed=3)
    >>> action = int(obs["action_mask"].nonzero()[0][0])
    >>> obs, reward, terminated, truncated, info = env.step(action)

The observation and action spaces are those of the AEC environment
(``observations.py``, ``encoding.layout``). After each of the agent's engine moves
the opponents play (any bot of ``carcassonne.bots``, by name, any object
with ``choose(game) -> move``, or a policy: any callable from an observation
of this environment's form to an action, played by
:class:`~carcassonne.env.policy.PolicyBot`, which makes self-play one line:
``SingleAgentEnv(opponents=[my_policy])``) until the agent has a decision again or the
game is over. The reward of a step is the agent's score change since its
previous step (opponents' moves included) times ``score_scale``, plus the
result when the game ends (``table.Rewards``).

Seeding: ``reset(seed=s)`` fixes the game (stack, wonders), the seat when
``seat="random"`` and the bots' seeds, so runs repeat exactly. A reset's
``options`` may fix ``stack`` and ``wonders`` for one game and choose the
``seat``: the same seed with the seat swapped plays the same stack from the
other side, which pairs evaluation games.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, ClassVar

import gymnasium as gym
import numpy as np

from carcassonne.bots import make_bot
from carcassonne.env.actions import ActionSpace, IllegalAction, action_mask
from carcassonne.env.aec import check_illegal, check_render_mode, game_options, reset_first
from carcassonne.env.layout import DEFAULT_WINDOW, ActionLayout
from carcassonne.env.observations import Observer
from carcassonne.env.policy import PolicyBot
from carcassonne.env.render import render
from carcassonne.env.table import GAME_KEYS, Rewards, Table

#: What a reset's ``options`` may set.
RESET_KEYS = (*GAME_KEYS, "seat")


class SingleAgentEnv(gym.Env[dict[str, Any], int]):
    """Carcassonne for one learner against bots (see the module docstring).

    ``opponents``: one entry per other seat, in seat order skipping the
    agent's seat (or a single entry used for all of them): a bot name for
    :func:`carcassonne.bots.make_bot`, a bot object or a policy (a callable
    taking an observation of this environment's form, returning an action). ``players`` defaults
    to one more than the opponents. ``seat``: the agent's seat, or
    ``"random"`` (drawn at each reset). The other parameters are those of
    :class:`~carcassonne.env.CarcassonneAEC`, except that an action outside
    the mask costs ``illegal_penalty`` by default instead of raising: a
    Gymnasium learner may step with any action of the space.
    """

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi", "human", "rgb_array"],
                                          "render_fps": 2}

    def __init__(self, opponents: Sequence[Any] = ("random",), seat: int | str = 0,
                 players: int | None = None, sets: Iterable[str] = ("base",),
                 options: dict[str, Any] | None = None, *, window: int = DEFAULT_WINDOW,
                 render_mode: str | None = None, rewards: Rewards | None = None,
                 stack: Iterable[str] | None = None, wonders: Iterable[str] | None = None,
                 illegal_action: str = "penalty", illegal_penalty: float = 1.0,
                 flat: bool = False, channels: str = "first", copy: bool = True) -> None:
        check_render_mode(render_mode)
        check_illegal(illegal_action)
        opponents = list(opponents)
        if not opponents:
            raise ValueError("give at least one opponent (a bot name or a bot)")
        if players is None:
            players = len(opponents) + 1
        if len(opponents) == 1:
            opponents = opponents * (players - 1)
        if len(opponents) != players - 1:
            raise ValueError(f"{players} players need {players - 1} opponents (or one for "
                             f"all), not {len(opponents)}")
        for i, bot in enumerate(opponents):
            if isinstance(bot, str):
                make_bot(bot, 0)  # an unknown name fails now
            elif not hasattr(bot, "choose"):
                if not callable(bot):
                    raise ValueError(f"an opponent is a bot name, a bot (choose(game)) or a "
                                     f"policy (observation -> action), not {bot!r}")
                opponents[i] = PolicyBot(bot, window=window, flat=flat, channels=channels)
        self.opponents = opponents
        self.seat_choice = self._check_seat(seat, players)
        self.render_mode = render_mode
        self.layout = ActionLayout(window)
        self.table = Table(players, sets, options, self.layout, rewards or Rewards())
        self.stack = None if stack is None else list(stack)
        self.wonders = None if wonders is None else list(wonders)
        self.illegal_action = illegal_action
        self.illegal_penalty = illegal_penalty
        self.table.new_game(0, self.stack, self.wonders)  # fail early on a bad setup
        self._observer = Observer(self.layout, flat=flat, channels=channels, copy=copy)
        self.observation_space = self._observer.space
        self.action_space = ActionSpace(self.layout.size)
        self.seat = 0
        self._bots: list[Any] = []
        self._done = True

    @staticmethod
    def _check_seat(seat: Any, players: int) -> int | str:
        if seat == "random":
            return "random"
        if type(seat) is not int or not 0 <= seat < players:
            raise ValueError(f"seat must be 0..{players - 1} or 'random', not {seat!r}")
        return seat

    @property
    def game(self) -> Any:
        """The engine game being played (read it, do not play on it)."""
        return self.table.game

    # -- the episode ---------------------------------------------------------------------

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None,
              ) -> tuple[dict[str, Any], dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self.action_space.seed_later(seed)
        given = game_options(options, RESET_KEYS)
        rng = self.np_random
        game_seed = int(rng.integers(2**63))
        bot_seeds = [int(s) for s in rng.integers(2**31, size=len(self.opponents))]
        drawn = int(rng.integers(self.table.seats))
        seat = self._check_seat(given.get("seat", self.seat_choice), self.table.seats)
        self.seat = drawn if seat == "random" else int(seat)
        self.table.new_game(game_seed, given.get("stack", self.stack),
                            given.get("wonders", self.wonders))
        self._bots = [make_bot(b, s) if isinstance(b, str) else b
                      for b, s in zip(self.opponents, bot_seeds, strict=True)]
        self._done = False
        self._opponents_play()
        self.table.score_rewards()  # points scored before the agent's turn are not its reward
        return self._observe(), {"seat": self.seat, "legal_actions": self.legal_actions()}

    def step(self, action: Any) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        game = self.table.game
        if self._done and not game.is_over:
            raise reset_first("step()")
        if game.is_over:  # only when the game ended before the agent's first decision
            return self._finish(0.0)
        try:
            move = self.table.act(action)
        except IllegalAction as error:
            if self.illegal_action == "raise":
                raise
            return (self._observe(), -self.illegal_penalty, False, False,
                    {"illegal_action": str(error), "legal_actions": self.legal_actions()})
        if move is not None:
            self._opponents_play()
        reward = self.table.score_rewards()[self.seat]
        if self.table.game.is_over:
            return self._finish(reward)
        if self.render_mode == "human":
            self.render()
        return self._observe(), reward, False, False, {"legal_actions": self.legal_actions()}

    def _finish(self, reward: float) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        game = self.table.game
        self._done = True
        reward += self.table.rewards.result(game, self.seat)
        info = {"scores": list(game.scores), "winners": list(game.winners), "seat": self.seat,
                "legal_actions": []}
        if self.render_mode == "human":
            self.render()
        return self._observe(), reward, True, False, info

    def _opponents_play(self) -> None:
        """Let the bots move until the agent decides or the game is over."""
        game = self.table.game
        while not game.is_over and game.current_player != self.seat:
            seat = game.current_player
            assert seat is not None
            bot = self._bots[seat if seat < self.seat else seat - 1]
            self.table.play(bot.choose(game))

    def _observe(self) -> dict[str, Any]:
        return self._observer.observe(self.table, self.seat)

    def _own_decision(self) -> Any:
        """The current decision when it is the agent's, else None."""
        decision = self.table.decision
        return decision if decision is not None and decision.seat == self.seat else None

    def legal_actions(self) -> list[int]:
        """The actions the mask allows now, increasing (also in every
        ``info`` as ``legal_actions``; empty once the game is over)."""
        decision = self._own_decision()
        return [] if decision is None else decision.allowed(self.table.prefix)

    def action_masks(self) -> np.ndarray:
        """The current action mask as booleans (what maskable learners ask for)."""
        decision = self._own_decision()
        if decision is None:
            return np.zeros(self.layout.size, dtype=bool)
        return action_mask(decision, self.table.prefix).astype(bool)

    # -- pictures ------------------------------------------------------------------------

    def render(self) -> Any:
        """``ansi``: the board as text; ``human``: that text printed;
        ``rgb_array``: the board as an RGB image (numpy uint8, H x W x 3)."""
        return render(self.table, self.render_mode)
