"""Agreeing on a match's time, purely: which times a proposal may offer,
who may answer which proposal, and which time is agreed."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from carcassonne.competitions.proposals import (
    MOST_PROPOSALS,
    Entry,
    Refused,
    accepted_time,
    agreed,
    check_accept,
    check_proposer,
    check_times,
    check_zone,
    parse_time,
    status,
)

NOW = datetime(2026, 12, 6, 12, 0, tzinfo=UTC)
DEADLINE = datetime(2026, 12, 13, 12, 0, tzinfo=UTC)
PLAYERS = ["ann", "bob"]


def at(hours: float) -> datetime:
    return NOW + timedelta(hours=hours)


def refused(call: object, *args: object) -> Refused:
    with pytest.raises(Refused) as caught:
        call(*args)  # type: ignore[operator]
    return caught.value


def test_times_are_read_with_their_offset_in_utc() -> None:
    times = check_times(["2026-12-07T19:00:00+09:00", "2026-12-07T08:00:00-05:00"],
                        NOW, DEADLINE)
    assert times == (datetime(2026, 12, 7, 10, tzinfo=UTC), datetime(2026, 12, 7, 13, tzinfo=UTC))
    assert parse_time("2026-12-07T10:00:00.123Z") == datetime(2026, 12, 7, 10, tzinfo=UTC)


@pytest.mark.parametrize(("times", "reason"), [
    ([], "a list of 1 to 3"),
    ("2026-12-07T10:00Z", "a list of 1 to 3"),
    (["2026-12-07T10:00Z"] * 2, "different times"),
    ([f"2026-12-0{d}T10:00Z" for d in (7, 8, 9, 10)], "at most 3 times, not 4"),
    (["2026-12-07T10:00"], "needs its offset"),
    (["tomorrow"], "ISO-8601"),
    ([7], "ISO-8601"),
    (["2026-12-06T11:59Z"], "has passed"),
    (["2026-12-06T12:00Z"], "has passed"),
    (["2026-12-13T12:01Z"], "after the round's deadline"),
])
def test_bad_times_are_refused_with_a_reason(times: object, reason: str) -> None:
    error = refused(check_times, times, NOW, DEADLINE)
    assert error.status == 400 and reason in str(error)


def test_every_problem_is_named_at_once() -> None:
    error = refused(check_times, ["2026-12-01T10:00Z", "2026-12-20T10:00Z"], NOW, DEADLINE)
    assert len(error.reasons) == 2


def test_no_deadline_means_any_future_time() -> None:
    assert check_times(["2027-06-01T10:00Z"], NOW, None)[0].year == 2027


@pytest.mark.parametrize("zone", ["", "Nowhere/City", "../etc/passwd", "/etc/localtime", 3,
                                  "x" * 65])
def test_zones_are_iana_names(zone: object) -> None:
    assert refused(check_zone, zone).status == 400


def test_proposal_counter_and_agreement() -> None:
    ann = Entry(1, "proposal", "ann", (at(20), at(30)), None)
    entries = [ann]
    assert status(entries, ann, PLAYERS) == "open" and agreed(entries, PLAYERS) is None
    bob = Entry(2, "proposal", "bob", (at(40),), None)  # a counter
    entries.append(bob)
    assert status(entries, ann, PLAYERS) == "countered"
    assert refused(check_accept, entries, PLAYERS, "bob", 1, at(20), NOW).status == 409
    assert check_accept(entries, PLAYERS, "ann", 2, at(40), NOW) is bob
    entries.append(Entry(3, "accept", "ann", (at(40),), 2))
    assert status(entries, bob, PLAYERS) == "accepted" and agreed(entries, PLAYERS) == at(40)
    # a later proposal leaves the agreed time until it is accepted in turn
    entries.append(Entry(4, "proposal", "ann", (at(10),), None))
    assert agreed(entries, PLAYERS) == at(40)
    entries.append(Entry(5, "accept", "bob", (at(10),), 4))
    assert agreed(entries, PLAYERS) == at(10)


def test_who_may_accept_what() -> None:
    entries = [Entry(1, "proposal", "ann", (at(20), at(30)), None)]
    for account, proposal, moment, now, code in [
            ("ann", 1, at(20), NOW, 409),   # the proposer
            ("eve", 1, at(20), NOW, 403),   # not a player
            ("bob", 9, at(20), NOW, 404),   # no such proposal
            ("bob", 1, at(25), NOW, 400),   # not one of its times
            ("bob", 1, at(20), at(21), 409)]:  # passed since
        assert refused(check_accept, entries, PLAYERS, account, proposal, moment, now
                       ).status == code
    entries.append(Entry(2, "accept", "bob", (at(20),), 1))
    assert refused(check_accept, entries, PLAYERS, "bob", 1, at(20), NOW).status == 409


def test_three_players_agree_once_both_others_chose_the_same_time() -> None:
    players = ["ann", "bob", "cy"]
    ann = Entry(1, "proposal", "ann", (at(20), at(30)), None)
    entries = [ann, Entry(2, "accept", "bob", (at(20),), 1)]
    assert accepted_time(entries, ann, players) is None
    error = refused(check_accept, entries, players, "cy", 1, at(30), NOW)
    assert error.status == 409 and "accept that time" in str(error)
    entries.append(Entry(3, "accept", "cy", (at(20),), 1))
    assert agreed(entries, players) == at(20)


def test_who_may_propose() -> None:
    assert refused(check_proposer, [], PLAYERS, "eve").status == 403
    assert refused(check_proposer, [], ["ann"], "ann").status == 409  # against a bot
    many = [Entry(i, "proposal", "ann", (at(i),), None) for i in range(MOST_PROPOSALS)]
    assert refused(check_proposer, many, PLAYERS, "bob").status == 409
    check_proposer(many[:-1], PLAYERS, "bob")


@st.composite
def histories(draw: st.DrawFn) -> list[Entry]:
    """Entries made only of answers the checks allow."""
    entries: list[Entry] = []
    for number in range(1, draw(st.integers(1, 12)) + 1):
        who = draw(st.sampled_from(PLAYERS))
        open_ones = [p for p in entries if p.kind == "proposal"
                     and status(entries, p, PLAYERS) == "open" and p.account != who]
        if open_ones and draw(st.booleans()):
            proposal = open_ones[0]
            moment = draw(st.sampled_from(proposal.times))
            check_accept(entries, PLAYERS, who, proposal.id, moment, NOW)
            entries.append(Entry(number, "accept", who, (moment,), proposal.id))
        else:
            hours = draw(st.lists(st.integers(1, 100), min_size=1, max_size=3, unique=True))
            times = check_times([at(h).isoformat() for h in hours], NOW, DEADLINE)
            entries.append(Entry(number, "proposal", who, times, None))
    return entries


@given(histories())
def test_the_agreed_time_is_a_time_of_the_newest_accepted_proposal(entries: list[Entry]) -> None:
    moment = agreed(entries, PLAYERS)
    accepted = [p for p in entries if p.kind == "proposal"
                and status(entries, p, PLAYERS) == "accepted"]
    if not accepted:
        assert moment is None
    else:
        assert moment in accepted[-1].times
        assert moment == accepted_time(entries, accepted[-1], PLAYERS)
    open_ones = [p for p in entries if p.kind == "proposal"
                 and status(entries, p, PLAYERS) == "open"]
    assert len(open_ones) <= 1  # only the newest proposal is ever open
    newest = [p for p in entries if p.kind == "proposal"][-1]
    assert all(p.id == newest.id for p in open_ones)
