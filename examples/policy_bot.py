#!/usr/bin/env python3
"""A policy of your own as a bot: seated in the arena, the lobby and the environments.

A policy maps an observation of the environments (``{"observation": ...,
"action_mask": ...}``) to an action. ``bot(seed)`` below makes one into a
bot, which is all the command line needs::

    carcassonne arena --games 20 random policy:examples/policy_bot.py:bot
    carcassonne serve --policy-bot figures=examples/policy_bot.py:bot

and an environment takes the policy itself as an opponent (self-play is the
same line with your learner's own policy)::

    SingleAgentEnv(opponents=[FigureFirst(seed=1)])

This policy reads only the mask: it places a figure whenever it may and
otherwise picks an allowed action at random. A trained model takes its
place with :func:`carcassonne.env.policy.sb3_policy` (see the end of
``examples/sb3_maskable_ppo.py``). Run as a script, it plays one game
against ``random`` and prints the scores.
"""

from __future__ import annotations

import zlib
from typing import Any

import numpy as np

from carcassonne.env import ActionLayout, SingleAgentEnv
from carcassonne.env.policy import PolicyBot


class FigureFirst:
    """Place a figure when the mask allows one, else any allowed action."""

    def __init__(self, seed: int | str | None = None) -> None:
        # a seed may be a string ("table:seat" at the server): turned into a number that repeats
        self.rng = np.random.default_rng(None if seed is None else zlib.crc32(str(seed).encode()))
        layout = ActionLayout()  # the default window, as PolicyBot and the envs use
        self.figures = range(layout.figure_base, layout.stop)  # the figure block

    def __call__(self, observation: dict[str, Any]) -> int:
        allowed = observation["action_mask"].nonzero()[0]
        figures = allowed[(allowed >= self.figures.start) & (allowed < self.figures.stop)]
        return int(self.rng.choice(figures if len(figures) else allowed))


def bot(seed: int | str | None = None) -> PolicyBot:
    """The policy as a project bot (``policy:examples/policy_bot.py:bot``)."""
    return PolicyBot(FigureFirst(seed))


if __name__ == "__main__":
    env = SingleAgentEnv(opponents=["random"])
    policy = FigureFirst(seed=1)
    observation, info = env.reset(seed=1)
    done = False
    while not done:
        observation, _, done, _, info = env.step(policy(observation))
    print("scores", info["scores"], "(the policy sat at seat", f"{info['seat']})")
