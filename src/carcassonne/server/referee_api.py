"""The HTTP routes of a competition's officials: referees and decisions.

``POST /api/competitions/{id}/referees`` (the organizer) and ``POST
/api/competitions/{id}/decisions`` (the organizer or a referee) read their
request here and hand the rest to the officials' actions (referees.py), run
by the organizing process like every competition action (event_actions.py).
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from carcassonne.server.event_actions import act
from carcassonne.server.http_input import body_of, hall_of, require_player

router = APIRouter(prefix="/api")


@router.post("/competitions/{event_id}/referees")
async def change_referees(request: Request, event_id: str) -> dict[str, Any]:
    """``{"add": NAME}`` or ``{"remove": NAME}`` (a ``"reason"`` if given)."""
    body = await body_of(request)
    player = list(await require_player(request, "name referees"))
    answer: dict[str, Any] = await act(hall_of(request), "referees", player, event_id, body)
    return answer


@router.post("/competitions/{event_id}/decisions")
async def decide(request: Request, event_id: str) -> dict[str, Any]:
    """A decision: ``{"kind": "result" | "disqualify" | "replace" | "reopen",
    ..., "reason"}`` (docs/server.md, "Referees")."""
    body = await body_of(request)
    player = list(await require_player(request, "decide"))
    answer: dict[str, Any] = await act(hall_of(request), "decide", player, event_id, body)
    return answer
