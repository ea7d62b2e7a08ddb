"""Reading an HTTP request: its JSON body (bounded, rate-counted), its
client's address, its seat token, its logged-in player, and the hall that
answers it. Every route module (lobby.py, account_api.py, event_api.py)
reads its requests with these, so no route module needs another's.
"""

from __future__ import annotations

from typing import Any

from fastapi import Request

from carcassonne import json_input
from carcassonne.server.account_store import AccountStore
from carcassonne.server.accounts import COOKIE
from carcassonne.server.bodies import MAX_BODY, mapping
from carcassonne.server.errors import Refusal
from carcassonne.server.hall import Hall
from carcassonne.server.limits import Windows
from carcassonne.server.site_limits import SiteWindows
from carcassonne.server.tokens import bearer


def hall_of(request: Request) -> Hall:
    """The hall of the application answering ``request``."""
    hall: Hall = request.app.state.hall
    return hall


async def body_of(request: Request, limit: int = MAX_BODY) -> dict[str, Any]:
    """The JSON object a write request carries (``{}`` when empty), of at
    most ``limit`` bytes; counts the request against its client's rate
    bound first."""
    writes: Windows | SiteWindows = request.app.state.writes
    if not await writes.allow(client_address(request)):
        raise Refusal(429, "too many requests: wait a few seconds")
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        raise Refusal(413, f"the body is over {limit} bytes")
    raw = b""
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > limit:
            raise Refusal(413, f"the body is over {limit} bytes")
    if not raw.strip():
        return {}
    try:
        data = json_input.loads(raw)
    except json_input.JsonInputError as err:
        raise Refusal(400, f"the body is not JSON the server reads: {err}") from None
    return mapping(data, "the body")


def client_address(request: Request) -> str:
    """The client's address, as the connection gives it."""
    return request.client.host if request.client else "unknown"


def token_of(request: Request) -> str | None:
    return bearer(request.headers.get("authorization"))


def accounts_of(request: Request) -> AccountStore:
    """The accounts' storage of the application answering ``request``."""
    accounts: AccountStore = request.app.state.accounts
    return accounts


async def account_of(request: Request) -> dict[str, Any] | None:
    """The account the request's session cookie belongs to, or None. The
    account is seen online from now (presence.py)."""
    accounts = accounts_of(request)
    account = await accounts.session_account(request.cookies.get(COOKIE))
    if account is not None:
        await accounts.seen(account, hall_of(request).now())
    return account


async def require_player(request: Request, doing: str = "do this") -> tuple[str, str]:
    """The logged-in player of the request, ``(account id, name)``; 401 for a visitor."""
    player = await player_of(request)
    if player is None:
        raise Refusal(401, f"log in to {doing}")
    return player


async def player_of(request: Request) -> tuple[str, str] | None:
    """The logged-in player of the request, ``(account id, name)``, or None;
    a suspended account is refused (403): every write asks this."""
    account = await account_of(request)
    if account is not None and account["suspended"]:
        raise Refusal(403, "this account is suspended")
    return None if account is None else (account["id"], account["name"])
