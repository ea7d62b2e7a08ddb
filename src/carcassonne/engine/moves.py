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

Instead of figures a move may carry one action (:data:`Action`): take the
abbot back (``return:abbot@3,2``), move the fairy (``fairy:city:N@3,2``, or
``fairy@3,2`` with ``fairy_placement`` ``"on_tile"``) or let the princess
remove a knight (``princess:N@0,-2``)::

    >>> str(Move.parse("BA/Rr@1,0r0 return:abbot@3,2"))
    'BA/Rr@1,0r0 return:abbot@3,2'
    >>> Move.parse("DG/Cc.p@0,-1r0 princess:N@0,-2").action
    Princess(on=(0, -2), spot='N')

The Wonders decisions are moves of their own: :class:`TakeWonder`
(``take:WO/alhambra``) and :class:`AwardWonder` (``award:1``); so is each
step of the dragon's flight, :class:`DragonStep` (``dragon:4,1``). Everything
here mirrors docs/formats.md, which tools outside the project read too.
"""

from __future__ import annotations

import re
from typing import Any, Final, NamedTuple

from carcassonne.engine.errors import shown
from carcassonne.tiles.geometry import LOCATION_INDEX

FIGURE_NAMES: Final[tuple[str, ...]] = ("meeple", "large", "builder", "pig", "abbot")
FEATURE_NAMES: Final[tuple[str, ...]] = ("city", "road", "field", "monastery", "garden")
#: Features named without a spot (one per tile).
SPOTLESS: Final[tuple[str, ...]] = ("monastery", "garden")
ROTATIONS: Final[tuple[int, ...]] = (0, 90, 180, 270)
#: The longest tile or wonder id a move may name (the longest known has 17).
ID_LENGTH: Final = 40
#: The keys docs/formats.md defines for a move in a record: a tile placed
#: (with its figures or one action), the wonders' two decisions and the
#: dragon's step. Any other key is ignored.
MOVE_KEYS: Final[tuple[str, ...]] = (
    "tile", "at", "rotation", "figures", "take_wonder", "wonder_goes_to",
    "return_abbot", "fairy", "princess", "dragon")
#: The keys of a move's action (one at most, never with figures).
ACTION_KEYS: Final[tuple[str, ...]] = ("return_abbot", "fairy", "princess")

_SQUARE = r"(-?\d{1,9}),(-?\d{1,9})"
_TILE_RE = re.compile(rf"^(\S+?)@{_SQUARE}r(\d{{1,9}})$")
_SEAT_RE = re.compile(r"^-?\d{1,9}$")
_FIGURE_RE = re.compile(rf"^([a-z]+):([a-z]+)(?::([A-Za-z]+))?(?:@{_SQUARE})?$")
_RETURN_RE = re.compile(rf"^return:abbot@{_SQUARE}$")
_FAIRY_RE = re.compile(rf"^fairy(?::([a-z]+):([A-Za-z]+))?@{_SQUARE}$")
_FAIRY_SPOTLESS_RE = re.compile(rf"^fairy:([a-z]+)@{_SQUARE}$")
_PRINCESS_RE = re.compile(rf"^princess:([A-Za-z]+)@{_SQUARE}$")
_DRAGON_RE = re.compile(rf"^dragon:{_SQUARE}$")


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
        _check_spot(feature, spot, f"a {feature} figure")
        return cls(figure, feature, spot, on)


def _check_spot(feature: Any, spot: Any, what: str) -> None:
    """Refuse a feature that is no feature name, and a spot that does not
    go with it: none on a monastery or garden (``SPOTLESS``), one of the
    tile's locations elsewhere; ``what`` names the move part in the error."""
    if feature not in FEATURE_NAMES:
        raise NotationError(
            f"unknown feature {shown(feature)} (one of {', '.join(FEATURE_NAMES)})")
    if feature in SPOTLESS:
        if spot is not None:
            raise NotationError(f"{what} takes no spot")
    elif not isinstance(spot, str) or spot not in LOCATION_INDEX:
        raise NotationError(f"{what} needs a spot (N, E, ..., NL, ..., inner), not {shown(spot)}")


def _check_id(name: str) -> None:
    if len(name) > ID_LENGTH:
        raise NotationError(f"{shown(name, 30)} is no tile or wonder id "
                            f"(at most {ID_LENGTH} characters)")


def _square(value: Any, what: str) -> tuple[int, int]:
    if (not isinstance(value, list | tuple) or len(value) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        raise NotationError(f"{what} must be a square [x, y] of two integers, not {shown(value)}")
    return int(value[0]), int(value[1])


class ReturnAbbot(NamedTuple):
    """Take the abbot back from the square ``on`` and score it at once
    (``ABBOT-RECALL``): ``return:abbot@3,2``."""

    on: tuple[int, int]

    def __str__(self) -> str:
        return f"return:abbot@{self.on[0]},{self.on[1]}"

    def to_dict(self) -> dict[str, Any]:
        return {"return_abbot": list(self.on)}


class Fairy(NamedTuple):
    """Move the fairy next to the player's own follower on the segment named
    by ``feature`` and ``spot`` on square ``on`` (``PD-FAIRY-1``):
    ``fairy:city:N@3,2``; with ``fairy_placement`` ``"on_tile"`` only the
    square counts (``fairy@3,2``, feature and spot None). A monastery or a
    garden takes no spot (``fairy:monastery@3,2``)."""

    on: tuple[int, int]
    feature: str | None = None
    spot: str | None = None

    def __str__(self) -> str:
        where = f"@{self.on[0]},{self.on[1]}"
        if self.feature is None:
            return f"fairy{where}"
        if self.spot is None:
            return f"fairy:{self.feature}{where}"
        return f"fairy:{self.feature}:{self.spot}{where}"

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"on": list(self.on)}
        if self.feature is not None:
            out["feature"] = self.feature
        if self.spot is not None:
            out["spot"] = self.spot
        return {"fairy": out}

    @classmethod
    def make(cls, on: tuple[int, int], feature: Any, spot: Any) -> Fairy:
        if feature is None:
            if spot is not None:
                raise NotationError("a fairy move with a spot needs its feature too")
            return cls(on)
        _check_spot(feature, spot, f"a fairy move to a {feature}")
        return cls(on, feature, spot)


class Princess(NamedTuple):
    """Remove the knight standing on the city segment named by ``spot`` on
    square ``on`` (``PD-PRINCESS``): ``princess:N@0,-2``."""

    on: tuple[int, int]
    spot: str

    def __str__(self) -> str:
        return f"princess:{self.spot}@{self.on[0]},{self.on[1]}"

    def to_dict(self) -> dict[str, Any]:
        return {"princess": {"on": list(self.on), "spot": self.spot}}

    @classmethod
    def make(cls, on: tuple[int, int], spot: Any) -> Princess:
        if not isinstance(spot, str) or spot not in LOCATION_INDEX:
            raise NotationError(f"a princess move needs the knight's spot, not {shown(spot)}")
        return cls(on, spot)


#: What a move may do instead of putting figures on its tile.
Action = ReturnAbbot | Fairy | Princess


def _action(text: str) -> Action | None:
    """Read one action in compact notation, or None if ``text`` is no action."""
    match = _RETURN_RE.match(text)
    if match:
        return ReturnAbbot((int(match[1]), int(match[2])))
    match = _FAIRY_RE.match(text)
    if match:
        feature, spot, x, y = match.groups()
        return Fairy.make((int(x), int(y)), feature, spot)
    match = _FAIRY_SPOTLESS_RE.match(text)
    if match:
        return Fairy.make((int(match[2]), int(match[3])), match[1], None)
    match = _PRINCESS_RE.match(text)
    if match:
        return Princess.make((int(match[2]), int(match[3])), match[1])
    if text.startswith(("return:", "fairy", "princess:")):
        raise NotationError(f"cannot read action {shown(text)} (want return:abbot@x,y, "
                            f"fairy:feature:spot@x,y, fairy@x,y or princess:spot@x,y)")
    return None


def _action_from_dict(key: str, value: Any) -> Action:
    if key == "return_abbot":
        return ReturnAbbot(_square(value, "return_abbot"))
    if not isinstance(value, dict):
        raise NotationError(f"{key} must be an object, not {shown(value)}")
    on = _square(value.get("on"), f"{key}.on")
    if key == "fairy":
        return Fairy.make(on, value.get("feature"), value.get("spot"))
    return Princess.make(on, value.get("spot"))


class Move(NamedTuple):
    """Place ``tile`` at square ``at``, turned ``rotation`` degrees clockwise,
    with its ``figures`` or instead one ``action``."""

    tile: str
    at: tuple[int, int]
    rotation: int
    figures: tuple[Figure, ...] = ()
    action: Action | None = None

    def __str__(self) -> str:
        text = f"{self.tile}@{self.at[0]},{self.at[1]}r{self.rotation}"
        for fig in self.figures:
            text += f" {fig}"
        if self.action is not None:
            text += f" {self.action}"
        return text

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"tile": self.tile, "at": list(self.at), "rotation": self.rotation}
        if self.figures:
            out["figures"] = [f.to_dict() for f in self.figures]
        if self.action is not None:
            out.update(self.action.to_dict())
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
        if head.startswith("dragon:") and len(parts) == 1:
            step = _DRAGON_RE.match(head)
            if not step:
                raise NotationError(f"dragon needs a square (dragon:4,1), not {shown(head)}")
            return DragonStep((int(step[1]), int(step[2])))
        match = _TILE_RE.match(head)
        if not match:
            raise NotationError(f"cannot read move {shown(text)} "
                                f"(want TILE@x,yrROTATION [figures])")
        tile, x, y, rotation = match.groups()
        _check_id(tile)
        if int(rotation) not in ROTATIONS:
            raise NotationError(f"PLACE-3: rotation must be 0, 90, 180 or 270, not {rotation}")
        figures: list[Figure] = []
        actions: list[Action] = []
        for part in parts[1:]:
            action = _action(part)
            if action is None:
                figures.append(Figure.parse(part))
            else:
                actions.append(action)
        if actions and (figures or len(actions) > 1):
            raise NotationError(f"{shown(text)}: an action replaces the figures, one per move")
        return Move(tile, (int(x), int(y)), int(rotation), tuple(figures),
                    actions[0] if actions else None)

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
        if "dragon" in kinds:
            if kinds != ["dragon"]:
                raise NotationError(f"malformed dragon move {shown(data)}")
            return DragonStep(_square(data["dragon"], "dragon"))
        acts = [key for key in kinds if key in ACTION_KEYS]
        if len(acts) > 1 or (acts and data.get("figures")):
            raise NotationError(f"{shown(data)}: an action replaces the figures, one per move")
        action = _action_from_dict(acts[0], data[acts[0]]) if acts else None
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
        return Move(tile, at, rotation, tuple(Figure.from_dict(f) for f in figures), action)


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


class DragonStep(NamedTuple):
    """One step of the dragon's flight, to square ``to`` (``PD-DRAGON-TILE``):
    ``dragon:4,1``."""

    to: tuple[int, int]

    def __str__(self) -> str:
        return f"dragon:{self.to[0]},{self.to[1]}"

    def to_dict(self) -> dict[str, Any]:
        return {"dragon": list(self.to)}


AnyMove = Move | TakeWonder | AwardWonder | DragonStep
