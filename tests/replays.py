"""Random games of every set, played and replayed, as JSON lines.

``python tests/replays.py play N`` plays N random games for each setup of
:data:`SETUPS` (uniform over placements, then over that placement's
options, seeded per game) and prints one line per game: its record, its
scores and its score events. ``python tests/replays.py replay`` reads such
lines, replays each record and prints the same fields from the replay.
``test_compiled.py`` plays in one build and replays in the other.
"""

from __future__ import annotations

import json
import random
import sys
from typing import Any

from carcassonne import Game

ALL = ["base", "inns_cathedrals", "traders_builders", "watchtowers", "wonders"]

#: (players, sets, options): each set alone, all at once, and the variants.
SETUPS: list[tuple[int, list[str], dict[str, Any]]] = [
    (2, ["base"], {}),
    (3, ["base"], {"farm_scoring": "first_edition", "tiny_city": 2}),
    (2, ["base"], {"hand": 3}),
    (4, ["base"], {"farmers": False}),
    (3, ["base", "inns_cathedrals"], {}),
    (2, ["base", "inns_cathedrals"], {"incomplete_inn_cathedral": "normal"}),
    (3, ["base", "traders_builders"], {}),
    (2, ["base", "traders_builders"], {"goods_need_follower": True, "pig": False}),
    (3, ["base", "watchtowers"], {}),
    (2, ["base", "wonders"], {}),
    (4, ["base", "wonders"], {"stonehenge_on_placing_turn": True}),
    (4, ALL, {}),
    (3, ALL, {"hand": 3, "hands_public": True}),
    (5, ["base", "inns_cathedrals", "traders_builders"], {"hand": 3}),
    (2, ALL, {"large_meeple": False, "builder": False, "goods": False}),
]


def outcome(game: Game) -> dict[str, Any]:
    """What must agree between builds: the scores and every score event."""
    return {"scores": list(game.scores),
            "events": [repr(event) for event in game.events]}


def play(games: int) -> None:
    for number, (players, sets, options) in enumerate(SETUPS):
        for k in range(games):
            seed = 1000 * number + k
            game = Game.new(players=players, sets=sets, options=options, seed=seed)
            rng = random.Random(seed)
            while not game.is_over:
                game.play(game.legal_moves().random(rng))
            print(json.dumps({"record": game.to_record(), **outcome(game)}))


def replay() -> None:
    for line in sys.stdin:
        record = json.loads(line)["record"]
        game = Game.from_record(record)
        print(json.dumps({"record": record, **outcome(game)}))


if __name__ == "__main__":
    if sys.argv[1] == "play":
        play(int(sys.argv[2]))
    else:
        replay()
