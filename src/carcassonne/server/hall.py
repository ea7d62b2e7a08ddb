"""The hall: every table of the server, and the order of each one's changes.

Every change of a table (opened, joined, started, left, a move, a
resignation, a rematch, a clock run out) goes through one method,
:meth:`Hall.order`: under the table's lock, the change checks what is asked,
then stores each step (:meth:`Hall.write`: the database first, then the
table in memory, then the other processes); when it ends, every connection
of the table is told its new state and the table's bots are woken
(:meth:`Hall.notify`), and a game that ended hands its result on. No
caller tells by itself, so none can forget to. Changes of one table happen
one at a time; the database is written in worker threads, moves in threads
of their own, grouped with other tables' moves (move_writes.py), so the
lobby never waits behind them. A move is checked by playing it on the
table's game, and taken back if it cannot be stored (moves.py, tables.py).

The changes live with their concern: seats.py (open, join, start, leave,
claim), moves.py, resign.py, rematch.py, deadlines.py; routing.py has each
made by the process that owns the table. The other parts ask the hall only
what host.py names (bots, cluster, changes: ``BotHost``, ``ClusterHost``,
``ChangeHost``).

On start the hall loads every table's row, which says all the lobby shows,
and serves at once; each game being played is then rebuilt in the
background by replaying its stored moves on the stored stack (a table
someone asks for first is rebuilt first). A game over leaves memory once
nobody watches it. A background task keeps time (:meth:`Hall.keep_time`).
"""

from __future__ import annotations

import asyncio
import functools
import logging
import time
from collections.abc import Awaitable, Callable, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from typing import Any, TypeVar

from sqlalchemy.exc import IntegrityError

from carcassonne.bots import Bot
from carcassonne.engine import Game, Move
from carcassonne.engine.errors import shown
from carcassonne.server import deadlines, moves, rematch, resign  # noqa: F401 (their routes)
from carcassonne.server.bots import BotPlayers
from carcassonne.server.cluster import Cluster
from carcassonne.server.config import Settings
from carcassonne.server.errors import Moved, Refusal
from carcassonne.server.event_actions import ACTIONS
from carcassonne.server.messages import StateMessage, state_message
from carcassonne.server.move_clocks import with_clocks
from carcassonne.server.notices import DeadlineWarnings, Mail
from carcassonne.server.organizer import Organizer, end_of
from carcassonne.server.ratings import RatedResult
from carcassonne.server.seats import open_table
from carcassonne.server.sockets import Sockets
from carcassonne.server.stopping import cancel_and_wait
from carcassonne.server.store import LeaseLost, Store
from carcassonne.server.tables import Seat, Table
from carcassonne.server.timing import Clock, Timing

log = logging.getLogger(__name__)
T = TypeVar("T")
#: The statuses of a table whose game is over.
ENDED = ("finished", "abandoned")


def replay(table: Table, moves: list[dict[str, Any]]) -> Game:
    """The game of ``table`` after its stored ``moves``."""
    game = table.new_game()
    for move in moves:
        game.play(Move.from_dict(move))
    return game


def _retrieve(task: asyncio.Future[Any]) -> None:
    """Read a finished task's error: the one who asked may be gone."""
    if not task.cancelled():
        task.exception()


class Hall:
    """Every table of one server, its storage and its bots."""

    def __init__(self, store: Store, settings: Settings) -> None:
        self.store = store
        self.settings = settings
        self.tables: dict[str, Table] = {}
        self.bots = BotPlayers(self, settings.bot_delay, settings.bot_pace)
        #: The leagues and tournaments, which play at this hall's tables.
        self.organizer = Organizer(self)
        #: Deadlines a few hours away, announced by mail (notices.py).
        self.warnings = DeadlineWarnings(store.engine)
        workers = 1 if store.url.startswith("sqlite") else 4
        self._db = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="database")
        #: Moves are written by threads of their own, so a queue of move
        #: writes never holds back the lobby (create, join, log in).
        #: (An in-memory SQLite database has one connection: one thread in all.)
        self._move_db = (self._db if store.url in ("sqlite://", "sqlite:///:memory:") else
                         ThreadPoolExecutor(max_workers=workers, thread_name_prefix="moves"))
        #: Moves that arrive together are written together (move_writes.py).
        store.group_moves(self._move_db)
        self._pending: set[asyncio.Future[Any]] = set()
        self._timekeeper: asyncio.Task[None] | None = None
        self._loader: asyncio.Task[None] | None = None
        #: The tables whose change is under way (:meth:`order`), and whether
        #: it stored anything yet.
        self._orders: dict[str, list[bool]] = {}
        #: With Redis, this process's part in a site of many.
        self.cluster = (Cluster(self, store, self.db, settings.redis_url, settings.node)
                        if settings.redis_url else None)
        #: Live connections per client address (live.py bounds them).
        self.sockets = Sockets(settings.ws_per_address,
                               lambda: None if self.cluster is None else self.cluster.sockets)

    def owns(self, table: Table) -> bool:
        """Whether this process makes the changes of ``table`` (always, alone)."""
        return self.cluster is None or self.cluster.owns(table.id)

    @property
    def organizes(self) -> bool:
        """Whether this process advances the competitions (always, alone)."""
        return self.cluster is None or self.cluster.organizing

    @property
    def node(self) -> str | None:
        """This process's name in a site of many, or None alone."""
        return None if self.cluster is None else self.cluster.node

    def now(self) -> datetime:
        """The time, from the settings' clock (tests move it by hand)."""
        return self.settings.now()

    async def db(self, call: Callable[..., T], *args: Any) -> T:
        """Run a blocking storage call in a database thread."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._db, functools.partial(call, *args))

    async def _db_move(self, call: Callable[..., T], *args: Any) -> T:
        """Run a move's storage call in a thread of the moves."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._move_db, functools.partial(call, *args))

    def _spawn(self, job: Awaitable[Any]) -> None:
        """Run ``job`` in a task of its own, let finish before the hall closes."""
        task = asyncio.ensure_future(job)
        self._pending.add(task)
        task.add_done_callback(self._pending.discard)
        task.add_done_callback(_retrieve)

    # -- start and stop --------------------------------------------------------

    async def open(self) -> None:
        """Migrate the database and load every table's row; the games being
        played are rebuilt afterwards, in the background (:meth:`_load_games`),
        so a restarted server serves at once."""
        await self.db(self.store.migrate)
        for row in await self.db(self.store.tables):
            table = Table.from_row(row)
            self.tables[table.id] = table
            if table.status == "playing" and table.clock is None and self.cluster is None:
                clock = Clock.started(table.timing, len(table.seats), self.now())
                await self.order(table, functools.partial(self.write, table, clock=clock))
        loop = asyncio.get_running_loop()
        if self.cluster is not None:  # tables and competitions go by the cluster's leases
            await self.cluster.open()
        else:
            await self.organizer.open()
            self._loader = loop.create_task(self._load_games(), name="game loader")
        if self.settings.time_check is not None:
            self._timekeeper = loop.create_task(
                self._keep_time_always(self.settings.time_check), name="timekeeper")

    async def _load_games(self) -> None:
        """Rebuild every game being played, one after the other, and let its
        bots move; a table someone asks for first is rebuilt at once."""
        for table in [t for t in self.tables.values() if t.status == "playing"]:
            try:
                await self.game_of(table)
            except Refusal:
                continue
            self.bots.wake(table)
            await asyncio.sleep(0)

    async def close(self) -> None:
        """Stop the bots, let changes under way finish, close the database."""
        await cancel_and_wait([task for task in (self._timekeeper, self._loader)
                               if task is not None])
        await self.bots.stop()
        await asyncio.gather(*self._pending, return_exceptions=True)
        if self.cluster is not None:
            await self.cluster.close()
        self._db.shutdown(wait=True)
        self._move_db.shutdown(wait=True)
        if self.store.async_moves is not None:
            await self.store.async_moves.close()
        self.store.close()

    # -- reading -----------------------------------------------------------------

    async def find(self, table_id: str) -> Table:
        """The table, read from the database if another process made it and
        its news has not come yet; 404 if there is none."""
        if table_id not in self.tables and self.cluster is not None:
            await self.cluster.reload(table_id)
        return self.get(table_id)

    def get(self, table_id: str) -> Table:
        """The table known here, or a 404 refusal."""
        table = self.tables.get(table_id)
        if table is None:
            raise Refusal(404, f"there is no table {shown(table_id)}")
        return table

    def table(self, table_id: str) -> Table | None:
        """The table known here, if any."""
        return self.tables.get(table_id)

    def known(self) -> Iterable[Table]:
        """Every table known here."""
        return self.tables.values()

    async def game_of(self, table: Table) -> Game | None:
        """The table's game, rebuilt from its stored moves when it is not in
        memory (not loaded yet, or over and let go); None before the start.
        A table whose stored game cannot be rebuilt is closed (404)."""
        if table.game is None and table.status != "waiting":
            moves = await self.db(self.store.moves, table.id)
            if table.game is None:
                self.rebuild(table, moves)
        return table.game

    def rebuild(self, table: Table, moves: list[dict[str, Any]]) -> None:
        """Give ``table`` its game after its stored ``moves``; a table whose
        stored game cannot be rebuilt is closed (404)."""
        try:
            table.game = replay(table, moves)
        except (ValueError, KeyError) as err:
            log.error("table %s cannot be rebuilt and is closed: %s", table.id, err)
            self.tables.pop(table.id, None)
            raise Refusal(404, f"there is no table {shown(table.id)}: its stored "
                               f"game cannot be rebuilt") from None

    async def record(self, table_id: str) -> dict[str, Any]:
        """The record of a finished game, each move with its ``clock``
        (move_clocks.py); it holds the stack, so never earlier."""
        table = self.get(table_id)
        if table.status != "finished":
            raise Refusal(409, "the record is given once the game is over")
        return with_clocks(await self.game_of(table), await self.db(self.store.moves, table.id))

    def seat_of(self, table: Table, token: str | None, account: str | None = None) -> int:
        """The seat ``token`` opens at ``table`` (or, without a token, the seat
        the logged-in ``account`` holds there), or a 403 refusal."""
        if not token:
            seat = table.seat_of_account(account)
            if seat is not None:
                return seat
            raise Refusal(403, "this needs your seat token (Authorization: Bearer TOKEN) "
                               "or a log-in that holds a seat here")
        seat = table.seat_of(token)
        if seat is None:
            raise Refusal(403, "this token opens no seat at this table")
        return seat

    # -- the order of a table's changes --------------------------------------------

    async def order(self, table: Table, change: Callable[[], Awaitable[T]]) -> T:
        """Make one change of ``table``: check, store, apply, tell.

        Under the table's lock, ``change`` checks what is asked (refusing
        with nothing changed) and stores each of its steps through
        :meth:`write`, which applies a step to the table once it is stored.
        When ``change`` ends, returning or refused after a step was stored
        (a move asked after its time ran out: the time's act is stored), the
        table's connections are told and its bots woken (:meth:`notify`),
        and a game that ended here hands its result on (:meth:`_ended`).

        The change runs to its end even if whoever asked goes away meanwhile
        (a closed socket, a cancelled bot): a move stored but not applied
        would leave the table behind its database."""
        task = asyncio.ensure_future(self._ordered(table, change))
        self._pending.add(task)
        task.add_done_callback(self._pending.discard)
        task.add_done_callback(_retrieve)
        return await asyncio.shield(task)

    async def _ordered(self, table: Table, change: Callable[[], Awaitable[T]]) -> T:
        async with table.lock:
            stored = self._orders[table.id] = []
            was = table.status
            try:
                return await change()
            finally:
                del self._orders[table.id]
                if stored:
                    self.notify(table)
                    if was != table.status and table.status in ENDED:
                        self._ended(table)

    async def write(self, table: Table, move: dict[str, Any] | None = None,
                    rating: RatedResult | None = None, game: Game | None = None,
                    mails: Sequence[Mail] = (), **changes: Any) -> None:
        """Store ``changes`` of ``table``'s columns (with ``move``, ``{"number",
        "seat", "move"}``, and the ratings it gives, if it is a move; with the
        ``mails`` the change queues, notices.py), then
        apply them (and ``game``, if given) and publish them to the other
        processes: the one way a stored table changes, inside :meth:`order`
        only (which tells). Only the changed columns (and the version) are
        written and published. A process that lost the table to another
        meanwhile changes nothing (503)."""
        stored = self._orders.get(table.id)
        if stored is None:
            raise RuntimeError(f"table {table.id} changed outside Hall.order")
        row = table.changed_row(**changes)
        figures = None
        try:
            if move is None:
                figures = await self.db(self.store.update_table, row, self.node, rating,
                                        self.now(), mails)
            elif rating is None and not mails and self.store.async_moves is not None:
                await self.store.add_move_async(row, move["number"], move["seat"],
                                                move["move"], self.now(), self.node)
            else:
                figures = await self._db_move(self.store.add_move, row, move["number"],
                                              move["seat"], move["move"], rating, self.now(),
                                              self.node, mails)
        except LeaseLost:
            if self.cluster is not None:
                self.cluster.lost(table.id)
            raise Moved() from None
        except IntegrityError:  # that move number is stored: this game was behind
            if self.cluster is None:
                raise
            await self.cluster.reload(table.id, owned=True, locked=True)
            raise Refusal(409, "the game moved on meanwhile") from None
        if figures is not None:  # the ratings a rated game gave, kept in its result
            changes["result"] = row["result"] = {**changes["result"], "ratings": figures}
        table.apply(**changes)
        if game is not None:
            table.game = game
        stored.append(True)
        if self.cluster is not None:
            self.cluster.changed(row, None if move is None else
                                 {"number": move["number"], "move": move["move"]})

    async def add(self, table: Table) -> None:
        """Store a new table, owned by this process, and know it from then
        on: the first step of the change that opens it (inside :meth:`order`)."""
        stored = self._orders.get(table.id)
        if stored is None:
            raise RuntimeError(f"table {table.id} opened outside Hall.order")
        if self.cluster is None:
            await self.db(self.store.add_table, table.row())
        else:
            asked = time.monotonic()
            await self.db(self.store.add_table, table.row(), self.node,
                          self.cluster.lease_end())
            self.cluster.took(table.id, asked)
        table.apply()
        self.tables[table.id] = table
        stored.append(True)
        if self.cluster is not None:
            self.cluster.changed(self.cluster.whole(table))

    def notify(self, table: Table) -> None:
        """Send every connection of ``table`` here its new state (one state
        made per seat, its text shared by the connections of that seat);
        wake its bots if this process owns the table."""
        states: dict[int | None, StateMessage] = {}
        made: dict[Any, Any] = {}  # the texts made, shared by the clients of a seat
        for listener in list(table.connections):
            seat = listener.seat_at(table)
            if seat not in states:
                states[seat] = state_message(table, seat, self.now())
            listener.send_state(states[seat], made)
        if self.owns(table):
            self.bots.wake(table)

    def let_go(self, table: Table) -> None:
        """A game over that nobody watches leaves memory; its moves stay in
        the database, and :meth:`game_of` rebuilds it when asked."""
        if table.status in ENDED and not table.connections:
            table.game = None

    def _ended(self, table: Table) -> None:
        """A table ended here: it leaves memory if nobody watches it, and its
        competition (if any) goes on, in its own task."""
        self.let_go(table)
        if self.organizes:
            self._tell_organizer(table)

    # -- changes heard from other processes (cluster.py) -----------------------------

    def know(self, fresh: Table) -> Table:
        """Know ``fresh`` (read from the database, or heard of whole) from now
        on: the table known here takes its row if ``fresh`` is newer (a row
        read before a change made or heard since never takes the table
        back); its game is kept if it is up to date."""
        table = self.tables.get(fresh.id)
        if table is None:
            self.tables[fresh.id] = fresh
            return fresh
        if fresh.version > table.version:
            was = table.status
            table.take(fresh)
            table.game = None
            self._ended_elsewhere(table, was)
        elif table.game is not None and len(table.game.moves) != table.moves:
            table.game = None
        return table

    def hear(self, table: Table, row: dict[str, Any], move: dict[str, Any] | None) -> None:
        """Apply a change another process stored, the next version of
        ``table``: its columns ``row`` and, if it was a move, ``move``
        (``{"number", "move"}``), played on a copy of the game (a game of
        another process is never played on in place: its state may be sent
        meanwhile). A game that does not follow is let go, to be rebuilt."""
        game, was = table.game, table.status
        table.take_stored(row)
        self._ended_elsewhere(table, was)
        if game is not None:
            if move is not None and move["number"] == len(game.moves):
                after = game.copy()
                after.play(Move.from_dict(move["move"]))
                table.game = after
            elif len(game.moves) != table.moves:
                table.game = None

    def _ended_elsewhere(self, table: Table, was: str) -> None:
        """A table another process played has ended: if it is a competition's
        and this process organizes, the competition goes on."""
        if (self.cluster is not None and self.cluster.organizing and was != table.status
                and table.status in ENDED):
            self._tell_organizer(table)

    def _tell_organizer(self, table: Table) -> None:
        """Tell the organizer how ``table`` ended, if it is a competition's
        game (in a task of its own: the competition goes on meanwhile)."""
        end = end_of(table)
        if end is not None and table.id in self.organizer.table_events:
            self._spawn(self.organizer.game_ended(table.id, end.scores))

    # -- what the other parts ask (host.py) ---------------------------------------------

    async def play_as(self, table_id: str, seat: int, data: Any, expect: int) -> None:
        """Play a bot's move as ``seat``, here (bots.py)."""
        await moves.play_here(self, table_id, seat, data, expect=expect)

    async def expire(self, table: Table) -> bool:
        """Act on ``table`` if its time is up (deadlines.py), inside :meth:`order`."""
        return await deadlines.expire(self, table)

    def stand_in_bot(self, table: Table, seat: int) -> Bot:
        """The stand-in that plays a missed move at ``seat`` (the seat stays
        its player's)."""
        return self.bots.stand_in_bot(table, seat)

    async def open_table(self, name: str, seats: list[Seat], sets: tuple[str, ...],
                         options: dict[str, Any], rated: bool, timing: Timing,
                         seed: int | None = None, hide_distribution: bool = False,
                         chat: str | None = None, aids: str = "on") -> Table:
        """Open and start a table whose every seat is taken (a competition's
        game, a rematch): :func:`seats.open_table <carcassonne.server.seats.open_table>`."""
        return await open_table(self, name, seats, sets, options, rated, timing,
                                seed, hide_distribution, chat, aids)

    async def keep_time(self) -> int:
        """Act on every table whose time is up (deadlines.py) and on the
        competitions' deadlines, and mail the deadlines near (notices.py);
        how many tables were changed."""
        changed = await deadlines.keep_time(self)
        if self.organizes:
            await self.organizer.keep_time()
        await self.warnings.sweep(self, self.organizer.events.values())
        return changed

    async def _keep_time_always(self, every: float) -> None:
        while True:
            await asyncio.sleep(every)
            try:
                await self.keep_time()
            except Exception:
                log.exception("keeping time failed; trying again")

    async def organize(self, action: str, args: list[Any]) -> Any:
        """Run a competition's ``action`` at the organizing process."""
        if self.cluster is not None:
            return await self.cluster.organize(action, args)
        return await self.organize_here(action, args)

    async def organize_here(self, action: str, args: list[Any]) -> Any:
        """Run a competition's ``action`` in this process (it organizes)."""
        return await ACTIONS[action](self.organizer, *args)

    async def open_competitions(self) -> None:
        """Load the competitions: this process organizes them from now on."""
        await self.organizer.open()
