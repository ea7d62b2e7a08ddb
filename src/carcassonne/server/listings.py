"""Listings: the tables the lobby shows, and a player's own games.

Both read the tables the hall knows (every table of the site: the other
processes' too, through the cluster's mirrors) and change nothing.
"""

from __future__ import annotations

from datetime import timedelta
from typing import TYPE_CHECKING, Any

from carcassonne.engine.errors import shown
from carcassonne.server.errors import Refusal
from carcassonne.server.tables import STATUSES

if TYPE_CHECKING:
    from carcassonne.server.host import ChangeHost

#: The most tables a listing returns (newest first).
LISTING = 200


def listing(hall: ChangeHost, status: str | None = None) -> list[dict[str, Any]]:
    """``TABLE`` of the newest tables first, of one status if given.

    ``playing`` lists only the games being played now
    (:meth:`Table.being_played`): a live game nobody moves in leaves the
    list after ``Settings.idle_after`` seconds, and comes back with its
    next move."""
    if status is not None and status not in STATUSES:
        raise Refusal(400, f"status must be one of {', '.join(STATUSES)}, not {shown(status)}")
    now = hall.now()
    idle_after = timedelta(seconds=hall.settings.idle_after)
    out = []
    for table in reversed(hall.tables.values()):
        if status == "playing" and not table.being_played(now, idle_after):
            continue
        if status is None or table.status == status:
            out.append(table.public(now))
            if len(out) == LISTING:
                break
    return out

def games_of(hall: ChangeHost, account: str) -> list[dict[str, Any]]:
    """``TABLE`` of every table where ``account`` holds a seat, newest
    first, each with ``your_seat`` and ``your_turn``; a game over counts
    the seat its player left or resigned (a bot finished it)."""
    out = []
    for table in reversed(hall.tables.values()):
        seat = table.seat_of_account(account)
        if seat is None and table.status in ("finished", "abandoned"):
            seat = next((i for i, s in enumerate(table.seats) if s.account == account), None)
        if seat is None:
            continue
        turn = table.to_move() == seat
        out.append({**table.public(hall.now()), "your_seat": seat, "your_turn": turn})
    out.sort(key=lambda game: not game["your_turn"])  # your turn first, then newest
    return out
