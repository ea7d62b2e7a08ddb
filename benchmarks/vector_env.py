"""Vector environment steps per second, with uniformly random masked actions.

Run by hand (never in CI)::

    python benchmarks/vector_env.py --seconds 10

For ``num_envs`` N = 1, 8 and 32 (``--sizes``), it steps a
:class:`~carcassonne.env.CarcassonneVectorEnv` (each sub-environment: seat
0 against ``random``) for about ``--seconds`` and prints vector steps per
second and sub-environment steps per second (N actions per vector step; a
step is one action, the opponents' moves included, and the autoresets of
finished games too), beside, for comparison, one :class:`SingleAgentEnv`
stepped alone and N of them stepped in turn by a plain loop (the same
work without the batching: what the vector environment itself costs is
the difference). Actions are drawn from each row of the observation's
``action_mask``; ``--no-copy`` builds the vector environment with
``copy=False`` (the batch arrays are refilled rather than new at each step).

Each figure is given per second of wall-clock time and per second of this
process's CPU time: on a busy machine the second is the one to compare.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import numpy as np

from carcassonne.env import CarcassonneVectorEnv, SingleAgentEnv

EVERY_SET = ("base", "inns_cathedrals", "traders_builders", "watchtowers", "wonders")
SETUPS: dict[str, dict[str, Any]] = {
    "base, 2 players": {"sets": ("base",), "players": 2},
    "every set, 4 players": {"sets": EVERY_SET, "players": 4},
}


def masked(rng: np.random.Generator, mask: np.ndarray) -> int:
    return int(rng.choice(np.flatnonzero(mask)))


class Clock:
    """Wall-clock and CPU time since it was made."""

    def __init__(self) -> None:
        self.wall, self.cpu = time.perf_counter(), time.process_time()

    def wall_spent(self) -> float:
        return time.perf_counter() - self.wall

    def rates(self, count: float) -> tuple[float, float]:
        """``count`` per wall-clock second and per CPU second."""
        return count / self.wall_spent(), count / (time.process_time() - self.cpu)


def single_rate(setup: dict[str, Any], seconds: float) -> tuple[float, float]:
    """Steps per second (wall, CPU) of one SingleAgentEnv, reset at each game's end."""
    env = SingleAgentEnv(opponents=["random"], **setup)
    rng = np.random.default_rng(1)
    obs, _ = env.reset(seed=0)
    steps = 0
    clock = Clock()
    while clock.wall_spent() < seconds:
        obs, _, terminated, truncated, _ = env.step(masked(rng, obs["action_mask"]))
        steps += 1
        if terminated or truncated:
            obs, _ = env.reset()
    return clock.rates(steps)


def loop_rate(setup: dict[str, Any], num_envs: int, seconds: float) -> tuple[float, float]:
    """Steps per second (wall, CPU) of ``num_envs`` SingleAgentEnv stepped in turn."""
    envs = [SingleAgentEnv(opponents=["random"], **setup) for _ in range(num_envs)]
    rng = np.random.default_rng(1)
    observations = [env.reset(seed=i)[0] for i, env in enumerate(envs)]
    steps = 0
    clock = Clock()
    while clock.wall_spent() < seconds:
        for i, env in enumerate(envs):
            obs, _, terminated, truncated, _ = env.step(masked(rng, observations[i]["action_mask"]))
            observations[i] = env.reset()[0] if terminated or truncated else obs
        steps += num_envs
    return clock.rates(steps)


def vector_rate(setup: dict[str, Any], num_envs: int, seconds: float, copy: bool,
                ) -> tuple[float, float, int]:
    """Vector steps per second (wall, CPU), and the games finished meanwhile."""
    envs = CarcassonneVectorEnv(num_envs, opponents=["random"], copy=copy, **setup)
    rng = np.random.default_rng(1)
    obs, _ = envs.reset(seed=0)
    steps = games = 0
    clock = Clock()
    while clock.wall_spent() < seconds:
        actions = np.array([masked(rng, row) for row in obs["action_mask"]])
        obs, _, terminations, _, _ = envs.step(actions)
        steps += 1
        games += int(terminations.sum())
    return (*clock.rates(steps), games)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="time per figure")
    parser.add_argument("--sizes", type=int, nargs="+", default=[1, 8, 32],
                        help="the num_envs to measure")
    parser.add_argument("--setups", nargs="+", choices=list(SETUPS), default=list(SETUPS),
                        help="the game setups to measure")
    parser.add_argument("--no-copy", action="store_true", help="copy=False")
    args = parser.parse_args()
    for name in args.setups:
        setup = SETUPS[name]
        wall, cpu = single_rate(setup, args.seconds)
        print(f"{name}: SingleAgentEnv {wall:,.0f} steps/s ({cpu:,.0f} per CPU second)",
              flush=True)
        for n in args.sizes:
            wall, cpu, games = vector_rate(setup, n, args.seconds, not args.no_copy)
            print(f"  num_envs={n:>3}: {wall:,.1f} vector steps/s = {wall * n:,.0f} "
                  f"sub-environment steps/s ({cpu * n:,.0f} per CPU second; "
                  f"{games} games finished)", flush=True)
            if n > 1:
                wall, cpu = loop_rate(setup, n, args.seconds)
                print(f"  {n:>3} SingleAgentEnv in turn: {wall:,.0f} steps/s "
                      f"({cpu:,.0f} per CPU second)", flush=True)


if __name__ == "__main__":
    main()
