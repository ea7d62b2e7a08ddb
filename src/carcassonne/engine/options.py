"""The rule options of docs/formats.md: typed, validated, with their defaults.

Only options that differ from the defaults are written to a record. An
unknown option, a value of the wrong type, or an option of a set that is not
in the game is refused with a :class:`SetupError`.

``draw_ahead`` (``VAR-AHEAD-1``) is the hand variant of ``VAR-HAND-*`` with
a hand of one: each player holds the tile of their next turn. With
``hand: 3`` it is allowed and changes nothing (the 3-tile hand already
draws ahead: the same game, the same record replay), so the two may be
combined and both are written to the record as given.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Final

from carcassonne.engine.errors import SetupError, shown

#: name -> (default, allowed values or a type, the set it belongs to)
OPTION_SPECS: Final[dict[str, tuple[Any, tuple[Any, ...], str]]] = {
    "farmers": (True, (True, False), "base"),
    "farm_scoring": ("current", ("current", "first_edition"), "base"),
    "tiny_city": (4, (4, 2), "base"),
    "hand": (1, (1, 3), "base"),
    "hands_public": (False, (True, False), "base"),
    "draw_ahead": (False, (True, False), "base"),
    "large_meeple": (True, (True, False), "inns_cathedrals"),
    "inns": (True, (True, False), "inns_cathedrals"),
    "cathedrals": (True, (True, False), "inns_cathedrals"),
    "incomplete_inn_cathedral": ("zero", ("zero", "normal"), "inns_cathedrals"),
    "builder": (True, (True, False), "traders_builders"),
    "pig": (True, (True, False), "traders_builders"),
    "goods": (True, (True, False), "traders_builders"),
    "goods_need_follower": (False, (True, False), "traders_builders"),
    "stonehenge_on_placing_turn": (False, (True, False), "wonders"),
    "river_check": ("uturn", ("uturn", "jcz"), "river"),
    "dragon_moves": ("before_scoring", ("before_scoring", "after_scoring"), "princess_dragon"),
    "fairy_placement": ("next_to", ("next_to", "on_tile"), "princess_dragon"),
    "princess_action": ("may", ("may", "must"), "princess_dragon"),
}


@dataclass(frozen=True, slots=True)
class Options:
    """Every rule option with its value for one game."""

    farmers: bool = True
    farm_scoring: str = "current"
    tiny_city: int = 4
    hand: int = 1
    hands_public: bool = False
    draw_ahead: bool = False
    large_meeple: bool = True
    inns: bool = True
    cathedrals: bool = True
    incomplete_inn_cathedral: str = "zero"
    builder: bool = True
    pig: bool = True
    goods: bool = True
    goods_need_follower: bool = False
    stonehenge_on_placing_turn: bool = False
    river_check: str = "uturn"
    dragon_moves: str = "before_scoring"
    fairy_placement: str = "next_to"
    princess_action: str = "may"

    @classmethod
    def build(cls, given: object, sets: tuple[str, ...]) -> Options:
        """Validate ``given`` (only the options that differ) for these sets."""
        if given is None:
            given = {}
        if not isinstance(given, dict):
            raise SetupError(f"options must be an object of name: value, not {shown(given)}")
        for name, value in given.items():
            if name not in OPTION_SPECS:
                raise SetupError(f"unknown option {shown(name)} (known: {', '.join(OPTION_SPECS)})")
            default, allowed, set_name = OPTION_SPECS[name]
            if set_name not in sets:
                raise SetupError(f"option {shown(name)} belongs to the set {shown(set_name)}, "
                                 f"which is not in this game")
            if type(value) is not type(default) or value not in allowed:
                choices = ", ".join(repr(a) for a in allowed)
                raise SetupError(f"option {shown(name)} must be one of {choices}, "
                                 f"not {shown(value)}")
        return cls(**given)

    def changed(self) -> dict[str, Any]:
        """The options that differ from the defaults, as a record writes them."""
        return {f.name: getattr(self, f.name) for f in fields(self)
                if getattr(self, f.name) != OPTION_SPECS[f.name][0]}
