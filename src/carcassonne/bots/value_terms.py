"""A learned correction to the fitting estimate: terms whose worth self-play decides.

The fitting estimate (:data:`~carcassonne.bots.evaluation.FITTING`) values
what rules of thumb say: projected points, each open feature's chance of
completion, five points per follower kept back. Some things it leaves out
or values flatly, and these terms name them, per seat, from public
information only:

- ``to_move``: 1 for the seat whose turn it is (a tempo);
- ``last_follower`` and ``two_followers``: whether the seat keeps at least
  one, at least two followers back, times the share of the stack left:
  follower rationing, since a player without a follower can claim nothing;
- ``supply_late``: followers kept back times the square of the share left
  (the flat bonus fades linearly over the last twenty tiles only);
- ``field_safe`` and ``field_close``: the end value (3 points a completed
  city bordered) of the fields the seat leads by two followers or more, and
  of those it leads by one or shares: field majority, a close lead can
  still be overturned;
- ``open_led``: how many unfinished cities, roads and monasteries the seat
  scores, times the share left (followers tied up);

How much each is worth is fitted, not set: ``benchmarks/train_value.py``
plays self-play games, notes every position's terms and the fitting
estimate's margin, and fits the final margin's remainder on the terms by
least squares. The weights are data, ``carcassonne/bots/data/value_terms.json``,
with the training curve beside them. :class:`Corrected` is the fitting
estimate plus the fitted terms (``evaluation=corrected``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from carcassonne.bots.evaluation import PROJECTED, Evaluation, followers
from carcassonne.engine import Game

#: The terms, in the order of the weights.
TERMS = ("to_move", "last_follower", "two_followers", "supply_late", "field_safe",
         "field_close", "open_led")
#: Tiles in a base game's stack at the start: the share left is over this.
FULL_STACK = 71


def terms(game: Game, claimed: list[dict[str, Any]] | None = None) -> list[list[float]]:
    """Each seat's :data:`TERMS` (``claimed``: :meth:`Game.claimed_features`,
    when the caller has it already)."""
    share = min(1.0, game.stack_size / FULL_STACK)
    mover = game.current_player
    rows = []
    for seat in range(len(game.players)):
        kept = followers(game.supply(seat))
        rows.append([1.0 if seat == mover else 0.0, share * (kept >= 1), share * (kept >= 2),
                     kept * share * share, 0.0, 0.0, 0.0])
    for feature in game.claimed_features() if claimed is None else claimed:
        strength: dict[int, int] = feature["strength"]
        ranked = sorted(strength.values(), reverse=True)
        top = ranked[0]
        second = ranked[1] if len(ranked) > 1 else 0
        for seat, count in strength.items():
            if count != top:
                continue
            if feature["kind"] == "field":  # 3 a completed city it borders
                done = 3 * sum(1 for sides in feature["cities"] if not sides)
                rows[seat][4 if top - second >= 2 else 5] += done
            else:
                rows[seat][6] += share
    return rows


@dataclass(frozen=True)
class Corrected(Evaluation):
    """This estimate (by default the fitting one's settings) plus the fitted
    :data:`TERMS`, ``weights`` points per unit (by default the shipped ones)."""

    weights: tuple[float, ...] = ()

    def worths(self, game: Game, figure: int | None = None,
               claimed: list[dict[str, Any]] | None = None) -> list[int]:
        """Each player's worth in hundredths; a finished game, its final scores."""
        if game.is_over:
            return super().worths(game, figure)
        claimed = game.claimed_features() if claimed is None else claimed
        worth = super().worths(game, figure, claimed)
        weights = self.weights or packaged()
        return [w + round(PROJECTED * sum(a * b for a, b in zip(weights, row, strict=True)))
                for w, row in zip(worth, terms(game, claimed), strict=True)]


def load(text: str) -> tuple[float, ...]:
    """The weights of a file written by ``benchmarks/train_value.py``."""
    data: dict[str, Any] = json.loads(text)
    if tuple(data["terms"]) != TERMS:
        raise ValueError("the file's terms are not this version's: rerun "
                         "benchmarks/train_value.py")
    return tuple(float(w) for w in data["weights"])


@cache
def packaged() -> tuple[float, ...]:
    """The shipped weights, read once."""
    return load(resources.files("carcassonne.bots").joinpath("data/value_terms.json").read_text(
        encoding="utf-8"))


#: The fitting estimate with the learned terms (``evaluation=corrected``).
CORRECTED = Corrected(figure=500, fade=20, expected=True, feasible=True, scarce=8,
                      by_players=True)
