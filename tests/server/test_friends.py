"""Friends, blocks, invitations, recent opponents and who is online
(docs/friends.md), through the real app on SQLite and PostgreSQL.

Each person is a TestClient of their own (their own cookies, as a browser
has) on one app; the server's clock is one the tests move by hand.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import HUMAN, RANDOM, Serve, hall
from sqlalchemy import text

from carcassonne.server import friend_store

PASSWORD = "correct horse battery"
People = Callable[[str], TestClient]


class Clock:
    """The server's time, moved by the test."""

    def __init__(self) -> None:
        self.at = datetime(2026, 12, 6, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.at


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def app(serve: Serve, database_url: str, clock: Clock) -> Iterator[TestClient]:
    with serve(url=database_url, now=clock) as running:
        yield running


@pytest.fixture
def person(app: TestClient) -> Iterator[People]:
    """``person("Ann")``: a new browser on the app, signed up as Ann."""
    with ExitStack() as stack:

        def sign_up(name: str) -> TestClient:
            browser = stack.enter_context(TestClient(app.app))
            answer = browser.post("/api/accounts", json={"name": name, "password": PASSWORD})
            assert answer.status_code == 201, answer.text
            return browser

        yield sign_up


def waiting_table(browser: TestClient, seats: list[dict[str, Any]] | None = None,
                  **extra: Any) -> str:
    """A table with a free human seat, the browser's account in seat 0."""
    answer = browser.post("/api/tables", json={"seats": seats or [HUMAN, HUMAN],
                                               "join": {"seat": 0}, **extra})
    assert answer.status_code == 201, answer.text
    return str(answer.json()["table"]["id"])


def rows(client: TestClient, query: str) -> list[Any]:
    with hall(client).store.engine.connect() as connection:
        return list(connection.execute(text(query)).all())


def friends_of(browser: TestClient) -> list[dict[str, Any]]:
    answer = browser.get("/api/me/friends")
    assert answer.status_code == 200, answer.text
    found: list[dict[str, Any]] = answer.json()["friends"]
    return found


def invitations_of(browser: TestClient) -> list[dict[str, Any]]:
    answer = browser.get("/api/me/invitations")
    assert answer.status_code == 200, answer.text
    found: list[dict[str, Any]] = answer.json()["invitations"]
    return found


def test_follow_see_online_and_their_games_then_unfollow(app: TestClient, person: People,
                                                         clock: Clock) -> None:
    ann, bob, cid = person("Ann"), person("Bob"), person("Cid")
    for browser in (ann, bob, cid):  # each browser asks something: online
        browser.get("/api/session")
    assert ann.post("/api/me/friends/bob").json() == {"name": "Bob", "following": True}
    assert ann.post("/api/me/friends/Bob").status_code == 200  # again: nothing changes
    assert ann.post("/api/me/friends/Cid").status_code == 200
    table = waiting_table(bob, name="Bob's table")
    clock.at += timedelta(minutes=1, seconds=30)
    listed = friends_of(ann)
    assert [(f["name"], f["online"], f["follows_you"]) for f in listed] == [
        ("Bob", True, False), ("Cid", True, False)]
    assert listed[0]["games"] == [{"id": table, "name": "Bob's table", "status": "waiting"}]
    assert listed[1]["games"] == []

    clock.at += timedelta(minutes=1)  # Cid asked nothing for 2.5 minutes: offline
    cid_seen = rows(app, "SELECT last_seen FROM accounts WHERE name = 'Cid'")
    bob.get("/api/session")
    assert [(f["name"], f["online"]) for f in friends_of(ann)] == [("Bob", True), ("Cid", False)]
    # within a minute of the last write, asking again writes nothing
    bob_seen = rows(app, "SELECT last_seen FROM accounts WHERE name = 'Bob'")
    clock.at += timedelta(seconds=30)
    bob.get("/api/session")
    assert rows(app, "SELECT last_seen FROM accounts WHERE name = 'Bob'") == bob_seen
    assert rows(app, "SELECT last_seen FROM accounts WHERE name = 'Cid'") == cid_seen

    bob.post("/api/me/friends/Ann")
    assert friends_of(ann)[0]["follows_you"] is True
    assert ann.delete("/api/me/friends/bob").json() == {"name": "Bob", "following": False}
    assert [f["name"] for f in friends_of(ann)] == ["Cid"]
    assert [f["name"] for f in friends_of(bob)] == ["Ann"]  # Bob's own list is his


@pytest.mark.parametrize(("method", "path", "status", "words"), [
    ("post", "/api/me/friends/Ann", 400, "cannot follow yourself"),
    ("post", "/api/me/friends/Nobody", 404, "there is no player 'Nobody'"),
    ("post", "/api/me/friends/a%20b", 400, "an account name is"),
    ("post", "/api/me/friends/" + "x" * 300, 400, "an account name is"),
    ("delete", "/api/me/friends/Nobody", 404, "there is no player"),
    ("post", "/api/me/blocks/Ann", 400, "cannot block yourself"),
    ("post", "/api/me/blocks/Nobody", 404, "there is no player"),
    ("delete", "/api/me/blocks/%3Cb%3E", 400, "an account name is"),
    ("delete", "/api/me/invitations/99", 404, "no open invitation 99"),
    ("delete", "/api/me/invitations/99999999999999", 404, "no open invitation"),
    ("delete", "/api/me/invitations/x", 400, "malformed"),
    ("post", "/api/me/opponents/Nobody/play-again", 404, "not among your recent opponents"),
])
def test_bad_names_and_numbers_get_clear_errors(person: People, method: str, path: str,
                                                status: int, words: str) -> None:
    ann = person("Ann")
    answer = getattr(ann, method)(path)
    assert answer.status_code == status, answer.text
    assert words in answer.json()["error"] and answer.json()["rule"] is None


@pytest.mark.parametrize(("method", "path"), [
    ("get", "/api/me/friends"), ("post", "/api/me/friends/Ann"),
    ("delete", "/api/me/friends/Ann"), ("get", "/api/me/blocks"),
    ("post", "/api/me/blocks/Ann"), ("delete", "/api/me/blocks/Ann"),
    ("get", "/api/me/invitations"), ("delete", "/api/me/invitations/1"),
    ("get", "/api/me/opponents"), ("post", "/api/me/opponents/Ann/play-again"),
])
def test_a_visitor_changes_and_reads_nobody_s_lists(app: TestClient, person: People,
                                                    method: str, path: str) -> None:
    person("Ann")
    answer = getattr(app, method)(path)
    assert answer.status_code == 401 and "log in" in answer.json()["error"]


def test_a_block_ends_following_both_ways_and_drops_invitations(app: TestClient,
                                                                 person: People) -> None:
    ann, bob = person("Ann"), person("Bob")
    ann.post("/api/me/friends/Bob")
    bob.post("/api/me/friends/Ann")
    table = waiting_table(bob)
    assert bob.post(f"/api/tables/{table}/invitations", json={"name": "Ann"}).status_code == 201
    assert [i["table"] for i in invitations_of(ann)] == [table]
    assert rows(app, "SELECT count(*) FROM outbox")[0][0] == 1

    assert ann.post("/api/me/blocks/bob").json() == {"name": "Bob", "blocked": True}
    assert friends_of(ann) == [] and friends_of(bob) == []
    assert invitations_of(ann) == []
    assert rows(app, "SELECT count(*) FROM invitations")[0][0] == 0
    assert rows(app, "SELECT count(*) FROM outbox")[0][0] == 0  # its mail is not sent
    assert [b["name"] for b in ann.get("/api/me/blocks").json()["blocks"]] == ["Bob"]

    # from then on Bob reaches Ann neither by following nor by inviting; he is
    # told what he would be told of a name nobody has
    unknown = bob.post("/api/me/friends/Nobody").json()["error"]
    refused = bob.post("/api/me/friends/Ann")
    assert refused.status_code == 404
    assert refused.json()["error"] == unknown.replace("Nobody", "Ann")
    again = bob.post(f"/api/tables/{table}/invitations", json={"name": "Ann"})
    assert again.status_code == 404 and "there is no player" in again.json()["error"]
    # and Ann must unblock Bob before she follows him
    assert ann.post("/api/me/friends/Bob").status_code == 409
    assert ann.delete("/api/me/blocks/Bob").json() == {"name": "Bob", "blocked": False}
    assert ann.get("/api/me/blocks").json() == {"blocks": []}
    assert bob.post("/api/me/friends/Ann").status_code == 200


def test_an_invitation_is_stored_with_its_mail_and_listed(app: TestClient,
                                                           person: People) -> None:
    ann, bob = person("Ann"), person("Bob")
    ann.post("/api/me/friends/Bob")
    table = waiting_table(ann, name="Ann's table")
    first = ann.post(f"/api/tables/{table}/invitations", json={"name": "bob"})
    assert first.status_code == 201
    invitation = first.json()
    assert {k: invitation[k] for k in ("table", "name", "from", "to")} == {
        "table": table, "name": "Ann's table", "from": "Ann", "to": "Bob"}
    # asked again: the same invitation, and still one mail
    second = ann.post(f"/api/tables/{table}/invitations", json={"name": "Bob"})
    assert second.status_code == 200 and second.json()["id"] == invitation["id"]
    mails = rows(app, "SELECT account_id, kind, params, key FROM outbox")
    bob_id = rows(app, "SELECT id FROM accounts WHERE name = 'Bob'")[0][0]
    assert len(mails) == 1
    account_id, kind, params, key = mails[0]
    params = params if isinstance(params, dict) else json.loads(params)
    assert (account_id, kind, key) == (bob_id, "invitation", f"invite:{table}:{bob_id}")
    assert params == {"table": table, "name": "Ann's table", "from": "Ann"}

    listed = invitations_of(bob)
    assert [(i["id"], i["table"], i["name"], i["from"]) for i in listed] == [
        (invitation["id"], table, "Ann's table", "Ann")]
    assert invitations_of(ann) == []
    assert ann.delete(f"/api/me/invitations/{invitation['id']}").status_code == 404  # not hers
    # Bob joins: the invitation is answered, the game starts
    assert bob.post(f"/api/tables/{table}/join", json={}).status_code == 200
    assert invitations_of(bob) == []


def test_a_dismissed_invitation_is_gone(person: People) -> None:
    ann, bob = person("Ann"), person("Bob")
    ann.post("/api/me/friends/Bob")
    table = waiting_table(ann)
    number = ann.post(f"/api/tables/{table}/invitations", json={"name": "Bob"}).json()["id"]
    assert bob.delete(f"/api/me/invitations/{number}").json() == {"dismissed": number}
    assert invitations_of(bob) == []
    assert bob.delete(f"/api/me/invitations/{number}").status_code == 404


def test_an_invitation_and_its_mail_are_stored_together_or_not_at_all(
        app: TestClient, person: People, monkeypatch: pytest.MonkeyPatch) -> None:
    ann, _ = person("Ann"), person("Bob")
    ann.post("/api/me/friends/Bob")
    table = waiting_table(ann)

    def broken(*args: Any, **kwargs: Any) -> bool:
        raise RuntimeError("the outbox is broken")

    monkeypatch.setattr(friend_store, "queue_mail", broken)
    same = TestClient(app.app, raise_server_exceptions=False, cookies=ann.cookies)
    failed = same.post(f"/api/tables/{table}/invitations", json={"name": "Bob"})
    same.close()
    assert failed.status_code == 500
    assert rows(app, "SELECT count(*) FROM invitations")[0][0] == 0


def test_who_may_invite_whom(app: TestClient, person: People) -> None:
    ann, bob, cid, dan = person("Ann"), person("Bob"), person("Cid"), person("Dan")
    ann.post("/api/me/friends/Bob")
    ann.post("/api/me/friends/Dan")
    table = waiting_table(ann, seats=[HUMAN, HUMAN, HUMAN])

    def invite(who: TestClient, name: Any, at: str = table) -> Any:
        return who.post(f"/api/tables/{at}/invitations", json={"name": name})

    # only players one follows or met lately
    stranger = invite(ann, "Cid")
    assert stranger.status_code == 403 and "follow" in stranger.json()["error"]
    assert invite(ann, "Ann").status_code == 400
    assert invite(ann, 7).status_code == 400
    assert invite(ann, "Nobody").status_code == 404
    assert invite(ann, "Bob", at="nope").status_code == 404
    # only from a seat at a waiting table with a free seat
    cid.post("/api/me/friends/Bob")
    assert invite(cid, "Bob").status_code == 403
    assert app.post(f"/api/tables/{table}/invitations", json={"name": "Bob"}).status_code == 401
    # a player blocked either way is not invited
    dan.post("/api/me/blocks/Ann")
    assert invite(ann, "Dan").status_code == 404
    ann.post("/api/me/blocks/Cid")
    assert invite(ann, "Cid").status_code == 409
    # a player seated already is not invited; nor anyone once every seat is taken
    assert bob.post(f"/api/tables/{table}/join", json={}).status_code == 200
    assert invite(ann, "Bob").status_code == 409
    bots = waiting_table(ann, seats=[HUMAN, RANDOM])
    assert invite(ann, "Bob", at=bots).json()["error"] == \
        "the game has started: invite players to a waiting table"
    assert rows(app, "SELECT count(*) FROM invitations")[0][0] == 0


def met(ann: TestClient, other: TestClient, **setup: Any) -> str:
    """Ann and ``other`` sit down at a new table, which starts."""
    table = waiting_table(ann, **setup)
    assert other.post(f"/api/tables/{table}/join", json={}).status_code == 200
    return table


def test_recent_opponents_may_be_invited_and_played_again(app: TestClient,
                                                          person: People) -> None:
    ann, bob, cid = person("Ann"), person("Bob"), person("Cid")
    assert ann.get("/api/me/opponents").json() == {"opponents": []}
    met(ann, cid)
    timing = {"kind": "turn", "deadline": 86400}
    last = met(ann, bob, seats=[HUMAN, HUMAN, RANDOM], sets=["base", "inns_cathedrals"],
               options={"farm_scoring": "first_edition"}, timing=timing, name="Evening")
    listed = ann.get("/api/me/opponents").json()["opponents"]
    assert [(o["name"], o["table"], o["online"]) for o in listed] == [
        ("Bob", last, True), ("Cid", listed[1]["table"], True)]
    assert [o["name"] for o in bob.get("/api/me/opponents").json()["opponents"]] == ["Ann"]

    # Ann invites Bob, whom she does not follow, to a new table: they met
    table = waiting_table(ann)
    assert ann.post(f"/api/tables/{table}/invitations", json={"name": "Bob"}).status_code == 201

    again = ann.post("/api/me/opponents/bob/play-again")
    assert again.status_code == 201, again.text
    made = again.json()
    new, old = made["table"], app.get(f"/api/tables/{last}").json()
    assert made["seat"] == 0 and made["token"] and new["status"] == "waiting"
    assert (new["sets"], new["options"], new["timing"], new["name"]) == (
        old["sets"], old["options"], old["timing"], "Evening")
    assert [(s["kind"], s["account"], s["taken"]) for s in new["seats"]] == [
        ("human", "Ann", True), ("human", None, False), ("bot", None, True)]
    assert made["invitation"]["to"] == "Bob" and made["invitation"]["table"] == new["id"]
    assert new["id"] in [i["table"] for i in invitations_of(bob)]
    assert bob.post(f"/api/tables/{new['id']}/join", json={}).status_code == 200
    assert app.get(f"/api/tables/{new['id']}").json()["status"] == "playing"

    # a blocked opponent is no longer one
    bob.post("/api/me/blocks/Ann")
    assert [o["name"] for o in ann.get("/api/me/opponents").json()["opponents"]] == ["Cid"]
    assert ann.post("/api/me/opponents/Bob/play-again").status_code == 404


def test_the_tenth_opponent_is_the_last_shown(person: People) -> None:
    ann = person("Ann")
    for number in range(12):
        met(ann, person(f"P{number}"))
    listed = [o["name"] for o in ann.get("/api/me/opponents").json()["opponents"]]
    assert listed == [f"P{number}" for number in range(11, 1, -1)]


def test_a_player_with_a_table_open_stays_online(app: TestClient, person: People,
                                                 clock: Clock) -> None:
    ann, bob = person("Ann"), person("Bob")
    bob.post("/api/me/friends/Ann")
    table = waiting_table(ann)
    with ann.websocket_connect(f"/ws/tables/{table}") as ws:
        assert ws.receive_json()["type"] == "state"
        clock.at += timedelta(minutes=3)  # no request for three minutes: offline
        assert [f["online"] for f in friends_of(bob)] == [False]
        ws.send_json({"type": "ping"})  # the table page's ping
        assert ws.receive_json()["type"] == "pong"
        assert [f["online"] for f in friends_of(bob)] == [True]
