"""Text that is not text, and bodies too large, refused at the server's door.

A JSON escape such as ``"\\ud800"`` names half of a surrogate pair alone:
no character, so a name holding it could never be written to a page, a
record or the database. Every body and every WebSocket message is read by
``carcassonne.json_input``, which refuses it with 400 and the usual JSON
error, before anything is looked at or stored. A body's size is bounded
while it arrives, with or without a Content-Length."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import HUMAN, RANDOM, hall, new_table, receive

from carcassonne.server.bodies import MAX_BODY

BAD = "\ud800x"  # json.dumps writes it as the escape "\ud800x"
PASSWORD = "correct horse battery"


def refused_as_not_text(answer: Any) -> None:
    assert answer.status_code == 400, answer.text
    body = answer.json()
    assert set(body) == {"error", "rule"}, body
    assert "\\ud800, half a surrogate pair: not text" in body["error"], body
    assert "\n" not in body["error"]


def post(client: TestClient, path: str, body: dict[str, Any]) -> Any:
    """POST ``body`` as JSON text (the surrogate travels as its escape)."""
    return client.post(path, content=json.dumps(body),
                       headers={"Content-Type": "application/json"})


@pytest.mark.parametrize("body", [
    {"name": BAD, "seats": [HUMAN, RANDOM]},
    {"seats": [{"kind": "human", "name": BAD}, RANDOM]},
    {"seats": [HUMAN, {"kind": "bot", "bot": "random", "name": BAD}]},
    {"seats": [HUMAN, RANDOM], "join": {"seat": 0, "name": BAD}},
    {"seats": [HUMAN, RANDOM], BAD: 1},
])
def test_a_new_table_with_a_lone_surrogate_is_refused_and_nothing_stored(
        client: TestClient, body: dict[str, Any]) -> None:
    refused_as_not_text(post(client, "/api/tables", body))
    assert client.get("/api/tables").json() == {"tables": []}
    assert hall(client).store.tables() == []


def test_joining_with_a_lone_surrogate_in_the_name_is_refused(client: TestClient) -> None:
    table_id, _ = new_table(client, [HUMAN, HUMAN], join=None)
    refused_as_not_text(post(client, f"/api/tables/{table_id}/join", {"seat": 0, "name": BAD}))
    seats = client.get(f"/api/tables/{table_id}").json()["seats"]
    assert all(seat.get("name") is None for seat in seats), seats


@pytest.mark.parametrize("body", [
    {"name": BAD, "password": PASSWORD},
    {"name": "Ann", "password": PASSWORD + BAD},
])
def test_an_account_with_a_lone_surrogate_is_refused_and_not_made(
        client: TestClient, body: dict[str, Any]) -> None:
    refused_as_not_text(post(client, "/api/accounts", body))
    refused_as_not_text(post(client, "/api/session", body))
    assert client.post("/api/session", json={"name": "Ann", "password": PASSWORD}
                       ).status_code == 401  # no account was made


@pytest.mark.parametrize("body", [
    {"name": BAD},
    {"name": "Spring", "series": BAD},
    {"name": "Spring", "entrants": [{"player": BAD}]},
])
def test_a_competition_with_a_lone_surrogate_is_refused_and_not_made(
        client: TestClient, body: dict[str, Any]) -> None:
    made = client.post("/api/accounts", json={"name": "Olga", "password": PASSWORD})
    assert made.status_code == 201, made.text
    refused_as_not_text(post(client, "/api/competitions", body))
    assert client.get("/api/competitions").json()["competitions"] == []


@pytest.mark.parametrize("message", [
    '{"type": "seat", "token": "\\ud800"}',
    '{"type": "move", "move": {"tile": "\\ud800", "at": [1, 0], "rotation": 0}}',
    '{"type": "ping", "note": "\\udc00"}',
    '{"type": "ping", "note": "\ud800"}',  # the character itself, not its escape
])
def test_a_message_with_a_lone_surrogate_gets_an_error_and_changes_nothing(
        client: TestClient, message: str) -> None:
    table_id, _ = new_table(client, [HUMAN, RANDOM])
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        assert receive(ws)["type"] == "state"
        ws.send_text(message)
        error = receive(ws)
        assert error["type"] == "error", error
        assert "half a surrogate pair: not text" in error["error"], error
        ws.send_json({"type": "ping"})
        assert receive(ws) == {"type": "pong"}  # the connection stays
    assert len(hall(client).store.moves(table_id)) == 0


def chunks(padding: int) -> Iterator[bytes]:
    """A new table's body padded with ``padding`` spaces, sent in pieces of
    a kilobyte without a Content-Length."""
    body = b'{"seats": [{"kind": "human"}, {"kind": "bot"}], ' + b" " * padding + b'"name": "C"}'
    for start in range(0, len(body), 1024):
        yield body[start:start + 1024]


def test_a_chunked_body_over_the_bound_is_refused_with_413(client: TestClient) -> None:
    answer = client.post("/api/tables", content=chunks(4 * MAX_BODY),
                         headers={"Content-Type": "application/json"})
    assert answer.request.headers.get("transfer-encoding") == "chunked"
    assert "content-length" not in answer.request.headers
    assert answer.status_code == 413, answer.text
    assert set(answer.json()) == {"error", "rule"}
    assert client.get("/api/tables").json() == {"tables": []}


def test_a_chunked_body_within_the_bound_is_read(client: TestClient) -> None:
    answer = client.post("/api/tables", content=chunks(MAX_BODY // 2),
                         headers={"Content-Type": "application/json"})
    assert answer.status_code == 201, answer.text
    assert answer.json()["table"]["name"] == "C"
