"""The competitions' actions: what the organizing process does, JSON in and out.

A competition route (event_api.py) reads its request (body, logged-in
player) and hands the rest to an action of :data:`ACTIONS` through
:func:`act`; the process that organizes the competitions runs it (this
one, or, among many processes, the one holding the organizer's lease:
cluster.py sends the action's name and arguments there) and its answer is
the JSON the route returns. Nothing here is HTTP, so the cluster and the
hall run actions without the routes.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from carcassonne.server.errors import Refusal
from carcassonne.server.event_setup import competition_setup, entrant_request, entrant_requests
from carcassonne.server.presets import with_preset
from carcassonne.server.referees import ACTIONS as OFFICIALS
from carcassonne.server.referees import referees_setup

if TYPE_CHECKING:
    from carcassonne.server.host import Organizing
    from carcassonne.server.organizer import Organizer


async def _create(organizer: Organizer, player: list[str], body: dict[str, Any],
                  ) -> dict[str, Any]:
    account, name = player
    body = with_preset(body, "competition")
    setup = competition_setup(body)
    entrants = [await organizer.entrant(kind, value) for kind, value in entrant_requests(body)]
    setup.update(await referees_setup(organizer, body, account, name,
                                      organizer.host.now().isoformat()))
    event = await organizer.create({**setup, "organizer_name": name}, entrants, account)
    return organizer.view(event.id)


async def _listing(organizer: Organizer, series: str | None) -> dict[str, Any]:
    return {"competitions": organizer.listing(series)}


async def _view(organizer: Organizer, event_id: str) -> dict[str, Any]:
    return organizer.view(event_id)


async def _enter(organizer: Organizer, player: list[str], event_id: str,
                 body: dict[str, Any]) -> dict[str, Any]:
    account, name = player
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


async def _start(organizer: Organizer, player: list[str], event_id: str) -> dict[str, Any]:
    await organizer.start(event_id, player[0])
    return organizer.view(event_id)


async def _play(organizer: Organizer, player: list[str], event_id: str,
                match_id: str) -> dict[str, Any]:
    return await organizer.ready(event_id, match_id, player[0])


async def _matches(organizer: Organizer, account: str) -> list[dict[str, Any]]:
    return organizer.matches_of(account)


#: The actions of competitions by name, run by the organizing process.
ACTIONS: dict[str, Callable[..., Awaitable[Any]]] = {
    "create": _create, "listing": _listing, "view": _view, "enter": _enter,
    "start": _start, "play": _play, "matches": _matches, **OFFICIALS}


async def act(host: Organizing, action: str, *args: Any) -> Any:
    """Run ``action`` at the organizing process (this one, or the one that
    holds the organizer's lease: cluster.py) and give its answer."""
    return await host.organize(action, list(args))
