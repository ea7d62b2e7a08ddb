"""Time at a table: real-time clocks, turn-based deadlines, abandoned games.

A table's :class:`Timing` is chosen when it is created and never changes.
Its :class:`Clock` is the state that time changes, stored with the table
after every move: when the pending decision began (``since``, an absolute
time), each seat's time left, missed deadlines and the seats whose clock
ran out. Every deadline is computed from these stored absolute times, so a
server that restarts keeps every clock right::

    >>> from datetime import datetime, UTC, timedelta
    >>> start = datetime(2026, 1, 1, tzinfo=UTC)
    >>> timing = Timing("clock", base=60, increment=5)
    >>> clock = Clock.started(timing, 2, start)
    >>> clock = clock.after_move(timing, 0, start + timedelta(seconds=20), think=None)
    >>> clock.remaining
    (45.0, 60.0)

Real-time clocks follow Fischer: a seat's clock runs while its decision is
pending and gains ``increment`` seconds after each of its moves. The lag of
a slow connection (the time between what the client says it thought and
what the server measured) is not charged, up to :data:`LAG_PER_MOVE` per
move and :data:`LAG_BANK` per game. Only human seats have clocks; bots
think on the server and never run out.

A game may be paused (pause.py): the clock then holds when it was paused
(``paused``) and nothing runs out while it is; resumed, the pending
decision's start moves on by the time paused, so every seat has the time
it had and a turn-based deadline is as far away as it was::

    >>> paused = clock.pausing(start + timedelta(seconds=30))
    >>> paused.deadline(timing, 1) is None
    True
    >>> resumed = paused.resuming(start + timedelta(hours=2, seconds=30))
    >>> resumed.deadline(timing, 1) - clock.deadline(timing, 1)
    datetime.timedelta(seconds=7200)
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from typing import Any

from carcassonne.engine.errors import shown
from carcassonne.server.errors import Refusal

#: Lag forgiven per move, and per seat over a whole game (seconds).
LAG_PER_MOVE = 1.0
LAG_BANK = 15.0
#: An untimed casual table with no move for this long ends as abandoned.
ABANDON_AFTER = timedelta(days=7)
#: Missed deadlines after which a turn-based seat goes to the stand-in.
MISSES_ALLOWED = 3
#: The bounds of a timing (seconds).
BASE_RANGE = (5, 3 * 3600)
INCREMENT_RANGE = (0, 300)
DEADLINE_RANGE = (3600, 14 * 86400)
KINDS = ("none", "clock", "turn")
#: What a clock run out means: the seat goes to the stand-in and ranks last
#: (the default), or, at a table of two, the game ends lost on time.
FLAGS = ("stand_in", "loss")
#: The bounds of ``time_loss_margin``: the score difference a competition
#: counts for a game lost on time.
MARGIN_RANGE = (1, 500)


@dataclass(frozen=True)
class Timing:
    """How a table is timed: ``none``; ``clock`` (``base`` seconds and
    ``increment`` per move; what a ``flag`` means and the
    ``time_loss_margin`` a competition counts for a game lost on time,
    flags.py); ``turn`` (``deadline`` seconds per move)."""

    kind: str = "none"
    base: int = 0
    increment: int = 0
    deadline: int = 0
    flag: str = "stand_in"
    time_loss_margin: int | None = None

    def public(self) -> dict[str, Any]:
        """``TIMING`` of the protocol (as stored too): a clock's ``flag`` and
        ``time_loss_margin`` only when not the defaults."""
        if self.kind == "clock":
            out: dict[str, Any] = {"kind": "clock", "base": self.base,
                                   "increment": self.increment}
            if self.flag != "stand_in":
                out["flag"] = self.flag
            if self.time_loss_margin is not None:
                out["time_loss_margin"] = self.time_loss_margin
            return out
        if self.kind == "turn":
            return {"kind": "turn", "deadline": self.deadline}
        return {"kind": "none"}

    @classmethod
    def from_stored(cls, data: dict[str, Any] | None) -> Timing:
        if not data:
            return cls()
        return cls(data.get("kind", "none"), data.get("base", 0), data.get("increment", 0),
                   data.get("deadline", 0), data.get("flag", "stand_in"),
                   data.get("time_loss_margin"))

    @classmethod
    def from_body(cls, value: Any) -> Timing:
        """A checked ``timing`` of a new table's body (None: untimed)."""
        if value is None:
            return cls()
        if not isinstance(value, dict):
            raise Refusal(400, f"timing must be an object, not {shown(value)}")
        kind = value.get("kind", "none")
        if kind not in KINDS:
            raise Refusal(400, f"timing kind must be one of {', '.join(KINDS)}, "
                               f"not {shown(kind)}")
        known = {"none": {"kind"},
                 "clock": {"kind", "base", "increment", "flag", "time_loss_margin"},
                 "turn": {"kind", "deadline"}}[kind]
        extra = sorted(set(value) - known)
        if extra:
            raise Refusal(400, f"timing {kind}: unknown field {shown(extra[0])}")
        if kind == "clock":
            return cls("clock", base=_seconds(value, "base", BASE_RANGE, None),
                       increment=_seconds(value, "increment", INCREMENT_RANGE, 0),
                       **_flag(value))
        if kind == "turn":
            return cls("turn", deadline=_seconds(value, "deadline", DEADLINE_RANGE, None))
        return cls()


def _seconds(value: dict[str, Any], key: str, bounds: tuple[int, int],
             default: int | None) -> int:
    number = value.get(key, default)
    if type(number) is not int or not bounds[0] <= number <= bounds[1]:
        raise Refusal(400, f"timing {key} must be a whole number of seconds from "
                           f"{bounds[0]} to {bounds[1]}, not {shown(number)}")
    return number


def _flag(value: dict[str, Any]) -> dict[str, Any]:
    """A clock timing's ``flag`` and ``time_loss_margin``, checked: a margin
    is what a loss on time counts, so it needs ``"flag": "loss"``."""
    flag = value.get("flag", "stand_in")
    if flag not in FLAGS:
        raise Refusal(400, f"timing flag must be one of {', '.join(FLAGS)}, not {shown(flag)}")
    margin = value.get("time_loss_margin")
    if margin is not None:
        if type(margin) is not int or not MARGIN_RANGE[0] <= margin <= MARGIN_RANGE[1]:
            raise Refusal(400, f"timing time_loss_margin must be null or a whole number "
                               f"from {MARGIN_RANGE[0]} to {MARGIN_RANGE[1]}, not {shown(margin)}")
        if flag != "loss":
            raise Refusal(400, "timing time_loss_margin counts a loss on time: it needs "
                               "\"flag\": \"loss\"")
    return {"flag": flag, "time_loss_margin": margin}


@dataclass(frozen=True)
class Clock:
    """What time has done at one table: since when the pending decision
    runs, each seat's time left (clock tables), lag still forgiven, missed
    deadlines (turn tables), the seats whose clock ran out and when each of
    them reached zero (``out_at``, ISO times, one for each of ``out``)."""

    since: datetime
    remaining: tuple[float, ...]
    lag: tuple[float, ...]
    missed: tuple[int, ...]
    out: tuple[int, ...] = field(default=())
    out_at: tuple[str, ...] = field(default=())
    #: When the game was paused (None: it runs), and the seats that asked
    #: for the change from what it is: to pause while it runs, to resume
    #: while it is paused (pause.py).
    paused: datetime | None = None
    asked: tuple[int, ...] = ()

    @classmethod
    def started(cls, timing: Timing, players: int, now: datetime) -> Clock:
        return cls(since=now, remaining=(float(timing.base),) * players,
                   lag=(LAG_BANK,) * players, missed=(0,) * players)

    def stored(self) -> dict[str, Any]:
        return {"since": self.since.isoformat(), "remaining": list(self.remaining),
                "lag": list(self.lag), "missed": list(self.missed), "out": list(self.out),
                "out_at": list(self.out_at),
                "paused": None if self.paused is None else self.paused.isoformat(),
                "asked": list(self.asked)}

    @classmethod
    def from_stored(cls, data: dict[str, Any] | None) -> Clock | None:
        if not data:
            return None
        paused = data.get("paused")
        return cls(datetime.fromisoformat(data["since"]), tuple(data["remaining"]),
                   tuple(data["lag"]), tuple(data["missed"]), tuple(data.get("out", ())),
                   tuple(data.get("out_at", ())),
                   None if paused is None else datetime.fromisoformat(paused),
                   tuple(data.get("asked", ())))

    def pausing(self, now: datetime) -> Clock:
        """The clock paused at ``now``: no time runs until it resumes."""
        return replace(self, paused=now, asked=())

    def resuming(self, now: datetime) -> Clock:
        """The paused clock resumed at ``now``: the pending decision began
        as much later as the pause lasted, so no time was charged."""
        assert self.paused is not None
        return replace(self, since=self.since + max(now - self.paused, timedelta(0)),
                       paused=None, asked=())

    def asking(self, seats: list[int] | tuple[int, ...]) -> Clock:
        """The clock with ``seats`` asking to pause (or, paused, to resume)."""
        return replace(self, asked=tuple(sorted(seats)))

    def after_move(self, timing: Timing, seat: int, now: datetime,
                   think: float | None, timed: bool = True) -> Clock:
        """The clock once ``seat`` moved at ``now`` (``think``: the seconds
        its client says it thought; ``timed``: the seat is a person's, whose
        clock runs); the next decision starts at ``now``."""
        if timing.kind != "clock" or not timed:
            return replace(self, since=now)
        elapsed = max(0.0, (now - self.since).total_seconds())
        forgiven = 0.0
        if think is not None:
            forgiven = min(max(0.0, elapsed - think), LAG_PER_MOVE, self.lag[seat])
        remaining = list(self.remaining)
        remaining[seat] = max(0.0, remaining[seat] - (elapsed - forgiven)) + timing.increment
        lag = list(self.lag)
        lag[seat] -= forgiven
        return replace(self, since=now, remaining=tuple(round(r, 3) for r in remaining),
                       lag=tuple(round(x, 3) for x in lag))

    def deadline(self, timing: Timing, seat: int, allowance: bool = True) -> datetime | None:
        """When ``seat``'s pending decision runs out of time (with the lag it
        may still be forgiven when ``allowance``), or None if it cannot
        (while the game is paused, nothing runs out)."""
        if self.paused is not None:
            return None
        if timing.kind == "clock":
            extra = min(LAG_PER_MOVE, self.lag[seat]) if allowance else 0.0
            return self.since + timedelta(seconds=self.remaining[seat] + extra)
        if timing.kind == "turn":
            return self.since + timedelta(seconds=timing.deadline)
        return None

    def ran_out(self, seat: int) -> Clock:
        """``seat``'s clock reached zero: it is out for good. The moment it
        reached zero is kept (``out_at``): the server's time when its
        decision began plus the time it had left, whenever the timekeeper
        noticed (after any lag allowance)."""
        remaining = list(self.remaining)
        at = self.since + timedelta(seconds=remaining[seat])
        remaining[seat] = 0.0
        return replace(self, remaining=tuple(remaining), out=(*self.out, seat),
                       out_at=(*self.out_at, at.isoformat(timespec="milliseconds")))

    def missed_one(self, seat: int) -> Clock:
        """``seat`` missed a turn-based deadline."""
        missed = list(self.missed)
        missed[seat] += 1
        return replace(self, missed=tuple(missed))

    def public(self, timing: Timing, running: int | None, humans: list[bool],
               now: datetime) -> dict[str, Any]:
        """``CLOCK`` of the protocol as of ``now``: time left per seat (null
        for bots and untimed tables), the running seat and its deadline
        (while paused, none runs: the time left is as of the pause), and
        the pause (``paused``, ``pause_asked``: pause.py)."""
        remaining: list[float | None] = [None] * len(self.remaining)
        until = now if self.paused is None else self.paused
        if timing.kind == "clock":
            for seat, left in enumerate(self.remaining):
                if humans[seat]:
                    if seat == running:
                        left = max(0.0, left - (until - self.since).total_seconds())
                    remaining[seat] = round(left, 1)
        pause = None if self.paused is None else {"since": self.paused.isoformat(),
                                                  "asked": list(self.asked)}
        if pause is not None:
            running = None
        deadline = None
        if running is not None and timing.kind != "none":
            moment = self.deadline(timing, running, allowance=False)
            deadline = moment.isoformat() if moment else None
        return {"remaining": remaining, "running": running, "deadline": deadline,
                "missed": list(self.missed), "out": list(self.out),
                "out_at": list(self.out_at), "paused": pause,
                "pause_asked": [] if pause is not None else list(self.asked)}
