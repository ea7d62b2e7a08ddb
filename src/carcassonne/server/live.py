"""The live WebSocket of a table: ``/ws/tables/{id}``.

Every client starts by watching, or by playing the seat its logged-in
account holds (the session cookie), unless the socket was opened by a page
of another site (its ``Origin``). To play a seat by its token, a client sends
it in a message, ``{"type": "seat", "token": TOKEN}``, never in the URL,
where proxies, logs and browser histories would keep it. A connection shows
a token once: the answer is the ``state`` of the seat it opens, or an error
and the client goes on watching; a second ``seat`` message is refused, so a
connection cannot try token after token. The old ``?token=TOKEN`` in the URL
is still read for programs written against it (deprecated); it counts as the
connection's one token.

A ``chat`` message is a line for the table's chat (chat.py): every
watcher gets it as ``{"type": "chat", ...}``; a connecting client gets the
lines so far (``chat_history``) right after its first ``state``.

On connecting, after every accepted move (and every seat change), and on
``sync`` a client gets its ``state`` (a client that opened the socket with
``?patches=1`` gets those after the first as ``patch`` messages, see
patches.py; the answers to ``seat`` and ``sync`` stay whole); a refused message gets an ``error``
sent to that client only (naming in ``answers`` the type of the message it
answers, when that type is known), and nothing changes. Every message, each
way, is a type of messages.py.

A move goes: this socket → :func:`handle` → ``moves.play`` (made by the
process that owns the table: routing.py) → the hall's one ordering method
(``Hall.order``: checked, stored, applied) → ``Hall.notify``, which calls
:meth:`Connection.send_state` of every connection of the table here, and,
through Redis, of every other process that has connections to it.

Bounds: one client address holds at most ``Settings.ws_per_address``
connections at once (beyond, the new one is closed with code 1008); a
message over 8 KiB is refused; beyond 20 messages in one second
each extra message is refused, and beyond 100 in ten seconds the connection
is closed with code 1008. Messages to a client go through its own queue,
written by one task, so they arrive in the order they were made.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from datetime import datetime
from typing import Any, cast

import orjson
from fastapi import APIRouter, WebSocket

from carcassonne import json_input
from carcassonne.engine.errors import shown
from carcassonne.server import patches
from carcassonne.server.account_store import AccountStore
from carcassonne.server.accounts import COOKIE
from carcassonne.server.chat import Chat, Speaker
from carcassonne.server.config import Settings
from carcassonne.server.errors import Refusal
from carcassonne.server.hall import Hall
from carcassonne.server.limits import Window
from carcassonne.server.messages import (
    CLIENT_KINDS,
    PONG,
    Message,
    StateMessage,
    error_message,
    patch_message,
    state_message,
)
from carcassonne.server.moves import play
from carcassonne.server.origin import foreign_origin
from carcassonne.server.presence import mark_seen, stale
from carcassonne.server.tables import Table

router = APIRouter()
log = logging.getLogger(__name__)

#: The largest message (bytes) a client may send.
MAX_MESSAGE = 8 * 1024
#: Close code of a client that floods (policy violation).
CLOSE_FLOOD = 1008
#: Close code when the table does not exist.
CLOSE_NO_TABLE = 4404
#: Messages waiting for a slow client before it is dropped.
BACKLOG = 256
#: The longest ``think`` a move message may report (milliseconds: a week).
MAX_THINK = 7 * 86400 * 1000
#: The types of message a client may send.
KINDS = CLIENT_KINDS


def to_text(message: Message) -> str:
    """A message as the JSON text a client is sent (orjson: a state is made
    into text about ten times faster than by the standard library)."""
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()


class Connection:
    """One client at one table: its token (if any) and its outgoing queue
    (a :class:`~carcassonne.server.tables.Listener` of the hall)."""

    def __init__(self, ws: WebSocket, settings: Settings,
                 account: str | None = None, patches: bool = False,
                 name: str | None = None) -> None:
        self.ws = ws
        #: Whether this client takes its states after the first as patches.
        self.patches = patches
        #: The last state this client was sent (whole or as a patch), and how
        #: many states and patches it was sent: a patch names that count as
        #: its ``base``, so that the client can check it holds that state.
        self.shown: StateMessage | None = None
        self.states = 0
        #: The seat token this client plays by, once one opened a seat.
        self.token: str | None = None
        #: Whether this client has shown a token, good or not: it may show one.
        self.token_shown = False
        #: The logged-in player's account (the session cookie), if any, and its name.
        self.account = account
        self.name = name
        #: When this connection last marked its account online (presence.py).
        self.seen: datetime | None = None
        self.queue: asyncio.Queue[Any] = asyncio.Queue()
        self.burst = Window(*settings.ws_burst)
        self.flood = Window(*settings.ws_flood)

    def seat_at(self, table: Table) -> int | None:
        """The seat this client plays now (None once its seat was left): the
        one its token opens, else the one its logged-in account holds."""
        if self.token is not None:
            return table.seat_of(self.token)
        return table.seat_of_account(self.account)

    def speaker(self, table: Table) -> Speaker:
        """Who this client is when it writes in the table's chat."""
        return Speaker(self.seat_at(table), self.token, self.account, self.name)

    def send(self, message: Message | str) -> None:
        """Queue ``message`` (or its JSON text, made once for every client
        of a seat); a client too slow to keep up is dropped."""
        if self.queue.qsize() >= BACKLOG:
            self.close(CLOSE_FLOOD)
            return
        self.queue.put_nowait(message if isinstance(message, str) else to_text(message))

    def send_state(self, state: StateMessage, made: dict[Any, Any] | None = None,
                   whole: bool = False) -> None:
        """Queue ``state``: whole, or (a client of patches that was sent a
        state before, unless ``whole``) as the patch from its last state.
        ``made`` keeps the texts made for other clients of the same states
        (``state`` and the last one are never changed once sent)."""
        base = None if whole or not self.patches else self.shown
        key = (id(base), id(state))
        made = {} if made is None else made
        if key in made:
            text = made[key][0]
        else:
            message: Message = state if base is None else patch_message(
                patches.diff(cast(dict[str, Any], base), cast(dict[str, Any], state)))
            text = to_text(message)
            made[key] = (text, base)  # holding base keeps its id from being reused
        if base is not None:  # the count differs from client to client
            text = f'{{"base": {self.states}, {text[1:]}'
        self.shown = state
        self.states += 1
        self.send(text)

    def close(self, code: int) -> None:
        """Close after the messages already queued."""
        self.queue.put_nowait(("close", code))

    async def pump(self) -> None:
        """Write queued messages until closed or the client is gone."""
        try:
            while True:
                item = await self.queue.get()
                if isinstance(item, tuple):
                    await self.ws.close(code=item[1])
                    return
                await self.ws.send_text(item)
        except Exception:  # the client went away
            return


async def send_whole(hall: Hall, table: Table, conn: Connection) -> None:
    """Send ``conn`` the whole state of ``table`` for its seat, once no
    change is under way: a move being stored is already on the table's
    game, and must not be shown before it is stored (tables.py)."""
    async with table.lock:
        conn.send_state(state_message(table, conn.seat_at(table), hall.now()), whole=True)


async def send_history(chat: Chat, table: Table, conn: Connection) -> None:
    """Send a client that just connected the table's chat so far, if any
    (after its first state; a line written meanwhile may come before it,
    the client orders lines by their ``id``)."""
    try:
        lines = await chat.history(table.id, conn.account)
    except Exception:  # the chat is not worth the game: it goes on without
        log.exception("the chat of table %s could not be read", table.id)
        return
    if lines:
        conn.send(chat.history_message(lines))


def parse(message: dict[str, Any]) -> dict[str, Any]:
    """The JSON object one received WebSocket ``message`` holds; :func:`handle`
    checks it is a :data:`~carcassonne.server.messages.ClientMessage`."""
    text = message.get("text")
    if text is None:
        raise Refusal(400, "send JSON text messages, not binary ones")
    # (surrogatepass: a lone surrogate is refused by json_input, with its words)
    if len(text) > MAX_MESSAGE or len(text.encode("utf-8", "surrogatepass")) > MAX_MESSAGE:
        raise Refusal(413, f"a message may hold at most {MAX_MESSAGE} bytes")
    try:
        data = json_input.loads(text)
    except json_input.JsonInputError as err:
        raise Refusal(400, f"a message must be JSON: {err}") from None
    if not isinstance(data, dict):
        raise Refusal(400, "a message must be a JSON object with a type")
    return data


def show_token(table: Table, conn: Connection, token: str) -> None:
    """Let ``conn`` play the seat ``token`` opens: its one token, good or not.

    A token that opens no seat is refused, and the client stays as it was
    (watching, or playing the seat its account holds)."""
    if conn.token_shown:
        raise Refusal(409, "this connection has already shown a seat token: "
                           "open a new connection to show another")
    conn.token_shown = True
    if table.seat_of(token) is None:
        held = conn.seat_at(table)
        after = ("you are watching" if held is None
                 else f"you play on with seat {held}, which your account holds")
        raise Refusal(403, f"this token opens no seat at this table: {after}")
    conn.token = token


async def keep_present(hall: Hall, conn: Connection) -> None:
    """A logged-in player with a table open is online: the page's pings
    mark its account seen, at most once a minute per connection (presence.py)."""
    now = hall.now()
    if conn.account is not None and stale(conn.seen, now):
        conn.seen = now
        await hall.db(mark_seen, hall.store.engine, conn.account, now)


async def handle(hall: Hall, table: Table, conn: Connection, data: dict[str, Any]) -> None:
    """Answer one message of ``conn``; any refusal goes to ``conn`` alone."""
    kind = data.get("type")
    if kind == "ping":
        await keep_present(hall, conn)
        conn.send(PONG)
    elif kind == "seat":
        token = data.get("token")
        if not isinstance(token, str) or not token:
            raise Refusal(400, "a seat message needs the seat's token, a string")
        show_token(table, conn, token)
        await send_whole(hall, table, conn)
    elif kind == "sync":
        await send_whole(hall, table, conn)
    elif kind == "move":
        if "move" not in data:
            raise Refusal(400, "a move message needs a move")
        think = data.get("think")
        if think is not None and (type(think) not in (int, float)
                                  or not 0 <= think <= MAX_THINK):
            raise Refusal(400, f"think must be the milliseconds thought, 0 to {MAX_THINK}, "
                               f"not {shown(think)}")
        try:
            await play(hall, table.id, conn.seat_at(table), data["move"],
                            think=None if think is None else think / 1000,
                            seen=None if conn.shown is None else conn.shown["last"])
        except Refusal:
            raise
        except Exception:  # the database failed: nothing was applied
            log.exception("a move at table %s could not be stored", table.id)
            raise Refusal(500, "the server could not store this move; nothing changed, "
                               "try again") from None
    elif kind == "chat":
        chat: Chat = conn.ws.app.state.chat
        await chat.say(table, conn.speaker(table), data.get("text"))
    else:
        raise Refusal(400, f"unknown message type {shown(kind)} "
                           f"({', '.join(KINDS[:-1])} or {KINDS[-1]})")


async def listen(hall: Hall, table: Table, conn: Connection) -> bool:
    """Read and answer ``conn``'s messages until it leaves (False) or floods
    and is being closed (True)."""
    while True:
        message = await conn.ws.receive()
        if message["type"] == "websocket.disconnect":
            return False
        now = time.monotonic()
        if not conn.flood.hit(now):
            conn.send(error_message("too many messages: closing the connection"))
            conn.close(CLOSE_FLOOD)
            return True
        if not conn.burst.hit(now):
            burst = conn.burst
            conn.send(error_message(f"too many messages: at most {burst.count} in "
                                    f"{burst.seconds:g} s"))
            continue
        kind = None
        try:
            data = parse(message)
            kind = data.get("type")
            await handle(hall, table, conn, data)
        except Refusal as refusal:
            conn.send(error_message(refusal.message, refusal.rule,
                                    kind if kind in KINDS else None))


@router.websocket("/ws/tables/{table_id}")
async def table_socket(ws: WebSocket, table_id: str) -> None:
    """The live connection of one client to one table."""
    hall: Hall = ws.app.state.hall
    token = ws.query_params.get("token") or None  # deprecated: send a seat message
    await ws.accept()
    address = ws.client.host if ws.client else "unknown"
    if not await hall.sockets.open(address):
        await ws.send_text(json.dumps(error_message(
            f"too many connections from your address (at most "
            f"{hall.settings.ws_per_address})")))
        await ws.close(code=CLOSE_FLOOD)
        return
    try:
        await _serve(hall, ws, table_id, token)
    finally:
        await hall.sockets.close(address)


async def _serve(hall: Hall, ws: WebSocket, table_id: str, token: str | None) -> None:
    """The connection of ``table_socket``, once accepted and counted."""
    try:
        table = await hall.find(table_id)  # another process may have just made it
        await hall.game_of(table)
    except Refusal as refusal:  # no such table, or its stored game cannot be rebuilt
        await ws.send_text(json.dumps(error_message(refusal.message)))
        await ws.close(code=CLOSE_NO_TABLE)
        return
    # A page of another site may open a socket here, and a browser might send
    # the session cookie with it: such a socket watches, unless it shows a token.
    foreign = foreign_origin(ws.headers)
    accounts: AccountStore = ws.app.state.accounts
    found = None if foreign else await accounts.session_account(ws.cookies.get(COOKIE))
    conn = Connection(ws, hall.settings, found["id"] if found else None,
                      ws.query_params.get("patches") in ("1", "true"),
                      found["name"] if found else None)
    if token is not None:
        try:
            show_token(table, conn, token)
        except Refusal as refusal:
            conn.send(error_message(refusal.message))
    await send_whole(hall, table, conn)
    table.connections.add(conn)
    pump = asyncio.create_task(conn.pump())
    closing = False
    try:
        await send_history(ws.app.state.chat, table, conn)
        closing = await listen(hall, table, conn)
    except Exception:  # the client went away mid-message
        log.debug("connection to table %s ended", table.id, exc_info=True)
    finally:
        table.connections.discard(conn)
        hall.let_go(table)
        if closing:  # let the last error and the close frame go out
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(asyncio.shield(pump), timeout=2.0)
        pump.cancel()
