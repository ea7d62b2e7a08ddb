"""Rules presets and what a flag means, on a clock the test moves by hand.

The presets ("international", "japan") fill a table's or a competition's
fields, the body's own fields over them, and the catalogue lists them; a
timing's ``"flag": "loss"`` ends a game of two at the flag, the flagged
player losing whatever the scores (rated last, in the base family for a
preset's table), while with more players the stand-in keeps the seat; in a
competition a game lost on time with ``time_loss_margin`` counts that
margin in the match's lines and the standings."""

from __future__ import annotations

import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import HUMAN, PATIENCE, RANDOM, Serve, hall, my_turn, new_table, receive
from test_time import FakeTime, keep_time

from carcassonne.server.counting import counted_on_time
from carcassonne.server.errors import Refusal
from carcassonne.server.presets import PRESETS, with_preset

PASSWORD = "correct horse battery"
FIFTEEN_MINUTES = {"kind": "clock", "base": 900, "increment": 0, "flag": "loss"}


def until(what: Any, seconds: float = PATIENCE) -> Any:
    """Poll ``what()`` until it answers something true; that answer."""
    end = time.monotonic() + seconds
    while True:
        answer = what()
        if answer:
            return answer
        assert time.monotonic() < end, "waited too long"
        time.sleep(0.02)


def sign_up(client: TestClient, name: str) -> None:
    answer = client.post("/api/accounts", json={"name": name, "password": PASSWORD})
    assert answer.status_code == 201, answer.text


# -- the presets, pure --------------------------------------------------------------


def test_a_preset_fills_the_fields_the_body_leaves_out() -> None:
    body = with_preset({"preset": "international", "name": "Final"}, "table")
    assert body == {"seats": [HUMAN, HUMAN], "sets": ["base"],
                    "options": {"farmers": True, "farm_scoring": "current", "tiny_city": 4},
                    "timing": FIFTEEN_MINUTES, "name": "Final"}
    japan = with_preset({"preset": "japan"}, "competition")
    assert japan["timing"] == {**FIFTEEN_MINUTES, "time_loss_margin": 50}
    assert japan["tie_rules"] == {"knockout": "second_player"} and japan["table_size"] == 2
    assert "tie_rules" not in with_preset({"preset": "international"}, "competition")


def test_the_bodys_own_fields_win() -> None:
    body = with_preset({"preset": "japan", "seats": [HUMAN, RANDOM],
                        "options": {"tiny_city": 2}, "timing": {"base": 5},
                        "tie_rules": {"swiss": "extra_game"}}, "competition")
    assert body["seats"] == [HUMAN, RANDOM]
    assert body["options"] == {"farmers": True, "farm_scoring": "current", "tiny_city": 2}
    assert body["timing"] == {**FIFTEEN_MINUTES, "base": 5, "time_loss_margin": 50}
    assert body["tie_rules"] == {"knockout": "second_player", "swiss": "extra_game"}
    # a timing of another kind is the body's own, whole
    turn = with_preset({"preset": "japan", "timing": {"kind": "turn", "deadline": 86400}},
                       "table")
    assert turn["timing"] == {"kind": "turn", "deadline": 86400}
    # the presets themselves are never changed by a body
    assert PRESETS["japan"]["table"]["timing"]["base"] == 900


@pytest.mark.parametrize("name", ["world", "", 3, ["japan"], "Japan"])
def test_an_unknown_preset_is_refused_naming_the_known_ones(name: Any) -> None:
    with pytest.raises(Refusal) as refused:
        with_preset({"preset": name}, "table")
    assert refused.value.status == 400
    assert "preset must be one of international, japan" in str(refused.value)


def test_a_game_lost_on_time_counts_its_margin_or_one_below() -> None:
    assert counted_on_time([12, 80], [1], flag=1, margin=50) == [50, 0]
    assert counted_on_time([12, 80], [1], flag=1, margin=None) == [12, 11]
    assert counted_on_time([40, 10], [1], flag=1, margin=None) == [40, 10]  # below already
    # more players: a seat out of time counts below those still in play
    assert counted_on_time([30, 50, 20], [1], flag=None, margin=50) == [30, 19, 20]
    assert counted_on_time([30, 50], [], flag=None, margin=None) == [30, 50]


# -- over HTTP -----------------------------------------------------------------------


def test_the_catalogue_lists_the_presets_with_their_fields(client: TestClient) -> None:
    presets = client.get("/api/catalogue").json()["presets"]
    assert [p["name"] for p in presets] == ["international", "japan"]
    assert presets[0]["table"]["timing"] == FIFTEEN_MINUTES
    assert presets[1]["competition"]["timing"]["time_loss_margin"] == 50


def test_a_preset_table_and_the_refusals(client: TestClient) -> None:
    for body, words in [
            ({"preset": "world"}, "preset must be one of international, japan, not 'world'"),
            ({"preset": "japan", "timing": {"flag": "draw"}}, "timing flag must be one of"),
            ({"preset": "japan", "timing": {"time_loss_margin": 0}}, "time_loss_margin must"),
            ({"preset": "japan", "timing": {"time_loss_margin": 501}}, "time_loss_margin must"),
            ({"preset": "japan", "timing": {"time_loss_margin": 2.5}}, "time_loss_margin must"),
            ({"preset": "japan", "timing": {"flag": "stand_in"}}, "needs \"flag\": \"loss\""),
            ({"timing": {"kind": "turn", "deadline": 86400, "flag": "loss"}}, "unknown field"),
            ({"preset": "international", "timing": {"base": 4}}, "timing base")]:
        answer = client.post("/api/tables", json={"seats": [HUMAN, RANDOM], **body})
        assert answer.status_code == 400 and words in answer.json()["error"], (body, answer.text)
    assert client.get("/api/tables").json()["tables"] == []  # nothing was made
    table_id, _ = new_table(client, preset="japan", timing={"base": 5})
    table = client.get(f"/api/tables/{table_id}").json()
    assert table["timing"] == {"kind": "clock", "base": 5, "increment": 0, "flag": "loss",
                               "time_loss_margin": 50}
    assert table["sets"] == ["base"] and table["options"] == {}  # the defaults, written out
    assert table["clock"]["remaining"] == [5.0, None] and table["flag"] is None
    # without a preset, a clock's flag is the stand-in's, as before
    plain, _ = new_table(client, timing={"kind": "clock", "base": 60})
    assert client.get(f"/api/tables/{plain}").json()["timing"] == {
        "kind": "clock", "base": 60, "increment": 0}


def test_a_flag_ends_a_game_of_two_lost_on_time_and_rated_in_the_base_family(
        serve: Serve, database_url: str) -> None:
    clock = FakeTime()
    with serve(url=database_url, now=clock.now, time_check=None) as client:
        sign_up(client, "Ann")
        table_id, _ = new_table(client, rated=True, preset="international",
                                seats=[HUMAN, RANDOM], timing={"base": 30})
        with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
            state = my_turn(ws)
            clock.advance(29)
            ws.send_json({"type": "move", "move": state["legal"][0]})  # in time
            state = my_turn(ws)
            assert state["table"]["clock"]["remaining"][0] == 1.0
            clock.advance(2.5)  # past the lag allowance too
            assert keep_time(client) == 1
            ended = receive(ws)
        assert ended["type"] == "state" and ended["view"]["is_over"]
        table = ended["table"]
        assert table["status"] == "finished" and table["flag"] == 0
        assert table["winners"] == [1] and ended["view"]["winners"] == [1]
        assert table["clock"]["out"] == [0] and table["clock"]["running"] is None
        assert table["seats"][0]["kind"] == "human"  # no stand-in: the game is over
        moves = len(hall(client).store.moves(table_id))
        assert keep_time(client) == 0 and len(hall(client).store.moves(table_id)) == moves
        leaders = client.get("/api/leaderboard?family=base").json()["players"]
        ratings = {p["name"]: p["rating"] for p in leaders}
        assert ratings["Ann"] < 1500 < ratings["Random bot"], ratings
        finished = client.get("/api/players/Ann").json()["finished"]
        assert [(g["id"], g["flag"]) for g in finished] == [(table_id, 0)]
        assert client.get(f"/api/tables/{table_id}/record").status_code == 200
    with serve(url=database_url, now=clock.now, time_check=None) as client:  # stored so
        table = client.get(f"/api/tables/{table_id}").json()
        assert (table["status"], table["flag"], table["winners"]) == ("finished", 0, [1])


def test_a_move_sent_after_the_flag_is_refused_and_the_game_is_over(serve: Serve) -> None:
    clock = FakeTime()
    with serve(now=clock.now, time_check=None) as client:
        table_id, token = new_table(client, preset="japan", seats=[HUMAN, RANDOM],
                                    timing={"base": 5})
        with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
            ws.send_json({"type": "seat", "token": token})
            state = my_turn(ws)
            clock.advance(7)
            ws.send_json({"type": "move", "move": state["legal"][0]})
            ended = receive(ws)  # everyone is told the end first
            assert ended["type"] == "state" and ended["view"]["is_over"]
            assert ended["table"]["flag"] == 0 and ended["table"]["winners"] == [1]
            answer = receive(ws)
            assert answer["type"] == "error" and "ran out" in answer["error"]
        assert hall(client).store.moves(table_id) == []  # nothing was played


def test_with_more_players_a_flag_hands_the_seat_to_the_stand_in(serve: Serve) -> None:
    clock = FakeTime()
    with serve(now=clock.now, time_check=None) as client:
        table_id, _ = new_table(client, seats=[HUMAN, RANDOM, RANDOM],
                                timing={"kind": "clock", "base": 30, "flag": "loss"})
        clock.advance(32)
        assert keep_time(client) == 1
        table = client.get(f"/api/tables/{table_id}").json()
        assert table["seats"][0]["kind"] == "bot" and table["clock"]["out"] == [0]
        assert table["flag"] is None
        final = until(lambda: (t := client.get(f"/api/tables/{table_id}").json())["status"]
                      == "finished" and t)
        assert final["flag"] is None and final["clock"]["out"] == [0]


def test_a_japan_competition_counts_a_loss_on_time_as_a_fifty_point_margin(
        serve: Serve) -> None:
    clock = FakeTime()
    with serve(now=clock.now, time_check=None) as client:
        sign_up(client, "Ann")
        answer = client.post("/api/competitions", json={
            "name": "Japan open", "preset": "japan", "format": "league", "games": 1,
            "timing": {"base": 30}, "entrants": [{"player": "Ann"}, {"bot": "random"}]})
        assert answer.status_code == 201, answer.text
        event = answer.json()
        assert event["setup"]["timing"] == {"kind": "clock", "base": 30, "increment": 0,
                                            "flag": "loss", "time_loss_margin": 50}
        assert event["setup"]["table_size"] == 2 and event["setup"]["options"] == {}
        assert client.post(f"/api/competitions/{event['id']}/start").status_code == 200
        match = client.get("/api/me").json()["matches"][0]
        ready = client.post(f"/api/competitions/{event['id']}/matches/{match['match']}/play")
        table_id = ready.json()["table"]
        table = client.get(f"/api/tables/{table_id}").json()
        ann = next(s["seat"] for s in table["seats"] if s["account"] == "Ann")
        # whoever moves first, Ann's clock runs once the bot has moved
        until(lambda: client.get(f"/api/tables/{table_id}").json()["clock"]["running"] == ann)
        clock.advance(32)
        assert keep_time(client) == 1
        table = client.get(f"/api/tables/{table_id}").json()
        assert table["status"] == "finished" and table["flag"] == ann
        event = until(lambda: (e := client.get(f"/api/competitions/{event['id']}").json())
                      ["status"] == "finished" and e)
        played = event["stages"][0]["rounds"][0]["matches"][0]
        assert played["result"]["winner"] == "Random bot"
        lines = {line["entrant"]: line for line in played["result"]["lines"]}
        assert (lines["Ann"]["difference"], lines["Random bot"]["difference"]) == (-50, 50)
        assert (lines["Ann"]["score"], lines["Random bot"]["score"]) == (0, 50)
        assert played["games"][0]["flag"] == "Ann"
        # the game itself keeps the scores as they stood
        assert played["games"][0]["scores"] == table["scores"]
        rows = {row["name"]: row for row in event["stages"][0]["standings"][0]}
        assert rows["Ann"]["losses"] == 1 and rows["Random bot"]["wins"] == 1
        assert event["winner"] == "Random bot"
