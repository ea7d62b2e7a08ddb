"""A smaller observation for learning: chosen planes and vector blocks.

The environments' observation describes every set (93 planes, a vector of
1,718 values); a learner of one game needs a part of it. This wrapper of
:class:`~carcassonne.env.SingleAgentEnv` (its dict form, planes first)
keeps the planes and vector blocks named, in that order, and the action
mask as it is. With the defaults, :data:`BASE_PLANES` and
:data:`BASE_VECTOR`, and a window of 21 squares (it holds every legal
square of the base game measured, docs/env.md), an observation is 27 planes
of 21 x 21 and a vector of 794 values::

    >>> from carcassonne.env import SingleAgentEnv
    >>> env = CompactObservation(SingleAgentEnv(opponents=["greedy"], window=21))
    >>> obs, info = env.reset(seed=1)
    >>> obs["observation"]["planes"].shape, obs["observation"]["vector"].shape
    ((27, 21, 21), (794,))

The placement block of the action space is square x rotation per hand
slot (``encoding.layout``), so with one slot a convolutional head gives its
logits as the four ``legal_0_*`` planes do: 4 x W x W, in the mask's order.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from carcassonne.env.observations import PLANES, VECTOR_BLOCKS, VECTOR_HIGH, VECTOR_START

#: The planes the two-player base game uses: the tile and its edges, the
#: monastery and coats of arms, the open squares, each seat's meeples,
#: the features figures stand in, where the tile may go turned each way,
#: and the placement chosen so far.
BASE_PLANES: tuple[str, ...] = (
    "tile", *(f"{kind}_{side}" for side in "NESW" for kind in ("city", "road", "field")),
    "monastery", "shields", "open", "figure_0_meeple", "figure_1_meeple",
    *(f"figure_on_{f}" for f in ("city", "road", "field", "monastery")),
    *(f"legal_0_{q}" for q in (0, 90, 180, 270)), "chosen")
#: The vector blocks it uses (docs/env.md lists each slot).
BASE_VECTOR: tuple[str, ...] = ("acting", "phase", "scores", "supply", "stack_size", "unseen",
                                "to_place", "to_place_edges", "chosen", "chosen_figure")

_SIZES = dict(VECTOR_BLOCKS)


class CompactObservation(gym.ObservationWrapper[dict[str, Any], int, dict[str, Any]]):
    """Keep ``planes`` and ``vector`` blocks (by name) of a
    :class:`SingleAgentEnv`'s observations (see the module docstring)."""

    def __init__(self, env: gym.Env[dict[str, Any], int], planes: Sequence[str] = BASE_PLANES,
                 vector: Sequence[str] = BASE_VECTOR) -> None:
        super().__init__(env)
        unknown = [p for p in planes if p not in PLANES] + [v for v in vector if v not in _SIZES]
        if unknown:
            raise ValueError(f"no such planes or vector blocks: {', '.join(map(str, unknown))}")
        inner = env.observation_space["observation"]
        if not isinstance(inner, spaces.Dict) or inner["planes"].shape[0] != len(PLANES):
            raise ValueError("CompactObservation reads the dict form with planes first "
                             "(flat=False, channels='first')")
        self.planes = np.array([PLANES.index(p) for p in planes], dtype=np.intp)
        self.vector = np.concatenate([np.arange(VECTOR_START[v], VECTOR_START[v] + _SIZES[v])
                                      for v in vector]).astype(np.intp)
        w = inner["planes"].shape[1]
        self.observation_space = spaces.Dict({
            "observation": spaces.Dict({
                "planes": spaces.Box(0, 255, (len(self.planes), w, w), np.uint8),
                "vector": spaces.Box(0.0, VECTOR_HIGH, (len(self.vector),), np.float32)}),
            "action_mask": env.observation_space["action_mask"]})

    def observation(self, observation: dict[str, Any]) -> dict[str, Any]:
        inner = observation["observation"]
        return {"observation": {"planes": inner["planes"][self.planes],
                                "vector": inner["vector"][self.vector]},
                "action_mask": observation["action_mask"]}
