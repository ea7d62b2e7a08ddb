"""The environments' actions: the action tree of a decision, and its masks.

The tree itself (:class:`Decision`: which actions a decision allows, and
the move they name) is :mod:`carcassonne.encoding.decision`, typed Python
compiled with the engine; here is what numpy and Gymnasium add: the mask as an array, and the
action space.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces

from carcassonne.encoding.buffers import mask_buffer
from carcassonne.encoding.decision import (
    Decision,
    IllegalAction,
    Prefix,
    WindowError,
    piece_squares,
)

__all__ = ["ActionSpace", "Decision", "IllegalAction", "Prefix", "WindowError", "action_mask",
           "piece_squares"]


def action_mask(decision: Decision, prefix: Prefix) -> np.ndarray:
    """The action mask of ``decision`` after ``prefix``: int8, 1 where
    allowed (a new array each call)."""
    return np.frombuffer(mask_buffer(decision.layout.size, decision.kept_allowed(prefix)),
                         dtype=np.int8)


class ActionSpace(spaces.Discrete):
    """The environments' action space: ``Discrete(layout.size)`` whose
    generator a reset seeds only when something samples from it.

    Seeding a numpy generator costs about as much as ten steps, and a
    reset with a seed seeds the action space (PettingZoo's and Gymnasium's
    convention) although a learner rarely samples from it. :meth:`seed_later`
    keeps the seed; the first use of ``np_random`` (``sample()``) seeds
    with it, so the samples are those of ``seed(s)`` at the reset::

        >>> space = ActionSpace(10)
        >>> space.seed_later(3)
        >>> first = [int(space.sample()) for _ in range(5)]
        >>> space.seed(3)
        3
        >>> first == [int(space.sample()) for _ in range(5)]
        True
    """

    def __init__(self, n: int) -> None:
        super().__init__(n)
        self._pending: int | None = None

    def seed_later(self, seed: int) -> None:
        """Seed with ``seed`` when ``np_random`` is next used."""
        self._np_random = None
        self._pending = seed

    def seed(self, seed: Any = None) -> Any:
        self._pending = None
        return super().seed(seed)

    @property
    def np_random(self) -> np.random.Generator:
        if self._np_random is None and self._pending is not None:
            self.seed(self._pending)
        return super().np_random
