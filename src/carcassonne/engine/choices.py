"""Legal moves given as a list of placements: pieces, helper tiles, decisions.

Most positions ask for a tile, and :class:`~carcassonne.engine.legal.LegalMoves`
lists those fast. The rarer decisions (placing a wonder, the land tile of
``WON-PLACE-3``, choosing a wonder) come as a :class:`ChoiceMoves`: the same
read-only sequence with ``placements()``, ``options()`` and ``random()``,
built from an explicit list of placements and a function giving each
placement's options (a decision is its own only option).
"""

from __future__ import annotations

from collections.abc import Callable
from random import Random
from typing import TYPE_CHECKING

from carcassonne.engine.legal import MoveSequence
from carcassonne.engine.moves import AnyMove, Move

if TYPE_CHECKING:
    from carcassonne.engine.position import Position


class ChoiceMoves(MoveSequence[AnyMove]):
    """Every legal move of one position, from its placements (see the module
    docstring). Using it after the game changed raises ``RuntimeError``."""

    __slots__ = ("_list", "_options", "_placements", "_position", "_version")

    def __init__(self, position: Position, placements: list[AnyMove],
                 options: Callable[[Move], list[AnyMove]] | None = None) -> None:
        self._position = position
        self._version = position.version
        self._placements = placements
        self._options = options
        self._list: list[AnyMove] | None = None

    @property
    def placement_count(self) -> int:
        """How many placements (or choices) there are."""
        return len(self._placements)

    def placements(self) -> list[AnyMove]:
        """Every placement without figures (or every choice of a decision)."""
        self._fresh()
        return list(self._placements)

    def options(self, placement: AnyMove) -> list[AnyMove]:
        """The legal moves of one placement: without figures first."""
        self._fresh()
        if self._options is None or not isinstance(placement, Move):
            return [placement]
        return self._options(placement)

    def random(self, rng: Random) -> AnyMove:
        """A move drawn uniformly among placements, then among that
        placement's options."""
        if not self._placements:
            raise IndexError("no legal move: the game is over")
        placement = self._placements[int(rng.random() * len(self._placements))]
        options = self.options(placement)
        return options[int(rng.random() * len(options))]

    def _moves(self) -> list[AnyMove]:
        self._fresh()
        if self._list is None:
            self._list = [m for p in self._placements for m in self.options(p)]
        return self._list

    def __bool__(self) -> bool:
        return bool(self._placements)

    def __repr__(self) -> str:
        return f"<ChoiceMoves: {len(self._placements)} placements>"
