"""Rematches: ``POST /api/tables/{id}/rematch``.

Each person who played a finished table may offer (or accept) a rematch
for their seat; they get their seat and a new token at the rematch at once.
Once every seat a person played has accepted, the rematch starts: the same
players and setup, seats rotated by one (seat 1 of the game moves first),
a new stack. The offer is kept in the table's row (``rematch``), so every
process and a restarted server know it. At a turn-based table the offer
is mailed to the others (notices.py), in the same transaction.

A change of the finished table like any other: routed to its owner
(routing.py) and made through :meth:`Hall.order
<carcassonne.server.hall.Hall.order>`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from carcassonne.server.errors import Refusal
from carcassonne.server.notices import rematch_mails
from carcassonne.server.routing import routed
from carcassonne.server.tables import Seat, Table
from carcassonne.server.tokens import new_token, token_hash

if TYPE_CHECKING:
    from carcassonne.server.host import ChangeHost


@routed
async def rematch(hall: ChangeHost, table_id: str, token: str | None,
                  account: str | None = None) -> dict[str, Any]:
    """Offer or accept a rematch of a finished table for the asker's
    seat; once every seat a person played has accepted, the rematch
    starts. Who accepted, the rematch's table (once started), and the
    asker's seat and new token at the rematch."""
    table = hall.get(table_id)

    async def accept() -> dict[str, Any]:
        seat = hall.seat_of(table, token, account)
        if table.status != "finished":
            raise Refusal(409, "a rematch is offered once the game is over")
        offer = table.rematch or {"accepted": {}, "table": None}
        if offer["table"] is not None:
            raise Refusal(409, f"the rematch has started: table {offer['table']}")
        fresh = new_token()
        accepted = {**offer["accepted"], str(seat): token_hash(fresh)}
        offer = {"accepted": accepted, "table": None}
        if all(str(i) in accepted for i, s in enumerate(table.seats) if s.kind == "human"):
            offer["table"] = (await _start_rematch(hall, table, accepted)).id
        mails = [] if offer["table"] else rematch_mails(table, seat, accepted)
        await hall.write(table, rematch=offer, mails=mails)
        return {"accepted": sorted(int(i) for i in accepted), "table": offer["table"],
                "seat": (seat - 1) % len(table.seats), "token": fresh}

    return await hall.order(table, accept)


async def _start_rematch(hall: ChangeHost, table: Table, accepted: dict[str, str]) -> Table:
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
    return await hall.open_table(table.name, seats, table.sets, table.options,
                                 table.rated, table.timing,
                                 hide_distribution=table.hide_distribution, chat=table.chat,
                                 aids=table.aids)
