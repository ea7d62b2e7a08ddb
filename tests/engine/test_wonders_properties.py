"""Properties of games with The Wonders of Humanity (docs/rules.md §11).

Random play seldom scores 10 points during a game, so these games are played
by greedy bots (seeded by the example), which earn, take and place wonders
in most games. At every wonder decision and wonder placement the listed
moves are checked against ``play``: each listed move is legal and can be
undone exactly, random candidates are either refused cleanly, naming a
rule, or lead to the same position as a listed move, and a wonder's figure
options are those a flood fill of the board allows (``test_figure_options``).
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import random_candidate, snapshot
from test_figure_options import check_position
from test_properties import RULE_IDS, check_bookkeeping, equivalent_listed

from carcassonne import Game, IllegalMove, Move
from carcassonne.bots import GreedyBot
from carcassonne.tiles.pieces import PIECES

SETS = (("base", "wonders"), ("base", "inns_cathedrals", "wonders"),
        ("base", "inns_cathedrals", "traders_builders", "watchtowers", "wonders"),
        ("base", "wonders", "abbot"))  # ABBOT-WON, ABBOT-RECALL-2: a recall on a wonder turn

wonder_games = settings(max_examples=12, deadline=None,
                        suppress_health_check=[HealthCheck.too_slow])


def check_special_position(game: Game, rng: random.Random) -> None:
    moves = game.legal_moves()
    listed = list(moves)
    assert listed and len(set(listed)) == len(listed)
    before = snapshot(game)
    if game.tiles_to_place and game.tiles_to_place[0] in PIECES:
        check_position(game, rng)  # one or two followers, as the flood fill allows
    for move in rng.sample(listed, min(len(listed), 40)):
        assert game.is_legal(move) and game.is_legal(str(move))
        game.play(move)
        assert game.undo() == move
    assert snapshot(game) == before
    for _ in range(30):
        candidate = random_candidate(game, rng)
        if not game.is_legal(candidate):
            try:
                game.play(candidate)
            except IllegalMove as err:
                assert err.rule in RULE_IDS, err
            else:  # pragma: no cover - a failure path
                raise AssertionError(f"{candidate} accepted although is_legal said no")
            assert snapshot(game) == before
        elif isinstance(candidate, Move):
            assert equivalent_listed(game, candidate, listed), candidate
        else:
            assert candidate in listed


@wonder_games
@given(sets=st.sampled_from(SETS), players=st.integers(2, 4), seed=st.integers(0, 2**32 - 1))
def test_wonder_decisions_and_placements(sets: tuple[str, ...], players: int,
                                         seed: int) -> None:
    game = Game.new(players=players, sets=sets, seed=seed)
    bots = [GreedyBot(seed=seed + seat) for seat in range(players)]
    rng = random.Random(seed)
    special = 0
    while not game.is_over:
        to_place = game.tiles_to_place
        if not to_place or to_place[0] in PIECES:
            special += 1
            check_special_position(game, rng)
        seat = game.current_player
        assert seat is not None
        game.play(bots[seat].choose(game))
        check_bookkeeping(game)
    record = game.to_record()
    assert record["setup"]["wonders"] == game.view(None)["wonders"]["laid_out"]
    assert Game.from_record(record).scores == game.scores
    # The abilities score first at the end (WON-ORDER).
    finals = [e.reason for e in game.events if e.final]
    wonder_finals = [i for i, reason in enumerate(finals) if reason == "wonder"]
    assert wonder_finals == list(range(len(wonder_finals)))
