"""The live WebSocket of docs/server.md: seats, states, moves, errors,
bounds, resync."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import (
    HUMAN,
    RANDOM,
    Serve,
    auth,
    hall,
    new_table,
    next_state,
    play_turns,
    receive,
)
from starlette.websockets import WebSocketDisconnect

from carcassonne import Game, Move
from carcassonne.bots import BOTS
from carcassonne.server.errors import Refusal

NO_SEAT = "this token opens no seat at this table: you are watching"


def seated(ws: Any, token: str | None) -> dict[str, Any]:
    """Show ``token`` on a fresh connection, as the browser does: the state
    sent on connecting is a spectator's; answer the seat's state that the
    ``seat`` message brings (skipping any state a bot's move sent between)."""
    assert token is not None
    assert next_state(ws)["seat"] is None
    ws.send_json({"type": "seat", "token": token})
    while True:
        state = next_state(ws)
        if state["seat"] is not None:
            return state


def test_a_whole_game_against_a_bot_through_the_socket(client: TestClient) -> None:
    table_id, token = new_table(client, [HUMAN, RANDOM], name="Ann")
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        first = seated(ws, token)
        assert set(first) == {"type", "table", "seat", "view", "legal", "last"}
        assert first["seat"] == 0 and first["last"] == 0
        assert first["view"]["you"] == 0 and first["view"]["players"] == ["Ann", "Random bot"]
        assert first["legal"] and all(Move.from_dict(m).to_dict() == m for m in first["legal"])
        assert first["table"]["status"] == "playing"
        final, sent = play_turns(ws, seed=4, state=first)
    view = final["view"]
    assert view["is_over"] and final["legal"] is None and final["table"]["status"] == "finished"
    assert final["last"] == len(view["moves"]) == final["table"]["moves"]
    assert final["table"]["scores"] == view["scores"]
    assert final["table"]["winners"] == view["winners"]
    record = client.get(f"/api/tables/{table_id}/record").json()
    game = Game.from_record(record)
    assert list(game.scores) == view["scores"]
    assert all("clock" in m for m in record["moves"])  # each with its time (move_clocks.py)
    ours = [{k: v for k, v in m.items() if k != "clock"}
            for i, m in enumerate(record["moves"]) if i % 2 == 0]
    assert ours == sent  # every move of seat 0 is the one sent, in record form
    assert token is not None
    over = client.post(f"/api/tables/{table_id}/leave", headers=auth(token))
    assert over.status_code == 409 and "over" in over.json()["error"]


@pytest.mark.skipif("greedy" not in BOTS, reason="the greedy bot is not there yet")
def test_a_game_against_the_greedy_bot(client: TestClient) -> None:
    table_id, token = new_table(client, [HUMAN, {"kind": "bot", "bot": "greedy"}])
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        final, _ = play_turns(ws, state=seated(ws, token))
    assert final["view"]["is_over"] and final["table"]["seats"][1]["bot"] == "greedy"


def test_spectators_watch_with_their_own_view_and_no_legal_moves(client: TestClient) -> None:
    table_id, token = new_table(client, [HUMAN, RANDOM])
    with client.websocket_connect(f"/ws/tables/{table_id}") as watcher, \
            client.websocket_connect(f"/ws/tables/{table_id}") as player:
        state = next_state(watcher)
        assert state["seat"] is None and state["legal"] is None
        assert state["view"]["you"] is None
        play_turns(player, turns=1, state=seated(player, token))
        seen = [next_state(watcher) for _ in range(2)]  # our move, then the bot's
        assert [s["last"] for s in seen] == [1, 2]
        assert all(s["seat"] is None and s["legal"] is None for s in seen)


def test_a_waiting_table_tells_its_watchers_about_seats_and_the_start(
        client: TestClient) -> None:
    table_id, token = new_table(client, [HUMAN, HUMAN])
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        state = seated(ws, token)
        assert state["seat"] == 0 and state["view"] is None and state["legal"] is None
        assert state["table"]["status"] == "waiting"
        ws.send_json({"type": "move", "move": {"tile": "BA/Rr", "at": [1, 0], "rotation": 0}})
        assert "not started" in receive(ws)["error"]
        client.post(f"/api/tables/{table_id}/join", json={"seat": 1, "name": "Bob"})
        started = next_state(ws)
        assert started["table"]["status"] == "playing"
        assert started["view"]["players"] == ["Ann", "Bob"] and started["legal"]


def test_an_illegal_move_is_refused_to_its_sender_only_and_changes_nothing(
        client: TestClient) -> None:
    table_id, token = new_table(client, [HUMAN, RANDOM])
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws, \
            client.websocket_connect(f"/ws/tables/{table_id}") as watcher:
        before = seated(ws, token)
        next_state(watcher)
        tile = before["view"]["to_place"][0]
        ws.send_json({"type": "move", "move": {"tile": tile, "at": [0, 0], "rotation": 0}})
        error = receive(ws)
        assert error["type"] == "error" and error["rule"] == "PLACE-1"
        ws.send_json({"type": "move", "move": {"tile": tile, "at": [5, 5], "rotation": 0}})
        assert receive(ws)["rule"] == "PLACE-1"
        wrong = "BA/Cccc+" if tile != "BA/Cccc+" else "BA/L"
        ws.send_json({"type": "move", "move": {"tile": wrong, "at": [0, 1], "rotation": 0}})
        assert receive(ws)["rule"] == "§2"
        ws.send_json({"type": "sync"})
        assert next_state(ws) == before  # nothing changed
        watcher.send_json({"type": "ping"})
        assert receive(watcher) == {"type": "pong"}  # the watcher heard nothing
    assert len(hall(client).store.moves(table_id)) == 0


@pytest.mark.parametrize(("message", "words"), [
    ("not json", "JSON"),
    ("[1, 2]", "object"),
    ('"move"', "object"),
    ('{"kind": "move"}', "unknown message type"),
    ('{"type": "dance"}', "unknown message type"),
    ('{"type": "move"}', "needs a move"),
    ('{"type": "move", "move": "BA/Rr@1,0r0"}', "malformed move"),
    ('{"type": "move", "move": {"tile": "BA/Rr", "at": [1], "rotation": 0}}', "at"),
    ('{"type": "move", "move": {"tile": "BA/Rr", "at": [1, 0], "rotation": 45}}', "rotation"),
    ('{"type": "move", "move": {"tile": "BA/Rr", "at": [1, 0], "rotation": 0, "x": 1, '
     '"figures": {"figure": "meeple"}}}', "list"),
    ('{"type": "move", "move": {"tile": "BA/Rr", "at": [1, 0], "rotation": 0, '
     '"figures": [{"figure": "dragon", "feature": "road", "spot": "E"}]}}', "figure"),
])
def test_malformed_messages_get_an_error_and_change_nothing(
        client: TestClient, message: str, words: str) -> None:
    table_id, token = new_table(client, [HUMAN, RANDOM])
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        before = seated(ws, token)
        ws.send_text(message)
        error = receive(ws)
        assert error["type"] == "error" and words in error["error"], error
        ws.send_json({"type": "sync"})
        assert next_state(ws) == before


def test_binary_and_oversized_messages_are_refused_and_the_connection_stays(
        client: TestClient) -> None:
    table_id, token = new_table(client, [HUMAN, RANDOM])
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        before = seated(ws, token)
        ws.send_bytes(b'{"type": "ping"}')
        assert "text" in receive(ws)["error"]
        move = dict(before["legal"][0], padding="x" * 9000)
        ws.send_json({"type": "move", "move": move})
        error = receive(ws)
        assert error["type"] == "error" and "8192 bytes" in error["error"]
        ws.send_text('{"type": "ping"}' + " " * 8300)  # valid JSON, but too long
        assert receive(ws)["type"] == "error"
        ws.send_json({"type": "ping"})
        assert receive(ws) == {"type": "pong"}
        ws.send_json({"type": "sync"})
        assert next_state(ws) == before


#: The bounds on a connection's messages with the counts of a served site
#: (20 a second, 100 in ten seconds) but windows of ten minutes: however
#: slowly a busy machine sends and reads them, the test's messages all fall
#: in one window.
SLOW_WINDOWS: dict[str, Any] = {"ws_burst": (20, 600.0), "ws_flood": (100, 600.0)}


def test_more_than_20_messages_a_second_are_refused_one_by_one(serve: Serve) -> None:
    with serve(**SLOW_WINDOWS) as client:
        table_id, _ = new_table(client, [HUMAN, RANDOM])
        with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
            next_state(ws)  # watching is enough
            for _ in range(25):
                ws.send_json({"type": "ping"})
            answers = [receive(ws) for _ in range(25)]
        assert answers[:20] == [{"type": "pong"}] * 20
        assert all(a["type"] == "error" and "too many" in a["error"] for a in answers[20:])


def test_more_than_100_messages_in_ten_seconds_close_the_connection(serve: Serve) -> None:
    with serve(**SLOW_WINDOWS) as client:
        table_id, _ = new_table(client, [HUMAN, RANDOM])
        with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
            next_state(ws)  # watching is enough
            for _ in range(101):
                ws.send_json({"type": "ping"})
            answers = [receive(ws) for _ in range(101)]
            assert answers[:20] == [{"type": "pong"}] * 20
            assert answers[-1] == {"type": "error", "rule": None,
                                   "error": "too many messages: closing the connection"}
            with pytest.raises(WebSocketDisconnect) as closed:
                receive(ws)
            assert closed.value.code == 1008
        assert hall(client).tables[table_id].connections == set()


def test_reconnecting_resyncs_the_same_state(client: TestClient) -> None:
    table_id, token = new_table(client, [HUMAN, RANDOM])
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        state, sent = play_turns(ws, turns=3, state=seated(ws, token))
    assert state["last"] == 6 and len(sent) == 3
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        again = seated(ws, token)
        assert again == state
        ws.send_json({"type": "sync"})
        assert next_state(ws) == state
        ws.send_json({"type": "move", "move": again["legal"][-1]})
        assert next_state(ws)["last"] == 7


def test_an_unknown_table_closes_the_socket(client: TestClient) -> None:
    with client.websocket_connect("/ws/tables/nosuch") as ws:
        assert "no table" in receive(ws)["error"]
        with pytest.raises(WebSocketDisconnect) as closed:
            receive(ws)
        assert closed.value.code == 4404


def test_a_token_that_opens_no_seat_leaves_the_client_watching(client: TestClient) -> None:
    _, token = new_table(client, [HUMAN, RANDOM])
    other, _ = new_table(client, [HUMAN, RANDOM])
    with client.websocket_connect(f"/ws/tables/{other}") as ws:
        next_state(ws)
        ws.send_json({"type": "seat", "token": token})  # a seat, but of another table
        assert receive(ws) == {"type": "error", "error": NO_SEAT, "rule": None,
                               "answers": "seat"}
        ws.send_json({"type": "sync"})
        state = next_state(ws)
        assert state["seat"] is None and state["legal"] is None  # watching
        ws.send_json({"type": "move", "move": {"tile": "BA/Rr", "at": [1, 0], "rotation": 0}})
        assert receive(ws)["answers"] == "move"
    assert len(hall(client).store.moves(other)) == 0


def test_a_connection_shows_one_token_and_a_second_is_refused(client: TestClient) -> None:
    table_id, _ = new_table(client, [HUMAN, HUMAN], join=0)
    second = client.post(f"/api/tables/{table_id}/join", json={"seat": 1}).json()["token"]
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        before = seated(ws, second)
        assert before["seat"] == 1
        for token in (second, "guess"):
            ws.send_json({"type": "seat", "token": token})
            error = receive(ws)
            assert error["answers"] == "seat" and "already shown a seat token" in error["error"]
        ws.send_json({"type": "sync"})
        assert next_state(ws) == before  # still seat 1: nothing changed
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        next_state(ws)
        ws.send_json({"type": "seat", "token": "guess"})
        assert receive(ws)["error"] == NO_SEAT
        ws.send_json({"type": "seat", "token": second})  # the one try is spent
        assert "already shown" in receive(ws)["error"]
        ws.send_json({"type": "sync"})
        assert next_state(ws)["seat"] is None


@pytest.mark.parametrize("token", [None, "", 7, ["guess"]])
def test_a_seat_message_without_a_token_string_is_malformed_and_spends_nothing(
        client: TestClient, token: object) -> None:
    table_id, good = new_table(client, [HUMAN, RANDOM])
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        next_state(ws)
        ws.send_json({"type": "seat", "token": token})
        error = receive(ws)
        assert error["answers"] == "seat" and "needs the seat's token" in error["error"]
        ws.send_json({"type": "seat", "token": good})
        assert next_state(ws)["seat"] == 0


def test_a_bad_token_leaves_a_logged_in_player_on_the_seat_of_their_account(
        client: TestClient) -> None:
    assert client.post("/api/accounts", json={"name": "Ann", "password": "x" * 12}) \
        .status_code == 201
    table_id, _ = new_table(client, [HUMAN, RANDOM])
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        assert next_state(ws)["seat"] == 0  # the session's account holds seat 0
        ws.send_json({"type": "seat", "token": "guess"})
        error = receive(ws)
        assert "opens no seat" in error["error"] and "your account holds" in error["error"]
        ws.send_json({"type": "sync"})
        assert next_state(ws)["seat"] == 0


def test_the_deprecated_token_in_the_url_still_opens_the_seat(client: TestClient) -> None:
    table_id, token = new_table(client, [HUMAN, RANDOM])
    with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:
        assert next_state(ws)["seat"] == 0
        ws.send_json({"type": "seat", "token": token})  # the URL's token was its one
        assert "already shown" in receive(ws)["error"]
    with client.websocket_connect(f"/ws/tables/{table_id}?token=guess") as ws:
        assert receive(ws) == {"type": "error", "error": NO_SEAT, "rule": None}
        state = next_state(ws)
        assert state["seat"] is None and state["legal"] is None  # watching


def test_a_player_who_left_watches_from_then_on(client: TestClient) -> None:
    table_id, _ = new_table(client, [HUMAN, HUMAN], join=0)
    second = client.post(f"/api/tables/{table_id}/join", json={"seat": 1}).json()["token"]
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        assert seated(ws, second)["seat"] == 1
        client.post(f"/api/tables/{table_id}/leave", headers=auth(second))
        state = next_state(ws)
        assert state["seat"] is None and state["table"]["seats"][1]["kind"] == "bot"


def test_a_move_the_database_cannot_store_changes_nothing(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    table_id, token = new_table(client, [HUMAN, RANDOM])
    store = hall(client).store
    writer = store.async_moves  # moves are written grouped (move_writes.py)

    def broken(*args: object) -> None:
        raise OSError("disk full")

    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        before = seated(ws, token)
        monkeypatch.setattr(writer, "_store", broken)
        ws.send_json({"type": "move", "move": before["legal"][0]})
        error = receive(ws)
        assert error["type"] == "error" and "could not store" in error["error"]
        monkeypatch.undo()
        ws.send_json({"type": "sync"})
        assert next_state(ws) == before  # not told, not applied
        game = hall(client).tables[table_id].game
        assert game is not None and game.moves == ()  # taken back (tables.py)
        ws.send_json({"type": "move", "move": before["legal"][0]})
        assert next_state(ws)["last"] == 1
    assert len(store.moves(table_id)) >= 1


def test_a_move_being_stored_is_shown_to_nobody_before_it_is_stored(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """A move is played on the table's game while it is stored (tables.py):
    a client connecting meanwhile gets its state once the move is stored,
    showing it."""
    table_id, ann = new_table(client, [HUMAN, HUMAN])
    client.post(f"/api/tables/{table_id}/join", json={"seat": 1})
    store = hall(client).store
    writing, release = threading.Event(), threading.Event()
    writer = store.async_moves  # moves are written grouped, on SQLite in a thread
    write = writer._store  # type: ignore[union-attr]

    def slow(*args: Any) -> list[bool]:
        writing.set()
        assert release.wait(10)
        return write(*args)  # type: ignore[no-any-return]

    first: list[dict[str, Any]] = []

    def watch() -> None:
        with client.websocket_connect(f"/ws/tables/{table_id}") as watcher:
            first.append(next_state(watcher))

    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        before = seated(ws, ann)
        monkeypatch.setattr(writer, "_store", slow)
        ws.send_json({"type": "move", "move": before["legal"][0]})
        assert writing.wait(10)
        watcher = threading.Thread(target=watch)
        watcher.start()
        watcher.join(0.5)
        assert not first  # waits for the move being stored
        release.set()
        watcher.join(10)
        assert first and first[0]["last"] == 1 and first[0]["view"]["moves"]
        assert next_state(ws)["last"] == 1


def test_a_move_asked_twice_is_played_once_and_not_refused(client: TestClient) -> None:
    """A move asked again after it was played (its answer lost, or a routed
    call made again as the table changed hands) is done: no error, no second
    move. Asked again once the game moved on past it by another move, or by
    another seat, it is refused."""
    table_id, ann = new_table(client, [HUMAN, HUMAN])
    bob = client.post(f"/api/tables/{table_id}/join", json={"seat": 1}).json()["token"]
    the_hall = hall(client)
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        first = seated(ws, ann)
        move = first["legal"][0]
        ws.send_json({"type": "move", "move": move})
        assert next_state(ws)["last"] == 1
        from carcassonne.server.moves import play_here as play  # made here, not routed

        portal = client.portal  # type: ignore[union-attr]
        portal.call(lambda: play(the_hall, table_id, 0, move, seen=0))  # again: done
        # Ann's move was not Bob's: refused for his tile, or (when the deal gave
        # him the same tile) for her square, now taken.
        with pytest.raises(Refusal, match=r"must place|square is already taken"):
            portal.call(lambda: play(the_hall, table_id, 1, move, seen=0))
        assert [{k: v for k, v in m.items() if k != "clock"}
                for m in the_hall.store.moves(table_id)] == [move]
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        bob_state = seated(ws, bob)
        ws.send_json({"type": "move", "move": bob_state["legal"][0]})
        assert next_state(ws)["last"] == 2
    client.portal.call(  # type: ignore[union-attr]
        lambda: play(the_hall, table_id, 1, bob_state["legal"][0], seen=1))  # again: done
    with pytest.raises(Refusal, match="not your turn"):  # move 0 was not Bob's
        client.portal.call(  # type: ignore[union-attr]
            lambda: play(the_hall, table_id, 1, bob_state["legal"][0], seen=0))
    assert len(the_hall.store.moves(table_id)) == 2
