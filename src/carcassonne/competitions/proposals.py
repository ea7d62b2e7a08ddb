"""When a match is played: proposed times, answers, and the time agreed.

The players of a match agree on a time in its thread. One proposes one to
:data:`MOST_TIMES` times; another player accepts one of them, or counters
with a proposal of their own. Everything said is kept as a list of
:class:`Entry` values, oldest first, and the rest is read from it:

- only the newest proposal of a match is open: a newer proposal (a
  counter, or the proposer's own change) supersedes the older ones that
  were not accepted;
- a proposal is **accepted** once every player of the match but its
  proposer has accepted the same one of its times; that time is the
  match's **agreed** time, until a newer proposal is accepted in turn.

Nothing here reads a clock or a database: the caller gives ``now`` and
the round's deadline. A check that fails raises :class:`Refused`, with the
HTTP status the server answers and every reason found.

    >>> from datetime import UTC, datetime
    >>> now = datetime(2026, 12, 6, 12, 0, tzinfo=UTC)
    >>> times = check_times(["2026-12-07T19:00:00+09:00"], now, None)
    >>> times[0].isoformat()
    '2026-12-07T10:00:00+00:00'
    >>> ann = Entry(1, "proposal", "ann", times, None)
    >>> bob = Entry(2, "accept", "bob", times, 1)
    >>> agreed([ann, bob], ["ann", "bob"]).isoformat()
    '2026-12-07T10:00:00+00:00'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

#: The most times one proposal offers.
MOST_TIMES = 3
#: The most proposals a match keeps: beyond, the players should talk.
MOST_PROPOSALS = 50
#: The longest zone name accepted (the IANA database's are far shorter).
ZONE_LENGTH = 64


class Refused(ValueError):
    """A proposal or an answer that cannot be taken: ``status`` is the HTTP
    status to answer (400 for what the asker wrote, 403 for who they are,
    409 for what the match's state allows), ``reasons`` every problem."""

    def __init__(self, status: int, reasons: Sequence[str]) -> None:
        super().__init__("; ".join(reasons))
        self.status = status
        self.reasons = tuple(reasons)


@dataclass(frozen=True, slots=True)
class Entry:
    """One thing said about a match's time: a ``proposal`` of ``times`` by
    ``account``, or an ``accept`` of one time (``times`` holds it) of the
    proposal numbered ``proposal``. ``id`` orders the entries."""

    id: int
    kind: str
    account: str
    times: tuple[datetime, ...]
    proposal: int | None


def parse_time(value: object) -> datetime:
    """An ISO-8601 time with its offset, as an aware UTC time to the second.

        >>> parse_time("2026-12-07T18:30:00-05:00").isoformat()
        '2026-12-07T23:30:00+00:00'
        >>> parse_time("2026-12-07T18:30")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        carcassonne.competitions.proposals.Refused: a time needs its offset ...
    """
    if not isinstance(value, str) or len(value) > 40:
        raise Refused(400, [f"a time is ISO-8601 text with its offset, not {value!r}"])
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        raise Refused(400, [f"a time is ISO-8601 text with its offset, not {value!r}"]) from None
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise Refused(400, [f"a time needs its offset (…+09:00 or …Z), not {value!r}"])
    return moment.astimezone(UTC).replace(microsecond=0)


def check_zone(value: object) -> str:
    """An IANA time zone's name (``Asia/Tokyo``), as given.

        >>> check_zone("Europe/Paris")
        'Europe/Paris'
        >>> check_zone("Mars/Olympus")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        carcassonne.competitions.proposals.Refused: zone must be an IANA time zone ...
    """
    problem = Refused(400, [f"zone must be an IANA time zone (Europe/Paris), not {value!r}"])
    if (not isinstance(value, str) or not 1 <= len(value) <= ZONE_LENGTH
            or value.startswith(("/", ".")) or ".." in value or "\\" in value):
        raise problem
    try:
        ZoneInfo(value)
    except (ZoneInfoNotFoundError, ValueError, OSError):
        raise problem from None
    return value


def check_times(values: object, now: datetime, deadline: datetime | None) -> tuple[datetime, ...]:
    """The times of a proposal: one to :data:`MOST_TIMES` distinct times,
    each after ``now`` and none after the round's ``deadline`` (if any).
    Every problem is named at once.

        >>> now = datetime(2026, 12, 6, 12, tzinfo=UTC)
        >>> try:
        ...     check_times(["2026-12-05T10:00Z", "2026-12-09T10:00Z"], now,
        ...                 datetime(2026, 12, 8, tzinfo=UTC))
        ... except Refused as error:
        ...     print(error.status, *error.reasons, sep="\\n")
        400
        2026-12-05 10:00 UTC has passed
        2026-12-09 10:00 UTC is after the round's deadline (2026-12-08 00:00 UTC)
    """
    if not isinstance(values, list) or not values:
        raise Refused(400, [f"times must be a list of 1 to {MOST_TIMES} times"])
    if len(values) > MOST_TIMES:
        raise Refused(400, [f"a proposal offers at most {MOST_TIMES} times, not {len(values)}"])
    times = tuple(parse_time(value) for value in values)
    reasons = []
    if len(set(times)) != len(times):
        reasons.append("the times of a proposal are different times")
    for moment in times:
        if moment <= now:
            reasons.append(f"{shown_time(moment)} has passed")
        elif deadline is not None and moment > deadline:
            reasons.append(f"{shown_time(moment)} is after the round's deadline "
                           f"({shown_time(deadline)})")
    if reasons:
        raise Refused(400, reasons)
    return tuple(sorted(times))


def shown_time(moment: datetime) -> str:
    """A time as the reasons show it: ``2026-12-07 18:00 UTC``."""
    return moment.astimezone(UTC).strftime("%Y-%m-%d %H:%M UTC")


def proposals(entries: Sequence[Entry]) -> list[Entry]:
    """The proposals among ``entries``, oldest first."""
    return [entry for entry in entries if entry.kind == "proposal"]


def accepted_time(entries: Sequence[Entry], proposal: Entry,
                  players: Sequence[str]) -> datetime | None:
    """The time of ``proposal`` that every player but its proposer
    accepted, or None while someone has not (or they chose differently)."""
    others = {p for p in players if p != proposal.account}
    chosen = {entry.account: entry.times[0] for entry in entries
              if entry.kind == "accept" and entry.proposal == proposal.id}
    times = {chosen.get(player) for player in others}
    if not others or len(times) != 1 or None in times:
        return None
    return times.pop()


def status(entries: Sequence[Entry], proposal: Entry, players: Sequence[str]) -> str:
    """``accepted``, ``open`` (the newest, not yet accepted) or
    ``countered`` (a newer proposal came before it was accepted)."""
    if accepted_time(entries, proposal, players) is not None:
        return "accepted"
    newest = proposals(entries)[-1]
    return "open" if newest.id == proposal.id else "countered"


def agreed(entries: Sequence[Entry], players: Sequence[str]) -> datetime | None:
    """The match's agreed time: that of the newest accepted proposal."""
    for proposal in reversed(proposals(entries)):
        moment = accepted_time(entries, proposal, players)
        if moment is not None:
            return moment
    return None


def check_proposer(entries: Sequence[Entry], players: Sequence[str], account: str) -> None:
    """Whether ``account`` may propose: a player of a match of two or more
    people, below :data:`MOST_PROPOSALS`."""
    if account not in players:
        raise Refused(403, ["only the match's players propose times"])
    if len(players) < 2:
        raise Refused(409, ["a match against a bot needs no agreed time: a bot plays "
                            "at any time"])
    if len(proposals(entries)) >= MOST_PROPOSALS:
        raise Refused(409, [f"this match has {MOST_PROPOSALS} proposals already: agree "
                            "in a message"])


def check_accept(entries: Sequence[Entry], players: Sequence[str], account: str,
                 proposal_id: int, moment: datetime, now: datetime) -> Entry:
    """The proposal ``account`` accepts ``moment`` of, once checked: the
    newest proposal, by another player, offering that time, still to come;
    the same time another player accepted of it already, if any."""
    if account not in players:
        raise Refused(403, ["only the match's players answer a proposal"])
    found = [p for p in proposals(entries) if p.id == proposal_id]
    if not found:
        raise Refused(404, [f"there is no proposal {proposal_id} in this match"])
    proposal = found[0]
    if proposal.account == account:
        raise Refused(409, ["a proposal is accepted by another player than its proposer"])
    state = status(entries, proposal, players)
    if state != "open":
        raise Refused(409, [f"this proposal is {state}: answer the newest one"])
    if moment not in proposal.times:
        raise Refused(400, [f"{shown_time(moment)} is not one of this proposal's times"])
    if moment <= now:
        raise Refused(409, [f"{shown_time(moment)} has passed: propose another time"])
    for entry in entries:
        if entry.kind == "accept" and entry.proposal == proposal_id:
            if entry.account == account:
                raise Refused(409, ["you have accepted this proposal already"])
            if entry.times[0] != moment:
                raise Refused(409, [f"another player accepted {shown_time(entry.times[0])} "
                                    "of this proposal: accept that time or propose anew"])
    return proposal
