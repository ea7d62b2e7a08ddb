"""The HTTP side of the notices that bring a player back (docs/notifications.md).

``GET /api/me/notices`` is what every page of the client polls (every 20 s
and when it gets the focus): the games where it is the logged-in player's
turn and the invitations open to them, to show a notification when one is
new, and to count the turns in the lobby tab's title. A visitor gets an
empty answer, never 401 (a browser logs a 401 as an error).

Web Push (push.py), when the server has a key (``carcassonne serve
--vapid-key FILE``): ``GET /api/push/key`` gives the key a browser
subscribes with, ``POST /api/me/push`` keeps a browser's subscription for
the logged-in account and ``DELETE /api/me/push`` ``{"endpoint"}``
forgets it. Without a key the key is null (every page may ask: a browser
logs a 404 as an error) and the subscription routes answer 404, saying why.

The service worker is served at the root, ``/sw.js``, so that its scope
is the whole site.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, Response

from carcassonne.server.errors import Refusal
from carcassonne.server.http_input import account_of, body_of, hall_of
from carcassonne.server.invited import open_invitations
from carcassonne.server.listings import games_of
from carcassonne.server.subscriptions import checked, subscribe, unsubscribe

router = APIRouter()


def _sender(request: Request) -> Any:
    """The application's push sender, or a 404 refusal when it has none."""
    sender = getattr(request.app.state, "push", None)
    if sender is None:
        raise Refusal(404, "this server sends no push notifications (it was started "
                           "without --vapid-key)")
    return sender


async def _account(request: Request) -> dict[str, Any]:
    account = await account_of(request)
    if account is None:
        raise Refusal(401, "log in first")
    return account


@router.get("/api/me/notices")
async def notices(request: Request) -> dict[str, Any]:
    """The games where it is the logged-in player's turn and the open
    invitations: ``{"name", "count", "tables": [{"id", "name", "timing",
    "since"}], "invitations": [{"id", "table", "name", "from"}]}``
    (``since``: when the pending decision began), newest first."""
    account = await account_of(request)
    if account is None:
        return {"name": None, "count": 0, "tables": [], "invitations": []}
    hall = hall_of(request)
    waiting = []
    for game in games_of(hall, account["id"]):
        if not game["your_turn"] or game["status"] != "playing":
            continue
        table = hall.table(game["id"])
        clock = None if table is None else table.clock
        waiting.append({"id": game["id"], "name": game["name"],
                        "timing": game["timing"]["kind"],
                        "since": None if clock is None else clock.since.isoformat()})
    invitations = [{key: invitation[key] for key in ("id", "table", "name", "from")}
                   for invitation in await open_invitations(hall, account["id"])]
    return {"name": account["name"], "count": len(waiting), "tables": waiting,
            "invitations": invitations}


@router.get("/api/push/key")
async def push_key(request: Request) -> dict[str, str | None]:
    """``{"key"}``: the applicationServerKey (base64url), to subscribe with;
    null when this server sends no push."""
    sender = getattr(request.app.state, "push", None)
    return {"key": None if sender is None else sender.public_key}


@router.post("/api/me/push", status_code=201)
async def push_subscribe(request: Request) -> dict[str, bool]:
    """Keep this browser's push subscription ``{"endpoint", "keys": {"p256dh",
    "auth"}}`` for the logged-in account."""
    _sender(request)
    body = await body_of(request)
    account = await _account(request)
    endpoint, keys = checked(body)
    hall = hall_of(request)
    await hall.db(subscribe, hall.store.engine, account["id"], endpoint, keys, hall.now())
    return {"subscribed": True}


@router.delete("/api/me/push")
async def push_unsubscribe(request: Request) -> dict[str, bool]:
    """Forget the logged-in account's subscription ``{"endpoint"}``; whether
    there was one."""
    body = await body_of(request)
    account = await _account(request)
    endpoint = body.get("endpoint")
    if not isinstance(endpoint, str) or len(endpoint) > 1000:
        raise Refusal(400, "say which subscription: {\"endpoint\": URL}")
    hall = hall_of(request)
    gone = await hall.db(unsubscribe, hall.store.engine, endpoint, account["id"])
    return {"unsubscribed": gone}


@router.get("/sw.js", include_in_schema=False)
async def service_worker(request: Request) -> Response:
    """The service worker, at the root so that its scope is the whole site."""
    path = hall_of(request).settings.web_dir / "sw.js"
    if not path.is_file():
        raise Refusal(404, "the web client has no service worker")
    return FileResponse(path, media_type="text/javascript",
                        headers={"Cache-Control": "no-cache",
                                 "Service-Worker-Allowed": "/"})
