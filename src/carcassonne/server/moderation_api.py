"""The HTTP routes of reports and moderation (docs/moderation.md).

``POST /api/reports`` ``{"message": id, "reason"}`` or ``{"account": name,
"reason"}``: a logged-in player reports a message or an account. The rest
is for admins only (403 for anyone else): ``GET /api/admin/reports`` (the
open reports), ``POST /api/admin/messages/{id}/hide`` and ``/show``,
``POST /api/admin/accounts/{name}/suspend`` and ``/unsuspend``,
``POST /api/admin/reports/{id}/resolve``.

A suspension logs the account out everywhere (moderation.py) and hands
each of its seats at a table waiting or being played to the stand-in, as
leaving the table does (``seats.leave``): before the start the seat is free
again, during the game the stand-in bot plays it on, so its opponents'
games go on.
"""

from __future__ import annotations

import logging
from typing import Any

from fastapi import APIRouter, Request

from carcassonne.engine.errors import shown
from carcassonne.server import moderation
from carcassonne.server.accounts import name_key
from carcassonne.server.errors import Refusal
from carcassonne.server.hall import Hall
from carcassonne.server.http_input import body_of, hall_of
from carcassonne.server.seats import leave
from carcassonne.server.writers import admin_of, within_bound, writer_of

log = logging.getLogger(__name__)
router = APIRouter(prefix="/api")

#: How many reports one account may send: at most this many in any this many seconds.
REPORT_BOUND = (5, 600.0)


def _reason(value: object) -> str:
    if value is None:
        return ""
    if not isinstance(value, str) or len(value.strip()) > moderation.LONGEST_REASON:
        raise Refusal(400, f"a reason is text of at most {moderation.LONGEST_REASON} "
                           f"characters")
    return value.strip()


@router.post("/reports", status_code=201)
async def report(request: Request) -> dict[str, Any]:
    body = await body_of(request)
    reporter = await writer_of(request, "report")
    message, account = body.get("message"), body.get("account")
    if (message is None) == (account is None):
        raise Refusal(400, "report {\"message\": id} or {\"account\": name}, with a reason")
    if message is not None and (not isinstance(message, int) or isinstance(message, bool)):
        raise Refusal(400, f"message must be a message's id, not {shown(message)}")
    if account is not None and not isinstance(account, str):
        raise Refusal(400, f"account must be a player's name, not {shown(account)}")
    reason = _reason(body.get("reason"))
    await within_bound(request, "reports", reporter["id"], *REPORT_BOUND)
    hall = hall_of(request)
    number = await hall.db(moderation.add_report, hall.store.engine, reporter["id"], message,
                           account, reason, hall.now())
    return {"report": number}


@router.get("/admin/reports")
async def reports(request: Request) -> dict[str, Any]:
    await admin_of(request)
    hall = hall_of(request)
    return {"reports": await hall.db(moderation.open_reports, hall.store.engine)}


async def _hidden(request: Request, message: int, hidden: bool) -> dict[str, Any]:
    await body_of(request)
    await admin_of(request)
    hall = hall_of(request)
    return {"message": await hall.db(moderation.set_hidden, hall.store.engine, message, hidden)}


@router.post("/admin/messages/{message}/hide")
async def hide(request: Request, message: int) -> dict[str, Any]:
    return await _hidden(request, message, True)


@router.post("/admin/messages/{message}/show")
async def show(request: Request, message: int) -> dict[str, Any]:
    return await _hidden(request, message, False)


@router.post("/admin/reports/{number}/resolve")
async def resolve(request: Request, number: int) -> dict[str, Any]:
    await body_of(request)
    admin = await admin_of(request)
    hall = hall_of(request)
    answer: dict[str, Any] = await hall.db(moderation.resolve, hall.store.engine, number,
                                           admin["id"], hall.now())
    return answer


async def stand_ins(hall: Hall, account: str) -> int:
    """Hand every seat ``account`` holds at a table waiting or being played
    to the stand-in (``seats.leave``); how many seats were handed."""
    handed = 0
    for table in list(hall.tables.values()):
        if table.status in ("waiting", "playing") and table.seat_of_account(account) is not None:
            try:
                await leave(hall, table.id, None, account)
                handed += 1
            except Refusal as refusal:  # the table ended meanwhile
                log.info("seat of a suspended account at %s kept: %s", table.id,
                         refusal.message)
    return handed


@router.post("/admin/accounts/{name}/suspend")
async def suspend(request: Request, name: str) -> dict[str, Any]:
    await body_of(request)
    admin = await admin_of(request)
    hall = hall_of(request)
    if name_key(name.strip()) == name_key(admin["name"]):
        raise Refusal(409, "an admin does not suspend themself")
    done = await hall.db(moderation.set_suspended, hall.store.engine, name, True)
    seats = await stand_ins(hall, done.pop("id"))
    return {**done, "seats": seats}


@router.post("/admin/accounts/{name}/unsuspend")
async def unsuspend(request: Request, name: str) -> dict[str, Any]:
    await body_of(request)
    await admin_of(request)
    hall = hall_of(request)
    done = await hall.db(moderation.set_suspended, hall.store.engine, name, False)
    done.pop("id")
    return {**done, "seats": 0}
