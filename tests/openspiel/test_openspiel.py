"""``python_carcassonne``: the OpenSpiel game over the exact engine.

OpenSpiel's own random-simulation checks, exact chance nodes (probabilities
and a replay of the drawn stack on the engine), parameters, observations
from the seat's own view, and the MCTS example.
"""

from __future__ import annotations

import math
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pyspiel = pytest.importorskip(
    "pyspiel", reason="OpenSpiel is not installed (pip install 'carcassonne[openspiel]')")

import carcassonne.openspiel  # noqa: E402, F401  (registers the game)
from carcassonne import Game  # noqa: E402
from carcassonne.encoding.layout import ENCODED_SETS  # noqa: E402
from carcassonne.engine.setup import full_stack, head_parts  # noqa: E402
from carcassonne.env import ActionLayout, Observer  # noqa: E402
from carcassonne.env.table import Rewards, Table  # noqa: E402
from carcassonne.openspiel import TILE_OUTCOMES, WONDER_BASE  # noqa: E402
from carcassonne.tiles import TILE_LIST  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
CHANCE = int(pyspiel.PlayerId.CHANCE)
TILE_LIST_BY_ID = {t.id: t for t in TILE_LIST}


def load(**params: Any) -> Any:
    return pyspiel.load_game("python_carcassonne", params)


def step_randomly(state: Any, rng: Any) -> None:
    """One random step: a chance outcome by its probability, or a legal action."""
    if state.is_chance_node():
        outcomes, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(int(rng.choice(outcomes, p=np.asarray(probs) / sum(probs))))
    else:
        state.apply_action(int(rng.choice(state.legal_actions())))


def play_out(state: Any, seed: int) -> Any:
    rng = np.random.default_rng(seed)
    while not state.is_terminal():
        step_randomly(state, rng)
    return state


def chance_actions(state: Any) -> list[int]:
    return [pa.action for pa in state.full_history() if pa.player == CHANCE]


# -- registration and parameters ------------------------------------------------------------


def test_the_game_is_registered_and_loads_from_a_string() -> None:
    assert "python_carcassonne" in pyspiel.registered_names()
    game = pyspiel.load_game("python_carcassonne(players=3,sets=base+inns,farmers=false)")
    assert game.num_players() == 3
    assert game.config.sets == ("base", "inns_cathedrals")
    assert game.config.options == {"farmers": False}
    assert game.num_distinct_actions() == ActionLayout(44).size
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    small = pyspiel.load_game("python_carcassonne(window=20,hand=3,returns=score)")
    assert small.num_distinct_actions() == ActionLayout(20).size
    assert small.config.options == {"hand": 3}
    assert small.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert game.get_type().information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert small.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION


def test_every_set_and_option_is_a_parameter() -> None:
    game = load(sets="all", players=4, hand=3, tiny_city=2, farm_scoring="first_edition",
                pig=False, stonehenge_on_placing_turn=True)
    assert game.config.sets == ENCODED_SETS
    assert game.config.options == {"hand": 3, "tiny_city": 2, "farm_scoring": "first_edition",
                                   "pig": False, "stonehenge_on_placing_turn": True}
    assert game.get_parameters()["players"] == 4


@pytest.mark.parametrize(("params", "words"), [
    ({"sets": "base+bogus"}, "unknown set 'bogus'"),
    ({"players": 7}, "for 2 to 5 players, not 7"),
    ({"sets": "wonders", "players": 5}, "for 2 to 4 players"),
    ({"inns": False}, "belongs to the set 'inns_cathedrals'"),
    ({"hand": 2}, "'hand' must be one of 1, 3"),
    ({"returns": "margin"}, "one of result, score"),
    ({"window": 2}, "at least 3 squares"),
    ({"sets": "wonders", "wonders": "stonehenge"}, "one wonder per player"),
    ({"sets": "wonders", "wonders": "colossus+stonehenge"}, "unknown wonder 'WO/colossus'"),
    ({"wonders": "stonehenge"}, "the set 'wonders' is not in this game"),
])
def test_bad_parameters_are_refused_with_their_reason(params: dict[str, Any],
                                                      words: str) -> None:
    with pytest.raises(ValueError, match=words.replace("(", r"\(")):
        load(**params)


def test_an_unknown_parameter_is_refused() -> None:
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'bogus'"):
        pyspiel.load_game("python_carcassonne(bogus=1)")


# -- OpenSpiel's checks -----------------------------------------------------------------------


@pytest.mark.parametrize(("params", "sims"), [
    ({}, 5),
    ({"players": 3, "returns": "score"}, 2),
    ({"sets": "all", "players": 2}, 2),
    ({"sets": "all", "players": 3}, 2),
    ({"sets": "all", "players": 4}, 2),
    ({"sets": "all", "players": 2, "hand": 3}, 2),
    ({"sets": "base+inns+traders+towers", "players": 6}, 1),
])
def test_random_simulations_pass_openspiel_checks(params: dict[str, Any], sims: int) -> None:
    pyspiel.random_sim_test(load(**params), num_sims=sims, serialize=False, verbose=False)


@pytest.mark.parametrize("params", [{}, {"sets": "all", "players": 3, "hand": 3}])
def test_random_simulations_pass_with_serialization(params: dict[str, Any]) -> None:
    pyspiel.random_sim_test(load(**params), num_sims=1, serialize=True, verbose=False)


def test_states_pickle_and_deserialize_to_the_same_state() -> None:
    import pickle

    state = decision_state(9, 60, sets="all", players=3, hand=3)
    state.legal_actions()  # builds the action tree, which is not pickled
    back = pickle.loads(pickle.dumps(state))
    assert back.history() == state.history()
    assert back.legal_actions() == state.legal_actions()
    assert back.engine_game.scores == state.engine_game.scores
    assert np.array_equal(back.observation_tensor(1), state.observation_tensor(1))
    game = state.get_game()
    again = game.deserialize_state(state.serialize())
    assert again.history() == state.history() and str(again) == str(state)


# -- chance nodes -----------------------------------------------------------------------------


#: The sets whose draws are the tiles left by count (the River's head parts
#: first, as below; the Princess & the Dragon holds dragon tiles back, which
#: ``test_openspiel_new_sets.py`` checks).
ONE_STACK = "base+inns+traders+towers+wonders"


@pytest.mark.parametrize("params", [
    {}, {"sets": ONE_STACK, "players": 3}, {"sets": ONE_STACK, "hand": 3},
    {"sets": ONE_STACK + "+river", "players": 3}])
def test_chance_outcomes_are_the_tiles_left_by_count(params: dict[str, Any]) -> None:
    game = load(**params)
    full = Counter(full_stack(game.config.sets))
    # RIVER-SETUP-2: with the River, its course tiles come first, then its lake
    heads = [Counter(part) for part in head_parts(game.config.sets)]
    state = game.new_initial_state()
    rng = np.random.default_rng(3)
    seen = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert math.isclose(sum(p for _, p in outcomes), 1.0)
            if outcomes[0][0] < WONDER_BASE:
                drawn = Counter(TILE_LIST[a].id for a in chance_actions(state)
                                if a < TILE_OUTCOMES)
                left = full - drawn
                left = next((rest for part in heads if (rest := part - drawn)), left)
                total = sum(left.values())
                expected = {TILE_LIST_BY_ID[t].index: c / total
                            for t, c in left.items()}
                assert dict(outcomes) == pytest.approx(expected)
                assert [a for a, _ in outcomes] == sorted(expected)
                seen += 1
        step_randomly(state, rng)
    assert seen == game.config.stack_size  # every tile drawn once (discards included)


def test_the_first_draw_of_the_base_game() -> None:
    outcomes = dict(load().new_initial_state().chance_outcomes())
    counts = Counter(full_stack(("base",)))
    assert len(outcomes) == len(counts)
    assert outcomes[TILE_LIST_BY_ID["BA/Rr"].index] == pytest.approx(counts["BA/Rr"] / 71)


def test_the_wonders_laid_out_are_a_chance_node_unless_fixed() -> None:
    state = load(sets="wonders", players=3).new_initial_state()
    outcomes = state.chance_outcomes()
    assert len(outcomes) == math.comb(4, 3)
    assert all(a >= WONDER_BASE and p == pytest.approx(0.25) for a, p in outcomes)
    state.apply_action(outcomes[1][0])
    assert len(state.wonders) == 3 and state.chance_outcomes()[0][0] < WONDER_BASE
    fixed = load(sets="wonders", players=2, wonders="alhambra+stonehenge").new_initial_state()
    assert fixed.wonders == ("WO/stonehenge", "WO/alhambra")  # the engine's order
    assert fixed.chance_outcomes()[0][0] < WONDER_BASE
    four = load(sets="wonders", players=4).new_initial_state()
    assert len(four.wonders) == 4 and four.chance_outcomes()[0][0] < WONDER_BASE


@pytest.mark.parametrize(("params", "seed"), [
    ({}, 1), ({"players": 4}, 2), ({"sets": "all", "players": 3}, 3),
    ({"sets": "all", "players": 2, "hand": 3}, 4),
    ({"sets": "base+traders", "players": 2, "hand": 3, "hands_public": True}, 5),
])
def test_the_drawn_stack_replays_on_the_engine_to_the_same_scores(params: dict[str, Any],
                                                                  seed: int) -> None:
    game = load(**params)
    state = play_out(game.new_initial_state(), seed)
    chance = chance_actions(state)
    stack = [TILE_LIST[a].id for a in chance if a < TILE_OUTCOMES]
    assert stack == state.drawn_tiles()
    assert Counter(stack) == Counter(full_stack(game.config.sets))
    config = game.config
    replay = Game.new(players=config.players, sets=config.sets, options=config.options,
                      stack=stack, wonders=list(state.wonders) if state.wonders else None)
    played = state.engine_game
    for move in played.moves:
        replay.play(move)
    assert replay.is_over
    assert replay.scores == played.scores
    assert replay.discards == played.discards
    assert [e.to_dict() for e in replay.events] == [e.to_dict() for e in played.events]
    winners = replay.winners
    expected = [(1.0 if len(winners) == 1 else 0.0) if p in winners else -1.0
                for p in range(config.players)]
    assert state.returns() == (expected if config.returns == "result" else list(replay.scores))
    record = played.to_record()
    assert record["stack"] == stack
    assert Game.from_record(record).scores == played.scores


def test_score_returns_are_the_final_scores() -> None:
    state = play_out(load(returns="score", players=3).new_initial_state(), 8)
    assert state.returns() == [float(s) for s in state.engine_game.scores]
    assert max(state.returns()) > 0


@pytest.mark.parametrize(("params", "first_seed"), [({}, 130), ({"hand": 3}, 40)])
def test_unplaceable_tiles_are_drawn_again_by_chance(params: dict[str, Any],
                                                    first_seed: int) -> None:
    # PLACE-4 (a drawn tile fits nowhere) and VAR-HAND-3 (a hand tile fits
    # nowhere): the tile is removed and the next one is another chance node.
    # Random games with a discard are rare; the first seed tried had one.
    for seed in range(first_seed, first_seed + 200):
        state = play_out(load(**params).new_initial_state(), seed)
        if state.engine_game.discards:
            break
    else:
        pytest.skip("no discard in 200 random games")
    assert len(chance_actions(state)) == len(full_stack(("base",)))  # each tile once
    replay = Game.new(options=load(**params).config.options, stack=state.drawn_tiles())
    for move in state.engine_game.moves:
        replay.play(move)
    assert replay.discards == state.engine_game.discards
    assert replay.scores == state.engine_game.scores


# -- decisions ----------------------------------------------------------------------------------


def test_legal_actions_are_the_environment_mask_and_illegal_ones_raise() -> None:
    state = load().new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    game = state.engine_game
    table = Table(2, ("base",), None, ActionLayout(44), Rewards())
    table.follow(game.copy())
    assert table.decision is not None
    assert state.legal_actions() == table.decision.allowed(())
    paths = dict(table.decision.paths())
    assert sorted(map(str, paths.values())) == sorted(map(str, game.legal_moves()))
    illegal = next(a for a in range(100) if a not in state.legal_actions())
    with pytest.raises(ValueError, match="is not allowed now"):
        state.apply_action(illegal)
    with pytest.raises(ValueError, match="not a tile left in the stack"):
        load().new_initial_state().apply_action(TILE_OUTCOMES - 1)  # a wonders-set tile
    assert state.legal_actions() == table.decision.allowed(())  # unchanged
    move = game.legal_moves()[0]
    actions = state.move_actions(move)
    for action in actions:
        assert state.action_to_string(action)
        state.apply_action(action)
    assert state.is_chance_node() or state.engine_game.moves[-1] == move


def test_clone_is_independent() -> None:
    state = load(sets="all").new_initial_state()
    rng = np.random.default_rng(5)
    for _ in range(30):
        step_randomly(state, rng)
    copy = state.clone()
    history = state.history()
    legal = state.legal_actions() if not state.is_chance_node() else None
    for _ in range(20):
        step_randomly(copy, rng)
    assert state.history() == history
    assert (state.legal_actions() if legal is not None else None) == legal
    assert len(copy.history()) == len(history) + 20
    assert str(copy) != str(state)


# -- observations ---------------------------------------------------------------------------------


def decision_state(seed: int, steps: int, **params: Any) -> Any:
    """A state after ``steps`` random steps, stepped on to a decision node."""
    state = load(**params).new_initial_state()
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        step_randomly(state, rng)
    while state.is_chance_node():
        step_randomly(state, rng)
    return state


def test_observation_tensors_have_the_announced_shape() -> None:
    game = load(window=24)
    shape = game.observation_tensor_shape()
    state = decision_state(1, 20, window=24)
    for player in range(2):
        assert len(state.observation_tensor(player)) == math.prod(shape)
        assert len(state.information_state_tensor(player)) == math.prod(
            game.information_state_tensor_shape())
    assert math.prod(shape) == Observer(ActionLayout(24), flat=True).space[
        "observation"].shape[0]
    assert not any(game.new_initial_state().observation_tensor(0))


@pytest.mark.parametrize("params", [{}, {"sets": "all", "players": 3}])
def test_observations_are_the_environment_observation_of_the_seat(
        params: dict[str, Any]) -> None:
    state = decision_state(2, 40, **params)
    game = state.engine_game
    table = Table(game.players, game.sets, None, ActionLayout(44), Rewards())
    table.follow(game.copy())
    # the random steps may stop inside a move of several actions (a follower
    # through a magic portal: its square, then its figure): the same choice so far
    table.prefix = state.prefix
    observer = Observer(ActionLayout(44), flat=True)
    for seat in range(len(game.players)):
        expected = observer.observe(table, seat)["observation"]
        assert np.array_equal(np.asarray(state.observation_tensor(seat)), expected)
        assert np.array_equal(np.asarray(state.information_state_tensor(seat)), expected)
    acting = state.current_player()
    assert state.observation_string(acting) == state.information_state_string(acting)
    assert "moves " in state.observation_string(acting)


def test_the_future_stack_order_is_not_observed() -> None:
    # The same position with the undecided rest of the stack in another
    # order, in the state and in its engine game: nothing a seat observes,
    # may do or may be dealt next changes.
    state = decision_state(3, 25)
    other = state.clone()
    position = other._position
    rest = position.order[position.fixed:]
    np.random.default_rng(0).shuffle(rest)
    assert rest != position.order[position.fixed:]
    position.order = [*position.order[:position.fixed], *rest]
    shuffled = position.game.copy()
    shuffled.fix_draws(rest)
    assert shuffled.to_record()["stack"] == [TILE_LIST[t].id for t in position.order]
    assert shuffled.to_record()["stack"] != state.engine_game.to_record()["stack"]
    position.game, position.views, position.number = shuffled, {}, -1
    position._decision = None
    for player in range(2):
        assert np.array_equal(state.observation_tensor(player), other.observation_tensor(player))
        assert state.observation_string(player) == other.observation_string(player)
    assert state.legal_actions() == other.legal_actions()
    state.apply_action(state.legal_actions()[0])
    other.apply_action(other.legal_actions()[0])
    while not state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
        other.apply_action(other.legal_actions()[0])
    assert state.chance_outcomes() == other.chance_outcomes()


def test_other_hidden_hands_are_not_observed() -> None:
    state = decision_state(4, 12, hand=3)
    me = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for _ in range(20):
        other = state.resample_from_infostate(me, sampler)
        others_hand = [other.engine_game.hand(p) for p in range(2) if p != me]
        if others_hand != [state.engine_game.hand(p) for p in range(2) if p != me]:
            break
    else:
        pytest.fail("resampling never dealt another hand")
    assert other.engine_game.hand(me) == state.engine_game.hand(me)
    assert np.array_equal(state.observation_tensor(me), other.observation_tensor(me))
    assert state.information_state_string(me) == other.information_state_string(me)
    assert state.legal_actions() == other.legal_actions()
    them = 1 - me
    assert not np.array_equal(state.observation_tensor(them), other.observation_tensor(them))


# -- the package, the example ----------------------------------------------------------------------


def test_only_the_openspiel_package_imports_pyspiel() -> None:
    code = ("import sys, carcassonne, carcassonne.engine, carcassonne.env, carcassonne.bots; "
            "assert 'pyspiel' not in sys.modules, 'pyspiel imported'")
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)


def test_a_mcts_bot_of_openspiel_plays_a_move() -> None:
    from open_spiel.python.algorithms import mcts

    state = decision_state(6, 10)
    rng = np.random.RandomState(1)
    bot = mcts.MCTSBot(load(), uct_c=2.0, max_simulations=3,
                       evaluator=mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    assert bot.step(state) in state.legal_actions()


def test_an_is_mcts_bot_of_openspiel_plays_with_hidden_hands() -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    state = decision_state(7, 10, hand=3)
    rng = np.random.RandomState(2)
    bot = ismcts.ISMCTSBot(load(hand=3), mcts.RandomRolloutEvaluator(1, rng), uct_c=2.0,
                           max_simulations=3, random_state=rng)
    assert bot.step(state) in state.legal_actions()


@pytest.mark.parametrize("evaluator", ["random", "project"])
def test_the_mcts_example_runs(evaluator: str) -> None:
    done = subprocess.run(
        [sys.executable, "examples/openspiel_mcts.py", "--games", "2", "--simulations", "2",
         "--evaluator", evaluator], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("game 1: MCTS (seat 0) ")
    assert lines[1].startswith("game 2: MCTS (seat 1) ")
    assert lines[-1].startswith(f"MCTS (2 simulations, {evaluator} evaluator) won ")
    assert " of 2 games against greedy" in lines[-1]
