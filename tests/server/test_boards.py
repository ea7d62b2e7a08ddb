"""Match messages (docs/boards.md): a competition's board, read by anyone
and written by its entrants and organizer; each match's thread, for its
players and the organizer (admins read it); the ``thread`` mail a thread
message queues in its own transaction, never to a player who blocked the
writer; and the refusals."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from server_helpers import Serve, hall
from social_helpers import account_id, league, mails, make_admin, match_of, player
from sqlalchemy import func, select

from carcassonne.server import boards
from carcassonne.server.blocks import block
from carcassonne.server.models import OutboxRow, TalkRow


class People:
    """Olga organizes a league that Ann, Bob and Carl play; Eve only watches."""

    def __init__(self, client: TestClient) -> None:
        self.visitor = client
        self.olga = player(client, "Olga")
        self.ann, self.bob, self.carl = (player(client, n) for n in ("Ann", "Bob", "Carl"))
        self.eve = player(client, "Eve")
        self.event = league(self.olga, [self.ann, self.bob, self.carl])
        self.id = self.event["id"]
        self.url = f"/api/competitions/{self.id}/messages"
        self.ann_bob = match_of(self.event, "Ann", "Bob")

    def write(self, device: TestClient, text: str, match: str | None = None) -> int:
        body = {"text": text} if match is None else {"text": text, "match": match}
        answer = device.post(self.url, json=body)
        assert answer.status_code == 201, answer.text
        message: dict[str, int] = answer.json()["message"]
        return message["id"]

    def texts(self, device: TestClient, match: str | None = None) -> list[str]:
        answer = device.get(self.url, params={} if match is None else {"match": match})
        assert answer.status_code == 200, answer.text
        return [m["text"] for m in answer.json()["messages"]]


@pytest.fixture
def people(serve: Serve, database_url: str) -> Iterator[People]:
    with serve(url=database_url) as client:
        yield People(client)


def test_the_board_is_read_by_anyone_and_written_by_entrants_and_the_organizer(
        people: People) -> None:
    people.write(people.olga, "Welcome! Round one is open.")
    people.write(people.ann, "Good luck, <script>alert(1)</script>")
    board = people.visitor.get(people.url).json()
    assert [(m["from"], m["text"]) for m in board["messages"]] == [
        ("Olga", "Welcome! Round one is open."), ("Ann", "Good luck, <script>alert(1)</script>")]
    assert board["match"] is None and board["can_write"] is False and board["threads"] == []
    assert all(set(m) == {"id", "from", "text", "at"} for m in board["messages"])
    outsider = people.eve.post(people.url, json={"text": "hi all"})
    assert outsider.status_code == 403 and "entrants" in outsider.json()["error"]
    assert people.eve.get(people.url).json()["can_write"] is False
    anonymous = people.visitor.post(people.url, json={"text": "hi"})
    assert anonymous.status_code == 401
    assert people.texts(people.eve)[-1] == "Good luck, <script>alert(1)</script>"


def test_a_thread_is_for_its_players_and_the_organizer(people: People) -> None:
    people.write(people.ann, "Tonight at eight?", people.ann_bob)
    people.write(people.bob, "Yes", people.ann_bob)
    people.write(people.olga, "Please play before Sunday", people.ann_bob)
    expected = ["Tonight at eight?", "Yes", "Please play before Sunday"]
    for device in (people.ann, people.bob, people.olga):
        assert people.texts(device, people.ann_bob) == expected
    for device, status in ((people.carl, 403), (people.eve, 403), (people.visitor, 401)):
        assert device.get(people.url, params={"match": people.ann_bob}).status_code == status
        refused = device.post(people.url, json={"text": "me too", "match": people.ann_bob})
        assert refused.status_code == status
    assert people.texts(people.visitor) == []  # the board holds none of it
    # each player sees the threads of their own matches; the organizer those with messages
    ann_threads = people.ann.get(people.url).json()["threads"]
    assert sorted(sorted(t["entrants"]) for t in ann_threads) == [["Ann", "Bob"], ["Ann", "Carl"]]
    olga = people.olga.get(people.url).json()
    assert [t["match"] for t in olga["threads"]] == [people.ann_bob] and olga["can_write"]
    make_admin(people.visitor, "Eve")
    thread = people.eve.get(people.url, params={"match": people.ann_bob}).json()
    assert [m["text"] for m in thread["messages"]] == expected and not thread["can_write"]
    assert all(m["hidden"] is False for m in thread["messages"])  # admins see the flag
    assert people.eve.post(people.url, json={"text": "x", "match": people.ann_bob}
                           ).status_code == 403
    missing = people.ann.get(people.url, params={"match": "9.9.9"})
    assert missing.status_code == 404


def test_a_thread_message_queues_a_mail_for_each_other_participant(people: People) -> None:
    text = "Shall we play now? " + "x" * 300
    people.write(people.ann, text, people.ann_bob)
    expected = {"event": people.id, "match": people.ann_bob, "name": "Spring <b>Cup</b>",
                "from": "Ann", "text": text[:200]}
    assert sorted(mails(people.visitor)) == [("Bob", expected), ("Olga", expected)]
    people.write(people.ann, "on the board: no mail")
    assert len(mails(people.visitor)) == 2


def test_a_blocked_writer_queues_no_mail_to_the_blocker_who_sees_none_of_it(
        people: People) -> None:
    store = hall(people.visitor).store
    with store.engine.begin() as connection:
        block(connection, account_id(people.visitor, "Bob"), account_id(people.visitor, "Ann"),
              hall(people.visitor).now())
    people.write(people.ann, "are you there?", people.ann_bob)
    people.write(people.ann, "see the thread")
    assert [name for name, _ in mails(people.visitor)] == ["Olga"]
    assert people.texts(people.bob, people.ann_bob) == []
    assert people.texts(people.bob) == []
    assert people.texts(people.olga, people.ann_bob) == ["are you there?"]
    people.write(people.bob, "hello Ann", people.ann_bob)  # the blocker may still write
    assert sorted(name for name, _ in mails(people.visitor)) == ["Ann", "Olga", "Olga"]


def test_the_mail_is_stored_with_the_message_or_not_at_all(
        people: People, monkeypatch: pytest.MonkeyPatch) -> None:
    queued = []

    def failing(*args: object, **kwargs: object) -> bool:
        queued.append(args)
        if len(queued) == 2:  # the second recipient's mail fails
            raise RuntimeError("the disk is full")
        return True

    monkeypatch.setattr(boards, "queue_mail", failing)
    with pytest.raises(RuntimeError):  # (the test client raises what the server answers 500 for)
        people.ann.post(people.url, json={"text": "hi", "match": people.ann_bob})
    assert len(queued) == 2
    with hall(people.visitor).store.engine.connect() as connection:
        assert connection.execute(select(func.count()).select_from(TalkRow)).scalar() == 0
        assert connection.execute(select(func.count()).select_from(OutboxRow).where(
            OutboxRow.kind == "thread")).scalar() == 0  # (the round's "match" mails are there)
    assert people.texts(people.bob, people.ann_bob) == []


@pytest.mark.parametrize(("body", "words"), [
    ({}, "must be text"),
    ({"text": "   "}, "1 to 2000"),
    ({"text": "x" * 2001}, "1 to 2000"),
    ({"text": 5}, "must be text"),
    ({"text": "bell\x07"}, "control"),
    ({"text": "hi", "match": 3}, "match must be"),
])
def test_bad_messages_are_refused(client: TestClient, body: dict[str, object],
                                  words: str) -> None:
    olga = player(client, "Olga")
    event = league(olga, [player(client, "Ann")], entrants=[{"bot": "random"}])
    answer = olga.post(f"/api/competitions/{event['id']}/messages", json=body)
    assert answer.status_code == 400 and words in answer.json()["error"], answer.text
    assert olga.get(f"/api/competitions/{event['id']}/messages").json()["messages"] == []


def test_messages_of_no_competition_and_too_many_messages(client: TestClient) -> None:
    olga, ann = player(client, "Olga"), player(client, "Ann")
    assert olga.get("/api/competitions/nope/messages").status_code == 404
    assert ann.post("/api/competitions/nope/messages", json={"text": "x"}).status_code == 404
    event = league(olga, [ann], entrants=[{"bot": "random"}])
    url = f"/api/competitions/{event['id']}/messages"
    statuses = [olga.post(url, json={"text": f"line {n}"}).status_code for n in range(12)]
    assert statuses[:10] == [201] * 10 and statuses[10:] == [429, 429]
    assert len(olga.get(url).json()["messages"]) == 10
    assert ann.post(url, json={"text": "x"}).status_code == 201  # the bound is per writer
