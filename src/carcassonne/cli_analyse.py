"""``carcassonne analyse``: the computer review of a recorded game.

Prints one line per decision (the record's move index, the player, the move
played, the best move found, the loss in points and its class) and each
player's summary; with two players, also the mover's chance of winning.
With ``--json``, the same as JSON (:meth:`Review.to_dict`: per decision
``move``, ``played_value``, ``best_value``, ``loss`` and ``class``, and
``played_chance`` and ``best_chance``, for other tools). A record that
cannot be read or replayed gives exit status 1 and one line on standard
error, as ``replay`` does.
"""

from __future__ import annotations

import argparse
import sys
import textwrap
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from carcassonne.analysis.review import EXACT
from carcassonne.bots.expectimax import Plan
from carcassonne.cli_common import dump_json, positive_int, seconds


def add_parser(commands: Any, formatter: Callable[[str], argparse.HelpFormatter]) -> None:
    analyse = commands.add_parser(
        "analyse", formatter_class=formatter, help="review a recorded game move by move",
        description="Weigh every decision of a recorded game with the expert's search: the "
                    "mover's expected final lead after the move played and after the best "
                    "move found, the loss between them in points, and its class (best, "
                    "good, inaccuracy, mistake, blunder; docs/analysis.md).",
        epilog=textwrap.fill("exit status: 0 once the review is printed; 1 if the record "
                             "cannot be read or replayed (one line on standard error, as for "
                             "'replay').", 79) + "\n\n"
               "examples:\n"
               "  carcassonne analyse game.json\n"
               "  carcassonne analyse game.json --seconds 0.5\n"
               "  carcassonne analyse game.json --json > review.json")
    analyse.add_argument("record", metavar="RECORD.json",
                         help="the record to review, or - to read it from standard input")
    analyse.add_argument("--seconds", type=_per_decision, default=None, metavar="S",
                         help="look at no further tile once a decision has taken S seconds "
                              "(default: no limit; the review then depends on the machine)")
    analyse.add_argument("--work", type=positive_int, default=None, metavar="N",
                         help="the search's work budget a decision (default: the expert's, "
                              f"{Plan().work})")
    analyse.add_argument("--exact", type=int, default=EXACT, metavar="N",
                         help="solve a decision exactly once at most N tiles are left to "
                              f"place, when it fits a few seconds (default: {EXACT}; 0: never)")
    analyse.add_argument("--seed", type=int, default=0, metavar="S",
                         help="seed of the search (default: 0)")
    analyse.add_argument("--json", action="store_true",
                         help="print the review as JSON instead of a table")


def _per_decision(text: str) -> float:
    return seconds(text, 0, 3600, low_allowed=False)


def run(args: argparse.Namespace) -> int:
    """Review the record ``args.record`` and print the review."""
    from carcassonne.analysis import analyse
    from carcassonne.cli_replay import read_record, replay

    record = read_record(args.record)
    replay(record, "<stdin>" if args.record == "-" else args.record)  # refused in one line
    plan = Plan() if args.work is None else replace(Plan(), work=args.work)
    show = _progress if sys.stderr.isatty() else None
    review = analyse(record, plan, args.seed, args.seconds, args.exact, show)
    if show is not None:
        print(file=sys.stderr)
    data = review.to_dict()
    if args.json:
        print(dump_json(data, ("decisions", "summary")), end="")
    else:
        print(table(data))
    return 0


def _progress(done: int, total: int) -> None:
    print(f"\rweighing decision {done} of {total}", end="", file=sys.stderr, flush=True)


def _chance(decision: dict[str, Any]) -> str:
    played, best = (round(100 * decision[k]) for k in ("played_chance", "best_chance"))
    return f"{played}%" if played == best else f"{played}% ({best}%)"


def table(data: dict[str, Any]) -> str:
    """The review as text: a line per decision ("=" where the best move is
    the one played; with two players, the mover's chance of winning after
    the move played, and after the best move where it differs), then each
    player's summary."""
    names = data["players"]
    chances = len(names) == 2
    rows = [(str(d["move"]), names[d["player"]], d["played"],
             "=" if d["best"] == d["played"] else d["best"], f"{d['loss']:.1f}", d["class"],
             *([_chance(d)] if chances else []))
            for d in data["decisions"]]
    head = ("move", "player", "played", "best", "loss", "class", *(["win"] if chances else []))
    widths = [max(len(row[i]) for row in [head, *rows]) for i in range(len(head))]
    lines = ["  ".join(cell.rjust(w) if i in (0, 4) else cell.ljust(w)
                       for i, (cell, w) in enumerate(zip(row, widths, strict=True))).rstrip()
             for row in [head, *rows]]
    lines.append("")
    for s in data["summary"]:
        counts = ", ".join(f"{n} {k}" for k, n in s["classes"].items() if n)
        largest = ", ".join(f"move {x['move']} ({x['loss']:.1f}, {x['class']})"
                            for x in s["largest"]) or "none"
        about = ", ".join(f"{n} {k.replace('_', ' ')}" for k, n in
                          sorted(s["about"].items(), key=lambda kv: -kv[1]) if n)
        lines.append(f"{s['name']}: {s['score']} points, {s['decisions']} decisions, "
                     f"average loss {s['average_loss']:.2f}; {counts or 'no decision'}; "
                     f"largest losses: {largest}" + (f"; about: {about}" if about else ""))
    return "\n".join(lines)
