"""Using an environment before its first ``reset()`` is refused with a
message that says to reset, as PettingZoo's ``OrderEnforcingWrapper``
does: the cycle's methods raise, its state attributes are missing."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from carcassonne.env import CarcassonneAEC, CarcassonneVectorEnv, SingleAgentEnv  # noqa: E402


def test_the_cycle_is_refused_before_reset() -> None:
    env = CarcassonneAEC(render_mode="ansi")
    for call in (lambda: env.step(0), lambda: env.observe("player_0"), env.last, env.render):
        with pytest.raises(RuntimeError, match=r"call reset\(\) before"):
            call()
    for name in ("agent_selection", "agents", "rewards", "terminations", "truncations",
                 "infos"):
        with pytest.raises(AttributeError, match=r"before reset\(\)"):
            getattr(env, name)
    with pytest.raises(AttributeError, match="no attribute 'nonsense'"):
        env.nonsense  # noqa: B018 (an unknown name is an ordinary AttributeError)
    env.reset(seed=1)
    observation, reward, terminated, truncated, info = env.last()
    assert env.agent_selection == "player_0" and env.num_agents == 2
    assert reward == 0 and not terminated and not truncated
    assert observation["action_mask"][info["legal_actions"][0]] == 1
    for _ in range(5):  # a move is a few actions (the square, the turn, the figure)
        env.step(env.last()[4]["legal_actions"][0])
        if env.agent_selection == "player_1":
            break
    assert env.agent_selection == "player_1"


def test_the_single_agent_and_vector_environments_refuse_a_step_before_reset() -> None:
    single = SingleAgentEnv(opponents=["random"], seat=0)
    with pytest.raises(RuntimeError, match=r"call reset\(\) before step\(\)"):
        single.step(0)
    vector = CarcassonneVectorEnv(num_envs=2, opponents=["random"])
    with pytest.raises(RuntimeError, match=r"call reset\(\) before step\(\)"):
        vector.step(np.zeros(2, dtype=np.int64))
    observation, _ = vector.reset(seed=2)
    assert observation["action_mask"].shape[0] == 2
