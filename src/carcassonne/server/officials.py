"""A competition's officials: its organizer and referees, and what they decided.

Who officiates, who is out and who plays for whom are kept in the
competition's stored setup, beside its progress, so one write stores a
decision with its effect (no table of its own):

- ``"referees": [{"id": "account:ID", "name"}]``: the referees besides the
  organizer, who always is one;
- ``"disqualified": [ENTRANT, ...]``: the entrants out, forfeiting every
  match of theirs not decided when they were disqualified, and every match
  paired for them later;
- ``"replaced": {ENTRANT: {"id": "account:ID" or "bot:NAME", "name"}}``:
  who plays an entrant's games whose tables open from now on (the
  entrant's place, results and standing are kept);
- ``"audit": [ENTRY, ...]``: every act of an official, oldest first, kept
  for good: ``{"at": ISO, "by": "ID", "by_name", "kind", "reason", ...}``
  with, by kind, ``"match"``, ``"game"``, ``"scores"`` ({ENTRANT: n}),
  ``"winner"``, ``"entrant"``, ``"replacement"`` ({"id", "name"}) or
  ``"referee"`` (a name).

What a decision does to the progress is decided purely
(:mod:`carcassonne.competitions.decisions`); the organizer goes on with
:func:`advance_event`, which reads the setup's lists. :func:`official_view`
adds the officials, the log and the "by decision" marks to ``COMPETITION``.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any, Protocol

from carcassonne.competitions import Progress, Step
from carcassonne.competitions.decisions import advance_officiated, is_decided_table
from carcassonne.server.events import Event

#: The setup's keys an official's acts change; not shown as the setup.
KEYS = ("referees", "disqualified", "replaced", "audit")
#: The most referees of a competition (besides its organizer).
MAX_REFEREES = 16


class Officiated(Protocol):
    """What :func:`officiates` reads of a competition (an :class:`Event`)."""

    organizer: str | None
    setup: dict[str, Any]


def officiates(event: Officiated, account: str | None) -> bool:
    """Whether ``account`` (an account's id) is the organizer or a referee of
    ``event``: who may decide results, disqualify, replace, reopen (and
    pause a game of it)."""
    if account is None:
        return False
    return account == event.organizer or f"account:{account}" in referee_ids(event.setup)


def referee_ids(setup: Mapping[str, Any]) -> list[str]:
    """The referees' entrant-style ids (``account:ID``), organizer apart."""
    return [referee["id"] for referee in setup.get("referees", [])]


def disqualified(setup: Mapping[str, Any]) -> frozenset[str]:
    """The entrants disqualified."""
    return frozenset(setup.get("disqualified", []))


def replaced(setup: Mapping[str, Any]) -> dict[str, dict[str, str]]:
    """Who plays for whom: entrant -> ``{"id", "name"}`` of who plays."""
    return dict(setup.get("replaced", {}))


def seat_player(event: Event, entrant: str) -> tuple[str, str]:
    """Who sits at a new table for ``entrant``: their id (``account:ID`` or
    ``bot:NAME``) and the name shown, the entrant's or their replacement's."""
    by = replaced(event.setup).get(entrant)
    if by is None:
        return entrant, event.name_of(entrant) or entrant
    return by["id"], by["name"]


def acting_as(event: Event, account: str) -> str:
    """The entrant ``account`` plays in ``event``: the one they replace, or
    themself (``account:ID``); nobody ("") once someone replaces them."""
    me = f"account:{account}"
    swaps = replaced(event.setup)
    for entrant, by in swaps.items():
        if by["id"] == me:
            return entrant
    return "" if me in swaps else me


def advance_event(event: Event, progress: Progress, now: datetime) -> Step:
    """What ``event`` does next from ``progress``: :func:`advance
    <carcassonne.competitions.running.advance>` with its officials'
    decisions (who is out, who a bot plays for)."""
    setup = event.setup
    bots = {entrant for entrant, by in replaced(setup).items() if by["id"].startswith("bot:")}
    return advance_officiated(progress, event.rules, event.id, now, disqualified(setup), bots)


# -- what the protocol shows ------------------------------------------------------------


def entry_view(event: Event, entry: Mapping[str, Any]) -> dict[str, Any]:
    """An audit entry as ``COMPETITION`` shows it: entrants by their names."""
    out: dict[str, Any] = {"at": entry["at"], "by": entry["by_name"], "kind": entry["kind"],
                           "reason": entry.get("reason")}
    for key in ("match", "game", "referee"):
        if key in entry:
            out[key] = entry[key]
    if "entrant" in entry:
        out["entrant"] = event.name_of(entry["entrant"])
    if "winner" in entry:
        out["winner"] = event.name_of(entry["winner"])
    if "scores" in entry:
        out["scores"] = {event.name_of(e): n for e, n in entry["scores"].items()}
    if "replacement" in entry:
        out["replacement"] = entry["replacement"]["name"]
    return out


def _decisions(audit: list[dict[str, Any]]) -> dict[tuple[str, int | None], dict[str, Any]]:
    """The results standing by decision: (match, game or None) -> the entry."""
    standing: dict[tuple[str, int | None], dict[str, Any]] = {}
    for entry in audit:
        if entry["kind"] == "result":
            standing[(entry["match"], entry.get("game"))] = entry
        elif entry["kind"] == "reopen":
            standing.pop((entry["match"], entry["game"]), None)
            standing.pop((entry["match"], None), None)
    return standing


def official_view(event: Event, view: dict[str, Any]) -> dict[str, Any]:
    """``COMPETITION`` with its officials (``"referees"``, organizer first),
    ``"disqualified"``, ``"replaced"``, the ``"audit"`` log, and each match
    and game whose result stands by decision marked ``"decision": {"by",
    "at", "reason"}`` (a game decided shows its decided scores)."""
    setup = event.setup
    view["setup"] = {k: v for k, v in view.get("setup", {}).items() if k not in KEYS}
    view["referees"] = [view.get("organizer"), *[r["name"] for r in setup.get("referees", [])]]
    view["disqualified"] = [event.name_of(e) for e in sorted(disqualified(setup))]
    view["replaced"] = [{"entrant": event.name_of(e), "by": by["name"]}
                        for e, by in replaced(setup).items()]
    audit = list(setup.get("audit", []))
    view["audit"] = [entry_view(event, entry) for entry in audit]
    standing = _decisions(audit)
    progress = event.progress
    if not standing or progress is None:
        return view
    ended = {(match.id, game.number): game for match, game in progress.games()}
    for stage in view.get("stages", []):
        for one in stage["rounds"]:
            for match in one["matches"]:
                entry = standing.get((match["id"], None))
                if entry is not None and match["result"] is not None:
                    match["decision"] = _mark(entry)
                for game in match["games"]:
                    entry = standing.get((match["id"], game["number"]))
                    slot = ended.get((match["id"], game["number"]))
                    if entry is None or slot is None or slot.ended is None:
                        continue
                    game["decision"] = _mark(entry)
                    game["scores"] = list(slot.ended.scores or ())
                    if is_decided_table(slot.table):
                        game["table"], game["status"] = None, "decided"
    return view


def _mark(entry: Mapping[str, Any]) -> dict[str, Any]:
    return {"by": entry["by_name"], "at": entry["at"], "reason": entry.get("reason")}
