"""Helpers of the server tests: tables, tokens, reading the live socket, and
looking for the stack order where it must not be."""

from __future__ import annotations

import asyncio
import json
import os
import random
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from typing import Any

import httpx
from fastapi.testclient import TestClient

from carcassonne.server.hall import Hall

#: ``with serve(**settings) as client``: the app running (see conftest.py).
Serve = Callable[..., AbstractContextManager[TestClient]]
HUMAN: dict[str, Any] = {"kind": "human"}
RANDOM: dict[str, Any] = {"kind": "bot", "bot": "random"}
#: The most seconds a test waits for something that takes a moment, or a few
#: seconds, on a quiet machine (a server answering, bots finishing a game):
#: long enough for a machine ten times slower, or busy with other work; only
#: a failure waits this long.
PATIENCE = 300.0


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def new_table(client: TestClient, seats: list[dict[str, Any]] | None = None,
              join: int | None = 0, name: str = "Ann", **extra: Any) -> tuple[str, str | None]:
    """Create a table (a human seat and a random bot by default), join seat
    ``join``; answer its id and the token."""
    body: dict[str, Any] = {"seats": seats or [HUMAN, RANDOM], **extra}
    if join is not None:
        body["join"] = {"seat": join, "name": name}
    answer = client.post("/api/tables", json=body)
    assert answer.status_code == 201, answer.text
    data = answer.json()
    return data["table"]["id"], data.get("token")


def hall(client: TestClient) -> Hall:
    found: Hall = client.app.state.hall  # type: ignore[attr-defined]
    return found


def receive(ws: Any) -> dict[str, Any]:
    message: dict[str, Any] = ws.receive_json()
    return message


def next_state(ws: Any) -> dict[str, Any]:
    """The next ``state`` message; an error on the way fails the test."""
    message = receive(ws)
    assert message["type"] == "state", message
    return message


def my_turn(ws: Any) -> dict[str, Any]:
    """States until this client has to move or the game is over."""
    while True:
        state = next_state(ws)
        view = state["view"]
        if state["legal"] is not None or (view is not None and view["is_over"]):
            return state


def play_turns(ws: Any, turns: int | None = None, seed: int = 1, pause: float = 0.0,
               state: dict[str, Any] | None = None,
               ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Play random legal moves for ``turns`` turns (None: to the end), from
    ``state`` if it was already read; answer the last state seen and every
    move sent."""
    rng = random.Random(seed)
    sent: list[dict[str, Any]] = []
    if state is None or (state["legal"] is None and not state["view"]["is_over"]):
        state = my_turn(ws)
    while not state["view"]["is_over"] and (turns is None or len(sent) < turns):
        move = rng.choice(state["legal"])
        ws.send_json({"type": "move", "move": move})
        sent.append(move)
        time.sleep(pause)
        state = my_turn(ws)
    return state, sent


def wait_for(client: TestClient, table_id: str, status: str,
             seconds: float = PATIENCE) -> dict[str, Any]:
    """Poll the table until it has ``status``."""
    end = time.monotonic() + seconds
    while True:
        table: dict[str, Any] = client.get(f"/api/tables/{table_id}").json()
        if table["status"] == status or time.monotonic() > end:
            assert table["status"] == status, table
            return table
        time.sleep(0.02)


def upcoming(stack: tuple[str, ...], view: dict[str, Any] | None) -> list[str]:
    """The tiles nobody has seen yet, in draw order (base game, one tile
    drawn at a time): after the tiles placed, discarded and the one drawn."""
    if view is None:
        return list(stack)
    seen = len(view["moves"]) + len(view["discards"]) + len(view["to_place"])
    return list(stack[seen:])


def assert_secret(answer: Any, stack: tuple[str, ...], view: dict[str, Any] | None) -> None:
    """``answer`` holds no ``stack`` key and no run of the coming draw order."""

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            assert "stack" not in value, f"a 'stack' key in {value!r:.200}"
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    walk(answer)
    coming = upcoming(stack, view)
    if len(coming) >= 3:
        text = json.dumps(answer)
        compact = json.dumps(answer, separators=(",", ":"))
        for start in range(len(coming) - 2):
            run = coming[start:start + 3]
            assert json.dumps(run)[1:-1] not in text, f"the draw order {run} leaked"
            assert json.dumps(run, separators=(",", ":"))[1:-1] not in compact


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@contextmanager
def server(port: int, *args: str, env: dict[str, str] | None = None,
           ) -> Iterator[subprocess.Popen[str]]:
    """``carcassonne serve --port PORT ARGS``, running once it answers
    ``/api/health`` (asked until it does, for up to :data:`PATIENCE` seconds:
    a busy machine may take long to import, migrate and listen)."""
    command = [sys.executable, "-m", "carcassonne", "serve", "--port", str(port), *args]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, env={**os.environ, **(env or {})})
    try:
        deadline = time.monotonic() + PATIENCE
        while True:
            assert process.poll() is None, process.communicate()
            try:
                answer = httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=30)
                if answer.status_code == 200 and answer.json() == {"ok": True}:
                    break
            except httpx.TransportError:
                pass
            assert time.monotonic() < deadline, f"the server did not start in {PATIENCE:g} s"
            time.sleep(0.1)
        yield process
    finally:
        if process.poll() is None:
            process.kill()
        process.wait(timeout=10)
        assert process.stdout is not None and process.stderr is not None
        process.stdout.close()
        process.stderr.close()


def assert_league_of_four_finished(client: httpx.Client, event_id: str,
                                   seconds: float) -> None:
    """Wait until the league ``event_id`` of four bots, one game a match, is
    over, and check it was played whole: 6 matches at 6 tables, each played
    once and finished, and 12 points given (2 a match)."""
    deadline = time.monotonic() + seconds
    while (event := client.get(f"/api/competitions/{event_id}").json()).get(
            "status") != "finished":
        assert time.monotonic() < deadline, event
        time.sleep(0.1)
    played = [m for r in event["stages"][0]["rounds"] for m in r["matches"]]
    assert len(played) == 6 and all(m["result"] for m in played)
    tables = [g["table"] for m in played for g in m["games"]]
    assert len(set(tables)) == 6
    assert all(client.get(f"/api/tables/{t}").json()["status"] == "finished" for t in tables)
    names = [t["name"] for t in client.get("/api/tables").json()["tables"]]
    assert len([n for n in names if n.startswith("Bots")]) == 6  # none played twice
    assert sum(row["points"] for row in event["stages"][0]["standings"][0]) == 12


def hold_move_writes(hall: Hall) -> tuple[asyncio.Event, asyncio.Event]:
    """Make ``hall`` store its moves slowly: each write sets the first event
    (a move is on its way) and waits for the second before it goes on; answer
    both, to catch a table in the middle of storing a move."""
    writing, release = asyncio.Event(), asyncio.Event()
    add_move = hall.store.add_move_async

    async def slow(*args: Any) -> None:
        writing.set()
        await release.wait()
        await add_move(*args)

    hall.store.add_move_async = slow  # type: ignore[method-assign]
    return writing, release
