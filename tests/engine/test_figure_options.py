"""Figure options against a naive flood fill of the board (``MEEPLE-3``).

``MEEPLE-3`` speaks of the feature a segment belongs to *after the tile is
connected*, which can be more than the segment's own neighbours: another
segment of the same new tile may be what joins it to an occupied feature (a
field reaching round the tile, a road or city entered through a second
side). The engine works this out from its union-find; :mod:`flood` walks the
board square by square instead. For many random positions of every set, every
placement's figure options must be exactly those the flood fill allows, and
``play`` must accept exactly those: the builder and the pig (``TB-BUILD-1``,
``TB-PIG-1``) and the followers on a wonder (``WON-MEEPLE-1``,
``WON-MEEPLE-2``, one option per square a segment crosses), the abbot
and gardens (``ABBOT-2``, ``ABBOT-3``, ``MEEPLE-8``) and the figures
through a magic portal (``PD-PORTAL``, ``PD-DRAGON-BLOCK``, ``PD-VOLCANO``,
checked on other tiles and on the dragon's square; the abbot through one,
``ABBOT-PD``) included; the
wonder placements are checked in the greedy games of
``test_wonders_properties.py``, where wonders are really earned.
"""

from __future__ import annotations

import random

from flood import Position, listed_options, option_of
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from strategies import DRAGON, DRAGON_OTHER_WAY, Setup, choose, setups

from carcassonne import Figure, Game, Move
from carcassonne.tiles import MONASTERY, TILES
from carcassonne.tiles.loader import GARDEN
from carcassonne.tiles.pieces import PIECES

#: Placements checked per position (all of them when there are fewer).
PLACEMENTS = 40

positions = settings(max_examples=60, deadline=None,
                     suppress_health_check=[HealthCheck.too_slow])


def candidates(game: Game, placement: Move) -> list[Figure]:
    """One figure of every kind in supply on every segment of a tile
    placement, named by the segment's first side."""
    player = game.current_player
    assert player is not None
    kinds = [k for k, n in game.supply(player).items() if n > 0]
    turned = TILES[placement.tile].turned[placement.rotation // 90]
    out = []
    for segment in turned.segments:
        spot = None if segment.kind in (MONASTERY, GARDEN) else segment.spot
        out += [Figure(kind, segment.kind_name, spot) for kind in kinds]
    return out


def portal_candidates(game: Game, placement: Move, rng: random.Random) -> list[Figure]:
    """With The Princess & the Dragon: one figure of every kind in supply on
    some segments of other placed tiles (``PD-PORTAL``), the dragon's
    square always among them (``PD-DRAGON-BLOCK``)."""
    if "princess_dragon" not in game.sets:
        return []
    player = game.current_player
    assert player is not None
    kinds = [k for k, n in game.supply(player).items() if n > 0]
    board = [(tile, at, rotation) for tile, at, rotation in game.board() if tile in TILES]
    dragon = game.view(None)["princess_dragon"]["dragon"]
    chosen = rng.sample(board, min(4, len(board)))
    chosen += [b for b in board if dragon is not None and list(b[1]) == dragon]
    out = []
    for tile, at, rotation in chosen:
        for segment in TILES[tile].turned[rotation // 90].segments:
            spot = None if segment.kind == MONASTERY else segment.spot
            out += [Figure(kind, segment.kind_name, spot, at) for kind in kinds]
    return out


def check_position(game: Game, rng: random.Random) -> int:
    """Compare the figure options of some placements of the current position
    with the flood fill, for listing and for playing; how many were compared."""
    mode = game.position().mode
    if mode is not None and mode[0] == "helper":
        return 0  # WON-PLACE-3: the land tile drawn for a wonder takes no figure
    moves = game.legal_moves()
    listed = list(moves)
    placements = sorted({Move(m.tile, m.at, m.rotation) for m in listed})
    position = Position(game)
    compared = 0
    for placement in rng.sample(placements, min(PLACEMENTS, len(placements))):
        allowed = position.figure_options(placement)
        singles, pairs = listed_options(listed, placement, position.board)
        assert singles == allowed, (str(placement), sorted(singles ^ allowed))
        if placement.tile in PIECES:
            assert pairs == position.pair_options(placement, allowed), str(placement)
            continue
        for fig in candidates(game, placement) + portal_candidates(game, placement, rng):
            move = placement._replace(figures=(fig,))
            wanted = option_of(placement, fig, position.board) in allowed
            assert game.is_legal(move) == wanted, (str(move), wanted)
        compared += 1
    return compared


@positions
@given(setup=setups(expansions=True), seed=st.integers(0, 2**32 - 1))
@example(setup=Setup(players=2, sets=DRAGON, seed=5), seed=5)
@example(setup=Setup(players=3, sets=DRAGON, options=DRAGON_OTHER_WAY, seed=8), seed=8)
def test_figure_options_are_those_of_the_flooded_feature(setup: Setup, seed: int) -> None:
    game = setup.game()
    rng = random.Random(seed)
    while not game.is_over:
        if game.tiles_to_place and rng.random() < 0.4:  # not a wonder decision
            check_position(game, rng)
        game.play(choose(game, rng))
