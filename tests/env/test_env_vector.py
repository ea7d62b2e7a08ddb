"""The vector environment: spaces, batching, autoreset, seeding, equivalence.

The central test plays a :class:`CarcassonneVectorEnv` and, beside it, N
independent :class:`SingleAgentEnv` games seeded ``s + i`` and stepped by
hand with the same autoreset rule, and requires the same observations,
rewards, flags and infos at every step, across several episodes.
"""

from __future__ import annotations

import warnings
from typing import Any

import pytest

np = pytest.importorskip("numpy")
gymnasium = pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from gymnasium.vector import AutoresetMode, SyncVectorEnv  # noqa: E402
from gymnasium.vector.utils import batch_space  # noqa: E402

from carcassonne.env import (  # noqa: E402
    GYMNASIUM_ID,
    CarcassonneVectorEnv,
    IllegalAction,
    Rewards,
    SingleAgentEnv,
)
from carcassonne.env.observations import PLANES  # noqa: E402

#: Ten base tiles: games of five or so moves, so episodes end often.
SHORT = ["BA/RRR", "BA/L", "BA/CRr", "BA/CcRr", "BA/RRR", "BA/C", "BA/C", "BA/RFr",
         "BA/CFC.2", "BA/RCr"]
MODES = [AutoresetMode.SAME_STEP, AutoresetMode.NEXT_STEP]


def choose(rngs: list[Any], masks: np.ndarray) -> np.ndarray:
    """A random allowed action per row (0 for an empty mask)."""
    return np.array([int(rng.choice(np.flatnonzero(m))) if m.any() else 0
                     for rng, m in zip(rngs, masks, strict=True)], dtype=np.int64)


def until_a_game_ends(vec: CarcassonneVectorEnv, rngs: list[Any],
                      after_each: Any = None) -> tuple[Any, ...]:
    """Step with random allowed actions until some game ends (``after_each``
    runs after every step); the last step's results."""
    while True:
        step = vec.step(choose(rngs, vec.action_masks()))
        if after_each is not None:
            after_each()
        if step[2].any():
            return step


def row(batch: Any, i: int) -> Any:
    """Row ``i`` of a batched observation, as a copy."""
    if isinstance(batch, dict):
        return {key: row(value, i) for key, value in batch.items()}
    return np.array(batch[i])


def unbatch(infos: dict[str, Any], i: int) -> dict[str, Any]:
    """Sub-environment ``i``'s info out of Gymnasium's vector info dict."""
    out = {}
    for key, value in infos.items():
        if key.startswith("_") or not infos[f"_{key}"][i]:
            continue
        out[key] = unbatch(value, i) if isinstance(value, dict) else value[i]
    return out


def same(a: Any, b: Any) -> bool:
    """Equal observations or infos (nested dicts, arrays, lists, numbers)."""
    if isinstance(a, dict) or isinstance(b, dict):
        return (isinstance(a, dict) and isinstance(b, dict) and a.keys() == b.keys()
                and all(same(a[k], b[k]) for k in a))
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        a, b = np.asarray(a), np.asarray(b)
        return a.dtype == b.dtype and a.shape == b.shape and bool(np.array_equal(a, b))
    return bool(a == b)


class Reference:
    """N independent SingleAgentEnv games with an autoreset rule applied by hand."""

    def __init__(self, n: int, mode: AutoresetMode, **kwargs: Any) -> None:
        self.envs = [SingleAgentEnv(**kwargs) for _ in range(n)]
        self.mode = mode
        self.ended = [False] * n

    def reset(self, seed: int) -> list[tuple[Any, dict]]:
        self.ended = [False] * len(self.envs)
        return [env.reset(seed=seed + i) for i, env in enumerate(self.envs)]

    def step(self, actions: np.ndarray) -> list[tuple[Any, float, bool, dict]]:
        out = []
        for i, env in enumerate(self.envs):
            if self.ended[i]:  # NEXT_STEP: this step resets, its action is ignored
                obs, info = env.reset()
                out.append((obs, 0.0, False, info))
                self.ended[i] = False
                continue
            obs, reward, terminated, truncated, info = env.step(int(actions[i]))
            assert not truncated
            if terminated and self.mode is AutoresetMode.SAME_STEP:
                final = {"final_obs": obs, "final_info": info}
                obs, info = env.reset()
                info = {**final, **info}
            elif terminated:
                self.ended[i] = True
            out.append((obs, reward, terminated, info))
        return out


def check_against(vec: CarcassonneVectorEnv, ref: Reference, seed: int, steps: int,
                  ) -> int:
    """Step both with the same random masked actions; return the episodes ended."""
    obs, infos = vec.reset(seed=seed)
    for i, (want, want_info) in enumerate(ref.reset(seed)):
        assert same(row(obs, i), want)
        assert same(unbatch(infos, i), want_info)
    rngs = [np.random.default_rng(seed * 100 + i) for i in range(vec.num_envs)]
    ended = 0
    for _ in range(steps):
        masks = vec.action_masks()
        assert masks.dtype == np.bool_ and masks.shape == obs["action_mask"].shape
        assert np.array_equal(masks, obs["action_mask"] != 0)
        for i, env in enumerate(vec.envs):
            assert np.flatnonzero(masks[i]).tolist() == env.legal_actions()
        actions = choose(rngs, masks)
        obs, rewards, terminations, truncations, infos = vec.step(actions)
        assert obs in vec.observation_space
        assert rewards.dtype == np.float64 and rewards.shape == (vec.num_envs,)
        assert terminations.dtype == np.bool_ and not truncations.any()
        for i, (want, reward, terminated, want_info) in enumerate(ref.step(actions)):
            assert same(row(obs, i), want), f"sub-environment {i}"
            assert rewards[i] == reward and terminations[i] == terminated
            got = unbatch(infos, i)
            assert same(got, want_info), (got, want_info)
            assert np.flatnonzero(obs["action_mask"][i]).tolist() == list(got["legal_actions"])
        ended += int(terminations.sum())
    return ended


@pytest.mark.parametrize("mode", MODES, ids=lambda m: m.value)
@pytest.mark.parametrize("setup", [
    {"opponents": ["random"], "stack": SHORT},
    {"opponents": ["random", "greedy"], "seat": "random", "stack": SHORT, "flat": True,
     "channels": "last", "rewards": Rewards(score_scale=0.1)},
    {"opponents": ["random"], "sets": ("base", "inns_cathedrals", "traders_builders"),
     "options": {"hand": 3}, "window": 32},
], ids=["short", "short-flat-3-players", "whole-games-hand"])
def test_vector_steps_equal_independent_games(mode: AutoresetMode, setup: dict) -> None:
    vec = CarcassonneVectorEnv(3, autoreset_mode=mode, **setup)
    ended = check_against(vec, Reference(3, mode, **setup), seed=11, steps=120)
    assert ended >= (3 if "stack" in setup else 1)  # the autoreset ran


def test_spaces_dtypes_and_shapes() -> None:
    vec = CarcassonneVectorEnv(4, opponents=["random"], window=32)
    single = SingleAgentEnv(opponents=["random"], window=32)
    assert vec.single_observation_space == single.observation_space
    assert vec.single_action_space == single.action_space
    assert vec.observation_space == batch_space(single.observation_space, 4)
    assert vec.action_space == gymnasium.spaces.MultiDiscrete([single.action_space.n] * 4)
    assert vec.metadata["autoreset_mode"] is AutoresetMode.SAME_STEP
    obs, infos = vec.reset(seed=0)
    n = single.action_space.n
    assert obs["observation"]["planes"].shape == (4, len(PLANES), 32, 32)
    assert obs["observation"]["planes"].dtype == np.uint8
    assert obs["observation"]["vector"].dtype == np.float32
    assert obs["action_mask"].shape == (4, n) and obs["action_mask"].dtype == np.int8
    assert vec.action_masks().shape == (4, n)
    assert infos["seat"].tolist() == [0, 0, 0, 0] and infos["_seat"].all()
    assert infos["legal_actions"].dtype == object
    vec.action_space.seed(0)
    sampled = vec.action_space.sample(mask=tuple(obs["action_mask"]))  # one mask per game
    assert sampled.shape == (4,) and obs["action_mask"][np.arange(4), sampled].all()
    flat = CarcassonneVectorEnv(2, opponents=["random"], window=32, flat=True,
                                channels="last")
    obs, _ = flat.reset(seed=0)
    size = len(PLANES) * 32 * 32 + single.observation_space["observation"]["vector"].shape[0]
    assert obs["observation"].shape == (2, size) and obs["observation"].dtype == np.float32
    planes, _ = flat.envs[0]._observer.split(obs["observation"][0])
    assert planes.shape == (32, 32, len(PLANES))
    assert obs in flat.observation_space


def test_constructor_arguments_reach_every_sub_environment() -> None:
    vec = CarcassonneVectorEnv(3, opponents=["greedy", "random"], seat=2,
                               sets=("base", "wonders"), options={"hand": 3},
                               illegal_penalty=0.5)
    _, infos = vec.reset(seed=4)
    assert infos["seat"].tolist() == [2, 2, 2]
    for game in vec.get_attr("game"):
        assert len(game.players) == 3 and game.options.hand == 3
        assert "wonders" in game.sets
    assert vec.get_attr("illegal_penalty") == (0.5, 0.5, 0.5)
    # a reset option lasts one game: the automatic resets go back to seat 2
    _, infos = vec.reset(seed=4, options={"seat": 0})
    assert infos["seat"].tolist() == [0, 0, 0]


def test_seeds_repeat_and_differ_per_sub_environment() -> None:
    def run(seed: Any) -> tuple[list, list]:
        vec = CarcassonneVectorEnv(3, opponents=["random"], stack=None)
        obs, _ = vec.reset(seed=seed)
        stacks = [g.to_record()["stack"] for g in vec.get_attr("game")]
        rngs = [np.random.default_rng(i) for i in range(3)]
        rewards = []
        for _ in range(30):
            obs, r, *_ = vec.step(choose(rngs, obs["action_mask"]))
            rewards.append(r.tolist())
        return stacks, rewards

    stacks, rewards = run(5)
    assert run(5) == (stacks, rewards)
    assert run([5, 6, 7]) == (stacks, rewards)  # an int s seeds sub-environment i with s + i
    assert run(np.array([5, 6, 7])) == (stacks, rewards)
    assert len({tuple(s) for s in stacks}) == 3
    assert run(6)[0][:2] == stacks[1:]


def test_next_step_autoreset_returns_the_final_observation_then_resets() -> None:
    vec = CarcassonneVectorEnv(2, opponents=["random"], stack=SHORT,
                               autoreset_mode="NextStep")
    assert vec.metadata["autoreset_mode"] is AutoresetMode.NEXT_STEP
    obs, _ = vec.reset(seed=2)
    rngs = [np.random.default_rng(i) for i in range(2)]
    obs, rewards, terminations, _, infos = until_a_game_ends(vec, rngs)
    i = int(np.flatnonzero(terminations)[0])
    assert not obs["action_mask"][i].any() and not vec.action_masks()[i].any()
    assert infos["_scores"][i] and "final_obs" not in infos
    assert vec.envs[i].game.is_over
    obs, rewards, terminations, _, infos = vec.step(np.array([0, 0]))  # action ignored
    assert rewards[i] == 0.0 and not terminations[i] and obs["action_mask"][i].any()
    assert not vec.envs[i].game.is_over and infos["_seat"][i]  # the reset's info


def test_same_step_autoreset_keeps_the_final_observation_in_infos() -> None:
    vec = CarcassonneVectorEnv(2, opponents=["random"], stack=SHORT)
    obs, _ = vec.reset(seed=2)
    rngs = [np.random.default_rng(i) for i in range(2)]

    def never_empty() -> None:  # never an empty mask to sample from
        assert vec.action_masks().any(axis=1).all()

    obs, _, terminations, _, infos = until_a_game_ends(vec, rngs, never_empty)
    i = int(np.flatnonzero(terminations)[0])
    assert infos["_final_obs"].tolist() == terminations.tolist()
    final = infos["final_obs"][i]
    assert not final["action_mask"].any()
    game = vec.envs[i].game
    assert not game.is_over and len(game.moves) <= 1  # the next game (the opponent may lead)
    assert infos["final_info"]["_scores"][i]
    assert sum(infos["final_info"]["scores"][i]) > 0 and infos["final_info"]["winners"][i]
    assert obs["action_mask"][i].any() and infos["_seat"][i]  # the next game's reset info


def test_disabled_autoreset_and_reset_mask() -> None:
    vec = CarcassonneVectorEnv(3, opponents=["random"], stack=SHORT, autoreset_mode="Disabled")
    obs, _ = vec.reset(seed=8)
    rngs = [np.random.default_rng(i) for i in range(3)]
    obs, _, terminations, _, _ = until_a_game_ends(vec, rngs)
    with pytest.raises(RuntimeError, match="reset_mask"):
        vec.step(np.zeros(3, dtype=np.int64))
    kept = {i: row(obs, i) for i in range(3) if not terminations[i]}
    games = vec.get_attr("game")
    again, infos = vec.reset(options={"reset_mask": terminations.copy()})
    assert infos["_seat"].tolist() == terminations.tolist()
    for i in range(3):
        if terminations[i]:
            assert again["action_mask"][i].any() and vec.envs[i].game is not games[i]
        else:
            assert same(row(again, i), kept[i]) and vec.envs[i].game is games[i]
    vec.step(choose(rngs, vec.action_masks()))
    with pytest.raises(ValueError, match="reset_mask"):
        vec.reset(options={"reset_mask": [True, False, True]})
    with pytest.raises(ValueError, match="no sub-environment"):
        vec.reset(options={"reset_mask": np.zeros(3, dtype=bool)})


def test_a_bad_action_is_penalised_or_raises_as_in_the_single_agent_env() -> None:
    vec = CarcassonneVectorEnv(3, opponents=["random"])
    obs, _ = vec.reset(seed=1)
    masks = vec.action_masks()
    actions = choose([np.random.default_rng(i) for i in range(3)], masks)
    actions[1] = int(np.flatnonzero(~masks[1])[0])
    before = vec.envs[1].game.moves
    obs, rewards, terminations, _, infos = vec.step(actions)
    assert rewards[1] == -1.0 and not terminations[1]
    assert infos["_illegal_action"].tolist() == [False, True, False]
    assert "not allowed now" in infos["illegal_action"][1]
    assert vec.envs[1].game.moves == before
    assert np.array_equal(obs["action_mask"][1], masks[1])

    strict = CarcassonneVectorEnv(3, opponents=["random"], illegal_action="raise")
    obs, _ = strict.reset(seed=1)
    masks = strict.action_masks()
    actions = choose([np.random.default_rng(i) for i in range(3)], masks)
    for bad in (int(np.flatnonzero(~masks[2])[0]), masks.shape[1], -1):
        actions[2] = bad
        with pytest.raises(IllegalAction, match="sub-environment 2"):
            strict.step(actions)
    # nothing moved, in any sub-environment
    assert [g.moves for g in strict.get_attr("game")] == [(), (), ()]
    assert all(not t.prefix for t in strict.get_attr("table"))
    with pytest.raises(ValueError, match="one action per sub-environment"):
        strict.step(actions[:2])


def test_a_game_over_before_the_first_decision() -> None:
    """With one tile to place and the agent second, every game ends at reset: the mask
    is empty and every step (whatever its action, even in raise mode) ends the episode."""
    vec = CarcassonneVectorEnv(2, opponents=["random"], seat=1, stack=["BA/Rr"],
                               illegal_action="raise")
    obs, _ = vec.reset(seed=0)
    assert not obs["action_mask"].any()
    for _ in range(3):
        _, _, terminations, _, infos = vec.step(np.array([5, 7]))
        assert terminations.all() and infos["_final_info"].all()


def test_make_vec_builds_it_and_sync_vector_env_agrees() -> None:
    kwargs = {"opponents": ["random"], "stack": SHORT}
    vec = gymnasium.make_vec(GYMNASIUM_ID, num_envs=3, vectorization_mode="vector_entry_point",
                             autoreset_mode=AutoresetMode.NEXT_STEP, **kwargs)
    assert isinstance(vec, CarcassonneVectorEnv) and vec.num_envs == 3
    assert vec.spec is not None and vec.spec.id == GYMNASIUM_ID
    sync = gymnasium.make_vec(GYMNASIUM_ID, num_envs=3, vectorization_mode="sync", **kwargs)
    assert isinstance(sync, SyncVectorEnv)
    assert sync.metadata["autoreset_mode"] is AutoresetMode.NEXT_STEP
    assert sync.observation_space == vec.observation_space
    assert sync.action_space == vec.action_space
    obs, infos = vec.reset(seed=3)
    sync_obs, sync_infos = sync.reset(seed=3)
    assert same(obs, sync_obs) and same(infos, sync_infos)
    rngs = [np.random.default_rng(i) for i in range(3)]
    ended = 0
    for _ in range(60):
        actions = choose(rngs, obs["action_mask"])
        obs, rewards, terminations, truncations, infos = vec.step(actions)
        sync_obs, *sync_rest, sync_infos = sync.step(actions)
        assert same(obs, sync_obs) and same(infos, sync_infos)
        for mine, theirs in zip((rewards, terminations, truncations), sync_rest, strict=True):
            assert same(mine, theirs)
        ended += int(terminations.sum())
    assert ended >= 3


def test_gymnasium_checker_on_a_sub_environment() -> None:
    """Sub-environments built by hand pass Gymnasium's checker (which wants
    observations that later steps leave alone: ``copy=True``, their default;
    the vector environment's own sub-environments refill theirs,
    ``copy=False``, as their observations are stacked into the batch at
    once)."""
    assert not CarcassonneVectorEnv(1, opponents=["random"]).envs[0]._observer.copy
    envs = [SingleAgentEnv(opponents=["random"], window=32, render_mode="ansi")
            for _ in range(2)]
    vec = CarcassonneVectorEnv.from_envs(envs)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(vec.envs[0])
    vec.reset(seed=0)
    pictures = vec.render()
    assert len(pictures) == 2 and all(isinstance(p, str) and p for p in pictures)
    vec.close()
    assert vec.closed


def test_copy_false_refills_the_same_arrays() -> None:
    vec = CarcassonneVectorEnv(2, opponents=["random"], copy=False)
    first, _ = vec.reset(seed=0)
    second, *_ = vec.step(choose([np.random.default_rng(0)] * 2, vec.action_masks()))
    assert second["action_mask"] is first["action_mask"]
    copying = CarcassonneVectorEnv(2, opponents=["random"])
    first, _ = copying.reset(seed=0)
    kept = first["action_mask"].copy()
    second, *_ = copying.step(choose([np.random.default_rng(0)] * 2, copying.action_masks()))
    assert second["action_mask"] is not first["action_mask"]
    assert np.array_equal(first["action_mask"], kept)


def test_bad_setups_fail_early() -> None:
    with pytest.raises(ValueError, match="num_envs"):
        CarcassonneVectorEnv(0)
    with pytest.raises(ValueError, match="unknown bot"):
        CarcassonneVectorEnv(2, opponents=["nobody"])
    with pytest.raises(ValueError, match="spaces"):
        CarcassonneVectorEnv.from_envs([SingleAgentEnv(), SingleAgentEnv(window=32)])
    with pytest.raises(ValueError, match="sometimes"):
        CarcassonneVectorEnv(2, autoreset_mode="sometimes")
    vec = CarcassonneVectorEnv(2)
    with pytest.raises(RuntimeError, match="reset"):
        vec.step(np.zeros(2, dtype=np.int64))
    with pytest.raises(ValueError, match="one seed per"):
        vec.reset(seed=[1, 2, 3])


def test_from_envs_batches_sub_environments_built_by_hand() -> None:
    envs = [SingleAgentEnv(opponents=["random"], seat=s) for s in (0, 1)]
    vec = CarcassonneVectorEnv.from_envs(envs)
    _, infos = vec.reset(seed=0)
    assert infos["seat"].tolist() == [0, 1] and vec.envs == envs


def test_gymnasium_vector_wrappers_read_it() -> None:
    """``RecordEpisodeStatistics`` (which reads ``metadata["autoreset_mode"]``)
    sums each finished episode's rewards."""
    from gymnasium.wrappers.vector import RecordEpisodeStatistics

    for mode in MODES:
        vec = RecordEpisodeStatistics(CarcassonneVectorEnv(2, opponents=["random"],
                                                           stack=SHORT, autoreset_mode=mode))
        obs, _ = vec.reset(seed=0)
        rngs = [np.random.default_rng(i) for i in range(2)]
        returns = np.zeros(2)
        while True:
            obs, rewards, terminations, _, infos = vec.step(choose(rngs, obs["action_mask"]))
            returns += rewards
            if terminations.any():
                break
        done = infos["_episode"]
        assert done.tolist() == terminations.tolist()
        assert np.allclose(infos["episode"]["r"][done], returns[done])


def test_a_policy_opponent_serves_every_sub_environment() -> None:
    seen: list[int] = []

    def first_allowed(observation: dict) -> int:
        seen.append(int(observation["action_mask"].sum()))
        return int(np.flatnonzero(observation["action_mask"])[0])

    vec = CarcassonneVectorEnv(3, opponents=[first_allowed], seat=1)
    obs, _ = vec.reset(seed=0)
    assert len(seen) >= 3 and all(seen)  # the policy led every game, from its mask
    rngs = [np.random.default_rng(i) for i in range(3)]
    for _ in range(6):
        obs, *_ = vec.step(choose(rngs, obs["action_mask"]))
    assert all(len(g.moves) >= 4 for g in vec.get_attr("game"))


def test_async_vector_env_runs_the_same_games() -> None:
    """Gymnasium's many-process vector environment over SingleAgentEnv plays
    what this one plays (both NEXT_STEP)."""
    kwargs = {"opponents": ["random"], "stack": SHORT}
    remote = gymnasium.make_vec(GYMNASIUM_ID, num_envs=2, vectorization_mode="async", **kwargs)
    try:
        local = CarcassonneVectorEnv(2, autoreset_mode="NextStep", **kwargs)
        obs, _ = local.reset(seed=9)
        remote_obs, _ = remote.reset(seed=9)
        rngs = [np.random.default_rng(i) for i in range(2)]
        for _ in range(15):
            assert same(obs, remote_obs)
            actions = choose(rngs, obs["action_mask"])
            obs, rewards, terminations, *_ = local.step(actions)
            remote_obs, remote_rewards, remote_terminations, *_ = remote.step(actions)
            assert same(rewards, remote_rewards) and same(terminations, remote_terminations)
    finally:
        remote.close()
