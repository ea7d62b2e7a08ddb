"""Moves: small immutable values that print and parse in the compact notation.

A turn part is one :class:`Move`: the tile, the square it goes to, its
rotation, and the figures put on it::

    >>> m = Move.parse("BA/CRr@1,0r90 meeple:road:E")
    >>> m.tile, m.at, m.rotation
    ('BA/CRr', (1, 0), 90)
    >>> str(m)
    'BA/CRr@1,0r90 meeple:road:E'
    >>> Move.parse("BA/Rr@0,-1r0").figures
    ()

The Wonders decisions are moves of their own: :class:`TakeWonder`
(``take:WO/alhambra``) and :class:`AwardWonder` (``award:1``). Everything here
mirrors docs/formats.md, which tools outside the project read too.
"""

from __future__ import annotations

import re
from typing import Any, Final, NamedTuple

from carcassonne.engine.errors import shown
from carcassonne.tiles.geometry import LOCATION_INDEX

FIGURE_NAMES: Final[tuple[str, ...]] = ("meeple", "large", "builder", "pig")
FEATURE_NAMES: Final[tuple[str, ...]] = ("city", "road", "field", "monastery")
ROTATIONS: Final[tuple[int, ...]] = (0, 90, 180, 270)
#: The longest tile or wonder id a move may name (the longest known has 17).
ID_LENGTH: Final = 40
#: The keys docs/formats.md defines for a move in a record: a tile placed
#: (with its figures), the wonders' two decisions, and the actions of sets
#: this engine does not play yet (:data:`NOT_PLAYED_KEYS`). Any other key
#: is ignored.
MOVE_KEYS: Final[tuple[str, ...]] = (
    "tile", "at", "rotation", "figures", "take_wonder", "wonder_goes_to",
    "return_abbot", "fairy", "princess", "dragon")
NOT_PLAYED_KEYS: Final[tuple[str, ...]] = ("return_abbot", "fairy", "princess", "dragon")

_SQUARE = r"(-?\d{1,9}),(-?\d{1,9})"
_TILE_RE = re.compile(rf"^(\S+?)@{_SQUARE}r(\d{{1,9}})$")
_SEAT_RE = re.compile(r"^-?\d{1,9}$")
_FIGURE_RE = re.compile(rf"^([a-z]+):([a-z]+)(?::([A-Za-z]+))?(?:@{_SQUARE})?$")


class NotationError(ValueError):
    """A move written in notation or as a record entry cannot be read."""


class Figure(NamedTuple):
    """A figure put on the tile of a move.

    ``spot`` names the segment by any side or half-side it touches, as seen
    on the board, or ``inner``; it is ``None`` for a monastery. ``on`` is the
    board square of the segment, needed only on a wonder.
    """

    figure: str
    feature: str
    spot: str | None = None
    on: tuple[int, int] | None = None

    def __str__(self) -> str:
        text = f"{self.figure}:{self.feature}"
        if self.spot is not None:
            text += f":{self.spot}"
        if self.on is not None:
            text += f"@{self.on[0]},{self.on[1]}"
        return text

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"figure": self.figure, "feature": self.feature}
        if self.spot is not None:
            out["spot"] = self.spot
        if self.on is not None:
            out["on"] = list(self.on)
        return out

    @classmethod
    def parse(cls, text: object) -> Figure:
        if not isinstance(text, str):
            raise NotationError(f"a figure in notation must be a string, not {shown(text)}")
        match = _FIGURE_RE.match(text)
        if not match:
            raise NotationError(f"cannot read figure {shown(text)} "
                                f"(want figure:feature[:spot][@x,y])")
        figure, feature, spot, x, y = match.groups()
        return cls.make(figure, feature, spot, None if x is None else (int(x), int(y)))

    @classmethod
    def from_dict(cls, data: Any) -> Figure:
        if not isinstance(data, dict):
            raise NotationError(f"a figure must be an object, not {shown(data)}")
        on = data.get("on")  # keys not known here are ignored, as everywhere in a record
        if on is not None:
            on = _square(on, "on")
        return cls.make(data.get("figure"), data.get("feature"), data.get("spot"), on)

    @classmethod
    def make(cls, figure: Any, feature: Any, spot: Any, on: tuple[int, int] | None) -> Figure:
        if figure not in FIGURE_NAMES:
            raise NotationError(
                f"unknown figure {shown(figure)} (one of {', '.join(FIGURE_NAMES)})")
        if feature not in FEATURE_NAMES:
            raise NotationError(
                f"unknown feature {shown(feature)} (one of {', '.join(FEATURE_NAMES)})")
        if feature == "monastery":
            if spot is not None:
                raise NotationError("a monastery figure takes no spot")
        elif not isinstance(spot, str) or spot not in LOCATION_INDEX:
            raise NotationError(f"a {feature} figure needs a spot (N, E, ..., NL, ..., inner), "
                                f"not {shown(spot)}")
        return cls(figure, feature, spot, on)


def _check_id(name: str) -> None:
    if len(name) > ID_LENGTH:
        raise NotationError(f"{shown(name, 30)} is no tile or wonder id "
                            f"(at most {ID_LENGTH} characters)")


def _square(value: Any, what: str) -> tuple[int, int]:
    if (not isinstance(value, list | tuple) or len(value) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        raise NotationError(f"{what} must be a square [x, y] of two integers, not {shown(value)}")
    return int(value[0]), int(value[1])


class Move(NamedTuple):
    """Place ``tile`` at square ``at``, turned ``rotation`` degrees clockwise."""

    tile: str
    at: tuple[int, int]
    rotation: int
    figures: tuple[Figure, ...] = ()

    def __str__(self) -> str:
        text = f"{self.tile}@{self.at[0]},{self.at[1]}r{self.rotation}"
        for fig in self.figures:
            text += f" {fig}"
        return text

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"tile": self.tile, "at": list(self.at), "rotation": self.rotation}
        if self.figures:
            out["figures"] = [f.to_dict() for f in self.figures]
        return out

    @staticmethod
    def parse(text: object) -> AnyMove:
        """Read a move in compact notation (any kind of decision)."""
        if not isinstance(text, str):
            raise NotationError(f"a move in notation must be a string, not {shown(text)}")
        parts = text.split()
        if not parts:
            raise NotationError("empty move")
        head = parts[0]
        if head.startswith("take:") and len(parts) == 1:
            if not head[5:]:
                raise NotationError("take needs a wonder id (take:WO/alhambra)")
            _check_id(head[5:])
            return TakeWonder(head[5:])
        if head.startswith("award:") and len(parts) == 1:
            if not _SEAT_RE.match(head[6:]):
                raise NotationError(f"award needs a seat number, not {shown(head[6:])}")
            return AwardWonder(int(head[6:]))
        match = _TILE_RE.match(head)
        if not match:
            raise NotationError(f"cannot read move {shown(text)} "
                                f"(want TILE@x,yrROTATION [figures])")
        tile, x, y, rotation = match.groups()
        _check_id(tile)
        if int(rotation) not in ROTATIONS:
            raise NotationError(f"PLACE-3: rotation must be 0, 90, 180 or 270, not {rotation}")
        figures = tuple(Figure.parse(p) for p in parts[1:])
        return Move(tile, (int(x), int(y)), int(rotation), figures)

    @staticmethod
    def from_dict(data: Any) -> AnyMove:
        """Read a move as written in a record's ``moves`` list. Keys that
        docs/formats.md does not define are ignored; a move holding the keys
        of two kinds of move, or of a kind this engine does not play yet, is
        refused."""
        if not isinstance(data, dict):
            raise NotationError(f"a move must be an object, not {shown(data)}")
        kinds = [key for key in MOVE_KEYS if key in data]
        if "take_wonder" in kinds:
            if kinds != ["take_wonder"] or not isinstance(data["take_wonder"], str):
                raise NotationError(f"malformed take_wonder move {shown(data)}")
            _check_id(data["take_wonder"])
            return TakeWonder(data["take_wonder"])
        if "wonder_goes_to" in kinds:
            seat = data["wonder_goes_to"]
            if kinds != ["wonder_goes_to"] or not isinstance(seat, int) or isinstance(
                    seat, bool):
                raise NotationError(f"malformed wonder_goes_to move {shown(data)}")
            return AwardWonder(seat)
        later = [key for key in kinds if key in NOT_PLAYED_KEYS]
        if later:
            raise NotationError(f"{later[0]} moves are not played by this engine yet")
        tile = data.get("tile")
        if not isinstance(tile, str):
            raise NotationError(f"a move needs a tile id, not {shown(tile)}")
        _check_id(tile)
        at = _square(data.get("at"), "at")
        rotation = data.get("rotation")
        if type(rotation) is not int or rotation not in ROTATIONS:
            raise NotationError(f"PLACE-3: rotation must be 0, 90, 180 or 270, "
                                f"not {shown(rotation)}")
        figures = data.get("figures", [])
        if figures is None:
            figures = []
        if not isinstance(figures, list):
            raise NotationError(f"figures must be a list, not {shown(figures)}")
        return Move(tile, at, rotation, tuple(Figure.from_dict(f) for f in figures))


class TakeWonder(NamedTuple):
    """The player who earned a wonder chooses which one (``take:WO/alhambra``)."""

    wonder: str

    def __str__(self) -> str:
        return f"take:{self.wonder}"

    def to_dict(self) -> dict[str, Any]:
        return {"take_wonder": self.wonder}


class AwardWonder(NamedTuple):
    """The active player picks who takes the next wonder (``award:1``)."""

    player: int

    def __str__(self) -> str:
        return f"award:{self.player}"

    def to_dict(self) -> dict[str, Any]:
        return {"wonder_goes_to": self.player}


AnyMove = Move | TakeWonder | AwardWonder
