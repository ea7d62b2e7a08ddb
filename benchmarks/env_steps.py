"""Environment steps per second, with uniformly random masked actions.

Run by hand (never in CI)::

    python benchmarks/env_steps.py --seconds 10

For the AEC environment (every seat acting) and the single-agent
environment (seat 0 against ``random``), with the base game and with every
set, it plays whole games for about ``--seconds`` each and prints steps per
second (a step is one action: a placement, a figure or ``stop``, or a
decision; the single-agent figures include the opponents' moves), games
per second, and, for comparison, engine moves per second of the same games
played without an environment.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

import numpy as np

from carcassonne import Game
from carcassonne.env import CarcassonneAEC, SingleAgentEnv

EVERY_SET = ("base", "inns_cathedrals", "traders_builders", "watchtowers", "wonders")
SETUPS: dict[str, dict[str, Any]] = {
    "base, 2 players": {"sets": ("base",), "players": 2},
    "every set, 4 players": {"sets": EVERY_SET, "players": 4},
    "every set, 3-tile hand, 2 players": {"sets": EVERY_SET, "players": 2,
                                          "options": {"hand": 3}},
}


def masked(rng: np.random.Generator, mask: np.ndarray) -> int:
    return int(rng.choice(np.flatnonzero(mask)))


def aec_rate(setup: dict[str, Any], seconds: float) -> tuple[float, float]:
    env = CarcassonneAEC(**setup)
    rng = np.random.default_rng(1)
    steps = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        env.reset(seed=games)
        for _ in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            env.step(None if terminated or truncated else masked(rng, obs["action_mask"]))
            steps += 1
        games += 1
    spent = time.perf_counter() - start
    return steps / spent, games / spent


def single_rate(setup: dict[str, Any], seconds: float) -> tuple[float, float]:
    env = SingleAgentEnv(opponents=["random"], **setup)
    rng = np.random.default_rng(1)
    steps = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        obs, _ = env.reset(seed=games)
        done = False
        while not done:
            obs, _, done, _, _ = env.step(masked(rng, obs["action_mask"]))
            steps += 1
        games += 1
    spent = time.perf_counter() - start
    return steps / spent, games / spent


def engine_rate(setup: dict[str, Any], seconds: float) -> float:
    rng = random.Random(1)
    moves = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        game = Game.new(seed=games, **setup)
        while not game.is_over:
            game.play(game.legal_moves().random(rng))
            moves += 1
        games += 1
    return moves / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="per measurement")
    args = parser.parse_args()
    print(f"{'setup':38} {'AEC steps/s':>12} {'games/s':>8} {'single steps/s':>15} "
          f"{'games/s':>8} {'engine moves/s':>15}")
    for name, setup in SETUPS.items():
        aec, aec_games = aec_rate(setup, args.seconds)
        single, single_games = single_rate(setup, args.seconds)
        engine = engine_rate(setup, args.seconds / 2)
        print(f"{name:38} {aec:12.0f} {aec_games:8.2f} {single:15.0f} {single_games:8.2f} "
              f"{engine:15.0f}", flush=True)


if __name__ == "__main__":
    main()
