"""The HTTP routes of friends and blocks (docs/friends.md).

``POST /api/me/friends/{name}`` follows a player, ``DELETE`` stops;
``GET /api/me/friends`` lists those one follows, who is online and the
games each holds a seat at (waiting or being played).
``POST /api/me/blocks/{name}`` blocks a player (no message, invitation or
follow of theirs reaches you; neither follows the other any more; the
invitations between you are dropped), ``DELETE`` unblocks, ``GET
/api/me/blocks`` lists them. Every route needs a log-in (401), and each
changes only the asker's own lists.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from carcassonne.server import friend_store
from carcassonne.server.http_input import body_of, hall_of, require_player
from carcassonne.server.models import utc
from carcassonne.server.presence import online

router = APIRouter(prefix="/api")

#: The most games shown per friend.
GAMES_SHOWN = 20


def _games_by_account(request: Request, accounts: set[str]) -> dict[str, list[dict[str, Any]]]:
    """The tables waiting or being played where each of ``accounts`` holds a
    seat (``{"id", "name", "status"}``), newest first."""
    out: dict[str, list[dict[str, Any]]] = {account: [] for account in accounts}
    for table in reversed(list(hall_of(request).tables.values())):
        if table.status not in ("waiting", "playing"):
            continue
        for seat in table.seats:
            games = out.get(seat.account or "")
            if seat.kind == "human" and games is not None and len(games) < GAMES_SHOWN:
                games.append({"id": table.id, "name": table.name, "status": table.status})
    return out


@router.get("/me/friends")
async def friends(request: Request) -> dict[str, Any]:
    """Those the asker follows: ``{"friends": [{"name", "online", "last_seen",
    "follows_you", "games"}]}``, online first, then by name."""
    account, _ = await require_player(request, "see your friends")
    hall = hall_of(request)
    rows = await hall.db(friend_store.following, hall.store.engine, account)
    games = _games_by_account(request, {row["id"] for row in rows})
    now = hall.now()
    out = [{"name": row["name"], "online": online(row["last_seen"], now),
            "last_seen": None if row["last_seen"] is None else utc(row["last_seen"]).isoformat(),
            "follows_you": row["follows_you"], "games": games[row["id"]]} for row in rows]
    out.sort(key=lambda friend: not friend["online"])  # stable: by name within each
    return {"friends": out}


@router.post("/me/friends/{name}")
async def follow(request: Request, name: str) -> dict[str, Any]:
    """Follow ``name``: 400 for oneself or what is no name, 404 for no such
    player and for one who blocked you (the same answer), 409 for a player
    you blocked."""
    await body_of(request)
    account, _ = await require_player(request, "follow a player")
    hall = hall_of(request)
    target = await hall.db(friend_store.follow, hall.store.engine, account, name, hall.now())
    return {"name": target["name"], "following": True}


@router.delete("/me/friends/{name}")
async def unfollow(request: Request, name: str) -> dict[str, Any]:
    await body_of(request)
    account, _ = await require_player(request, "unfollow a player")
    hall = hall_of(request)
    target = await hall.db(friend_store.unfollow, hall.store.engine, account, name)
    return {"name": target["name"], "following": False}


@router.get("/me/blocks")
async def blocks(request: Request) -> dict[str, Any]:
    """The players the asker blocked: ``{"blocks": [{"name", "since"}]}``."""
    account, _ = await require_player(request, "see whom you blocked")
    hall = hall_of(request)
    return {"blocks": await hall.db(friend_store.blocks_of, hall.store.engine, account)}


@router.post("/me/blocks/{name}")
async def block(request: Request, name: str) -> dict[str, Any]:
    await body_of(request)
    account, _ = await require_player(request, "block a player")
    hall = hall_of(request)
    target = await hall.db(friend_store.block_account, hall.store.engine, account, name,
                           hall.now())
    return {"name": target["name"], "blocked": True}


@router.delete("/me/blocks/{name}")
async def unblock(request: Request, name: str) -> dict[str, Any]:
    await body_of(request)
    account, _ = await require_player(request, "unblock a player")
    hall = hall_of(request)
    target = await hall.db(friend_store.unblock_account, hall.store.engine, account, name)
    return {"name": target["name"], "blocked": False}
