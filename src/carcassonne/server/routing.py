"""Routing: a change of a table is made by the process that owns it.

A change of one table (join, start, leave, a move, resign, rematch, a seat
claimed) is a function of the hall and the table's id, marked
:func:`routed`. Called anywhere, it is made by the table's owner: here, or
sent to the owner's own Redis channel and its answer (or refusal) awaited
(:meth:`Routing.route`); a table whose lease ran out is taken first and
changed here. With one process every change is made here at once.

:data:`ROUTES` names every such change, unrouted: the owner makes a change
sent to it by that name (:meth:`Routing._answer`). This is the cluster's
part that carries changes (:class:`~carcassonne.server.cluster.Cluster`
sets what :class:`Routing` declares).
"""

from __future__ import annotations

import asyncio
import functools
import inspect
import json
import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, Protocol, TypeVar

from carcassonne.engine.errors import shown
from carcassonne.server.errors import Moved, Refusal
from carcassonne.server.mirrors import wire_row
from carcassonne.server.tables import Table

if TYPE_CHECKING:
    from carcassonne.server.host import ClusterHost
    from carcassonne.server.store import Store

log = logging.getLogger(__name__)
T = TypeVar("T")
P = ParamSpec("P")

#: What a routed change answers when it is to run in this process.
LOCAL = object()
#: Seconds between two looks at the lease of a table whose owner has not
#: answered a change yet, and between two looks for tables to take (cluster.py).
LOOK_EVERY = 0.5
#: The most seconds to wait for a living owner's answer to a routed change.
CALL_TIMEOUT = 10.0
#: The most tries, and seconds in all, to carry a routed change to a table
#: that changes hands on the way (each try reads its lease again).
ROUTE_TRIES = 40
ROUTE_DEADLINE = 30.0

#: The changes of one table that the process owning it makes: name -> the
#: change itself, unrouted (its arguments: the hall, the table id, then the
#: change's own, JSON values all).
ROUTES: dict[str, Callable[..., Awaitable[Any]]] = {}


def inbox(node: str) -> str:
    """The Redis channel of the routed changes to process ``node`` and their answers."""
    return f"carcassonne:node:{node}"


class Router(Protocol):
    """Where a change is carried to its table's owner (the cluster)."""

    async def route(self, table_id: str, op: str, args: list[Any]) -> Any: ...


class Routed(Protocol):
    """A host whose changes may be routed: its router, None alone."""

    @property
    def cluster(self) -> Router | None: ...


H = TypeVar("H", bound=Routed)


def routed(change: Callable[Concatenate[H, str, P], Awaitable[T]], name: str | None = None,
           ) -> Callable[Concatenate[H, str, P], Awaitable[T]]:
    """A change of one table (the hall, then the table's id, its first
    arguments), made by the process that owns the table: here, or sent there
    and its answer awaited. ``name`` (else the function's) is the change's
    name in :data:`ROUTES`, where the change itself is kept unrouted."""
    name = name or change.__name__
    signature = inspect.signature(change)
    ROUTES[name] = change

    @functools.wraps(change)
    async def run(host: H, table_id: str, *args: P.args, **kwargs: P.kwargs) -> T:
        router = host.cluster
        if router is None:
            return await change(host, table_id, *args, **kwargs)
        bound = signature.bind(host, table_id, *args, **kwargs)
        bound.apply_defaults()
        for attempt in range(2):
            answer = await router.route(table_id, name, list(bound.args[2:]))
            if answer is not LOCAL:
                return answer  # type: ignore[no-any-return]
            try:
                return await change(host, table_id, *args, **kwargs)
            except Moved:  # taken by another process meanwhile: ask it
                if attempt:
                    raise
        raise AssertionError("unreachable")

    return run


def encode(value: Any) -> Any:
    """A routed change's answer as JSON: a table as its row, a tuple as a list."""
    if isinstance(value, Table):
        return {"table": wire_row(value), "version": value.version}
    if isinstance(value, tuple):
        return {"tuple": list(value)}
    return {"value": value}


class Routing:
    """The cluster's part that carries changes to their table's owner."""

    host: ClusterHost
    store: Store
    node: str
    organizing: bool
    owned: dict[str, float]
    db: Callable[..., Awaitable[Any]]
    owns: Callable[[str], bool]
    took: Callable[[str, float], None]
    take: Callable[[str], Awaitable[bool]]
    reload: Callable[..., Awaitable[Table | None]]
    absorb: Callable[[dict[str, Any], dict[str, Any] | None], None]
    lease_end: Callable[[], datetime]
    _out: asyncio.Queue[tuple[str, str]]
    _calls: dict[str, asyncio.Future[dict[str, Any]]]

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
            lease = await self.db(self.store.lease_of, table_id)
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
        known = self.host.table(table_id)
        watched = known is not None and bool(known.connections)
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
                lease = await self.db(self.store.lease_of, table_id)
                if lease is None or lease[0] != owner or self._dead(*lease):
                    return None  # taken by another, or its owner died
        finally:
            self._calls.pop(call, None)
            future.cancel()

    async def _hand_over(self, table_id: str, to: str) -> bool:
        """Pass the table to the process ``to``, whose clients watch it, if
        nobody watches it here: its changes are then made where its players
        are, without a trip to this process and back. Whether it was passed."""
        table = self.host.table(table_id)
        if table is None or table.connections or table.status not in ("waiting", "playing"):
            return False
        async with table.lock:
            if not self.owns(table_id) or table.connections:
                return False
            passed = await self.db(self.store.hand_over, table_id, self.node, to,
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
            table = self.host.table(table_id)
            if table is None:
                raise Refusal(404, f"there is no table {shown(table_id)}")
            if table.version < value["version"]:  # a change is still on its way
                await self.reload(table_id)
            return table
        if "tuple" in value:
            return tuple(value["tuple"])
        return value["value"]

    async def _answer(self, message: dict[str, Any]) -> None:
        """Make a change routed here and send back its answer."""
        answer: dict[str, Any] = {"kind": "answer", "id": message["id"]}
        table_id, op = message["table"], message["op"]
        action = op.removeprefix("organize:") if op.startswith("organize:") else None
        if not (self.organizing if action is not None else self.owns(table_id)):
            answer["moved"] = True
        else:
            try:
                if action is not None:
                    value = await self.host.organize_here(action, message["args"])
                else:
                    change = ROUTES.get(op)
                    if change is None:
                        raise Refusal(400, f"unknown change {op!r}")
                    value = await change(self.host, table_id, *message["args"])
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
