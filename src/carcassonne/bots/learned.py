"""The learned evaluation: a linear model of the final margin, fitted to self-play.

The hand-made evaluations (:mod:`carcassonne.bots.evaluation`) add up what a
position is worth by rules of thumb: projected points, a chance of
completion per feature, a fixed bonus per follower kept. This one keeps
their ingredients but lets games decide how much each is worth.
``benchmarks/train_evaluation.py`` plays games of greedy-style bots against
each other, notes the :func:`features` of every position for each seat, and
fits weights by least squares so that

    worth(seat) - worth(rival) ≈ final score(seat) - final score(rival)

The weights are data, ``carcassonne/bots/data/evaluation.json``, with the
feature names, how they were trained and how well the fit predicts games it
did not see. A worth is the weighted sum of the seat's features, in
hundredths of a point like the other evaluations, so the search's scale
(``rewards``) keeps its meaning: a margin of five points.

Every feature comes from what all players may know: the scores, the
supplies, the stack's size, whose turn it is, and the claimed features of
:meth:`Game.claimed_features`. The order of the stack is never read, so two
games that differ only in it get the same worths. The model is evaluated in
plain Python (no numpy): the bots run wherever the engine runs.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from carcassonne.bots.evaluation import PROJECTED, Evaluation, completion_chance, followers
from carcassonne.engine import Game

#: Tiles in a base game's stack at the start (72 tiles, the start tile placed).
FULL_STACK = 71
#: The kinds of feature that can be completed, in the order of :data:`FEATURES`.
KINDS = ("city", "road", "monastery")
#: Per completable kind: the end value of the features the seat leads (points
#: if the game ended now), the points completion would add times its chance,
#: how many such features, their open sides, the seat's followers in features
#: of that kind (led or not), and how many of them are likely to come back.
PER_KIND = ("end", "gain", "count", "open", "followers", "back")
#: Every feature of one seat, in the order of the model's weights.
FEATURES: tuple[str, ...] = (
    "score",            # points scored so far
    "to_move",          # 1 if it is this seat's decision
    *(f"{kind}_{what}" for kind in KINDS for what in PER_KIND),
    "field_end",        # 3 per completed city bordering a field the seat leads
    "field_potential",  # per open bordering city, its chance of completion
    "field_followers",  # followers in fields: they never come back
    "supply",           # followers in supply
    "supply_left",      # ... times the share of the stack left
    "supply_left2",     # ... times its square
    "end_left",         # end value of led unfinished features times the share left
    "gain_left",        # their completion gain times the share left
)
_INDEX = {name: i for i, name in enumerate(FEATURES)}


def features(game: Game) -> list[list[float]]:
    """Each seat's features (:data:`FEATURES`), from public information only.

    A feature a seat *leads* is one where its strength is the highest (shared
    highest included): the seat scores it. Chances of completion are those
    of the expected evaluation (:func:`completion_chance`)."""
    players = len(game.players)
    left = game.stack_size
    share = left / FULL_STACK
    rows = [[0.0] * len(FEATURES) for _ in range(players)]
    mover = game.current_player
    for seat, row in enumerate(rows):
        row[0] = float(game.scores[seat])
        row[1] = 1.0 if mover == seat else 0.0
        supply = float(followers(game.supply(seat)))
        row[_INDEX["supply"]] = supply
        row[_INDEX["supply_left"]] = supply * share
        row[_INDEX["supply_left2"]] = supply * share * share
    field_end, field_potential, field_followers = (
        _INDEX["field_end"], _INDEX["field_potential"], _INDEX["field_followers"])
    for feature in game.claimed_features():
        strength: dict[int, int] = feature["strength"]
        top = max(strength.values())
        kind = feature["kind"]
        if kind == "field":
            done = sum(1 for sides in feature["cities"] if not sides)
            potential = sum(completion_chance("city", sides, left)
                            for sides in feature["cities"] if sides)
            for seat, count in strength.items():
                rows[seat][field_followers] += count
                if count == top:
                    rows[seat][field_end] += 3 * done
                    rows[seat][field_potential] += potential
            continue
        if kind not in KINDS:
            kind = "monastery"
        base = 2 + KINDS.index(kind) * len(PER_KIND)
        sides = feature["open"]
        chance = completion_chance(kind, sides, left)
        end = feature["end"]
        gain = chance * (feature["complete"] - end)
        for seat, count in strength.items():
            row = rows[seat]
            row[base + 4] += count
            row[base + 5] += chance * count
            if count == top:
                row[base] += end
                row[base + 1] += gain
                row[base + 2] += 1
                row[base + 3] += sides
    end_left, gain_left = _INDEX["end_left"], _INDEX["gain_left"]
    for row in rows:
        row[end_left] = share * sum(row[2 + k * len(PER_KIND)] for k in range(len(KINDS)))
        row[gain_left] = share * sum(row[3 + k * len(PER_KIND)] for k in range(len(KINDS)))
    return rows


@dataclass(frozen=True)
class Model:
    """A linear model: one weight per feature, in points per unit."""

    names: tuple[str, ...]
    weights: tuple[float, ...]

    def __post_init__(self) -> None:
        if self.names != FEATURES:
            raise ValueError("the model's features are not this version's: "
                             "rerun benchmarks/train_evaluation.py")
        if len(self.weights) != len(self.names):
            raise ValueError(f"{len(self.weights)} weights for {len(self.names)} features")

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Model:
        """The model in a file written by ``benchmarks/train_evaluation.py``."""
        return cls(tuple(data["features"]), tuple(float(w) for w in data["weights"]))

    def value(self, row: list[float]) -> float:
        """The model's points for one seat's features."""
        return sum(w * x for w, x in zip(self.weights, row, strict=True))


def load(path: str | Path | None = None) -> Model:
    """The model in ``path``, or the one shipped with the package."""
    if path is None:
        text = resources.files("carcassonne.bots").joinpath("data/evaluation.json").read_text(
            encoding="utf-8")
    else:
        text = Path(path).read_text(encoding="utf-8")
    return Model.from_json(json.loads(text))


@cache
def packaged() -> Model:
    """The shipped model, read once."""
    return load()


@dataclass(frozen=True)
class LearnedEvaluation(Evaluation):
    """Worths from a :class:`Model` (by default the shipped one).

    Offers what the search and the greedy bot ask of an evaluation:
    :meth:`worths`, and :meth:`figure_bonus` (zero: followers in supply are
    among the model's features, so no bonus is added on top)."""

    model: Model | None = None

    def figure_bonus(self, stack_size: int, players: int = 2) -> int:
        """No separate bonus per follower: the model values them itself."""
        return 0

    def worths(self, game: Game, figure: int | None = None,
               claimed: list[dict[str, Any]] | None = None) -> list[int]:
        """Each player's worth in hundredths of a point; a finished game is
        worth its final scores. ``figure`` is ignored (see :meth:`figure_bonus`),
        and so is ``claimed``."""
        if game.is_over:
            return [PROJECTED * points for points in game.scores]
        model = self.model or packaged()
        return [round(PROJECTED * model.value(row)) for row in features(game)]


#: The learned evaluation with the shipped weights (``evaluation=learned``).
LEARNED = LearnedEvaluation()
