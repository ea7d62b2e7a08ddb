"""What the rollout fast paths buy: random games played three ways, in turns.

- ``checked``: each drawn move is played as an equal copy, so ``play()``
  checks it again (what any move from outside costs);
- ``known``: the move drawn by ``legal_moves().random()`` itself, which
  ``play()`` knows legal and does not check;
- ``no undo``: the same, in games with ``undoable = False`` (nothing kept
  for ``undo()``).

The three run in turns, round after round, in one process, so a drift of the
machine's speed touches them alike; the medians of the rounds are printed.

    python benchmarks/fast_path.py
    CARCASSONNE_PURE=1 python benchmarks/fast_path.py   # the pure engine
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import carcassonne
from carcassonne import Game

WAYS = ("checked", "known", "no undo")


def games_per_second(way: str, games: int, players: int, sets: list[str], seed: int) -> float:
    rng = random.Random(seed)
    start = time.perf_counter()
    for i in range(games):
        game = Game.new(players=players, sets=sets, seed=seed + i)
        if way == "no undo":
            game.undoable = False
        while not game.is_over:
            move = game.legal_moves().random(rng)
            game.play(move._replace() if way == "checked" else move)
    return games / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games per way and round")
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--sets", default="base")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    sets = args.sets.split(",")
    rates: dict[str, list[float]] = {way: [] for way in WAYS}
    for _ in range(args.rounds):
        for way in WAYS:
            rates[way].append(games_per_second(way, args.games, args.players, sets, args.seed))
    build = "compiled" if carcassonne.compiled else "pure Python"
    print(f"sets {','.join(sets)}, {args.players} players, engine {build}; "
          f"{args.rounds} rounds of {args.games} games each way")
    base = sorted(rates["checked"])[args.rounds // 2]
    for way in WAYS:
        values = sorted(rates[way])
        median = values[args.rounds // 2]
        print(f"  {way:8} median {median:6,.0f} games/s ({median / base:.2f} x checked; "
              f"min {values[0]:,.0f}, max {values[-1]:,.0f})")


if __name__ == "__main__":
    main()
