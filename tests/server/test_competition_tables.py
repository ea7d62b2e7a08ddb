"""A competition's tables are stored with the progress that names them, in
one transaction: a failed write leaves no table behind, and the next pass
opens each game once (on SQLite and on PostgreSQL). The organizer is told
each game's end by the hall; ends it missed (a restart) are caught up with
when it loads."""

from __future__ import annotations

import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import PATIENCE, Serve, hall

from carcassonne.server import event_tables
from carcassonne.server.organizer import Organizer, end_of

PASSWORD = "correct horse battery"


def league_of_two_bots(client: TestClient, games: int) -> str:
    answer = client.post("/api/accounts", json={"name": "Olga", "password": PASSWORD})
    assert answer.status_code == 201, answer.text
    answer = client.post("/api/competitions", json={
        "name": "Spring", "format": "league", "games": games,
        "entrants": [{"bot": "random"}, {"bot": "greedy"}]})
    assert answer.status_code == 201, answer.text
    event_id: str = answer.json()["id"]
    return event_id


def until(check: Any, seconds: float = PATIENCE) -> None:
    end = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < end, "waited too long"
        time.sleep(0.02)


def competition(client: TestClient, event_id: str) -> dict[str, Any]:
    event: dict[str, Any] = client.get(f"/api/competitions/{event_id}").json()
    return event


def test_a_failed_store_leaves_no_table_and_the_next_pass_opens_each_game_once(
        serve: Serve, database_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    with serve(url=database_url) as client:
        failed_store_then_each_game_once(client, monkeypatch)


def failed_store_then_each_game_once(client: TestClient,
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    event_id = league_of_two_bots(client, games=2)
    running = hall(client)
    organizer = running.organizer
    calls: list[int] = []
    store = event_tables.store_with_tables

    def failing(*args: Any) -> None:
        calls.append(len(args[2]))  # the tables stored with the competition
        if len(calls) in (1, 3):
            raise OSError("the database went away")
        store(*args)

    monkeypatch.setattr(event_tables, "store_with_tables", failing)
    owner = organizer.get(event_id).organizer
    with pytest.raises(OSError):  # the start's write fails: nothing changed
        client.portal.call(organizer.start, event_id, owner)  # type: ignore[union-attr]
    assert running.store.tables() == [] and running.tables == {}
    assert organizer.table_events == {} and competition(client, event_id)["status"] == "open"

    started = client.post(f"/api/competitions/{event_id}/start")
    assert started.status_code == 200, started.text
    until(lambda: len(calls) == 3)  # game 1 ended; storing game 2's table failed
    first = competition(client, event_id)["stages"][0]["rounds"][0]["matches"][0]["games"]
    assert first[1]["table"] is None
    ended = end_of(running.tables[first[0]["table"]])
    assert ended is not None
    client.portal.call(organizer.game_ended, first[0]["table"],  # type: ignore[union-attr]
                       ended.scores)
    until(lambda: competition(client, event_id)["status"] == "finished")

    # the start (failed, then stored), game 2's table (failed, then stored),
    # the end: each write with the tables it opened, no table written twice
    assert calls == [1, 1, 1, 1, 0]
    games = competition(client, event_id)["stages"][0]["rounds"][0]["matches"][0]["games"]
    stored = running.store.tables()
    assert sorted(row["id"] for row in stored) == sorted(g["table"] for g in games)
    assert sorted(row["name"][-6:] for row in stored) == ["game 1", "game 2"]
    assert set(running.tables) == {row["id"] for row in stored}


def test_a_game_that_ended_while_nobody_organized_is_counted_on_restart(
        serve: Serve, database_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    async def deaf(self: Organizer, table_id: str, scores: Any) -> None:
        return None

    with serve(url=database_url) as client, monkeypatch.context() as patch:
        patch.setattr(Organizer, "game_ended", deaf)
        event_id = league_of_two_bots(client, games=1)
        assert client.post(f"/api/competitions/{event_id}/start").status_code == 200
        game = competition(client, event_id)["stages"][0]["rounds"][0]["matches"][0][
            "games"][0]
        until(lambda: client.get(f"/api/tables/{game['table']}").json()["status"]
              == "finished")
        assert competition(client, event_id)["status"] == "running"
    with serve(url=database_url) as client:  # a restart: the organizer loads and catches up
        event = competition(client, event_id)
        assert event["status"] == "finished"
        match = event["stages"][0]["rounds"][0]["matches"][0]
        table = client.get(f"/api/tables/{game['table']}").json()
        scores = dict(zip(game["seats"], table["scores"], strict=True))
        best = max(scores.values())
        top = [name for name, score in scores.items() if score == best]
        assert match["result"]["winner"] == (top[0] if len(top) == 1 else None)
