"""Rules presets: named sets of a table's or a competition's fields.

A preset is where a table or a competition starts from: ``POST
/api/tables`` and ``POST /api/competitions`` accept ``"preset":
"international" | "japan"``, and the body's own fields are laid over the
preset's (:func:`with_preset`). Nothing else knows presets: once laid
over, the body is checked exactly as any other, so a preset's table rates
in the family its sets and options give (the presets' options are the
engine's defaults written out: the ``base`` family).

- ``international``: 2 players, the base game with farmers, 3 points per
  completed city for each field (``farm_scoring: "current"``), 4-point
  2-tile cities (``tiny_city: 4``), 15 minutes each with no increment, and
  a flag is a loss (``"flag": "loss"``: the flagged player loses a game of
  two whatever the scores).
- ``japan``: the same, and a loss on time counts as a 50-point margin in a
  competition's match (``"time_loss_margin": 50``); a competition's
  knockout gives a drawn game to the second player (``"tie_rules":
  {"knockout": "second_player"}``).

The body's fields win. An object field of both (``options``,
``tie_rules``) is merged key by key, the body's keys over the preset's;
so is ``timing`` when the body's is of the same kind (or names none), so
``{"preset": "japan", "timing": {"base": 5}}`` keeps the flag and the
margin with 5 seconds each; a timing of another kind (or null) replaces
the preset's::

    >>> body = with_preset({"preset": "japan", "timing": {"base": 5}}, "table")
    >>> body["timing"]
    {'kind': 'clock', 'base': 5, 'increment': 0, 'flag': 'loss', 'time_loss_margin': 50}
    >>> with_preset({"preset": "japan", "timing": None}, "table")["timing"] is None
    True
    >>> with_preset({"name": "Casual"}, "table")
    {'name': 'Casual'}

An unknown preset is refused (400) naming the known ones.
"""

from __future__ import annotations

import copy
from typing import Any, Literal

from carcassonne.engine.errors import shown
from carcassonne.server.errors import Refusal

#: What a preset fills: a table's body, or a competition's.
Kind = Literal["table", "competition"]

#: The base game with farmers and today's scoring, written out (these are
#: the engine's defaults, so such a table's ``options`` are ``{}``).
_OPTIONS = {"farmers": True, "farm_scoring": "current", "tiny_city": 4}
#: 15 minutes each, no increment, a flag is a loss.
_TIMING = {"kind": "clock", "base": 900, "increment": 0, "flag": "loss"}

#: Every preset by name, in the order to offer them: its table fields and
#: its competition fields.
PRESETS: dict[str, dict[Kind, dict[str, Any]]] = {
    "international": {
        "table": {"seats": [{"kind": "human"}, {"kind": "human"}], "sets": ["base"],
                  "options": _OPTIONS, "timing": _TIMING},
        "competition": {"table_size": 2, "sets": ["base"], "options": _OPTIONS,
                        "timing": _TIMING},
    },
    "japan": {
        "table": {"seats": [{"kind": "human"}, {"kind": "human"}], "sets": ["base"],
                  "options": _OPTIONS, "timing": {**_TIMING, "time_loss_margin": 50}},
        "competition": {"table_size": 2, "sets": ["base"], "options": _OPTIONS,
                        "timing": {**_TIMING, "time_loss_margin": 50},
                        "tie_rules": {"knockout": "second_player"}},
    },
}

#: The object fields merged key by key (``timing`` too, when of one kind).
MERGED = ("options", "tie_rules")


def preset_fields(name: Any, kind: Kind) -> dict[str, Any]:
    """A copy of the ``kind`` fields of the preset ``name``; a 400 naming
    the known presets for any other name."""
    if not isinstance(name, str) or name not in PRESETS:
        raise Refusal(400, f"preset must be one of {', '.join(PRESETS)}, not {shown(name)}")
    return copy.deepcopy(PRESETS[name][kind])


def _laid_over(key: str, ours: Any, theirs: Any) -> Any:
    """The body's ``theirs`` laid over the preset's ``ours`` for ``key``."""
    if not (isinstance(ours, dict) and isinstance(theirs, dict)):
        return theirs
    if key in MERGED:
        return {**ours, **theirs}
    if key == "timing" and theirs.get("kind", ours.get("kind")) == ours.get("kind"):
        return {**ours, **theirs}
    return theirs


def with_preset(body: dict[str, Any], kind: Kind) -> dict[str, Any]:
    """``body`` with the fields of the preset it names (``"preset"``, left
    out of the answer) under its own; ``body`` itself when it names none."""
    if body.get("preset") is None:
        return body
    fields = preset_fields(body["preset"], kind)
    for key, value in body.items():
        if key != "preset":
            fields[key] = _laid_over(key, fields.get(key), value)
    return fields


def presets_view() -> list[dict[str, Any]]:
    """The presets for ``GET /api/catalogue``: ``[{"name", "table",
    "competition"}]`` in the order to offer them."""
    return [{"name": name, **copy.deepcopy(fields)} for name, fields in PRESETS.items()]
