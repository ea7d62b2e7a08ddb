"""Train the learned terms of the expert's estimate (carcassonne/bots/value_terms.py).

Run by hand (never in CI)::

    python benchmarks/train_value.py                       # writes the package's weights
    python benchmarks/train_value.py --games 100 --out /tmp/value_terms.json

1. **Self-play.** ``--games`` base games of two players, both seats the
   one-move bot of the fitting estimate (the expert's own reply: the
   positions it meets), one move in ``--explore`` a random legal move so that
   the positions vary; every game seeded from ``--seed``, so the run gives
   the same file on any machine and any ``--workers``.
2. **Positions.** After every move, seat 0's terms minus seat 1's
   (:func:`~carcassonne.bots.value_terms.terms`), the fitting estimate's
   margin (seat 0's worth minus seat 1's, in points) and, once the game is
   over, the final margin.
3. **Fit.** Least squares (numpy) of what the fitting margin misses (final
   margin minus fitting margin) on the terms' differences, no intercept, so
   the correction is the same for either seat. One game in five is held out.
4. **Curve.** The fit is made on the first 1/16, 1/8, ..., all of the
   training games, and each fit's error on the held-out positions printed
   beside the fitting estimate's own: the training curve. With ``--play N``
   the final weights then play N paired games one move deep against the
   fitting estimate (the arena), the test that counts.
5. **Output.** ``--out``: the terms, the weights (points per unit), the curve,
   the setup.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from dataclasses import replace
from multiprocessing import Pool
from pathlib import Path
from typing import Any

import numpy as np

from carcassonne import Game
from carcassonne.bots import GreedyBot
from carcassonne.bots.evaluation import FITTING
from carcassonne.bots.value_terms import CORRECTED, TERMS, terms

OUT = Path(__file__).resolve().parent.parent / "src/carcassonne/bots/data/value_terms.json"
HOLD_OUT = 5


def one_game(job: tuple[int, int]) -> tuple[list[list[float]], list[float], int]:
    """One self-play game: per position, the terms' difference and the
    fitting margin; and the final margin."""
    seed, explore = job
    rng = random.Random(seed)
    game = Game.new(players=2, seed=seed)
    bots = [GreedyBot(seed=seed * 2 + k, evaluation=FITTING, cap=300) for k in range(2)]
    rows: list[list[float]] = []
    margins: list[float] = []
    while not game.is_over:
        seat = game.current_player or 0
        if explore and rng.randrange(explore) == 0:
            game.play(game.legal_moves().random(rng))
        else:
            game.play(bots[seat].choose(game))
        if game.is_over:
            break
        mine, theirs = terms(game)
        rows.append([a - b for a, b in zip(mine, theirs, strict=True)])
        worth = FITTING.worths(game)
        margins.append((worth[0] - worth[1]) / 100)
    return rows, margins, game.scores[0] - game.scores[1]


def arrays(games: list[tuple[list[list[float]], list[float], int]]
           ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    x = np.array([row for rows, _, _ in games for row in rows], dtype=float)
    fitted = np.array([m for _, margins, _ in games for m in margins], dtype=float)
    final = np.array([end for rows, _, end in games for _ in rows], dtype=float)
    return x, fitted, final


def rmse(error: np.ndarray) -> float:
    return float(np.sqrt(np.mean(error * error)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--explore", type=int, default=20)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--play", type=int, default=0,
                        help="paired games one move deep against the fitting estimate")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    start = time.time()
    jobs = [(args.seed * 100_000 + k, args.explore) for k in range(args.games)]
    with Pool(args.workers) as pool:
        played = pool.map(one_game, jobs, chunksize=4)
    print(f"{len(played)} games in {time.time() - start:.0f} s", flush=True)
    held = [g for k, g in enumerate(played) if k % HOLD_OUT == HOLD_OUT - 1]
    train = [g for k, g in enumerate(played) if k % HOLD_OUT != HOLD_OUT - 1]
    hx, hfit, hfinal = arrays(held)
    base_error = rmse(hfinal - hfit)
    curve: list[dict[str, Any]] = []
    weights = np.zeros(len(TERMS))
    print(f"held out: {len(held)} games, {len(hx)} positions; fitting estimate alone: "
          f"RMSE {base_error:.2f} points")
    print(f"{'games':>6} {'positions':>9} {'RMSE':>7} {'gain':>6}")
    sizes = sorted({max(1, len(train) >> k) for k in range(5)})
    for size in sizes:
        x, fit, final = arrays(train[:size])
        weights = np.linalg.lstsq(x, final - fit, rcond=None)[0]
        error = rmse(hfinal - hfit - hx @ weights)
        curve.append({"games": size, "positions": len(x), "rmse": round(error, 3),
                      "gain": round(base_error - error, 3)})
        print(f"{size:>6} {len(x):>9} {error:>7.2f} {base_error - error:>+6.2f}", flush=True)
    data: dict[str, Any] = {
        "format": "carcassonne-value-terms/1",
        "terms": list(TERMS), "weights": [round(float(w), 4) for w in weights],
        "target": "final margin minus the fitting estimate's margin, in points",
        "setup": {"games": args.games, "seed": args.seed, "explore": args.explore,
                  "bots": "one move deep by the fitting estimate, cap 300",
                  "held_out": f"every {HOLD_OUT}th game"},
        "held_out": {"games": len(held), "positions": len(hx),
                     "fitting_rmse": round(base_error, 3)},
        "curve": curve}
    args.out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print("weights: " + ", ".join(f"{n} {w:+.2f}" for n, w in zip(TERMS, weights, strict=True)))
    print(f"written: {args.out}")
    if args.play:
        from carcassonne.arena import Setup, entrants, play, summarize
        from carcassonne.bots import evaluation_names

        evaluation_names.EVALUATIONS["corrected"] = replace(
            CORRECTED, weights=tuple(float(w) for w in weights))
        one = "mcts:iterations=0,prior=5,width=6,relative=true,root_cap=1500,evaluation="
        setup = Setup(tuple(entrants([one + "corrected", one + "fitting"])), seed=args.seed)
        bot = summarize(2, play(setup, args.play, workers=args.workers)).bots[0]
        diff = bot.score_diff
        print(f"one move deep, corrected against fitting: {bot.games} games, "
              f"{100 * bot.wins / bot.games:.1f}%, {diff.mean:+.1f} "
              f"[{diff.low:+.1f}, {diff.high:+.1f}]")
        data["play"] = {"against": "fitting, one move deep", "games": bot.games,
                        "wins": round(bot.wins / bot.games, 4),
                        "score_diff": [round(diff.mean, 2), round(diff.low, 2),
                                       round(diff.high, 2)], "seed": args.seed}
        args.out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
