"""Policies as bots: :class:`PolicyBot`, policy opponents in the environments,
and ``policy:MODULE:NAME`` bots for the arena (the server's are in
tests/server/test_policy_seat.py)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

np = pytest.importorskip("numpy", reason="the env extra is not installed")
pytest.importorskip("gymnasium", reason="the env extra is not installed")
pytest.importorskip("pettingzoo", reason="the env extra is not installed")

from carcassonne import Game  # noqa: E402
from carcassonne.bots import known_bot, make_bot  # noqa: E402
from carcassonne.engine.setup import SUPPORTED_SETS  # noqa: E402
from carcassonne.env import CarcassonneAEC, IllegalAction, SingleAgentEnv  # noqa: E402
from carcassonne.env.policy import PolicyBot, sb3_policy  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "policy_bot.py"


def middle_allowed(observation: dict) -> int:
    """A deterministic policy: the middle one of the actions the mask allows
    (the last one would lay a line of tiles out of the window)."""
    allowed = observation["action_mask"].nonzero()[0]
    return int(allowed[len(allowed) // 2])


def seeded(seed: int):
    """A policy choosing uniformly among the allowed actions, repeatably."""
    rng = np.random.default_rng(seed)
    return lambda observation: int(rng.choice(observation["action_mask"].nonzero()[0]))


@pytest.mark.parametrize(("players", "sets"),
                         [(2, ("base",)), (3, SUPPORTED_SETS), (4, SUPPORTED_SETS), (5, ("base",))])
def test_a_policy_bot_plays_the_moves_the_environment_would(players: int,
                                                            sets: tuple[str, ...]) -> None:
    """Every seat played by the same policy through the AEC environment and
    through PolicyBot on the engine gives the same game, move for move."""
    env = CarcassonneAEC(players=players, sets=sets)
    env.reset(seed=7)
    game = env.table.game.copy()
    policy = seeded(7)
    for _ in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        env.step(None if terminated or truncated else policy(obs))
    played = env.table.game
    bot = PolicyBot(seeded(7))
    while not game.is_over:
        seen = game.copy()
        move = bot.choose(game)
        assert game.moves == seen.moves  # the bot never plays on the game it is given
        game.play(move)
    assert game.moves == played.moves
    assert game.scores == played.scores


def test_a_policy_bot_follows_a_new_game_and_copies() -> None:
    """One bot across games and across copies (as the server hands it) keeps
    reading the right board."""
    bot = PolicyBot(middle_allowed)
    for seed in (1, 2):
        game = Game.new(players=2, seed=seed)
        reference = Game.new(players=2, seed=seed)
        fresh = PolicyBot(middle_allowed)
        while not game.is_over:
            move = bot.choose(game.copy())
            assert move == fresh.choose(reference)  # a new bot sees the same position
            game.play(move)
            reference.play(move)


def test_an_illegal_action_names_itself_and_changes_nothing() -> None:
    game = Game.new(players=2, seed=3)
    before = game.to_record()
    bot = PolicyBot(lambda observation: -5)
    with pytest.raises(IllegalAction, match="action -5, which the mask does not allow"):
        bot.choose(game)
    assert game.to_record() == before
    forgiving = PolicyBot(lambda observation: "nonsense", on_illegal="first")
    assert game.is_legal(forgiving.choose(game))
    assert forgiving.illegal >= 1
    with pytest.raises(ValueError, match="on_illegal must be"):
        PolicyBot(middle_allowed, on_illegal="ignore")
    with pytest.raises(TypeError, match="a policy is a callable"):
        PolicyBot(42)  # type: ignore[arg-type]


def test_a_policy_is_an_opponent_in_the_single_agent_env() -> None:
    seen: list[tuple[str, ...]] = []

    def opponent(observation: dict) -> int:
        seen.append(tuple(observation))
        assert observation["observation"].ndim == 1  # the env's own form: flat here
        return middle_allowed(observation)

    env = SingleAgentEnv(opponents=[opponent], flat=True)
    _, info = env.reset(seed=5)
    done = False
    while not done:
        _, _, done, _, info = env.step(int(info["legal_actions"][0]))
    assert seen and set(seen) == {("observation", "action_mask")}
    assert sum(info["scores"]) > 0
    with pytest.raises(ValueError, match=r"a bot name, a bot .* or a policy"):
        SingleAgentEnv(opponents=[42])


def test_self_play_with_the_learner_s_own_policy_repeats() -> None:
    """The same seeded policy on both sides plays the same game twice."""
    def run() -> list[int]:
        rng = np.random.default_rng(0)

        def policy(observation: dict) -> int:
            return int(rng.choice(observation["action_mask"].nonzero()[0]))

        env = SingleAgentEnv(opponents=[policy], players=3)
        obs, info = env.reset(seed=11)
        done = False
        while not done:
            obs, _, done, _, info = env.step(policy(obs))
        return info["scores"]

    assert run() == run()


def test_sb3_policy_passes_the_mask_and_the_form_the_model_knows() -> None:
    from gymnasium import spaces

    class Model:  # what the adapter reads of a Stable-Baselines3 model
        def __init__(self, space: spaces.Space) -> None:
            self.observation_space = space
            self.given: list = []

        def predict(self, observation, action_masks, deterministic):
            self.given.append((observation, action_masks, deterministic))
            return np.array(action_masks.nonzero()[0][0]), None

    env = SingleAgentEnv(opponents=["random"], flat=True)
    obs, _ = env.reset(seed=2)
    whole = Model(env.observation_space)
    assert sb3_policy(whole)(obs) == int(obs["action_mask"].nonzero()[0][0])
    assert whole.given[0][0] is obs and whole.given[0][1].dtype == bool and whole.given[0][2]
    inner = Model(env.observation_space["observation"])
    sb3_policy(inner, deterministic=False)(obs)
    assert inner.given[0][0] is obs["observation"] and inner.given[0][2] is False


def test_policy_names_make_bots() -> None:
    name = f"policy:{EXAMPLE}:bot"
    assert known_bot(name)
    bot = make_bot(name, seed=4)
    game = Game.new(players=2, seed=4)
    assert game.is_legal(bot.choose(game))
    assert not known_bot(f"policy:{EXAMPLE}:missing")
    with pytest.raises(ValueError, match="has no function called 'missing'"):
        make_bot(f"policy:{EXAMPLE}:missing")
    with pytest.raises(ValueError, match="no such file"):
        make_bot("policy:no/such/file.py:bot")
    with pytest.raises(ValueError, match="cannot import it"):
        make_bot("policy:no_such_module_here:bot")
    with pytest.raises(ValueError, match="give MODULE:NAME"):
        make_bot("policy:bot")
    # a module on the path is imported (PolicyBot(seed) itself is refused: 1 is no policy)
    with pytest.raises(TypeError, match="a policy is a callable"):
        make_bot("policy:carcassonne.env.policy:PolicyBot", seed=1)


def test_the_arena_seats_a_policy_bot(tmp_path: Path) -> None:
    out = tmp_path / "arena.json"
    run = subprocess.run(
        [sys.executable, "-m", "carcassonne", "arena", "--games", "4", "--workers", "2",
         "--json", str(out), "random", f"figures=policy:{EXAMPLE}:bot"],
        capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert run.returncode == 0, run.stderr
    bots = {b["label"]: b for b in json.loads(out.read_text())["bots"]}
    assert bots["figures"]["bot"] == f"policy:{EXAMPLE}:bot"
    assert bots["figures"]["games"] == bots["random"]["games"] == 4
    assert bots["figures"]["failures"] == 0


def test_the_example_runs_verbatim() -> None:
    run = subprocess.run([sys.executable, str(EXAMPLE)], capture_output=True, text=True,
                         cwd=ROOT, timeout=300)
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("scores [")


def test_a_policy_bot_sees_moves_taken_back_on_the_same_game() -> None:
    """The server and the environments may hand the bot the very same game
    object again; after an undo its board must be read again."""
    seen: list[dict] = []

    def recording(observation: dict) -> int:
        seen.append(observation)
        return int(observation["action_mask"].nonzero()[0][0])

    game = Game.new(players=2, seed=9)
    bot = PolicyBot(recording)
    for _ in range(6):
        game.play(bot.choose(game))
    game.undo()
    game.undo()
    seen.clear()
    bot.choose(game)
    mine = seen[0]["observation"]["planes"]
    seen.clear()
    PolicyBot(recording).choose(game.copy())
    assert np.array_equal(mine, seen[0]["observation"]["planes"])
