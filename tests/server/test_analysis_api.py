"""Computer reviews on the server (analysis_api.py, analyses.py, analysis_store.py;
docs/analysis.md "On the server"): asked for once a game is over, queued for the site,
worked on a pool of their own, progress told on the table's socket, stored and served."""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import HUMAN, PATIENCE, RANDOM, Serve, auth, new_table, play_turns, wait_for

from carcassonne.analysis import analyse
from carcassonne.bots.expectimax import Plan
from carcassonne.engine.moves import Move


def refused(answer: Any, status: int, words: str) -> None:
    assert answer.status_code == status, answer.text
    assert words in answer.json()["error"], answer.json()


#: A small work budget a decision: the tests check what is done, not how well.
WORK = 20000
PLAN = replace(Plan(), work=WORK)


def finished_table(client: TestClient, turns: int = 3) -> str:
    """A table whose human played ``turns`` random moves, then resigned:
    over, with a short record."""
    table_id, token = new_table(client, [HUMAN, RANDOM])
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        ws.send_json({"type": "seat", "token": token})
        play_turns(ws, turns)
    answer = client.post(f"/api/tables/{table_id}/resign", headers=auth(token or ""))
    assert answer.status_code == 200, answer.text
    wait_for(client, table_id, "finished")
    return table_id


def until_done(client: TestClient, path: str) -> dict[str, Any]:
    end = time.monotonic() + PATIENCE
    while True:
        answer = client.get(path).json()
        if answer["status"] in ("done", "failed") or time.monotonic() > end:
            assert answer["status"] == "done", answer
            return answer
        time.sleep(0.05)


def test_a_server_without_analysis_workers_says_reviews_are_off(client: TestClient) -> None:
    table_id = finished_table(client, 1)
    refused(client.post(f"/api/tables/{table_id}/analysis"), 503, "--analysis-workers")
    refused(client.get(f"/api/tables/{table_id}/analysis"), 404, "nobody has asked")


def test_a_finished_game_is_reviewed_once_for_all_who_ask(serve: Serve, database_url: str
                                                         ) -> None:
    with serve(url=database_url, analysis_workers=2, analysis_work=WORK) as client:
        playing, _ = new_table(client, [HUMAN, RANDOM])
        refused(client.post(f"/api/tables/{playing}/analysis"), 409, "once the game is over")
        refused(client.post("/api/tables/nothing/analysis"), 404, "")
        table_id = finished_table(client)
        with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
            first = client.post(f"/api/tables/{table_id}/analysis").json()
            again = client.post(f"/api/tables/{table_id}/analysis").json()
            assert first["key"] == again["key"] == table_id
            assert first["status"] in ("queued", "running", "done")
            news = []
            while not news or news[-1]["status"] != "done":
                message = ws.receive_json()
                if message["type"] == "analysis":
                    news.append(message)
        assert [m["done"] for m in news] == sorted(m["done"] for m in news)
        assert news[-1]["done"] == news[-1]["total"] > 0
        answer = until_done(client, f"/api/tables/{table_id}/analysis")
        record = client.get(f"/api/tables/{table_id}/record").json()
        # the same review as the command line's, weighed in this process
        assert answer["review"] == analyse(record, PLAN).to_dict()
        assert 3 <= len(record["moves"]) <= 8  # the human's moves and the bot's
        assert answer["done"] == answer["total"] == len(answer["review"]["decisions"])


def test_an_uploaded_record_is_reviewed_and_a_bad_one_refused_naming_the_move(
        serve: Serve) -> None:
    with serve(analysis_workers=1, analysis_work=WORK) as client:
        table_id = finished_table(client, 2)
        record = client.get(f"/api/tables/{table_id}/record").json()
        asked = client.post("/api/analyses", json={"record": record}).json()
        assert asked["key"].startswith("record:")
        assert client.post("/api/analyses", json={"record": record}).json()["key"] == asked["key"]
        answer = until_done(client, f"/api/analyses/{asked['key']}")
        assert [d["move"] for d in answer["review"]["decisions"]] == [
            d.index for d in analyse(record, PLAN).decisions]
        bad = {**record, "moves": [record["moves"][0], record["moves"][0]]}
        refused(client.post("/api/analyses", json={"record": bad}), 400, "move 1")
        refused(client.post("/api/analyses", json={"game": record}), 400, "{\"record\"")
        refused(client.get("/api/analyses/record:nothing"), 404, "nobody has asked")


def test_a_move_tried_again_is_weighed_as_the_review_weighed_the_one_played(
        serve: Serve) -> None:
    with serve(analysis_workers=1, analysis_work=WORK) as client:
        table_id = finished_table(client, 3)
        path = f"/api/tables/{table_id}/analysis"
        refused(client.get(f"{path}/moves/0"), 404, "nobody has asked")
        client.post(path)
        review = until_done(client, path)["review"]
        first = review["decisions"][0]
        position = client.get(f"{path}/moves/{first['move']}").json()
        assert position["player"] == first["player"] and len(position["legal"]) > 1
        record = client.get(f"/api/tables/{table_id}/record").json()
        played = {k: v for k, v in record["moves"][first["move"]].items() if k != "clock"}
        assert played in position["legal"]
        # the move played again: exactly the review's values
        again = client.post(f"{path}/moves/{first['move']}", json={"try": played}).json()
        assert again == first
        # the best move found: as good as the best, by the same weighing
        best = next(m for m in position["legal"]
                    if str(Move.from_dict(m)) == first["best"])
        tried_best = client.post(f"{path}/moves/{first['move']}", json={"try": best}).json()
        assert (tried_best["class"], tried_best["loss"]) == ("best", 0.0)
        assert tried_best["played_value"] == first["best_value"]
        # another move: weighed against the same best, its own loss and class
        other = next(m for m in position["legal"] if m != played)
        tried = client.post(f"{path}/moves/{first['move']}", json={"try": other}).json()
        assert tried["move"] == first["move"] and tried["played"] != first["played"]
        assert tried["loss"] == pytest.approx(  # (each rounded to the hundredth)
            max(0.0, tried["best_value"] - tried["played_value"]), abs=0.011)
        # refusals: an illegal move names the rule; no such decision
        wrong = {**played, "at": [40, 40]}
        answer = client.post(f"{path}/moves/{first['move']}", json={"try": wrong})
        refused(answer, 400, "PLACE-")
        refused(client.post(f"{path}/moves/999", json={"try": played}), 400, "no move 999")
        refused(client.post(f"{path}/moves/0", json={"try": "nonsense"}), 400, "")
