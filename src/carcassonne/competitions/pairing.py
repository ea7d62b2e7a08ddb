"""Every pairing rule in one place: who meets whom, round by round.

Each format has its own small module; this one gathers them for callers
that want all of them:

- :mod:`~carcassonne.competitions.round_robin`: two-player round robin, by
  the circle method (:func:`round_robin`);
- :mod:`~carcassonne.competitions.multiplayer`: round robin at tables of 3
  to 5 (:func:`multiplayer_round_robin`, :func:`table_sizes`,
  :func:`least_rounds`, :func:`spread`);
- :mod:`~carcassonne.competitions.groups`: groups by snake seeding
  (:func:`snake_groups`);
- :mod:`~carcassonne.competitions.swiss`: one Swiss round at a time
  (:func:`swiss_round`, :func:`swiss_rounds`);
- :mod:`~carcassonne.competitions.knockout`: single elimination
  (:func:`first_knockout_round`, :func:`next_knockout_round`,
  :func:`champion` and the parts they are made of);
- :mod:`~carcassonne.competitions.stages`: from groups to a knockout
  (:func:`knockout_seeds`).

All of them answer :class:`Round` objects made of :class:`Fixture` objects
(:mod:`~carcassonne.competitions.fixtures`), and raise
:class:`PairingError` when no round can be made.
"""

from __future__ import annotations

from carcassonne.competitions.fixtures import Fixture, PairingError, Round, meetings
from carcassonne.competitions.groups import snake_groups
from carcassonne.competitions.knockout import (
    advancing,
    bracket_lines,
    bracket_order,
    champion,
    first_knockout_round,
    knockout_round,
    knockout_rounds,
    next_knockout_round,
)
from carcassonne.competitions.multiplayer import (
    least_rounds,
    multiplayer_round_robin,
    spread,
    table_sizes,
)
from carcassonne.competitions.round_robin import round_robin
from carcassonne.competitions.stages import knockout_seeds
from carcassonne.competitions.swiss import swiss_round, swiss_rounds

__all__ = [
    "Fixture", "PairingError", "Round", "advancing", "bracket_lines", "bracket_order",
    "champion", "first_knockout_round", "knockout_round", "knockout_rounds", "knockout_seeds",
    "least_rounds", "meetings", "multiplayer_round_robin", "next_knockout_round",
    "round_robin", "snake_groups", "spread", "swiss_round", "swiss_rounds", "table_sizes",
]
