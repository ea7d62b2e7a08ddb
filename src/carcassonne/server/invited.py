"""The invitations still open to a player: the lobby lists them
(``GET /api/me/invitations``) and every page's poll tells the new ones
(``GET /api/me/notices``). An invitation is open while its table waits
with a free seat for a person and the player holds no seat there."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from carcassonne.server import friend_store

if TYPE_CHECKING:
    from carcassonne.server.hall import Hall
    from carcassonne.server.tables import Table


def free_seat(table: Table) -> bool:
    """Whether a person's seat of ``table`` is free."""
    return any(seat.kind == "human" and not seat.taken for seat in table.seats)


async def open_invitations(hall: Hall, account: str) -> list[dict[str, Any]]:
    """``[{"id", "table", "name", "from", "created"}]``, newest first."""
    out = []
    for invitation in await hall.db(friend_store.invitations_to, hall.store.engine, account):
        table = hall.tables.get(invitation["table"])
        if (table is not None and table.status == "waiting" and free_seat(table)
                and table.seat_of_account(account) is None):
            out.append({**invitation, "name": table.name})
    return out
