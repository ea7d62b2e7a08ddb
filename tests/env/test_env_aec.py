"""The PettingZoo AEC environment: the API contract, rewards, seeds, pictures."""

from __future__ import annotations

import warnings
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test  # noqa: E402

from carcassonne.env import PLANES, VECTOR_BLOCKS, CarcassonneAEC, IllegalAction  # noqa: E402
from carcassonne.env.observations import VECTOR_START  # noqa: E402
from carcassonne.env.table import Rewards  # noqa: E402

EVERY_SET = ("base", "inns_cathedrals", "traders_builders", "watchtowers", "wonders")


def random_action(obs: dict[str, Any], rng: Any) -> int:
    return int(rng.choice(np.flatnonzero(obs["action_mask"])))


def play_game(env: CarcassonneAEC, seed: int) -> list[tuple[str, int, dict[str, float]]]:
    """Play one game with random masked actions: (agent, action, rewards) per step."""
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    steps = []
    for agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        action = random_action(obs, rng)
        env.step(action)
        steps.append((agent, action, dict(env.rewards)))
    return steps


@pytest.mark.parametrize("players, sets, options", [
    (2, ("base",), {}),
    (4, EVERY_SET, {}),
    (2, EVERY_SET, {"hand": 3}),
    (6, EVERY_SET[:4], {"hand": 3}),
], ids=["base", "every-set", "every-set-hand", "six-players"])
def test_pettingzoo_api(players: int, sets: tuple[str, ...], options: dict) -> None:
    env = CarcassonneAEC(players=players, sets=sets, options=options, window=32)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # api_test warns about dict observations
        api_test(env, num_cycles=400)


def test_rewards_add_up_to_points_and_result() -> None:
    """Every agent's rewards over a game sum to its final score times
    ``score_scale`` plus its result; an opponent's move can pay you."""
    rewards = Rewards(score_scale=0.5, win=3.0, loss=-2.0, shared=1.0)
    env = CarcassonneAEC(players=3, rewards=rewards)
    paid_by_others = 0
    for seed in range(3):
        steps = play_game(env, seed)
        totals = dict.fromkeys(env.possible_agents, 0.0)
        for agent, _, step_rewards in steps:
            for other, value in step_rewards.items():
                totals[other] += value
                if other != agent and value > 0:
                    paid_by_others += 1
        game = env.game
        for seat, agent in enumerate(env.possible_agents):
            result = (rewards.loss if seat not in game.winners else
                      rewards.win if len(game.winners) == 1 else rewards.shared)
            assert totals[agent] == pytest.approx(0.5 * game.scores[seat] + result)
    assert paid_by_others > 0  # final scoring at least, usually shared cities too


def test_the_agent_to_act_is_the_engine_seat_and_only_it_has_a_mask() -> None:
    env = CarcassonneAEC(players=3, sets=("base", "traders_builders"))
    env.reset(seed=4)
    rng = np.random.default_rng(0)
    for _ in range(60):
        agent = env.agent_selection
        game = env.game
        assert agent == f"player_{game.current_player}"
        for other in env.agents:
            obs = env.observe(other)
            assert obs["action_mask"].any() == (other == agent)
            acting = obs["observation"]["vector"][VECTOR_START["acting"]]
            assert acting == (other == agent)
        env.step(random_action(env.observe(agent), rng))


def test_an_unmasked_action_raises_and_changes_nothing() -> None:
    env = CarcassonneAEC(players=2)
    env.reset(seed=2)
    agent = env.agent_selection
    before = env.observe(agent)
    bad = int(np.flatnonzero(before["action_mask"] == 0)[0])
    with pytest.raises(IllegalAction):
        env.step(bad)
    after = env.observe(agent)
    assert env.agent_selection == agent and env.game.moves == ()
    assert np.array_equal(before["action_mask"], after["action_mask"])
    assert np.array_equal(before["observation"]["planes"], after["observation"]["planes"])


def test_penalty_mode_keeps_the_state_and_charges_the_agent() -> None:
    env = CarcassonneAEC(players=2, illegal_action="penalty", illegal_penalty=0.25)
    env.reset(seed=2)
    agent = env.agent_selection
    bad = int(np.flatnonzero(env.observe(agent)["action_mask"] == 0)[0])
    env.step(bad)
    _, reward, terminated, _, info = env.last()
    assert reward == -0.25 and not terminated and "not allowed now" in info["illegal_action"]
    assert env.agent_selection == agent and env.game.moves == ()


def test_seeds_repeat_and_stacks_can_be_injected() -> None:
    env = CarcassonneAEC(players=2, sets=("base", "inns_cathedrals"))
    first = play_game(env, 11)
    stack = env.game.to_record()["stack"]
    again = play_game(env, 11)
    assert first == again and env.game.to_record()["stack"] == stack
    env.reset(seed=12)
    assert env.game.to_record()["stack"] != stack
    chosen = ["BA/CFc+", "BA/Rr", "IC/Cccc.c", "BA/L"]
    env.reset(seed=12, options={"stack": chosen})
    assert env.game.to_record()["stack"] == chosen
    pinned = CarcassonneAEC(players=2, sets=("base", "inns_cathedrals", "wonders"), stack=chosen,
                            wonders=["WO/alhambra", "WO/stonehenge"])
    pinned.reset(seed=1)
    assert pinned.game.to_record()["stack"] == chosen
    assert pinned.game.view(0)["wonders"]["laid_out"] == ["WO/alhambra", "WO/stonehenge"]


def test_an_empty_stack_ends_at_once() -> None:
    env = CarcassonneAEC(players=2, stack=[])
    env.reset(seed=0)
    assert all(env.terminations.values())
    for _ in env.agent_iter():
        _, reward, terminated, _, _ = env.last()
        assert terminated and reward == 0.0  # both share the victory at 0 points
        env.step(None)
    assert env.agents == []


def test_observations_follow_the_documented_layout() -> None:
    env = CarcassonneAEC(players=2, window=20)
    env.reset(seed=3)
    obs = env.observe("player_0")
    planes, vector = obs["observation"]["planes"], obs["observation"]["vector"]
    assert planes.shape == (len(PLANES), 20, 20) and planes.dtype == np.uint8
    assert vector.shape == (sum(n for _, n in VECTOR_BLOCKS),)
    assert obs["action_mask"].dtype == np.int8
    tile = planes[PLANES.index("tile")]
    assert tile.sum() == 1  # the start tile, in the middle of the window
    assert tile[10, 10] == 1
    legal = planes[PLANES.index("legal_0_0"):PLANES.index("legal_0_0") + 4].sum()
    placements = env.table.decision.legal.placement_count
    assert legal == placements
    assert vector[VECTOR_START["stack_size"]] == env.game.stack_size
    assert vector[VECTOR_START["phase"]] == 1  # placing


def test_render_modes() -> None:
    env = CarcassonneAEC(players=2, render_mode="ansi")
    play_game(env, 5)
    text = env.render()
    assert "game over" in text and "Player 1" in text
    picture = CarcassonneAEC(players=2, render_mode="rgb_array")
    picture.reset(seed=5)
    image = picture.render()
    assert image.dtype == np.uint8 and image.ndim == 3 and image.shape[2] == 3
    assert image.shape[0] == 3 * 16  # the start tile and one square around it
    with pytest.raises(ValueError, match="render_mode"):
        CarcassonneAEC(render_mode="svg")


@pytest.mark.parametrize("options", [{}, {"hand": 3}], ids=["drawn-tile", "hand"])
def test_observations_hide_the_stack_order_and_other_hands(options: dict) -> None:
    """Two games that differ only in what seat 0 may not know (the order of
    the stack, seat 1's hidden hand) look the same to seat 0."""
    env = CarcassonneAEC(players=2, options=options)
    env.reset(seed=8)
    stack = env.game.to_record()["stack"]
    known = 3 if options else 1  # seat 0's hand, or the drawn tile
    rest = stack[known:]
    shuffled = stack[:known] + rest[::-1]
    assert shuffled != stack
    seen = []
    for order in (stack, shuffled):
        env.reset(seed=8, options={"stack": order})
        obs = env.observe("player_0")
        seen.append((obs["observation"]["planes"], obs["observation"]["vector"],
                     obs["action_mask"]))
    for a, b in zip(*seen, strict=True):
        assert np.array_equal(a, b)
