"""What a tile would join, worked out without placing it.

Figure options ask, for each segment of a tile about to be placed, whether
the feature it would belong to holds a follower (``MEEPLE-3``) and, for the
builder and the pig (``TB-BUILD-1``, ``TB-PIG-1``), each player's strength in
it and whether the tile would complete it. The engine works these out from
the features around the square (``Game._touching``); here they are read off
the features after really placing the tile and taking it back, for every
placement of many random positions of every set.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import Setup, play_out, setups

from carcassonne import Game
from carcassonne.engine import joins, scoring
from carcassonne.tiles import CITY, ROAD, TILES
from carcassonne.tiles.geometry import pack

positions = settings(max_examples=60, deadline=None,
                     suppress_health_check=[HealthCheck.too_slow])


def placed(game: Game, pos: int, turned: Any) -> list[tuple[bool, bool, dict[int, int]]]:
    """Per segment of ``turned`` really placed on ``pos`` (then taken back):
    free of followers, complete, each player's strength."""
    features = game.position().features
    journal, nodes = len(features.journal), len(features.root)
    first = features.add_tile(pos, turned, game.position().board.tiles)
    out = []
    for seg in turned.segments:
        r = features.root[first + seg.index]
        out.append((not features.followers[r],
                    seg.kind in (CITY, ROAD) and not features.open[r],
                    scoring.strengths(game.position(), r)))
    features.rollback(journal, nodes)
    return out


@positions
@given(setup=setups(expansions=True), seed=st.integers(0, 2**32 - 1))
def test_what_a_tile_joins_is_what_placing_it_joins(setup: Setup, seed: int) -> None:
    game = setup.game()
    rng = random.Random(seed)
    play_out(game, rng, limit=rng.randint(0, 60))
    if game.is_over or game.position().mode is not None:
        return
    moves = game.legal_moves()
    for placement in rng.sample(moves.placements(), min(30, moves.placement_count)):
        turned = TILES[placement.tile].turned[placement.rotation // 90]
        pos = pack(*placement.at)
        free = joins.free(game.position(), pos, turned)
        joined = joins.joined(game.position(), pos, turned)
        expected = placed(game, pos, turned)
        assert [(f, j.complete, j.strength) for f, j in zip(free, joined, strict=True)] \
            == expected, placement
