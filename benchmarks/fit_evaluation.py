"""Fit the chances of completion that the expected evaluation uses.

Run by hand (never in CI)::

    python benchmarks/fit_evaluation.py --games 600

Plays base games of the greedy bot against itself (one move in ten random,
so that positions vary), and after every move notes each unfinished road,
city and monastery that holds a follower: its kind, its open sides (for a
monastery, the empty squares around it), the tiles left, and whether it was
completed by the end of the game. It prints the observed completion rates
and fits, per kind, by maximum likelihood over a grid,

    chance = 1 - exp(-rate * tiles_left / open ** steepness)

whose constants go into ``COMPLETION`` in
``src/carcassonne/bots/evaluation.py``.

This is a measuring tool, not a bot: to follow a feature until the end of
the game it reads the engine's feature table, which bots never do.
"""

from __future__ import annotations

import argparse
import math
import os
import random
from collections import Counter
from multiprocessing import Pool

from carcassonne import Game
from carcassonne.bots import GreedyBot
from carcassonne.engine.scoring import KIND_NAMES, monastery_ring

KINDS = ("city", "road", "monastery")
Row = tuple[str, int, int, bool]


def _open(game: Game, root: int) -> tuple[str, int]:
    features = game._features
    kind = KIND_NAMES[features.node_seg[root].kind]
    if kind == "monastery":
        return kind, 8 - monastery_ring(game._board.tiles, features.node_pos[root])
    return kind, features.open[root]


def one_game(seed: int) -> list[Row]:
    """Rows (kind, open, tiles left, completed) of one self-play game."""
    game = Game.new(players=2, seed=seed)
    bots = [GreedyBot(seed=seed), GreedyBot(seed=seed + 1)]
    rng = random.Random(seed)
    seen: list[tuple[str, int, int, int]] = []
    while not game.is_over:
        if rng.random() < 0.1:
            game.play(game.legal_moves().random(rng))
        else:
            game.play(bots[game.current_player].choose(game))
        if game.is_over:
            break
        roots = {game._features.root[node] for node in game._figures}
        for root in roots:
            kind, sides = _open(game, root)
            if kind in KINDS and sides:
                seen.append((kind, sides, game.stack_size, root))
    root_of = game._features.root
    return [(kind, sides, left, _open(game, root_of[node])[1] == 0)
            for kind, sides, left, node in seen]


def fit(rows: list[Row], kind: str) -> tuple[float, float]:
    """The (rate, steepness) of ``kind`` with the highest likelihood."""
    counts: Counter[tuple[int, int, bool]] = Counter(
        (sides, left, done) for k, sides, left, done in rows if k == kind)
    best = (-math.inf, 0.0, 0.0)
    for rate in (r / 1000 for r in range(5, 121)):
        for steepness in (s / 10 for s in range(0, 31)):
            likelihood = 0.0
            for (sides, left, done), n in counts.items():
                chance = 1 - math.exp(-rate * left / sides ** steepness)
                chance = min(max(chance, 1e-6), 1 - 1e-6)
                likelihood += n * math.log(chance if done else 1 - chance)
            best = max(best, (likelihood, rate, steepness))
    return best[1], best[2]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--seed", type=int, default=5000)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    with Pool(args.workers) as pool:
        games = pool.map(one_game, range(args.seed, args.seed + args.games), chunksize=4)
    rows = [row for game in games for row in game]
    print(f"{len(rows)} observations from {args.games} games")
    for kind in KINDS:
        rate, steepness = fit(rows, kind)
        print(f"\n{kind}: rate {rate:.3f}, steepness {steepness:.1f}")
        print("open  tiles left:  0-9  10-19  20-29  30-39  40-49  50-59  60+  (observed / fitted)")
        for sides in range(1, 5):
            cells = []
            for band in range(7):
                hits = [done for k, s, left, done in rows
                        if k == kind and s == sides and min(left // 10, 6) == band]
                if len(hits) < 30:
                    cells.append("   -     ")
                    continue
                middle = min(band * 10 + 5, 66)
                model = 1 - math.exp(-rate * middle / sides ** steepness)
                cells.append(f"{sum(hits) / len(hits):.2f}/{model:.2f}")
            print(f"{sides:>4}  " + " ".join(cells))


if __name__ == "__main__":
    main()
