"""The officials' acts: naming referees, and a referee's decisions.

``POST /api/competitions/{id}/referees`` (the organizer) adds or removes a
referee; ``POST /api/competitions/{id}/decisions`` (the organizer or a
referee, with a written reason) records a result by decision, disqualifies
an entrant, replaces one, or reopens a game. Both are competition actions
(event_actions.py), run by the organizing process under the competition's
lock, each as **check → decide → store → tell**:

1. the body is read and checked (400), the official too (403: only an
   official; nobody decides about a match they play in or about themself);
2. what the act does to the progress is decided purely
   (:mod:`carcassonne.competitions.decisions`; 409 naming why it cannot);
3. the progress, the setup's lists and the act's entry in the audit log
   (officials.py) are stored in one write, with the tables the competition
   opens from it (the organizer's usual step), or not at all;
4. the tables of games the act ended (a game or match decided, an entrant
   disqualified) are ended as ``abandoned`` (no rating: the competition
   counts the decision), each by the process that plays it.
"""

from __future__ import annotations

import logging
import unicodedata
from typing import TYPE_CHECKING, Any, cast

from carcassonne.competitions.decisions import (
    DecisionError,
    decide_game,
    decide_match,
    disqualify,
    interrupted,
    reopen,
)
from carcassonne.engine.errors import shown
from carcassonne.server.bodies import clean_name, mapping, whole_number
from carcassonne.server.errors import Moved, Refusal
from carcassonne.server.event_setup import entrant_request
from carcassonne.server.officials import (
    MAX_REFEREES,
    disqualified,
    officiates,
    referee_ids,
    replaced,
)
from carcassonne.server.routing import routed

if TYPE_CHECKING:
    from carcassonne.competitions import Progress
    from carcassonne.server.events import Event
    from carcassonne.server.host import ChangeHost
    from carcassonne.server.organizer import Organizer

log = logging.getLogger(__name__)

#: What an official may decide.
KINDS = ("result", "disqualify", "replace", "reopen")
#: The bounds of a written reason, in characters.
REASON = (3, 1000)


def reason_of(body: dict[str, Any], required: bool = True) -> str | None:
    """The written reason of an act: 3 to 1000 characters, line breaks
    kept, no other control character."""
    value = body.get("reason")
    if value is None and not required:
        return None
    if not isinstance(value, str):
        raise Refusal(400, "a decision needs a written reason (\"reason\": text)")
    text = "\n".join(" ".join(line.split()) for line in value.strip().splitlines())
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp") and ch != "\n" for ch in text):
        raise Refusal(400, "the reason may hold no control character")
    low, high = REASON
    if not low <= len(text) <= high:
        raise Refusal(400, f"the reason must be {low} to {high} characters, not {len(text)}")
    return text


def entrant_named(event: Event, value: Any, what: str = "entrant") -> str:
    """The entrant a name (as the competition shows it) names."""
    name = clean_name(value, f"the {what}", 80)
    for known in event.entrants:
        if known["name"] == name:
            return str(known["id"])
    for known in event.entrants:
        if str(known["name"]).casefold() == name.casefold():
            return str(known["id"])
    raise Refusal(404, f"{shown(name)} is not an entrant of this competition")


async def referees_setup(organizer: Organizer, body: dict[str, Any], account: str,
                         name: str, at: str) -> dict[str, Any]:
    """The setup's ``referees`` (and their entries in the log) of a new
    competition's body: ``"referees": [NAME, ...]``, each an account."""
    value = body.get("referees", [])
    if not isinstance(value, list) or len(value) > MAX_REFEREES:
        raise Refusal(400, f"referees must be a list of at most {MAX_REFEREES} player names")
    referees: list[dict[str, str]] = []
    for index, item in enumerate(value):
        found = await organizer.entrant("player", clean_name(item, f"referee {index}"))
        if found["id"] != f"account:{account}" and found not in referees:
            referees.append(found)
    audit = [{"at": at, "by": account, "by_name": name, "kind": "referee_added",
              "referee": found["name"], "reason": None} for found in referees]
    return {"referees": referees, "audit": audit} if referees else {}


# -- the referees' list -------------------------------------------------------------------


async def _referees(organizer: Organizer, player: list[str], event_id: str,
                    body: dict[str, Any]) -> dict[str, Any]:
    """``{"add": NAME}`` or ``{"remove": NAME}`` (and a ``"reason"`` if
    given): the organizer changes the referees."""
    account, name = player
    event = organizer.get(event_id)
    if account != event.organizer:
        raise Refusal(403, "only the organizer names the referees")
    if len(set(body) - {"reason"}) != 1 or not set(body) & {"add", "remove"}:
        raise Refusal(400, "send {\"add\": NAME} or {\"remove\": NAME} (and a \"reason\")")
    reason = reason_of(body, required=False)
    adding = "add" in body
    found = await organizer.entrant("player", clean_name(body.get("add", body.get("remove")),
                                                         "the referee's name"))
    async with event.lock:
        referees = list(event.setup.get("referees", []))
        known = found["id"] in referee_ids(event.setup)
        if found["id"] == f"account:{event.organizer}":
            raise Refusal(409, "the organizer is always a referee")
        if adding and known:
            raise Refusal(409, f"{found['name']} is a referee already")
        if not adding and not known:
            raise Refusal(409, f"{found['name']} is not a referee")
        if adding and len(referees) >= MAX_REFEREES:
            raise Refusal(409, f"at most {MAX_REFEREES} referees")
        referees = ([*referees, found] if adding
                    else [r for r in referees if r["id"] != found["id"]])
        entry = {"at": organizer.host.now().isoformat(), "by": account, "by_name": name,
                 "kind": "referee_added" if adding else "referee_removed",
                 "referee": found["name"], "reason": reason}
        setup = {**event.setup, "referees": referees,
                 "audit": [*event.setup.get("audit", []), entry]}
        await organizer.host.db(organizer.host.store.update_competition,
                                event.row(setup=setup))
        event.apply(setup=setup)
    return organizer.view(event_id)


# -- decisions ----------------------------------------------------------------------------


def _not_about_self(event: Event, account: str, entrants: list[str]) -> None:
    me = f"account:{account}"
    if me in entrants or any(replaced(event.setup).get(e, {}).get("id") == me
                             for e in entrants):
        raise Refusal(403, "you play in this: another official decides")


def _decided(event: Event, account: str, body: dict[str, Any],
             entry: dict[str, Any]) -> tuple[Progress, dict[str, Any]]:
    """What the decision ``body`` does: the new progress and the setup's
    changed lists; ``entry`` (the audit entry) takes the act's details."""
    progress = event.progress
    assert progress is not None
    out = disqualified(event.setup)
    kind = entry["kind"]
    if kind in ("result", "reopen"):
        match_id = body.get("match")
        if not isinstance(match_id, str) or not match_id:
            raise Refusal(400, "name the match (\"match\": its id, as \"1.2.3\")")
        match = next((m for m, _ in progress.games() if m.id == match_id), None)
        if match is None:
            raise Refusal(404, f"there is no match {shown(match_id)}")
        _not_about_self(event, account, match.entrants)
        entry["match"] = match_id
        game = body.get("game")
        if game is not None or kind == "reopen":
            entry["game"] = game = whole_number(game, "game")
        if kind == "reopen":
            return reopen(progress, match_id, game, out), {}
        if len({"scores", "winner"} & set(body)) != 1:
            raise Refusal(400, "a result has \"scores\" (of a game) or \"winner\", not both")
        if "scores" in body:
            if game is None:
                raise Refusal(400, "scores are a game's: name the game")
            given = mapping(body["scores"], "scores")
            scores = {entrant_named(event, name): value for name, value in given.items()}
            entry["scores"] = scores
            return decide_game(progress, match_id, game, scores, out), {}
        winner = None if body["winner"] is None else entrant_named(event, body["winner"],
                                                                   "winner")
        entry["winner"] = winner
        if game is None:
            return decide_match(progress, match_id, winner, out), {}
        slot = next((g for g in match.games if g.number == game), None)
        seats = [] if slot is None else slot.seats
        if slot is not None and winner is not None and winner not in seats:
            raise Refusal(409, f"{event.name_of(winner)} does not play game {game}")
        scores = {seat: int(seat == winner) for seat in seats}
        return decide_game(progress, match_id, game, scores, out), {}
    entrant = entrant_named(event, body.get("entrant"))
    _not_about_self(event, account, [entrant])
    entry["entrant"] = entrant
    if kind == "disqualify":
        changed = disqualify(progress, entrant, out)
        return changed, {"disqualified": sorted(out | {entrant})}
    if entrant in out:
        raise Refusal(409, f"{event.name_of(entrant)} is disqualified")
    by = mapping(body.get("by"), "by")
    what, name = entrant_request(by, "by")
    return progress, {"replaced": {**replaced(event.setup), entrant: {"kind": what,
                                                                     "name": name}}}


async def _replacement(organizer: Organizer, event: Event, changes: dict[str, Any],
                       entry: dict[str, Any]) -> dict[str, Any]:
    """The replacement named in ``changes`` as ``{"id", "name"}``."""
    swaps = dict(changes["replaced"])
    entrant = entry["entrant"]
    asked = swaps[entrant]
    found = await organizer.entrant(asked["kind"], asked["name"])
    taken = {e["id"] for e in event.entrants} | {
        by["id"] for e, by in replaced(event.setup).items() if e != entrant}
    if found["id"] == entrant:
        swaps.pop(entrant)  # the entrant plays again
    elif found["id"].startswith("account:") and found["id"] in taken:
        raise Refusal(409, f"{found['name']} plays in this competition already")
    else:
        swaps[entrant] = found
    entry["replacement"] = found
    return {"replaced": swaps}


async def _decide(organizer: Organizer, player: list[str], event_id: str,
                  body: dict[str, Any]) -> dict[str, Any]:
    """A decision (see the module docstring); the competition as it is then."""
    account, name = player
    event = organizer.get(event_id)
    if not officiates(event, account):
        raise Refusal(403, "only the organizer and the referees decide")
    kind = body.get("kind")
    if kind not in KINDS:
        raise Refusal(400, f"kind must be one of {', '.join(KINDS)}, not {shown(kind)}")
    reason = reason_of(body)
    async with event.lock:
        if event.status != "running" or event.progress is None:
            raise Refusal(409, f"the competition is {event.status}, not running")
        entry: dict[str, Any] = {"at": organizer.host.now().isoformat(), "by": account,
                                 "by_name": name, "kind": kind}
        try:
            progress, changes = _decided(event, account, body, entry)
        except DecisionError as err:
            raise Refusal(409, str(err)) from None
        if kind == "replace":
            changes = await _replacement(organizer, event, changes, entry)
        entry["reason"] = reason
        closing = interrupted(event.progress, progress)
        before = event.setup
        event.setup = {**before, **changes, "audit": [*before.get("audit", []), entry]}
        try:
            await organizer.go_on(event, progress)
        except BaseException:
            event.setup = before
            raise
    for table in closing:
        try:
            await end_by_decision(cast("ChangeHost", organizer.host), table)
        except Refusal as err:  # the decision stands: the table's end is not counted
            log.warning("table %s was not ended after a decision: %s", table, err.message)
    return organizer.view(event_id)


@routed
async def end_by_decision(hall: ChangeHost, table_id: str) -> bool:
    """End a competition's table being played whose game an official
    decided: ``abandoned`` (not rated), by the process that plays it;
    whether it was still being played."""
    table = hall.get(table_id)

    async def end() -> bool:
        if not hall.owns(table):
            raise Moved()
        if table.status != "playing":
            return False
        await hall.write(table, status="abandoned")
        return True

    return await hall.order(table, end)


#: The officials' actions by name (added to event_actions.ACTIONS).
ACTIONS = {"referees": _referees, "decide": _decide}
