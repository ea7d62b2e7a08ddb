"""Who writes: the logged-in, unsuspended account of a request, its role,
and how often it may write.

The routes of messages and moderation (board_api.py, moderation_api.py)
ask these: :func:`writer_of` refuses a visitor (401) and a suspended
account (403), :func:`admin_of` anyone but an admin (403), and
:func:`within_bound` a writer beyond a bound of its own (429), counted per
account (not per address: players behind one address do not share it), in
memory for one process, in Redis for a site of many.
"""

from __future__ import annotations

from typing import Any

from fastapi import Request

from carcassonne.server.errors import Refusal
from carcassonne.server.http_input import account_of, hall_of
from carcassonne.server.limits import Windows
from carcassonne.server.site_limits import SiteWindows


async def writer_of(request: Request, doing: str) -> dict[str, Any]:
    """The account writing ``request``: logged in and not suspended."""
    account = await account_of(request)
    if account is None:
        raise Refusal(401, f"log in to {doing}")
    if account.get("suspended"):
        raise Refusal(403, "this account is suspended")
    return account


async def admin_of(request: Request) -> dict[str, Any]:
    """The admin asking: 401 for a visitor, 403 for anyone else."""
    account = await writer_of(request, "moderate")
    if account.get("role") != "admin":
        raise Refusal(403, "only admins moderate")
    return account


async def within_bound(request: Request, kind: str, account: str, count: int,
                       seconds: float) -> None:
    """Count one write of ``kind`` by ``account``; 429 beyond ``count`` in
    any ``seconds``. Each kind's windows are made once per application."""
    state = request.app.state
    bounds: dict[str, Windows | SiteWindows] | None = getattr(state, "writer_bounds", None)
    if bounds is None:
        bounds = state.writer_bounds = {}
    windows = bounds.get(kind)
    if windows is None:
        redis = hall_of(request).settings.redis_url
        windows = bounds[kind] = (SiteWindows(redis, count, seconds) if redis
                                  else Windows(count, seconds))
    if not await windows.allow(f"{kind}:{account}"):
        raise Refusal(429, f"too many {kind} from you: wait a minute")
