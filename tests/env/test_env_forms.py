"""The observation forms (flat or apart, planes first or last) and the
``legal_actions`` of every ``info``.

Every form carries the same numbers: the same games played in each form
give, step by step, observations that turn into one another exactly, and
``legal_actions`` is always the mask's nonzero indexes.
"""

from __future__ import annotations

import warnings

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test  # noqa: E402

from carcassonne.env import CarcassonneAEC, Observer, SingleAgentEnv  # noqa: E402
from carcassonne.env.layout import ActionLayout  # noqa: E402
from carcassonne.env.observations import PLANES, VECTOR_SIZE  # noqa: E402

EVERY_SET = ("base", "inns_cathedrals", "traders_builders", "watchtowers", "wonders")
FORMS = [(False, "first"), (False, "last"), (True, "first"), (True, "last")]


def canonical(observer: Observer, obs: dict) -> tuple:
    """An observation of any form as (planes (C, W, W) uint8, vector, mask)."""
    if observer.flat:
        planes, vector = observer.split(obs["observation"])
        assert obs["observation"].dtype == np.float32
    else:
        planes, vector = obs["observation"]["planes"], obs["observation"]["vector"]
        assert planes.dtype == np.uint8
    if observer.channels == "last":
        planes = planes.transpose(2, 0, 1)
    return planes.astype(np.uint8), np.asarray(vector, dtype=np.float32), obs["action_mask"]


@pytest.mark.parametrize("sets,players", [(("base",), 2), (EVERY_SET, 3)])
def test_every_form_carries_the_same_observation_step_by_step(sets, players) -> None:
    envs = [CarcassonneAEC(players=players, sets=sets, flat=f, channels=c) for f, c in FORMS]
    rng = np.random.default_rng(5)
    for game in range(2):
        for env in envs:
            env.reset(seed=game)
        steps = 0
        for agent in envs[0].agent_iter():
            lasts = [env.last() for env in envs]
            for env, (obs, *_rest) in zip(envs, lasts, strict=True):
                assert env.observation_space(agent).contains(obs)
            seen = [canonical(env._observer, last[0])
                    for env, last in zip(envs, lasts, strict=True)]
            for planes, vector, mask in seen[1:]:
                assert (planes == seen[0][0]).all()
                assert (vector == seen[0][1]).all()
                assert (mask == seen[0][2]).all()
            obs, _, terminated, truncated, info = lasts[0]
            if terminated or truncated:
                assert info["legal_actions"] == []
                action = None
            else:
                legal = info["legal_actions"]
                assert legal == np.flatnonzero(obs["action_mask"]).tolist()
                assert all(last[4]["legal_actions"] == legal for last in lasts)
                action = int(rng.choice(legal))
                steps += 1
            for env in envs:
                env.step(action)
            if not envs[0].agents:
                break
        assert steps > 40
        assert len({tuple(env.game.scores) for env in envs}) == 1


def test_the_flat_form_is_one_float32_array_beside_the_mask() -> None:
    env = CarcassonneAEC(flat=True, channels="last")
    env.reset(seed=3)
    obs = env.observe("player_0")
    w = env.layout.window
    assert set(obs) == {"observation", "action_mask"}
    assert obs["observation"].shape == (len(PLANES) * w * w + VECTOR_SIZE,)
    planes, vector = env._observer.split(obs["observation"])
    assert planes.shape == (w, w, len(PLANES)) and vector.shape == (VECTOR_SIZE,)
    # the start tile sits in the window: its tile plane is set somewhere
    assert planes[..., PLANES.index("open")].sum() == 4
    with pytest.raises(ValueError, match="a flat observation has"):
        env._observer.split(obs["observation"][:-1])


def test_a_bad_form_fails_at_construction() -> None:
    with pytest.raises(ValueError, match="channels must be 'first' or 'last'"):
        CarcassonneAEC(channels="middle")
    with pytest.raises(ValueError, match="flat must be True or False"):
        Observer(ActionLayout(20), flat="yes")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="copy must be True or False"):
        CarcassonneAEC(copy=0)  # type: ignore[arg-type]


def leaves(obs: dict) -> list:
    """The arrays of an observation, in a fixed order."""
    return [a for value in obs.values()
            for a in (leaves(value) if isinstance(value, dict) else [value])]


def address(array: np.ndarray) -> int:
    """Where an array's bytes start in memory."""
    return int(array.__array_interface__["data"][0])


@pytest.mark.parametrize("flat", [False, True])
def test_copied_observations_stay_and_kept_ones_are_refilled(flat: bool) -> None:
    """``copy=True`` (the default) gives read-only arrays that later steps
    leave alone, whoever holds them (the observation, or only a view of one
    of its arrays); ``copy=False`` gives each agent its own read-only
    arrays, the same objects at every observation, refilled with what
    ``copy=True`` shows at that step."""
    copied, kept = (CarcassonneAEC(players=2, flat=flat, copy=c) for c in (True, False))
    for env in (copied, kept):
        env.reset(seed=4)
    rng = np.random.default_rng(4)
    first: dict[str, list] = {}  # per agent: its first kept arrays
    held: list[tuple[list, list]] = []  # observations (or views) held, and their copies
    steps = 0
    for agent in copied.agent_iter(max_iter=60):
        got, want = kept.observe(agent), copied.observe(agent)
        for a, b in zip(leaves(got), leaves(want), strict=True):
            assert a.tobytes() == b.tobytes() and a.dtype == b.dtype and a.shape == b.shape
            assert not a.flags.writeable and not b.flags.writeable
            with pytest.raises(ValueError, match="read-only"):
                b[..., :1] = 1
        if agent not in first:
            first[agent] = leaves(got)
        else:
            assert all(a is b for a, b in zip(first[agent], leaves(kept.observe(agent)),
                                              strict=True))
        # Hold every third observation whole, every third only a view of
        # its first array, and let the others go.
        arrays = leaves(want)
        if steps % 3 == 0:
            held.append((arrays, [a.copy() for a in arrays]))
        elif steps % 3 == 1:
            view = arrays[0][1:]
            held.append(([view], [view.copy()]))
        legal = np.flatnonzero(want["action_mask"])
        action = int(rng.choice(legal))
        del want, arrays
        copied.step(action)
        kept.step(action)
        steps += 1
    assert steps == 60
    for arrays, snapshot in held:  # what was held never changed
        assert all(np.array_equal(a, b) for a, b in zip(arrays, snapshot, strict=True))


def test_observations_let_go_are_written_again() -> None:
    """``copy=True`` costs no copy when the last observation is let go:
    the next one is written in its memory (and in other memory while it
    is held)."""
    env = CarcassonneAEC(players=2)
    env.reset(seed=2)
    agent = env.agent_selection
    first = env.observe(agent)
    where = [address(a) for a in leaves(first)]
    second = env.observe(agent)  # the first is held: other memory
    assert all(address(a) != w for a, w in zip(leaves(second), where, strict=True))
    assert all(np.array_equal(a, b) for a, b in zip(leaves(first), leaves(second),
                                                    strict=True))
    where = [address(a) for a in leaves(second)]
    del first, second  # both let go: the one written last is written again
    again = env.observe(agent)
    assert [address(a) for a in leaves(again)] == where


@pytest.mark.parametrize("flat,channels,copy", [*((f, c, True) for f, c in FORMS[1:]),
                                               (False, "first", False)])
def test_pettingzoo_api_in_every_form(flat: bool, channels: str, copy: bool) -> None:
    env = CarcassonneAEC(players=2, flat=flat, channels=channels, copy=copy)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env, num_cycles=200)


@pytest.mark.parametrize("flat,channels", FORMS[1:])
def test_gymnasium_checker_in_every_form(flat: bool, channels: str) -> None:
    env = SingleAgentEnv(opponents=["random"], flat=flat, channels=channels)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(env)


def test_single_agent_infos_list_the_legal_actions() -> None:
    env = SingleAgentEnv(opponents=["greedy"], seat=1, flat=True)
    obs, info = env.reset(seed=4)
    steps, refused = 0, False
    while True:
        assert info["legal_actions"] == np.flatnonzero(obs["action_mask"]).tolist()
        assert info["legal_actions"] == env.legal_actions()
        if steps == 3 and not refused:  # an illegal action: refused, the legal ones told again
            refused = True
            outside = next(a for a in range(env.action_space.n) if a not in info["legal_actions"])
            obs, reward, done, _, info = env.step(outside)
            assert reward == -1.0 and "illegal_action" in info and not done
            continue
        legal = info["legal_actions"]
        obs, reward, done, _, info = env.step(legal[steps % len(legal)])
        steps += 1
        if done:
            assert info["legal_actions"] == [] and not obs["action_mask"].any()
            break
    assert steps > 40
