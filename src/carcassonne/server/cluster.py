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
    every :data:`CHECK_EVERY` seconds, is reloaded from the database.

Routing
    A change asked of a process that does not own the table (a move from a
    client connected here, a join over HTTP) is sent to the owner's own
    channel and its answer (or refusal) awaited; a table whose lease ran
    out is taken first and changed here.

Competitions
    One process at a time organizes the leagues and tournaments: the one
    holding the organizer's lease, a Redis key renewed every second. It
    alone advances them; the competition routes of every other process are
    sent to it (event_api.py), and it hears of a competition table that
    ended at another process from that table's change.

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

from carcassonne.engine import Move
from carcassonne.server.errors import Moved, Refusal
from carcassonne.server.redis_pool import redis_client
from carcassonne.server.site_limits import SiteSockets
from carcassonne.server.tables import Table

if TYPE_CHECKING:
    from redis.asyncio import Redis
    from redis.asyncio.client import PubSub

    from carcassonne.server.hall import Hall

log = logging.getLogger(__name__)

#: Seconds a lease lasts unless renewed.
LEASE = 3.0
#: Seconds between two renewals of a process's leases.
RENEW_EVERY = 1.0
#: Seconds between two looks for tables whose lease ran out, and between two
#: looks at the lease of a table whose owner has not answered a change yet:
#: a table whose owner died is taken at most this long after its lease ran out.
LOOK_EVERY = 0.5
#: Seconds a table with no owner and no client here waits before this process
#: takes it (one that clients here watch is taken at once): see _take_over.
ORPHAN_GRACE = 1.0
#: A process stops acting on a table this long before its lease runs out
#: in the database, so a stalled process never acts on a table already taken.
MARGIN = 0.5
#: Seconds between two checks of the mirrored tables against the database.
CHECK_EVERY = 2.0
#: The most seconds to wait for a living owner's answer to a routed change.
CALL_TIMEOUT = 10.0
#: The most tries, and seconds in all, to carry a routed change to a table
#: that changes hands on the way (each try reads its lease again).
ROUTE_TRIES = 40
ROUTE_DEADLINE = 30.0
#: The Redis channel of every table's changes.
CHANGES = "carcassonne:changes"
#: What a routed change answers when it is to run in this process.
LOCAL = object()
#: The Redis key naming the process that organizes the competitions.
ORGANIZER = "carcassonne:organizer"


def inbox(node: str) -> str:
    """The Redis channel of the routed changes to process ``node`` and their answers."""
    return f"carcassonne:node:{node}"


#: How this project's processes name their Redis connections: this, then
#: the process's node name in hexadecimal (a connection's name has no spaces).
CLIENT_PREFIX = "carcassonne-node-"


def client_name(node: str) -> str:
    """The name of ``node``'s Redis connections."""
    return CLIENT_PREFIX + node.encode().hex()


def default_node() -> str:
    """A name for this process: host, process id and a few random letters."""
    return f"{socket.gethostname()}-{os.getpid()}-{secrets.token_hex(2)}"


def _wire_row(table: Table) -> dict[str, Any]:
    """A table's whole stored row as JSON can carry it, and the address of
    the client that made it (never stored: the other processes count it in
    their bounds on tables per address, so that the bounds hold for the
    whole site)."""
    row = table.row(version=table.version)
    row["created"] = table.created.isoformat()
    row["creator"] = table.creator
    return row


def _read_row(row: dict[str, Any]) -> Table:
    created = row["created"]
    if isinstance(created, str):
        row = {**row, "created": datetime.fromisoformat(created)}
    table = Table.from_row(row)
    table.creator = row.get("creator")
    return table


def encode(value: Any) -> Any:
    """A routed change's answer as JSON: a table as its row, a tuple as a list."""
    if isinstance(value, Table):
        return {"table": _wire_row(value), "version": value.version}
    if isinstance(value, tuple):
        return {"tuple": list(value)}
    return {"value": value}


class Cluster:
    """This process's part in a site of many: its leases, its Redis link."""

    def __init__(self, hall: Hall, url: str, node: str | None = None,
                 lease: float = LEASE) -> None:
        self.hall = hall
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
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        try:
            await self.hall.db(self.hall.store.release, self.node)
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

    async def take(self, table_id: str) -> bool:
        """Lease the table if nobody else holds it, and bring it up to date
        from the database; whether this process owns it now."""
        asked = time.monotonic()
        claimed = await self.hall.db(self.hall.store.claim_table, table_id, self.node,
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
                    self._lease_thread, self.hall.store.renew, self.node, self.lease_end())
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
            self._spawn(self.hall.organizer.open())
            log.info("%s organizes the competitions", self.node)

    async def organize(self, action: str, args: list[Any]) -> Any:
        """The answer of the competition ``action`` (event_api.ACTIONS), run
        by the organizing process."""
        from carcassonne.server.event_api import ACTIONS

        for _ in range(4):
            if self.organizing:
                return await ACTIONS[action](self.hall.organizer, *args)
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
        hall = self.hall
        alive = await self.alive()
        orphans = await hall.db(hall.store.orphans, datetime.now(UTC), alive)
        now = time.monotonic()
        seen = {table_id: self._orphaned.get(table_id, now) for table_id in orphans}
        self._orphaned = seen
        orphans = [table_id for table_id in orphans if now - seen[table_id] >= ORPHAN_GRACE
                   or (table_id in hall.tables and hall.tables[table_id].connections)]
        if not orphans:
            return
        asked = time.monotonic()
        taken = await hall.db(hall.store.claim_tables, orphans, self.node, self.lease_end(),
                              datetime.now(UTC), alive)
        if not taken:
            return
        for table_id in taken:
            self.took(table_id, asked)
        rows = await hall.db(hall.store.rows, taken)
        playing = [row["id"] for row in rows if row["status"] != "waiting"]
        moves = await hall.db(hall.store.moves_of, playing)
        for row in rows:
            known = hall.tables.get(row["id"])
            if known is not None and known.lock.locked():  # a change is under way here
                self._spawn(self.reload(row["id"], owned=True))  # once it is done
                continue
            table = self._fresh(row)
            if table.status != "waiting" and table.game is None:
                try:
                    stored = moves.get(table.id)
                    if stored is not None and len(stored) == table.moves:
                        hall.rebuild(table, stored)
                    else:  # it moved on since its moves were read
                        await hall.game_of(table)
                except Refusal:
                    continue
            hall.notify(table)
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

    def _fresh(self, row: dict[str, Any]) -> Table:
        """The table of a row read from the database, known here from now on
        with that row if it is newer than what is known (a row read before a
        change made or heard since never takes the table back); its game is
        kept if it is up to date."""
        fresh = Table.from_row(row)
        table = self.hall.tables.get(fresh.id)
        if table is None:
            self.hall.tables[fresh.id] = fresh
            return fresh
        if fresh.version > table.version:
            was = table.status
            table.take(fresh)
            table.game = None
            self._ended_elsewhere(table, was)
        elif table.game is not None and len(table.game.moves) != table.moves:
            table.game = None
        return table

    # -- mirrors ----------------------------------------------------------------------------

    async def reload(self, table_id: str, owned: bool = False,
                     locked: bool = False) -> Table | None:
        """Bring the table up to date from the database (its row, and its game
        if it is in memory or this process owns it); the table, or None if
        there is no such table.

        A change of the table under way here is let finish first (its lock):
        its move is on the table's game while it is stored (tables.py), and
        a row read meanwhile would take that game for one that is ahead of
        the database and have it rebuilt without the move. ``locked``: the
        caller is that change."""
        table = self.hall.tables.get(table_id)
        if table is None or locked:
            return await self._reload(table_id, owned)
        async with table.lock:
            return await self._reload(table_id, owned)

    async def _reload(self, table_id: str, owned: bool) -> Table | None:
        hall = self.hall
        row = await hall.db(hall.store.table, table_id)
        if row is None:
            return None
        table = self._fresh(row)
        if table.status != "waiting" and (owned or table.connections):
            await hall.game_of(table)
        hall.notify(table)
        return table

    def whole(self, table: Table) -> dict[str, Any]:
        """A new table's whole row, to publish."""
        return _wire_row(table)

    def absorb(self, row: dict[str, Any], move: dict[str, Any] | None) -> None:
        """Apply a change another process published: the columns it wrote
        (with the table's id and new version; a new table's whole row) and,
        when the change was a move, that move (``{"number", "move"}``). A
        change out of sequence has the table reloaded from the database."""
        table = self.hall.tables.get(row["id"])
        if table is None:
            if "created" in row:  # a new table, whole
                self.hall.tables[row["id"]] = _read_row(row)
            else:
                self._spawn(self.reload(row["id"]))
            return
        version = row.get("version") or 0
        if version <= table.version or self.owns(table.id):
            return  # already known (or this process is the owner now)
        if version != table.version + 1:  # a change was missed
            self._spawn(self.reload(table.id))
            return
        game, was = table.game, table.status
        table.take_stored(row)
        self._ended_elsewhere(table, was)
        if game is not None:
            if move is not None and move["number"] == len(game.moves):
                after = game.copy()
                after.play(Move.from_dict(move["move"]))
                table.game = after
            elif len(game.moves) != table.moves:
                table.game = None  # rebuilt from the database below
        if table.game is None and table.connections and table.status != "waiting":
            self._spawn(self.reload(table.id))
        else:
            self.hall.notify(table)

    def _ended_elsewhere(self, table: Table, was: str) -> None:
        """A table another process played has ended: if it is a competition's
        and this process organizes, the competition goes on."""
        if (self.organizing and was != table.status
                and table.status in ("finished", "abandoned")
                and table.id in self.hall.organizer.table_events):
            self._spawn(self.hall.organizer.table_over(table.id))

    async def _check(self) -> None:
        """Every few seconds, compare the tables known here with the database:
        a change whose message was dropped is reloaded."""
        while True:
            await asyncio.sleep(CHECK_EVERY)
            try:
                stored = await self.hall.db(self.hall.store.versions)
                behind = [t for t, v in stored.items()
                          if t not in self.hall.tables or self.hall.tables[t].version < v]
                behind += [t.id for t in list(self.hall.tables.values())
                           if t.status in ("waiting", "playing") and t.id not in stored]
                for table_id in behind:
                    if not self.owns(table_id):
                        await self.reload(table_id)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("checking the tables against the database failed")

    # -- fan-out ------------------------------------------------------------------------------

    def changed(self, row: dict[str, Any], move: dict[str, Any] | None = None) -> None:
        """Publish a change this process stored: the columns it wrote, with
        the table's id and version (``move``: ``{"number", "move"}`` when it
        was a move)."""
        message = {"kind": "change", "node": self.node, "row": {**row, "owner": self.node},
                   "move": move}
        self._out.put_nowait((CHANGES, json.dumps(message, default=str)))

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

    def _spawn(self, job: Awaitable[Any]) -> None:
        task = asyncio.ensure_future(job)
        self._busy.add(task)
        task.add_done_callback(self._busy.discard)

    # -- routing ------------------------------------------------------------------------------

    async def route(self, table_id: str, op: str, args: list[Any]) -> Any:
        """:data:`LOCAL` if this process is to make the change ``op`` of the
        table (it owns it, or just took it), else the owner's answer.

        The change is sent once to the owner, and its answer awaited as
        long as the owner keeps its lease (at most :data:`CALL_TIMEOUT`
        seconds): a busy owner is not asked twice. An owner whose lease runs
        out meanwhile is taken for dead, and so is one gone from Redis (the
        take-over then takes the table here at its next look): the change is
        made here, so a change asked while its owner dies waits a second or
        two instead of failing. An owner that lost the table before it could
        make the change answers that it moved, having changed nothing: the
        lease is read again and the change carried to the new owner (an
        owner that the lease still names is asked again after a pause, while
        its lease changes hands), up to :data:`ROUTE_TRIES` times and
        :data:`ROUTE_DEADLINE` seconds."""
        if self.owns(table_id):
            return LOCAL
        deadline, asked = time.monotonic() + ROUTE_DEADLINE, None
        for _ in range(ROUTE_TRIES):
            if time.monotonic() > deadline:
                break
            if self.owns(table_id):
                # Taken here meanwhile: its owner died (the take-over), or it
                # was handed over and seen at a renewal before the owner's
                # answer came. Up to date first (one row read; the game is
                # rebuilt only if behind): the owner may have stored a change
                # it never published, or this very one.
                await self.reload(table_id, owned=True)
                return LOCAL
            lease = await self.hall.db(self.hall.store.lease_of, table_id)
            if lease is None:
                return LOCAL  # no such table: refused here
            owner, until = lease
            if self._dead(owner, until):
                if await self.take(table_id):
                    return LOCAL
                continue
            assert owner is not None
            if owner == asked:  # it said the table moved: look again in a while
                asked = None
                await asyncio.sleep(LOOK_EVERY)
                continue
            answer = await self._ask(owner, table_id, op, args)
            if answer is None or answer.get("moved"):
                asked = owner
                continue
            return await self._decode(table_id, answer)
        raise Refusal(503, "the server that plays this table did not answer: try again "
                           "in a few seconds")

    def _dead(self, owner: str | None, until: datetime | None) -> bool:
        """Whether a table with this lease may be taken: nobody's, or run out."""
        return (owner is None or owner == self.node or until is None
                or until <= datetime.now(UTC))

    async def _ask(self, owner: str, table_id: str, op: str,
                   args: list[Any]) -> dict[str, Any] | None:
        """Send the change to ``owner``; its answer, or None once its lease of
        the table ran out (or :data:`CALL_TIMEOUT` passed) without one. An
        action of competitions (no ``table_id``) waits the whole time."""
        call = secrets.token_hex(8)
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._calls[call] = future
        watched = table_id in self.hall.tables and bool(self.hall.tables[table_id].connections)
        message = {"kind": "call", "id": call, "reply": self.node, "table": table_id,
                   "op": op, "args": args, "watched": watched}
        self._out.put_nowait((inbox(owner), json.dumps(message, default=str)))
        started = time.monotonic()
        try:
            while True:
                try:
                    answer = await asyncio.wait_for(asyncio.shield(future), LOOK_EVERY)
                    return {**answer, "sent": started}
                except TimeoutError:
                    pass
                if time.monotonic() - started > CALL_TIMEOUT:
                    return None
                if not table_id:
                    continue
                if self.owns(table_id):
                    return None  # taken here meanwhile (its owner died, or it was handed over)
                lease = await self.hall.db(self.hall.store.lease_of, table_id)
                if lease is None or lease[0] != owner or self._dead(*lease):
                    return None  # taken by another, or its owner died
        finally:
            self._calls.pop(call, None)
            future.cancel()

    async def _hand_over(self, table_id: str, to: str) -> bool:
        """Pass the table to the process ``to``, whose clients watch it, if
        nobody watches it here: its changes are then made where its players
        are, without a trip to this process and back. Whether it was passed."""
        table = self.hall.tables.get(table_id)
        if table is None or table.connections or table.status not in ("waiting", "playing"):
            return False
        async with table.lock:
            if not self.owns(table_id) or table.connections:
                return False
            passed = await self.hall.db(self.hall.store.hand_over, table_id, self.node, to,
                                        self.lease_end())
            if passed:
                self.owned.pop(table_id, None)
        return passed

    async def _decode(self, table_id: str, answer: dict[str, Any]) -> Any:
        if "refusal" in answer:
            refusal = answer["refusal"]
            raise Refusal(refusal["status"], refusal["message"], refusal.get("rule"))
        if answer.get("handed"):  # the table is this process's now
            self.took(table_id, answer["sent"])
            table = await self.reload(table_id, owned=True)
            log.debug("%s was handed table %s", self.node, table_id)
        value = answer["value"]
        if "table" in value:
            self.absorb(value["table"], None)
            table = self.hall.get(table_id)
            if table.version < value["version"]:  # a change is still on its way
                await self.reload(table_id)
            return table
        if "tuple" in value:
            return tuple(value["tuple"])
        return value["value"]

    async def _answer(self, message: dict[str, Any]) -> None:
        """Make a change routed here and send back its answer."""
        from carcassonne.server.event_api import ACTIONS

        answer: dict[str, Any] = {"kind": "answer", "id": message["id"]}
        table_id, op = message["table"], message["op"]
        action = op.removeprefix("organize:") if op.startswith("organize:") else None
        if not (self.organizing if action is not None else self.owns(table_id)):
            answer["moved"] = True
        else:
            try:
                if action is not None:
                    value = await ACTIONS[action](self.hall.organizer, *message["args"])
                else:
                    change: Callable[..., Awaitable[Any]] | None = self.hall.routes.get(op)
                    if change is None:
                        raise Refusal(400, f"unknown change {op!r}")
                    value = await change(self.hall, table_id, *message["args"])
                    if message.get("watched"):
                        answer["handed"] = await self._hand_over(table_id, message["reply"])
                answer["value"] = encode(value)
            except Moved:  # lost the table before the change was made: the
                answer["moved"] = True  # asking process carries it to the new owner
            except Refusal as refusal:
                answer["refusal"] = {"status": refusal.status, "message": refusal.message,
                                     "rule": refusal.rule}
            except Exception:
                log.exception("a change routed to %s failed", self.node)
                answer["refusal"] = {"status": 500, "message": "the server failed; "
                                     "nothing changed", "rule": None}
        self._out.put_nowait((inbox(message["reply"]), json.dumps(answer, default=str)))
