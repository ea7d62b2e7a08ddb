"""Many server processes, one site: table leases and Redis fan-out.

With ``--redis``, several ``carcassonne serve`` processes share one
PostgreSQL database (the record of truth) and one Redis server. Any process
accepts any client; each table waiting or being played is *owned* by one
process at a time, which alone changes it: it plays its moves, bots and
clocks.

Leases
    The owner holds a lease on each of its tables, written in the table's
    row (``owner``, ``lease_until``) and renewed every second for
    :data:`LEASE` seconds. A process that dies stops renewing; once its
    leases have run out, the first process to look (twice a second) takes
    the tables over: it reloads each from the database and lets its bots
    and clocks go on. Every write of an owner is fenced (``WHERE owner =
    me``), so a process that lost a table while it was stalled cannot
    write to it any more: no stored move is lost or written twice. A
    process stopped cleanly ends its leases first, so the others take over
    at once.

    A process killed outright is seen sooner than its leases run out: each
    process names its Redis connections after itself, and the system closes
    a killed process's connections at once, so a process missing from
    Redis's list of clients is dead and its tables are taken at the next
    look (:meth:`Cluster.alive`). That is safe because of the fence: the
    lease's time only says when others may take a table, and a process
    merely cut off from Redis that loses its tables this way can no longer
    write to them.

Fan-out
    The owner publishes each stored change of a table (its new row, and the
    move if there was one) on one Redis channel. Every other process keeps
    every table's row (the lobby lists them all) and, for tables it mirrors
    (someone connected to it watches), the game: the change's move is played
    on the mirror. Redis may drop a message: a change whose ``version`` is
    not the next one, or a mirror found behind the database by the check
    every few seconds, is reloaded from the database (mirrors.py). The
    hall applies what is heard (host.py, ``ClusterHost.hear``): the cluster
    never changes a table itself.

Routing
    A change asked of a process that does not own the table (a move from a
    client connected here, a join over HTTP) is sent to the owner's own
    channel and its answer (or refusal) awaited; a table whose lease ran
    out is taken first and changed here (routing.py).

Competitions
    One process at a time organizes the leagues and tournaments: the one
    holding the organizer's lease, a Redis key renewed every second. It
    alone advances them; the competition routes of every other process are
    sent to it (event_actions.py), and it hears of a competition table that
    ended at another process from that table's change.

The cluster asks the hall only what :class:`~carcassonne.server.host.ClusterHost`
names, and reads and writes leases in the store it is handed.
Without Redis a single process owns everything and none of this runs.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import secrets
import socket
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

import orjson

from carcassonne.server.errors import Refusal
from carcassonne.server.mirrors import Mirrors
from carcassonne.server.redis_pool import redis_client
from carcassonne.server.routing import LOCAL, LOOK_EVERY, Routing, inbox
from carcassonne.server.site_limits import SiteSockets
from carcassonne.server.stopping import cancel_and_wait

if TYPE_CHECKING:
    from redis.asyncio import Redis
    from redis.asyncio.client import PubSub

    from carcassonne.server.host import ClusterHost
    from carcassonne.server.store import Store

__all__ = ["CHANGES", "LOCAL", "Cluster", "client_name", "default_node", "inbox"]

log = logging.getLogger(__name__)

#: Seconds a lease lasts unless renewed.
LEASE = 3.0
#: Seconds between two renewals of a process's leases.
RENEW_EVERY = 1.0
#: (The take-over looks for tables whose lease ran out every LOOK_EVERY
#: seconds, routing.py's: a table whose owner died is taken at most this long
#: after its lease ran out.)
#: Seconds a table with no owner and no client here waits before this process
#: takes it (one that clients here watch is taken at once): see _take_over.
ORPHAN_GRACE = 1.0
#: A process stops acting on a table this long before its lease runs out
#: in the database, so a stalled process never acts on a table already taken.
MARGIN = 0.5
#: The Redis channel of every table's changes.
CHANGES = "carcassonne:changes"
#: The Redis key naming the process that organizes the competitions.
ORGANIZER = "carcassonne:organizer"


#: How this project's processes name their Redis connections: this, then
#: the process's node name in hexadecimal (a connection's name has no spaces).
CLIENT_PREFIX = "carcassonne-node-"


def client_name(node: str) -> str:
    """The name of ``node``'s Redis connections."""
    return CLIENT_PREFIX + node.encode().hex()


def default_node() -> str:
    """A name for this process: host, process id and a few random letters."""
    return f"{socket.gethostname()}-{os.getpid()}-{secrets.token_hex(2)}"


class Cluster(Routing, Mirrors):
    """This process's part in a site of many: its leases, its Redis link,
    the changes it carries to their owners (routing.py) and the changes of
    others it follows (mirrors.py).

    ``host`` is the hall, as far as the cluster may ask it; ``store`` and
    ``db`` (which runs a blocking storage call in a database thread) are
    the storage it reads and writes leases in."""

    def __init__(self, host: ClusterHost, store: Store, db: Callable[..., Awaitable[Any]],
                 url: str, node: str | None = None, lease: float = LEASE) -> None:
        self.host = host
        self.store = store
        self.db = db
        self.url = url
        self.node = node or default_node()
        self.lease = lease
        #: Table id -> the monotonic time until which this process acts on it.
        self.owned: dict[str, float] = {}
        #: Tables seen without an owner: when they were first seen so.
        self._orphaned: dict[str, float] = {}
        self._redis: Redis | None = None
        self._pubsub: PubSub | None = None
        self._out: asyncio.Queue[tuple[str, str]] = asyncio.Queue()
        self._calls: dict[str, asyncio.Future[dict[str, Any]]] = {}
        self._tasks: list[asyncio.Task[None]] = []
        self._busy: set[asyncio.Task[Any]] = set()
        #: Leases are renewed in a thread of their own, never queued behind
        #: other database calls.
        self._lease_thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="leases")
        #: Whether this process organizes the competitions now.
        self.organizing = False
        self._organizer_lock: Any = None
        #: Live connections per client address, counted for the whole site
        #: (made when Redis is reached, in :meth:`open`).
        self.sockets: SiteSockets
        #: Who hears the messages of a kind another process published with
        #: :meth:`publish` (``chat``: chat.py), by kind.
        self.hearers: dict[str, Callable[[dict[str, Any]], None]] = {}

    # -- start and stop -------------------------------------------------------------

    async def open(self) -> None:
        """Connect to Redis, listen, and start keeping leases and taking over."""
        # A bounded pool whose commands wait for a free connection: a burst
        # (clients reconnecting after a process died) loses nothing.
        self._redis = redis_client(self.url, client_name=client_name(self.node))
        await self._redis.ping()
        self.sockets = SiteSockets(self._redis, self.node, self.alive)
        await self.sockets.clear()  # what a process of this name counted before
        self._pubsub = self._redis.pubsub()
        await self._pubsub.subscribe(CHANGES, inbox(self.node))
        loop = asyncio.get_running_loop()
        for name, job in (("publish", self._publish), ("listen", self._listen),
                          ("leases", self._keep_leases), ("take over", self._take_over_always),
                          ("check", self._check)):
            self._tasks.append(loop.create_task(job(), name=f"cluster {name}"))

    async def close(self) -> None:
        """Stop, end this process's leases (others take its tables at once)."""
        await cancel_and_wait(self._tasks)
        try:
            await self.db(self.store.release, self.node)
        except Exception:
            log.exception("the leases of %s could not be ended; they run out", self.node)
        self._lease_thread.shutdown(wait=True)
        if self._redis is not None:
            with contextlib.suppress(Exception):
                await self.sockets.clear()
        if self._pubsub is not None:
            await self._pubsub.aclose()
        if self._redis is not None:
            await self._redis.aclose()

    # -- leases ---------------------------------------------------------------------------

    def owns(self, table_id: str) -> bool:
        """Whether this process owns the table now (its lease has not run out)."""
        until = self.owned.get(table_id)
        return until is not None and until > time.monotonic()

    def lease_end(self) -> datetime:
        """When a lease taken or renewed now runs out in the database."""
        return datetime.now(UTC) + timedelta(seconds=self.lease)

    def _held(self, asked: float) -> float:
        """Till when this process may act on a lease written since ``asked``."""
        return asked + self.lease - MARGIN

    def took(self, table_id: str, asked: float) -> None:
        """Note a lease of ``table_id`` written since the monotonic ``asked``."""
        self.owned[table_id] = self._held(asked)

    def lost(self, table_id: str) -> None:
        """A write of ``table_id`` was fenced off: another process owns it now."""
        self.owned.pop(table_id, None)

    def _watched(self, table_id: str) -> bool:
        """Whether clients here watch the table."""
        table = self.host.table(table_id)
        return table is not None and bool(table.connections)

    async def take(self, table_id: str) -> bool:
        """Lease the table if nobody else holds it, and bring it up to date
        from the database; whether this process owns it now."""
        asked = time.monotonic()
        claimed = await self.db(self.store.claim_table, table_id, self.node,
                                self.lease_end(), datetime.now(UTC))
        if not claimed:
            return False
        self.took(table_id, asked)
        await self.reload(table_id, owned=True)
        return True

    async def _keep_leases(self) -> None:
        """Renew every lease each second (and the organizer's, or take it)."""
        while True:
            try:
                asked = time.monotonic()
                kept = await asyncio.get_running_loop().run_in_executor(
                    self._lease_thread, self.store.renew, self.node, self.lease_end())
                for table_id in kept:
                    again = not self.owns(table_id)
                    self.owned[table_id] = self._held(asked)
                    if again:  # handed over (its answer lost), or renewed late: what
                        # this process knows of it may be behind, and its bots stopped
                        self._spawn(self.reload(table_id, owned=True))
                now = time.monotonic()
                for table_id in [t for t, until in self.owned.items() if until <= now]:
                    del self.owned[table_id]
                await self.sockets.refresh()
                await self._keep_organizing()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("keeping the leases of %s failed; trying again", self.node)
            await asyncio.sleep(RENEW_EVERY)

    async def _take_over_always(self) -> None:
        """Every second, take over the tables whose lease ran out (in a task
        of its own: taking many tables never delays renewing one's own)."""
        while True:
            try:
                await self._take_over()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("taking tables over failed; trying again")
            await asyncio.sleep(LOOK_EVERY)

    async def _keep_organizing(self) -> None:
        """Hold or take the organizer's lease; a process that takes it loads
        the competitions and catches up with what happened meanwhile."""
        from redis.exceptions import LockError

        assert self._redis is not None
        if self._organizer_lock is None:
            self._organizer_lock = self._redis.lock(ORGANIZER, timeout=self.lease,
                                                    blocking=False)
        lock = self._organizer_lock
        if self.organizing:
            try:
                await lock.reacquire()
                return
            except LockError:
                log.warning("%s lost the organizer's lease", self.node)
                self.organizing = False
        if await lock.acquire(blocking=False):
            await self._redis.set(f"{ORGANIZER}:node", self.node)
            self.organizing = True
            self._spawn(self.host.open_competitions())
            log.info("%s organizes the competitions", self.node)

    async def organize(self, action: str, args: list[Any]) -> Any:
        """The answer of the competition ``action`` (event_actions.ACTIONS),
        run by the organizing process."""
        for _ in range(4):
            if self.organizing:
                return await self.host.organize_here(action, args)
            assert self._redis is not None
            node = await self._redis.get(f"{ORGANIZER}:node")
            if node is None or not await self._redis.exists(ORGANIZER):
                await self._keep_organizing()
                continue
            answer = await self._ask(node.decode(), "", f"organize:{action}", args)
            if answer is None or answer.get("moved"):
                await asyncio.sleep(RENEW_EVERY)
                continue
            return await self._decode("", answer)
        raise Refusal(503, "the server that organizes competitions did not answer: "
                           "try again in a few seconds")

    async def _take_over(self) -> None:
        """Take the tables nobody holds (their owner died or stopped), all at
        once: one claim, one read of their rows and one of their moves.

        A table that clients here watch is taken at once; any other only once
        it has been seen without an owner for :data:`ORPHAN_GRACE` seconds.
        So when a process dies, its players' tables go to the processes they
        connect to again: each game is rebuilt once, where it is played,
        instead of in a process that would hand it over to them at once."""
        host = self.host
        alive = await self.alive()
        orphans = await self.db(self.store.orphans, datetime.now(UTC), alive)
        now = time.monotonic()
        seen = {table_id: self._orphaned.get(table_id, now) for table_id in orphans}
        self._orphaned = seen
        orphans = [table_id for table_id in orphans if now - seen[table_id] >= ORPHAN_GRACE
                   or self._watched(table_id)]
        if not orphans:
            return
        asked = time.monotonic()
        taken = await self.db(self.store.claim_tables, orphans, self.node, self.lease_end(),
                              datetime.now(UTC), alive)
        if not taken:
            return
        for table_id in taken:
            self.took(table_id, asked)
        rows = await self.db(self.store.rows, taken)
        playing = [row["id"] for row in rows if row["status"] != "waiting"]
        moves = await self.db(self.store.moves_of, playing)
        for row in rows:
            known = host.table(row["id"])
            if known is not None and known.lock.locked():  # a change is under way here
                self._spawn(self.reload(row["id"], owned=True))  # once it is done
                continue
            table = self._fresh(row)
            if table.status != "waiting" and table.game is None:
                try:
                    stored = moves.get(table.id)
                    if stored is not None and len(stored) == table.moves:
                        host.rebuild(table, stored)
                    else:  # it moved on since its moves were read
                        await host.game_of(table)
                except Refusal:
                    continue
            host.notify(table)
            await asyncio.sleep(0)  # other work goes on between tables
        log.info("%s took over %d tables", self.node, len(taken))

    async def alive(self) -> set[str] | None:
        """The processes connected to Redis now (by their Redis connections'
        names), this one included; None if Redis cannot say (the command
        refused, or this process not in the list): then only leases count."""
        assert self._redis is not None
        try:
            clients = await self._redis.client_list()
        except Exception:  # CLIENT LIST renamed or refused by this Redis
            return None
        nodes = set()
        for client in clients:
            name = client.get("name", "")
            if name.startswith(CLIENT_PREFIX):
                try:
                    nodes.add(bytes.fromhex(name[len(CLIENT_PREFIX):]).decode())
                except ValueError:
                    continue
        return nodes if self.node in nodes else None

    # -- fan-out ------------------------------------------------------------------------------

    def changed(self, row: dict[str, Any], move: dict[str, Any] | None = None) -> None:
        """Publish a change this process stored: the columns it wrote, with
        the table's id and version (``move``: ``{"number", "move"}`` when it
        was a move)."""
        message = {"kind": "change", "node": self.node, "row": {**row, "owner": self.node},
                   "move": move}
        self._out.put_nowait((CHANGES, json.dumps(message, default=str)))

    def publish(self, kind: str, message: dict[str, Any]) -> None:
        """Tell every other process ``message``, which is not a change of a
        table (a chat line): there, the hearer of ``kind`` gets it, in the
        order of this process's changes."""
        text = orjson.dumps({**message, "kind": kind, "node": self.node}).decode()
        self._out.put_nowait((CHANGES, text))

    async def _publish(self) -> None:
        """Send queued messages in order (a change before the answer it
        caused), every message waiting at once in one round trip."""
        assert self._redis is not None
        while True:
            batch = [await self._out.get()]
            while not self._out.empty() and len(batch) < 500:
                batch.append(self._out.get_nowait())
            try:
                async with self._redis.pipeline(transaction=False) as pipe:
                    for channel, data in batch:
                        pipe.publish(channel, data)
                    await pipe.execute()
            except asyncio.CancelledError:
                raise
            except Exception:  # others catch up from the database
                log.warning("%d messages were lost: Redis failed", len(batch), exc_info=True)

    async def _listen(self) -> None:
        """Read this process's channels; a lost Redis link is opened again and
        every table checked against the database."""
        assert self._pubsub is not None
        while True:
            try:
                message = await self._pubsub.get_message(ignore_subscribe_messages=True,
                                                         timeout=1.0)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.warning("the Redis link failed; connecting again", exc_info=True)
                await asyncio.sleep(0.5)
                continue
            if message is None:
                continue
            try:
                self._receive(orjson.loads(message["data"]))
            except Exception:
                log.exception("a cluster message could not be read")

    def _receive(self, message: dict[str, Any]) -> None:
        kind = message.get("kind")
        if kind == "change" and message.get("node") != self.node:
            self.absorb(message["row"], message.get("move"))
        elif kind == "call":
            self._spawn(self._answer(message))
        elif kind == "answer":
            future = self._calls.pop(message["id"], None)
            if future is not None and not future.done():
                future.set_result(message)
        elif kind in self.hearers and message.get("node") != self.node:
            self.hearers[kind](message)

    def _spawn(self, job: Awaitable[Any]) -> None:
        task = asyncio.ensure_future(job)
        self._busy.add(task)
        task.add_done_callback(self._busy.discard)
