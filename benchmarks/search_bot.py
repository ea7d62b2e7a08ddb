"""How fast the search bot searches, and how its strength grows with its budget.

Run by hand (never in CI)::

    python benchmarks/search_bot.py speed --settings depth=1,rollout=1,policy=greedy,width=6
    python benchmarks/search_bot.py strength --games 40 --budgets 0,8,24,80 \
        --settings depth=1,rollout=1,policy=greedy,width=6,prior=5
    python benchmarks/search_bot.py levels --games 200 --levels medium,hard
    python benchmarks/search_bot.py ladder --games 200 --seed 3
    python benchmarks/search_bot.py times --levels easy,medium,hard
    python benchmarks/search_bot.py ladder --sets every --records /tmp/ladder
    python benchmarks/search_bot.py times --sets every
    python benchmarks/search_bot.py slowest --sets every --games 4

``speed`` times search iterations (one determinisation, a walk down the
tree, the rollout and the evaluation) from positions of random base games,
in one process. ``strength`` plays the search bot with each iteration budget
against ``greedy`` in paired games (the arena: every stack twice, seats
swapped) and prints a table. ``levels`` does the same for the levels the
lobby offers. ``ladder`` plays each level against the one below it and
``hard`` against ``greedy`` (the targets: each at least 65%, ``hard`` at
least 92%; ``expert`` against ``hard``, the slowest match, about an hour
and a quarter on two cores). ``times`` times each level's choice on positions of greedy
games a quarter, half and three quarters through: mean and slowest.
``slowest`` times every decision of each level in whole games.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import time
from pathlib import Path

from carcassonne import Game
from carcassonne.arena import GameResult, Setup, each_result, entrants, play, schedule, summarize
from carcassonne.bots import LEVELS, make_bot, search_spec
from carcassonne.bots.greedy_bot import GreedyBot
from carcassonne.bots.search import Budget, Settings, search
from carcassonne.cli_common import dump_record
from carcassonne.engine.setup import SUPPORTED_SETS

#: Every set the engine plays (until 2026-12-06 the tables of docs/bots.md
#: called "every set" the first five: base, inns_cathedrals,
#: traders_builders, watchtowers, wonders).
EVERY_SET = SUPPORTED_SETS
#: The ladder's matches: each level against the one below, and against greedy.
LADDER = "medium-easy,hard-medium,expert-hard,hard-greedy,medium-greedy,easy-greedy"


def positions(count: int, seed: int, greedy: bool = False,
              sets: tuple[str, ...] = ("base",)) -> list[Game]:
    """Positions a third, half and two thirds into random games, or a
    quarter, half and three quarters into games of the greedy bot (of 72
    moves with the base game, scaled to the tiles of ``sets``)."""
    rng = random.Random(seed)
    out = []
    for k in range(count):
        game = Game.new(players=2, seed=seed + k, sets=sets)
        scale = game.stack_size / 72
        stop = round(((18, 36, 54) if greedy else (20, 35, 50))[k % 3] * scale)
        bot = GreedyBot(seed=k, cap=1500)  # bounded: every set has positions of 28,000 moves
        while not game.is_over and len(game.moves) < stop:
            game.play(bot.choose(game) if greedy else game.legal_moves().random(rng))
        if not game.is_over:
            out.append(game)
    return out


def speed(iterations: int, count: int, spec: str) -> None:
    settings = search_spec(spec)[1]
    games = positions(count, 7)
    start = time.perf_counter()
    for k, game in enumerate(games):
        search(game, Budget(iterations=iterations), settings, seed=k)
    elapsed = time.perf_counter() - start
    total = iterations * len(games)
    print(f"settings: {settings}")
    print(f"{total} iterations from {len(games)} positions in {elapsed:.2f} s: "
          f"{total / elapsed:,.0f} iterations/s in one process")


def match(first: str, second: str, games: int, seed: int, workers: int,
          sets: tuple[str, ...] = ("base",), records: Path | None = None) -> str:
    """Paired games of ``first`` against ``second``: the first's games, win
    rate, score difference with its 95% interval, and the time taken.

    With ``records``, each game's record is written to that folder as the
    game ends, and its result appended to ``results.jsonl`` there; a match
    started again with the same folder and arguments plays only the games
    not yet there, so a long match can be stopped and resumed."""
    setup = Setup(tuple(entrants([first, second])), sets=sets, seed=seed,
                  records=records is not None)
    start = time.perf_counter()
    if records is None:
        results = play(setup, games, workers=workers)
    else:
        results = resumed(setup, games, workers, records)
    bot = summarize(2, results).bots[0]
    diff = bot.score_diff
    return (f"{bot.games:>5} {100 * bot.wins / bot.games:>5.1f}%  "
            f"{diff.mean:+.1f} [{diff.low:+.1f}, {diff.high:+.1f}]  "
            f"({time.perf_counter() - start:.0f} s)")


#: The fields of a game's result that ``results.jsonl`` keeps (``resumed``).
SAVED = ("stack", "seating", "seats", "stack_seed", "bot_seeds", "scores", "winners", "moves")


def resumed(setup: Setup, games: int, workers: int, folder: Path) -> list[GameResult]:
    """Play the jobs of ``setup`` whose results ``folder`` does not hold yet,
    writing each game's record and result there as it ends; answer every
    job's result, in the order of the jobs."""
    folder.mkdir(parents=True, exist_ok=True)
    log = folder / "results.jsonl"
    done: dict[tuple[int, int], GameResult] = {}
    if log.exists():
        text = log.read_text("utf-8")
        if not text.endswith("\n"):  # a line cut short by a stop: that game is played again
            text = text[:text.rfind("\n") + 1]
            log.write_text(text, "utf-8")
        for line in text.splitlines():
            if line.strip():
                data = json.loads(line)
                result = GameResult(**{name: tuple(value) if isinstance(value, list) else value
                                       for name, value in data.items()})
                done[(result.stack, result.seating)] = result
    jobs = [job for job in schedule(setup, games) if (job.stack, job.seating) not in done]
    if done:
        print(f"  {len(done)} games read back from {log}, {len(jobs)} to play", flush=True)
    with log.open("a", encoding="utf-8") as out:
        for result in each_result(jobs, workers, chunk=1):  # each game saved as it ends
            path = folder / f"game-{result.stack:04d}-{result.seating}.json"
            path.write_text(dump_record(result.record or {}), "utf-8")
            out.write(json.dumps({name: getattr(result, name) for name in SAVED}) + "\n")
            out.flush()
            done[(result.stack, result.seating)] = result
    return [done[key] for key in sorted(done)]


def strength(names: list[str], games: int, seed: int, workers: int) -> None:
    print(f"{'bot':<40} {'games':>5} {'win%':>6}  score diff vs greedy [95% CI]")
    for name in names:
        print(f"{name:<40} {match(name, 'greedy', games, seed, workers)}", flush=True)


def ladder(games: int, seed: int, workers: int, sets: tuple[str, ...],
           pairs: list[tuple[str, str]], records: Path | None) -> None:
    print(f"sets: {','.join(sets)}")
    print(f"{'bot':<8} {'against':<8} {'games':>5} {'win%':>6}  score diff [95% CI]")
    for first, second in pairs:
        folder = None if records is None else records / f"{first}-{second}"
        result = match(first, second, games, seed, workers, sets, folder)
        print(f"{first:<8} {second:<8} {result}", flush=True)


def times(names: list[str], count: int, seed: int, sets: tuple[str, ...]) -> None:
    games = positions(count, seed, greedy=True, sets=sets)
    print(f"{'bot':<8} {'positions':>9} {'mean s':>8} {'slowest s':>10}")
    for name in names:
        bot = make_bot(name, seed=seed)
        spent = []
        for game in games:
            start = time.perf_counter()
            bot.choose(game)
            spent.append(time.perf_counter() - start)
        print(f"{name:<8} {len(spent):>9} {sum(spent) / len(spent):>8.3f} {max(spent):>10.3f}",
              flush=True)


def slowest(names: list[str], games: int, seed: int, sets: tuple[str, ...],
            opponent: str, players: int = 2) -> None:
    """Every decision of each level in whole games against ``players - 1``
    of ``opponent`` (its seat moving round the table), timed: the mean, the
    99th percentile and the slowest, with how many legal moves the slowest
    position had."""
    print(f"sets: {','.join(sets)}; {games} games of {players} players each against "
          f"{opponent}, seed {seed}")
    print(f"{'bot':<9} {'decisions':>9} {'mean s':>8} {'p99 s':>8} {'slowest s':>10} "
          f"{'its moves':>9}")
    for name in names:
        spent: list[tuple[float, int]] = []
        for k in range(games):
            game = Game.new(players=players, seed=seed + k, sets=sets)
            timed = make_bot(name, seed=seed + k)
            bots = [make_bot(opponent, seed=seed + k + 1000 * q) for q in range(1, players)]
            bots.insert(k % players, timed)
            while not game.is_over:
                bot = bots[game.current_player or 0]
                if bot is timed:
                    start = time.perf_counter()
                    move = bot.choose(game)
                    spent.append((time.perf_counter() - start, len(game.legal_moves())))
                else:
                    move = bot.choose(game)
                game.play(move)
        times_only = sorted(t for t, _ in spent)
        worst = max(spent)
        p99 = times_only[min(len(times_only) - 1, int(0.99 * len(times_only)))]
        print(f"{name:<9} {len(spent):>9} {sum(times_only) / len(spent):>8.3f} {p99:>8.3f} "
              f"{worst[0]:>10.3f} {worst[1]:>9}", flush=True)


def uncapped(name: str) -> str:
    """The search level ``name`` as an ``mcts:`` bot with its iterations and
    settings but no time cap: the moves the level plays on a machine fast
    enough never to reach its cap, whatever else the machine is doing.
    Other bots are left as they are::

        >>> uncapped("hard").split(",")[:3], uncapped("greedy")
        (['mcts:iterations=80', 'depth=1', 'rollout=1'], 'greedy')
    """
    level = LEVELS.get(name)
    if level is None or level.budget is None:
        return name
    plain = Settings()
    parts = [f"iterations={level.budget.iterations}"]
    parts += [f"{field}={getattr(level.settings, field)}" for field in vars(plain)
              if getattr(level.settings, field) != getattr(plain, field)]
    return "mcts:" + ",".join(parts)


def sets_of(text: str) -> tuple[str, ...]:
    return EVERY_SET if text == "every" else tuple(text.split(","))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="what", required=True)
    fast = sub.add_parser("speed")
    fast.add_argument("--iterations", type=int, default=300)
    fast.add_argument("--positions", type=int, default=12)
    fast.add_argument("--settings", default="",
                      help="search settings as KEY=VALUE,... (as after mcts:)")
    grow = sub.add_parser("strength")
    grow.add_argument("--games", type=int, default=40)
    grow.add_argument("--budgets", default="30,100,300,1000")
    grow.add_argument("--settings", default="",
                      help="search settings as KEY=VALUE,... (as after mcts:)")
    grow.add_argument("--seed", type=int, default=1)
    grow.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    levels = sub.add_parser("levels")
    levels.add_argument("--games", type=int, default=200)
    levels.add_argument("--levels", default="easy,medium,hard")
    levels.add_argument("--seed", type=int, default=1)
    levels.add_argument("--workers", type=int, default=1)
    rungs = sub.add_parser("ladder")
    rungs.add_argument("--games", type=int, default=200)
    rungs.add_argument("--seed", type=int, default=3)
    rungs.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    rungs.add_argument("--sets", default="base", help="SET,... or 'every' for all of them")
    rungs.add_argument("--pairs", default=LADDER,
                       help="the matches, as FIRST-SECOND,... (default: %(default)s)")
    rungs.add_argument("--records", type=Path, default=None, metavar="DIR",
                       help="write each match's records to DIR/FIRST-SECOND/")
    rungs.add_argument("--uncapped", action="store_true",
                       help="play the search levels without their time cap (their moves on a "
                            "fast machine), for a machine busy with other work")
    clock = sub.add_parser("times")
    clock.add_argument("--levels", default="easy,friendly,medium,hard,expert")
    clock.add_argument("--positions", type=int, default=30)
    clock.add_argument("--seed", type=int, default=1)
    clock.add_argument("--sets", default="base", help="SET,... or 'every' for all of them")
    worst = sub.add_parser("slowest")
    worst.add_argument("--levels", default="easy,friendly,medium,hard,expert")
    worst.add_argument("--games", type=int, default=4)
    worst.add_argument("--seed", type=int, default=1)
    worst.add_argument("--sets", default="every", help="SET,... or 'every' for all of them")
    worst.add_argument("--against", default="easy")
    worst.add_argument("--players", type=int, default=2)
    args = parser.parse_args()
    if args.what == "speed":
        speed(args.iterations, args.positions, args.settings)
    elif args.what == "strength":
        extra = f",{args.settings}" if args.settings else ""
        names = [f"mcts:iterations={b}{extra}" for b in args.budgets.split(",")]
        strength(names, args.games, args.seed, args.workers)
    elif args.what == "ladder":
        pairs = [(pair.split("-")[0], pair.split("-")[1]) for pair in args.pairs.split(",")]
        if args.uncapped:
            pairs = [(uncapped(first), uncapped(second)) for first, second in pairs]
        ladder(args.games, args.seed, args.workers, sets_of(args.sets), pairs, args.records)
    elif args.what == "times":
        times(args.levels.split(","), args.positions, args.seed, sets_of(args.sets))
    elif args.what == "slowest":
        slowest(args.levels.split(","), args.games, args.seed, sets_of(args.sets), args.against,
                args.players)
    else:
        strength(args.levels.split(","), args.games, args.seed, args.workers)


if __name__ == "__main__":
    main()
