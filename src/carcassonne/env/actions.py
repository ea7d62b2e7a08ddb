"""The environments' actions: the action tree of a decision, and its masks.

The tree itself (:class:`Decision`: which actions a decision allows, and
the move they name) is :mod:`carcassonne.encoding.decision`, typed Python
compiled with the engine; here is what numpy adds: the mask as an array.
"""

from __future__ import annotations

import numpy as np

from carcassonne.encoding.buffers import mask_buffer
from carcassonne.encoding.decision import (
    Decision,
    IllegalAction,
    Prefix,
    WindowError,
    piece_squares,
)

__all__ = ["Decision", "IllegalAction", "Prefix", "WindowError", "action_mask", "piece_squares"]


def action_mask(decision: Decision, prefix: Prefix) -> np.ndarray:
    """The action mask of ``decision`` after ``prefix``: int8, 1 where
    allowed (a new array each call)."""
    allowed = decision.allowed(prefix) if prefix else decision.first_actions
    return np.frombuffer(mask_buffer(decision.layout.size, allowed), dtype=np.int8)
