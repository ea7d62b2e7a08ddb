"""How good and how dear the computer review is (docs/analysis.md has the figures).

Run by hand (never in CI), from the project root::

    python benchmarks/analysis.py planted --games 40 --seed 1
    python benchmarks/analysis.py levels --games 10 --seed 1
    python benchmarks/analysis.py calibration --games 30 --seed 1
    python benchmarks/analysis.py cost --sets base --games 3 --work 62500,125000,250000
    python benchmarks/analysis.py endgame --games 20 --tiles 3

- ``planted``: games of ``hard`` against itself (two players, base game) in
  which one decision, at a random point from move 10 to 40 on, is
  replaced by a clearly bad one of three kinds: a city of the mover's left
  uncompleted when the tile could complete it, a follower put on a feature
  that can never score (a field touching no city, a road or city a square
  of which no tile left fits), or a move that hands a rival points (their
  projected score rises by the most). "Clearly" means that even one move
  deep the fitting estimate puts it at least ``DROP`` points below the best
  move. The game goes on with ``hard`` from there, the planter's decisions
  are reviewed, and the benchmark counts the games in which the planted
  move is that player's largest loss (the aim: 90%).
- ``levels``: games of ``greedy`` against ``hard`` and of ``hard`` against a
  search four times as long, every stack with the seats swapped; the
  average loss a decision of each (the aim: greedy's larger than hard's,
  hard's larger than the longer search's).
- ``calibration``: games of ``hard`` against itself; each decision's
  ``played_value`` (the mover's expected final lead) against the lead the
  mover really finished with, per third of the game: mean error and
  correlation; and the scale ``s`` of the win chance ``1 / (1 + exp(-value
  / s))`` that fits the games' results best, with the results per bin of
  predicted chance.
- ``cost``: seconds to review a game of ``greedy`` against ``hard`` per
  work budget.
- ``endgame``: seconds and moves played to solve the last ``1..tiles``
  tiles exactly, positions from games of ``greedy`` against itself.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import replace

from search_bot import sets_of

from carcassonne import Game
from carcassonne.analysis import analyse
from carcassonne.analysis.endgame import Solver
from carcassonne.analysis.themes import dead_features, effects
from carcassonne.bots import make_bot
from carcassonne.bots.evaluation import FITTING, move_values
from carcassonne.bots.expectimax import Plan
from carcassonne.engine.moves import AnyMove

#: Hard's search, four times as long.
LONGER = ("mcts:iterations=320,depth=1,rollout=1,policy=greedy,width=6,prior=5,relative=true,"
          "cap=300,root_cap=1500,each_rival=true")
#: Points the one-move estimate puts a planted move below the best, at least.
DROP = 6


def play(names: list[str], seed: int, sets: tuple[str, ...] = ("base",),
         until: Callable[[Game], bool] | None = None) -> Game:
    """A game of the bots ``names`` (one per seat), seeded, played to the
    end or until ``until(game)`` says stop."""
    game = Game.new(players=len(names), seed=seed, sets=sets)
    bots = [make_bot(name, seed=seed * 10 + seat) for seat, name in enumerate(names)]
    while not game.is_over and not (until and until(game)):
        game.play(bots[game.current_player or 0].choose(game))
    return game


def lead(scores: tuple[int, ...] | list[int], seat: int) -> int:
    """``seat``'s score minus the best rival's."""
    return scores[seat] - max(s for p, s in enumerate(scores) if p != seat)


# -- planted blunders --------------------------------------------------------


def _scores_city(game: Game, move: AnyMove, seat: int) -> bool:
    before = len(game.events)
    game.play(move)
    hit = any(e.player == seat and e.reason == "city" and e.points >= 8
              for e in game.events[before:])
    game.undo()
    return hit


def _dead_follower(game: Game, move: AnyMove) -> bool:
    """Whether ``move`` puts a follower where it can never score."""
    seat = game.current_player
    assert seat is not None
    return bool(getattr(move, "figures", None)) and (
        effects(game, move).dead > dead_features(game, seat))


def plant(game: Game, kind: str) -> AnyMove | None:
    """A clearly bad move of ``kind`` for the current player, or None."""
    seat = game.current_player
    assert seat is not None
    values = move_values(game, FITTING, 0)
    top = max(values.values())
    bad = [m for m, v in values.items() if v <= top - DROP * 100]
    if kind == "city":
        if not any(_scores_city(game, m, seat) for m, v in values.items() if v == top):
            return None
        bad = [m for m in bad if not _scores_city(game, m, seat)]
        return max(bad, key=lambda m: values[m], default=None)
    if kind == "follower":
        bad = [m for m in bad if _dead_follower(game, m)]
        return max(bad, key=lambda m: values[m], default=None)
    gifts = {m: effects(game, m).gift for m in bad}
    best = max(gifts.values(), default=0)
    return next((m for m in bad if gifts[m] == best), None) if best >= DROP else None


def planted(games: int, seed: int, plan: Plan) -> None:
    kinds = ("city", "follower", "gift")
    found = {k: [0, 0] for k in kinds}
    for k in range(games):
        # the game's kind, and the others if it cannot be planted within 15 moves
        order = kinds[k % len(kinds):] + kinds[:k % len(kinds)]
        kind = order[0]
        rng = random.Random(seed * 1000 + k)
        start = rng.randrange(10, 41)
        bots = [make_bot("hard", seed=seed * 1000 + k * 10 + s) for s in range(2)]
        game = Game.new(players=2, seed=seed * 1000 + k)
        index = None
        while not game.is_over:
            move = bots[game.current_player or 0].choose(game)
            if index is None and len(game.moves) >= start and game.stack_size > 4:
                for kind in order if len(game.moves) >= start + 15 else order[:1]:
                    bad = plant(game, kind)
                    if bad is not None:
                        index, move = len(game.moves), bad
                        break
            game.play(move)
        if index is None:
            print(f"game {k}: nothing to plant from move {start}")
            continue
        seat = game.movers[index]
        review = analyse(game.to_record(), plan, seed=k, seats={seat})
        mine = {d.index: d.loss for d in review.decisions}
        largest = max(mine, key=lambda i: mine[i])
        hit = largest == index
        found[kind][0] += hit
        found[kind][1] += 1
        print(f"game {k}: {kind} at move {index}: loss {mine[index]:.1f}, largest "
              f"{mine[largest]:.1f} at move {largest} ({'found' if hit else 'missed'})",
              flush=True)
    total = sum(h for h, _ in found.values()), sum(n for _, n in found.values())
    for kind, (hit, n) in found.items():
        print(f"{kind}: {hit}/{n}")
    print(f"planted move the planter's largest loss: {total[0]}/{total[1]}"
          f" ({100 * total[0] / max(1, total[1]):.1f}%)")


# -- levels, calibration, cost -------------------------------------------------


def levels(games: int, seed: int, plan: Plan) -> None:
    for pair in (("greedy", "hard"), ("hard", LONGER)):
        losses: dict[str, list[float]] = {name: [] for name in pair}
        for k in range(games):
            for seats in (pair, pair[::-1]):
                game = play(list(seats), seed * 1000 + k)
                review = analyse(game.to_record(), plan, seed=k)
                for d in review.decisions:
                    losses[seats[d.player]].append(d.loss)
        for name, values in losses.items():
            mean = statistics.fmean(values)
            half = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
            label = "hard x4" if name == LONGER else name
            print(f"{label:8} {len(values):5} decisions: average loss {mean:.2f} "
                  f"[{mean - half:.2f}, {mean + half:.2f}]", flush=True)


def calibration(games: int, seed: int, plan: Plan) -> None:
    thirds: list[list[tuple[float, float]]] = [[], [], []]
    outcomes: list[tuple[float, float]] = []  # (played_value, 1 won, 1/2 tied, 0 lost)
    for k in range(games):
        game = play(["hard", "hard"], seed * 1000 + k)
        review = analyse(game.to_record(), plan, seed=k)
        moves = len(game.moves)
        for d in review.decisions:
            final = lead(game.scores, d.player)
            thirds[min(2, 3 * d.index // moves)].append((d.played_value, final))
            outcomes.append((d.played_value, 1.0 if final > 0 else 0.5 if final == 0 else 0.0))
    for n, pairs in enumerate(thirds):
        predicted, actual = zip(*pairs, strict=True)
        error = statistics.fmean(p - a for p, a in pairs)
        spread = statistics.fmean(abs(p - a) for p, a in pairs)
        print(f"third {n + 1}: {len(pairs)} decisions, mean error {error:+.1f}, mean absolute "
              f"error {spread:.1f}, correlation {statistics.correlation(predicted, actual):.2f}")
    scale = fit_scale(outcomes)
    print(f"win chance 1 / (1 + exp(-value / s)): s = {scale:.1f} points (best log-loss)")
    bins: dict[int, list[float]] = {}
    for value, won in outcomes:
        bins.setdefault(min(9, int(10 * chance(value, scale))), []).append(won)
    for b in sorted(bins):
        print(f"  predicted {b * 10}-{b * 10 + 10}%: {len(bins[b])} decisions, won "
              f"{100 * statistics.fmean(bins[b]):.0f}%")


def chance(value: float, scale: float) -> float:
    """The win chance a lead of ``value`` points gives with scale ``scale``."""
    return 1 / (1 + math.exp(-max(-500.0, min(500.0, value / scale))))


def fit_scale(outcomes: list[tuple[float, float]]) -> float:
    """The scale (points, in steps of half a point) with the least log-loss."""
    def loss(scale: float) -> float:
        total = 0.0
        for value, won in outcomes:
            p = min(1 - 1e-9, max(1e-9, chance(value, scale)))
            total -= won * math.log(p) + (1 - won) * math.log(1 - p)
        return total
    return min((s / 2 for s in range(2, 121)), key=loss)


def cost(games: int, seed: int, sets: tuple[str, ...], works: list[int]) -> None:
    records = [play(["greedy", "hard"], seed * 1000 + k, sets).to_record() for k in range(games)]
    for work in works:
        plan = replace(Plan(), work=work)
        times, decisions = [], 0
        for k, record in enumerate(records):
            start = time.perf_counter()
            decisions += len(analyse(record, plan, seed=k).decisions)
            times.append(time.perf_counter() - start)
        print(f"work {work}: {statistics.fmean(times):.1f} s a game (slowest {max(times):.1f} s), "
              f"{sum(times) / decisions:.2f} s a decision", flush=True)


def endgame(games: int, seed: int, tiles: int) -> None:
    for left in range(1, tiles + 1):
        times, plays = [], []
        for k in range(games):
            game = play(["greedy", "greedy"], seed * 1000 + k,
                        until=lambda g, n=left: g.stack_size < n)
            if game.is_over:
                continue
            solver = Solver(game.determinized(game.current_player, random.Random(0)), 0)
            start = time.perf_counter()
            for move in list(solver.state.legal_moves()):
                solver.after(move)
            times.append(time.perf_counter() - start)
            plays.append(-solver.left - 1)
        print(f"{left} tile(s) left: {len(times)} positions, {statistics.fmean(times):.3f} s "
              f"on average, slowest {max(times):.3f} s; moves played {statistics.fmean(plays):.0f}"
              f" on average, at most {max(plays)}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("what", choices=("planted", "levels", "calibration", "cost", "endgame"))
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sets", default="base")
    parser.add_argument("--work", default="250000", help="the budget, or several for 'cost'")
    parser.add_argument("--tiles", type=int, default=3)
    args = parser.parse_args()
    works = [int(w) for w in args.work.split(",")]
    plan = replace(Plan(), work=works[0])
    if args.what == "planted":
        planted(args.games, args.seed, plan)
    elif args.what == "levels":
        levels(args.games, args.seed, plan)
    elif args.what == "calibration":
        calibration(args.games, args.seed, plan)
    elif args.what == "cost":
        cost(args.games, args.seed, sets_of(args.sets), works)
    else:
        endgame(args.games, args.seed, args.tiles)


if __name__ == "__main__":
    main()
