"""Load on real servers: many tables of scripted players moving at once.

Run by hand (never in CI)::

    python benchmarks/load.py --tables 200 --think 0 --seconds 30
    python benchmarks/load.py --tables 1000 --think 5 --seconds 60 --processes 3 \\
        --database postgresql://carcassonne:carcassonne@127.0.0.1/carcassonne_bench
    python benchmarks/load.py --tables 1000 --think 5 --seconds 60 --processes 3 \\
        --database postgresql://... --kill-after 20

It starts ``--processes`` ``carcassonne serve`` processes (bots without
delay, this machine trusted as a proxy so that each scripted player has an
address of its own for the server's per-address bounds); with more than
one they share one PostgreSQL database and one Redis server (``--redis``,
else a private ``redis-server`` started here). It opens ``--tables``
tables of a scripted player against the ``random`` bot, and has every
player move after ``--think`` seconds whenever it is their turn, starting
a new table when a game ends. Players start at random times within the
first think time, so that they do not all move in step.

Player ``i`` connects its WebSocket to process ``i % N`` and makes its
tables at the processes in turn (its ``k``-th at ``(i + i // N + k) % N``):
a table is owned by the process that made it, so for one table in N the
player is connected to the owner and for the others its moves are routed to
the owner through Redis, as behind a load balancer. A player whose
connection drops (or cannot be opened) goes on at the next process: it
sends its seat token again, gets the whole state and goes on, sending again
a move that the state does not show.

Players ask for their states as patches (``?patches=1``), as the web client
does. A move is acknowledged when its player receives a state that shows it. Its
round trip is the time from sending it (the first time) to that state. It
prints moves per second (the players' acknowledged moves; the bots' are
not counted), the round trip's p50, p95, p99 and max (of the whole run, and
of the moves sent once every table was made: the steady state, after the
players have made their tables, at most 16 at a time), the errors by kind,
the CPU time of each part, and, read from the database after the run,
whether every acknowledged move is stored with its number and the stored
numbers of each table run 0, 1, 2... without a gap or a repeat.

``--kill-after S`` kills the first process with SIGKILL S seconds into the
run. For every table that process owned (its lease, read from the database
at the kill) or served (a player connected to it), it prints how long after
the kill the table went on: its next acknowledged move (or its end), less
the time its player spent thinking after the kill ("back in").

``--every S`` prints progress on standard error every S seconds; each
server's standard error goes to a log file in a new temporary folder, named
at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import random
import resource
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import orjson
import websockets

from carcassonne.server import patches

#: Seconds without a message, while waiting for the answer to a move, before
#: the player counts a stall and asks for the state again.
STALL = 10.0
#: Table creations the players have under way at once, at most.
CREATING = 16
#: Round trips of moves sent this long after a kill are shown apart.
AFTER_KILL = 10.0


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@dataclass
class Server:
    """One ``carcassonne serve`` process."""

    index: int
    port: int
    node: str
    process: subprocess.Popen[bytes]
    log: Path
    cpu: float = 0.0  # seconds, read before it is stopped

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}"


@dataclass
class Pending:
    """A move sent and not yet seen in a state."""

    number: int
    move: dict[str, Any]
    sent: float
    resend: bool = False


@dataclass
class Load:
    """The figures of one run."""

    servers: list[Server]
    tables: int
    think: float
    end: float
    #: (monotonic time sent, round trip seconds, routed) of every acknowledged
    #: move; routed: sent to a process other than the one that made the table.
    trips: list[tuple[float, float, bool]] = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=dict)
    games: int = 0
    tables_made: int = 0
    #: Seconds each table creation took (HTTP request to answer).
    creates: list[float] = field(default_factory=list)
    #: When the first ``--tables`` tables had all been made (monotonic).
    all_made: float | None = None
    #: Table id -> move number -> the acknowledged move.
    acked: dict[str, dict[int, dict[str, Any]]] = field(default_factory=dict)
    #: Table id -> the times it went on (a move acknowledged, the game's end).
    progress: dict[str, list[float]] = field(default_factory=dict)
    #: Table id -> its player's think times (start, end).
    thinking: dict[str, list[tuple[float, float]]] = field(default_factory=dict)
    #: Player index -> (table id, process index) it is connected to now.
    serving: dict[int, tuple[str, int]] = field(default_factory=dict)
    killed_at: float | None = None
    affected: set[str] = field(default_factory=set)
    owned_at_kill: int = 0
    owned_read_after: float = 0.0
    #: Tables owned by the killed process that no player plays (made as it
    #: was killed: their answer was lost, so the player made another).
    unplayed: int = 0
    #: The tables the players were given.
    known: set[str] = field(default_factory=set)
    served_at_kill: int = 0
    lags: list[float] = field(default_factory=list)
    #: Table id -> its move waiting for an answer.
    waiting: dict[str, Pending] = field(default_factory=dict)
    #: Table creations under way at once, at most: one HTTP client with a
    #: thousand requests queued spends more time sorting them than sending.
    creating: asyncio.Semaphore = field(default_factory=lambda: asyncio.Semaphore(CREATING))

    def error(self, kind: str) -> None:
        self.errors[kind] = self.errors.get(kind, 0) + 1

    def went_on(self, table_id: str, now: float) -> None:
        self.progress.setdefault(table_id, []).append(now)


def address_of(index: int) -> dict[str, str]:
    return {"X-Forwarded-For": f"10.{index // 65536 % 256}.{index // 256 % 256}."
                               f"{index % 256}"}


def kind_of(err: BaseException) -> str:
    if isinstance(err, websockets.ConnectionClosed):
        code = err.rcvd.code if err.rcvd is not None else None
        return f"connection closed ({code if code is not None else 'no close frame'})"
    if isinstance(err, TimeoutError):
        return "connection timed out"
    return f"connection failed ({type(err).__name__})"


async def player(load: Load, client: httpx.AsyncClient, index: int,
                 rng: random.Random) -> None:
    """One scripted player: a table against a bot, then another, until the end."""
    count = len(load.servers)
    address = address_of(index)
    if load.think:
        await asyncio.sleep(rng.uniform(0, load.think))
    made = 0
    while time.monotonic() < load.end:
        at = (index + index // count + made) % count
        made += 1
        try:
            async with load.creating:
                asked = time.monotonic()
                answer = await client.post(
                    load.servers[at].http + "/api/tables", headers=address,
                    json={"seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}],
                          "join": {"seat": 0, "name": f"P{index}"}})
        except httpx.TransportError as err:
            load.error(f"create failed ({type(err).__name__})")
            await asyncio.sleep(0.2)  # the next try goes to the next process
            continue
        if answer.status_code != 201:
            load.error(f"create {answer.status_code}")
            await asyncio.sleep(1)
            continue
        load.tables_made += 1
        load.creates.append(time.monotonic() - asked)
        if load.tables_made == load.tables:
            load.all_made = time.monotonic()
        created = answer.json()
        load.known.add(created["table"]["id"])
        await table(load, index, created["table"]["id"], created["token"], at,
                    index % count)
        load.serving.pop(index, None)


async def table(load: Load, index: int, table_id: str, token: str, owner: int,
                at: int) -> None:
    """Play one table to its end (or the run's), connecting again at the next
    process whenever the connection drops."""
    pending: list[Pending] = []  # at most one
    while time.monotonic() < load.end:
        url = load.servers[at].ws + f"/ws/tables/{table_id}?patches=1"
        try:
            async with websockets.connect(url, additional_headers=address_of(index),
                                          max_size=2**22, open_timeout=10) as ws:
                load.serving[index] = (table_id, at)
                await ws.send(json.dumps({"type": "seat", "token": token}))
                if await play(load, ws, table_id, pending, routed=at != owner):
                    return
        except (OSError, TimeoutError, websockets.WebSocketException) as err:
            if time.monotonic() >= load.end:
                return
            load.error(kind_of(err))
            load.serving.pop(index, None)
            for move in pending:
                move.resend = True
            at = (at + 1) % len(load.servers)
            await asyncio.sleep(0.1)


async def play(load: Load, ws: Any, table_id: str, pending: list[Pending],
               routed: bool) -> bool:
    """Answer the states of one connection (its first whole, then patches
    to the one before); True once the game is over."""
    held: dict[str, Any] | None = None  # the last state, patched as they come
    got = 0  # states and patches received
    while time.monotonic() < load.end:
        try:
            raw = await asyncio.wait_for(ws.recv(), timeout=min(
                STALL, max(0.01, load.end - time.monotonic())))
        except TimeoutError:
            if pending and time.monotonic() < load.end:
                load.error("stall (no answer to a move for 10 s)")
                pending[0].resend = True
                await ws.send(json.dumps({"type": "sync"}))
            continue
        now = time.monotonic()
        message = orjson.loads(raw)
        if message["type"] == "error":
            what = message.get("answers") or "?"
            rule = message.get("rule")
            load.error(f"{what} refused: " + (f"rule {rule}" if rule else
                                              message["error"].split(":")[0][:60]))
            if what == "move" and pending:
                pending[0].resend = True
                await ws.send(json.dumps({"type": "sync"}))
            continue
        if message["type"] in ("state", "patch"):
            got += 1
        if message["type"] == "patch":
            if held is None or message["base"] != got - 1:  # not the state held
                load.error("patch to a state not held")
                held = None
                await ws.send(json.dumps({"type": "sync"}))
                continue
            message = patches.apply(held, message["ops"], in_place=True)
        if message["type"] != "state":
            continue
        held = message
        last = message["last"]
        if pending and last > pending[0].number:
            done = pending.pop()
            load.waiting.pop(table_id, None)
            load.trips.append((done.sent, now - done.sent, routed))
            load.acked.setdefault(table_id, {})[done.number] = done.move
            load.went_on(table_id, now)
        if message["view"] is not None and message["view"]["is_over"]:
            load.games += 1
            load.went_on(table_id, now)
            return True
        if not message["legal"]:
            continue
        if pending:
            if pending[0].resend and pending[0].number == last:
                pending[0].resend = False  # the move was not stored: the same again
                await ws.send(json.dumps({"type": "move", "move": pending[0].move}))
            continue
        started = time.monotonic()
        await asyncio.sleep(max(0.0, min(load.think, load.end - started)))
        load.thinking.setdefault(table_id, []).append((started, time.monotonic()))
        if time.monotonic() >= load.end:
            return False
        pending.append(Pending(last, message["legal"][0], time.monotonic()))
        load.waiting[table_id] = pending[0]
        await ws.send(json.dumps({"type": "move", "move": pending[0].move}))
    return False


def start_server(index: int, port: int, database: str, redis: str | None,
                 folder: Path) -> Server:
    node = f"load{index}"
    command = [sys.executable, "-m", "carcassonne", "serve", "--port", str(port),
               "--database", database, "--bot-delay", "0", "--trusted-proxy", "127.0.0.1"]
    if redis is not None:
        command += ["--redis", redis, "--node", node]
    log = folder / f"{node}.log"
    with log.open("wb") as out:
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=out,
                                   env={**os.environ})
    return Server(index, port, node, process, log)


def wait_healthy(server: Server) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            break
        try:
            if httpx.get(server.http + "/api/health").status_code == 200:
                return
        except httpx.TransportError:
            pass
        time.sleep(0.1)
    raise SystemExit(f"the server {server.node} did not start: see {server.log}")


def start_redis(folder: Path) -> tuple[subprocess.Popen[bytes], str]:
    import redis

    port = free_port()
    with (folder / "redis.log").open("wb") as out:
        process = subprocess.Popen(
            ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no"], stdout=out, stderr=subprocess.STDOUT)
    url = f"redis://127.0.0.1:{port}/0"
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            redis.Redis.from_url(url).ping()
            return process, url
        except redis.ConnectionError:
            time.sleep(0.05)
    process.kill()
    raise SystemExit("redis-server did not start")


def cpu_of(pid: int) -> float:
    """The CPU seconds (user and system) of process ``pid`` so far."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return float("nan")
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def machine_times() -> tuple[float, float]:
    """(busy, all) CPU ticks of the machine since it booted."""
    numbers = [int(n) for n in Path("/proc/stat").read_text().split("\n")[0].split()[1:]]
    idle = numbers[3] + numbers[4]
    return sum(numbers) - idle, sum(numbers)


def percentile(values: list[float], share: float) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[int(share * 100) - 1] \
        if len(values) > 1 \
        else (values[0] if values else float("nan"))


def engine_of(database: str) -> Any:
    from sqlalchemy import create_engine

    from carcassonne.server.config import normalize_url

    return create_engine(normalize_url(database))


async def watch_loop(load: Load, started: float, every: float) -> None:
    """How late this client's event loop wakes (a busy client inflates round
    trips); with ``every``, a line on standard error every ``every`` seconds:
    moves acknowledged since the last line, and the moves waiting for their
    answer, and how many of those have waited over 2 s; the round trips of
    the moves acknowledged since the last line."""
    shown, counted = started, 0
    while time.monotonic() < load.end:
        asked = time.monotonic()
        await asyncio.sleep(0.05)
        now = time.monotonic()
        load.lags.append(now - asked - 0.05)
        if every and now - shown >= every:
            waiting = [now - p.sent for p in load.waiting.values()]
            recent = [trip * 1000 for _, trip, _ in load.trips[counted:]]
            print(f"  {now - started:5.0f} s: {len(recent):5d} moves (round trip ms p50 "
                  f"{percentile(recent, 0.50):.0f}, max {max(recent, default=0):.0f}), "
                  f"{len(waiting)} waiting, {sum(w > 2 for w in waiting)} over 2 s",
                  file=sys.stderr, flush=True)
            shown, counted = now, len(load.trips)


async def kill_later(load: Load, after: float, started: float, engine: Any) -> None:
    """SIGKILL the first process ``after`` seconds into the run; note the
    tables it owned (read at once from the database, on a connection opened
    beforehand: leases last 3 s, so nobody has taken them yet) and served."""
    from sqlalchemy import text

    connection = await asyncio.to_thread(engine.connect)
    try:
        await asyncio.sleep(max(0.0, started + after - time.monotonic()))
        victim = load.servers[0]
        victim.cpu = cpu_of(victim.process.pid)
        victim.process.send_signal(signal.SIGKILL)
        load.killed_at = time.monotonic()
        served = {table_id for table_id, at in load.serving.values() if at == victim.index}
        owned = {row[0] for row in await asyncio.to_thread(connection.execute, text(
            "SELECT id FROM tables WHERE owner = :node AND status IN ('waiting', 'playing')"),
            {"node": victim.node})}
        load.owned_read_after = time.monotonic() - load.killed_at
    finally:
        await asyncio.to_thread(connection.close)
    # A table made there whose answer the kill cut off has no player: left out.
    load.unplayed = len(owned - load.known)
    owned &= load.known
    load.owned_at_kill, load.served_at_kill = len(owned), len(served)
    load.affected = owned | served


async def run(load: Load, tables: int, seed: int, kill_after: float | None,
              engine: Any, started: float, every: float) -> None:
    rng = random.Random(seed)
    watcher = asyncio.create_task(watch_loop(load, started, every))
    killer = (asyncio.create_task(kill_later(load, kill_after, started, engine))
              if kill_after is not None else None)
    # One HTTP client for all (each player's address goes in its requests).
    # Idle connections are let go after 4 s, before the servers' 5 s: a request
    # sent on one the server is closing that moment would fail (ReadError).
    limits = httpx.Limits(max_connections=None, max_keepalive_connections=None,
                          keepalive_expiry=4.0)
    async with httpx.AsyncClient(timeout=30, limits=limits) as client:
        await asyncio.gather(*(player(load, client, i, random.Random(rng.random()))
                               for i in range(tables)))
    await watcher
    if killer is not None:
        if not killer.done():
            killer.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await killer


def check_stored(load: Load, database: str) -> list[str]:
    """Compare the acknowledged moves with those stored; the lines to print."""
    from sqlalchemy import text

    engine = engine_of(database)
    try:
        with engine.connect() as connection:
            counts = dict(connection.execute(text("SELECT id, moves FROM tables")).all())
            stored: dict[str, dict[int, Any]] = {}
            rows = 0
            for table_id, number, move in connection.execute(text(
                    "SELECT table_id, number, move FROM moves ORDER BY table_id, number")):
                rows += 1
                if isinstance(move, str):
                    move = json.loads(move)
                stored.setdefault(table_id, {})[number] = move
    finally:
        engine.dispose()
    gaps = [t for t, moves in stored.items() if sorted(moves) != list(range(len(moves)))]
    repeats = rows - sum(len(moves) for moves in stored.values())
    miscounted = [t for t in counts if counts[t] != len(stored.get(t, {}))]
    acked = sum(len(moves) for moves in load.acked.values())
    lost = different = 0
    for table_id, moves in load.acked.items():
        for number, move in moves.items():
            kept = stored.get(table_id, {}).get(number)
            if kept is None:
                lost += 1
            elif json.dumps(kept, sort_keys=True) != json.dumps(move, sort_keys=True):
                different += 1
    return [f"  stored moves: {rows} in {len(stored)} tables; {acked} acknowledged moves: "
            f"{lost} lost, {different} stored differently; numbers repeated {repeats}, "
            f"tables with a gap {len(gaps)}, tables whose move count differs {len(miscounted)}"]


def overlap(spans: list[tuple[float, float]], start: float, end: float) -> float:
    return sum(max(0.0, min(b, end) - max(a, start)) for a, b in spans)


def kill_lines(load: Load, kill_after: float) -> list[str]:
    killed = load.killed_at
    if killed is None:
        return [f"  kill: the run ended before {kill_after:g} s"]
    back: list[float] = []
    raw: list[float] = []
    never: list[str] = []
    for table_id in sorted(load.affected):
        after = [t for t in load.progress.get(table_id, []) if t > killed]
        if not after:
            never.append(table_id)
            continue
        first = min(after)
        raw.append(first - killed)
        back.append(first - killed - overlap(load.thinking.get(table_id, []), killed, first))
    lines = [f"  kill -9 of {load.servers[0].node} at {kill_after:g} s: "
             f"{len(load.affected)} tables ({load.owned_at_kill} it owned, "
             f"{load.served_at_kill} it served; read {load.owned_read_after:.2f} s after "
             f"the kill; {load.unplayed} more it owned have no player: made as it was "
             f"killed, their answer lost)"]
    if back:
        lines.append(f"  back in s (less think time): p50 {percentile(back, 0.50):.1f}  "
                     f"p95 {percentile(back, 0.95):.1f}  max {max(back):.1f}; "
                     f"with think: p95 {percentile(raw, 0.95):.1f}  max {max(raw):.1f}; "
                     f"over 5 s: {sum(b > 5 for b in back)}; never back: {len(never)}")
    else:
        lines.append(f"  back in: none of them went on; never back: {len(never)}")
    if never:
        lines.append(f"  never back: {' '.join(never[:10])}")
    calm = [trip * 1000 for sent, trip, _ in load.trips
            if not killed - 5 <= sent <= killed + AFTER_KILL]
    lines.append(f"  round trip ms of moves not sent from 5 s before to {AFTER_KILL:g} s "
                 f"after the kill: p50 {percentile(calm, 0.50):.0f}  "
                 f"p95 {percentile(calm, 0.95):.0f}  p99 {percentile(calm, 0.99):.0f}")
    return lines


def log_lines(servers: list[Server]) -> list[str]:
    lines = []
    for server in servers:
        text = server.log.read_text(errors="replace")
        tracebacks = text.count("Traceback")
        warnings = sum("WARNING" in line or "ERROR" in line for line in text.splitlines())
        if tracebacks or warnings:
            lines.append(f"  {server.node} log: {tracebacks} tracebacks, {warnings} warning "
                         f"or error lines ({server.log})")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--think", type=float, default=0.0, help="seconds before each move")
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--database", default=None,
                        help="database URL (default: a new SQLite file; a new or empty "
                             "PostgreSQL database with --processes above 1)")
    parser.add_argument("--processes", type=int, default=1,
                        help="server processes sharing the database and a Redis server")
    parser.add_argument("--redis", default=None,
                        help="Redis URL (default: a private redis-server on a free port)")
    parser.add_argument("--kill-after", type=float, default=None, metavar="SECONDS",
                        help="kill -9 the first process this long into the run")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--every", type=float, default=0, metavar="SECONDS",
                        help="print progress on standard error this often")
    args = parser.parse_args()
    count = args.processes
    if count < 1:
        parser.error("--processes must be at least 1")
    if count > 1 and not (args.database or "").startswith(("postgresql", "postgres:")):
        parser.error("many processes share a PostgreSQL database: give "
                     "--database postgresql://...")
    if args.kill_after is not None and count < 2:
        parser.error("--kill-after needs --processes 2 or more")
    folder = Path(tempfile.mkdtemp(prefix="carcassonne-load-"))
    database = args.database or f"sqlite:///{folder / 'load.db'}"
    redis_process = None
    redis = args.redis
    servers: list[Server] = []
    try:
        if count > 1 and redis is None:
            redis_process, redis = start_redis(folder)
        # The first migrates the database; the others start once it is up.
        servers.append(start_server(0, free_port(), database, redis if count > 1 else None,
                                    folder))
        wait_healthy(servers[0])
        servers += [start_server(k, free_port(), database, redis, folder)
                    for k in range(1, count)]
        for server in servers[1:]:
            wait_healthy(server)
        # Made before the run: importing SQLAlchemy would hold up the players.
        engine = engine_of(database) if args.kill_after is not None else None
        busy0, all0 = machine_times()
        cpu0 = {s.node: cpu_of(s.process.pid) for s in servers}
        client0 = resource.getrusage(resource.RUSAGE_SELF)
        started = time.monotonic()
        load = Load(servers, args.tables, args.think, started + args.seconds)
        # The players' own pauses are not the servers': their cycle collector
        # (passes of up to 100 ms over a thousand players' states) is off for
        # the run; the memory it would free is a few hundred megabytes at most.
        gc.disable()
        asyncio.run(run(load, args.tables, args.seed, args.kill_after, engine, started,
                        args.every))
        if engine is not None:
            engine.dispose()
        elapsed = time.monotonic() - started
        busy1, all1 = machine_times()
        client1 = resource.getrusage(resource.RUSAGE_SELF)
        for server in servers:
            if server.process.poll() is None:
                server.cpu = cpu_of(server.process.pid)
            server.cpu -= cpu0[server.node]
    finally:
        for server in servers:
            if server.process.poll() is None:
                server.process.terminate()
        for server in servers:
            try:
                server.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                server.process.kill()
                server.process.wait()
        if redis_process is not None:
            redis_process.terminate()
            redis_process.wait(timeout=10)
    trips = [trip * 1000 for _, trip, _ in load.trips]
    client = (client1.ru_utime + client1.ru_stime - client0.ru_utime - client0.ru_stime)
    lags = [lag * 1000 for lag in load.lags]
    print(f"{count} process{'es' if count > 1 else ''}, {args.tables} tables, "
          f"think {args.think:g} s, {args.seconds:g} s of play ({elapsed:.0f} s in all), "
          f"database {database.split(':')[0]}"
          + (f", redis {'private' if args.redis is None else args.redis}" if count > 1 else ""))
    print(f"  moves: {len(trips)} ({len(trips) / args.seconds:.0f}/s), "
          f"games ended: {load.games}, tables made: {load.tables_made}"
          + (f", moves routed to another process: "
             f"{sum(r for *_, r in load.trips) / max(1, len(trips)):.0%}" if count > 1 else ""))
    creates = [c * 1000 for c in load.creates]
    made = (f"all {args.tables} made {load.all_made - started:.0f} s into the run"
            if load.all_made is not None else f"not all {args.tables} made")
    print(f"  table creation ms: p50 {percentile(creates, 0.50):.0f}  "
          f"p99 {percentile(creates, 0.99):.0f}; {made}")
    print(f"  round trip ms: p50 {percentile(trips, 0.50):.0f}  "
          f"p95 {percentile(trips, 0.95):.0f}  p99 {percentile(trips, 0.99):.0f}  "
          f"max {max(trips, default=float('nan')):.0f}")
    if load.all_made is not None:
        steady = [trip * 1000 for sent, trip, _ in load.trips if sent >= load.all_made]
        print(f"  once all {args.tables} tables were made: {len(steady)} moves "
              f"({len(steady) / max(1e-9, load.end - load.all_made):.0f}/s), round trip ms "
              f"p50 {percentile(steady, 0.50):.0f}  p95 {percentile(steady, 0.95):.0f}  "
              f"p99 {percentile(steady, 0.99):.0f}  max {max(steady, default=float('nan')):.0f}")
    if count > 1:
        for routed in (False, True):
            some = [trip * 1000 for _, trip, r in load.trips if r == routed]
            print(f"  {'routed' if routed else 'at the owner'}: {len(some)} moves, p50 "
                  f"{percentile(some, 0.50):.0f}  p95 {percentile(some, 0.95):.0f}  "
                  f"p99 {percentile(some, 0.99):.0f}")
    print("  errors: " + (", ".join(f"{kind}: {n}" for kind, n in
                                    sorted(load.errors.items(), key=lambda e: -e[1]))
                          or "none"))
    print(f"  cpu: machine busy {(busy1 - busy0) / max(1, all1 - all0):.0%} of "
          f"{os.cpu_count()} cores; client {client:.0f} s (its loop late p99 "
          f"{percentile(lags, 0.99):.0f} ms, max {max(lags, default=0):.0f} ms, "
          f"{client1.ru_maxrss / 1024:.0f} MB at most); servers "
          + ", ".join(f"{s.cpu:.0f} s" for s in servers))
    for line in check_stored(load, database):
        print(line)
    if args.kill_after is not None:
        for line in kill_lines(load, args.kill_after):
            print(line)
    for line in log_lines(servers):
        print(line)
    print(f"  server logs in {folder}")


if __name__ == "__main__":
    main()
