"""The learned evaluation: its shipped weights, its features, that it reads
only public information, the script that trains it, and bots that use it."""

from __future__ import annotations

import importlib.util
import json
import random
from pathlib import Path
from types import ModuleType

import pytest

from carcassonne import Game
from carcassonne.bots import GreedyBot, make_bot, search_spec
from carcassonne.bots.evaluation import EXPECTED, PROJECTED, move_values
from carcassonne.bots.evaluation_names import EVALUATIONS
from carcassonne.bots.learned import (
    FEATURES,
    LEARNED,
    LearnedEvaluation,
    Model,
    features,
    load,
    packaged,
)

ROOT = Path(__file__).resolve().parents[2]


def _played(seed: int, moves: int) -> Game:
    game = Game.new(players=2, seed=seed)
    bots = [GreedyBot(seed=seed), GreedyBot(seed=seed + 1, evaluation=EXPECTED)]
    while not game.is_over and len(game.moves) < moves:
        game.play(bots[game.current_player].choose(game))
    return game


def test_the_shipped_model_matches_the_features() -> None:
    data = json.loads((ROOT / "src/carcassonne/bots/data/evaluation.json").read_text())
    assert data["features"] == list(FEATURES)
    assert len(data["weights"]) == len(FEATURES)
    model = packaged()
    assert model.names == FEATURES and len(model.weights) == len(FEATURES)
    assert data["training"]["training_positions"] > data["training"]["held_out_positions"] > 0
    # The fit predicts games it did not see better than the hand-made estimate.
    held = data["held_out"]["all"]
    assert held["learned"]["rmse"] < held["expected"]["rmse"]
    assert held["learned"]["winner_accuracy"] > 0.5


def test_a_model_for_other_features_is_refused() -> None:
    with pytest.raises(ValueError, match="features"):
        Model(FEATURES[:-1], (0.0,) * (len(FEATURES) - 1))
    with pytest.raises(ValueError, match="weights"):
        Model(FEATURES, (1.0,))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_features_add_up_to_the_projected_scores(seed: int) -> None:
    # Points scored plus the end values of the led features are what the
    # engine projects: the features see every claimed feature, once.
    index = {name: i for i, name in enumerate(FEATURES)}
    for moves in (10, 30, 50):
        game = _played(seed, moves)
        rows = features(game)
        assert len(rows) == 2 and all(len(row) == len(FEATURES) for row in rows)
        for seat, row in enumerate(rows):
            ends = sum(row[index[f"{kind}_end"]] for kind in ("city", "road", "monastery"))
            assert row[index["score"]] + ends + row[index["field_end"]] == pytest.approx(
                game.projected_scores()[seat])
            assert row[index["to_move"]] == float(game.current_player == seat)
            assert row[index["supply"]] == sum(game.supply(seat).get(f, 0)
                                               for f in ("meeple", "large"))


def test_worths_are_the_weighted_features_and_deterministic() -> None:
    game = _played(4, 25)
    model = packaged()
    worths = LEARNED.worths(game)
    assert worths == LEARNED.worths(game.copy())
    assert worths == [round(PROJECTED * model.value(row)) for row in features(game)]
    # A model of its own: the score alone counts.
    only_score = LearnedEvaluation(model=Model(FEATURES, tuple(
        1.0 if name == "score" else 0.0 for name in FEATURES)))
    assert only_score.worths(game) == [PROJECTED * s for s in game.scores]
    assert LEARNED.figure_bonus(game.stack_size) == 0


def test_a_finished_game_is_worth_its_scores() -> None:
    game = _played(5, 1000)
    assert game.is_over
    assert LEARNED.worths(game) == [PROJECTED * s for s in game.scores]


def test_only_public_information_is_read() -> None:
    # Two games with the same tiles drawn so far, but the rest of the stack
    # in another order, are worth the same, and so are all their moves.
    game = _played(6, 21)
    order = game.to_record()["stack"]
    drawn = len(order) - game.stack_size
    rest = order[drawn:]
    random.Random(1).shuffle(rest)
    assert rest != order[drawn:]
    other = Game.new(players=2, stack=[*order[:drawn], *rest])
    for move in game.moves:
        other.play(move)
    assert other.to_record()["stack"] != order and other.stack_size == game.stack_size
    assert LEARNED.worths(other) == LEARNED.worths(game)
    assert move_values(other, LEARNED, 25) == move_values(game, LEARNED, 25)


def test_learned_is_an_evaluation_the_search_can_name() -> None:
    assert "learned" in EVALUATIONS
    assert EVALUATIONS["learned"] is LEARNED
    with pytest.raises(KeyError):
        EVALUATIONS["nonsense"]
    assert search_spec("iterations=3,evaluation=learned")[1].evaluation == "learned"


def test_bots_with_the_learned_evaluation_play_legal_games() -> None:
    game = Game.new(players=2, seed=8)
    bots = [make_bot("mcts:iterations=4,depth=1,rollout=1,policy=greedy,width=3,prior=2,"
                     "evaluation=learned", seed=1),
            GreedyBot(seed=2, evaluation=LEARNED)]
    while not game.is_over:
        move = bots[game.current_player].choose(game)
        assert game.is_legal(move)
        game.play(move)
    assert len(game.moves) >= 60


def _script() -> ModuleType:
    path = ROOT / "benchmarks/train_evaluation.py"
    spec = importlib.util.spec_from_file_location("train_evaluation", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_training_script_writes_a_model_the_bots_load(tmp_path: Path) -> None:
    pytest.importorskip("numpy")
    out = tmp_path / "evaluation.json"
    _script().main(["--quick", "--games", "10", "--workers", "1", "--out", str(out)])
    data = json.loads(out.read_text())
    assert data["features"] == list(FEATURES)
    assert data["training"]["games"] == 10
    assert data["training"]["training_positions"] > 0
    assert data["held_out"]["all"]["positions"] == data["training"]["held_out_positions"] > 0
    model = load(out)
    game = _played(7, 30)
    assert LearnedEvaluation(model=model).worths(game) == [
        round(PROJECTED * model.value(row)) for row in features(game)]
