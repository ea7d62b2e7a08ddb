"""Score events: every point a game pays, with who, what and why.

Every point is paid through a :class:`ScoreEvent` that says who scored,
what, and why ("city of 5 tiles with 2 coats of arms: 14"), so the log, the
tests and the client show the same truth. :data:`Award` is what scoring
code hands its events to (the position's :meth:`award
<carcassonne.engine.position.Position.award>`, or a list's ``append`` to
collect them without paying).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class ScoreEvent:
    """Points paid to one player, with the reason in words and in numbers.

    Read-only, compared and hashed by value. (A plain class rather than a
    frozen dataclass: compiled, a frozen dataclass builds each event in
    interpreted code, and games make many.)"""

    __slots__ = ("_cities", "_detail", "_final", "_move", "_player", "_points", "_reason",
                 "_shields", "_tiles")

    def __init__(self, move: int | None, player: int, points: int, reason: str, final: bool,
                 detail: str, tiles: int = 0, shields: int = 0, cities: int = 0) -> None:
        self._move = move
        self._player = player
        self._points = points
        self._reason = reason
        self._final = final
        self._detail = detail
        self._tiles = tiles
        self._shields = shields
        self._cities = cities

    @property
    def move(self) -> int | None:
        """Index of the move that caused it, or None for final scoring."""
        return self._move

    @property
    def player(self) -> int:
        return self._player

    @property
    def points(self) -> int:
        return self._points

    @property
    def reason(self) -> str:
        """``road``, ``city``, ``monastery``, ``field`` (and, with expansions, more)."""
        return self._reason

    @property
    def final(self) -> bool:
        return self._final

    @property
    def detail(self) -> str:
        return self._detail

    @property
    def tiles(self) -> int:
        return self._tiles

    @property
    def shields(self) -> int:
        return self._shields

    @property
    def cities(self) -> int:
        return self._cities

    def _key(self) -> tuple[int | None, int, int, str, bool, str, int, int, int]:
        return (self._move, self._player, self._points, self._reason, self._final,
                self._detail, self._tiles, self._shields, self._cities)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ScoreEvent):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (f"ScoreEvent(move={self._move!r}, player={self._player!r}, "
                f"points={self._points!r}, reason={self._reason!r}, final={self._final!r}, "
                f"detail={self._detail!r}, tiles={self._tiles!r}, shields={self._shields!r}, "
                f"cities={self._cities!r})")

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"move": self._move, "player": self._player,
                               "points": self._points, "reason": self._reason,
                               "final": self._final, "detail": self._detail}
        if self._tiles:
            out["tiles"] = self._tiles
        if self._shields:
            out["shields"] = self._shields
        if self._cities:
            out["cities"] = self._cities
        return out


#: What receives the events scoring makes: pays them, or collects them.
Award = Callable[[ScoreEvent], None]
