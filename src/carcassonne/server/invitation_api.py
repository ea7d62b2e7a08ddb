"""The HTTP routes of invitations, recent opponents and "play again"
(docs/friends.md).

``POST /api/tables/{id}/invitations`` ``{"name"}`` invites a player to a
waiting table where the asker holds a seat; the invitation and its mail
(outbox.py) are stored in one transaction. ``GET /api/me/invitations``
lists the asker's open invitations (the table still waits, with a free
seat), ``DELETE /api/me/invitations/{id}`` dismisses one.
``GET /api/me/opponents`` lists the asker's recent opponents, and ``POST
/api/me/opponents/{name}/play-again`` opens a table like the last one the
two shared (the lobby's way of opening a table, seats.py) and invites them.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from carcassonne.engine.errors import shown
from carcassonne.server import friend_store
from carcassonne.server.accounts import clean_account_name, name_key
from carcassonne.server.errors import Refusal
from carcassonne.server.http_input import body_of, client_address, hall_of, require_player
from carcassonne.server.invited import free_seat, open_invitations
from carcassonne.server.opponents import Opponent, again_setup, recent_opponents
from carcassonne.server.presence import online
from carcassonne.server.seats import create
from carcassonne.server.tables import Table

router = APIRouter(prefix="/api")

#: The largest invitation id a path may name (the column is a 32-bit integer).
LARGEST_ID = 2**31 - 1


async def _opponents(request: Request, account: str) -> list[Opponent]:
    """The asker's recent opponents, less those blocked either way."""
    hall = hall_of(request)
    met = recent_opponents(hall.tables.values(), account)
    if not met:
        return met
    away = await hall.db(friend_store.blocked_either_way, hall.store.engine, account)
    return [opponent for opponent in met if opponent.account not in away]


async def _invite(request: Request, table: Table, inviter: tuple[str, str], name: str,
                  ) -> tuple[dict[str, Any], bool]:
    """Invite ``name`` to the waiting ``table`` where ``inviter`` holds a seat."""
    hall = hall_of(request)
    if table.status != "waiting":
        raise Refusal(409, "the game has started: invite players to a waiting table")
    if table.seat_of_account(inviter[0]) is None:
        raise Refusal(403, "invite players to a table where you hold a seat")
    if not free_seat(table):
        raise Refusal(409, "every seat is taken")
    met = {opponent.account for opponent in await _opponents(request, inviter[0])}
    seated = {seat.account for seat in table.seats if seat.account is not None}
    return await hall.db(friend_store.invite, hall.store.engine,
                         {"id": table.id, "name": table.name, "accounts": seated},
                         inviter, name, met, hall.now())


@router.post("/tables/{table_id}/invitations")
async def invite(request: Request, table_id: str) -> JSONResponse:
    """``{"name"}``: 201 and the invitation (200 and the same one if it was
    open already)."""
    body = await body_of(request)
    inviter = await require_player(request, "invite a player")
    name = body.get("name")
    if not isinstance(name, str):
        raise Refusal(400, f"name must be a player's name, not {shown(name)}")
    table = await hall_of(request).find(table_id)
    invitation, new = await _invite(request, table, inviter, name)
    return JSONResponse(invitation, status_code=201 if new else 200)


@router.get("/me/invitations")
async def invitations(request: Request) -> dict[str, Any]:
    """``{"invitations": [{"id", "table", "name", "from", "created"}]}``,
    newest first: those whose table still waits with a free seat, where the
    asker holds none."""
    account, _ = await require_player(request, "see your invitations")
    return {"invitations": await open_invitations(hall_of(request), account)}


@router.delete("/me/invitations/{invitation_id}")
async def dismiss(request: Request, invitation_id: int) -> dict[str, Any]:
    await body_of(request)
    account, _ = await require_player(request, "dismiss an invitation")
    if not 0 < invitation_id <= LARGEST_ID:
        raise Refusal(404, f"you have no open invitation {invitation_id}")
    hall = hall_of(request)
    await hall.db(friend_store.dismiss, hall.store.engine, account, invitation_id, hall.now())
    return {"dismissed": invitation_id}


@router.get("/me/opponents")
async def opponents(request: Request) -> dict[str, Any]:
    """``{"opponents": [{"name", "online", "table", "table_name", "at"}]}``:
    the last players met, newest table first (``table`` the last one shared)."""
    account, _ = await require_player(request, "see your opponents")
    hall = hall_of(request)
    met = await _opponents(request, account)
    seen = await hall.db(friend_store.seen_of, hall.store.engine,
                         [opponent.account for opponent in met])
    now = hall.now()
    return {"opponents": [
        {"name": seen[o.account]["name"], "online": online(seen[o.account]["last_seen"], now),
         "table": o.table.id, "table_name": o.table.name, "at": o.table.created.isoformat()}
        for o in met if o.account in seen]}


@router.post("/me/opponents/{name}/play-again", status_code=201)
async def play_again(request: Request, name: str) -> dict[str, Any]:
    """Open a table set up as the last one shared with ``name`` (a recent
    opponent), take seat 0 and invite them: ``{"table": TABLE, "seat",
    "token", "invitation"}``."""
    await body_of(request)
    player = await require_player(request, "play again")
    key = name_key(clean_account_name(name))
    hall = hall_of(request)
    met = await _opponents(request, player[0])
    seen = await hall.db(friend_store.seen_of, hall.store.engine,
                         [opponent.account for opponent in met])
    found = next((o for o in met if name_key(seen.get(o.account, {}).get("name", "")) == key),
                 None)
    if found is None:
        raise Refusal(404, f"{shown(name)} is not among your recent opponents")
    setup = again_setup(found.table, player[0], found.account)
    table, seat, token = await create(hall, setup, player, client_address(request))
    invitation, _ = await _invite(request, table, player, seen[found.account]["name"])
    return {"table": table.public(hall.now()), "seat": seat, "token": token,
            "invitation": invitation}
