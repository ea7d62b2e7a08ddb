"""The Gymnasium single-agent environment: the checker, bots, seeds, pairing."""

from __future__ import annotations

import runpy
import sys
import warnings
from pathlib import Path
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from carcassonne.bots import RandomBot  # noqa: E402
from carcassonne.env import IllegalAction, Rewards, SingleAgentEnv  # noqa: E402

EVERY_SET = ("base", "inns_cathedrals", "traders_builders", "watchtowers", "wonders")
EXAMPLE = Path(__file__).parents[2] / "examples" / "train_policy.py"


def episode(env: SingleAgentEnv, seed: int, options: dict | None = None,
            ) -> tuple[list[int], list[float], dict[str, Any]]:
    """Play one episode with random masked actions: actions, rewards, last info."""
    rng = np.random.default_rng(seed)
    obs, info = env.reset(seed=seed, options=options)
    actions, rewards = [], []
    done = False
    while not done:
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, reward, done, truncated, info = env.step(action)
        assert not truncated
        actions.append(action)
        rewards.append(reward)
    return actions, rewards, info


@pytest.mark.parametrize("setup", [
    {"sets": ("base",)},
    {"sets": EVERY_SET, "players": 4},
    {"sets": EVERY_SET, "options": {"hand": 3}},
], ids=["base", "every-set", "every-set-hand"])
def test_gymnasium_checker(setup: dict) -> None:
    """``check_env`` steps with unmasked samples: the default penalty mode
    takes them without changing the game."""
    env = SingleAgentEnv(opponents=["random"], window=32,
                         render_mode="rgb_array", **setup)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(env, skip_render_check=False)


def test_rewards_add_up_to_the_agents_points_and_result() -> None:
    rewards = Rewards(score_scale=0.1, win=1.0, loss=-1.0, shared=0.0)
    env = SingleAgentEnv(opponents=["random", "greedy"], seat="random", rewards=rewards)
    seats = set()
    for seed in range(3):
        _, got, info = episode(env, seed)
        seat = info["seat"]
        seats.add(seat)
        winners = info["winners"]
        result = 0.0 if seat in winners and len(winners) > 1 else 1.0 if seat in winners else -1.0
        assert sum(got) == pytest.approx(0.1 * info["scores"][seat] + result)
        assert env.game.current_player is None and env.game.players.__len__() == 3
    assert len(seats) > 1  # "random" draws the seat at each reset


def test_opponents_play_until_the_agent_decides() -> None:
    env = SingleAgentEnv(opponents=[RandomBot(seed=1)], seat=1, sets=("base", "wonders"))
    obs, info = env.reset(seed=7)
    assert info["seat"] == 1
    rng = np.random.default_rng(1)
    while True:
        assert env.game.current_player == 1 and obs["action_mask"].any()
        obs, _, done, _, _ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        if done:
            break
    assert env.game.is_over


def test_seeds_repeat_and_seats_pair_on_one_stack() -> None:
    env = SingleAgentEnv(opponents=["greedy"], seat=0)
    first = episode(env, 21)
    stack = env.game.to_record()["stack"]
    assert episode(env, 21) == first
    episode(env, 21, options={"seat": 1})
    assert env.game.to_record()["stack"] == stack and env.seat == 1
    injected = ["BA/CFc+", "BA/Rr", "BA/L", "BA/Rr"]
    episode(env, 3, options={"stack": injected})
    assert env.game.to_record()["stack"] == injected


def test_illegal_actions() -> None:
    env = SingleAgentEnv(opponents=["random"], illegal_action="raise")
    obs, _ = env.reset(seed=1)
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(IllegalAction, match="not allowed now"):
        env.step(bad)
    assert env.game.moves == ()
    lenient = SingleAgentEnv(opponents=["random"])
    obs, _ = lenient.reset(seed=1)
    again, reward, done, _, info = lenient.step(bad)
    assert reward == -1.0 and not done
    assert "not allowed now" in info["illegal_action"]
    assert lenient.game.moves == ()
    assert np.array_equal(again["action_mask"], obs["action_mask"])
    assert lenient.action_masks().sum() == obs["action_mask"].sum()


def test_bad_setups_fail_early() -> None:
    with pytest.raises(ValueError, match="opponents"):
        SingleAgentEnv(opponents=["random", "random"], players=4)
    with pytest.raises(ValueError, match="unknown bot"):
        SingleAgentEnv(opponents=["nobody"])
    with pytest.raises(ValueError, match="seat"):
        SingleAgentEnv(opponents=["random"], seat=2)


def test_a_game_over_before_the_first_decision_ends_at_the_first_step() -> None:
    env = SingleAgentEnv(opponents=["random"], seat=1, stack=["BA/Rr"])
    obs, _ = env.reset(seed=0)
    assert env.game.is_over and not obs["action_mask"].any()
    _, reward, done, _, info = env.step(0)
    assert done and reward == 0.0 and info["scores"] == list(env.game.scores)


def test_training_example_runs_briefly(monkeypatch: pytest.MonkeyPatch,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "argv", [str(EXAMPLE), "--minutes", "0.02", "--seed", "1",
                                      "--eval-games", "4"])
    runpy.run_path(str(EXAMPLE), run_name="__main__")
    out = capsys.readouterr().out
    assert "win rate" in out


def test_registered_with_gymnasium() -> None:
    import gymnasium

    from carcassonne.env import GYMNASIUM_ID

    env = gymnasium.make(GYMNASIUM_ID, opponents=["greedy"], seat=1)
    obs, info = env.reset(seed=2)
    assert isinstance(env.unwrapped, SingleAgentEnv) and info["seat"] == 1
    obs, *_ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert env.observation_space.contains(obs)
