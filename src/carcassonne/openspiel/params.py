"""The game parameters of ``python_carcassonne`` and how they are read.

OpenSpiel parameters are ints, floats, bools and strings, written in a
load string as ``name=value`` separated by commas::

    pyspiel.load_game("python_carcassonne(players=3,sets=base+inns,farmers=false)")

so lists use ``+`` between their items (a comma would end the parameter):

* ``players``: 2 up to what the sets allow (6 with Inns & Cathedrals, 4 with
  the Wonders);
* ``sets``: set names joined by ``+``; ``base`` is always in play and may be
  left out; ``inns``, ``traders``, ``towers``, ``dragon`` (or
  ``princess``, ``pd``) are short for ``inns_cathedrals``,
  ``traders_builders``, ``watchtowers``, ``princess_dragon``; ``river`` and
  ``abbot`` are their own names; ``all`` names every playable set;
* one parameter per rule option of the engine
  (:data:`carcassonne.engine.options.OPTION_SPECS`, docs/formats.md), with the
  engine's default: ``farmers=false``, ``hand=3``, ``tiny_city=2``, ...;
* ``window``: the side of the observation window in squares, which also
  sizes the action space (docs/env.md);
* ``returns``: ``"result"`` (+1 for the only winner, 0 for each of several
  seats sharing the top score, -1 otherwise) or ``"score"`` (final points);
* ``wonders``: with The Wonders of Humanity, the wonders laid out, joined by
  ``+`` (``stonehenge+alhambra``, the ``WO/`` prefix optional); left empty,
  the selection is a chance node of the game (all four with four players).

:func:`read_config` turns a parameter dict into a :class:`Config` and raises
``ValueError`` naming the parameter for anything the engine would refuse.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from carcassonne.encoding.layout import ENCODED_SETS
from carcassonne.engine.game import Game
from carcassonne.engine.options import OPTION_SPECS
from carcassonne.engine.setup import full_stack, max_players
from carcassonne.env.layout import DEFAULT_WINDOW, MAX_SEATS
from carcassonne.tiles.pieces import PIECES

#: Short names accepted in ``sets``.
SET_ALIASES: dict[str, str] = {
    "inns": "inns_cathedrals", "traders": "traders_builders", "towers": "watchtowers",
    "dragon": "princess_dragon", "princess": "princess_dragon", "pd": "princess_dragon"}
#: What ``returns`` may be.
RETURNS = ("result", "score")

#: The parameters and their defaults (OpenSpiel reads each one's type from
#: its default: the engine's option defaults give bool, int and str).
PARAMETERS: dict[str, Any] = {
    "players": 2,
    "sets": "base",
    "window": DEFAULT_WINDOW,
    "returns": "result",
    "wonders": "",
    **{name: default for name, (default, _, _) in OPTION_SPECS.items()},
}


@dataclass(frozen=True)
class Config:
    """One game's parameters, checked: what every state of the game shares."""

    players: int
    sets: tuple[str, ...]
    #: The rule options that differ from the engine's defaults.
    options: dict[str, Any]
    window: int
    returns: str
    #: The wonders laid out (engine order), or None when a chance node draws them.
    wonders: tuple[str, ...] | None

    @property
    def wonders_by_chance(self) -> bool:
        """Whether the first chance node lays out the wonders."""
        return "wonders" in self.sets and self.wonders is None

    @property
    def stack_size(self) -> int:
        """Tiles in the stack (the start tile excepted)."""
        return len(full_stack(self.sets))


def parse_sets(text: object) -> tuple[str, ...]:
    """The sets named by ``text`` (``"base+inns"``), in the engine's order."""
    if not isinstance(text, str):
        raise ValueError(f"parameter sets: a string like 'base+inns', not {text!r}")
    names = [n.strip() for n in text.replace(",", "+").split("+") if n.strip()]
    chosen = {"base"}
    for name in names:
        if name == "all":
            chosen.update(ENCODED_SETS)
            continue
        name = SET_ALIASES.get(name, name)
        if name not in ENCODED_SETS:
            known = ", ".join([*ENCODED_SETS, *SET_ALIASES, "all"])
            raise ValueError(f"parameter sets: unknown set {name!r} (known: {known})")
        chosen.add(name)
    return tuple(s for s in ENCODED_SETS if s in chosen)


def parse_wonders(text: object, players: int, sets: tuple[str, ...]) -> tuple[str, ...] | None:
    """The wonders named by ``text`` (engine order), all four with four
    players, or None for a chance node."""
    if not isinstance(text, str):
        raise ValueError(f"parameter wonders: a string like 'stonehenge+alhambra', not {text!r}")
    names = [n.strip() for n in text.replace(",", "+").split("+") if n.strip()]
    if "wonders" not in sets:
        if names:
            raise ValueError("parameter wonders: the set 'wonders' is not in this game")
        return None
    if not names:
        return tuple(PIECES) if players >= len(PIECES) else None
    ids = [n if n.startswith("WO/") else f"WO/{n}" for n in names]
    for wonder in ids:
        if wonder not in PIECES:
            raise ValueError(f"parameter wonders: unknown wonder {wonder!r} "
                             f"(known: {', '.join(sorted(PIECES))})")
    return tuple(w for w in PIECES if w in ids) if len(set(ids)) == len(ids) else tuple(ids)


def read_config(params: Mapping[str, Any]) -> Config:
    """Check a parameter dict (missing names take their defaults)."""
    unknown = sorted(set(params) - set(PARAMETERS))
    if unknown:
        raise ValueError(f"unknown parameters {unknown} (known: {', '.join(PARAMETERS)})")
    given = {**PARAMETERS, **params}
    sets = parse_sets(given["sets"])
    players = given["players"]
    most = min(max_players(sets), MAX_SEATS)
    if type(players) is not int or not 2 <= players <= most:
        raise ValueError(f"parameter players: these sets are for 2 to {most} players, "
                         f"not {players!r}")
    window = given["window"]
    if type(window) is not int or window < 3:
        raise ValueError(f"parameter window: an int of at least 3 squares, not {window!r}")
    returns = given["returns"]
    if returns not in RETURNS:
        raise ValueError(f"parameter returns: one of {', '.join(RETURNS)}, not {returns!r}")
    options = {name: given[name] for name, (default, _, _) in OPTION_SPECS.items()
               if given[name] != default}
    wonders = parse_wonders(given["wonders"], players, sets)
    config = Config(players, sets, options, window, returns, wonders)
    try:  # the engine checks the options against the sets, and the wonders
        Game.new(players=players, sets=sets, options=options, seed=0,
                 wonders=None if wonders is None else list(wonders))
    except ValueError as error:
        raise ValueError(f"python_carcassonne parameters: {error}") from None
    return config
