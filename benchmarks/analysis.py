"""How good and how dear the computer review is (docs/analysis.md has the figures).

Run by hand (never in CI), from the project root::

    python benchmarks/analysis.py planted --games 40 --seed 1
    python benchmarks/analysis.py levels --games 10 --seed 1
    python benchmarks/analysis.py levels --games 8 --seed 2 --pairs longer
    python benchmarks/analysis.py levels --games 4 --seed 3 --pairs expert
    python benchmarks/analysis.py calibration --games 60 --seed 1 --out cal1.jsonl
    python benchmarks/analysis.py fit cal1.jsonl
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
- ``levels``: games of ``greedy`` against ``hard``, of ``hard`` against a
  search four times as long and of ``hard`` against ``expert``, every stack
  with the seats swapped; the average loss a decision of each, and the
  difference paired game by game (the aim: greedy's larger than hard's,
  hard's larger than a stronger search's); ``--pairs`` picks the pairs.
- ``calibration``: games of ``hard`` against itself, reviewed; one JSON
  line a decision (its stage, ``played_value``, the lead the mover really
  finished with) appended to ``--out``. ``fit`` reads such files: per third
  of the game, the values' mean error and correlation with the final lead;
  the win chance's scale by stage (:mod:`carcassonne.analysis.chances`)
  fitted by least log-loss, and the results per bin of predicted chance.
- ``cost``: seconds to review a game of ``greedy`` against ``hard`` per
  work budget.
- ``endgame``: seconds and moves played to solve the last ``1..tiles``
  tiles exactly, positions from games of ``greedy`` against itself.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import replace

from search_bot import sets_of

from carcassonne import Game
from carcassonne.analysis import analyse, chances
from carcassonne.analysis.endgame import PLAYS, Solver
from carcassonne.analysis.review import replayed, steps
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


#: The pairs ``levels`` plays: greedy against hard, hard against its longer
#: search, and hard against the expert (whose search the review's is, so its
#: moves agree with the review's best more often than strength alone gives).
PAIRS = {"greedy": ("greedy", "hard"), "longer": ("hard", LONGER), "expert": ("hard", "expert")}


def levels(games: int, seed: int, plan: Plan, pairs: list[str]) -> None:
    """Each level's average loss a decision, and the difference between
    the two of a game paired game by game (each game one figure)."""
    for pair in (PAIRS[name] for name in pairs):
        losses: dict[str, list[float]] = {name: [] for name in pair}
        gaps: list[float] = []  # per game: the first's average loss minus the second's
        for k in range(games):
            for seats in (pair, pair[::-1]):
                game = play(list(seats), seed * 1000 + k)
                review = analyse(game.to_record(), plan, seed=k)
                own: dict[str, list[float]] = {name: [] for name in pair}
                for d in review.decisions:
                    own[seats[d.player]].append(d.loss)
                    losses[seats[d.player]].append(d.loss)
                gaps.append(statistics.fmean(own[pair[0]]) - statistics.fmean(own[pair[1]]))
                print(f"stack {k}, {' vs '.join(_label(n) for n in seats)}: "
                      f"{_label(pair[0])} loses {gaps[-1]:+.2f} more a decision", flush=True)
        for name, values in losses.items():
            mean, half = _interval(values)
            print(f"{_label(name):8} {len(values):5} decisions: average loss {mean:.2f} "
                  f"[{mean - half:.2f}, {mean + half:.2f}]", flush=True)
        mean, half = _interval(gaps)
        print(f"{_label(pair[0])} loses {mean:+.2f} [{mean - half:+.2f}, {mean + half:+.2f}] "
              f"more a decision than {_label(pair[1])}, paired over {len(gaps)} games")


def _label(name: str) -> str:
    return "hard x4" if name == LONGER else name


def _interval(values: list[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% interval."""
    return statistics.fmean(values), 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def calibration(games: int, seed: int, plan: Plan, out: str) -> None:
    """Play and review ``games`` games, appending one JSON line a decision
    to ``out`` (run it in chunks with other seeds; ``fit`` reads them all)."""
    for k in range(games):
        game = play(["hard", "hard"], seed * 1000 + k)
        record = game.to_record()
        left = {step.index: chances.to_come(step.game)
                for step in steps(record, replayed(record))}
        review = analyse(record, plan, seed=k)
        with open(out, "a", encoding="utf-8") as lines:
            for d in review.decisions:
                lines.write(json.dumps({
                    "game": f"{seed}/{k}", "move": d.index, "moves": len(game.moves),
                    "left": left[d.index], "player": d.player, "exact": d.exact,
                    "value": round(d.played_value, 3), "final": lead(game.scores, d.player),
                }) + "\n")
        print(f"game {seed}/{k}: {len(review.decisions)} decisions", flush=True)


def fit(paths: list[str]) -> None:
    """From ``calibration``'s lines: per third of the game, the values'
    mean error, mean absolute error and correlation with the final lead; the
    win chance's scale fitted by stage (:mod:`carcassonne.analysis.chances`),
    and its calibration in bins of predicted chance."""
    rows = []
    for path in paths:
        with open(path, encoding="utf-8") as lines:
            rows += [json.loads(line) for line in lines]
    print(f"{len({r['game'] for r in rows})} games, {len(rows)} decisions")
    thirds: list[list[dict]] = [[], [], []]
    for r in rows:
        thirds[min(2, 3 * r["move"] // r["moves"])].append(r)
    for n, part in enumerate(thirds):
        predicted = [r["value"] for r in part]
        actual = [r["final"] for r in part]
        error = statistics.fmean(p - a for p, a in zip(predicted, actual, strict=True))
        spread = statistics.fmean(abs(p - a) for p, a in zip(predicted, actual, strict=True))
        scale = fit_scale([(r["value"], won(r)) for r in part])
        print(f"third {n + 1}: {len(part)} decisions, mean error {error:+.1f}, mean absolute "
              f"error {spread:.1f}, correlation {statistics.correlation(predicted, actual):.2f}, "
              f"scale alone {scale:.1f}")
    base, per_tile = fit_stages([(r["value"], r["left"], won(r)) for r in rows])
    print(f"scale = sqrt({base:.1f} + {per_tile:.2f} x tiles left)")
    bins: dict[int, list[float]] = {}
    for r in rows:
        p = chances.win_chance(r["value"], r["left"], base, per_tile)
        bins.setdefault(min(9, int(10 * p)), []).append(won(r))
    for b in sorted(bins):
        print(f"  predicted {b * 10}-{b * 10 + 10}%: {len(bins[b])} decisions, won "
              f"{100 * statistics.fmean(bins[b]):.0f}%")


def won(row: dict) -> float:
    """1 if the mover won, 1/2 for a tie, 0 if they lost."""
    return 1.0 if row["final"] > 0 else 0.5 if row["final"] == 0 else 0.0


def log_loss(rows: list[tuple[float, float]]) -> float:
    """The log-loss of predicted chances ``(chance, outcome)``."""
    total = 0.0
    for p, outcome in rows:
        p = min(1 - 1e-9, max(1e-9, p))
        total -= outcome * math.log(p) + (1 - outcome) * math.log(1 - p)
    return total


def fit_scale(outcomes: list[tuple[float, float]]) -> float:
    """The one scale (points, in steps of half a point) with the least log-loss."""
    return min((s / 2 for s in range(2, 121)), key=lambda s: log_loss(
        [(chances.win_chance(v, 0, s * s, 0.0), w) for v, w in outcomes]))


def fit_stages(rows: list[tuple[float, int, float]]) -> tuple[float, float]:
    """``(base, per_tile)`` of the scale ``sqrt(base + per_tile x left)``
    with the least log-loss, on a grid."""
    grid = [(b, t / 4) for b in range(0, 101, 5) for t in range(0, 41)]
    return min(grid, key=lambda g: log_loss(
        [(chances.win_chance(v, left, *g), w) for v, left, w in rows]))


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
        within = sum(1 for p in plays if p <= PLAYS)
        print(f"{left} tile(s) left: {len(times)} positions, {statistics.fmean(times):.3f} s "
              f"on average (median {statistics.median(times):.3f}), slowest {max(times):.3f} s; "
              f"moves played {statistics.fmean(plays):.0f} on average (median "
              f"{statistics.median(plays):.0f}), at most {max(plays)}; {within} within the "
              f"solver's {PLAYS} ({sum(times) / max(1, sum(plays)) * 1e6:.1f} µs a move)",
              flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("what", choices=("planted", "levels", "calibration", "fit", "cost",
                                         "endgame"))
    parser.add_argument("paths", nargs="*", help="for 'fit': the files 'calibration' wrote")
    parser.add_argument("--out", default="calibration.jsonl", help="where 'calibration' writes")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sets", default="base")
    parser.add_argument("--work", default="250000", help="the budget, or several for 'cost'")
    parser.add_argument("--tiles", type=int, default=3)
    parser.add_argument("--pairs", default="greedy,longer",
                        help="for 'levels': greedy, longer, expert")
    args = parser.parse_args()
    works = [int(w) for w in args.work.split(",")]
    plan = replace(Plan(), work=works[0])
    if args.what == "planted":
        planted(args.games, args.seed, plan)
    elif args.what == "levels":
        levels(args.games, args.seed, plan, args.pairs.split(","))
    elif args.what == "calibration":
        calibration(args.games, args.seed, plan, args.out)
    elif args.what == "fit":
        fit(args.paths)
    elif args.what == "cost":
        cost(args.games, args.seed, sets_of(args.sets), works)
    else:
        endgame(args.games, args.seed, args.tiles)


if __name__ == "__main__":
    main()
