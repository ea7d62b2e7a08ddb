"""A table's chat on a site of two real ``carcassonne serve`` processes
sharing one PostgreSQL and one Redis: a line written at one process reaches
the watchers connected to the other, and a client connecting to either gets
the history. Every wait is for something to happen, with a deadline long
enough for a machine many times slower than usual (PATIENCE)."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from typing import Any

import httpx
from server_helpers import PATIENCE, free_port, server
from websockets.sync.client import ClientConnection, connect

HUMAN: dict[str, Any] = {"kind": "human"}


@contextmanager
def two_processes(database: str, redis: str) -> Iterator[tuple[int, int]]:
    """Two processes of one site (the first migrates the database)."""
    with ExitStack() as stack:
        ports = []
        for index in range(2):
            port = free_port()
            stack.enter_context(server(port, "--database", database, "--redis", redis,
                                       "--node", f"app{index + 1}"))
            ports.append(port)
        yield ports[0], ports[1]


def post(port: int, path: str, body: dict[str, Any]) -> dict[str, Any]:
    answer = httpx.post(f"http://127.0.0.1:{port}{path}", json=body, timeout=PATIENCE)
    assert answer.status_code in (200, 201), answer.text
    data: dict[str, Any] = answer.json()
    return data


def known_at(port: int, table_id: str) -> bool:
    answer = httpx.get(f"http://127.0.0.1:{port}/api/tables/{table_id}", timeout=PATIENCE)
    return answer.status_code == 200 and answer.json()["status"] == "playing"


def next_of(ws: ClientConnection, kinds: tuple[str, ...]) -> dict[str, Any]:
    """The next message of one of ``kinds`` (states and the rest skipped)."""
    deadline = time.monotonic() + PATIENCE
    while True:
        message: dict[str, Any] = json.loads(
            ws.recv(timeout=max(0.1, deadline - time.monotonic())))
        if message["type"] in kinds:
            return message


def test_a_line_written_at_one_process_reaches_the_watchers_of_another(
        postgres_url: str, redis_url: str) -> None:
    with two_processes(postgres_url, redis_url) as (a, b):
        created = post(a, "/api/tables", {"seats": [HUMAN, HUMAN], "join": {"name": "Ann"}})
        table_id = created["table"]["id"]
        bob = post(b, f"/api/tables/{table_id}/join", {"seat": 1, "name": "Bob"})
        deadline = time.monotonic() + PATIENCE
        while not (known_at(a, table_id) and known_at(b, table_id)):
            assert time.monotonic() < deadline, "the table did not start at both"
            time.sleep(0.05)
        with connect(f"ws://127.0.0.1:{a}/ws/tables/{table_id}") as ann_ws, \
                connect(f"ws://127.0.0.1:{b}/ws/tables/{table_id}") as bob_ws, \
                connect(f"ws://127.0.0.1:{b}/ws/tables/{table_id}") as watcher:
            ann_ws.send(json.dumps({"type": "seat", "token": created["token"]}))
            bob_ws.send(json.dumps({"type": "seat", "token": bob["token"]}))
            for ws in (ann_ws, bob_ws):  # seated: the answer to the seat message
                while next_of(ws, ("state",))["seat"] is None:
                    pass
            ann_ws.send(json.dumps({"type": "chat", "text": "hello from a"}))
            line = next_of(watcher, ("chat",))
            assert (line["from"], line["text"]) == ("Ann", "hello from a")
            assert next_of(bob_ws, ("chat",)) == line == next_of(ann_ws, ("chat",))
            bob_ws.send(json.dumps({"type": "chat", "text": "hello from b"}))
            assert next_of(ann_ws, ("chat",))["text"] == "hello from b"
            with connect(f"ws://127.0.0.1:{b}/ws/tables/{table_id}") as again:
                history = next_of(again, ("chat_history",))  # from either process
                assert [m["text"] for m in history["messages"]] == ["hello from a",
                                                                    "hello from b"]
        chat = httpx.get(f"http://127.0.0.1:{b}/api/tables/{table_id}/chat",
                         timeout=PATIENCE).json()
        assert [m["text"] for m in chat["messages"]] == ["hello from a", "hello from b"]
