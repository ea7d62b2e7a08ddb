"""Malformed input at both server boundaries: refused, stored nowhere, no crash.

Every HTTP body and every WebSocket message below is a valid one with one
part replaced by anything (``tests/fuzz.py``), random JSON, text that is not
JSON, or the inputs that once gave HTTP 500 or dropped the sender: JSON
nested thousands deep, an integer of thousands of digits, a figure's ``spot``
sent as a list or an object. Each must get a clear ``{"error"}`` answer to
that client only, leave the database as it was, keep the connection open,
and log nothing as a failure.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from fuzz import DEEP, HUGE, texts
from hypothesis import HealthCheck, given, settings
from server_helpers import HUMAN, RANDOM, hall, my_turn, new_table, next_state, receive

from carcassonne import Move

fuzzing = settings(max_examples=150, deadline=None,
                   suppress_health_check=[HealthCheck.too_slow,
                                          HealthCheck.function_scoped_fixture])

NEW_TABLE: dict[str, Any] = {"name": "Fuzz", "seats": [HUMAN, RANDOM], "sets": ["base"],
                             "options": {"farmers": True}, "hide_distribution": False,
                             "join": {"seat": 0, "name": "Ann"}}
JOIN: dict[str, Any] = {"seat": 1, "name": "Bob"}
ACCOUNT: dict[str, Any] = {"name": "Fuzzer", "password": "correct horse battery",
                           "seats": [{"table": "abc", "token": "def"}]}
MOVE: dict[str, Any] = {"type": "move", "move": {
    "tile": "BA/Rr", "at": [1, 0], "rotation": 0,
    "figures": [{"figure": "meeple", "feature": "road", "spot": "W"}]}}
JSON = {"Content-Type": "application/json"}


@pytest.fixture
def failures(caplog: pytest.LogCaptureFixture) -> Iterator[list[logging.LogRecord]]:
    """The records logged as errors by the server while a test runs."""
    with caplog.at_level(logging.WARNING, logger="carcassonne"):
        yield caplog.records


def crashes(records: list[logging.LogRecord]) -> list[str]:
    return [r.getMessage() for r in records if r.levelno >= logging.ERROR]


def check_error(answer: dict[str, Any]) -> None:
    assert isinstance(answer["error"], str) and answer["error"], answer
    assert "\n" not in answer["error"] and len(answer["error"]) <= 400, answer


def stored_tables(client: TestClient) -> int:
    return len(hall(client).store.tables())


@fuzzing
@given(text=texts(NEW_TABLE))
def test_a_malformed_new_table_is_refused_and_nothing_is_stored(
        client: TestClient, failures: list[logging.LogRecord], text: str) -> None:
    before = stored_tables(client)
    answer = client.post("/api/tables", content=text.encode("utf-8", "surrogatepass"),
                         headers=JSON)
    if answer.status_code == 201:  # the part replaced did not matter
        assert stored_tables(client) == before + 1
    else:
        assert answer.status_code in (400, 409, 413), (answer.status_code, answer.text)
        check_error(answer.json())
        assert stored_tables(client) == before
    assert not crashes(failures)


@fuzzing
@given(text=texts(JOIN))
def test_a_malformed_join_is_refused_and_the_seat_stays_free(
        client: TestClient, failures: list[logging.LogRecord], text: str) -> None:
    table_id, _ = new_table(client, [HUMAN, HUMAN])
    answer = client.post(f"/api/tables/{table_id}/join",
                         content=text.encode("utf-8", "surrogatepass"), headers=JSON)
    seats = hall(client).tables[table_id].seats
    if answer.status_code == 200:
        assert all(seat.taken for seat in seats)
    else:
        assert answer.status_code in (400, 409, 413), (answer.status_code, answer.text)
        check_error(answer.json())
        assert not seats[1].taken
    assert not crashes(failures)


def check_message(client: TestClient, failures: list[logging.LogRecord],
                  text: str) -> dict[str, Any]:
    """Send ``text`` as the player to move: either a listed move is played,
    or an error comes back to this client, nothing is stored and the
    connection goes on. Answers what came back."""
    table_id, token = new_table(client, [HUMAN, RANDOM])
    with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:
        before = my_turn(ws)
        ws.send_text(text)
        answer = receive(ws)
        stored = hall(client).store.moves(table_id)
        if answer["type"] == "state":  # the part replaced did not matter
            assert answer["last"] == len(stored) == 1
            played = hall(client).tables[table_id].game.moves[0]
            placements = {(m.tile, m.at, m.rotation) for m in map(Move.from_dict,
                                                                   before["legal"])}
            assert (played.tile, played.at, played.rotation) in placements
        else:
            assert answer["type"] == "error", answer
            check_error(answer)
            assert stored == []
            ws.send_json({"type": "sync"})
            assert next_state(ws) == before
    assert not crashes(failures)
    return answer


@fuzzing
@given(text=texts(MOVE))
def test_a_malformed_message_is_refused_to_its_sender_and_changes_nothing(
        client: TestClient, failures: list[logging.LogRecord], text: str) -> None:
    check_message(client, failures, text)


SPOT = MOVE["move"]["figures"][0]


@pytest.mark.parametrize(("text", "words"), [
    (DEEP, "nested deeper than 32 levels"),
    (HUGE, "a number of 5000 digits"),
    (json.dumps({**MOVE, "move": {**MOVE["move"], "at": ["@"]}}).replace('"@"', HUGE),
     "a number of 5000 digits"),
    (json.dumps({**MOVE, "move": {**MOVE["move"], "figures": [{**SPOT, "spot": ["W"]}]}}),
     "needs a spot"),
    (json.dumps({**MOVE, "move": {**MOVE["move"], "figures": [{**SPOT, "spot": {"W": 1}}]}}),
     "needs a spot"),
])
def test_what_once_dropped_the_sender_is_refused(
        client: TestClient, failures: list[logging.LogRecord], text: str, words: str) -> None:
    answer = check_message(client, failures, text)
    assert answer["type"] == "error" and words in answer["error"], answer


@pytest.mark.parametrize(("body", "words"), [
    (DEEP, "nested deeper than 32 levels"),
    (HUGE, "a number of 5000 digits"),
    (json.dumps({**NEW_TABLE, "join": {"seat": "@"}}).replace('"@"', HUGE), "digits"),
    (json.dumps({**NEW_TABLE, "sets": [["base"]]}), "unknown set"),
    (json.dumps({**NEW_TABLE, "seats": [HUMAN, {"kind": "bot", "bot": ["greedy"]}]}),
     "unknown bot"),
])
def test_what_once_gave_http_500_is_refused_with_400(
        client: TestClient, failures: list[logging.LogRecord], body: str, words: str) -> None:
    answer = client.post("/api/tables", content=body, headers=JSON)
    assert answer.status_code == 400 and words in answer.json()["error"], answer.text
    assert stored_tables(client) == 0
    assert not crashes(failures)


@fuzzing
@given(text=texts(ACCOUNT))
def test_malformed_sign_ups_and_logins_are_refused_and_store_no_session(
        client: TestClient, failures: list[logging.LogRecord], text: str) -> None:
    body = text.encode("utf-8", "surrogatepass")
    for path in ("/api/accounts", "/api/session"):
        client.cookies.clear()
        answer = client.post(path, content=body, headers=JSON)
        if answer.status_code in (200, 201):  # the part replaced did not matter
            assert client.get("/api/me").status_code == 200
            continue
        assert answer.status_code in (400, 401, 409, 413, 429), (path, answer.text)
        check_error(answer.json())
        assert "set-cookie" not in answer.headers
    assert not crashes(failures)


NEW_COMPETITION: dict[str, Any] = {
    "name": "Fuzz cup", "series": "Fuzz", "format": "groups_knockout", "games": 2,
    "duplicate": True, "groups": 2, "advance": 1, "title_games": 3, "sets": ["base"],
    "options": {"farmers": True}, "rated": False, "timing": {"kind": "turn", "deadline": 86400},
    "round_deadline": 86400, "points": {"win": 3, "draw": 1, "loss": 0}, "open": True,
    "entrants": [{"bot": "random"}, {"bot": "greedy"}]}


@fuzzing
@given(text=texts(NEW_COMPETITION))
def test_a_malformed_competition_is_refused_and_nothing_is_stored(
        client: TestClient, failures: list[logging.LogRecord], text: str) -> None:
    if client.get("/api/me").status_code == 401:
        client.post("/api/accounts", json={"name": "Olga", "password": "correct horse battery"})
    before = len(hall(client).store.competitions())
    answer = client.post("/api/competitions", content=text.encode("utf-8", "surrogatepass"),
                         headers=JSON)
    if answer.status_code == 201:  # the part replaced did not matter
        assert len(hall(client).store.competitions()) == before + 1
    else:
        assert answer.status_code in (400, 404, 409, 413), (answer.status_code, answer.text)
        check_error(answer.json())
        assert len(hall(client).store.competitions()) == before
    assert not crashes(failures)
