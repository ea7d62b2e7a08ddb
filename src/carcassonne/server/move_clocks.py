"""The clock on every move: what time each stored move took, by the server.

Each move the server stores carries an added key ``clock`` (docs/formats.md
lets a record add keys; a reader ignores those it does not know), so the
record of a game says when each move was accepted, how long its mover took
and how much time every seat had left after it. A referee reads the exact
sequence before a disputed flag from it::

    >>> from datetime import datetime, UTC, timedelta
    >>> from carcassonne.server.timing import Clock, Timing
    >>> start = datetime(2026, 1, 1, tzinfo=UTC)
    >>> timing = Timing("clock", base=60, increment=5)
    >>> before = Clock.started(timing, 2, start)
    >>> moved = start + timedelta(seconds=20)
    >>> after = before.after_move(timing, 0, moved, think=19.5)
    >>> move_clock(timing, before, after, 0, moved, clocked=[True, False])
    {'at': '2026-01-01T00:00:20.000+00:00', 'taken': 20.0, 'left': [45.5, None], 'credit': 0.5}

``taken`` is the server's time from the decision being offered to the move
being accepted, before any lag credit; ``credit`` the lag forgiven (see
timing.py); ``left`` each seat's time after the move, the mover's
increment included: null for a seat without a clock (a bot, an untimed or
turn-based table), 0 for a seat whose clock ran out. So for a timed mover,
its time before less ``taken - credit`` (never below zero) plus the
increment is its ``left``.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from carcassonne.engine import Game
    from carcassonne.server.timing import Clock, Timing


def move_clock(timing: Timing, before: Clock, after: Clock, seat: int, now: datetime,
               clocked: Sequence[bool]) -> dict[str, Any]:
    """The ``clock`` of a move ``seat`` made at ``now``: ``before`` is the
    table's clock when the decision was offered, ``after`` the clock the
    move left (timing.py's ``Clock.after_move``); ``clocked`` says which
    seats a person plays (their clocks run)."""
    taken = max(0.0, (now - before.since).total_seconds())
    left: list[float | None] = [None] * len(after.remaining)
    if timing.kind == "clock":
        for index, remaining in enumerate(after.remaining):
            if index in after.out:
                left[index] = 0.0
            elif clocked[index]:
                left[index] = remaining
    credit = round(max(0.0, before.lag[seat] - after.lag[seat]), 3)
    return {"at": now.isoformat(timespec="milliseconds"), "taken": round(taken, 1),
            "left": left, "credit": credit}


def with_clocks(game: Game | None, stored: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The record of ``game`` (over), each move with the ``clock`` stored
    with it (``stored``: the table's moves as the database keeps them).
    A move stored before moves had clocks has none."""
    assert game is not None
    record = game.to_record()
    moves = record["moves"]
    for index, kept in enumerate(stored[:len(moves)]):
        if isinstance(kept, dict) and "clock" in kept:
            moves[index] = {**moves[index], "clock": kept["clock"]}
    return record
