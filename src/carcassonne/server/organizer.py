"""The organizer: runs every competition of the hall by itself.

What a competition does next is decided by the pure functions of
:mod:`carcassonne.competitions.running`; the organizer carries it out. It
loads and stores competitions, is told when a game's table ends
(:meth:`Organizer.game_ended`, which the hall calls), opens the tables of
the games that can start (at once for bots; for people, when each has
pressed "play now"), forfeits the matches not played by their round's
deadline (:meth:`Organizer.keep_time`), and names the winner, who holds the
series' title until the next event of the series.

One step of a competition (:meth:`Organizer._advance`, its lock held)::

    a table ends ──> hall: organizer.game_ended(table, counted scores)
        ──> record_game, advance (pure): matches decided, rounds closed,
            the next round or stage paired, the games to open now
        ──> one transaction: the competition's row and the new tables
            (event_tables.py)
        ──> the tables open (their bots move), the competition in memory
            takes the new progress

Every change is stored before it is shown, and a table is stored with the
progress that names it, so a failed write leaves neither. Everything it
needs is in the database: on start it loads every competition and catches
up with the tables that ended meanwhile (:meth:`Organizer.open`), so a
restart loses nothing. Changes of one competition take its lock, one at a
time.

The organizer knows the hall only as a :class:`~carcassonne.server.host.CompetitionHost`
(its tables, store, clock and cluster): it does not import the hall.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, TypeVar

from carcassonne.competitions import (
    GameEnd,
    Holder,
    Match,
    Opening,
    Progress,
    begin,
    current_match,
    no_shows,
    playing,
    record_game,
    with_ready,
    with_tables,
)
from carcassonne.engine.errors import shown
from carcassonne.server.errors import Refusal
from carcassonne.server.event_tables import GameTable, HallTables
from carcassonne.server.events import Event, event_view, summary
from carcassonne.server.host import CompetitionHost
from carcassonne.server.officials import acting_as, advance_event, official_view, seat_player
from carcassonne.server.ratings import conservative, family
from carcassonne.server.tables import Seat, Table, bot_label
from carcassonne.server.timing import Timing
from carcassonne.server.tokens import new_token, token_hash

log = logging.getLogger(__name__)
T = TypeVar("T")


def bot_of(entrant: str) -> str:
    """The bot an entrant ``bot:NAME`` or ``bot:NAME#2`` is."""
    return entrant[4:].split("#", 1)[0]


def stand_in() -> str:
    """The bot that plays the seats of an entrant who forfeited: the hall's
    stand-in (``server.bots.stand_in``, the same rule, not imported here:
    that module imports the hall)."""
    from carcassonne.bots import BOTS

    return "greedy" if "greedy" in BOTS else "random"


def end_of(table: Table | None) -> GameEnd | None:
    """How ``table`` ended, as a competition counts it; None while it is
    being played. A table that is gone counts as abandoned."""
    if table is None or table.status == "abandoned":
        return GameEnd(None)
    if table.status != "finished":
        return None
    return GameEnd(tuple(table.counted_scores()))


class Opener(Protocol):
    """How the organizer opens tables (:class:`~carcassonne.server.event_tables.HallTables`)."""

    @property
    def tables(self) -> Mapping[str, Table]: ...

    def new_id(self) -> str: ...

    async def open(self, competition: dict[str, Any], games: Sequence[GameTable]) -> None: ...


class Organizer:
    """Every competition of one hall."""

    def __init__(self, host: CompetitionHost, opener: Opener | None = None) -> None:
        self.host = host
        #: Opens tables, stored with the competition's row in one transaction.
        self.opener: Opener = opener or HallTables(host)
        self.events: dict[str, Event] = {}
        #: The competition each competition table belongs to.
        self.table_events: dict[str, str] = {}

    async def _db(self, call: Callable[..., T], *args: Any) -> T:
        """Run a blocking storage call in the hall's database threads."""
        return await self.host.db(call, *args)

    # -- loading and reading ------------------------------------------------------------

    async def open(self) -> None:
        """Load every competition and catch up with what happened meanwhile
        (again when this process becomes the organizing one: cluster.py):
        the end of every table being played that is over now."""
        self.events.clear()
        self.table_events.clear()
        for row in await self._db(self.host.store.competitions):
            event = Event.from_row(row)
            self.events[event.id] = event
            for table in [] if event.progress is None else event.progress.tables():
                self.table_events[table] = event.id
        for event in self.events.values():
            if event.status == "running" and event.progress is not None:
                async with event.lock:
                    progress = event.progress
                    for table in playing(progress):
                        end = end_of(self.opener.tables.get(table))
                        if end is not None:
                            progress = record_game(progress, table, end) or progress
                    await self._advance(event, progress)

    def get(self, event_id: str) -> Event:
        event = self.events.get(event_id)
        if event is None:
            raise Refusal(404, f"there is no competition {shown(event_id)}")
        return event

    def holder(self, series: str | None, before: Event | None = None) -> dict[str, Any] | None:
        """The title holder of ``series``: the winner of its last finished
        event (created before ``before``), as ``{"id", "name"}``."""
        if not series:
            return None
        done = [e for e in self.events.values() if e.series == series
                and e.status == "finished" and e.winner and e is not before
                and (before is None or e.created <= before.created)]
        if not done:
            return None
        last = max(done, key=lambda e: (e.created, e.id))
        return {"id": last.winner, "name": last.name_of(last.winner)}

    def holders(self, series: str | None) -> list[dict[str, Any]]:
        """The title's history of ``series``: each finished event, oldest first."""
        if not series:
            return []
        done = sorted((e for e in self.events.values() if e.series == series
                       and e.status == "finished"), key=lambda e: (e.created, e.id))
        return [{"competition": e.id, "name": e.name, "winner": e.name_of(e.winner)}
                for e in done]

    def view(self, event_id: str) -> dict[str, Any]:
        """``COMPETITION`` of ``event_id`` (docs/server.md)."""
        event = self.get(event_id)
        return official_view(event, event_view(
            event, self.opener.tables, event.setup.get("organizer_name"),
            self.holders(event.series)))

    def listing(self, series: str | None = None) -> list[dict[str, Any]]:
        """Every competition (of ``series`` if given), newest first."""
        return [summary(e) for e in reversed(self.events.values())
                if series is None or e.series == series]

    def matches_of(self, account: str) -> list[dict[str, Any]]:
        """The matches ``account`` has to play now (or is playing), with
        the table of the game under way."""
        out = []
        for event in self.events.values():
            if event.status != "running" or event.progress is None:
                continue
            me = acting_as(event, account)
            for one in event.progress.stages[-1].rounds:
                if not one.opened:
                    continue
                for match in one.matches:
                    if me in match.entrants and match.result is None:
                        out.append({
                            "competition": event.id, "competition_name": event.name,
                            "match": match.id,
                            "deadline": None if one.deadline is None else one.deadline.isoformat(),
                            "opponents": [event.name_of(e) for e in match.entrants if e != me],
                            "ready": me in match.ready, "table": match.table_now})
        return out

    # -- entrants -----------------------------------------------------------------------

    async def entrant(self, kind: str, name: str) -> dict[str, Any]:
        """The entrant ``("bot", NAME)`` or ``("player", NAME)`` names."""
        if kind == "bot":
            return {"id": f"bot:{name}", "name": bot_label(name)}
        from carcassonne.server.accounts import name_key

        account = await self._db(self.host.store.account, name_key(name))
        if account is None:
            raise Refusal(404, f"there is no player {shown(name)}")
        return {"id": f"account:{account['id']}", "name": account["name"]}

    @staticmethod
    def _numbered(known: list[dict[str, Any]], entrant: dict[str, Any]) -> dict[str, Any]:
        """A bot entered again is another entrant: ``bot:random#2``, "Random
        bot 2". A player enters once."""
        ids = {e["id"] for e in known}
        if entrant["id"] not in ids:
            return entrant
        if not entrant["id"].startswith("bot:"):
            raise Refusal(409, f"{entrant['name']} has already entered")
        number = 2
        while f"{entrant['id']}#{number}" in ids:
            number += 1
        return {"id": f"{entrant['id']}#{number}", "name": f"{entrant['name']} {number}"}

    async def create(self, setup: dict[str, Any], entrants: list[dict[str, Any]],
                     organizer: str) -> Event:
        numbered: list[dict[str, Any]] = []
        for entrant in entrants:
            numbered.append(self._numbered(numbered, entrant))
        entrants = numbered
        event = Event(id=secrets.token_urlsafe(6), name=setup["name"], series=setup["series"],
                      organizer=organizer, created=self.host.now(), status="open",
                      setup=setup, entrants=entrants)
        await self._db(self.host.store.add_competition, event.row())
        self.events[event.id] = event
        return event

    async def enter(self, event_id: str, entrant: dict[str, Any]) -> Event:
        event = self.get(event_id)
        async with event.lock:
            if event.status != "open":
                raise Refusal(409, "the competition has started: entries are closed")
            entrant = self._numbered(event.entrants, entrant)
            if len(event.entrants) >= 64:
                raise Refusal(409, "the competition is full (64 entrants)")
            entrants = [*event.entrants, entrant]
            await self._db(self.host.store.update_competition, event.row(entrants=entrants))
            event.apply(entrants=entrants)
        return event

    # -- starting -------------------------------------------------------------------------

    async def start(self, event_id: str, account: str | None) -> Event:
        event = self.get(event_id)
        async with event.lock:
            if account is None or account != event.organizer:
                raise Refusal(403, "only the organizer starts the competition")
            if event.status != "open":
                raise Refusal(409, f"the competition is {event.status}, not open")
            setup = event.setup
            least = max(2, setup["table_size"])
            if setup["format"] == "groups_knockout":
                least = max(least, 2 * setup["groups"])
            if len(event.entrants) < least:
                raise Refusal(409, f"{len(event.entrants)} entrants: this competition "
                                   f"needs at least {least}")
            seeds = await self._seeded(event)
            holder = self.holder(event.series, event)
            progress = begin(event.rules, event.id, seeds,
                             Holder(holder["id"], holder["name"]) if holder else None,
                             self.host.now())
            await self._advance(event, progress, "running", changed=True)
        return event

    async def _seeded(self, event: Event) -> list[str]:
        """The entrants best first: by rating in the competition's family,
        then in the order they entered."""
        rows = await self._db(self.host.store.ratings,
                              family(event.setup["sets"], event.setup["options"]))
        rating = {r["player"]: conservative(r["mu"], r["sigma"]) for r in rows}
        order = {e["id"]: i for i, e in enumerate(event.entrants)}
        return sorted(order, key=lambda e: (-rating.get(e, 0.0), order[e]))

    # -- playing ---------------------------------------------------------------------------

    async def ready(self, event_id: str, match_id: str, account: str) -> dict[str, Any]:
        """"Play now": the logged-in entrant is there for their match; its
        first game's table is made once every person of the match is."""
        event = self.get(event_id)
        async with event.lock:
            match = self._current_match(event, match_id)
            me = acting_as(event, account)
            if me not in match.entrants:
                raise Refusal(403, "you are not in this match")
            if match.result is not None:
                raise Refusal(409, "this match is over")
            assert event.progress is not None
            await self._advance(event, with_ready(event.progress, match_id, me), changed=True)
            assert event.progress is not None
            match = current_match(event.progress, match_id) or match
            return {"match": match_id, "table": match.table_now,
                    "waiting_for": [event.name_of(e) for e in match.entrants
                                    if e.startswith("account:") and e not in match.ready]}

    def _current_match(self, event: Event, match_id: str) -> Match:
        if event.status != "running" or event.progress is None:
            raise Refusal(409, f"the competition is {event.status}, not running")
        match = current_match(event.progress, match_id)
        if match is None:
            raise Refusal(404, f"there is no match {shown(match_id)} being played")
        return match

    async def game_ended(self, table_id: str, scores: Sequence[int] | None) -> None:
        """The hall's word that the game at ``table_id`` ended: its counted
        scores in seat order, or None if the table was abandoned. If it is a
        competition's game, the competition goes on."""
        event_id = self.table_events.get(table_id)
        if event_id is None:
            return
        event = self.events[event_id]
        async with event.lock:
            progress = event.progress
            if event.status == "running" and progress is not None:
                end = GameEnd(None if scores is None else tuple(scores))
                progress = record_game(progress, table_id, end) or progress
            await self._advance(event, progress)

    async def go_on(self, event: Event, progress: Progress) -> None:
        """Store ``progress`` as an official changed it (the event's lock
        held, its setup already changed: referees.py) and go on from it."""
        await self._advance(event, progress, changed=True)

    async def keep_time(self) -> None:
        """Forfeit the matches of every round past its deadline whose first
        game could not start because someone did not show up."""
        now = self.host.now()
        for event in list(self.events.values()):
            if event.status != "running" or event.progress is None:
                continue
            if no_shows(event.progress, now) is None:
                continue
            async with event.lock:
                if event.status != "running" or event.progress is None:
                    continue
                progress = no_shows(event.progress, now) or event.progress
                await self._advance(event, progress, changed=True)

    async def _advance(self, event: Event, progress: Progress | None,
                       status: str | None = None, changed: bool = False) -> None:
        """Do everything that can be done now from ``progress`` (the event's
        lock is held; ``status`` if it changes): decide (pure), then store
        the competition with the tables of the games that open now, in one
        transaction, if anything or the caller (``changed``) changed it;
        only then does the event take its new state. If the store fails,
        nothing has changed: the next pass decides again."""
        status = status or event.status
        winner = event.winner
        openings: tuple[Opening, ...] = ()
        if status == "running" and progress is not None:
            step = advance_event(event, progress, self.host.now())
            progress, openings = step.progress, step.openings
            if step.finished:
                status, winner = "finished", step.winner
        if not (changed or openings or progress != event.progress or status != event.status):
            return
        named = {opening: self.opener.new_id() for opening in openings}
        if named:
            assert progress is not None
            progress = with_tables(progress, named)
        games = [self._game_table(event, opening, table) for opening, table in named.items()]
        for table in named.values():  # before its game can end (and the hall ask)
            self.table_events[table] = event.id
        try:
            await self.opener.open(event.row(progress=progress, status=status, winner=winner),
                                   games)
        except BaseException:  # not stored: the competition stays as it was
            for table in named.values():
                self.table_events.pop(table, None)
            raise
        event.apply(progress=progress, status=status, winner=winner)

    def _game_table(self, event: Event, opening: Opening, table_id: str) -> GameTable:
        """The table of ``opening``: bots, stand-ins for those who forfeited,
        and each player's seat held by their account."""
        setup = event.setup
        seats = []
        for entrant in opening.seats:
            player, name = seat_player(event, entrant)  # a replacement plays for them
            if player.startswith("bot:"):
                seats.append(Seat("bot", bot=bot_of(player), name=name, label=name))
            elif entrant in opening.stand_ins:
                seats.append(Seat("bot", bot=stand_in(), name=name, label=name))
            else:
                seats.append(Seat("human", name=name, label=name,
                                  token_hash=token_hash(new_token()),
                                  account=player.split(":", 1)[1]))
        return GameTable(table_id, f"{event.name} · {opening.match} · game {opening.game}",
                         tuple(seats), tuple(setup["sets"]), setup["options"], setup["rated"],
                         Timing.from_stored(setup["timing"]), opening.deck_seed,
                         aids=setup.get("aids", "on"))
