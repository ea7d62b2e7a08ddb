"""Who may do what: seat tokens, turns, spectators, and secrets that stay secret.

The stack order decides the game; until a table is over no answer, HTTP or
WebSocket, may hold it: no ``stack`` key, and no run of the tiles still to
come. Tokens are shown once and kept only as hashes.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import (
    HUMAN,
    RANDOM,
    assert_secret,
    auth,
    hall,
    my_turn,
    new_table,
    next_state,
    receive,
)

from carcassonne.server.tokens import token_hash


def test_lobby_writes_need_the_right_token(client: TestClient) -> None:
    table_id, token = new_table(client, [HUMAN, HUMAN])
    _, other = new_table(client, [HUMAN, HUMAN])
    assert token is not None and other is not None
    for path in ("start", "leave"):
        url = f"/api/tables/{table_id}/{path}"
        for headers in ({}, auth("guess"), auth(other), {"Authorization": token},
                        {"Authorization": f"Basic {token}"}, auth(token[:-1])):
            answer = client.post(url, headers=headers)
            assert answer.status_code == 403, (path, headers, answer.text)
            assert answer.json()["rule"] is None and "token" in answer.json()["error"]
    assert client.get(f"/api/tables/{table_id}").json()["status"] == "waiting"
    assert client.get(f"/api/tables/{table_id}").json()["seats"][0]["taken"] is True


def test_tokens_are_kept_only_as_hashes(client: TestClient) -> None:
    table_id, token = new_table(client, [HUMAN, HUMAN])
    second = client.post(f"/api/tables/{table_id}/join", json={"seat": 1}).json()["token"]
    assert token is not None and token != second
    rows = hall(client).store.tables()
    stored = json.dumps(rows, default=str)
    assert token not in stored and second not in stored
    assert [s["token_hash"] for s in rows[0]["seats"]] == [token_hash(token), token_hash(second)]
    for answer in (client.get("/api/tables").text, client.get(f"/api/tables/{table_id}").text):
        assert token_hash(token) not in answer and "token_hash" not in answer


def test_nobody_moves_for_another_seat(client: TestClient) -> None:
    table_id, ann = new_table(client, [HUMAN, HUMAN])
    bob = client.post(f"/api/tables/{table_id}/join", json={"seat": 1}).json()["token"]
    with client.websocket_connect(f"/ws/tables/{table_id}?token={ann}") as ann_ws, \
            client.websocket_connect(f"/ws/tables/{table_id}?token={bob}") as bob_ws, \
            client.websocket_connect(f"/ws/tables/{table_id}") as watcher, \
            client.websocket_connect(f"/ws/tables/{table_id}?token=guess") as guesser:
        ann_state = my_turn(ann_ws)
        bob_state = next_state(bob_ws)
        assert bob_state["seat"] == 1 and bob_state["legal"] is None
        next_state(watcher)
        assert "opens no seat" in receive(guesser)["error"]
        next_state(guesser)
        move = ann_state["legal"][0]
        bob_ws.send_json({"type": "move", "move": move})
        assert "not your turn" in receive(bob_ws)["error"]
        for spectator in (watcher, guesser):
            spectator.send_json({"type": "move", "move": move})
            assert "spectators cannot move" in receive(spectator)["error"]
        assert hall(client).store.moves(table_id) == []
        ann_ws.send_json({"type": "sync"})
        assert next_state(ann_ws) == ann_state
        ann_ws.send_json({"type": "move", "move": move})  # Ann herself may
        assert next_state(ann_ws)["last"] == 1
        bob_turn = next_state(bob_ws)
        assert bob_turn["legal"] is not None
        ann_ws.send_json({"type": "move", "move": bob_turn["legal"][0]})
        assert "not your turn" in receive(ann_ws)["error"]
    assert len(hall(client).store.moves(table_id)) == 1


def test_no_answer_of_a_live_table_holds_the_stack_order(client: TestClient) -> None:
    table_id, token = new_table(client, [HUMAN, RANDOM])
    stack = hall(client).tables[table_id].stack
    assert stack is not None and len(stack) == 71
    answers: list[tuple[Any, dict[str, Any] | None]] = []

    def http(view: dict[str, Any] | None) -> None:
        for path in ("/api/tables", f"/api/tables/{table_id}",
                     f"/api/tables/{table_id}/record", "/api/tables?status=playing"):
            answers.append((client.get(path).json(), view))

    with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws, \
            client.websocket_connect(f"/ws/tables/{table_id}") as watcher:
        state = my_turn(ws)
        while not state["view"]["is_over"]:
            answers.append((state, state["view"]))
            http(state["view"])
            ws.send_json({"type": "move", "move": state["legal"][-1]})
            state = my_turn(ws)
        while True:
            seen = next_state(watcher)
            answers.append((seen, seen["view"]))
            if seen["view"]["is_over"]:
                break
    assert len(answers) > 150
    for answer, view in answers:
        assert_secret(answer, stack, view)
    # once it is over, the record holds the stack, as it should
    record = client.get(f"/api/tables/{table_id}/record").json()
    assert tuple(record["stack"]) == stack


def test_the_check_itself_finds_a_leak() -> None:
    stack = ("BA/Rr", "BA/C", "BA/L", "BA/CC")
    with pytest.raises(AssertionError, match="leaked"):
        assert_secret({"view": {"tiles": ["BA/C", "BA/L", "BA/CC"]}}, stack, None)
    with pytest.raises(AssertionError, match="'stack' key"):
        assert_secret({"a": [{"stack": []}]}, stack, None)
    assert_secret({"view": {"tiles": ["BA/C", "BA/CC", "BA/L"]}}, stack, None)


def test_hidden_hands_stay_hidden(client: TestClient) -> None:
    table_id, ann = new_table(client, [HUMAN, HUMAN], options={"hand": 3})
    bob = client.post(f"/api/tables/{table_id}/join", json={"seat": 1}).json()["token"]
    game = hall(client).tables[table_id].game
    assert game is not None
    with client.websocket_connect(f"/ws/tables/{table_id}?token={ann}") as ann_ws, \
            client.websocket_connect(f"/ws/tables/{table_id}?token={bob}") as bob_ws, \
            client.websocket_connect(f"/ws/tables/{table_id}") as watcher:
        ann_view = next_state(ann_ws)["view"]
        bob_view = next_state(bob_ws)["view"]
        watcher_view = next_state(watcher)["view"]
    assert ann_view["hands"] == [list(game.hand(0)), None]
    assert bob_view["hands"] == [None, list(game.hand(1))]
    assert watcher_view["hands"] == [None, None]
    assert bob_view["to_place"] == [] and watcher_view["to_place"] == []


def test_a_hidden_distribution_is_not_sent(client: TestClient) -> None:
    table_id, token = new_table(client, [HUMAN, RANDOM], hide_distribution=True)
    with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:
        state = my_turn(ws)
        assert state["view"]["unseen"] is None
        assert state["view"]["stack_size"] > 0  # the size of the stack stays public
    shown_id, shown_token = new_table(client, [HUMAN, RANDOM])
    with client.websocket_connect(f"/ws/tables/{shown_id}?token={shown_token}") as ws:
        assert sum(my_turn(ws)["view"]["unseen"].values()) > 0
