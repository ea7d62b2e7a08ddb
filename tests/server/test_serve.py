"""``carcassonne serve`` as a real process: it prints its address, creates its
database, and after ``kill -9`` in the middle of a game comes back with every
table exactly as it was."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
from server_helpers import PATIENCE, assert_league_of_four_finished, free_port, server
from websockets.sync.client import ClientConnection, connect

from carcassonne import Game

#: Pause between our moves: the real server keeps the protocol's bounds
#: (20 messages a second, 100 in ten seconds).
PACE = 0.12


def state(ws: ClientConnection) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(ws.recv(timeout=PATIENCE))
    assert message["type"] == "state", message
    return message


def my_turn(ws: ClientConnection) -> dict[str, Any]:
    while True:
        message = state(ws)
        if message["legal"] is not None or message["view"]["is_over"]:
            return message


def test_a_killed_server_comes_back_with_the_game_as_it_was(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path / 'games.db'}"
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with server(port, "--database", database, "--bot-delay", "0") as process:
        assert process.stdout is not None
        assert process.stdout.readline().startswith(f"Carcassonne server at {base}/")
        created = httpx.post(f"{base}/api/tables", json={
            "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}],
            "join": {"seat": 0, "name": "Ann"}}, timeout=PATIENCE).json()
        table_id, token = created["table"]["id"], created["token"]
        socket_url = f"ws://127.0.0.1:{port}/ws/tables/{table_id}?token={token}"
        with connect(socket_url) as ws:
            now = my_turn(ws)
            for _ in range(6):
                ws.send(json.dumps({"type": "move", "move": now["legal"][-1]}))
                time.sleep(PACE)
                now = my_turn(ws)  # the bot has answered: our turn again
            before = now
            table_before = httpx.get(f"{base}/api/tables/{table_id}", timeout=PATIENCE).json()
            process.send_signal(signal.SIGKILL)
            process.wait(timeout=PATIENCE)
    assert before["last"] == 12 and table_before["moves"] == 12

    with server(port, "--database", database, "--bot-delay", "0"):
        assert httpx.get(f"{base}/api/tables/{table_id}", timeout=PATIENCE).json() == table_before
        with connect(socket_url) as ws:
            after = state(ws)
            assert after["view"] == before["view"]  # board, figures, moves, scores...
            assert after["legal"] == before["legal"] and after["last"] == 12
            assert after["table"]["scores"] == before["table"]["scores"]
            now = after
            while not now["view"]["is_over"]:
                ws.send(json.dumps({"type": "move", "move": now["legal"][0]}))
                time.sleep(PACE)
                now = my_turn(ws)
        table = httpx.get(f"{base}/api/tables/{table_id}", timeout=PATIENCE).json()
        assert table["status"] == "finished" and table["scores"] == now["view"]["scores"]
        record = httpx.get(f"{base}/api/tables/{table_id}/record", timeout=PATIENCE).json()
        assert len(record["moves"]) == table["moves"] == now["last"]
        assert list(Game.from_record(record).scores) == table["scores"]


def test_the_default_database_lives_in_the_data_folder(tmp_path: Path) -> None:
    env = {"XDG_DATA_HOME": str(tmp_path / "data"), "DATABASE_URL": ""}
    with server(free_port(), env=env) as process:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert "carcassonne.db" in line
    assert (tmp_path / "data" / "carcassonne" / "carcassonne.db").is_file()


def test_a_database_that_cannot_be_opened_is_one_line_and_status_1(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "carcassonne", "serve", "--database",
                           f"sqlite:///{tmp_path}/missing/folder/x.db"],
                          capture_output=True, text=True, timeout=PATIENCE)
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "cannot open the database" in done.stderr


def test_bad_serve_arguments_are_usage_errors() -> None:
    from carcassonne.cli import main

    assert main(["serve", "--bot-delay", "-1"]) == 2
    assert main(["serve", "--port", "70000"]) == 2
    assert main(["serve", "--waiting-tables", "0"]) == 2
    assert main(["serve", "--idle-after", "0"]) == 2


def test_a_league_of_bots_carries_on_after_the_server_is_killed(tmp_path: Path) -> None:
    """A real server process runs a league; killed mid-round and started
    again, it finishes it: the games under way are played on, and no game
    is played twice."""
    database = f"sqlite:///{tmp_path / 'games.db'}"
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    args = ("--database", database, "--bot-delay", "0.02", "--bot-pace", "0.02")
    with server(port, *args) as process, httpx.Client(base_url=base, timeout=PATIENCE) as client:
        client.post("/api/accounts", json={"name": "Olga", "password": "correct horse battery"})
        event = client.post("/api/competitions", json={
            "name": "Bots", "games": 1,
            "entrants": [{"bot": "random"}] * 4}).json()
        assert client.post(f"/api/competitions/{event['id']}/start").status_code == 200
        deadline = time.monotonic() + PATIENCE
        while True:  # wait until the first round's games are being played
            rounds = client.get(f"/api/competitions/{event['id']}").json()["stages"][0]["rounds"]
            games = [g for m in rounds[0]["matches"] for g in m["games"]]
            if all(g["table"] for g in games):
                break
            assert time.monotonic() < deadline
            time.sleep(0.05)
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=PATIENCE)
    with server(port, *args), httpx.Client(base_url=base, timeout=PATIENCE) as client:
        assert_league_of_four_finished(client, event["id"], 4 * PATIENCE)


def descendants(pid: int) -> set[int]:
    """Every living process started, directly or not, by ``pid`` (from /proc)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
    found: set[int] = set()
    frontier = {pid}
    while frontier:
        frontier = {child for child, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found


def alive(pid: int) -> bool:
    try:
        state = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_a_killed_server_leaves_no_search_process_behind(tmp_path: Path) -> None:
    if not Path("/proc/self/stat").exists():
        import pytest

        pytest.skip("reads processes from /proc (Linux)")
    database = f"sqlite:///{tmp_path / 'games.db'}"
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with server(port, "--database", database, "--bot-delay", "0") as process:
        tables = [httpx.post(f"{base}/api/tables", json={"seats": [
            {"kind": "bot", "bot": "hard"}, {"kind": "bot", "bot": "hard"}]},
            timeout=PATIENCE).json()["table"]["id"] for _ in range(3)]
        # three tables of two search bots each share one pool: wait until
        # every seat has searched (moved) at least once
        deadline = time.monotonic() + PATIENCE
        while any(httpx.get(f"{base}/api/tables/{t}", timeout=PATIENCE).json()["moves"] < 2
                  for t in tables):
            assert time.monotonic() < deadline, "the search bots did not move"
            time.sleep(0.1)
        children = descendants(process.pid)
        assert len(children) >= 2, "no search process started"
        from carcassonne.bots import pool

        assert len(children) <= pool.size() + 2  # the pool and its fork server
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=PATIENCE)
        deadline = time.monotonic() + PATIENCE
        while any(alive(pid) for pid in children):
            assert time.monotonic() < deadline, [p for p in children if alive(p)]
            time.sleep(0.1)


def test_x_forwarded_for_is_believed_only_from_a_trusted_proxy(tmp_path: Path) -> None:
    """Tables of bots only are bounded per client address (3): the address
    is the connection's, unless a proxy the server trusts names another."""
    database = f"sqlite:///{tmp_path / 'games.db'}"
    bots = {"seats": [{"kind": "bot", "bot": "random"}] * 2}
    for trusted, answers in (((), [201, 201, 201, 429]),
                             (("--trusted-proxy", "127.0.0.1"), [201, 201, 201, 201])):
        port = free_port()
        with server(port, "--database", database, "--bot-pace", "60", *trusted):
            got = [httpx.post(f"http://127.0.0.1:{port}/api/tables", json=bots,
                              headers={"X-Forwarded-For": f"203.0.113.{i}"},
                              timeout=PATIENCE).status_code
                   for i in range(4)]
        assert got == answers, (trusted, got)
        database = f"sqlite:///{tmp_path / 'other.db'}"


def test_the_serving_process_collects_cycles_rarely() -> None:
    """``serve`` sets the collector's thresholds (cli_serve.collect_rarely)."""
    import gc

    from carcassonne.cli_serve import GC_THRESHOLDS, collect_rarely

    before = gc.get_threshold()
    try:
        collect_rarely()
        assert gc.get_threshold() == GC_THRESHOLDS and GC_THRESHOLDS[0] > before[0]
    finally:
        gc.set_threshold(*before)
