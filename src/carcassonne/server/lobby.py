"""The HTTP lobby: tables to list, create, join, start, leave, rematch, and records.

Bodies and answers are JSON; errors are ``{"error", "rule"}`` with the status
of :mod:`carcassonne.server.errors`. A seat token travels as
``Authorization: Bearer TOKEN``. Write requests (POST) are bounded per client
address; bodies over 8 KiB are refused with 413.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from carcassonne import json_input
from carcassonne.server.accounts import COOKIE
from carcassonne.server.bodies import MAX_BODY, join_request, mapping, table_setup
from carcassonne.server.catalogue import catalogue
from carcassonne.server.errors import Refusal
from carcassonne.server.hall import Hall
from carcassonne.server.limits import Windows
from carcassonne.server.site_limits import SiteWindows
from carcassonne.server.tokens import bearer

router = APIRouter(prefix="/api")


def hall_of(request: Request) -> Hall:
    hall: Hall = request.app.state.hall
    return hall


async def body_of(request: Request) -> dict[str, Any]:
    """The JSON object a write request carries (``{}`` when empty); counts
    the request against its client's rate bound first."""
    writes: Windows | SiteWindows = request.app.state.writes
    if not await writes.allow(client_address(request)):
        raise Refusal(429, "too many requests: wait a few seconds")
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > MAX_BODY:
        raise Refusal(413, f"the body is over {MAX_BODY} bytes")
    raw = b""
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > MAX_BODY:
            raise Refusal(413, f"the body is over {MAX_BODY} bytes")
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


@router.get("/health")
async def health() -> dict[str, Any]:
    return {"ok": True}


@router.get("/catalogue")
async def get_catalogue() -> dict[str, Any]:
    return catalogue()


async def account_of(request: Request) -> dict[str, Any] | None:
    """The account the request's session cookie belongs to, or None."""
    return await hall_of(request).session_account(request.cookies.get(COOKIE))


async def player_of(request: Request) -> tuple[str, str] | None:
    """The logged-in player of the request, ``(account id, name)``, or None."""
    account = await account_of(request)
    return None if account is None else (account["id"], account["name"])


@router.post("/tables", status_code=201)
async def create_table(request: Request) -> dict[str, Any]:
    setup = table_setup(await body_of(request))
    table, seat, token = await hall_of(request).create(setup, await player_of(request),
                                                       client_address(request))
    answer: dict[str, Any] = {"table": table.public(hall_of(request).now())}
    if token is not None:
        answer.update(seat=seat, token=token)
    return answer


@router.get("/tables")
async def list_tables(request: Request, status: str | None = None) -> dict[str, Any]:
    return {"tables": hall_of(request).listing(status)}


@router.get("/tables/{table_id}")
async def get_table(request: Request, table_id: str) -> dict[str, Any]:
    hall = hall_of(request)
    return (await hall.find(table_id)).public(hall.now())


@router.post("/tables/{table_id}/join")
async def join_table(request: Request, table_id: str) -> dict[str, Any]:
    body = await body_of(request)
    hall = hall_of(request)
    await hall.find(table_id)
    seat, name = join_request(body)
    index, token = await hall.join(table_id, seat, name, await player_of(request))
    return {"seat": index, "token": token}


@router.post("/tables/{table_id}/start")
async def start_table(request: Request, table_id: str) -> dict[str, Any]:
    await body_of(request)
    player = await player_of(request)
    hall = hall_of(request)
    table = await hall.start(table_id, token_of(request), player[0] if player else None)
    return table.public(hall.now())


@router.post("/tables/{table_id}/leave")
async def leave_table(request: Request, table_id: str) -> dict[str, Any]:
    await body_of(request)
    player = await player_of(request)
    hall = hall_of(request)
    table = await hall.leave(table_id, token_of(request), player[0] if player else None)
    return table.public(hall.now())


@router.post("/tables/{table_id}/rematch")
async def rematch_table(request: Request, table_id: str) -> dict[str, Any]:
    await body_of(request)
    player = await player_of(request)
    return await hall_of(request).rematch(table_id, token_of(request),
                                          player[0] if player else None)


@router.get("/tables/{table_id}/record")
async def table_record(request: Request, table_id: str) -> JSONResponse:
    return JSONResponse(await hall_of(request).record(table_id))
