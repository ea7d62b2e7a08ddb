"""How big a window a learner's observation needs: the extent of the board
at each decision of base games, as bots play them.

The environments' planes cover a square window of board squares centred on
the bounding box of the placed tiles (``carcassonne.env.observations``); a
placement outside it cannot be named by the action layout. This measures,
over the decisions of N games, the side of that bounding box plus one
square of border each way (where the next tile may go), and how many of
the legal placements a window of each side would hold.

    python benchmarks/board_extent.py --games 200 --bots greedy,greedy
    python benchmarks/board_extent.py --games 200 --bots random,random
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from carcassonne import Game
from carcassonne.bots import make_bot

SIDES = (11, 13, 15, 17, 19, 21, 25, 31)


def centred_origin(squares: list[tuple[int, int]], side: int) -> tuple[int, int]:
    """The window's corner, centred on the bounding box as the environments do."""
    xs = [x for x, _ in squares]
    ys = [y for _, y in squares]
    return (min(xs) + max(xs)) // 2 - side // 2, (min(ys) + max(ys)) // 2 - side // 2


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--bots", default="greedy,greedy")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    names = args.bots.split(",")
    extents: list[int] = []
    held = dict.fromkeys(SIDES, 0)
    total = 0
    for g in range(args.games):
        game = Game.new(players=len(names), seed=args.seed + g)
        bots = [make_bot(name, seed=args.seed * 1000 + g * 10 + i) for i, name in enumerate(names)]
        while not game.is_over:
            squares = [tuple(entry["at"]) for entry in game.view(None)["board"]]
            xs = [x for x, _ in squares]
            ys = [y for _, y in squares]
            extents.append(max(max(xs) - min(xs), max(ys) - min(ys)) + 3)
            legal = {tuple(m.at) for m in game.legal_moves() if m.at is not None}
            total += len(legal)
            for side in SIDES:
                ox, oy = centred_origin(squares, side)
                held[side] += sum(ox <= x < ox + side and oy <= y < oy + side for x, y in legal)
            game.play(bots[game.current_player].choose(game))
    extents.sort()
    cut = {q: extents[min(len(extents) - 1, int(q * len(extents)))] for q in (0.5, 0.9, 0.99, 1.0)}
    print(f"{args.games} games, {len(extents)} decisions ({args.bots})")
    print("side of the placed tiles' box plus a border, by share of decisions: "
          + ", ".join(f"{int(q * 100)}% <= {v}" for q, v in cut.items()))
    print("share of legal squares a centred window holds: "
          + ", ".join(f"{side}: {held[side] / total:.4f}" for side in SIDES))


if __name__ == "__main__":
    main()
