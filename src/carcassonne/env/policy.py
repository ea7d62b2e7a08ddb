"""A policy as a bot: anything that maps an observation to an action plays.

A *policy* is any callable that takes one observation of the environments
(the dict ``{"observation": ..., "action_mask": ...}`` that
:class:`~carcassonne.env.SingleAgentEnv` and
:class:`~carcassonne.env.CarcassonneAEC` hand out, ``observations.py``) and
returns one action of the fixed action space (``encoding.layout``).
:class:`PolicyBot` turns it into a project bot, with the one method every bot
has, ``choose(game) -> move``, so a trained policy can sit wherever a bot
sits: as an opponent in the environments, in ``carcassonne arena`` and at a
table of the server (``docs/env.md``, "Policies as bots")::

    >>> from carcassonne import Game
    >>> def first_legal(observation):
    ...     return int(observation["action_mask"].nonzero()[0][0])
    >>> bot = PolicyBot(first_legal)
    >>> game = Game.new(players=2, seed=4)
    >>> game.is_legal(bot.choose(game))
    True

An engine move may take several actions (a placement, then a figure or
``stop``, ``encoding.decision``): the bot asks the policy once per action, each time
with the observation of the choice so far, exactly as an environment would.
The bot reads the position through its own :class:`~carcassonne.env.Table`
and never plays on the game it is given.

The observation has the form the policy was trained on: ``window``, ``flat``
and ``channels`` are those of the environments. :func:`sb3_policy` adapts a
Stable-Baselines3 model (anything with ``predict(observation,
action_masks=..., deterministic=...)``, as ``sb3-contrib``'s MaskablePPO has).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from carcassonne.engine.game import Game
from carcassonne.engine.moves import AnyMove
from carcassonne.env.actions import IllegalAction
from carcassonne.env.layout import DEFAULT_WINDOW, ActionLayout
from carcassonne.env.observations import Observer
from carcassonne.env.table import Rewards, Table

#: A policy: an observation dict in, an action out.
Policy = Callable[[dict[str, Any]], Any]
#: What :class:`PolicyBot` does with an action its mask forbids.
ON_ILLEGAL = ("raise", "first")


class PolicyBot:
    """A bot that asks ``policy`` for each action (see the module docstring).

    ``on_illegal`` says what an action outside the mask does: ``"raise"``
    (:class:`~carcassonne.env.IllegalAction` naming the action; the game is
    untouched) or ``"first"`` (the first action the mask allows is taken
    instead, and :attr:`illegal` counts it), for a host that must go on.
    ``seed`` is accepted for the bots' common signature; a policy that
    samples keeps its own random state.
    """

    def __init__(self, policy: Policy, *, window: int = DEFAULT_WINDOW, flat: bool = False,
                 channels: str = "first", on_illegal: str = "raise",
                 seed: int | str | None = None) -> None:
        if not callable(policy):
            raise TypeError(f"a policy is a callable (observation -> action), not {policy!r}")
        if on_illegal not in ON_ILLEGAL:
            raise ValueError(f"on_illegal must be 'raise' or 'first', not {on_illegal!r}")
        self.policy = policy
        self.layout = ActionLayout(window)
        self.observer = Observer(self.layout, flat=flat, channels=channels)
        self.on_illegal = on_illegal
        self.seed = seed
        #: How many actions outside the mask were replaced (``on_illegal="first"``).
        self.illegal = 0
        self._table: Table | None = None

    def _look(self, game: Game) -> Table:
        """This bot's table, looking at ``game`` (its squares kept between
        the turns of one game)."""
        table = self._table
        if table is None or table.seats != len(game.players):
            table = Table(len(game.players), game.sets, None, self.layout, Rewards())
            self._table = table
        table.follow(game)
        return table

    def choose(self, game: Game) -> AnyMove:
        """The move the policy makes for ``game.current_player``."""
        seat = game.current_player
        if seat is None:
            raise ValueError("the game is over: there is no move to choose")
        table = self._look(game)
        decision = table.decision
        assert decision is not None
        while True:
            observation = self.observer.observe(table, seat)
            action = self._action(self.policy(observation), observation["action_mask"])
            table.prefix, move = decision.advance(table.prefix, action)
            if move is not None:
                table.prefix = ()
                return move

    def _action(self, chosen: Any, mask: np.ndarray) -> int:
        """The policy's answer as an allowed action (or the error it earns)."""
        try:
            action = int(np.asarray(chosen).reshape(()))
        except (TypeError, ValueError):
            action = -1
        if 0 <= action < len(mask) and mask[action]:
            return action
        if self.on_illegal == "raise":
            raise IllegalAction(f"the policy chose action {chosen!r}, which the mask does not "
                                f"allow (allowed: {mask.nonzero()[0][:10].tolist()}...)")
        self.illegal += 1
        return int(mask.nonzero()[0][0])


def sb3_policy(model: Any, deterministic: bool = True) -> Policy:
    """A Stable-Baselines3 model as a policy: ``model.predict`` with the mask
    as ``action_masks``, given the whole observation dict when the model
    was trained on it (``MultiInputPolicy``, as ``examples/sb3_maskable_ppo.py``
    does) or else its ``observation`` array. The model must have been
    trained on the same observation form (window, flat, channels)."""
    from gymnasium import spaces

    whole = isinstance(getattr(model, "observation_space", None), spaces.Dict)

    def policy(observation: dict[str, Any]) -> int:
        mask = np.asarray(observation["action_mask"], dtype=bool)
        given = observation if whole else observation["observation"]
        action, _ = model.predict(given, action_masks=mask, deterministic=deterministic)
        return int(np.asarray(action).reshape(()))

    return policy
