"""A table's chat (docs/chat.md): who may write, what a line may hold, the
bound per writer, who reads a line (not those who blocked its writer), the
history a connecting client gets, ``GET /api/tables/{id}/chat`` and the
``chat`` setting of a table.

Each test talks to the real app on a real database; a second "device" is a
second TestClient on the same app, with its own cookies, as a second browser.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import HUMAN, RANDOM, Serve, auth, hall, new_table, receive
from sqlalchemy import func, select, update

from carcassonne.server import blocks
from carcassonne.server.accounts import COOKIE
from carcassonne.server.bodies import table_setup
from carcassonne.server.event_tables import GameTable, started
from carcassonne.server.models import AccountRow, TalkRow
from carcassonne.server.tables import Seat
from carcassonne.server.timing import Timing

PASSWORD = "correct horse battery"


def sign_up(client: TestClient, name: str) -> str:
    answer = client.post("/api/accounts", json={"name": name, "password": PASSWORD})
    assert answer.status_code == 201, answer.text
    account = hall(client).store.account(name.casefold())
    assert account is not None
    return str(account["id"])


@pytest.fixture
def devices(client: TestClient) -> Iterator[list[TestClient]]:
    """Three more browsers on the same server, each with its own cookies
    (their live connections are opened by ``client``, with :func:`cookie`:
    every connection of a table then lives on the one event loop, as in a
    real server)."""
    others = [TestClient(client.app) for _ in range(3)]
    yield others
    for other in others:
        other.close()


def cookie(device: TestClient) -> dict[str, str]:
    """The headers of a connection made as the account ``device`` logged in."""
    return {"cookie": f"{COOKIE}={device.cookies[COOKIE]}"}


def say(ws: Any, text: Any) -> None:
    ws.send_json({"type": "chat", "text": text})


def heard(ws: Any) -> dict[str, Any]:
    """The next chat line, history or refusal this client gets (states skipped)."""
    while True:
        message = receive(ws)
        if message["type"] in ("chat", "chat_history", "error"):
            return message


def live_line(ws: Any) -> dict[str, Any]:
    """The next live chat line this client gets. A client that connected
    just before a line was written may get it in its history too (the
    client keeps lines by id): a history is skipped here."""
    while (message := heard(ws))["type"] == "chat_history":
        pass
    return message


def refused(ws: Any, status_words: str) -> dict[str, Any]:
    message = heard(ws)
    assert message["type"] == "error" and message.get("answers") == "chat", message
    assert status_words in message["error"], message
    return message


def stored(client: TestClient) -> int:
    with hall(client).store.engine.connect() as connection:
        return int(connection.execute(select(func.count()).select_from(TalkRow)).scalar_one())


def two_guests(client: TestClient, **extra: Any) -> tuple[str, str, str]:
    """A casual table of two guests, Ann and Bob: its id and their tokens."""
    table_id, ann = new_table(client, [HUMAN, HUMAN], name="Ann", **extra)
    bob = client.post(f"/api/tables/{table_id}/join", json={"seat": 1, "name": "Bob"}).json()
    assert ann is not None
    return table_id, ann, bob["token"]


def test_guests_chat_at_a_casual_table_and_every_watcher_reads(client: TestClient) -> None:
    table_id, ann, bob = two_guests(client)
    assert client.get(f"/api/tables/{table_id}").json()["chat"] == "all"
    with client.websocket_connect(f"/ws/tables/{table_id}") as first, \
            client.websocket_connect(f"/ws/tables/{table_id}") as second, \
            client.websocket_connect(f"/ws/tables/{table_id}") as watcher:
        first.send_json({"type": "seat", "token": ann})
        second.send_json({"type": "seat", "token": bob})
        say(first, "  good luck, Bob  ")
        lines = [heard(ws) for ws in (first, second, watcher)]
        assert lines[0] == lines[1] == lines[2]
        line = lines[0]
        assert (line["type"], line["from"], line["text"]) == ("chat", "Ann", "good luck, Bob")
        assert isinstance(line["id"], int) and line["at"].endswith("+00:00")
        say(second, "<img src=x onerror=alert(1)>")  # text, as it was written
        assert live_line(first)["text"] == "<img src=x onerror=alert(1)>"


@pytest.mark.parametrize(("text", "words"), [
    ("", "cannot be empty"), ("   ", "cannot be empty"), (None, "a string"),
    (12, "a string"), ("x" * 301, "at most 300 characters, not 301"),
    ("two\nlines", "one line"), ("a\rb", "U+000D"), ("bell\x07", "U+0007"),
    ("line\u2028sep", "U+2028"), ("turn \u202eit", "U+202E"),
])
def test_a_bad_line_gets_its_reason_and_nothing_is_stored(client: TestClient, text: Any,
                                                         words: str) -> None:
    table_id, ann, _ = two_guests(client)
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        ws.send_json({"type": "seat", "token": ann})
        receive(ws)
        say(ws, text)
        assert refused(ws, words)["rule"] is None
        ws.send_json({"type": "chat"})  # no text at all
        refused(ws, "a string")
    assert stored(client) == 0


def test_three_hundred_characters_of_any_script_are_one_line(client: TestClient) -> None:
    table_id, ann, _ = two_guests(client)
    text = ("よろしく👍🏽" * 60)[:300]
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        ws.send_json({"type": "seat", "token": ann})
        say(ws, text)
        assert live_line(ws)["text"] == text


def test_a_visitor_who_is_not_seated_only_reads(client: TestClient) -> None:
    table_id, ann, _ = two_guests(client)
    with client.websocket_connect(f"/ws/tables/{table_id}") as watcher, \
            client.websocket_connect(f"/ws/tables/{table_id}") as player:
        say(watcher, "let me talk")
        refused(watcher, "log in, or take a seat, to write")
        player.send_json({"type": "seat", "token": ann})
        say(player, "only I")
        assert live_line(watcher)["text"] == "only I"
    assert stored(client) == 1


def test_a_logged_in_spectator_writes_unless_the_table_is_for_players_only(
        client: TestClient, devices: list[TestClient]) -> None:
    watcher = devices[0]
    sign_up(watcher, "Cid")
    casual, _ = new_table(client, [HUMAN, RANDOM], chat="all")
    quiet, ann = new_table(client, [HUMAN, RANDOM], chat="players")
    assert client.get(f"/api/tables/{quiet}").json()["chat"] == "players"
    with client.websocket_connect(f"/ws/tables/{casual}", headers=cookie(watcher)) as ws:
        say(ws, "nice move")
        line = heard(ws)
        assert (line["from"], line["text"]) == ("Cid", "nice move")
    with client.websocket_connect(f"/ws/tables/{quiet}", headers=cookie(watcher)) as ws, \
            client.websocket_connect(f"/ws/tables/{quiet}") as player:
        say(ws, "nice move")
        refused(ws, "only the players write in this table's chat")
        player.send_json({"type": "seat", "token": ann})
        say(player, "thanks")
        assert live_line(ws)["text"] == "thanks"  # spectators read


def test_rated_and_competition_tables_are_for_players_by_default() -> None:
    two = [HUMAN, HUMAN]
    assert table_setup({"seats": two}).chat == "all"
    assert table_setup({"seats": two, "rated": True}).chat == "players"
    assert table_setup({"seats": two, "rated": True, "chat": "all"}).chat == "all"
    game = GameTable("t", "Round 1", (Seat("bot", bot="random"), Seat("bot", bot="random")),
                     ("base",), {}, False, Timing(), 1)
    assert started(game, datetime.now(UTC)).chat == "players"


def test_a_bad_chat_setting_is_refused(client: TestClient) -> None:
    answer = client.post("/api/tables", json={"seats": [HUMAN, RANDOM], "chat": "everyone"})
    assert answer.status_code == 400
    assert "chat must be 'all'" in answer.json()["error"]


def test_a_player_of_a_rated_table_writes_as_their_account(client: TestClient,
                                                          devices: list[TestClient]) -> None:
    sign_up(client, "Ann")
    table_id, _ = new_table(client, [HUMAN, RANDOM], rated=True)
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:  # the account's seat
        say(ws, "hello")
        assert heard(ws)["from"] == "Ann"


def test_too_many_lines_are_refused_naming_the_bound(serve: Serve) -> None:
    with serve(chat_rate=(3, 60.0)) as client:
        table_id, ann, bob = two_guests(client)
        with client.websocket_connect(f"/ws/tables/{table_id}") as first, \
                client.websocket_connect(f"/ws/tables/{table_id}") as second:
            first.send_json({"type": "seat", "token": ann})
            second.send_json({"type": "seat", "token": bob})
            for number in range(3):
                say(first, f"line {number}")
                assert live_line(first)["text"] == f"line {number}"
            say(first, "one too many")
            refused(first, "too many chat messages: at most 3 in 60 s")
            say(second, "my turn to talk")  # the bound is per writer
            assert live_line(first)["text"] == "my turn to talk"
        assert stored(client) == 4


def test_a_suspended_account_cannot_write(client: TestClient) -> None:
    account = sign_up(client, "Ann")
    table_id, _ = new_table(client, [HUMAN, RANDOM])
    with hall(client).store.engine.begin() as connection:
        connection.execute(update(AccountRow).where(AccountRow.id == account).values(
            suspended=True))
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        say(ws, "hello")
        refused(ws, "suspended")
    assert stored(client) == 0


def test_a_line_does_not_reach_who_blocked_its_writer(client: TestClient,
                                                      devices: list[TestClient]) -> None:
    ann_device, bob_device, cid_device = devices
    ann = sign_up(ann_device, "Ann")
    sign_up(bob_device, "Bob")
    cid = sign_up(cid_device, "Cid")
    table_id, _ = new_table(ann_device, [HUMAN, RANDOM])
    store = hall(client).store
    with store.engine.begin() as connection:
        blocks.block(connection, cid, ann, hall(client).now())
    url = f"/ws/tables/{table_id}"
    with client.websocket_connect(url, headers=cookie(ann_device)) as player, \
            client.websocket_connect(url, headers=cookie(bob_device)) as bob, \
            client.websocket_connect(url, headers=cookie(cid_device)) as blocker:
        say(player, "from Ann")
        assert live_line(player)["text"] == live_line(bob)["text"] == "from Ann"
        say(bob, "from Bob")
        assert live_line(blocker)["text"] == "from Bob"  # Ann's line never came
    with client.websocket_connect(url, headers=cookie(cid_device)) as again:
        assert [m["text"] for m in heard(again)["messages"]] == ["from Bob"]
    texts = [m["text"] for m in cid_device.get(f"/api/tables/{table_id}/chat").json()["messages"]]
    assert texts == ["from Bob"]
    texts = [m["text"] for m in bob_device.get(f"/api/tables/{table_id}/chat").json()["messages"]]
    assert texts == ["from Ann", "from Bob"]


def test_a_connecting_client_gets_the_history_and_the_replay_keeps_it(
        serve: Serve, database_url: str) -> None:
    with serve(url=database_url) as client:
        table_id, ann, bob = two_guests(client)
        with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
            ws.send_json({"type": "seat", "token": ann})
            for text in ("hello", "<script>alert(1)</script>"):
                say(ws, text)
                heard(ws)
        with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
            first = receive(ws)
            assert first["type"] == "state"
            history = receive(ws)  # right after the first state
            assert history["type"] == "chat_history"
            assert [(m["from"], m["text"]) for m in history["messages"]] == [
                ("Ann", "hello"), ("Ann", "<script>alert(1)</script>")]
            ids = [m["id"] for m in history["messages"]]
            assert ids == sorted(ids)
        answer = client.post(f"/api/tables/{table_id}/resign", headers=auth(bob))
        assert answer.json()["status"] == "finished"
    with serve(url=database_url) as client:  # restarted: kept with the finished table
        chat = client.get(f"/api/tables/{table_id}/chat").json()
        assert chat["table"] == table_id and chat["chat"] == "all"
        assert [m["text"] for m in chat["messages"]] == ["hello", "<script>alert(1)</script>"]
        with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
            assert receive(ws)["view"]["is_over"]
            assert len(receive(ws)["messages"]) == 2


def test_the_chat_of_no_table_is_404_and_an_empty_one_is_empty(client: TestClient) -> None:
    answer = client.get("/api/tables/nosuchtable/chat")
    assert answer.status_code == 404 and "there is no table" in answer.json()["error"]
    table_id, _ = new_table(client)
    assert client.get(f"/api/tables/{table_id}/chat").json()["messages"] == []


def test_a_rematch_keeps_the_chat_setting(client: TestClient) -> None:
    table_id, ann, bob = two_guests(client, chat="players")
    client.post(f"/api/tables/{table_id}/resign", headers=auth(bob))
    answer = client.post(f"/api/tables/{table_id}/rematch", headers=auth(ann)).json()
    assert answer["table"] is not None, answer  # Ann is the one person left to accept
    assert client.get(f"/api/tables/{answer['table']}").json()["chat"] == "players"
