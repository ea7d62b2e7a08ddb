"""The Princess & the Dragon's neutral markers, read for an observation.

The dragon and the fairy belong to nobody (``PD-1``); what a player sees of
them is public: the dragon's square, the fairy's square, and during a
flight (``PD-DRAGON-TILE``) the squares the dragon has occupied in it (it
may not go back to them) and the steps it has left. The engine keeps them in
``game.state["princess_dragon"]`` (``dragon`` and ``fairy``: packed squares
or None; ``flight``: None, or ``visited``, packed squares, and ``left``, the
steps left); :func:`dragon_markers` reads them into a :class:`Markers`, the
one place here that knows that state's shape::

    >>> from carcassonne import Game
    >>> dragon_markers(Game.new(players=2, seed=1)).dragon is None
    True
"""

from __future__ import annotations

from typing import Any, Final

from carcassonne.engine.game import Game
from carcassonne.tiles.geometry import unpack


class Markers:
    """The dragon's square (None while off the board), the fairy's square
    (None while beside the board), the squares of the flight under way
    (empty between flights, the start included during one) and the steps
    it has left (0 between flights)."""

    __slots__ = ("dragon", "fairy", "steps_left", "visited")

    def __init__(self, dragon: tuple[int, int] | None, fairy: tuple[int, int] | None,
                 visited: list[tuple[int, int]], steps_left: int) -> None:
        self.dragon, self.fairy = dragon, fairy
        self.visited, self.steps_left = visited, steps_left

    def key(self) -> tuple[Any, ...]:
        """The markers as one comparable value (caches compare them)."""
        return (self.dragon, self.fairy, tuple(self.visited), self.steps_left)


#: No markers: a game without the Princess & the Dragon.
NO_MARKERS: Final = Markers(None, None, [], 0)


def _square(value: Any) -> tuple[int, int] | None:
    """A square as the state holds it (packed, ``geometry.pack``), or None."""
    if value is None:
        return None
    return unpack(int(value))


def dragon_markers(game: Game) -> Markers:
    """The markers of ``game`` (:data:`NO_MARKERS` without the set)."""
    state: Any = game.state.get("princess_dragon")
    if not isinstance(state, dict):
        return NO_MARKERS
    visited: list[tuple[int, int]] = []
    steps_left = 0
    flight: Any = state.get("flight")
    if isinstance(flight, dict):
        for square in flight.get("visited", ()):
            found = _square(square)
            if found is not None:
                visited.append(found)
        steps_left = int(flight.get("left", 0))
    return Markers(_square(state.get("dragon")), _square(state.get("fairy")), visited,
                   steps_left)
