"""The hall: every table of the server, and everything that may happen to one.

Each change (create, join, start, leave, a move) follows the same order:
check, store, then change the table in memory and tell its connections (a
move is checked by playing it on the table's game, and taken back if it
cannot be stored: tables.py). Changes of one table take its lock, so they
happen one at a time; the database is written in worker threads, and
moves apart from them, grouped with the moves of other tables that arrive
meanwhile (move_writes.py), so the lobby never waits behind them; other
tables go on meanwhile.

On start the hall loads every table's row, which says all the lobby
shows (scores and the seat to move included), and serves at once; each
game being played is then rebuilt in the background by replaying its
stored moves on the stored stack, so it comes back exactly as it was (a
table someone asks for first is rebuilt first). A game over leaves memory
once nobody watches it.

Time (timing.py) is kept by :meth:`Hall.keep_time`: a clock run out, a
turn-based deadline missed, an untimed casual game left for 7 days. A
background task calls it a few times a second; tests call it themselves
after moving the hall's injected clock (``Settings.now``) forward.
"""

from __future__ import annotations

import asyncio
import functools
import inspect
import logging
import secrets
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any, Concatenate, ParamSpec, Protocol, TypeVar

from sqlalchemy.exc import IntegrityError

from carcassonne.engine import Game, IllegalMove, Move, NotationError
from carcassonne.engine.errors import shown
from carcassonne.server.accounts import LoginGuard
from carcassonne.server.bodies import Setup
from carcassonne.server.bots import BotPlayers, choose, stand_in
from carcassonne.server.cluster import LOCAL, Cluster
from carcassonne.server.config import Settings
from carcassonne.server.errors import Moved, Refusal, rule_of
from carcassonne.server.organizer import Organizer
from carcassonne.server.ratings import family
from carcassonne.server.site_limits import SiteLoginGuard
from carcassonne.server.store import LeaseLost, RatedResult, Store
from carcassonne.server.tables import STATUSES, Seat, Table, name_bots
from carcassonne.server.timing import ABANDON_AFTER, MISSES_ALLOWED, Clock, Timing
from carcassonne.server.tokens import new_token, token_hash
from carcassonne.server.views import state_message

log = logging.getLogger(__name__)
T = TypeVar("T")
P = ParamSpec("P")
#: The most tables a listing returns (newest first).
LISTING = 200


class Listener(Protocol):
    """A live connection to a table, as the hall sees it."""

    def seat_at(self, table: Table) -> int | None: ...

    def send(self, message: dict[str, Any] | str) -> None:
        """Queue a message for the client: a dict, or its JSON text."""


def replay(table: Table, moves: list[dict[str, Any]]) -> Game:
    """The game of ``table`` after its stored ``moves``."""
    game = table.new_game()
    for move in moves:
        game.play(Move.from_dict(move))
    return game


def guarded(change: Callable[Concatenate[Hall, P], Awaitable[T]],
            ) -> Callable[Concatenate[Hall, P], Awaitable[T]]:
    """Run a change to its end even if whoever asked goes away meanwhile (a
    closed socket, a cancelled bot): a move stored but not applied would
    leave the table behind its database."""

    @functools.wraps(change)
    async def run(hall: Hall, *args: P.args, **kwargs: P.kwargs) -> T:
        task = asyncio.ensure_future(change(hall, *args, **kwargs))
        hall._pending.add(task)
        task.add_done_callback(hall._pending.discard)
        task.add_done_callback(_retrieve)
        return await asyncio.shield(task)

    return run


#: The changes of one table that the process owning it makes (cluster.py):
#: name -> the change itself.
ROUTES: dict[str, Callable[..., Awaitable[Any]]] = {}


def routed(change: Callable[Concatenate[Hall, str, P], Awaitable[T]],
           ) -> Callable[Concatenate[Hall, str, P], Awaitable[T]]:
    """A change of one table (its id the first argument), made by the
    process that owns the table: here, or sent there and its answer awaited
    (cluster.py). With one process every change is made here."""
    signature = inspect.signature(change)
    ROUTES[change.__name__] = change

    @functools.wraps(change)
    async def run(hall: Hall, table_id: str, *args: P.args, **kwargs: P.kwargs) -> T:
        if hall.cluster is None:
            return await change(hall, table_id, *args, **kwargs)
        bound = signature.bind(hall, table_id, *args, **kwargs)
        bound.apply_defaults()
        for attempt in range(2):
            answer = await hall.cluster.route(table_id, change.__name__,
                                              list(bound.args[2:]))
            if answer is not LOCAL:
                return answer  # type: ignore[no-any-return]
            try:
                return await change(hall, table_id, *args, **kwargs)
            except Moved:  # taken by another process meanwhile: ask it
                if attempt:
                    raise
        raise AssertionError("unreachable")

    return run


def _retrieve(task: asyncio.Future[Any]) -> None:
    """Read a finished change's error: the one who asked may be gone."""
    if not task.cancelled():
        task.exception()


def rated_result(table: Table, game: Game | None, clock: Clock | None = None,
                 seats: tuple[Seat, ...] | None = None) -> RatedResult | None:
    """What a finished game of ``table`` (or its stored result) gives the
    ratings, ``clock`` (else the table's) saying whose clock ran out and
    ``seats`` (else the table's) who resigned: they rank last. None if the
    table is casual."""
    if not table.rated:
        return None
    scores = game.scores if game is not None else (table.result or {})["scores"]
    clock = clock or table.clock
    last = set(clock.out if clock is not None else ())
    last |= {i for i, seat in enumerate(seats or table.seats) if seat.resigned}
    return RatedResult(family(table.sets, table.options), tuple(table.rated_players()),
                       tuple(scores), tuple(sorted(last)))


def _result(game: Game, ended: datetime) -> dict[str, Any]:
    return {"scores": list(game.scores), "winners": list(game.winners),
            "ended": ended.isoformat()}


class Hall:
    """Every table of one server, its storage and its bots."""

    def __init__(self, store: Store, settings: Settings) -> None:
        self.store = store
        self.settings = settings
        self.tables: dict[str, Table] = {}
        self.bots = BotPlayers(self, settings.bot_delay, settings.bot_pace)
        #: The leagues and tournaments, which play at this hall's tables.
        self.organizer = Organizer(self)
        #: Failed logins per name and address (accounts.py; with Redis, for
        #: the whole site: site_limits.py).
        self.login_guard: LoginGuard | SiteLoginGuard = (
            SiteLoginGuard(settings.redis_url) if settings.redis_url
            else LoginGuard(time.monotonic))
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
        #: Live connections per client address (live.py bounds them).
        self.sockets: Counter[str] = Counter()
        #: With Redis, this process's part in a site of many processes.
        self.cluster = (Cluster(self, settings.redis_url, settings.node)
                        if settings.redis_url else None)
        self.routes = ROUTES

    async def open_socket(self, address: str) -> bool:
        """Count a new live connection from ``address``; False (and not
        counted) if that address holds ``Settings.ws_per_address`` already:
        here alone, or in the whole site with many processes."""
        held = self.sockets[address]
        if self.cluster is not None and held < self.settings.ws_per_address:
            held += await self.cluster.sockets.elsewhere(address)
        if held >= self.settings.ws_per_address:
            return False
        self.sockets[address] += 1
        if self.cluster is not None:
            await self.cluster.sockets.add(address, 1)
        return True

    async def close_socket(self, address: str) -> None:
        """A live connection from ``address`` ended."""
        self.sockets[address] -= 1
        if not self.sockets[address]:
            del self.sockets[address]
        if self.cluster is not None:
            await self.cluster.sockets.add(address, -1)

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

    # -- start and stop --------------------------------------------------------

    async def open(self) -> None:
        """Migrate the database and load every table's row; the games being
        played are rebuilt afterwards, in the background (:meth:`_load_games`),
        so a restarted server serves at once."""
        await self.db(self.store.migrate)
        for row in await self.db(self.store.tables):
            table = Table.from_row(row)
            if table.status == "playing" and table.clock is None and self.cluster is None:
                await self._write(table, clock=Clock.started(table.timing, len(table.seats),
                                                             self.now()))
            self.tables[table.id] = table
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
        for task in (self._timekeeper, self._loader):
            if task is not None:
                task.cancel()
                await asyncio.gather(task, return_exceptions=True)
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
        table = self.tables.get(table_id)
        if table is None:
            raise Refusal(404, f"there is no table {shown(table_id)}")
        return table

    def listing(self, status: str | None = None) -> list[dict[str, Any]]:
        """``TABLE`` of the newest tables first, of one status if given.

        ``playing`` lists only the games being played now
        (:meth:`Table.being_played`): a live game nobody moves in leaves the
        list after ``Settings.idle_after`` seconds, and comes back with its
        next move."""
        if status is not None and status not in STATUSES:
            raise Refusal(400, f"status must be one of {', '.join(STATUSES)}, not {shown(status)}")
        now = self.now()
        idle_after = timedelta(seconds=self.settings.idle_after)
        out = []
        for table in reversed(self.tables.values()):
            if status == "playing" and not table.being_played(now, idle_after):
                continue
            if status is None or table.status == status:
                out.append(table.public(now))
                if len(out) == LISTING:
                    break
        return out

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
        """The record of a finished game; it holds the stack, so never earlier."""
        table = self.get(table_id)
        if table.status != "finished":
            raise Refusal(409, "the record is given once the game is over")
        game = await self.game_of(table)
        assert game is not None
        return game.to_record()

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

    async def session_account(self, cookie: str | None) -> dict[str, Any] | None:
        """The account whose unexpired session the cookie ``cookie`` holds, or None."""
        if not cookie or len(cookie) > 100:
            return None
        return await self.db(self.store.session_account, token_hash(cookie), datetime.now(UTC))

    def games_of(self, account: str) -> list[dict[str, Any]]:
        """``TABLE`` of every table where ``account`` holds a seat, newest
        first, each with ``your_seat`` and ``your_turn``; a game over counts
        the seat its player left or resigned (a bot finished it)."""
        out = []
        for table in reversed(self.tables.values()):
            seat = table.seat_of_account(account)
            if seat is None and table.status in ("finished", "abandoned"):
                seat = next((i for i, s in enumerate(table.seats) if s.account == account), None)
            if seat is None:
                continue
            turn = table.to_move() == seat
            out.append({**table.public(self.now()), "your_seat": seat, "your_turn": turn})
        out.sort(key=lambda game: not game["your_turn"])  # your turn first, then newest
        return out

    async def claim(self, account: str, name: str, seats: list[tuple[str, str]]) -> int:
        """Give ``account`` the guest seats its browser holds tokens for
        (``(table id, token)`` pairs): a guest who signs up keeps their games.
        Seats of another account stay theirs. How many were claimed."""
        claimed = 0
        for table_id, token in seats:
            if table_id in self.tables:
                claimed += await self.claim_seat(table_id, token, account, name)
        return claimed

    @routed
    @guarded
    async def claim_seat(self, table_id: str, token: str, account: str, name: str) -> bool:
        """Give ``account`` the guest seat ``token`` opens at the table, unless
        it holds one there already; whether it was given."""
        table = self.get(table_id)
        async with table.lock:
            index = table.seat_of(token)
            if index is None or table.seats[index].account is not None:
                return False
            if table.seat_of_account(account) is not None:
                return False  # one seat per account at a table
            seats_now = list(table.seats)
            seats_now[index] = replace(seats_now[index], account=account, name=name)
            await self._store_seats(table, seats_now)
            self.notify(table)
            return True

    # -- changes -------------------------------------------------------------------

    def _check_bot_tables(self, address: str | None) -> None:
        """Refuse a new table of bots only beyond the bounds (Settings.bot_tables)."""
        per_address, in_all = self.settings.bot_tables
        live = [t for t in self.tables.values() if t.status in ("waiting", "playing")
                and t.creator is not None and all(s.kind == "bot" for s in t.seats)]
        if len(live) >= in_all:
            raise Refusal(429, f"{in_all} tables of bots only are being played: "
                               f"try again later")
        if address is not None and sum(t.creator == address for t in live) >= per_address:
            raise Refusal(429, f"you have {per_address} tables of bots only being played: "
                               f"wait for one to end")

    def _check_waiting_tables(self, address: str) -> None:
        """Refuse a new table from ``address`` while it has the most tables
        waiting for players it may have (Settings.waiting_tables)."""
        bound = self.settings.waiting_tables
        if sum(t.status == "waiting" and t.creator == address
               for t in self.tables.values()) >= bound:
            raise Refusal(429, f"you have {bound} tables waiting for players: start or "
                               f"leave one first")

    @guarded
    async def create(self, setup: Setup, account: tuple[str, str] | None = None,
                     address: str | None = None) -> tuple[Table, int | None, str | None]:
        """Open a table; join it at once if asked (as the logged-in ``account``,
        ``(id, name)``, if given); start it if every seat is taken. A table of
        bots only is bounded per client ``address`` and in all."""
        if all(seat.kind == "bot" for seat in setup.seats):
            self._check_bot_tables(address)
        elif address is not None:
            self._check_waiting_tables(address)
        table_id = self._new_id()
        seats = list(setup.seats)
        seat = token = None
        if setup.join is not None:
            if setup.rated and account is None:
                raise Refusal(403, "log in to play at a rated table")
            seat, name = setup.join
            seat = self._check_free(seats, seat)
            token = new_token()
            seats[seat] = self._joined(seats[seat], seat, name, token, account)
        table = Table(id=table_id, name=setup.name or f"Table {table_id}",
                      created=self.now(), sets=setup.sets, options=setup.options,
                      hide_distribution=setup.hide_distribution, seats=tuple(seats),
                      rated=setup.rated, timing=setup.timing, creator=address or "")
        async with table.lock:
            await self._add(table)
            if all(s.taken for s in table.seats):
                await self._start(table)
        return table, seat, token

    def _new_id(self) -> str:
        table_id = secrets.token_urlsafe(6)
        while table_id in self.tables:
            table_id = secrets.token_urlsafe(6)
        return table_id

    @staticmethod
    def _check_free(seats: list[Seat] | tuple[Seat, ...], seat: int | None) -> int:
        if seat is None:
            free = [i for i, s in enumerate(seats) if s.kind == "human" and not s.taken]
            if not free:
                raise Refusal(409, "every seat is taken")
            return free[0]
        if not 0 <= seat < len(seats):
            raise Refusal(400, f"there is no seat {seat} (seats 0 to {len(seats) - 1})")
        if seats[seat].kind == "bot":
            raise Refusal(409, f"seat {seat} is a bot's")
        if seats[seat].taken:
            raise Refusal(409, f"seat {seat} is taken")
        return seat

    async def _store_seats(self, table: Table, seats: list[Seat]) -> None:
        """Store ``table``'s new seats, then let the table have them."""
        await self._write(table, seats=tuple(seats))

    async def _write(self, table: Table, move: dict[str, Any] | None = None,
                     rating: RatedResult | None = None, game: Game | None = None,
                     **changes: Any) -> None:
        """Store ``changes`` of ``table``'s columns (with ``move``, ``{"number",
        "seat", "move"}``, and the ratings it gives, if it is a move), then
        apply them (and ``game``, if given) and publish them to the other
        processes: the one way a stored table changes. Only the changed
        columns (and the version) are written and published. A process that
        lost the table to another meanwhile changes nothing (503)."""
        row = table.changed_row(**changes)
        figures = None
        try:
            if move is None:
                figures = await self.db(self.store.update_table, row, self.node, rating,
                                        self.now())
            elif rating is None and self.store.async_moves is not None:
                await self.store.add_move_async(row, move["number"], move["seat"],
                                                move["move"], self.now(), self.node)
            else:
                figures = await self._db_move(self.store.add_move, row, move["number"],
                                              move["seat"], move["move"], rating, self.now(),
                                              self.node)
        except LeaseLost:
            if self.cluster is not None:
                self.cluster.owned.pop(table.id, None)
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
        if self.cluster is not None:
            self.cluster.changed(row, None if move is None else
                                 {"number": move["number"], "move": move["move"]})

    async def _add(self, table: Table) -> None:
        """Store a new table, owned by this process (its lock is held)."""
        if self.cluster is None:
            await self.db(self.store.add_table, table.row())
        else:
            asked = time.monotonic()
            await self.db(self.store.add_table, table.row(), self.node,
                          self.cluster.lease_end())
            self.cluster.took(table.id, asked)
        table.apply()
        self.tables[table.id] = table
        if self.cluster is not None:
            self.cluster.changed(self.cluster.whole(table))

    @staticmethod
    def _joined(seat: Seat, index: int, name: str | None, token: str,
                account: tuple[str, str] | None = None) -> Seat:
        """A human seat taken with ``token``; a logged-in player's seat is
        their account's and carries its name."""
        if account is not None:
            return Seat("human", name=account[1], label=seat.label,
                        token_hash=token_hash(token), account=account[0])
        return Seat("human", name=name or seat.label or f"Player {index + 1}",
                    label=seat.label, token_hash=token_hash(token))

    @routed
    @guarded
    async def join(self, table_id: str, seat: int | None, name: str | None,
                   account: tuple[str, str] | None = None) -> tuple[int, str]:
        """Take a human seat (as ``account``, ``(id, name)``, when logged in);
        the table starts when its last seat is taken."""
        table = self.get(table_id)
        async with table.lock:
            if table.status != "waiting":
                raise Refusal(409, "the game has started: no seat is free")
            if account is None and table.rated:
                raise Refusal(403, "log in to play at a rated table")
            if account is not None and table.seat_of_account(account[0]) is not None:
                raise Refusal(409, "you already hold a seat at this table")
            index = self._check_free(table.seats, seat)
            token = new_token()
            seats = list(table.seats)
            seats[index] = self._joined(seats[index], index, name, token, account)
            await self._store_seats(table, seats)
            if all(s.taken for s in table.seats):
                await self._start(table)
            else:
                self.notify(table)
        return index, token

    @routed
    @guarded
    async def start(self, table_id: str, token: str | None,
                    account: str | None = None) -> Table:
        """Start a waiting table now; free human seats go to the stand-in bot."""
        table = self.get(table_id)
        async with table.lock:
            self.seat_of(table, token, account)
            if table.status != "waiting":
                raise Refusal(409, f"the table is {table.status}, not waiting")
            await self._start(table)
        return table

    async def _start(self, table: Table, seed: int | None = None) -> None:
        """Start ``table`` (its lock held): free seats to the stand-in, the
        stack shuffled with ``seed`` (a new one if None)."""
        bot = stand_in()
        seats = name_bots([s if s.taken else Seat("bot", bot=bot, name=s.label, label=s.label)
                           for s in table.seats])
        seed = secrets.randbits(63) if seed is None else seed
        draft = Table(table.id, table.name, table.created, table.sets, table.options,
                      table.hide_distribution, seats, seed=seed)
        game = draft.new_game()
        changes = {"seats": seats, "status": "playing", "seed": seed,
                   "stack": tuple(game.to_record()["stack"]),
                   "clock": Clock.started(table.timing, len(seats), self.now()),
                   "scores": list(game.scores), "current": game.current_player}
        await self._write(table, game=game, **changes)
        self.notify(table)

    @guarded
    async def open_table(self, name: str, seats: list[Seat], sets: tuple[str, ...],
                         options: dict[str, Any], rated: bool, timing: Timing,
                         seed: int | None = None, hide_distribution: bool = False) -> Table:
        """Open and start a table whose every seat is taken (a competition's
        game, a rematch), its stack shuffled with ``seed`` (a new one if None)."""
        table = Table(id=self._new_id(), name=name, created=self.now(), sets=sets,
                      options=options, hide_distribution=hide_distribution,
                      seats=name_bots(seats), rated=rated, timing=timing)
        async with table.lock:
            await self._add(table)
            await self._start(table, seed)
        return table

    @routed
    @guarded
    async def leave(self, table_id: str, token: str | None,
                    account: str | None = None) -> Table:
        """Leave a seat: free again before the start, to the stand-in bot during
        the game so that it goes on."""
        table = self.get(table_id)
        async with table.lock:
            index = self.seat_of(table, token, account)
            seats = list(table.seats)
            if table.status == "waiting":
                seats[index] = seats[index].freed()
            elif table.status == "playing":
                seats[index] = seats[index].as_bot(stand_in())
            else:
                raise Refusal(409, "the game is over")
            await self._store_seats(table, seats)
            self.notify(table)
        return table

    @routed
    @guarded
    async def play(self, table_id: str, seat: int | None, data: Any,
                   expect: int | None = None, think: float | None = None,
                   seen: int | None = None) -> None:
        """Play ``data`` (a move in record form) for ``seat``: checked by the
        engine, stored, and only then shown to everyone. ``expect`` (bots)
        is the number of moves the move was chosen after; ``think`` the
        seconds the player's client says it thought (clock tables).

        ``seen`` (a player's connection) is the number of moves in the last
        state the player was sent. If the game is past it and its move
        number ``seen`` is this very move of this seat, the move was asked
        twice (its answer was lost on the way, or a routed call was made
        again when the table changed hands meanwhile) and is done: nothing
        more happens and nothing is refused."""
        table = self.get(table_id)
        if seat is None:
            raise Refusal(403, "spectators cannot move: connect with your seat token")
        try:
            move = Move.from_dict(data)
        except NotationError as err:
            raise Refusal(400, f"malformed move: {err}", rule_of(str(err))) from None
        async with table.lock:
            if not self.owns(table):
                raise Moved()
            game = await self.game_of(table)
            if table.status == "waiting" or game is None:
                raise Refusal(409, "the game has not started")
            if table.status == "abandoned":
                raise Refusal(409, "the game was abandoned")
            if seen is not None and 0 <= seen < len(game.moves) \
                    and game.moves[seen] == move and game.movers[seen] == seat:
                return  # played already: asked twice
            if game.is_over or table.status == "finished":  # (or ended by a resignation)
                raise Refusal(409, "the game is over", "FINAL")
            if expect is not None and len(game.moves) != expect:
                raise Refusal(409, "the game moved on meanwhile")
            if game.current_player != seat:
                raise Refusal(409, f"it is not your turn: seat {game.current_player} "
                                   f"is to move")
            if await self._expire(table):
                raise Refusal(409, "your time for this move ran out: nothing was played")
            await self._apply(table, seat, move, think)

    async def _apply(self, table: Table, seat: int, move: Move, think: float | None,
                     clock: Clock | None = None, stand_in_move: bool = False) -> None:
        """Play ``move`` for ``seat`` on the table's game (the engine checks
        it and leaves the game as it was if it is illegal), store it with
        the table's new clock (from ``clock`` if given), and take it back if
        it could not be stored; the table's lock is held throughout, so
        nobody reads the game in between (see tables.py). A stand-in's
        move charges no clock."""
        game = table.game
        assert game is not None
        number = len(game.moves)
        try:
            game.play(move)
        except IllegalMove as err:
            raise Refusal(400, str(err), err.rule) from None
        except ValueError as err:  # a move of a kind this game has no use for
            raise Refusal(400, str(err), rule_of(str(err))) from None
        try:
            now = self.now()
            clock = clock or table.clock  # every table being played has one (_start, open)
            assert clock is not None
            timed = table.seats[seat].kind == "human" and not stand_in_move
            changes: dict[str, Any] = {"moves": number + 1,
                                       "clock": clock.after_move(table.timing, seat, now,
                                                                 think, timed),
                                       "scores": list(game.scores),
                                       "current": game.current_player}
            rating = None
            if game.is_over:
                changes.update(status="finished", result=_result(game, now))
                rating = rated_result(table, game, changes["clock"])
            await self._write(table, {"number": number, "seat": seat,
                                      "move": move.to_dict()}, rating, **changes)
        except BaseException:
            if table.game is game and len(game.moves) == number + 1:
                game.undo()  # not stored: the game is as the database has it
            raise
        self.notify(table)
        if game.is_over:
            self._ended(table)

    def let_go(self, table: Table) -> None:
        """A game over that nobody watches leaves memory; its moves stay in
        the database, and :meth:`game_of` rebuilds it when asked."""
        if table.status in ("finished", "abandoned") and not table.connections:
            table.game = None

    def _ended(self, table: Table) -> None:
        """A table ended: it leaves memory if nobody watches it, and its
        competition (if any) goes on, in its own task."""
        self.let_go(table)
        if self.organizes and table.id in self.organizer.table_events:
            task = asyncio.ensure_future(self.organizer.game_ended(
                table.id, table.counted_scores() if table.status == "finished" else None))
            self._pending.add(task)
            task.add_done_callback(self._pending.discard)
            task.add_done_callback(_retrieve)

    # -- time ---------------------------------------------------------------------

    def _due(self, table: Table) -> datetime | None:
        """When time next acts at ``table``: the pending human decision's
        clock or deadline, or an untimed casual game's abandonment."""
        seat = table.running()
        if seat is None or table.clock is None:
            return None
        if table.timing.kind == "none":
            return None if table.rated else table.clock.since + ABANDON_AFTER
        return table.clock.deadline(table.timing, seat)

    async def keep_time(self) -> int:
        """Act on every table whose time is up (see :meth:`_expire`); how
        many were changed."""
        now = self.now()
        changed = 0
        for table in [t for t in self.tables.values() if self.owns(t)]:
            due = self._due(table)
            if due is not None and due <= now:
                async with table.lock:
                    changed += await self._expire(table)
        if self.organizes:
            await self.organizer.keep_time()
        return changed

    async def _keep_time_always(self, every: float) -> None:
        while True:
            await asyncio.sleep(every)
            try:
                await self.keep_time()
            except Exception:
                log.exception("keeping time failed; trying again")

    async def _expire(self, table: Table) -> bool:
        """If the time of ``table``'s pending decision is up, act (its lock
        is held): an untimed casual game ends as abandoned; a clock run out
        hands the seat to the stand-in for good; a missed turn-based
        deadline has the stand-in play that move, and the seat for good at
        the third miss."""
        due = self._due(table)
        if due is None or due > self.now():
            return False
        seat, clock, game = table.running(), table.clock, await self.game_of(table)
        assert seat is not None and clock is not None and game is not None
        if table.timing.kind == "none":
            await self._write(table, status="abandoned")
            self.notify(table)
            self._ended(table)
            return True
        if table.timing.kind == "turn":
            clock = clock.missed_one(seat)
            if clock.missed[seat] < MISSES_ALLOWED:
                move = await choose(self.bots.stand_in_bot(table, seat), game)
                await self._apply(table, seat, move, None, clock, stand_in_move=True)
                return True
        else:
            clock = clock.ran_out(seat)
        seats = list(table.seats)
        seats[seat] = seats[seat].as_bot(stand_in())
        await self._write(table, seats=tuple(seats), clock=clock)
        self.notify(table)
        return True

    # -- rematch ------------------------------------------------------------------

    @routed
    @guarded
    async def rematch(self, table_id: str, token: str | None,
                      account: str | None = None) -> dict[str, Any]:
        """Offer or accept a rematch of a finished table for the asker's
        seat; once every seat a person played has accepted, the rematch
        starts. The asker's seat and new token at the rematch."""
        table = self.get(table_id)
        async with table.lock:
            seat = self.seat_of(table, token, account)
            if table.status != "finished":
                raise Refusal(409, "a rematch is offered once the game is over")
            offer = table.rematch or {"accepted": {}, "table": None}
            if offer["table"] is not None:
                raise Refusal(409, f"the rematch has started: table {offer['table']}")
            fresh = new_token()
            accepted = {**offer["accepted"], str(seat): token_hash(fresh)}
            offer = {"accepted": accepted, "table": None}
            if all(str(i) in accepted for i, s in enumerate(table.seats) if s.kind == "human"):
                offer["table"] = (await self._start_rematch(table, accepted)).id
            await self._write(table, rematch=offer)
            self.notify(table)
        return {"accepted": sorted(int(i) for i in accepted), "table": offer["table"],
                "seat": (seat - 1) % len(table.seats), "token": fresh}

    async def _start_rematch(self, table: Table, accepted: dict[str, str]) -> Table:
        """The rematch of ``table``, started: same players and setup, seats
        rotated by one (seat 1 moves first), a new stack. ``accepted`` holds
        each person's token hash at the rematch."""
        count = len(table.seats)
        seats = []
        for index in range(count):
            old_index = (index + 1) % count
            old = table.seats[old_index]
            if old.kind == "human":
                seats.append(Seat("human", name=old.name, label=old.label,
                                  token_hash=accepted[str(old_index)], account=old.account))
            else:
                seats.append(Seat("bot", bot=old.bot))
        return await self.open_table(table.name, seats, table.sets, table.options,
                                     table.rated, table.timing,
                                     hide_distribution=table.hide_distribution)

    # -- telling ------------------------------------------------------------------

    def notify(self, table: Table) -> None:
        """Send every connection of ``table`` here its new state; wake its
        bots if this process owns the table."""
        states: dict[int | None, dict[str, Any]] = {}
        made: dict[Any, Any] = {}  # the texts made, shared by the clients of a seat
        for listener in list(table.connections):
            seat = listener.seat_at(table)
            if seat not in states:
                states[seat] = state_message(table, seat, self.now())
            listener.send_state(states[seat], made)
        if self.owns(table):
            self.bots.wake(table)
