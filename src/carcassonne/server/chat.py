"""A table's chat: who may write, what a line may hold, and who reads it.

A watcher of a table sends ``{"type": "chat", "text"}`` on its WebSocket
(live.py); :meth:`Chat.say` checks it, stores it (talk.py, one transaction)
and only then sends every watcher of the table ``{"type": "chat", "id",
"from", "text", "at"}``: the watchers here, and through Redis those of every
other process (``Cluster.publish``; each process hands the line to its own
watchers). A line is not a change of the table (nothing of the game, its
row or its version changes), so it does not go through ``Hall.order``, and
any process may store one, not only the table's owner.

Who writes:

- a seated player: a guest as their seat's name, a logged-in player as
  their account's (a player who left or resigned is still a player);
- a logged-in spectator, unless the table's chat is ``players`` (the
  default of rated tables and of competitions' tables): then spectators
  read only;
- never a visitor who is neither seated nor logged in, nor a suspended
  account.

A line is one line (no line break or control character, nor the marks
that turn text around), 1 to :data:`MAX_TEXT` characters once trimmed;
one writer (an account, or a guest's seat) sends at most
``Settings.chat_rate`` lines, counted for the whole site with Redis. A
refused line gets an ``error`` naming why, and nothing is stored.

A line from an account reaches no watcher whose account blocked it
(blocks.py), live or in the history a connecting client gets.
"""

from __future__ import annotations

import asyncio
import logging
import unicodedata
from collections.abc import Awaitable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

import orjson

from carcassonne.server import talk
from carcassonne.server.errors import Refusal
from carcassonne.server.limits import Windows
from carcassonne.server.messages import ChatHistory, ChatLine
from carcassonne.server.site_limits import SiteWindows

if TYPE_CHECKING:
    from carcassonne.server.hall import Hall
    from carcassonne.server.tables import Table

log = logging.getLogger(__name__)

#: The most characters a line holds, once trimmed.
MAX_TEXT = 300
#: Unicode categories a line may not hold: control characters, line and
#: paragraph separators, lone surrogates.
REFUSED_CATEGORIES = frozenset({"Cc", "Zl", "Zp", "Cs"})
#: The marks that embed, override or isolate a direction of writing: a line
#: holding them could show its text turned around (and spill onto the next).
DIRECTION_MARKS = frozenset(chr(code) for code in (*range(0x202A, 0x202F),
                                                   *range(0x2066, 0x206A)))


def clean_text(value: Any) -> str:
    """The text of a line, trimmed, or a refusal naming what is wrong.

        >>> clean_text("  good game  ")
        'good game'
        >>> clean_text("two\\nlines")
        Traceback (most recent call last):
        ...
        carcassonne.server.errors.Refusal: a chat message is one line: no line break or \
control character (it holds U+000A)
    """
    if not isinstance(value, str):
        raise Refusal(400, "a chat message needs its text, a string")
    text = value.strip()
    if not text:
        raise Refusal(400, "a chat message cannot be empty")
    if len(text) > MAX_TEXT:
        raise Refusal(400, f"a chat message holds at most {MAX_TEXT} characters, "
                           f"not {len(text)}")
    for char in text:
        if unicodedata.category(char) in REFUSED_CATEGORIES or char in DIRECTION_MARKS:
            raise Refusal(400, "a chat message is one line: no line break or control "
                               f"character (it holds U+{ord(char):04X})")
    return text


@dataclass(frozen=True, slots=True)
class Speaker:
    """Who sends a line, as their connection knows them: the seat it plays
    now (None: watching), the seat token it showed, and the logged-in
    account (its id and name), if any."""

    seat: int | None = None
    token: str | None = None
    account: str | None = None
    name: str | None = None


def author_of(table: Table, speaker: Speaker) -> tuple[str, str | None, str]:
    """Who ``speaker`` writes as at ``table``: the key their lines are
    counted by (their account, or a guest's seat), their account (None for
    a guest) and their name; or a refusal (403) saying why they may not."""
    seat = speaker.seat
    if seat is None:  # a player who left or resigned is still one of the players
        seat = table.resigned_by(speaker.token, speaker.account)
    if seat is None and speaker.account is not None:
        seat = next((i for i, s in enumerate(table.seats) if s.account == speaker.account),
                    None)
    if seat is not None:
        held = table.seats[seat]
        key = held.account or f"guest:{table.id}:{seat}"
        return key, held.account, held.name or f"Player {seat + 1}"
    if speaker.account is None or speaker.name is None:
        raise Refusal(403, "visitors read the chat: log in, or take a seat, to write")
    if table.chat == "players":
        raise Refusal(403, "only the players write in this table's chat: spectators read")
    return speaker.account, speaker.account, speaker.name


class Chat:
    """The chat of every table of one process (``app.state.chat``)."""

    def __init__(self, hall: Hall) -> None:
        self.hall = hall
        settings = hall.settings
        #: Lines per writer: for the whole site with Redis, else here.
        self.windows: Windows | SiteWindows = (
            SiteWindows(settings.redis_url, *settings.chat_rate, kind="chat")
            if settings.redis_url else Windows(*settings.chat_rate))
        self._tasks: set[asyncio.Future[Any]] = set()
        if hall.cluster is not None:
            hall.cluster.hearers["chat"] = self._heard

    async def say(self, table: Table, speaker: Speaker, value: Any) -> ChatLine:
        """Check, store and send a line ``speaker`` writes at ``table``; the
        line as sent, or a refusal (nothing stored)."""
        text = clean_text(value)
        writer, author_id, author = author_of(table, speaker)
        count, seconds = self.hall.settings.chat_rate
        if not await self.windows.allow(writer):
            raise Refusal(429, f"too many chat messages: at most {count} in {seconds:g} s, "
                               f"wait a moment")
        try:
            line = await self.hall.db(talk.write, self.hall.store.engine,
                                      talk.channel_of(table.id), author_id, author, text,
                                      self.hall.now())
        except talk.Suspended:
            raise Refusal(403, "your account is suspended: you cannot write") from None
        except Exception:
            log.exception("a chat message at table %s could not be stored", table.id)
            raise Refusal(500, "the server could not store this message; try again") from None
        chat_line = cast(ChatLine, line)
        if self.hall.cluster is not None:
            self.hall.cluster.publish("chat", {"table": table.id, "author_id": author_id,
                                               "line": chat_line})
        await self.deliver(table, chat_line, author_id)
        return chat_line

    async def history(self, table_id: str, reader: str | None) -> list[ChatLine]:
        """The lines of the table's chat, oldest first, as the logged-in
        ``reader`` (None: a visitor) may read them."""
        lines = await self.hall.db(talk.read, self.hall.store.engine,
                                   talk.channel_of(table_id), reader)
        return cast(list[ChatLine], lines)

    def history_message(self, lines: list[ChatLine]) -> ChatHistory:
        """The ``chat_history`` message of ``lines``."""
        return {"type": "chat_history", "messages": lines}

    async def deliver(self, table: Table, line: ChatLine, author_id: str | None) -> None:
        """Send ``line`` to every watcher of ``table`` here, but those whose
        account blocked its writer's."""
        listeners = list(table.connections)
        if not listeners:
            return
        readers = {listener.account for listener in listeners if listener.account is not None}
        blockers: set[str] = set()
        if author_id is not None and readers:
            blockers = await self.hall.db(talk.blockers, self.hall.store.engine, author_id,
                                          readers)
        text = orjson.dumps(line).decode()
        for listener in listeners:
            if listener.account is None or listener.account not in blockers:
                listener.send(text)

    def _heard(self, message: dict[str, Any]) -> None:
        """A line another process stored: its watchers of the table here get it."""
        table = self.hall.table(str(message.get("table")))
        if table is not None and table.connections:
            self._spawn(self.deliver(table, message["line"], message.get("author_id")))

    def _spawn(self, job: Awaitable[None]) -> None:
        task = asyncio.ensure_future(job)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        task.add_done_callback(_logged)


def _logged(task: asyncio.Future[Any]) -> None:
    """Log a delivery that failed (the database could not say who blocked whom)."""
    if not task.cancelled() and task.exception() is not None:
        log.error("a chat line could not be delivered", exc_info=task.exception())
