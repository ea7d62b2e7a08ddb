"""The action space's layout (:mod:`carcassonne.encoding.layout`, compiled
with the engine), under the environments' own name."""

from carcassonne.encoding.layout import (
    DEFAULT_WINDOW,
    FIGURE_KINDS,
    GARDEN_SPOT,
    HAND_SLOTS,
    MAX_SEATS,
    MONASTERY_SPOT,
    PIECE_SQUARES,
    QUARTERS,
    SPOTS,
    SQUARE_BLOCKS,
    WONDER_IDS,
    ActionLayout,
)

__all__ = ["DEFAULT_WINDOW", "FIGURE_KINDS", "GARDEN_SPOT", "HAND_SLOTS", "MAX_SEATS",
           "MONASTERY_SPOT", "PIECE_SQUARES", "QUARTERS", "SPOTS", "SQUARE_BLOCKS", "WONDER_IDS",
           "ActionLayout"]
