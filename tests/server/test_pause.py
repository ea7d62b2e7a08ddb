"""Pausing a timed game (``POST /api/tables/{id}/pause``), on a clock the
test moves by hand: paused once every person seated asked, clocks stopped
and moves refused meanwhile, resumed with the same time left; a request
withdrawn; a pause kept across a restart; a turn-based deadline held; the
bots waiting; the organizer of a competition acting alone; the refusals."""

from __future__ import annotations

import time
from datetime import timedelta
from typing import Any

from fastapi.testclient import TestClient
from server_helpers import (
    HUMAN,
    PATIENCE,
    RANDOM,
    Serve,
    auth,
    hall,
    my_turn,
    new_table,
    next_state,
    receive,
)
from test_time import FakeTime, keep_time, timed

from carcassonne.server.pause import PAUSED

PASSWORD = "correct horse battery"


def ask(client: TestClient, table_id: str, wanted: Any, token: str | None = None,
        status: int = 200) -> dict[str, Any]:
    """``POST /api/tables/{id}/pause``; the table (or the error) answered."""
    answer = client.post(f"/api/tables/{table_id}/pause", json={"pause": wanted},
                         headers=auth(token) if token else {})
    assert answer.status_code == status, answer.text
    body: dict[str, Any] = answer.json()
    return body


def two_players(client: TestClient, **timing: Any) -> tuple[str, str, str]:
    """A table of Ann (seat 0, to move first) and Bob, started; its id and
    their tokens."""
    table_id, ann = new_table(client, [HUMAN, HUMAN], timing=timing)
    bob = client.post(f"/api/tables/{table_id}/join", json={"name": "Bob"}).json()["token"]
    assert ann is not None and bob is not None
    return table_id, ann, bob


def test_both_players_pause_the_clocks_stop_moves_wait_and_resume_keeps_the_time(
        serve: Serve) -> None:
    clock = FakeTime()
    with timed(serve, clock) as client:
        table_id, ann, bob = two_players(client, kind="clock", base=300, increment=0)
        with (client.websocket_connect(f"/ws/tables/{table_id}?token={ann}") as ws,
              client.websocket_connect(f"/ws/tables/{table_id}?token={bob}") as watcher):
            state = my_turn(ws)
            next_state(watcher)
            clock.advance(20)
            asked = ask(client, table_id, True, ann)["clock"]
            assert asked["pause_asked"] == [0] and asked["paused"] is None
            assert asked["running"] == 0 and asked["remaining"][0] == 280
            told = next_state(watcher)["table"]["clock"]  # Bob sees Ann's request
            assert told["pause_asked"] == [0]
            next_state(ws)
            assert ask(client, table_id, True, ann)["clock"]["pause_asked"] == [0]  # again: as is

            clock.advance(10)
            paused = ask(client, table_id, True, bob)["clock"]
            assert paused["paused"] == {"since": clock.now().isoformat(), "asked": []}
            assert paused["running"] is None and paused["deadline"] is None
            assert paused["remaining"] == [270, 300] and paused["pause_asked"] == []
            for socket in (ws, watcher):
                seen = next_state(socket)
                assert seen["table"]["clock"]["paused"] is not None and seen["legal"] is None

            clock.advance(3600)  # an hour paused: nothing runs out, nothing is charged
            assert keep_time(client) == 0
            assert client.get(f"/api/tables/{table_id}").json()["clock"]["remaining"][0] == 270
            ws.send_json({"type": "move", "move": state["legal"][0]})
            refused = receive(ws)
            assert refused["type"] == "error" and refused["error"] == PAUSED
            assert len(hall(client).store.moves(table_id)) == 0

            # resuming: Ann asks, withdraws, asks again; Bob accepts
            assert ask(client, table_id, False, ann)["clock"]["paused"]["asked"] == [0]
            assert ask(client, table_id, True, ann)["clock"]["paused"]["asked"] == []
            assert ask(client, table_id, False, ann)["clock"]["paused"]["asked"] == [0]
            resumed = ask(client, table_id, False, bob)["clock"]
            assert resumed["paused"] is None and resumed["running"] == 0
            assert resumed["remaining"] == [270, 300]
            assert resumed["deadline"] == (clock.now() + timedelta(seconds=270)).isoformat()
            state = my_turn(ws)
            clock.advance(5)
            ws.send_json({"type": "move", "move": state["legal"][0]})
            moved = next_state(ws)
            assert moved["last"] == 1 and moved["table"]["clock"]["remaining"][0] == 265


def test_a_request_to_pause_is_withdrawn_and_a_lone_person_pauses_at_once(
        serve: Serve) -> None:
    clock = FakeTime()
    with timed(serve, clock) as client:
        table_id, ann, bob = two_players(client, kind="clock", base=60, increment=0)
        assert ask(client, table_id, True, bob)["clock"]["pause_asked"] == [1]
        assert ask(client, table_id, False, bob)["clock"]["pause_asked"] == []
        assert ask(client, table_id, True, ann)["clock"]["paused"] is None  # Bob withdrew
        # against a bot, the one person seated decides alone (bots do not vote)
        lone, token = new_table(client, timing={"kind": "clock", "base": 60, "increment": 0})
        assert ask(client, lone, True, token)["clock"]["paused"] is not None


def test_a_paused_game_stays_paused_across_a_restart_with_the_same_time_left(
        serve: Serve, database_url: str) -> None:
    clock = FakeTime()
    with timed(serve, clock, url=database_url) as client:
        table_id, ann, bob = two_players(client, kind="clock", base=300, increment=5)
        with client.websocket_connect(f"/ws/tables/{table_id}?token={ann}") as ws:
            state = my_turn(ws)
            clock.advance(40)
            ws.send_json({"type": "move", "move": state["legal"][0]})  # Ann: 265 left
            next_state(ws)
        clock.advance(25)  # Bob thinks 25 s, then both pause
        ask(client, table_id, True, bob)
        paused = ask(client, table_id, True, ann)["clock"]
        assert paused["remaining"] == [265, 275] and paused["paused"] is not None
    clock.advance(6 * 3600)  # the server is down for six hours, the game paused
    with timed(serve, clock, url=database_url) as client:
        table = client.get(f"/api/tables/{table_id}").json()
        assert table["clock"]["remaining"] == [265, 275] and table["clock"]["paused"]
        assert table["status"] == "playing" and table["moves"] == 1
        assert keep_time(client) == 0
        with client.websocket_connect(f"/ws/tables/{table_id}?token={bob}") as ws:
            assert next_state(ws)["legal"] is None  # Bob's turn, but paused
            ask(client, table_id, False, ann)
            resumed = ask(client, table_id, False, bob)["clock"]
            assert resumed["remaining"] == [265, 275] and resumed["running"] == 1
            state = my_turn(ws)  # the game goes on from its stored state
            assert state["last"] == 1
            clock.advance(274)
            assert keep_time(client) == 0
            ws.send_json({"type": "move", "move": state["legal"][0]})
            moved = next_state(ws)
            assert moved["last"] == 2 and moved["table"]["clock"]["remaining"][1] == 6


def test_a_turn_based_deadline_is_held_while_paused(serve: Serve) -> None:
    clock = FakeTime()
    day = 86400
    with timed(serve, clock) as client:
        table_id, token = new_table(client, timing={"kind": "turn", "deadline": day})
        start = client.get(f"/api/tables/{table_id}").json()["clock"]
        assert start["deadline"] == (clock.now() + timedelta(days=1)).isoformat()
        clock.advance(3600)
        assert ask(client, table_id, True, token)["clock"]["deadline"] is None
        clock.advance(5 * day)
        assert keep_time(client) == 0  # no deadline passes while paused
        table = client.get(f"/api/tables/{table_id}").json()
        assert table["clock"]["missed"] == [0, 0] and table["moves"] == 0
        resumed = ask(client, table_id, False, token)["clock"]
        assert resumed["deadline"] == (clock.now() + timedelta(hours=23)).isoformat()
        clock.advance(23 * 3600 - 1)
        assert keep_time(client) == 0
        clock.advance(2)
        assert keep_time(client) == 1  # the deadline passed: the stand-in moved


def test_the_bots_wait_while_paused_and_play_once_resumed(serve: Serve) -> None:
    clock = FakeTime()
    with timed(serve, clock, bot_delay=3600.0) as client:  # the bot waits before moving
        table_id, token = new_table(client, [RANDOM, HUMAN], join=1,
                                    timing={"kind": "clock", "base": 60, "increment": 0})
        assert ask(client, table_id, True, token)["clock"]["paused"] is not None
        bots = hall(client).bots
        bots.delay = 0.0
        table = hall(client).tables[table_id]

        async def wake_again() -> bool:
            """Stop the bot's waiting task and wake the table's bots anew:
            whether a bot task runs then."""
            task = bots._tasks.pop(table_id, None)
            if task is not None:
                task.cancel()
            bots.wake(table)
            running = bots._tasks.get(table_id)
            return running is not None and not running.done()

        assert client.portal.call(wake_again) is False  # paused: no bot is to move
        ask(client, table_id, False, token)  # resumed: the bot moves at once
        deadline = time.monotonic() + PATIENCE
        while client.get(f"/api/tables/{table_id}").json()["moves"] == 0:
            assert time.monotonic() < deadline, "the bot never moved"
            time.sleep(0.02)


def test_the_organizer_of_a_competition_pauses_and_resumes_alone(
        serve: Serve, database_url: str) -> None:
    clock = FakeTime()
    with timed(serve, clock, url=database_url) as client:
        for name in ("Ann", "Carl", "Olga"):  # Olga stays logged in
            answer = client.post("/api/accounts", json={"name": name, "password": PASSWORD})
            assert answer.status_code == 201, answer.text
        event = client.post("/api/competitions", json={
            "name": "Spring", "format": "league", "games": 1,
            "timing": {"kind": "clock", "base": 600, "increment": 0},
            "entrants": [{"player": "Ann"}, {"bot": "random"}]}).json()
        assert client.post(f"/api/competitions/{event['id']}/start").status_code == 200
        client.post("/api/session", json={"name": "Ann", "password": PASSWORD})
        match = client.get("/api/me").json()["matches"][0]
        table_id = client.post(f"/api/competitions/{event['id']}/matches/{match['match']}"
                               f"/play").json()["table"]
        assert table_id is not None
        with client.websocket_connect(f"/ws/tables/{table_id}") as ws:  # Ann's seat
            state = my_turn(ws)
            client.post("/api/session", json={"name": "Carl", "password": PASSWORD})
            stranger = ask(client, table_id, True, status=403)
            assert "official" in stranger["error"]
            client.post("/api/session", json={"name": "Olga", "password": PASSWORD})
            assert ask(client, table_id, True)["clock"]["paused"]["asked"] == []
            assert next_state(ws)["legal"] is None
            ws.send_json({"type": "move", "move": state["legal"][0]})
            assert receive(ws)["error"] == PAUSED
            assert ask(client, table_id, False)["clock"]["paused"] is None
            assert my_turn(ws)["legal"]


def test_refusals_change_nothing(serve: Serve) -> None:
    clock = FakeTime()
    with timed(serve, clock) as client:
        untimed, token = new_table(client)
        answer = ask(client, untimed, True, token, status=409)
        assert "untimed" in answer["error"]
        table_id, ann, bob = two_players(client, kind="clock", base=60, increment=0)
        for body in ({}, {"pause": "yes"}, {"pause": 1}, {"pause": None}):
            bad = client.post(f"/api/tables/{table_id}/pause", json=body, headers=auth(ann))
            assert bad.status_code == 400 and "pause must be" in bad.json()["error"], body
        assert ask(client, table_id, True, status=403)["error"]  # no token, no session
        assert "opens no seat" in ask(client, table_id, True, "x" * 43, status=403)["error"]
        assert ask(client, "nosuchtable", True, ann, status=404)["error"]
        waiting, early = new_table(client, [HUMAN, HUMAN])
        assert "not started" in ask(client, waiting, True, early, status=409)["error"]
        table = client.get(f"/api/tables/{table_id}").json()
        assert table["clock"]["pause_asked"] == [] and table["clock"]["paused"] is None
        assert client.post(f"/api/tables/{table_id}/resign", headers=auth(ann)).status_code == 200
        assert "over" in ask(client, table_id, True, bob, status=409)["error"]
