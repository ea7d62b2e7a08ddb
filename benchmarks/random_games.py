"""How fast the engine plays: random games, single process.

Plays N games with uniformly random legal moves (uniform over the legal
placements, then uniform over that placement's figure options, "no figure"
included) and prints games per second and ``legal_moves()`` calls per second.

Two figures are given for ``legal_moves()``: the call as a player makes it
(placements found at once, figure options worked out for the chosen
placement), and the call followed by listing every move
(``list(game.legal_moves())``), measured over the positions of the same games.

    python benchmarks/random_games.py --games 1000
    python benchmarks/random_games.py --players 4 --sets base --options hand=3
    python benchmarks/random_games.py --no-undo        # games that keep no undo
    python benchmarks/random_games.py --check          # every move checked again by play()
    CARCASSONNE_PURE=1 python benchmarks/random_games.py --games 1000   # the pure engine
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


def _options(text: str) -> dict[str, object]:
    out: dict[str, object] = {}
    for pair in filter(None, text.split(",")):
        key, _, value = pair.partition("=")
        out[key] = {"true": True, "false": False}.get(value, int(value) if value.isdigit()
                                                         else value)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--sets", default="base")
    parser.add_argument("--options", default="")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-undo", action="store_true",
                        help="games keep nothing for undo (game.undoable = False)")
    parser.add_argument("--check", action="store_true",
                        help="play an equal copy of each drawn move, so that play() checks "
                             "it again (the drawn move itself is known legal)")
    args = parser.parse_args()
    sets = args.sets.split(",")
    options = _options(args.options)
    rng = random.Random(args.seed)

    calls = moves = 0
    start = time.perf_counter()
    for i in range(args.games):
        game = Game.new(players=args.players, sets=sets, options=options, seed=args.seed + i)
        if args.no_undo:
            game.undoable = False
        while not game.is_over:
            legal = game.legal_moves()
            calls += 1
            move = legal.random(rng)
            game.play(move._replace() if args.check else move)
            moves += 1
    elapsed = time.perf_counter() - start

    sample = max(1, args.games // 10)
    listed = listed_moves = 0
    rng = random.Random(args.seed)
    games = []
    for i in range(sample):
        game = Game.new(players=args.players, sets=sets, options=options, seed=args.seed + i)
        while not game.is_over:
            games.append(game.copy())
            game.play(game.legal_moves().random(rng))
    start = time.perf_counter()
    for game in games:
        listed_moves += len(list(game.legal_moves()))
        listed += 1
    list_elapsed = time.perf_counter() - start

    build = "compiled" if carcassonne.compiled else "pure Python (CARCASSONNE_PURE=1 or no build)"
    print(f"sets {','.join(sets)}, {args.players} players, options {options or 'default'}; "
          f"engine {build}{'; no undo' if args.no_undo else ''}"
          f"{'; each move checked again' if args.check else ''}")
    print(f"games:               {args.games} in {elapsed:.2f} s = {args.games / elapsed:,.0f} "
          f"games/s")
    print(f"moves played:        {moves / elapsed:,.0f} /s ({moves / args.games:.1f} per game)")
    print(f"legal_moves() calls: {calls / elapsed:,.0f} /s (within whole games)")
    print(f"legal_moves() listed in full: {listed / list_elapsed:,.0f} /s "
          f"({listed_moves / listed:.1f} moves per position, {listed} positions)")


if __name__ == "__main__":
    main()
