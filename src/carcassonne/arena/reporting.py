"""The arena's results for people (a table) and for programs (JSON).

The table has one row per bot::

    bot      games   wins   win%  mean score  score diff [95% CI]    rating
    random     100   11.5  11.5%        41.3  -27.4 [-30.1, -24.7]    1500
    greedy     100   88.5  88.5%        68.7  +27.4 [+24.7, +30.1]    1843

and, with more than two bots, the head-to-head points of every pair. The
JSON (``--json``, format ``carcassonne-arena/1``) holds the setup, the same
numbers, the pairwise results and every game: its stack and seating, the
seeds of its stack and bots, the players, scores, winners and any
outside-bot failure, so each game can be played again on its own.
"""

from __future__ import annotations

from typing import Any

from carcassonne.arena.pairing import Setup
from carcassonne.arena.running import GameResult
from carcassonne.arena.statistics import Interval, Summary

#: The ``format`` of the JSON results.
FORMAT = "carcassonne-arena/1"


def _signed(value: float) -> str:
    return f"{value:+.1f}"


def interval_text(interval: Interval) -> str:
    """``+27.4 [+24.7, +30.1]``, or the mean alone without an interval."""
    text = _signed(interval.mean)
    if interval.low is not None and interval.high is not None:
        text += f" [{_signed(interval.low)}, {_signed(interval.high)}]"
    return text


def table(setup: Setup, summary: Summary) -> str:
    """The per-bot table, then the head-to-head table with more than two bots."""
    labels = [e.label for e in setup.entrants]
    failed = any(s.failures for s in summary.bots)
    head = ["bot", "games", "wins", "win%", "mean score", "score diff [95% CI]", "rating"]
    if failed:
        head.append("failures")
    rows = [head]
    for label, stats in zip(labels, summary.bots, strict=True):
        rate = 100 * stats.wins / stats.games if stats.games else 0.0
        row = [label, str(stats.games), f"{stats.wins:g}", f"{rate:.1f}%",
               f"{stats.mean_score:.1f}", interval_text(stats.score_diff),
               f"{stats.rating:.0f}"]
        if failed:
            row.append(str(stats.failures))
        rows.append(row)
    lines = _columns(rows, left=(0, 5))
    if len(labels) > 2:
        lines += ["", "head to head: points of the row's bot against the column's "
                      "(1 a game won, 1/2 a tie)"]
        grid = [["", *labels]]
        for i, label in enumerate(labels):
            grid.append([label, *("-" if i == j else
                                  f"{summary.points[i][j]:g}/{summary.met[i][j]}"
                                  for j in range(len(labels)))])
        lines += _columns(grid, left=(0,))
    return "\n".join(lines)


def _columns(rows: list[list[str]], left: tuple[int, ...]) -> list[str]:
    """Rows as aligned text columns; the ``left`` columns flush left."""
    widths = [max(len(row[c]) for row in rows) for c in range(len(rows[0]))]
    return ["  ".join(cell.ljust(widths[c]) if c in left else cell.rjust(widths[c])
                      for c, cell in enumerate(row)).rstrip() for row in rows]


def notes(setup: Setup) -> str:
    """How to read the table."""
    first = setup.entrants[0].label
    return ("wins: a game whose top score k players share counts 1/k for each. "
            "score diff: the bot's score minus the mean of the others', with its 95% "
            "confidence interval over stacks (each stack played in every seating). "
            f"rating: Elo scale fitted to the pairwise results, {first} = 1500 "
            "(docs/bots.md).")


def to_json(setup: Setup, games: int, results: list[GameResult], summary: Summary,
            seconds: float, workers: int | str) -> dict[str, Any]:
    """Everything about a run as JSON data (see the module docstring)."""
    labels = [e.label for e in setup.entrants]
    bots = []
    for entrant, stats in zip(setup.entrants, summary.bots, strict=True):
        diff = stats.score_diff
        bots.append({**entrant.to_dict(), "games": stats.games, "wins": stats.wins,
                     "win_rate": stats.wins / stats.games if stats.games else 0.0,
                     "mean_score": stats.mean_score,
                     "score_diff": {"mean": diff.mean, "ci95": None if diff.low is None
                                    else [diff.low, diff.high], "stacks": diff.samples},
                     "rating": stats.rating, "failures": stats.failures})
    pairs = [{"bot": labels[i], "against": labels[j], "points": summary.points[i][j],
              "games": summary.met[i][j]}
             for i in range(len(labels)) for j in range(len(labels))
             if i != j and summary.met[i][j]]
    stacks = max((r.stack for r in results), default=0)
    return {"format": FORMAT,
            "setup": {**setup.to_dict(), "games_asked": games, "games": len(results),
                      "stacks": stacks},
            "bots": bots, "pairwise": pairs,
            "games": [r.to_dict(labels) for r in results],
            "timing": {"seconds": seconds, "workers": workers,
                       "games_per_second": len(results) / seconds if seconds else None}}
