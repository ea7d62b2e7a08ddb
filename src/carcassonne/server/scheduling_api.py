"""The HTTP routes of agreeing on match times (docs/boards.md, "Agreeing
on a time") and of a player's calendar.

- ``POST /api/competitions/{id}/matches/{match}/proposals``
  ``{"times": [ISO-8601 with offset, ...], "zone"}``: a proposal;
- ``POST .../proposals/{pid}/accept`` ``{"time"}``: an acceptance;
- ``GET .../matches/{match}/times``: the match's proposals and agreed time
  (its thread's readers); ``GET /api/competitions/{id}/times``: every
  agreed time of a competition (anyone);
- ``GET /api/me/schedule``: the player's next agreed games;
- ``GET/PUT /api/me/calendar``, ``POST /api/me/calendar/key``: the feed's
  key and the account's time zone; ``GET /api/me/calendar.ics?key=``: the
  feed itself.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response

from carcassonne.competitions import ical
from carcassonne.competitions.proposals import Refused, check_zone
from carcassonne.engine.errors import shown
from carcassonne.server import calendars, scheduling
from carcassonne.server.boards import match_key
from carcassonne.server.errors import Refusal
from carcassonne.server.http_input import account_of, body_of, hall_of
from carcassonne.server.writers import within_bound, writer_of

router = APIRouter(prefix="/api")

#: How many proposals and acceptances one account may make: at most this
#: many in any this many seconds.
PROPOSAL_BOUND = (10, 60.0)


def _match(value: str) -> str:
    key = match_key(value)
    assert key is not None
    return key


@router.post("/competitions/{event_id}/matches/{match}/proposals", status_code=201)
async def propose(request: Request, event_id: str, match: str) -> dict[str, Any]:
    body = await body_of(request)
    writer = await writer_of(request, "propose a time")
    await within_bound(request, "proposals", writer["id"], *PROPOSAL_BOUND)
    hall = hall_of(request)
    message: dict[str, Any] = await hall.db(
        scheduling.propose, hall.store.engine, event_id, _match(match), writer,
        body.get("times"), body.get("zone"), hall.now())
    return {"message": message}


@router.post("/competitions/{event_id}/matches/{match}/proposals/{proposal}/accept",
             status_code=201)
async def accept(request: Request, event_id: str, match: str, proposal: str) -> dict[str, Any]:
    body = await body_of(request)
    writer = await writer_of(request, "accept a time")
    if not proposal.isdigit() or len(proposal) > 12:
        raise Refusal(404, f"there is no proposal {shown(proposal)} in this match")
    await within_bound(request, "proposals", writer["id"], *PROPOSAL_BOUND)
    hall = hall_of(request)
    message: dict[str, Any] = await hall.db(
        scheduling.accept, hall.store.engine, event_id, _match(match), int(proposal), writer,
        body.get("time"), hall.now())
    return {"message": message}


@router.get("/competitions/{event_id}/matches/{match}/times")
async def match_times(request: Request, event_id: str, match: str) -> dict[str, Any]:
    account = await account_of(request)
    reader = None if account is None else account["id"]
    admin = account is not None and account.get("role") == "admin"
    hall = hall_of(request)
    answer: dict[str, Any] = await hall.db(scheduling.state, hall.store.engine, event_id,
                                           _match(match), reader, admin)
    return answer


@router.get("/competitions/{event_id}/times")
async def event_times(request: Request, event_id: str) -> dict[str, Any]:
    hall = hall_of(request)
    times: dict[str, str] = await hall.db(scheduling.agreed_times, hall.store.engine, event_id)
    return {"competition": event_id, "times": times}


async def _player(request: Request, doing: str) -> dict[str, Any]:
    account = await account_of(request)
    if account is None:
        raise Refusal(401, f"log in to {doing}")
    return account


@router.get("/me/schedule")
async def my_schedule(request: Request) -> dict[str, Any]:
    account = await _player(request, "see your games")
    hall = hall_of(request)
    games = await hall.db(calendars.upcoming, hall.store.engine, account["id"], hall.now())
    return {"games": games}


def _site(request: Request) -> str:
    public: str | None = hall_of(request).settings.public_url
    return (public or str(request.base_url)).rstrip("/")


def _calendar_view(request: Request, found: dict[str, Any]) -> dict[str, Any]:
    return {"key": found["key"], "zone": found["zone"],
            "feed": f"{_site(request)}/api/me/calendar.ics?key={found['key']}"}


@router.get("/me/calendar")
async def my_calendar(request: Request) -> dict[str, Any]:
    account = await _player(request, "see your calendar")
    hall = hall_of(request)
    found = await hall.db(calendars.settings, hall.store.engine, account["id"])
    return _calendar_view(request, found)


@router.put("/me/calendar")
async def set_zone(request: Request) -> dict[str, Any]:
    body = await body_of(request)
    account = await writer_of(request, "choose your time zone")
    if set(body) - {"zone"} or "zone" not in body:
        raise Refusal(400, 'the body is {"zone": an IANA time zone or null}')
    zone = body["zone"]
    if zone is not None:
        try:
            zone = check_zone(zone)
        except Refused as error:
            raise scheduling.refusal(error) from None
    hall = hall_of(request)
    await hall.db(calendars.set_zone, hall.store.engine, account["id"], zone)
    found = await hall.db(calendars.settings, hall.store.engine, account["id"])
    return _calendar_view(request, found)


@router.post("/me/calendar/key")
async def renew_key(request: Request) -> dict[str, Any]:
    account = await writer_of(request, "renew your calendar's key")
    hall = hall_of(request)
    await hall.db(calendars.renew, hall.store.engine, account["id"])
    found = await hall.db(calendars.settings, hall.store.engine, account["id"])
    return _calendar_view(request, found)


@router.get("/me/calendar.ics")
async def feed(request: Request, key: str = "") -> Response:
    hall = hall_of(request)
    found = await hall.db(calendars.feed_games, hall.store.engine, key)
    if found is None:
        raise Refusal(404, "there is no calendar at this address")
    name, rows = found
    site = _site(request)
    host = site.split("://", 1)[-1].split("/", 1)[0]
    text = ical.calendar([calendars.game(row, site) for row in rows], host,
                         f"Carcassonne: {name}")
    return Response(text.encode("utf-8"), media_type="text/calendar; charset=utf-8",
                    headers={"Cache-Control": "private, no-cache"})
