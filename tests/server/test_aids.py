"""The aids switch (server/aids.py, docs/server.md): a table's ``aids`` is
``on``, ``off`` (tournament play) or ``training``, stored with the table and
given to every table of a competition that asks for it.

With the aids off the server itself withholds them while the game is
played: no tiles left in any view, no dead squares and no feature worth from
``/features``; the legal moves still say where the tile goes. With
``training`` ``/chances`` answers, for each open square, how many of the next
draw's tiles fit it: checked afterwards against the engine's own
``chance_outcomes()`` in the game replayed from its record (tests/fits.py).
"""

from __future__ import annotations

import time
from fractions import Fraction
from typing import Any

import pytest
from fastapi.testclient import TestClient
from fits import expected_chances
from server_helpers import HUMAN, PATIENCE, RANDOM, Serve, auth, my_turn, new_table, wait_for

from carcassonne import Game, Move

PASSWORD = "correct horse battery"


def table_of(client: TestClient, table_id: str) -> dict[str, Any]:
    answer = client.get(f"/api/tables/{table_id}")
    assert answer.status_code == 200, answer.text
    data: dict[str, Any] = answer.json()
    return data


def replayed(record: dict[str, Any], moves: int) -> Game:
    """The game of ``record`` after its first ``moves`` moves."""
    setup = record["setup"]
    game = Game.new(players=setup["players"], sets=setup["sets"],
                    options=setup.get("options", {}), stack=record["stack"])
    for move in record["moves"][:moves]:
        game.play(Move.from_dict(move))
    return game


def refused(answer: Any, status: int, *words: str) -> None:
    assert answer.status_code == status, answer.text
    body = answer.json()
    assert set(body) == {"error", "rule"}, body
    for word in words:
        assert word in body["error"], body


def test_the_aids_are_stored_with_the_table_and_shown(serve: Serve, database_url: str) -> None:
    made = {}
    with serve(url=database_url) as client:
        for aids in ("on", "off", "training"):
            table_id, _ = new_table(client, [HUMAN, HUMAN], aids=aids)
            made[table_id] = aids
        default, _ = new_table(client, [HUMAN, HUMAN])
        made[default] = "on"
        listed = {t["id"]: t["aids"] for t in client.get("/api/tables").json()["tables"]}
        assert listed == made
    with serve(url=database_url) as client:  # read back from the database
        for table_id, aids in made.items():
            assert table_of(client, table_id)["aids"] == aids


@pytest.mark.parametrize("bad", ["none", "OFF", 1, None, True, ["off"], {"on": 1}])
def test_a_bad_aids_setting_is_refused_and_nothing_is_made(client: TestClient,
                                                           bad: Any) -> None:
    answer = client.post("/api/tables", json={"seats": [HUMAN, RANDOM], "aids": bad})
    refused(answer, 400, "aids must be 'on', 'off'")
    assert client.get("/api/tables").json()["tables"] == []


def test_training_is_refused_where_its_chances_would_tell_a_secret(client: TestClient) -> None:
    body = {"seats": [HUMAN, RANDOM], "aids": "training"}
    refused(client.post("/api/tables", json={**body, "hide_distribution": True}),
            400, "hide_distribution")
    for options in ({"hand": 3}, {"draw_ahead": True}):
        refused(client.post("/api/tables", json={**body, "options": options}),
                400, "hidden hands", "hands_public")
    assert client.get("/api/tables").json()["tables"] == []
    public = client.post("/api/tables", json={**body, "options": {"hand": 3,
                                                                  "hands_public": True}})
    assert public.status_code == 201, public.text
    assert public.json()["table"]["aids"] == "training"


def spectator_state(client: TestClient, table_id: str) -> dict[str, Any]:
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        state: dict[str, Any] = ws.receive_json()
    assert state["type"] == "state" and state["seat"] is None
    return state


def features(client: TestClient, table_id: str) -> dict[str, Any]:
    answer = client.get(f"/api/tables/{table_id}/features")
    assert answer.status_code == 200, answer.text
    data: dict[str, Any] = answer.json()
    return data


def test_with_the_aids_off_the_server_withholds_them_until_the_end(client: TestClient) -> None:
    shown_id, shown_token = new_table(client, [HUMAN, RANDOM])
    off_id, off_token = new_table(client, [HUMAN, RANDOM], aids="off")
    assert shown_token is not None and off_token is not None
    for table_id, token, off in ((shown_id, shown_token, False), (off_id, off_token, True)):
        with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
            ws.send_json({"type": "seat", "token": token})
            state = my_turn(ws)
            assert state["legal"]  # where the tile may go is always told
            ws.send_json({"type": "move", "move": state["legal"][0]})
            state = my_turn(ws)
        assert (state["view"]["unseen"] is None) is off
        assert (spectator_state(client, table_id)["view"]["unseen"] is None) is off
        answer = features(client, table_id)
        assert answer["features"] and all(f["parts"] for f in answer["features"])
        assert (answer["dead"] is None) is off
        worth = [(f["points"], f["detail"]) for f in answer["features"]]
        if off:
            assert set(worth) == {(None, None)}
        else:
            assert any(points is not None and detail for points, detail in worth)
        refused(client.get(f"/api/tables/{table_id}/chances"), 409, "training")
    # Once the game is over nothing is withheld any more.
    client.post(f"/api/tables/{off_id}/leave", headers=auth(off_token))
    wait_for(client, off_id, "finished")
    final = features(client, off_id)
    game = replayed(client.get(f"/api/tables/{off_id}/record").json(), final["last"])
    assert game.is_over
    assert final["dead"] == game.dead_squares()
    assert final["features"] == game.feature_map()


def test_training_tells_the_engines_exact_chances(serve: Serve, database_url: str) -> None:
    with serve(url=database_url) as client:
        table_id, token = new_table(client, [HUMAN, RANDOM], aids="training")
        assert token is not None
        seen = []
        with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
            ws.send_json({"type": "seat", "token": token})
            for turn in range(5):
                state = my_turn(ws)
                assert state["view"]["unseen"]  # the aids stay with training
                answer = client.get(f"/api/tables/{table_id}/chances")
                assert answer.status_code == 200, answer.text
                seen.append(answer.json())
                ws.send_json({"type": "move", "move": state["legal"][turn % len(state["legal"])]})
        client.post(f"/api/tables/{table_id}/leave", headers=auth(token))
        wait_for(client, table_id, "finished")
        record = client.get(f"/api/tables/{table_id}/record").json()
    assert len({answer["last"] for answer in seen}) == len(seen)
    for answer in seen:
        assert set(answer) == {"last", "tiles", "squares"}
        game = replayed(record, answer["last"])
        assert answer["tiles"] == game.stack_size > 0
        expected = expected_chances(game)
        got = {tuple(s["at"]): Fraction(s["fits"], answer["tiles"]) for s in answer["squares"]}
        assert set(got) == set(expected)
        for square, chance in got.items():
            assert float(chance) == pytest.approx(expected[square])
        assert {"last": answer["last"], **game.fit_chances()} == answer


def test_the_chances_need_a_started_training_table(client: TestClient) -> None:
    waiting, _ = new_table(client, [HUMAN, HUMAN], aids="training")
    refused(client.get(f"/api/tables/{waiting}/chances"), 409, "not started")
    refused(client.get("/api/tables/nosuch/chances"), 404)


def test_a_competition_gives_every_table_its_aids(client: TestClient) -> None:
    answer = client.post("/api/accounts", json={"name": "Olga", "password": PASSWORD})
    assert answer.status_code == 201, answer.text
    bots = [{"bot": "random"}, {"bot": "greedy"}]
    for bad, words in (("sometimes", ("aids must be",)),
                       ("training", ("hidden hands",))):
        refused(client.post("/api/competitions", json={
            "name": "Spring", "format": "league", "entrants": bots, "aids": bad,
            "options": {"hand": 3}}), 400, *words)
    answer = client.post("/api/competitions", json={
        "name": "Spring", "format": "league", "games": 2, "entrants": bots, "aids": "off"})
    assert answer.status_code == 201, answer.text
    event = answer.json()
    assert event["setup"]["aids"] == "off"
    started = client.post(f"/api/competitions/{event['id']}/start")
    assert started.status_code == 200, started.text
    end = time.monotonic() + 4 * PATIENCE
    while True:
        event = client.get(f"/api/competitions/{event['id']}").json()
        games = [g for r in event["stages"][0]["rounds"] for m in r["matches"]
                 for g in m["games"] if g["table"]]
        if len(games) == 2 or time.monotonic() > end:
            break
        time.sleep(0.05)
    assert len(games) == 2
    assert {table_of(client, g["table"])["aids"] for g in games} == {"off"}
