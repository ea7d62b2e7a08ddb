"""Train the learned evaluation: self-play games, features, a least-squares fit.

Run by hand (never in CI); the default takes about ten minutes on two cores::

    python benchmarks/train_evaluation.py                 # writes the package's model
    python benchmarks/train_evaluation.py --quick --out /tmp/evaluation.json

What it does:

1. **Games.** Base games, two players, in ``--rounds`` rounds of ``--games``
   games. Each seat of a game gets one of the round's bots at random: in the
   first round the greedy bot under the simple or the expected evaluation
   (:mod:`carcassonne.bots.evaluation`), in later rounds also the greedy bot
   under the model of the round before (self-play that improves on itself).
   One move in ``--explore`` is a random legal move instead, so the
   positions vary. Every game is seeded from ``--seed``, so a run gives the
   same file on any machine and any number of ``--workers``.
2. **Positions.** After every move, the :func:`~carcassonne.bots.learned.features`
   of each seat, which read only public information (scores, supplies, the
   stack's size, whose turn it is, the claimed features), never the order
   of the stack; and, once the game is over, its final margin.
3. **Fit.** Ordinary least squares (numpy) of the final margin, seat 0's
   score minus seat 1's, on the difference of the two seats' features,
   without an intercept, so that the model is the same for either seat:
   ``margin ≈ w · (f(seat 0) - f(seat 1))``. One game in five (by seed) is
   held out: the file records, on those games' positions, the error of the
   margin, the share of positions whose predicted leader is the final
   winner, and the same for the simple and expected evaluations' worths, to
   compare.
4. **Output.** ``--out`` (default ``src/carcassonne/bots/data/evaluation.json``):
   the feature names, the weights (points per unit of each feature), the
   setup and the sample counts, and the held-out measures.

numpy is needed here only; the bots evaluate the model in plain Python
(:mod:`carcassonne.bots.learned`).
"""

from __future__ import annotations

import argparse
import json
import os
import pickle
import random
import sys
import time
from multiprocessing import Pool
from pathlib import Path
from typing import Any

import numpy as np

from carcassonne import Game
from carcassonne.bots import GreedyBot
from carcassonne.bots.evaluation import EXPECTED, SIMPLE, Evaluation
from carcassonne.bots.learned import FEATURES, LearnedEvaluation, Model, features

OUT = Path(__file__).resolve().parent.parent / "src/carcassonne/bots/data/evaluation.json"
#: Every ``HOLD_OUT``-th game (by its number in the run) is held out of the fit.
HOLD_OUT = 5

#: One game's positions: the feature rows of seat 0 and seat 1, the simple and
#: expected worth differences (seat 0 minus seat 1, in points), the stack
#: left, and the final margin.
GameRows = tuple[list[list[float]], list[list[float]], list[float], list[float], list[int], int]

_model: Model | None = None


def _start(model: Model | None) -> None:
    """Give a worker the model of the round before (for the ``learned`` bots)."""
    global _model
    _model = model


def _bot(name: str, seed: int) -> GreedyBot:
    evaluation: Evaluation
    if name == "simple":
        evaluation = SIMPLE
    elif name == "expected":
        evaluation = EXPECTED
    else:
        evaluation = LearnedEvaluation(model=_model)
    return GreedyBot(seed=seed, evaluation=evaluation)


def one_game(task: tuple[int, tuple[str, ...], float]) -> GameRows:
    """Play one seeded game; its positions and final margin."""
    seed, names, explore = task
    rng = random.Random(seed)
    game = Game.new(players=2, seed=seed)
    bots = [_bot(rng.choice(names), seed * 2 + seat) for seat in range(2)]
    first: list[list[float]] = []
    second: list[list[float]] = []
    simple: list[float] = []
    expected: list[float] = []
    left: list[int] = []
    while not game.is_over:
        if rng.random() < explore:
            game.play(game.legal_moves().random(rng))
        else:
            game.play(bots[game.current_player].choose(game))
        if game.is_over:
            break
        rows = features(game)
        first.append(rows[0])
        second.append(rows[1])
        s, e = SIMPLE.worths(game), EXPECTED.worths(game)
        simple.append((s[0] - s[1]) / 100)
        expected.append((e[0] - e[1]) / 100)
        left.append(game.stack_size)
    margin = game.scores[0] - game.scores[1]
    return first, second, simple, expected, left, margin


def play_round(seeds: range, names: tuple[str, ...], explore: float, workers: int,
               model: Model | None) -> list[GameRows]:
    tasks = [(seed, names, explore) for seed in seeds]
    if workers <= 1:
        _start(model)
        return [one_game(task) for task in tasks]
    with Pool(workers, initializer=_start, initargs=(model,)) as pool:
        return pool.map(one_game, tasks, chunksize=8)


def arrays(games: list[tuple[int, GameRows]]) -> dict[str, np.ndarray]:
    """The positions of ``games`` as arrays: X (feature differences), y
    (final margins), the baselines' differences and the stack left."""
    xs, ys, simple, expected, left = [], [], [], [], []
    for _, (first, second, s, e, lf, margin) in games:
        if not first:
            continue
        xs.append(np.asarray(first) - np.asarray(second))
        ys.append(np.full(len(first), float(margin)))
        simple.extend(s)
        expected.extend(e)
        left.extend(lf)
    if not xs:
        xs, ys = [np.zeros((0, len(FEATURES)))], [np.zeros(0)]
    return {"X": np.concatenate(xs), "y": np.concatenate(ys), "simple": np.asarray(simple),
            "expected": np.asarray(expected), "left": np.asarray(left)}


def fit(X: np.ndarray, y: np.ndarray, ridge: float, only: list[int] | None = None) -> np.ndarray:
    """Least squares with a small ridge, scaled per feature; with ``only``,
    on those columns alone (the others get weight 0)."""
    columns = only or list(range(X.shape[1]))
    X = X[:, columns]
    scale = np.sqrt((X ** 2).mean(axis=0)) + 1e-9
    Z = X / scale
    A = Z.T @ Z + ridge * len(y) * np.eye(Z.shape[1])
    weights = np.zeros(len(FEATURES))
    weights[columns] = np.linalg.solve(A, Z.T @ y) / scale
    return weights


def measures(predicted: np.ndarray, y: np.ndarray) -> dict[str, float]:
    """Error of predicted margins, and how often their sign names the winner."""
    if not len(y):
        return {"rmse": None, "mae": None, "r2": None, "winner_accuracy": None}
    error = predicted - y
    decided = y != 0
    hits = np.sign(predicted[decided]) == np.sign(y[decided])
    spread = ((y - y.mean()) ** 2).mean()
    return {
        "rmse": round(float(np.sqrt((error ** 2).mean())), 3),
        "mae": round(float(np.abs(error).mean()), 3),
        "r2": round(float(1 - (error ** 2).mean() / spread), 4) if spread else None,
        "winner_accuracy": round(float(hits.mean()), 4) if decided.any() else None,
    }


def report(data: dict[str, np.ndarray], weights: np.ndarray) -> dict[str, Any]:
    """The held-out measures of the model and of the hand-made evaluations,
    overall and by the stack left (early: 48 tiles or more, late: under 24)."""
    X, y, left = data["X"], data["y"], data["left"]
    ours = X @ weights
    out: dict[str, Any] = {}
    for label, mask in (("all", left >= 0), ("early", left >= 48),
                        ("middle", (left < 48) & (left >= 24)), ("late", left < 24)):
        out[label] = {
            "positions": int(mask.sum()),
            "learned": measures(ours[mask], y[mask]),
            "expected": measures(data["expected"][mask], y[mask]),
            "simple": measures(data["simple"][mask], y[mask]),
        }
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=1200, help="games per round")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--explore", type=float, default=0.05,
                        help="share of moves played at random")
    parser.add_argument("--ridge", type=float, default=1e-4)
    parser.add_argument("--seed", type=int, default=20_000)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--bots", default="simple,expected",
                        help="the first round's bots: simple, expected, learned (the shipped "
                        "model)")
    parser.add_argument("--only", default="",
                        help="fit only these features (comma-separated); the others weigh 0")
    parser.add_argument("--save-games", type=Path, help="keep the games' positions in this file")
    parser.add_argument("--load-games", type=Path,
                        help="fit to positions kept by --save-games instead of playing")
    parser.add_argument("--quick", action="store_true",
                        help="a tiny run to try the script (40 games, one round)")
    args = parser.parse_args(argv)
    if args.quick:
        args.games, args.rounds = min(args.games, 40), 1
    start = time.perf_counter()
    played: list[tuple[int, GameRows]] = []
    model: Model | None = None
    rounds = []
    only = [FEATURES.index(name) for name in args.only.split(",") if name]
    if args.load_games:
        with args.load_games.open("rb") as file:
            played, rounds = pickle.load(file)
        args.rounds = 0
    for round_ in range(args.rounds):
        names = tuple(args.bots.split(",")) if not round_ else ("expected", "learned")
        first = args.seed + round_ * args.games
        seeds = range(first, first + args.games)
        games = play_round(seeds, names, args.explore, args.workers, model)
        played.extend(zip(range(round_ * args.games, (round_ + 1) * args.games), games,
                          strict=True))
        train = arrays([g for g in played if g[0] % HOLD_OUT])
        weights = fit(train["X"], train["y"], args.ridge, only)
        model = Model(FEATURES, tuple(round(float(w), 5) for w in weights))
        rounds.append({"bots": list(names), "games": args.games,
                       "seeds": [first, first + args.games]})
        print(f"round {round_ + 1}: {args.games} games ({', '.join(names)}), "
              f"{len(train['y'])} training positions, {time.perf_counter() - start:.0f} s",
              file=sys.stderr, flush=True)
    if args.save_games:
        with args.save_games.open("wb") as file:
            pickle.dump((played, rounds), file)
    if args.load_games:
        train = arrays([g for g in played if g[0] % HOLD_OUT])
        weights = fit(train["X"], train["y"], args.ridge, only)
        model = Model(FEATURES, tuple(round(float(w), 5) for w in weights))
    assert model is not None
    train = arrays([g for g in played if g[0] % HOLD_OUT])
    held = arrays([g for g in played if not g[0] % HOLD_OUT])
    weights = np.asarray(model.weights)
    held_out = report(held, weights)
    result = {
        "format": "carcassonne-learned-evaluation/1",
        "model": "linear",
        "target": "final score margin, seat minus rival, in points",
        "features": list(FEATURES),
        "weights": list(model.weights),
        "training": {
            "script": "benchmarks/train_evaluation.py",
            "command": " ".join(["python", "benchmarks/train_evaluation.py",
                                 *(argv if argv is not None else sys.argv[1:])]),
            "sets": ["base"], "players": 2, "rounds": rounds,
            "explore": args.explore, "ridge": args.ridge, "seed": args.seed,
            "fitted": args.only.split(",") if args.only else "all",
            "hold_out": f"every {HOLD_OUT}th game",
            "games": len(played), "training_positions": len(train["y"]),
            "held_out_positions": len(held["y"]),
            "seconds": round(time.perf_counter() - start),
        },
        "held_out": held_out,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {args.out}")
    for name, w in zip(FEATURES, model.weights, strict=True):
        print(f"  {name:<20} {w:+.3f}")
    for phase, numbers in held_out.items():
        print(f"held out, {phase} ({numbers['positions']} positions):")
        for label in ("learned", "expected", "simple"):
            shown = "  ".join(f"{key} {value}" for key, value in numbers[label].items())
            print(f"  {label:<9} {shown}")


if __name__ == "__main__":
    main()
