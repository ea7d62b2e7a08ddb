"""The HTTP routes of competitions: create, enter, start, "play now", read.

A competition is created by a logged-in player, its organizer, who may add
bots and players and start it; a logged-in player enters an open one
themself. Its games are ordinary tables (the lobby's and the WebSocket's
protocol), created by the server when their players are there.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from carcassonne.server.errors import Refusal
from carcassonne.server.event_setup import competition_setup, entrant_request, entrant_requests
from carcassonne.server.lobby import body_of, hall_of, player_of
from carcassonne.server.organizer import Organizer

router = APIRouter(prefix="/api")


def organizer_of(request: Request) -> Organizer:
    return hall_of(request).organizer


async def logged_in(request: Request, doing: str) -> tuple[str, str]:
    player = await player_of(request)
    if player is None:
        raise Refusal(401, f"log in to {doing}")
    return player


@router.post("/competitions", status_code=201)
async def create_competition(request: Request) -> dict[str, Any]:
    body = await body_of(request)
    account, name = await logged_in(request, "organize a competition")
    setup = competition_setup(body)
    organizer = organizer_of(request)
    entrants = [await organizer.entrant(kind, value) for kind, value in entrant_requests(body)]
    event = await organizer.create({**setup, "organizer_name": name}, entrants, account)
    return organizer.view(event.id)


@router.get("/competitions")
async def list_competitions(request: Request, series: str | None = None) -> dict[str, Any]:
    return {"competitions": organizer_of(request).listing(series)}


@router.get("/competitions/{event_id}")
async def get_competition(request: Request, event_id: str) -> dict[str, Any]:
    return organizer_of(request).view(event_id)


@router.post("/competitions/{event_id}/entrants")
async def add_entrant(request: Request, event_id: str) -> dict[str, Any]:
    """``{}``: enter yourself (an open competition); ``{"bot": NAME}`` or
    ``{"player": NAME}``: the organizer adds an entrant."""
    body = await body_of(request)
    account, name = await logged_in(request, "enter a competition")
    organizer = organizer_of(request)
    event = organizer.get(event_id)
    if body:
        if account != event.organizer:
            raise Refusal(403, "only the organizer adds entrants; send {} to enter yourself")
        entrant = await organizer.entrant(*entrant_request(body))
    else:
        if not event.setup["open"] and account != event.organizer:
            raise Refusal(403, "this competition's entrants are chosen by its organizer")
        entrant = {"id": f"account:{account}", "name": name}
    await organizer.enter(event_id, entrant)
    return organizer.view(event_id)


@router.post("/competitions/{event_id}/start")
async def start_competition(request: Request, event_id: str) -> dict[str, Any]:
    await body_of(request)
    account, _ = await logged_in(request, "start a competition")
    organizer = organizer_of(request)
    await organizer.start(event_id, account)
    return organizer.view(event_id)


@router.post("/competitions/{event_id}/matches/{match_id}/play")
async def play_match(request: Request, event_id: str, match_id: str) -> dict[str, Any]:
    """"Play now": you are there for your match; its table is made once
    everyone of the match is."""
    await body_of(request)
    account, _ = await logged_in(request, "play a match")
    return await organizer_of(request).ready(event_id, match_id, account)
