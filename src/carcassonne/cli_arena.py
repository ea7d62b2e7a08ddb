"""``carcassonne arena``: bots against bots in paired games, on every core.

    carcassonne arena random greedy --games 200 --seed 1
    carcassonne arena greedy "mine=cmd:python3 my_bot.py" --games 100 --json out.json
    carcassonne arena random greedy --games 1000 --ray              # a local Ray instance
    carcassonne arena random greedy --games 1000 --ray=ray://head:10001

Each stack is played in every seating (with two bots: twice, seats swapped)
so the luck of the draw cancels (:mod:`carcassonne.arena.pairing`). The games
run on ``--workers`` processes, or as Ray tasks with ``--ray``; the numbers
are the same either way and for any number of workers. The table goes to
standard output, the progress bar to standard error.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import sys
import textwrap
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from carcassonne.arena import ArenaError, Entrant, GameResult, Setup, entrants, play, summarize
from carcassonne.arena.entrants import clean_label, distinct
from carcassonne.arena.pairing import schedule, seatings
from carcassonne.arena.progress import ProgressBar
from carcassonne.arena.reporting import notes, table, to_json
from carcassonne.bots import own_processes
from carcassonne.bots.outside import OutsideBotError, probe
from carcassonne.cli_common import (
    CliError,
    dump_json,
    dump_record,
    parse_list,
    parse_options,
    positive_int,
    timeout_seconds,
)
from carcassonne.engine import Game, SetupError

#: Failures listed one by one in the report; the rest are counted.
SHOWN_FAILURES = 10


def add_parser(commands: Any, formatter: Callable[[str], argparse.HelpFormatter]) -> None:
    """Add the ``arena`` command to ``carcassonne``'s subcommands."""
    from carcassonne.bots import BOTS

    arena = commands.add_parser(
        "arena", formatter_class=formatter, help="measure bots against each other",
        description=textwrap.fill(
            "Play bots against each other in paired games: every stack is played in "
            "every seating (two bots: twice, seats swapped), so luck cancels. Prints per "
            "bot its games, wins, mean score, mean score difference against the others "
            "with a 95% confidence interval, and an Elo-scale rating.", 78),
        epilog=textwrap.fill(
            f"BOT is a bot's name ({', '.join(sorted(BOTS))}) or cmd:PROGRAM ARGS for an "
            "outside bot (docs/bots.md), either optionally as LABEL=BOT. A run plays whole "
            "rounds, so --games is rounded up to a multiple of the seatings. With --ray "
            "and no address, put --ray after the bots (or write --ray= ) so it does not "
            "take a bot's name for an address. --sets and --options are those of "
            "'carcassonne simulate'.", 78) + "\n\n"
               "examples:\n"
               "  carcassonne arena random greedy --games 200 --seed 1\n"
               "  carcassonne arena random random greedy --players 3 --games 60\n"
               "  carcassonne arena greedy 'cmd:python3 examples/outside_bot.py' "
               "--json results.json\n"
               "  carcassonne arena random greedy --games 2000 --ray")
    arena.add_argument("bots", nargs="+", metavar="BOT", help="the bots, two or more")
    arena.add_argument("--games", type=positive_int, default=100, metavar="N",
                       help="games to play at least (default: 100)")
    arena.add_argument("--seed", type=int, default=0, metavar="S",
                       help="seed of the whole run (default: 0)")
    arena.add_argument("--players", type=positive_int, default=2, metavar="P",
                       help="players per game (default: 2)")
    arena.add_argument("--sets", type=parse_list, default=["base"], metavar="SET,...",
                       help="sets to play with (default: base)")
    arena.add_argument("--options", type=parse_options, default={}, metavar="NAME=VALUE,...",
                       help="rule options that differ from the defaults")
    arena.add_argument("--workers", type=positive_int, default=os.cpu_count() or 1,
                       metavar="W", help="processes to play on (default: one per core, "
                                         f"{os.cpu_count() or 1} here)")
    arena.add_argument("--ray", nargs="?", const="", default=None, metavar="ADDRESS",
                       help="play each game as a Ray task: on a new local Ray instance, "
                            "or on the cluster at ADDRESS (needs carcassonne[ray])")
    arena.add_argument("--timeout", type=timeout_seconds, default=10.0, metavar="SECONDS",
                       help="time an outside bot has for each decision (default: 10)")
    arena.add_argument("--strict", action="store_true",
                       help="stop at the first outside-bot failure (exit status 1) "
                            "instead of finishing its game with random moves")
    arena.add_argument("--json", default=None, metavar="FILE",
                       help="also write every result as JSON to FILE (- for standard "
                            "output; the table then goes to standard error)")
    arena.add_argument("--records", default=None, metavar="DIR",
                       help="also write each game's record to DIR")
    arena.add_argument("--quiet", action="store_true", help="no progress bar")


def _setup(args: argparse.Namespace) -> Setup:
    """Check the command line and answer the run's setup (status 2 if wrong)."""
    if args.ray:
        from carcassonne.bots import BOTS

        if args.ray in BOTS or args.ray.startswith("cmd:") or "=" in args.ray:
            raise CliError(f"--ray took the bot {args.ray!r} for a cluster address: put "
                           f"--ray after the bots, or write --ray= for a local instance", 2)
    try:
        found = entrants(args.bots)
    except ValueError as err:
        raise CliError(str(err), 2) from None
    if len(found) < 2:
        raise CliError("give at least two bots (the same one twice is fine)", 2)
    if args.players > len(found):
        raise CliError(f"--players {args.players} needs at least {args.players} bots, "
                       f"not {len(found)}", 2)
    try:
        game = Game.new(players=args.players, sets=args.sets, options=args.options, seed=0)
    except SetupError as err:
        raise CliError(str(err), 2) from None
    return Setup(tuple(found), args.players, tuple(game.sets), game.options.changed(),
                 args.seed, args.timeout, args.strict, args.records is not None)


def _check_outside(found: tuple[Entrant, ...], timeout: float) -> tuple[Entrant, ...]:
    """Start every outside bot once, before any game (status 1 if one cannot
    play); one without a label of its own takes the name it gives."""
    checked = []
    for entrant in found:
        if entrant.command is not None:
            try:
                name = probe(entrant.command, timeout=max(timeout, 10.0))
            except OutsideBotError as err:
                raise CliError(f"bot {entrant.label} cannot play: {err.reason}") from None
            if entrant.label == shlex.join(entrant.command) and clean_label(name):
                entrant = Entrant(clean_label(name), command=entrant.command)
        checked.append(entrant)
    return tuple(distinct(checked))


def run(args: argparse.Namespace) -> int:
    """Run the arena ``args`` describe; print the table, write the files."""
    setup = _setup(args)
    setup = replace(setup, entrants=_check_outside(setup.entrants, setup.timeout))
    if args.ray is not None:
        from carcassonne.arena.cluster import RayMissing, import_ray

        try:
            import_ray()
        except RayMissing as err:
            raise CliError(str(err)) from None
    if args.json not in (None, "-") and not Path(args.json).resolve().parent.is_dir():
        raise CliError(f"--json {args.json}: its folder does not exist", 2)
    jobs = schedule(setup, args.games)
    workers = min(args.workers, len(jobs))
    searching = [e.label for e in setup.entrants
                 if e.name is not None and own_processes(e.name) > 1]
    if searching and workers > 1 and args.ray is None:
        # a worker process may not start processes of its own: such a bot's games
        # are played in this process, one at a time, each searching on its processes
        print(f"carcassonne arena: {', '.join(searching)} search on processes of their "
              f"own: the games are played one at a time (--workers 1)", file=sys.stderr)
        workers = 1
    out = sys.stderr if args.json == "-" else sys.stdout
    print(_header(setup, len(jobs), args.ray, workers), file=out, flush=True)
    progress = None if args.quiet else ProgressBar(len(jobs))
    start = time.perf_counter()
    try:
        results = play(setup, args.games, workers, args.ray, progress)
    except ArenaError as err:
        if progress is not None:
            progress.finish()
        raise CliError(f"carcassonne arena: {err}") from None
    took = time.perf_counter() - start
    if progress is not None:
        progress.finish()
    summary = summarize(len(setup.entrants), results)
    print(table(setup, summary), file=out)
    print(textwrap.fill(notes(setup), 78), file=out)
    _report_failures(setup, results, out)
    print(f"{len(results)} games in {took:.1f} s ({len(results) / took:.1f} games/s)",
          file=out)
    if args.records is not None:
        _write_records(args.records, results)
    if args.json is not None:
        data = to_json(setup, args.games, results, summary, took,
                       "ray" if args.ray is not None else workers)
        text = dump_json(data, ("bots", "pairwise", "games"))
        if args.json == "-":
            sys.stdout.write(text)
        else:
            try:
                Path(args.json).write_text(text, "utf-8")
            except OSError as err:
                raise CliError(f"{args.json}: cannot write: {err.strerror or err}") from None
    return 0


def _header(setup: Setup, games: int, ray: str | None, workers: int) -> str:
    """``arena: 100 games (50 stacks x 2 seatings), 2 players, ...``"""
    rounds = len(seatings(len(setup.entrants), setup.players))
    stacks = games // rounds
    where = (f"Ray ({ray or 'a local instance'})" if ray is not None
             else f"{workers} worker{'s' * (workers > 1)}")
    options = f", options {_options(setup.options)}" if setup.options else ""
    return (f"arena: {games} games ({stacks} stack{'s' * (stacks > 1)} x {rounds} "
            f"seatings), {setup.players} players, sets {','.join(setup.sets)}{options}, "
            f"seed {setup.seed}, on {where}")


def _options(options: dict[str, Any]) -> str:
    return ",".join(f"{name}={json.dumps(value)}" for name, value in options.items())


def _report_failures(setup: Setup, results: list[GameResult], out: Any) -> None:
    """List the outside bots' failures (the first few), each naming bot, game and reason."""
    failures = [(r, f) for r in results for f in r.failures]
    if not failures:
        return
    print(f"outside-bot failures: {len(failures)} (each game went on with random moves "
          f"for that seat):", file=out)
    for result, failure in failures[:SHOWN_FAILURES]:
        print(f"  {failure.bot}: stack {result.stack}, seating {result.seating}, "
              f"move {failure.move}: {failure.reason}", file=out)
    if len(failures) > SHOWN_FAILURES:
        print(f"  ... and {len(failures) - SHOWN_FAILURES} more (see --json)", file=out)


def _write_records(folder: str, results: list[GameResult]) -> None:
    path = Path(folder)
    try:
        path.mkdir(parents=True, exist_ok=True)
        for result in results:
            assert result.record is not None
            name = f"game-{result.stack:04d}-{result.seating}.json"
            (path / name).write_text(dump_record(result.record), "utf-8")
    except OSError as err:
        raise CliError(f"{folder}: cannot write the records: {err.strerror or err}") from None
