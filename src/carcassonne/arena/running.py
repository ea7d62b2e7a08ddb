"""Playing the games of an arena: one game, and all of them on every core.

:func:`play_game` plays one :class:`~carcassonne.arena.pairing.Job` from
start to end and answers a :class:`GameResult`: plain data that travels
back from a worker process or a Ray task. :func:`run_local` plays every job
on a pool of worker processes (or in this process for one worker) and
answers the results in the order of the jobs, so the numbers never depend
on which worker finished first.

An outside bot that fails (no answer in time, a malformed or illegal answer,
a crash) is stopped, the failure is kept in the result, and a random bot
seeded from the game finishes that seat's game, so the pairing stays whole;
with ``strict`` the run stops there instead (:class:`ArenaError`).
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from carcassonne.arena.pairing import Job
from carcassonne.bots import Bot
from carcassonne.bots.outside import OutsideBotError
from carcassonne.bots.random_bot import RandomBot
from carcassonne.engine import Game

#: Called with the number of games done so far.
Progress = Callable[[int], None]


class ArenaError(Exception):
    """The run cannot go on (an outside bot failed and the run is strict)."""


@dataclass(frozen=True)
class Failure:
    """An outside bot's failure in one game, from move ``move`` on."""

    seat: int
    bot: str
    move: int
    kind: str
    reason: str

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "bot": self.bot, "move": self.move, "kind": self.kind,
                "reason": self.reason}


@dataclass(frozen=True)
class GameResult:
    """What one game of the arena gave."""

    stack: int
    seating: int
    #: Entrant index by seat.
    seats: tuple[int, ...]
    stack_seed: int
    bot_seeds: tuple[int, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    moves: int
    failures: tuple[Failure, ...] = ()
    record: dict[str, Any] | None = None

    def to_dict(self, labels: list[str]) -> dict[str, Any]:
        """The result as JSON data, bots by label."""
        return {"stack": self.stack, "seating": self.seating,
                "players": [labels[i] for i in self.seats], "stack_seed": self.stack_seed,
                "bot_seeds": list(self.bot_seeds), "scores": list(self.scores),
                "winners": list(self.winners), "moves": self.moves,
                "failures": [f.to_dict() for f in self.failures]}


def play_game(job: Job) -> GameResult:
    """Play ``job``'s game to the end (in whatever process runs this)."""
    setup = job.setup
    labels = [setup.entrants[i].label for i in job.seats]
    game = Game.new(players=labels, sets=setup.sets, options=dict(setup.options),
                    seed=job.stack_seed)
    seeds = tuple(job.bot_seed(seat) for seat in range(len(job.seats)))
    bots: list[Bot] = [setup.entrants[i].build(seeds[seat], setup.timeout)
                       for seat, i in enumerate(job.seats)]
    failures: list[Failure] = []
    try:
        while not game.is_over:
            seat = game.current_player
            assert seat is not None
            try:
                move = bots[seat].choose(game)
            except OutsideBotError as err:
                failure = Failure(seat, labels[seat], len(game.moves), err.kind, err.reason)
                if setup.strict:
                    raise ArenaError(describe(job, failure)) from None
                failures.append(failure)
                bots[seat] = RandomBot(job.fallback_seed(seat))
                move = bots[seat].choose(game)
            game.play(move)
    finally:
        for bot in bots:
            close = getattr(bot, "close", None)
            if close is not None:
                close(game)
    return GameResult(job.stack, job.seating, job.seats, job.stack_seed, seeds,
                      tuple(game.scores), tuple(game.winners), len(game.moves),
                      tuple(failures), game.to_record() if setup.records else None)


def describe(job: Job, failure: Failure) -> str:
    """One line about a failure, naming the bot, the game and the reason."""
    return (f"bot {failure.bot} failed in stack {job.stack}, seating {job.seating} "
            f"(seat {failure.seat}), move {failure.move}: {failure.reason}")


def ordered(results: Iterable[GameResult]) -> list[GameResult]:
    """Results in the order of the jobs: by stack, then seating."""
    return sorted(results, key=lambda r: (r.stack, r.seating))


def each_result(jobs: list[Job], workers: int, chunk: int | None = None
                ) -> Iterator[GameResult]:
    """Play every job on ``workers`` processes (in this process for one) and
    answer the results: in the order of the jobs for one worker, as they
    finish for more. A worker takes ``chunk`` jobs at a time and hands
    their results back together (by default up to 16, fewer for short
    runs, which saves messages when games are quick); ``chunk=1`` answers
    each game as it ends."""
    workers = max(1, min(workers, len(jobs)))
    if workers == 1:
        yield from map(play_game, jobs)
        return
    if chunk is None:
        chunk = max(1, min(16, len(jobs) // (workers * 8)))
    with multiprocessing.get_context().Pool(workers) as pool:
        yield from pool.imap_unordered(play_game, jobs, chunksize=chunk)


def run_local(jobs: list[Job], workers: int, progress: Progress | None = None
              ) -> list[GameResult]:
    """Play every job on ``workers`` processes; results in the order of the jobs."""
    results: list[GameResult] = []
    for result in each_result(jobs, workers):
        results.append(result)
        if progress is not None:
            progress(len(results))
    return ordered(results)
