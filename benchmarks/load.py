"""Load on a real server: many tables of scripted players moving at once.

Run by hand (never in CI)::

    python benchmarks/load.py --tables 200 --think 0 --seconds 30
    python benchmarks/load.py --tables 1000 --think 5 --seconds 60 \\
        --database postgresql://carcassonne:carcassonne@127.0.0.1/carcassonne_bench

It starts ``carcassonne serve`` (bots without delay, this machine trusted as
a proxy so that each scripted player has an address of its own for the
server's per-address bounds), opens ``--tables`` tables of a scripted
player against the ``random`` bot, and has every player move after
``--think`` seconds whenever it is their turn, starting a new table when a
game ends. A move's round trip is the time from sending it to receiving the
state that shows it. It prints moves per second, the round trip's p50, p95
and p99, and the errors (refused moves, dropped connections).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
import websockets


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class Load:
    """The figures of one run."""

    def __init__(self) -> None:
        self.trips: list[float] = []
        self.errors: dict[str, int] = {}
        self.games = 0

    def error(self, kind: str) -> None:
        self.errors[kind] = self.errors.get(kind, 0) + 1


async def player(base: str, index: int, think: float, end: float, load: Load) -> None:
    """One scripted player: a table against a bot, then another, until ``end``."""
    address = {"X-Forwarded-For": f"10.{index // 65536 % 256}.{index // 256 % 256}."
                                  f"{index % 256}"}
    async with httpx.AsyncClient(base_url=base, headers=address, timeout=30) as client:
        while time.monotonic() < end:
            answer = await client.post("/api/tables", json={
                "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}],
                "join": {"seat": 0, "name": f"P{index}"}})
            if answer.status_code != 201:
                load.error(f"create {answer.status_code}")
                await asyncio.sleep(1)
                continue
            created = answer.json()
            url = (base.replace("http", "ws") + f"/ws/tables/{created['table']['id']}"
                   f"?token={created['token']}")
            try:
                await play(url, address, think, end, load)
            except (OSError, websockets.ConnectionClosed):
                load.error("connection")


async def play(url: str, address: dict[str, str], think: float, end: float,
               load: Load) -> None:
    async with websockets.connect(url, additional_headers=address, max_size=2**22) as ws:
        sent_at: float | None = None
        last = -1
        while time.monotonic() < end:
            message = json.loads(await ws.recv())
            if message["type"] == "error":
                load.error("refused")
                continue
            if message["type"] != "state":
                continue
            if sent_at is not None and message["last"] > last:
                load.trips.append(time.monotonic() - sent_at)
                sent_at = None
            last = message["last"]
            if message["view"]["is_over"]:
                load.games += 1
                return
            if message["legal"]:
                await asyncio.sleep(think)
                sent_at = time.monotonic()
                await ws.send(json.dumps({"type": "move", "move": message["legal"][0]}))


def start(port: int, database: str) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "carcassonne", "serve", "--port", str(port),
               "--database", database, "--bot-delay", "0", "--trusted-proxy", "127.0.0.1"]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, env={**os.environ})
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/health").status_code == 200:
                return process
        except httpx.TransportError:
            time.sleep(0.1)
    process.kill()
    raise SystemExit("the server did not start")


def percentile(values: list[float], share: float) -> float:
    return statistics.quantiles(values, n=100)[int(share * 100) - 1] if len(values) > 1 \
        else (values[0] if values else float("nan"))


async def run(base: str, tables: int, think: float, seconds: float) -> Load:
    load = Load()
    end = time.monotonic() + seconds
    await asyncio.gather(*(player(base, i, think, end, load) for i in range(tables)))
    return load


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--think", type=float, default=0.0, help="seconds before each move")
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--database", default=None,
                        help="database URL (default: a new SQLite file)")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="carcassonne-load-"))
    database = args.database or f"sqlite:///{folder / 'load.db'}"
    port = free_port()
    process = start(port, database)
    try:
        started = time.monotonic()
        load = asyncio.run(run(f"http://127.0.0.1:{port}", args.tables, args.think,
                               args.seconds))
        elapsed = time.monotonic() - started
    finally:
        process.terminate()
        process.wait(timeout=20)
    trips = [t * 1000 for t in load.trips]
    print(f"{args.tables} tables, think {args.think:g} s, {elapsed:.0f} s, "
          f"database {database.split(':')[0]}")
    print(f"  moves: {len(trips)} ({len(trips) / elapsed:.0f}/s), games ended: {load.games}")
    print(f"  round trip ms: p50 {percentile(trips, 0.50):.0f}  "
          f"p95 {percentile(trips, 0.95):.0f}  p99 {percentile(trips, 0.99):.0f}")
    print(f"  errors: {load.errors or 'none'}")


if __name__ == "__main__":
    main()
