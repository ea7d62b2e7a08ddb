"""Resigning on a site of two processes (PostgreSQL and Redis, cluster.py):
asked at the process that does not own the table, the resignation is made by
its owner, refused there with the same words when it must be, and every
process then shows the game over, who resigned and the ratings it gave."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from typing import Any

import httpx
from server_helpers import PATIENCE, free_port, server

PASSWORD = "correct horse battery"
HUMAN: dict[str, Any] = {"kind": "human"}


@contextmanager
def two_processes(database: str, redis: str) -> Iterator[list[str]]:
    """Two server processes on one database and one Redis; their addresses."""
    with ExitStack() as stack:
        urls = []
        for index in range(2):
            port = free_port()
            stack.enter_context(server(port, "--database", database, "--redis", redis,
                                       "--node", f"app{index + 1}", "--bot-delay", "0"))
            urls.append(f"http://127.0.0.1:{port}")
        yield urls


def eventually(check: Callable[[], bool]) -> None:
    """Wait until ``check()`` holds (at most PATIENCE seconds)."""
    start = time.monotonic()
    while not check():
        assert time.monotonic() - start < PATIENCE, "it did not happen in time"
        time.sleep(0.05)


def test_a_resignation_asked_at_another_process_is_made_by_the_owner(
        postgres_url: str, redis_url: str) -> None:
    with two_processes(postgres_url, redis_url) as (first, second), \
            httpx.Client(base_url=first, timeout=PATIENCE) as ann, \
            httpx.Client(base_url=second, timeout=PATIENCE) as bob:
        for client, name in ((ann, "Ann"), (bob, "Bob")):
            answer = client.post("/api/accounts", json={"name": name, "password": PASSWORD})
            assert answer.status_code == 201, answer.text
        made = ann.post("/api/tables", json={"seats": [HUMAN, HUMAN], "rated": True,
                                             "join": {"seat": 0}})
        assert made.status_code == 201, made.text
        table_id = made.json()["table"]["id"]
        eventually(lambda: bob.get(f"/api/tables/{table_id}").status_code == 200)
        assert bob.post(f"/api/tables/{table_id}/join", json={"seat": 1}).status_code == 200
        eventually(lambda: bob.get(f"/api/tables/{table_id}").json()["status"] == "playing")

        # Bob resigns at the second process, by his session
        answer = bob.post(f"/api/tables/{table_id}/resign")
        assert answer.status_code == 200, answer.text
        assert answer.json()["status"] == "finished" and answer.json()["winners"] == [0]

        def settled(client: httpx.Client) -> bool:
            table = client.get(f"/api/tables/{table_id}").json()
            return table["status"] == "finished" and table["seats"][1]["resigned"] \
                and table["seats"][0]["rating_after"] is not None

        eventually(lambda: settled(ann) and settled(bob))
        seen = [client.get(f"/api/tables/{table_id}").json()["seats"] for client in (ann, bob)]
        assert seen[0] == seen[1]
        assert seen[0][1]["rating_after"] < seen[0][1]["rating_before"]
        # refused alike wherever asked, and nothing changes
        for client in (ann, bob):
            again = client.post(f"/api/tables/{table_id}/resign")
            assert again.status_code == 409, again.text
        assert bob.post(f"/api/tables/{table_id}/resign").json()["error"] == (
            "you have resigned from this game already")
        assert ann.post(f"/api/tables/{table_id}/resign").json()["error"] == "the game is over"
        assert [client.get(f"/api/tables/{table_id}").json()["seats"]
                for client in (ann, bob)] == seen
