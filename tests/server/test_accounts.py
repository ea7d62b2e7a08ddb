"""Accounts (docs/server.md "Accounts"): sign up, log in and out, sessions,
seats that belong to an account, and the refusals that keep them safe.

Each test talks to the real app on a real database. A second "device" is a
second TestClient on the same app: it has its own cookie jar, as a second
browser has.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import HUMAN, RANDOM, Serve, auth, hall, my_turn, new_table, next_state
from sqlalchemy import text

from carcassonne.server.accounts import COOKIE, REFUSE_AFTER, SLOW_AFTER

PASSWORD = "correct horse battery"


def sign_up(client: TestClient, name: str = "Ann", password: str = PASSWORD,
            **extra: Any) -> Any:
    return client.post("/api/accounts", json={"name": name, "password": password, **extra})


def log_in(client: TestClient, name: str = "Ann", password: str = PASSWORD) -> Any:
    return client.post("/api/session", json={"name": name, "password": password})


@pytest.fixture
def device(client: TestClient) -> Iterator[TestClient]:
    """A second browser on the same server: its own cookies."""
    other = TestClient(client.app)
    yield other
    other.close()


def test_sign_up_logs_in_with_a_safe_cookie_and_no_clear_password(client: TestClient) -> None:
    answer = sign_up(client)
    assert answer.status_code == 201 and answer.json() == {"name": "Ann"}
    cookie = answer.headers["set-cookie"]
    assert f"{COOKIE}=" in cookie and "HttpOnly" in cookie and "SameSite=lax" in cookie
    assert "Secure" not in cookie  # not behind HTTPS here
    assert client.get("/api/me").json() == {"name": "Ann", "admin": False, "games": [],
                                            "matches": []}
    with hall(client).store.engine.connect() as connection:
        stored = connection.execute(text("SELECT name, password_hash FROM accounts")).all()
        sessions = connection.execute(text("SELECT token_hash FROM sessions")).all()
    assert stored[0][0] == "Ann" and stored[0][1].startswith("$argon2id$")
    assert PASSWORD not in str(stored)
    assert client.cookies[COOKIE] not in str(sessions)  # only its hash is kept


def test_behind_https_the_cookie_is_secure(serve: Serve) -> None:
    with serve(https=True) as client:
        assert "Secure" in sign_up(client).headers["set-cookie"]


@pytest.mark.parametrize(("body", "words"), [
    ({"name": "A", "password": PASSWORD}, "account name"),
    ({"name": "Ann Smith", "password": PASSWORD}, "account name"),
    ({"name": "Ann", "password": "short"}, "password"),
    ({"name": ["Ann"], "password": PASSWORD}, "account name"),
])
def test_bad_names_and_passwords_are_refused(client: TestClient, body: dict[str, Any],
                                              words: str) -> None:
    answer = client.post("/api/accounts", json=body)
    assert answer.status_code == 400 and words in answer.json()["error"]
    assert client.get("/api/me").status_code == 401


def test_a_name_is_taken_whatever_its_case(client: TestClient, device: TestClient) -> None:
    assert sign_up(client).status_code == 201
    again = sign_up(device, name="ANN")
    assert again.status_code == 409 and "taken" in again.json()["error"]
    assert sign_up(device, name="アン").status_code == 201  # any script


def test_log_in_log_out_and_a_session_after_log_out(client: TestClient,
                                                    device: TestClient) -> None:
    sign_up(client)
    wrong = log_in(device, password="wrong horse battery")
    assert wrong.status_code == 401 and wrong.json()["error"] == "wrong name or password"
    assert log_in(device, name="Nobody").json()["error"] == "wrong name or password"
    assert log_in(device, name="ann").status_code == 200
    old = device.cookies[COOKIE]
    assert device.get("/api/me").json()["name"] == "Ann"
    assert device.delete("/api/session").status_code == 200
    assert device.get("/api/me").status_code == 401
    # the cookie of the ended session opens nothing any more
    device.cookies.set(COOKIE, old)
    assert device.get("/api/me").status_code == 401
    assert client.get("/api/me").status_code == 200  # the other session goes on


def test_failed_logins_are_slowed_then_refused(client: TestClient) -> None:
    sign_up(client)
    guard = client.app.state.login_guard  # type: ignore[attr-defined]
    keys = ["name:ann", "address:testclient"]
    for _ in range(SLOW_AFTER):
        assert log_in(client, password="wrong horse battery").status_code == 401
    assert guard.pause(keys) > 0  # slowed from now on
    for _ in range(REFUSE_AFTER - SLOW_AFTER):
        log_in(client, password="wrong horse battery")
    refused = log_in(client)  # even the right password, for a while
    assert refused.status_code == 429 and "too many failed logins" in refused.json()["error"]
    now = [1_000_000.0]
    guard.clock = lambda: now[0]
    guard.failures = {key: type(times)(now[0] - 10 for _ in times)
                      for key, times in guard.failures.items()}
    now[0] += 16 * 60  # the window has passed
    assert log_in(client).status_code == 200


def test_a_cross_site_post_changes_nothing(client: TestClient) -> None:
    sign_up(client)
    form = client.post("/api/tables", content='{"seats": [{"kind": "human"}]}',
                       headers={"Content-Type": "text/plain", "Origin": "https://evil.example"})
    assert form.status_code == 403 and "another site" in form.json()["error"]
    assert client.get("/api/tables").json()["tables"] == []
    for method, path in (("POST", "/api/session"), ("DELETE", "/api/session"),
                         ("POST", "/api/accounts")):
        answer = client.request(method, path, headers={"Origin": "null"})
        assert answer.status_code == 403
    assert client.get("/api/me").status_code == 200  # still logged in
    own = client.post("/api/tables", json={"seats": [HUMAN, RANDOM]},
                      headers={"Origin": "http://testserver"})
    assert own.status_code == 201


def test_a_logged_in_seat_is_found_and_played_from_another_device(
        client: TestClient, device: TestClient) -> None:
    sign_up(client)
    table_id, token = new_table(client, [HUMAN, RANDOM])
    assert client.get(f"/api/tables/{table_id}").json()["seats"][0]["account"] == "Ann"
    log_in(device)
    games = device.get("/api/me").json()["games"]
    assert [(g["id"], g["your_seat"], g["your_turn"]) for g in games] == [(table_id, 0, True)]
    with device.websocket_connect(f"/ws/tables/{table_id}") as ws:  # no token: the cookie
        state = my_turn(ws)
        assert state["seat"] == 0 and state["legal"]
        ws.send_json({"type": "move", "move": state["legal"][0]})
        assert next_state(ws)["last"] == 1
    # the seat token still works for the browser that has it
    assert client.post(f"/api/tables/{table_id}/leave", headers=auth(token)).status_code == 200


def test_the_session_cookie_sent_by_another_site_opens_nothing(client: TestClient) -> None:
    sign_up(client)
    table_id, _ = new_table(client, [HUMAN, RANDOM])
    evil = {"Origin": "https://evil.example"}
    # a socket opened by another site's page, with Ann's cookie, only watches
    with client.websocket_connect(f"/ws/tables/{table_id}", headers=evil) as ws:
        state = next_state(ws)
        assert state["seat"] is None and state["legal"] is None
        ws.send_json({"type": "move", "move": {"tile": "BA/RCr", "at": [0, 1],
                                               "rotation": 0}})
        assert "spectators cannot move" in ws.receive_json()["error"]
    for path in ("leave", "rematch"):
        answer = client.post(f"/api/tables/{table_id}/{path}", headers=evil)
        assert answer.status_code == 403 and "another site" in answer.json()["error"]
    table = hall(client).tables[table_id]
    assert table.seats[0].kind == "human" and table.moves == 0  # nothing changed
    with client.websocket_connect(f"/ws/tables/{table_id}",
                                  headers={"Origin": "http://testserver"}) as ws:
        assert next_state(ws)["seat"] == 0  # Ann's own pages play her seat


def test_another_players_seat_stays_closed(client: TestClient, device: TestClient) -> None:
    sign_up(client)
    table_id, _ = new_table(client, [HUMAN, HUMAN, HUMAN, RANDOM])
    sign_up(device, name="Bob")
    # Bob's log-in opens no seat of Ann's: he watches, and cannot leave or start for her
    with device.websocket_connect(f"/ws/tables/{table_id}") as ws:
        assert next_state(ws)["seat"] is None
    for path in ("start", "leave"):
        assert device.post(f"/api/tables/{table_id}/{path}").status_code == 403
    assert hall(client).tables[table_id].status == "waiting"
    joined = device.post(f"/api/tables/{table_id}/join", json={})
    assert joined.status_code == 200 and joined.json()["seat"] == 1
    again = device.post(f"/api/tables/{table_id}/join", json={})
    assert again.status_code == 409 and "already hold a seat" in again.json()["error"]


def test_a_guest_who_signs_up_keeps_the_games_of_that_browser(client: TestClient,
                                                              device: TestClient) -> None:
    table_id, token = new_table(client, [HUMAN, RANDOM], name="Guest")
    other_id, other_token = new_table(device, [HUMAN, RANDOM], name="Someone")
    answer = sign_up(client, seats=[{"table": table_id, "token": token},
                                    {"table": other_id, "token": "not the token"}])
    assert answer.status_code == 201
    games = client.get("/api/me").json()["games"]
    assert [g["id"] for g in games] == [table_id]
    assert games[0]["seats"][0]["name"] == "Ann"
    assert device.get(f"/api/tables/{other_id}").json()["seats"][0]["account"] is None
    profile = device.get("/api/players/ann").json()
    assert profile["name"] == "Ann" and [g["id"] for g in profile["playing"]] == [table_id]
    assert device.get("/api/players/nobody").status_code == 404
    assert other_token is not None
