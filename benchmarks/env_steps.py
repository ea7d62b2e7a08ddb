"""Environment steps per second, with uniformly random masked actions.

Run by hand (never in CI)::

    python benchmarks/env_steps.py --seconds 10
    python benchmarks/env_steps.py --games 40 --only aec --setup base  # fixed work

For the AEC environment (every seat acting; with ``copy=True``, the
default: observations that never change once returned, and with
``copy=False``, each agent's own arrays refilled: "kept"; the loop holds
each observation until the next one, as a learner's does) and the
single-agent environment (seat 0 against ``random``), with the base game
and with every set, it plays whole games
for about ``--seconds`` each (or ``--games`` games) and prints steps per
second (a step is one action: a placement, a figure or ``stop``, or a
decision; the single-agent figures include the opponents' moves), games per
second, and, for comparison, engine moves and games per second of the same
games played without an environment, with the AEC games per second
(``copy=True``, then kept arrays) as a percentage of the engine's. Each measurement
is split into ``--rounds`` rounds taken in turn with the others' (engine,
AEC, kept, single-agent, again): the figures are the rounds' medians, and
each percentage the median of the rounds' own, so that a machine whose
speed drifts touches both sides of a ratio alike.

The actions are drawn uniformly from ``info["legal_actions"]`` (the mask's
nonzero indexes, which every acting ``info`` holds) with the standard
library's generator, as the engine's own ``legal_moves().random`` does, so
the figures measure the environment rather than a scan of the 23,523-entry
mask (``np.flatnonzero`` of the mask alone costs about as much as a whole
step of the AEC environment).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from carcassonne import Game
from carcassonne.env import CarcassonneAEC, SingleAgentEnv

EVERY_SET = ("base", "inns_cathedrals", "traders_builders", "watchtowers", "wonders")
SETUPS: dict[str, dict[str, Any]] = {
    "base, 2 players": {"sets": ("base",), "players": 2},
    "every set, 4 players": {"sets": EVERY_SET, "players": 4},
    "every set, 3-tile hand, 2 players": {"sets": EVERY_SET, "players": 2,
                                          "options": {"hand": 3}},
}
#: Short names of the setups, for ``--setup``.
SHORT = dict(zip(("base", "every-set", "hand"), SETUPS, strict=True))


def pick(rng: random.Random, legal: list[int]) -> int:
    """A uniformly random legal action."""
    return legal[int(rng.random() * len(legal))]


class Budget:
    """Play until ``seconds`` have passed or, if ``games`` is set, that many games."""

    def __init__(self, seconds: float, games: int | None) -> None:
        self.seconds, self.games = seconds, games
        self.start = time.perf_counter()

    def more(self, played: int) -> bool:
        if self.games is not None:
            return played < self.games
        return time.perf_counter() - self.start < self.seconds

    def spent(self) -> float:
        return time.perf_counter() - self.start


def aec_rate(setup: dict[str, Any], budget: Budget, copy: bool = True) -> tuple[float, float]:
    env = CarcassonneAEC(**setup, copy=copy)
    rng = random.Random(1)
    steps = games = 0
    budget.start = time.perf_counter()
    while budget.more(games):
        env.reset(seed=games)
        for _ in env.agent_iter():
            # (held until the next one arrives, as a learner's loop holds it)
            _observation, _, terminated, truncated, info = env.last()
            env.step(None if terminated or truncated else pick(rng, info["legal_actions"]))
            steps += 1
        games += 1
    spent = budget.spent()
    return steps / spent, games / spent


def single_rate(setup: dict[str, Any], budget: Budget) -> tuple[float, float]:
    env = SingleAgentEnv(opponents=["random"], **setup)
    rng = random.Random(1)
    steps = games = 0
    budget.start = time.perf_counter()
    while budget.more(games):
        _, info = env.reset(seed=games)
        done = False
        while not done:
            _, _, done, _, info = env.step(pick(rng, info["legal_actions"]))
            steps += 1
        games += 1
    spent = budget.spent()
    return steps / spent, games / spent


def engine_rate(setup: dict[str, Any], budget: Budget) -> tuple[float, float]:
    rng = random.Random(1)
    moves = games = 0
    budget.start = time.perf_counter()
    while budget.more(games):
        game = Game.new(seed=games, **setup)
        while not game.is_over:
            game.play(game.legal_moves().random(rng))
            moves += 1
        games += 1
    spent = budget.spent()
    return moves / spent, games / spent


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="per measurement")
    parser.add_argument("--games", type=int, default=None,
                        help="play this many games per measurement instead of --seconds")
    parser.add_argument("--rounds", type=int, default=3,
                        help="split each measurement into this many rounds, taken in turn "
                             "with the others' (a drift of the machine's speed then "
                             "touches them all alike); the figures are the rounds' medians")
    parser.add_argument("--setup", choices=list(SHORT), action="append",
                        help="only these setups (repeatable)")
    parser.add_argument("--only", choices=("aec", "kept", "single", "engine"), action="append",
                        help="only these measurements (repeatable; kept: the AEC "
                             "environment with copy=False)")
    args = parser.parse_args()
    only = set(args.only or ("aec", "kept", "single", "engine"))
    print(f"{'setup':38} {'AEC steps/s':>12} {'games/s':>8} {'kept games/s':>13} "
          f"{'single steps/s':>15} {'games/s':>8} {'engine moves/s':>15} {'games/s':>8} "
          f"{'AEC/engine':>10} {'kept/engine':>11}")
    seconds = args.seconds / args.rounds
    for name, setup in SETUPS.items():
        if args.setup and not any(SHORT[short] == name for short in args.setup):
            continue
        rates: dict[str, list[tuple[float, float]]] = {kind: [] for kind in only}
        ratios: dict[str, list[float]] = {"aec": [], "kept": []}
        for _ in range(args.rounds):
            engine = engine_rate(setup, Budget(seconds / 2, args.games)) \
                if "engine" in only else None
            if engine is not None:
                rates["engine"].append(engine)
            for kind in ("aec", "kept", "single"):
                if kind not in only:
                    continue
                rate = single_rate(setup, Budget(seconds, args.games)) if kind == "single" \
                    else aec_rate(setup, Budget(seconds, args.games), copy=kind == "aec")
                rates[kind].append(rate)
                if engine is not None and kind in ratios:
                    ratios[kind].append(rate[1] / engine[1])

        def rate(kind: str, which: int, rates: dict[str, list[tuple[float, float]]] = rates,
                 ) -> float:
            return median([r[which] for r in rates.get(kind, [])])

        print(f"{name:38} {rate('aec', 0):12.0f} {rate('aec', 1):8.2f} {rate('kept', 1):13.2f} "
              f"{rate('single', 0):15.0f} {rate('single', 1):8.2f} {rate('engine', 0):15.0f} "
              f"{rate('engine', 1):8.2f} {median(ratios['aec']):10.1%} "
              f"{median(ratios['kept']):11.1%}", flush=True)


if __name__ == "__main__":
    main()
