"""Recent opponents, and "play again": read from the tables the hall knows.

A player's recent opponents are the accounts that held a seat at the same
started table (being played, finished or abandoned), newest table first,
each once, at most :data:`RECENT`. A seat keeps its account when its player
left or resigned (a bot finished it), so they count too. "Play again" opens
a table set up as the last one shared (:func:`again_setup`): the same sets,
options, timing and rating, the asker in seat 0, the opponent's seat free
for them, the bots back in theirs, and a free seat for every other person.

    >>> from datetime import UTC, datetime
    >>> from carcassonne.server.tables import Seat, Table
    >>> def table(id, day, *accounts, status="finished"):
    ...     seats = tuple(Seat("human", name=a.title(), account=a, token_hash="h")
    ...                   if a else Seat("bot", bot="greedy") for a in accounts)
    ...     return Table(id, id, datetime(2026, 12, day, tzinfo=UTC), ("base",), {},
    ...                  False, seats, status=status)
    >>> tables = [table("t1", 1, "ann", "bob"), table("t2", 2, "ann", None, "cid"),
    ...           table("t3", 3, "bob", "ann"), table("t4", 4, "ann", "dan", status="waiting")]
    >>> [(o.account, o.table.id) for o in recent_opponents(tables, "ann")]
    [('bob', 't3'), ('cid', 't2')]
    >>> setup = again_setup(tables[1], "ann", "cid")
    >>> [(s.kind, s.bot) for s in setup.seats], setup.join
    ([('human', None), ('human', None), ('bot', 'greedy')], (0, None))
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from carcassonne.server.bodies import Setup
from carcassonne.server.bots import bot_names, stand_in
from carcassonne.server.tables import Seat, Table, name_bots

#: How many recent opponents a player is shown (and may invite without following).
RECENT = 10


@dataclass(frozen=True)
class Opponent:
    """An account met at ``table``, the newest table the two shared."""

    account: str
    name: str
    table: Table


def _held(table: Table, account: str) -> bool:
    """Whether ``account`` held a seat at ``table`` (even one it left)."""
    return any(seat.account == account for seat in table.seats)


def recent_opponents(tables: Iterable[Table], account: str,
                     most: int = RECENT) -> list[Opponent]:
    """The accounts ``account`` met at started tables, newest table first,
    each once, at most ``most``."""
    met: dict[str, Opponent] = {}
    # newest first; tables opened at the same moment in the order they were known
    started = [(t.created, index, t) for index, t in enumerate(tables)
               if t.status != "waiting" and _held(t, account)]
    for _, _, table in sorted(started, key=lambda entry: entry[:2], reverse=True):
        for seat in table.seats:
            other = seat.account
            if other is not None and other != account and other not in met:
                met[other] = Opponent(other, seat.name or "", table)
                if len(met) == most:
                    return list(met.values())
    return list(met.values())


def again_setup(table: Table, account: str, opponent: str) -> Setup:
    """A new table's setup for ``account`` to play ``opponent`` again as at
    ``table``: ``account`` joins seat 0, ``opponent``'s seat is seat 1, the
    bots keep theirs (the stand-in for a bot no longer offered) and every
    other person's seat is free."""
    others: list[Seat] = []
    for seat in table.seats:
        if seat.account in (account, opponent):
            continue
        if seat.account is not None:
            others.append(Seat("human"))
        else:
            bot = seat.bot if seat.bot in bot_names() else stand_in()
            others.append(Seat("bot", bot=bot))
    seats = name_bots([Seat("human"), Seat("human"), *others])
    return Setup(name=table.name, seats=seats, sets=table.sets, options=dict(table.options),
                 hide_distribution=table.hide_distribution, join=(0, None),
                 rated=table.rated, timing=table.timing, aids=table.aids)
