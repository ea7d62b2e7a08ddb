"""Reading how a competition's matches are played as series.

Three fields of ``POST /api/competitions``, checked before anything is
stored (a bad value is a 400 naming it):

- ``best_of``: true or false for every stage (a match stops once someone
  cannot be caught), or absent for each stage's default (on for knockouts,
  double eliminations and title matches);
- ``series_start``: ``"alternate"`` (the seats turn each game) or
  ``"loser"`` (whoever placed last in a game moves first in the next);
- ``tie_rules``: ``{STAGE: RULE}``, STAGE one of
  :data:`~carcassonne.competitions.series.STAGES`, RULE one of
  :data:`~carcassonne.competitions.series.TIE_RULES`.

    >>> series_setup({"tie_rules": {"knockout": "second_player"}})
    {'best_of': None, 'series_start': 'alternate', 'tie_rules': {'knockout': 'second_player'}}
"""

from __future__ import annotations

from typing import Any

from carcassonne.competitions.series import SERIES_STARTS, STAGES, TIE_RULES
from carcassonne.engine.errors import shown
from carcassonne.server.bodies import mapping
from carcassonne.server.errors import Refusal


def series_setup(body: dict[str, Any]) -> dict[str, Any]:
    """The checked ``best_of``, ``series_start`` and ``tie_rules`` of ``body``."""
    best_of = body.get("best_of")
    if best_of is not None and not isinstance(best_of, bool):
        raise Refusal(400, f"best_of must be true or false, not {shown(best_of)}")
    start = body.get("series_start", "alternate")
    if start not in SERIES_STARTS:
        raise Refusal(400, f"series_start must be one of {', '.join(SERIES_STARTS)}, "
                           f"not {shown(start)}")
    given = mapping({} if body.get("tie_rules") is None else body["tie_rules"], "tie_rules")
    rules: dict[str, str] = {}
    for stage, rule in given.items():
        if stage not in STAGES:
            raise Refusal(400, f"tie_rules: unknown stage {shown(stage)} "
                               f"({', '.join(STAGES)})")
        if rule not in TIE_RULES:
            raise Refusal(400, f"tie_rules {stage} must be one of {', '.join(TIE_RULES)}, "
                               f"not {shown(rule)}")
        rules[stage] = rule
    return {"best_of": best_of, "series_start": start, "tie_rules": rules}
