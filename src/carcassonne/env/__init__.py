"""Reinforcement-learning environments for the exact game (the ``env`` extra).

* :class:`CarcassonneAEC`: PettingZoo's agent-environment cycle, one agent
  per seat (``player_0``, ...);
* :class:`SingleAgentEnv`: Gymnasium, one learning seat against bots.

Both share one fixed ``Discrete`` action space (``encoding.layout``) whose mask is
exactly ``game.legal_moves()`` (``encoding.decision``), and dict observations of
planes and a vector from the acting seat's view only (``observations.py``).
``docs/env.md`` describes every action block, plane and vector slot.

The single-agent environment is also registered with Gymnasium as
``carcassonne/SingleAgent-v0``: ``gymnasium.make("carcassonne/SingleAgent-v0",
opponents=["greedy"])``.

Only this package needs numpy, gymnasium and pettingzoo
(``pip install 'carcassonne[env]'``); the engine needs nothing beyond the
standard library.
"""

from carcassonne.extras import EXTRAS, require

# A missing package of the ``env`` extra is said in one line, here, before
# any module of the package imports it.
require(*EXTRAS["env"], extra="env", purpose="carcassonne.env")

from gymnasium.envs.registration import register, registry  # noqa: E402

from carcassonne.env.actions import Decision, IllegalAction, WindowError  # noqa: E402
from carcassonne.env.aec import CarcassonneAEC  # noqa: E402
from carcassonne.env.compact import CompactObservation  # noqa: E402
from carcassonne.env.layout import DEFAULT_WINDOW, ActionLayout  # noqa: E402
from carcassonne.env.observations import PLANES, VECTOR_BLOCKS, Observer  # noqa: E402
from carcassonne.env.single import SingleAgentEnv  # noqa: E402
from carcassonne.env.table import Rewards, Table  # noqa: E402
from carcassonne.env.vector import CarcassonneVectorEnv  # noqa: E402

#: The Gymnasium id of :class:`SingleAgentEnv`.
GYMNASIUM_ID = "carcassonne/SingleAgent-v0"
if GYMNASIUM_ID not in registry:
    register(id=GYMNASIUM_ID, entry_point="carcassonne.env.single:SingleAgentEnv",
             vector_entry_point="carcassonne.env.vector:CarcassonneVectorEnv")


def env(**kwargs: object) -> CarcassonneAEC:
    """A new :class:`CarcassonneAEC` (PettingZoo's usual entry point)."""
    return CarcassonneAEC(**kwargs)  # type: ignore[arg-type]


__all__ = [
    "DEFAULT_WINDOW", "GYMNASIUM_ID", "PLANES", "VECTOR_BLOCKS", "ActionLayout", "CarcassonneAEC",
    "CarcassonneVectorEnv", "CompactObservation", "Decision", "IllegalAction", "Observer",
    "Rewards", "SingleAgentEnv", "Table", "WindowError", "env",
]
