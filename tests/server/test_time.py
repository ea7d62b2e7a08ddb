"""Time at a table, on a clock the test moves by hand (never a sleep):
real-time clocks (Fischer, lag forgiven up to a quota, running out),
turn-based deadlines (a missed move played by the stand-in, the seat handed
over at the third miss), deadlines kept across a restart, and untimed
casual games abandoned after 7 days; and which games count as being played
now (the lobby's list)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from fastapi.testclient import TestClient
from server_helpers import HUMAN, RANDOM, Serve, hall, my_turn, new_table, next_state, receive

from carcassonne.server.timing import LAG_PER_MOVE

PASSWORD = "correct horse battery"


class FakeTime:
    """A clock that moves only when told."""

    def __init__(self) -> None:
        self.moment = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)

    def now(self) -> datetime:
        return self.moment

    def advance(self, seconds: float) -> None:
        self.moment += timedelta(seconds=seconds)


def timed(serve: Serve, clock: FakeTime, **settings: Any) -> Any:
    """The app on the fake clock, with no background timekeeper."""
    return serve(now=clock.now, time_check=None, **settings)


def keep_time(client: TestClient) -> int:
    """Let the hall act on every table whose time is up, as its timekeeper does."""
    changed: int = client.portal.call(hall(client).keep_time)  # type: ignore[union-attr]
    return changed


def clock_of(client: TestClient, table_id: str) -> dict[str, Any]:
    clock: dict[str, Any] = client.get(f"/api/tables/{table_id}").json()["clock"]
    return clock


def test_a_timing_is_checked_and_shown(client: TestClient) -> None:
    for timing, words in [({"kind": "blitz"}, "timing kind"),
                          ({"kind": "clock"}, "timing base"),
                          ({"kind": "clock", "base": 2}, "timing base"),
                          ({"kind": "clock", "base": 60, "increment": -1}, "timing increment"),
                          ({"kind": "clock", "base": 60.5}, "timing base"),
                          ({"kind": "turn", "deadline": 60}, "timing deadline"),
                          ({"kind": "turn", "deadline": 86400, "base": 1}, "unknown field"),
                          ("10+10", "timing must be an object")]:
        answer = client.post("/api/tables", json={"seats": [HUMAN, RANDOM], "timing": timing})
        assert answer.status_code == 400 and words in answer.json()["error"], (timing, answer.text)
    assert client.get("/api/tables").json()["tables"] == []  # nothing was made
    table_id, _ = new_table(client, timing={"kind": "clock", "base": 600, "increment": 10})
    table = client.get(f"/api/tables/{table_id}").json()
    assert table["timing"] == {"kind": "clock", "base": 600, "increment": 10}
    assert table["clock"]["remaining"] == [600.0, None]  # a bot has no clock
    assert table["clock"]["running"] == 0 and table["clock"]["out"] == []


def test_the_clock_charges_thinking_not_lag_and_adds_the_increment(serve: Serve) -> None:
    clock = FakeTime()
    with timed(serve, clock) as client:
        table_id, token = new_table(client, timing={"kind": "clock", "base": 60, "increment": 5})
        with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:
            state = my_turn(ws)
            start = datetime.fromisoformat(state["table"]["clock"]["deadline"])
            assert start == clock.now() + timedelta(seconds=60)
            clock.advance(20)
            # the client thought 19.5 s: the other 0.5 s was the connection's
            ws.send_json({"type": "move", "move": state["legal"][0], "think": 19_500})
            state = my_turn(ws)
            assert state["table"]["clock"]["remaining"][0] == 60 - 19.5 + 5
            clock.advance(10)
            # a client that claims to think nothing is forgiven 1 s at most
            ws.send_json({"type": "move", "move": state["legal"][0], "think": 0})
            state = my_turn(ws)
            assert state["table"]["clock"]["remaining"][0] == 45.5 - (10 - LAG_PER_MOVE) + 5
            stored = hall(client).tables[table_id].clock
            assert stored is not None and stored.lag[0] == 15 - 0.5 - 1
            # a nonsense think is refused and nothing moves
            ws.send_json({"type": "move", "move": state["legal"][0], "think": -5})
            assert "think must be" in receive(ws)["error"]
            assert len(hall(client).store.moves(table_id)) == 4


def test_a_clock_that_runs_out_hands_the_seat_to_the_stand_in_who_ranks_last(
        serve: Serve) -> None:
    clock = FakeTime()
    with timed(serve, clock) as client:
        client.post("/api/accounts", json={"name": "Ann", "password": PASSWORD})
        table_id, _ = new_table(client, rated=True,
                                timing={"kind": "clock", "base": 30, "increment": 0})
        with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
            state = my_turn(ws)
            clock.advance(30.5)  # out, but within the lag allowance
            assert keep_time(client) == 0
            clock.advance(1)
            # a move sent once the time is up is refused, and the seat is handed over
            ws.send_json({"type": "move", "move": state["legal"][0]})
            handed = next_state(ws)  # everyone is told first
            assert handed["seat"] is None and handed["table"]["clock"]["out"] == [0]
            answer = receive(ws)
            assert answer["type"] == "error" and "ran out" in answer["error"]
            final = my_turn(ws)  # the stand-in and the bot play on to the end
        table = final["table"]
        assert table["status"] == "finished" and table["clock"]["out"] == [0]
        assert table["seats"][0]["kind"] == "bot" and table["seats"][0]["bot"] == "greedy"
        assert table["seats"][0]["name"] == "Ann"
        players = client.get("/api/leaderboard?family=base").json()["players"]
        ratings = {p["name"]: p["rating"] for p in players}
        # whatever the scores, the seat whose clock ran out lost
        assert ratings["Ann"] < 1500 < ratings["Random bot"], (table["scores"], ratings)


def test_a_clock_run_out_by_the_timekeeper_and_kept_across_a_restart(
        serve: Serve, sqlite_url: str) -> None:
    clock = FakeTime()
    with timed(serve, clock) as client:
        table_id, token = new_table(client, timing={"kind": "clock", "base": 300,
                                                    "increment": 0})
    clock.advance(100)  # the server is down meanwhile: its clocks still run
    with timed(serve, clock) as client:
        assert clock_of(client, table_id)["remaining"][0] == 200
        clock.advance(150)
        assert keep_time(client) == 0
        assert clock_of(client, table_id)["remaining"][0] == 50
        clock.advance(51)
        assert keep_time(client) == 1
        with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:
            assert "opens no seat" in receive(ws)["error"]  # the seat is the stand-in's
            final = my_turn(ws)
        assert final["view"]["is_over"] and final["table"]["clock"]["out"] == [0]
        assert final["seat"] is None


def test_turn_based_deadlines_are_played_by_the_stand_in_then_the_seat_is_handed_over(
        serve: Serve) -> None:
    clock = FakeTime()
    day = 86400
    with timed(serve, clock) as client:
        table_id, token = new_table(client, timing={"kind": "turn", "deadline": day})
        with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:
            state = my_turn(ws)
            assert state["table"]["clock"]["deadline"] == (
                clock.now() + timedelta(days=1)).isoformat()
            clock.advance(day - 1)
            ws.send_json({"type": "move", "move": state["legal"][0]})  # in time
            state = my_turn(ws)
            assert state["table"]["clock"]["missed"] == [0, 0]
            for missed in (1, 2):
                clock.advance(day - 1)
                assert keep_time(client) == 0
                clock.advance(1)
                assert keep_time(client) == 1
                state = my_turn(ws)  # the stand-in moved for Ann, then the bot
                assert state["table"]["clock"]["missed"] == [missed, 0]
                assert state["table"]["seats"][0]["kind"] == "human"
                assert state["seat"] == 0
            moves = hall(client).store.moves(table_id)
            assert len(moves) == 6
            clock.advance(day)
            assert keep_time(client) == 1  # the third miss: the seat is the stand-in's
            final = my_turn(ws)
        assert final["view"]["is_over"] and final["seat"] is None
        assert final["table"]["seats"][0]["bot"] == "greedy"
        assert final["table"]["clock"]["missed"] == [3, 0]


def test_an_untimed_casual_game_left_for_seven_days_is_abandoned(serve: Serve) -> None:
    clock = FakeTime()
    with timed(serve, clock) as client:
        client.post("/api/accounts", json={"name": "Ann", "password": PASSWORD})
        casual, _ = new_table(client)
        rated, _ = new_table(client, rated=True)
        clock.advance(7 * 86400 - 1)
        assert keep_time(client) == 0
        clock.advance(1)
        assert keep_time(client) == 1
        assert client.get(f"/api/tables/{casual}").json()["status"] == "abandoned"
        assert client.get(f"/api/tables/{rated}").json()["status"] == "playing"
        # the rated game stays its player's, but nobody is playing it now
        assert client.get("/api/tables?status=playing").json()["tables"] == []
        abandoned = client.get("/api/tables?status=abandoned").json()["tables"]
        assert [t["id"] for t in abandoned] == [casual]
        profile = client.get("/api/players/Ann").json()
        assert [g["id"] for g in profile["playing"]] == [rated]
        assert [(g["id"], g["status"]) for g in profile["finished"]] == [(casual, "abandoned")]
        assert profile["played"] == 0  # an abandoned game is no result
        with client.websocket_connect(f"/ws/tables/{casual}") as ws:
            state = next_state(ws)
            assert state["legal"] is None
            ws.send_json({"type": "move", "move": {"tile": "BA/RCr", "at": [0, 1],
                                                   "rotation": 0}})
            assert "abandoned" in receive(ws)["error"]
    with timed(serve, clock) as client:  # and it stays so
        assert client.get(f"/api/tables/{casual}").json()["status"] == "abandoned"


def being_played(client: TestClient) -> list[str]:
    """The ids of the lobby's "Games being played", newest first."""
    return [t["id"] for t in client.get("/api/tables?status=playing").json()["tables"]]


def test_only_games_someone_plays_now_are_listed_as_being_played(serve: Serve) -> None:
    clock = FakeTime()
    with timed(serve, clock) as client:
        untimed, token = new_table(client)
        clocked, _ = new_table(client, timing={"kind": "clock", "base": 10800, "increment": 0})
        by_post, _ = new_table(client, timing={"kind": "turn", "deadline": 3600})
        assert being_played(client) == [by_post, clocked, untimed]
        clock.advance(15 * 60 - 1)
        assert being_played(client) == [by_post, clocked, untimed]
        # 15 minutes without a move: the live games are no longer being played
        # (a clock with hours left changes nothing), the turn-based one is
        clock.advance(1)
        assert being_played(client) == [by_post]
        for table_id in (untimed, clocked):
            assert client.get(f"/api/tables/{table_id}").json()["status"] == "playing"
        listed = [t["id"] for t in client.get("/api/tables").json()["tables"]]
        assert listed == [by_post, clocked, untimed]  # every table, without a status
        # a move brings a game back, for another 15 minutes after the last move
        with client.websocket_connect(f"/ws/tables/{untimed}") as ws:
            ws.send_json({"type": "seat", "token": token})
            ws.send_json({"type": "move", "move": my_turn(ws)["legal"][0]})
            my_turn(ws)  # the bot answered
        assert being_played(client) == [by_post, untimed]
        # the turn-based game is listed as long as its hour for the move runs
        clock.advance(45 * 60)
        assert being_played(client) == [by_post]
        # past it, the stand-in plays the move and the game goes on, listed
        clock.advance(1)
        assert keep_time(client) == 1
        assert client.get(f"/api/tables/{by_post}").json()["clock"]["missed"] == [1, 0]
        assert being_played(client) == [by_post]


def test_how_long_a_live_game_may_rest_is_a_setting(serve: Serve) -> None:
    clock = FakeTime()
    with timed(serve, clock, idle_after=60.0) as client:
        table_id, _ = new_table(client)
        clock.advance(59)
        assert being_played(client) == [table_id]
        clock.advance(1)
        assert being_played(client) == []
