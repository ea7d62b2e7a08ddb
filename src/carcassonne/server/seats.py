"""Seats: a table opened, joined, started, left, and a guest's seat claimed.

Each is a change of one table, made through :meth:`Hall.order
<carcassonne.server.hall.Hall.order>` (checked here, stored, applied, told)
and, once the table exists, by the process that owns it (routing.py):
:func:`join`, :func:`start`, :func:`leave` and :func:`claim_seat` are
routed. A table is opened here (:func:`create` from the lobby,
:func:`open_table` for a competition's game or a rematch) by the process
asked, which owns it from then on.

A new table of bots only is bounded per client address and in all, and so
are the tables an address has waiting for players (``Settings``).
"""

from __future__ import annotations

import secrets
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from carcassonne.server.bots import stand_in
from carcassonne.server.errors import Refusal
from carcassonne.server.notices import turn_mails
from carcassonne.server.routing import routed
from carcassonne.server.tables import Seat, Table, name_bots
from carcassonne.server.timing import Clock
from carcassonne.server.tokens import new_token, token_hash

if TYPE_CHECKING:
    from carcassonne.server.bodies import Setup
    from carcassonne.server.host import ChangeHost
    from carcassonne.server.timing import Timing


def new_id(hall: ChangeHost) -> str:
    """A table id nobody uses here."""
    table_id = secrets.token_urlsafe(6)
    while table_id in hall.tables:
        table_id = secrets.token_urlsafe(6)
    return table_id


def _check_bot_tables(hall: ChangeHost, address: str | None) -> None:
    """Refuse a new table of bots only beyond the bounds (Settings.bot_tables)."""
    per_address, in_all = hall.settings.bot_tables
    live = [t for t in hall.tables.values() if t.status in ("waiting", "playing")
            and t.creator is not None and all(s.kind == "bot" for s in t.seats)]
    if len(live) >= in_all:
        raise Refusal(429, f"{in_all} tables of bots only are being played: "
                           f"try again later")
    if address is not None and sum(t.creator == address for t in live) >= per_address:
        raise Refusal(429, f"you have {per_address} tables of bots only being played: "
                           f"wait for one to end")


def _check_waiting_tables(hall: ChangeHost, address: str) -> None:
    """Refuse a new table from ``address`` while it has the most tables
    waiting for players it may have (Settings.waiting_tables)."""
    bound = hall.settings.waiting_tables
    if sum(t.status == "waiting" and t.creator == address
           for t in hall.tables.values()) >= bound:
        raise Refusal(429, f"you have {bound} tables waiting for players: start or "
                           f"leave one first")


def _check_free(seats: list[Seat] | tuple[Seat, ...], seat: int | None) -> int:
    """The free human seat asked (the first one if ``seat`` is None), or a refusal."""
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


def _joined(seat: Seat, index: int, name: str | None, token: str,
            account: tuple[str, str] | None = None) -> Seat:
    """A human seat taken with ``token``; a logged-in player's seat is
    their account's and carries its name."""
    if account is not None:
        return Seat("human", name=account[1], label=seat.label,
                    token_hash=token_hash(token), account=account[0])
    return Seat("human", name=name or seat.label or f"Player {index + 1}",
                label=seat.label, token_hash=token_hash(token))


async def create(hall: ChangeHost, setup: Setup, account: tuple[str, str] | None = None,
                 address: str | None = None) -> tuple[Table, int | None, str | None]:
    """Open a table; join it at once if asked (as the logged-in ``account``,
    ``(id, name)``, if given); start it if every seat is taken. A table of
    bots only is bounded per client ``address`` and in all."""
    if all(seat.kind == "bot" for seat in setup.seats):
        _check_bot_tables(hall, address)
    elif address is not None:
        _check_waiting_tables(hall, address)
    table_id = new_id(hall)
    seats = list(setup.seats)
    seat = token = None
    if setup.join is not None:
        if setup.rated and account is None:
            raise Refusal(403, "log in to play at a rated table")
        seat, name = setup.join
        seat = _check_free(seats, seat)
        token = new_token()
        seats[seat] = _joined(seats[seat], seat, name, token, account)
    table = Table(id=table_id, name=setup.name or f"Table {table_id}",
                  created=hall.now(), sets=setup.sets, options=setup.options,
                  hide_distribution=setup.hide_distribution, seats=tuple(seats),
                  rated=setup.rated, timing=setup.timing, creator=address or "",
                  chat=setup.chat, aids=setup.aids)

    async def open_and_start() -> None:
        await hall.add(table)
        if all(s.taken for s in table.seats):
            await start_game(hall, table)

    await hall.order(table, open_and_start)
    return table, seat, token


async def open_table(hall: ChangeHost, name: str, seats: list[Seat], sets: tuple[str, ...],
                     options: dict[str, Any], rated: bool, timing: Timing,
                     seed: int | None = None, hide_distribution: bool = False,
                     chat: str | None = None, aids: str = "on") -> Table:
    """Open and start a table whose every seat is taken (a competition's
    game, a rematch), its stack shuffled with ``seed`` (a new one if None);
    its chat is ``chat``, by default the players' alone at a rated table;
    its aids ``aids`` (aids.py)."""
    table = Table(id=new_id(hall), name=name, created=hall.now(), sets=sets,
                  options=options, hide_distribution=hide_distribution,
                  seats=name_bots(seats), rated=rated, timing=timing,
                  chat=chat or ("players" if rated else "all"), aids=aids)

    async def open_and_start() -> None:
        await hall.add(table)
        await start_game(hall, table, seed)

    await hall.order(table, open_and_start)
    return table


async def start_game(hall: ChangeHost, table: Table, seed: int | None = None) -> None:
    """Start ``table`` (inside :meth:`Hall.order`): free seats to the
    stand-in, the stack shuffled with ``seed`` (a new one if None), every
    clock started; at a turn-based table, the first player's mail queued.
    """
    bot = stand_in()
    seats = name_bots([s if s.taken else Seat("bot", bot=bot, name=s.label, label=s.label)
                       for s in table.seats])
    seed = secrets.randbits(63) if seed is None else seed
    draft = Table(table.id, table.name, table.created, table.sets, table.options,
                  table.hide_distribution, seats, seed=seed)
    game = draft.new_game()
    changes = {"seats": seats, "status": "playing", "seed": seed,
               "stack": tuple(game.to_record()["stack"]),
               "clock": Clock.started(table.timing, len(seats), hall.now()),
               "scores": list(game.scores), "current": game.current_player}
    await hall.write(table, game=game, mails=turn_mails(table, game, None, seats), **changes)


@routed
async def join(hall: ChangeHost, table_id: str, seat: int | None, name: str | None,
               account: tuple[str, str] | None = None) -> tuple[int, str]:
    """Take a human seat (as ``account``, ``(id, name)``, when logged in);
    the table starts when its last seat is taken. The seat and its token."""
    table = hall.get(table_id)

    async def take_seat() -> tuple[int, str]:
        if table.status != "waiting":
            raise Refusal(409, "the game has started: no seat is free")
        if account is None and table.rated:
            raise Refusal(403, "log in to play at a rated table")
        if account is not None and table.seat_of_account(account[0]) is not None:
            raise Refusal(409, "you already hold a seat at this table")
        index = _check_free(table.seats, seat)
        token = new_token()
        seats = list(table.seats)
        seats[index] = _joined(seats[index], index, name, token, account)
        await hall.write(table, seats=tuple(seats))
        if all(s.taken for s in table.seats):
            await start_game(hall, table)
        return index, token

    return await hall.order(table, take_seat)


@routed
async def start(hall: ChangeHost, table_id: str, token: str | None,
                account: str | None = None) -> Table:
    """Start a waiting table now; free human seats go to the stand-in bot."""
    table = hall.get(table_id)

    async def start_now() -> None:
        hall.seat_of(table, token, account)
        if table.status != "waiting":
            raise Refusal(409, f"the table is {table.status}, not waiting")
        await start_game(hall, table)

    await hall.order(table, start_now)
    return table


@routed
async def leave(hall: ChangeHost, table_id: str, token: str | None,
                account: str | None = None) -> Table:
    """Leave a seat: free again before the start, to the stand-in bot during
    the game so that it goes on."""
    table = hall.get(table_id)

    async def free_seat() -> None:
        index = hall.seat_of(table, token, account)
        seats = list(table.seats)
        if table.status == "waiting":
            seats[index] = seats[index].freed()
        elif table.status == "playing":
            seats[index] = seats[index].as_bot(stand_in())
        else:
            raise Refusal(409, "the game is over")
        await hall.write(table, seats=tuple(seats))

    await hall.order(table, free_seat)
    return table


async def claim(hall: ChangeHost, account: str, name: str, seats: list[tuple[str, str]]) -> int:
    """Give ``account`` the guest seats its browser holds tokens for
    (``(table id, token)`` pairs): a guest who signs up keeps their games.
    Seats of another account stay theirs. How many were claimed."""
    claimed = 0
    for table_id, token in seats:
        if table_id in hall.tables:
            claimed += await claim_seat(hall, table_id, token, account, name)
    return claimed


@routed
async def claim_seat(hall: ChangeHost, table_id: str, token: str, account: str,
                     name: str) -> bool:
    """Give ``account`` the guest seat ``token`` opens at the table, unless
    it holds one there already; whether it was given."""
    table = hall.get(table_id)

    async def give() -> bool:
        index = table.seat_of(token)
        if index is None or table.seats[index].account is not None:
            return False
        if table.seat_of_account(account) is not None:
            return False  # one seat per account at a table
        seats_now = list(table.seats)
        seats_now[index] = replace(seats_now[index], account=account, name=name)
        await hall.write(table, seats=tuple(seats_now))
        return True

    return await hall.order(table, give)
