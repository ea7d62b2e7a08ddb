"""``python_carcassonne`` with The River, The Abbot, The Princess & the
Dragon and ``draw_ahead``: OpenSpiel's random-simulation checks, the chance
nodes drawing the river first (``RIVER-SETUP-2``) and holding dragon tiles
back while the dragon is off the board (``PD-SETUP-2``), and the drawn
stack replayed on the engine. A set the engine still refuses is skipped."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pyspiel = pytest.importorskip(
    "pyspiel", reason="OpenSpiel is not installed (pip install 'carcassonne[openspiel]')")

import carcassonne.openspiel  # noqa: E402, F401  (registers the game)
from carcassonne import Game, Move  # noqa: E402
from carcassonne.engine.setup import LATER_SETS, full_stack  # noqa: E402
from carcassonne.openspiel import TILE_OUTCOMES  # noqa: E402
from carcassonne.openspiel.params import parse_sets  # noqa: E402
from carcassonne.openspiel.position import DRAGON_TILES  # noqa: E402
from carcassonne.tiles import TILE_LIST, TILES  # noqa: E402

CHANCE = int(pyspiel.PlayerId.CHANCE)


def load(**params: Any) -> Any:
    names = {"river": "river", "abbot": "abbot", "dragon": "princess_dragon"}
    wanted = {names[n] for n in str(params.get("sets", "")).split("+") if n in names}
    if wanted & set(LATER_SETS):
        pytest.skip(f"the engine does not play {sorted(wanted & set(LATER_SETS))} yet")
    return pyspiel.load_game("python_carcassonne", params)


def play_out(state: Any, seed: int, check: Any = None) -> Any:
    rng = np.random.default_rng(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            if check is not None:
                check(state, dict(zip(outcomes, probs, strict=True)))
            state.apply_action(int(rng.choice(outcomes, p=np.asarray(probs) / sum(probs))))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


@pytest.mark.parametrize(("name", "set_name"), [
    ("river", "river"), ("abbot", "abbot"), ("dragon", "princess_dragon"),
    ("princess", "princess_dragon"), ("pd", "princess_dragon"),
    ("princess_dragon", "princess_dragon")])
def test_the_new_sets_have_short_names(name: str, set_name: str) -> None:
    if set_name in LATER_SETS:
        pytest.skip(f"the engine does not play {set_name} yet")
    assert parse_sets(name) == ("base", set_name)


@pytest.mark.parametrize(("params", "sims"), [
    ({"sets": "river"}, 2),
    ({"sets": "river", "players": 3, "draw_ahead": True}, 1),
    ({"sets": "abbot", "players": 3}, 2),
    ({"sets": "dragon"}, 2),
    ({"sets": "dragon", "players": 3, "fairy_placement": "on_tile", "princess_action": "must",
      "dragon_moves": "after_scoring"}, 1),
    ({"sets": "river+abbot+dragon", "players": 4, "hand": 3}, 1),
    ({"draw_ahead": True, "players": 3}, 2),
])
def test_random_simulations_pass_openspiel_checks(params: dict[str, Any], sims: int) -> None:
    pyspiel.random_sim_test(load(**params), num_sims=sims, serialize=False, verbose=False)


@pytest.mark.parametrize(("params", "seed"), [
    ({"sets": "river", "players": 2}, 1),
    ({"sets": "dragon", "players": 3}, 2),
    ({"sets": "river+abbot+dragon", "players": 2, "draw_ahead": True}, 3),
])
def test_the_drawn_stack_replays_on_the_engine(params: dict[str, Any], seed: int) -> None:
    game = load(**params)
    config = game.config
    river = [t for t in full_stack(config.sets) if t.startswith("RI")]
    seen: list[int] = []

    def check(state: Any, outcomes: dict[int, float]) -> None:
        assert sum(outcomes.values()) == pytest.approx(1.0)
        drawn = len(state.drawn_tiles())
        seen.append(drawn)
        if drawn < len(river):  # RIVER-SETUP-2: the river course, then the lake, first
            assert all(TILE_LIST[t].id.startswith("RI") for t in outcomes)
        engine, pending = state.engine_game, state.pending_move
        volcano = isinstance(pending, Move) and TILES[pending.tile].data.get("volcano")
        off = not volcano and (
            engine is None or engine.state.get("princess_dragon", {}).get("dragon") is None)
        if "princess_dragon" in config.sets and off and set(outcomes) - DRAGON_TILES:
            assert not set(outcomes) & DRAGON_TILES  # PD-SETUP-2

    state = play_out(game.new_initial_state(), seed, check)
    stack = [TILE_LIST[a.action].id for a in state.full_history()
             if a.player == CHANCE and a.action < TILE_OUTCOMES]
    assert stack == state.drawn_tiles()
    assert Counter(stack) == Counter(full_stack(config.sets))
    replay = Game.new(players=config.players, sets=config.sets, options=config.options,
                      stack=stack)
    played = state.engine_game
    for move in played.moves:
        replay.play(move)
    assert replay.is_over and replay.scores == played.scores
    assert Game.from_record(played.to_record()).scores == played.scores
