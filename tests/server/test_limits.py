"""The server protects itself: tables of bots only are bounded per client
address and in all, and played at a set pace; tables waiting for players
and connections are bounded per address."""

from __future__ import annotations

from typing import Any

import pytest
from server_helpers import HUMAN, PATIENCE, RANDOM, Serve, hall, new_table
from starlette.websockets import WebSocketDisconnect

BOTS = {"seats": [RANDOM, RANDOM]}


def test_tables_of_bots_only_are_bounded_per_address_and_in_all(serve: Serve) -> None:
    with serve(bot_tables=(2, 3), bot_pace=60.0) as client:  # the games crawl
        for _ in range(2):
            assert client.post("/api/tables", json=BOTS).status_code == 201
        third = client.post("/api/tables", json=BOTS)
        assert third.status_code == 429 and "you have 2 tables of bots only" in \
            third.json()["error"]
        # a table with a person is not bounded so
        assert client.post("/api/tables", json={"seats": [HUMAN, RANDOM]}).status_code == 201
        # as if another address had made the first one: this one may make one more
        hall(client).tables[next(iter(hall(client).tables))].creator = "10.0.0.9"
        assert client.post("/api/tables", json=BOTS).status_code == 201
        full = client.post("/api/tables", json=BOTS)
        assert full.status_code == 429 and "3 tables of bots only are being played" in \
            full.json()["error"]
        assert len(hall(client).tables) == 4  # nothing else was made


def test_one_address_has_a_bounded_number_of_tables_waiting(serve: Serve) -> None:
    with serve(waiting_tables=2) as client:
        first, token = new_table(client, [HUMAN, HUMAN])
        new_table(client, [HUMAN, HUMAN])
        third = client.post("/api/tables", json={"seats": [HUMAN, HUMAN]})
        assert third.status_code == 429 and "2 tables waiting" in third.json()["error"]
        assert len(hall(client).tables) == 2  # nothing was made
        # once one of them starts, the address may open another
        assert client.post(f"/api/tables/{first}/start",
                           headers={"Authorization": f"Bearer {token}"}).status_code == 200
        new_table(client, [HUMAN, HUMAN])


def test_a_table_of_bots_only_is_played_at_a_set_pace(serve: Serve) -> None:
    with serve(bot_delay=0.1, bot_pace=2.0) as client:
        bots = client.post("/api/tables", json=BOTS).json()["table"]["id"]
        mixed = client.post("/api/tables", json={"seats": [HUMAN, RANDOM],
                                                 "join": {"seat": 0}}).json()["table"]["id"]
        players = hall(client).bots
        assert players.pause(hall(client).tables[bots]) == 2.0
        assert players.pause(hall(client).tables[mixed]) == 0.1


def test_one_address_holds_a_bounded_number_of_connections(serve: Serve) -> None:
    with serve(ws_per_address=2) as client:
        table_id, _ = new_table(client)
        with client.websocket_connect(f"/ws/tables/{table_id}") as first, \
                client.websocket_connect(f"/ws/tables/{table_id}") as second:
            assert first.receive_json()["type"] == second.receive_json()["type"] == "state"
            with client.websocket_connect(f"/ws/tables/{table_id}") as third:
                refused = third.receive_json()
                assert refused["type"] == "error" and "too many connections" in \
                    refused["error"]
                with pytest.raises(WebSocketDisconnect) as closed:
                    third.receive_json()
                assert closed.value.code == 1008
        with client.websocket_connect(f"/ws/tables/{table_id}") as again:  # freed
            assert again.receive_json()["type"] == "state"
        assert not hall(client).sockets.held


def test_bots_try_again_after_a_failure_of_the_moment(serve: Serve, monkeypatch: Any) -> None:
    """The database fails once under a bot's move: nothing is stored, the
    failure is logged, and the bots go on by themselves a moment later."""
    import time

    from carcassonne.server import bots

    monkeypatch.setattr(bots, "RETRY", 0.1)
    with serve() as client:
        writer = hall(client).store.async_moves  # moves are written grouped
        store = hall(client).store
        real = writer._store  # type: ignore[union-attr]
        failed = []

        def add_moves(group: list[Any]) -> list[bool]:
            if not failed:
                failed.append(group[0].number)
                raise RuntimeError("the database is away for a moment")
            return real(group)  # type: ignore[no-any-return]

        monkeypatch.setattr(writer, "_store", add_moves)
        table_id = client.post("/api/tables", json=BOTS).json()["table"]["id"]
        deadline = time.monotonic() + PATIENCE
        while client.get(f"/api/tables/{table_id}").json()["moves"] < 5:
            assert time.monotonic() < deadline, "the bots did not go on"
            time.sleep(0.05)
        assert failed == [0]  # the first move failed, and was played again
        assert len(store.moves(table_id)) >= 5
