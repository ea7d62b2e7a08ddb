"""Agreeing on a match's time through the HTTP API (docs/boards.md,
"Agreeing on a time"): proposals, counters and acceptances in the thread,
the refusals, the agreed time on the competition, in the lobby and in the
calendar feed, and the reminder mail through a real SMTP server."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from fastapi.testclient import TestClient
from mail_helpers import Mailbox, smtp_server, verified_account
from server_helpers import Serve, hall
from social_helpers import league, mails, match_of, player


class Clock:
    """The server's time, moved by hand."""

    def __init__(self) -> None:
        self.moment = datetime.now(UTC).replace(microsecond=0)

    def now(self) -> datetime:
        return self.moment


class Match:
    """Olga organizes a league of Ann and Bob (rounds of a week): their
    match; Carl and Eve play elsewhere."""

    def __init__(self, client: TestClient, devices: dict[str, TestClient], clock: Clock) -> None:
        self.visitor, self.clock = client, clock
        self.olga, self.ann, self.bob, self.carl, self.eve = (
            devices[n] for n in ("Olga", "Ann", "Bob", "Carl", "Eve"))
        self.event = league(self.olga, [self.ann, self.bob], games=1,
                            round_deadline=7 * 86400)
        self.id = self.event["id"]
        self.key = match_of(self.event, "Ann", "Bob")
        self.url = f"/api/competitions/{self.id}/matches/{self.key}"

    def at(self, hours: float, zone: str = "+00:00") -> str:
        """The time ``hours`` from now, written with the offset ``zone``."""
        moment = self.clock.moment + timedelta(hours=hours)
        return moment.astimezone(datetime.fromisoformat(f"2026-01-01T00:00{zone}").tzinfo
                                 ).isoformat()

    def propose(self, device: TestClient, *times: str, zone: str = "Asia/Tokyo",
                status: int = 201) -> dict[str, Any]:
        answer = device.post(f"{self.url}/proposals", json={"times": list(times), "zone": zone})
        assert answer.status_code == status, answer.text
        body: dict[str, Any] = answer.json()
        return body.get("message", body)

    def accept(self, device: TestClient, proposal: int, time: str,
               status: int = 201) -> dict[str, Any]:
        answer = device.post(f"{self.url}/proposals/{proposal}/accept", json={"time": time})
        assert answer.status_code == status, answer.text
        body: dict[str, Any] = answer.json()
        return body.get("message", body)

    def thread(self, device: TestClient) -> list[dict[str, Any]]:
        answer = device.get(f"/api/competitions/{self.id}/messages", params={"match": self.key})
        assert answer.status_code == 200, answer.text
        messages: list[dict[str, Any]] = answer.json()["messages"]
        return messages


def utc(text: str) -> str:
    return datetime.fromisoformat(text).astimezone(UTC).isoformat()


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def match(serve: Serve, database_url: str, clock: Clock) -> Iterator[Match]:
    with serve(url=database_url, now=clock.now, time_check=None) as client:
        devices = {name: player(client, name) for name in ("Olga", "Ann", "Bob", "Carl", "Eve")}
        yield Match(client, devices, clock)


def test_propose_counter_and_accept_in_the_thread(match: Match) -> None:
    assert match.bob.put("/api/me/calendar", json={"zone": "America/New_York"}
                         ).status_code == 200
    first = match.propose(match.ann, match.at(30, "+09:00"), match.at(50, "+09:00"))
    assert first["kind"] == "proposal" and first["from"] == "Ann"
    offered = first["proposal"]
    assert offered["times"] == [utc(match.at(30)), utc(match.at(50))]
    assert offered["zone"] == "Asia/Tokyo" and offered["status"] == "open"
    # Bob reads it (and its mail) in his own zone; the organizer in UTC
    sent = dict(mails(match.visitor))
    assert "(America/New_York)" in sent["Bob"]["text"] and "UTC" in sent["Olga"]["text"]
    assert "Ann" not in sent
    counter = match.propose(match.bob, match.at(40, "-05:00"), zone="America/New_York")
    thread = match.thread(match.ann)
    assert [(m["from"], m.get("kind"), m.get("proposal", {}).get("status"))
            for m in thread] == [("Ann", "proposal", "countered"), ("Bob", "proposal", "open")]
    match.accept(match.bob, offered["id"], utc(match.at(30)), status=409)  # countered
    answer = match.accept(match.ann, counter["proposal"]["id"], match.at(40, "+09:00"))
    assert answer["kind"] == "accept" and answer["accept"] == {
        "proposal": counter["proposal"]["id"], "time": utc(match.at(40))}
    state = match.ann.get(f"{match.url}/times").json()
    assert state["agreed"] == utc(match.at(40)) and state["players"] == ["Ann", "Bob"]
    assert [p["status"] for p in state["proposals"]] == ["countered", "accepted"]
    assert match.visitor.get(f"/api/competitions/{match.id}/times").json()["times"] == {
        match.key: utc(match.at(40))}
    for device, opponent in ((match.ann, "Bob"), (match.bob, "Ann")):
        games = device.get("/api/me/schedule").json()["games"]
        assert [(g["match"], g["opponents"], g["at"]) for g in games] == [
            (match.key, [opponent], utc(match.at(40)))]
    assert match.carl.get("/api/me/schedule").json()["games"] == []
    # Ann's acceptance reached Bob and Olga as a thread message does
    assert sorted(name for name, _ in mails(match.visitor)[-2:]) == ["Bob", "Olga"]
    # a new proposal leaves the agreed time until it is accepted
    again = match.propose(match.bob, match.at(20))
    assert match.ann.get(f"{match.url}/times").json()["agreed"] == utc(match.at(40))
    match.accept(match.ann, again["proposal"]["id"], match.at(20))
    assert match.ann.get(f"{match.url}/times").json()["agreed"] == utc(match.at(20))


def test_bad_proposals_and_answers_are_refused_with_reasons(match: Match) -> None:
    past = match.propose(match.ann, match.at(-1), status=400)
    assert "has passed" in past["error"]
    too_many = match.propose(match.ann, *(match.at(h) for h in (1, 2, 3, 4)), status=400)
    assert "at most 3" in too_many["error"]
    late = match.propose(match.ann, match.at(8 * 24), status=400)
    assert "after the round's deadline" in late["error"]
    naive = match.propose(match.ann, match.at(5)[:16], status=400)
    assert "offset" in naive["error"]
    assert "IANA" in match.propose(match.ann, match.at(5), zone="Mars/Base", status=400)["error"]
    assert match.propose(match.carl, match.at(5), status=403)["error"]
    assert match.propose(match.olga, match.at(5), status=403)["error"]
    assert match.propose(match.visitor, match.at(5), status=401)["error"]
    missing = match.visitor.post(f"/api/competitions/{match.id}/matches/9.9.9/proposals",
                                 json={"times": [match.at(5)], "zone": "UTC"})
    assert missing.status_code == 401
    missing = match.ann.post(f"/api/competitions/{match.id}/matches/9.9.9/proposals",
                             json={"times": [match.at(5)], "zone": "UTC"})
    assert missing.status_code == 404
    assert match.thread(match.ann) == []  # nothing refused was stored
    offer = match.propose(match.ann, match.at(5), match.at(6))["proposal"]
    match.accept(match.ann, offer["id"], match.at(5), status=409)  # one's own
    match.accept(match.bob, offer["id"], match.at(7), status=400)  # not offered
    match.accept(match.bob, offer["id"], "soon", status=400)
    match.accept(match.bob, offer["id"] + 99, match.at(5), status=404)
    match.accept(match.carl, offer["id"], match.at(5), status=403)
    match.accept(match.bob, offer["id"], match.at(6))
    match.accept(match.bob, offer["id"], match.at(6), status=409)  # twice
    # the times of a match's thread are its readers'
    assert match.eve.get(f"{match.url}/times").status_code == 403
    assert match.visitor.get(f"{match.url}/times").status_code == 401
    assert match.olga.get(f"{match.url}/times").json()["can_propose"] is False


def test_the_calendar_feed(match: Match) -> None:
    offer = match.propose(match.ann, match.at(30))["proposal"]
    match.accept(match.bob, offer["id"], match.at(30))
    calendar = match.ann.get("/api/me/calendar").json()
    assert calendar["zone"] is None and calendar["feed"].endswith(calendar["key"])
    feed = match.visitor.get("/api/me/calendar.ics", params={"key": calendar["key"]})
    assert feed.status_code == 200 and feed.headers["content-type"].startswith("text/calendar")
    text = feed.text
    lines = text.replace("\r\n ", "").split("\r\n")
    start = datetime.fromisoformat(match.at(30)).strftime("%Y%m%dT%H%M%SZ")
    assert lines.count("BEGIN:VEVENT") == 1 and f"DTSTART:{start}" in lines
    assert f"UID:{match.id}-{match.key}@testserver" in lines
    assert "SUMMARY:Spring <b>Cup</b>: Bob" in lines
    assert f"URL:http://testserver/competition/{match.id}#match-{match.key}" in lines
    assert match.visitor.get("/api/me/calendar.ics",
                             params={"key": calendar["key"]}).text == text  # stable
    assert match.visitor.get("/api/me/calendar.ics", params={"key": "nope"}).status_code == 404
    assert match.visitor.get("/api/me/calendar.ics").status_code == 404
    renewed = match.ann.post("/api/me/calendar/key").json()
    assert renewed["key"] != calendar["key"]
    assert match.visitor.get("/api/me/calendar.ics",
                             params={"key": calendar["key"]}).status_code == 404
    assert match.visitor.get("/api/me/calendar.ics",
                             params={"key": renewed["key"]}).text == text
    assert match.visitor.get("/api/me/calendar").status_code == 401
    assert match.ann.put("/api/me/calendar", json={"zone": "Nowhere"}).status_code == 400
    assert match.ann.put("/api/me/calendar", json={"zone": "Asia/Tokyo"}
                         ).json()["zone"] == "Asia/Tokyo"
    assert match.ann.put("/api/me/calendar", json={"zone": None}).json()["zone"] is None


def mail_of(box: Mailbox, address: str, subject: str) -> EmailMessage:
    """The first mail to ``address`` whose subject starts with ``subject``,
    once it came."""
    count = 1
    while True:
        found = [m for m in box.wait(count, to=address) if m["Subject"].startswith(subject)]
        if found:
            return found[0]
        count += 1


@pytest.fixture
def box() -> Iterator[Mailbox]:
    with smtp_server() as running:
        yield running


def test_a_reminder_an_hour_before_the_agreed_time_once(serve: Serve, box: Mailbox,
                                                         clock: Clock) -> None:
    with serve(now=clock.now, time_check=None, smtp_url=box.url, mail_poll=0.2,
               public_url="https://games.example") as client:
        devices = {}
        for name in ("Olga", "Ann", "Bob", "Carl", "Eve"):
            device = TestClient(client.app)
            device.portal = client.portal
            verified_account(device, box, name)
            devices[name] = device
        match = Match(client, devices, clock)
        match.ann.put("/api/me/calendar", json={"zone": "Asia/Tokyo"})
        offer = match.propose(match.ann, match.at(3))["proposal"]
        match.accept(match.bob, offer["id"], match.at(3))
        keep_time = hall(client).keep_time
        client.portal.call(keep_time)  # type: ignore[union-attr]
        assert mails(client, "reminder") == []  # three hours away
        agreed = datetime.fromisoformat(match.at(3))
        clock.moment += timedelta(hours=2, minutes=5)
        for _ in range(2):  # once only, however often it sweeps
            client.portal.call(keep_time)  # type: ignore[union-attr]
            clock.moment += timedelta(seconds=30)
        reminders = mails(client, "reminder")
        assert sorted(name for name, _ in reminders) == ["Ann", "Bob"]
        ann = dict(reminders)["Ann"]
        assert ann["at"] == agreed.isoformat() and ann["from"] == "Bob"
        assert ann["local"].endswith("(Asia/Tokyo)")
        client.app.state.mail.wake()  # type: ignore[attr-defined]
        mail = mail_of(box, "ann@example.org", "Your game")
        assert mail["Subject"] == "Your game starts soon: Spring <b>Cup</b>"
        body = mail.get_body(("plain",)).get_content()
        local = agreed.astimezone(ZoneInfo("Asia/Tokyo")).strftime("%H:%M")
        assert f"{local} (Asia/Tokyo)" in body and "Bob" in body
        assert f"https://games.example/competition/{match.id}#match-{match.key}" in body
