"""Carcassonne for OpenSpiel (``pip install 'carcassonne[openspiel]'``).

Importing this package registers the game ``python_carcassonne`` with
pyspiel; every set, rule option, the observation window and the kind of
returns are game parameters (:mod:`carcassonne.openspiel.params`)::

    >>> import pyspiel
    >>> import carcassonne.openspiel
    >>> game = pyspiel.load_game("python_carcassonne(players=3,sets=base+inns)")
    >>> state = game.new_initial_state()
    >>> state.is_chance_node()          # the first tile is drawn by chance
    True

Tile draws are explicit chance nodes, seats act through the environments'
fixed action layout, observations are the environments' flat observation
of the seat's own view (:mod:`.game`, :mod:`.observer`, docs/env.md). Only
this package imports pyspiel; the engine and the environments never do.
"""

from carcassonne.extras import EXTRAS, require

# OpenSpiel and the environments' packages, said in one line when missing.
require(*EXTRAS["openspiel"], *EXTRAS["env"], extra="openspiel",
        purpose="carcassonne.openspiel")

from carcassonne.openspiel.game import (  # noqa: E402
    GAME_TYPE,
    MAX_CHANCE_OUTCOMES,
    SHORT_NAME,
    TILE_OUTCOMES,
    WONDER_BASE,
    CarcassonneGame,
    CarcassonneState,
)
from carcassonne.openspiel.observer import CarcassonneObserver  # noqa: E402
from carcassonne.openspiel.params import (  # noqa: E402
    PARAMETERS,
    Config,
    parse_sets,
    read_config,
)

__all__ = [
    "GAME_TYPE",
    "MAX_CHANCE_OUTCOMES",
    "PARAMETERS",
    "SHORT_NAME",
    "TILE_OUTCOMES",
    "WONDER_BASE",
    "CarcassonneGame",
    "CarcassonneObserver",
    "CarcassonneState",
    "Config",
    "parse_sets",
    "read_config",
]
