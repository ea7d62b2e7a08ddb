"""The bot levels' ratings for the leaderboard, from arena games.

Run by hand (never in CI), first the arena, then this script on its results::

    carcassonne arena easy friendly medium hard --games 240 --seed 5 --json /tmp/levels.json
    python benchmarks/level_ratings.py --family base /tmp/levels.json

The arena plays every level against every other in paired games (with four
levels and two players, twelve seatings per stack). This script passes each
game through the server's rating model in many orders, averages, anchors the
scale at ``easy`` (:mod:`carcassonne.server.level_ratings`), prints the table
and writes the family's entry into ``carcassonne/bots/data/level_ratings.json``
(other families are kept), with the arena's setup beside it.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from carcassonne.server.level_ratings import calibrate
from carcassonne.server.ratings import families, shown_rating

OUT = Path(__file__).resolve().parent.parent / "src/carcassonne/bots/data/level_ratings.json"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("results", nargs="+", type=Path,
                        help="the arena's --json files (their games are pooled)")
    parser.add_argument("--family", default="base", choices=families())
    parser.add_argument("--orders", type=int, default=50,
                        help="random orders of the games to average over")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    games: list[tuple[list[str], list[int]]] = []
    setups: list[dict[str, Any]] = []
    for path in args.results:
        run = json.loads(path.read_text(encoding="utf-8"))
        setups.append(run["setup"])
        games += [(game["players"], game["scores"]) for game in run["games"]
                  if not game["failures"]]
    levels = calibrate(games, orders=args.orders)
    print(f"{len(games)} games, family {args.family}")
    print(f"{'level':<10} {'games':>6} {'mu':>7} {'sigma':>6} {'shown':>6}")
    for name, level in sorted(levels.items(), key=lambda item: -item[1]["mu"]):
        print(f"{name:<10} {level['games']:>6} {level['mu']:>7.2f} {level['sigma']:>6.2f} "
              f"{shown_rating(level['mu'], level['sigma']):>6}")
    data: dict[str, Any] = {"format": "carcassonne-level-ratings/1", "families": {}}
    if args.out.exists():
        data = json.loads(args.out.read_text(encoding="utf-8"))
    data["families"][args.family] = levels
    data.setdefault("made_from", {})[args.family] = {
        "arena": setups, "orders": args.orders,
        "command": f"python benchmarks/level_ratings.py --family {args.family} RESULTS.json"}
    args.out.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"written: {args.out}")


if __name__ == "__main__":
    main()
