"""``GET /api/tables/{id}/features`` (docs/server.md): the features of the
position and the squares no tile left can fill, for anyone.

The answers given while a game is played are checked afterwards against the
game replayed from its record, move by move: the server answers for the
position it says (``last``), exactly as the engine does.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import httpx
from fastapi.testclient import TestClient
from server_helpers import HUMAN, RANDOM, Serve, assert_secret, auth, hall, new_table, wait_for
from test_cluster import cluster, eventually, post, socket_to, state_where

from carcassonne import Game, Move


def features(client: TestClient, table_id: str) -> dict[str, Any]:
    answer = client.get(f"/api/tables/{table_id}/features")
    assert answer.status_code == 200, answer.text
    data: dict[str, Any] = answer.json()
    assert set(data) == {"last", "features", "dead"}
    return data


def engine_answer(record: dict[str, Any], moves: int, hidden: bool = False) -> dict[str, Any]:
    """What the engine says after the first ``moves`` moves of ``record``."""
    setup = record["setup"]
    game = Game.new(players=setup["players"], sets=setup["sets"],
                    options=setup.get("options", {}), stack=record["stack"])
    for move in record["moves"][:moves]:
        game.play(Move.from_dict(move))
    dead = None if hidden and not game.is_over else game.dead_squares()
    answer = {"last": moves, "features": game.feature_map(), "dead": dead}
    return json.loads(json.dumps(answer))  # as it travels


def next_state(ws: Any, wanted: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = ws.receive_json()
        assert message["type"] != "error", message
        if message["type"] == "state" and wanted(message):
            return message


def play_some_turns(client: TestClient, table_id: str, token: str,
                    turns: int) -> list[dict[str, Any]]:
    """Play ``turns`` turns of seat 0 (the random bot answers each), asking
    for the features after each; then leave, so the bot plays to the end."""
    seen = []
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        ws.send_json({"type": "seat", "token": token})
        for _ in range(turns):
            state = next_state(ws, lambda m: m["legal"] is not None)
            ws.send_json({"type": "move", "move": state["legal"][-1]})
            next_state(ws, lambda m, last=state["last"]: m["last"] > last)  # it is played
            seen.append(features(client, table_id))
    client.post(f"/api/tables/{table_id}/leave", headers=auth(token))
    return seen


def test_the_features_of_a_game_as_it_is_played(serve: Serve, database_url: str) -> None:
    with serve(url=database_url) as client:
        table_id, token = new_table(client, [HUMAN, RANDOM])
        assert token is not None
        start = features(client, table_id)
        # The start tile alone: its city, road and the fields either side of
        # the road; every square around it takes some tile.
        assert start["last"] == 0 and start["dead"] == []
        assert [f["kind"] for f in start["features"]] == ["city", "road", "field", "field"]
        seen = [start, *play_some_turns(client, table_id, token, 6)]
        assert len({answer["last"] for answer in seen}) == len(seen)  # one position each
        table = wait_for(client, table_id, "finished")
        final = features(client, table_id)
        assert final["last"] == table["moves"]
        record = client.get(f"/api/tables/{table_id}/record").json()
    for answer in [*seen, final]:
        assert answer == engine_answer(record, answer["last"])
    # Once the game is over nothing more is placed: every open square is dead.
    assert final["dead"] and final["dead"] == sorted(final["dead"])
    # A restarted server rebuilds the finished game from its stored moves.
    with serve(url=database_url) as client:
        assert features(client, table_id) == final


def test_the_answer_is_public_and_holds_no_tile_to_come(client: TestClient) -> None:
    table_id, token = new_table(client, [HUMAN, RANDOM])
    assert token is not None
    stack = hall(client).get(table_id).stack
    assert stack is not None
    answer = client.get(f"/api/tables/{table_id}/features")  # no token, no session
    assert answer.status_code == 200
    assert_secret(answer.json(), stack, None)
    assert "BA/" not in answer.text  # the features name squares and spots, never tiles
    # A seated player is told exactly what a spectator is.
    seated = client.get(f"/api/tables/{table_id}/features", headers=auth(token))
    assert seated.content == answer.content


def test_dead_squares_stay_hidden_while_the_distribution_is(client: TestClient) -> None:
    table_id, token = new_table(client, [HUMAN, RANDOM], hide_distribution=True)
    assert token is not None
    assert features(client, table_id)["dead"] is None  # they follow from the tiles left
    for answer in play_some_turns(client, table_id, token, 2):
        assert answer["dead"] is None and answer["features"]
    wait_for(client, table_id, "finished")
    final = features(client, table_id)
    record = client.get(f"/api/tables/{table_id}/record").json()
    assert final == engine_answer(record, final["last"], hidden=True)
    assert final["dead"]  # the game is over: nothing is hidden any more


def test_a_waiting_table_has_no_board_and_an_unknown_one_is_not_found(
        client: TestClient) -> None:
    table_id, _ = new_table(client, [HUMAN, HUMAN])
    for path, status, words in ((f"/api/tables/{table_id}/features", 409, "not started"),
                                ("/api/tables/nosuch/features", 404, "no table")):
        answer = client.get(path)
        assert answer.status_code == status, answer.text
        body = answer.json()
        assert set(body) == {"error", "rule"} and words in body["error"], body


def test_asking_again_after_the_same_move_gives_the_same_answer(client: TestClient) -> None:
    table_id, token = new_table(client, [HUMAN, RANDOM])
    first = client.get(f"/api/tables/{table_id}/features")
    again = client.get(f"/api/tables/{table_id}/features")
    assert first.content == again.content
    assert token is not None
    (after,) = play_some_turns(client, table_id, token, 1)
    assert after["last"] > 0 and after != first.json()


def test_a_process_that_does_not_own_the_table_answers_from_the_database(
        postgres_url: str, redis_url: str) -> None:
    with cluster(postgres_url, redis_url, 2) as servers:
        (a, _), (b, _) = servers
        table_id = post(a, "/api/tables", {"seats": [HUMAN, HUMAN]})["table"]["id"]
        ann = post(a, f"/api/tables/{table_id}/join", {"seat": 0, "name": "Ann"})
        post(a, f"/api/tables/{table_id}/join", {"seat": 1, "name": "Bob"})
        with socket_to(a, table_id, ann["token"]) as ws:
            state = state_where(ws, lambda m: m["legal"] is not None)
            ws.send(json.dumps({"type": "move", "move": state["legal"][0]}))
            state_where(ws, lambda m: m["last"] == 1)

            def answer_at(port: int) -> dict[str, Any]:
                got = httpx.get(f"http://127.0.0.1:{port}/api/tables/{table_id}/features",
                                timeout=20)
                assert got.status_code == 200, got.text
                data: dict[str, Any] = got.json()
                return data

            eventually(lambda: answer_at(b)["last"] == 1)
            owner = answer_at(a)
            assert owner["last"] == 1 and answer_at(b) == owner
