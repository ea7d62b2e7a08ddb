"""Environments copy and pickle at any point of a game.

A copy (``copy.deepcopy``) or a pickled and loaded environment keeps the
game, the actions chosen so far in the current decision, the rewards and
the infos; what the environment only caches (the action tree, the board's
kept windows, the seats' kept observations: compiled objects) is made
again from the game when next needed. The copy then plays on exactly as
the original does, observation for observation.
"""

from __future__ import annotations

import copy
import pickle
from collections.abc import Callable
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")

from carcassonne.env import CarcassonneAEC, SingleAgentEnv  # noqa: E402

EVERY_SET = ("base", "inns_cathedrals", "traders_builders", "watchtowers", "wonders")
COPIES: list[tuple[str, Callable[[Any], Any]]] = [
    ("deepcopy", copy.deepcopy),
    ("pickle", lambda env: pickle.loads(pickle.dumps(env))),
]


def leaves(obs: dict) -> list:
    return [a for value in obs.values()
            for a in (leaves(value) if isinstance(value, dict) else [value])]


@pytest.mark.parametrize("name, make", COPIES, ids=[name for name, _ in COPIES])
@pytest.mark.parametrize("kept", [True, False])
def test_a_copied_aec_environment_plays_on_as_the_original(
        name: str, make: Callable[[Any], Any], kept: bool) -> None:
    env = CarcassonneAEC(players=3, sets=EVERY_SET, copy=not kept)
    twin = make(env)  # never reset: a copy of the settings
    env.reset(seed=6)
    twin.reset(seed=6)
    rng = np.random.default_rng(6)
    for step in range(57):  # into the game, and into a decision (figures to choose)
        obs, *_ = env.last()
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        if env.table.prefix and step > 40:
            break
    assert env.table.prefix, "stop in the middle of a decision"
    twin = make(env)
    assert twin.table.prefix == env.table.prefix and twin.game is not env.game
    steps = 0
    for agent, other in zip(env.agent_iter(80), twin.agent_iter(80), strict=True):
        got, want = twin.last(), env.last()
        assert agent == other and got[1:] == want[1:]
        for a, b in zip(leaves(got[0]), leaves(want[0]), strict=True):
            assert a.tobytes() == b.tobytes()
        action = None if want[2] else int(rng.choice(np.flatnonzero(want[0]["action_mask"])))
        env.step(action)
        twin.step(action)
        steps += 1
    assert steps == 80 and twin.game.scores == env.game.scores


@pytest.mark.parametrize("name, make", COPIES, ids=[name for name, _ in COPIES])
def test_a_copied_single_agent_environment_plays_on_as_the_original(
        name: str, make: Callable[[Any], Any]) -> None:
    env = SingleAgentEnv(opponents=["greedy"], players=2)
    _, info = env.reset(seed=3)
    rng = np.random.default_rng(3)
    for _ in range(20):
        _, _, done, _, info = env.step(int(rng.choice(info["legal_actions"])))
        assert not done
    twin = make(env)
    for _ in range(30):
        action = int(rng.choice(info["legal_actions"]))
        got, want = twin.step(action), env.step(action)
        assert got[1:] == want[1:]
        assert all(a.tobytes() == b.tobytes()
                   for a, b in zip(leaves(got[0]), leaves(want[0]), strict=True))
        info = want[4]
        if want[2]:
            break
    assert twin.game.scores == env.game.scores
