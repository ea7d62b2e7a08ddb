"""The HTTP routes of competitions: create, enter, start, "play now", read.

A competition is created by a logged-in player, its organizer, who may add
bots and players and start it; a logged-in player enters an open one
themself. Its games are ordinary tables (the lobby's and the WebSocket's
protocol), created by the server when their players are there.

Each route reads its request here (body, logged-in player) and hands the
rest to an *action* of :data:`ACTIONS`, which the organizing process runs:
this one, or, among many processes, the one holding the organizer's lease
(cluster.py), which answers with the JSON the route returns.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from carcassonne.server.event_actions import act
from carcassonne.server.http_input import body_of, hall_of, require_player

router = APIRouter(prefix="/api")


# -- routes ------------------------------------------------------------------------------


@router.post("/competitions", status_code=201)
async def create_competition(request: Request) -> dict[str, Any]:
    body = await body_of(request)
    player = list(await require_player(request, "organize a competition"))
    answer: dict[str, Any] = await act(hall_of(request), "create", player, body)
    return answer


@router.get("/competitions")
async def list_competitions(request: Request, series: str | None = None) -> dict[str, Any]:
    answer: dict[str, Any] = await act(hall_of(request), "listing", series)
    return answer


@router.get("/competitions/{event_id}")
async def get_competition(request: Request, event_id: str) -> dict[str, Any]:
    answer: dict[str, Any] = await act(hall_of(request), "view", event_id)
    return answer


@router.post("/competitions/{event_id}/entrants")
async def add_entrant(request: Request, event_id: str) -> dict[str, Any]:
    """``{}``: enter yourself (an open competition); ``{"bot": NAME}`` or
    ``{"player": NAME}``: the organizer adds an entrant."""
    body = await body_of(request)
    player = list(await require_player(request, "enter a competition"))
    answer: dict[str, Any] = await act(hall_of(request), "enter", player, event_id, body)
    return answer


@router.post("/competitions/{event_id}/start")
async def start_competition(request: Request, event_id: str) -> dict[str, Any]:
    await body_of(request)
    player = list(await require_player(request, "start a competition"))
    answer: dict[str, Any] = await act(hall_of(request), "start", player, event_id)
    return answer


@router.post("/competitions/{event_id}/matches/{match_id}/play")
async def play_match(request: Request, event_id: str, match_id: str) -> dict[str, Any]:
    """"Play now": you are there for your match; its table is made once
    everyone of the match is."""
    await body_of(request)
    player = list(await require_player(request, "play a match"))
    answer: dict[str, Any] = await act(hall_of(request), "play", player, event_id, match_id)
    return answer
