"""Pausing on a site of two processes (PostgreSQL and Redis, cluster.py):
asked at the process that does not own the table, each request is made by
its owner, and every process shows the game paused, then resumed."""

from __future__ import annotations

from typing import Any

import httpx
from server_helpers import PATIENCE
from test_resign_cluster import HUMAN, PASSWORD, eventually, two_processes


def test_a_pause_asked_at_either_process_is_made_by_the_owner_and_seen_by_both(
        postgres_url: str, redis_url: str) -> None:
    with two_processes(postgres_url, redis_url) as (first, second), \
            httpx.Client(base_url=first, timeout=PATIENCE) as ann, \
            httpx.Client(base_url=second, timeout=PATIENCE) as bob:
        for client, name in ((ann, "Ann"), (bob, "Bob")):
            answer = client.post("/api/accounts", json={"name": name, "password": PASSWORD})
            assert answer.status_code == 201, answer.text
        made = ann.post("/api/tables", json={
            "seats": [HUMAN, HUMAN], "join": {"seat": 0},
            "timing": {"kind": "clock", "base": 600, "increment": 0}})
        assert made.status_code == 201, made.text
        table_id = made.json()["table"]["id"]
        eventually(lambda: bob.get(f"/api/tables/{table_id}").status_code == 200)
        assert bob.post(f"/api/tables/{table_id}/join", json={"seat": 1}).status_code == 200
        eventually(lambda: bob.get(f"/api/tables/{table_id}").json()["status"] == "playing")

        def clock(client: httpx.Client) -> dict[str, Any]:
            seen: dict[str, Any] = client.get(f"/api/tables/{table_id}").json()["clock"]
            return seen

        asked = bob.post(f"/api/tables/{table_id}/pause", json={"pause": True})
        assert asked.status_code == 200, asked.text
        assert asked.json()["clock"]["pause_asked"] == [1]
        eventually(lambda: clock(ann)["pause_asked"] == [1])
        paused = ann.post(f"/api/tables/{table_id}/pause", json={"pause": True})
        assert paused.status_code == 200 and paused.json()["clock"]["paused"], paused.text
        eventually(lambda: clock(bob)["paused"] is not None)
        assert clock(ann)["remaining"] == clock(bob)["remaining"]  # as of the pause, both

        for client in (bob, ann):
            answer = client.post(f"/api/tables/{table_id}/pause", json={"pause": False})
            assert answer.status_code == 200, answer.text
        assert answer.json()["clock"]["paused"] is None
        eventually(lambda: clock(bob)["paused"] is None and clock(bob)["running"] == 0)
