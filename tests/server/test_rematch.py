"""Rematches: offered by one player at the end, started when every person
at the table accepted, with the same players and setup, seats rotated by
one and a new stack; refused before the end and to anyone without a seat."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from server_helpers import HUMAN, RANDOM, auth, hall, my_turn, new_table, play_turns

PASSWORD = "correct horse battery"


def play_both(client: TestClient, table_id: str, tokens: list[str]) -> dict[str, Any]:
    """Play random moves for two human seats until the game is over."""
    with (client.websocket_connect(f"/ws/tables/{table_id}?token={tokens[0]}") as first,
          client.websocket_connect(f"/ws/tables/{table_id}?token={tokens[1]}") as second):
        sockets = [first, second]
        states = [my_turn(ws) if i == 0 else ws.receive_json() for i, ws in enumerate(sockets)]
        while not states[0]["view"]["is_over"]:
            mover = 0 if states[0]["legal"] else 1
            sockets[mover].send_json({"type": "move", "move": states[mover]["legal"][-1]})
            states = [ws.receive_json() for ws in sockets]
            assert all(state["type"] == "state" for state in states), states
    return states[0]


def test_a_rematch_starts_when_both_players_accept_with_the_seats_rotated(
        client: TestClient) -> None:
    table_id, ann = new_table(client, [HUMAN, HUMAN], join=0, name="Ann",
                              timing={"kind": "turn", "deadline": 86400},
                              options={"tiny_city": 2})
    bob = client.post(f"/api/tables/{table_id}/join", json={"name": "Bob"}).json()["token"]
    assert ann is not None
    early = client.post(f"/api/tables/{table_id}/rematch", headers=auth(ann))
    assert early.status_code == 409 and "once the game is over" in early.json()["error"]
    final = play_both(client, table_id, [ann, bob])
    assert final["table"]["status"] == "finished" and final["table"]["rematch"] is None

    nobody = client.post(f"/api/tables/{table_id}/rematch")
    assert nobody.status_code == 403
    stranger = client.post(f"/api/tables/{table_id}/rematch", headers=auth("x" * 43))
    assert stranger.status_code == 403
    assert client.get(f"/api/tables/{table_id}").json()["rematch"] is None

    offer = client.post(f"/api/tables/{table_id}/rematch", headers=auth(ann)).json()
    assert offer["accepted"] == [0] and offer["table"] is None and offer["seat"] == 1
    assert client.get(f"/api/tables/{table_id}").json()["rematch"] == {
        "accepted": [0], "table": None}
    accept = client.post(f"/api/tables/{table_id}/rematch", headers=auth(bob)).json()
    assert accept["accepted"] == [0, 1] and accept["seat"] == 0
    new_id = accept["table"]
    assert new_id is not None and new_id != table_id
    assert client.get(f"/api/tables/{table_id}").json()["rematch"]["table"] == new_id

    old, new = hall(client).tables[table_id], hall(client).tables[new_id]
    assert [s.name for s in new.seats] == ["Bob", "Ann"]  # Bob moves first now
    assert new.status == "playing" and new.options == old.options
    assert new.timing == old.timing and new.sets == old.sets
    assert new.seed != old.seed
    assert new.seat_of(offer["token"]) == 1 and new.seat_of(accept["token"]) == 0
    assert new.seat_of(ann) is None  # the old tokens open nothing there
    again = client.post(f"/api/tables/{table_id}/rematch", headers=auth(ann))
    assert again.status_code == 409 and new_id in again.json()["error"]


def test_a_rematch_against_a_bot_starts_at_once_and_keeps_the_account(
        client: TestClient) -> None:
    client.post("/api/accounts", json={"name": "Ann", "password": PASSWORD})
    table_id, _ = new_table(client, [HUMAN, RANDOM], rated=True)
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        final, _ = play_turns(ws, seed=3)
    assert final["view"]["is_over"]
    # the session stands in for the token
    answer = client.post(f"/api/tables/{table_id}/rematch").json()
    assert answer["accepted"] == [0] and answer["table"] is not None
    new = client.get(f"/api/tables/{answer['table']}").json()
    assert new["rated"] is True and new["status"] == "playing"
    assert [(s["kind"], s["name"], s["account"]) for s in new["seats"]] == [
        ("bot", "Random bot", None), ("human", "Ann", "Ann")]
    games = client.get("/api/me").json()["games"]
    assert games[0]["id"] == answer["table"] and games[0]["your_seat"] == 1
