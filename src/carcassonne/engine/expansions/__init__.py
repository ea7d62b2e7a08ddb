"""Expansions: each set's rules, plugged into the engine through named hooks.

The base game is the engine with no expansion. An :class:`Expansion` may add
figures, change what a feature is worth, act when features are completed,
give a second turn part, add to final scoring and to the players' views. The
engine calls the hooks by name and never names an expansion; adding a set is
adding a module here and a line in :data:`EXPANSIONS`.

Per-game state an expansion keeps (trade goods, say) lives in
``position.state[expansion.set_name]`` and is copied by :meth:`Expansion.copy_state`
for undo and :meth:`Game.copy`. The hooks receive the game's position as a
:class:`PositionView` (see :mod:`~carcassonne.engine.expansions.base`).
"""

from __future__ import annotations

from carcassonne.engine.expansions.abbot import Abbot
from carcassonne.engine.expansions.base import Expansion, Joined, PositionView
from carcassonne.engine.expansions.inns_cathedrals import InnsCathedrals
from carcassonne.engine.expansions.princess_dragon import PrincessDragon
from carcassonne.engine.expansions.river import River
from carcassonne.engine.expansions.traders_builders import TradersBuilders
from carcassonne.engine.expansions.watchtowers import Watchtowers
from carcassonne.engine.expansions.wonders import Wonders
from carcassonne.engine.options import Options

#: The playable expansions by set name, in the order their hooks run.
EXPANSIONS: dict[str, type[Expansion]] = {
    "inns_cathedrals": InnsCathedrals,
    "traders_builders": TradersBuilders,
    "watchtowers": Watchtowers,
    "wonders": Wonders,
    "river": River,
    "abbot": Abbot,
    "princess_dragon": PrincessDragon,
}


def for_game(sets: tuple[str, ...], options: Options) -> tuple[Expansion, ...]:
    """The expansions of a game's sets, set up with its options."""
    return tuple(EXPANSIONS[name](options) for name in EXPANSIONS if name in sets)


__all__ = ["EXPANSIONS", "Expansion", "Joined", "PositionView", "for_game"]
