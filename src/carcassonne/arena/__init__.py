"""The arena: bots against bots in paired games, measured with care.

``carcassonne arena random greedy --games 200 --seed 1`` plays 100 stacks,
each twice with the seats swapped, on every core, and prints for each bot
its wins, mean score, mean score difference with a 95% confidence interval
and a rating. In Python::

    >>> from carcassonne.arena import Setup, entrants, play, summarize
    >>> setup = Setup(tuple(entrants(["random", "random"])), seed=1)
    >>> results = play(setup, games=4, workers=1)
    >>> [(r.stack, r.seating, r.seats) for r in results]
    [(1, 0, (0, 1)), (1, 1, (1, 0)), (2, 0, (0, 1)), (2, 1, (1, 0))]
    >>> summarize(2, results).bots[0].games
    4

The parts:

- :mod:`~carcassonne.arena.entrants`: bots by name or outside programs;
- :mod:`~carcassonne.arena.pairing`: seatings, stacks and seeds;
- :mod:`~carcassonne.arena.running`: one game, and all of them on a
  process pool; :mod:`~carcassonne.arena.cluster`: the same on Ray;
- :mod:`~carcassonne.arena.statistics`: wins, scores, intervals, ratings;
- :mod:`~carcassonne.arena.reporting`: the table and the JSON;
- :mod:`~carcassonne.arena.progress`: the progress bar.
"""

from __future__ import annotations

from carcassonne.arena.entrants import Entrant, entrants, parse_entrant
from carcassonne.arena.pairing import Job, Setup, schedule, seatings
from carcassonne.arena.running import (
    ArenaError,
    Failure,
    GameResult,
    Progress,
    each_result,
    play_game,
    run_local,
)
from carcassonne.arena.statistics import Summary, summarize


def play(setup: Setup, games: int, workers: int = 1, ray: str | None = None,
         progress: Progress | None = None) -> list[GameResult]:
    """Play a run of at least ``games`` games (whole rounds) and answer the
    results in order. ``ray`` None plays on ``workers`` local processes;
    a text plays on Ray (empty: a local Ray instance with ``workers`` CPUs;
    else the address of a cluster)."""
    jobs = schedule(setup, games)
    if ray is None:
        return run_local(jobs, workers, progress)
    from carcassonne.arena.cluster import run_ray

    return run_ray(jobs, ray or None, workers if not ray else None, progress)


__all__ = ["ArenaError", "Entrant", "Failure", "GameResult", "Job", "Setup", "Summary",
           "each_result", "entrants", "parse_entrant", "play", "play_game", "run_local",
           "schedule", "seatings", "summarize"]
