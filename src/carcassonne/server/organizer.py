"""The organizer: runs every competition of the hall by itself.

It opens rounds, creates each game's table once its players are there (at
once for bots; for people, when each has pressed "play now"), reads every
result from the finished tables, moves on to the next game, round and
stage, forfeits matches not played by their round's deadline, and names the
winner, who holds the series' title until the next event of the series.

Every change is stored before it is shown, and everything it needs is in
the database: on start it loads every competition and catches up with the
tables that finished meanwhile (:meth:`Organizer.open`), so a restart loses
nothing. Changes of one competition take its lock, one at a time.
"""

from __future__ import annotations

import copy
import logging
import secrets
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from carcassonne.competitions import (
    PairingError,
    champion,
    clinched,
    deck_seed,
    first_knockout_round,
    forfeit,
    knockout_seeds,
    least_rounds,
    match_result,
    multiplayer_round_robin,
    next_knockout_round,
    round_robin,
    snake_groups,
    swiss_round,
    swiss_rounds,
)
from carcassonne.competitions.fixtures import Fixture, Round
from carcassonne.engine.errors import shown
from carcassonne.server.bots import stand_in
from carcassonne.server.errors import Refusal
from carcassonne.server.events import (
    Event,
    as_round,
    event_view,
    result_data,
    round_of,
    stable_number,
    stage_standings,
    summary,
)
from carcassonne.server.ratings import conservative, family
from carcassonne.server.tables import Seat, bot_label
from carcassonne.server.timing import Timing
from carcassonne.server.tokens import new_token, token_hash

if TYPE_CHECKING:
    from carcassonne.server.hall import Hall

log = logging.getLogger(__name__)


def bot_of(entrant: str) -> str:
    """The bot an entrant ``bot:NAME`` or ``bot:NAME#2`` is."""
    return entrant[4:].split("#", 1)[0]


class Organizer:
    """Every competition of one hall."""

    def __init__(self, hall: Hall) -> None:
        self.hall = hall
        self.events: dict[str, Event] = {}
        #: The competition each competition table belongs to.
        self.table_events: dict[str, str] = {}

    # -- loading and reading ------------------------------------------------------------

    async def open(self) -> None:
        """Load every competition and catch up with what happened meanwhile
        (again when this process becomes the organizing one: cluster.py)."""
        self.events.clear()
        self.table_events.clear()
        for row in await self.hall.db(self.hall.store.competitions):
            event = Event.from_row(row)
            self.events[event.id] = event
            self._index(event)
        for event in self.events.values():
            if event.status == "running":
                async with event.lock:
                    await self._advance(event)

    def _index(self, event: Event) -> None:
        for stage in (event.progress or {}).get("stages", []):
            for one in stage["rounds"]:
                for match in one["matches"]:
                    for game in match["games"]:
                        if game["table"]:
                            self.table_events[game["table"]] = event.id

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
        return event_view(event, self.hall.tables, event.setup.get("organizer_name"),
                          self.holders(event.series))

    def listing(self, series: str | None = None) -> list[dict[str, Any]]:
        """Every competition (of ``series`` if given), newest first."""
        return [summary(e) for e in reversed(self.events.values())
                if series is None or e.series == series]

    def matches_of(self, account: str) -> list[dict[str, Any]]:
        """The matches ``account`` has to play now (or is playing), with
        the table of the game under way."""
        me = f"account:{account}"
        out = []
        for event in self.events.values():
            if event.status != "running" or event.progress is None:
                continue
            for one in event.progress["stages"][-1]["rounds"]:
                if not one.get("opened"):
                    continue
                for match in one["matches"]:
                    if me in match["entrants"] and match["result"] is None:
                        out.append({
                            "competition": event.id, "competition_name": event.name,
                            "match": match["id"], "deadline": one["deadline"],
                            "opponents": [event.name_of(e) for e in match["entrants"]
                                          if e != me],
                            "ready": me in match["ready"], "table": self._table_now(match)})
        return out

    # -- entrants -----------------------------------------------------------------------

    async def entrant(self, kind: str, name: str) -> dict[str, Any]:
        """The entrant ``("bot", NAME)`` or ``("player", NAME)`` names."""
        if kind == "bot":
            return {"id": f"bot:{name}", "name": bot_label(name)}
        from carcassonne.server.accounts import name_key

        account = await self.hall.db(self.hall.store.account, name_key(name))
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
                      organizer=organizer, created=self.hall.now(), status="open",
                      setup=setup, entrants=entrants)
        await self.hall.db(self.hall.store.add_competition, event.row())
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
            await self.hall.db(self.hall.store.update_competition, event.row(entrants=entrants))
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
            progress = {"seeds": seeds, "holder": self.holder(event.series, event),
                        "stages": [self._first_stage(event, seeds)]}
            self._open_round(event, progress["stages"][0], 0)
            event.apply(status="running", progress=progress)
            try:
                await self._advance(event, changed=True)
            except BaseException:
                event.apply(status="open", progress=None)
                raise
        return event

    async def _seeded(self, event: Event) -> list[str]:
        """The entrants best first: by rating in the competition's family,
        then in the order they entered."""
        rows = await self.hall.db(self.hall.store.ratings,
                                  family(event.setup["sets"], event.setup["options"]))
        rating = {r["player"]: conservative(r["mu"], r["sigma"]) for r in rows}
        order = {e["id"]: i for i, e in enumerate(event.entrants)}
        return sorted(order, key=lambda e: (-rating.get(e, 0.0), order[e]))

    def _first_stage(self, event: Event, seeds: list[str]) -> dict[str, Any]:
        setup = event.setup
        kind = setup["format"]
        if kind in ("league", "groups_knockout"):
            return self._league(event, seeds)
        if kind == "swiss":
            planned = setup["rounds"] or swiss_rounds(len(seeds))
            stage = {"kind": "swiss", "seeds": seeds, "planned": planned, "rounds": []}
            stage["rounds"].append(round_of(swiss_round(seeds, {}), 0, setup,
                                            event.id, best_of=False))
            return stage
        stage = {"kind": "knockout", "seeds": seeds, "rounds": []}
        stage["rounds"].append(round_of(first_knockout_round(seeds), 0, setup,
                                        event.id, best_of=True))
        return stage

    def _league(self, event: Event, seeds: list[str]) -> dict[str, Any]:
        """A round robin in the setup's groups (snake seeded), every round
        of every group scheduled at once."""
        setup = event.setup
        groups = [list(g) for g in snake_groups(seeds, setup["groups"])]
        per_group = []
        for number, members in enumerate(groups):
            if setup["table_size"] == 2:
                per_group.append(round_robin(members))
            else:
                rounds = least_rounds(len(members), setup["table_size"])
                per_group.append(multiplayer_round_robin(members, setup["table_size"], rounds,
                                                         seed=stable_number(f"{event.id}:{number}")))
        rounds = []
        for index in range(max(len(r) for r in per_group)):
            fixtures: list[Fixture] = []
            owners: list[int] = []
            byes: list[str] = []
            for number, schedule in enumerate(per_group):
                if index < len(schedule):
                    fixtures += schedule[index].fixtures
                    owners += [number] * len(schedule[index].fixtures)
                    byes += schedule[index].byes
            merged = Round(index + 1, tuple(fixtures), tuple(byes))
            rounds.append(round_of(merged, 0, setup, event.id, best_of=False,
                                   groups=owners))
        return {"kind": "league", "groups": groups, "rounds": rounds}

    def _open_round(self, event: Event, stage: dict[str, Any], index: int) -> None:
        one = stage["rounds"][index]
        one["opened"] = True
        deadline = event.setup["round_deadline"]
        if deadline:
            one["deadline"] = (self.hall.now() + timedelta(seconds=deadline)).isoformat()

    # -- playing ---------------------------------------------------------------------------

    async def ready(self, event_id: str, match_id: str, account: str) -> dict[str, Any]:
        """"Play now": the logged-in entrant is there for their match; its
        first game's table is made once every person of the match is."""
        event = self.get(event_id)
        async with event.lock:
            match = self._current_match(event, match_id)
            me = f"account:{account}"
            if me not in match["entrants"]:
                raise Refusal(403, "you are not in this match")
            if match["result"] is not None:
                raise Refusal(409, "this match is over")
            if me not in match["ready"]:
                match["ready"].append(me)
            await self._advance(event, changed=True)
            return {"match": match_id, "table": self._table_now(match),
                    "waiting_for": [event.name_of(e) for e in match["entrants"]
                                    if e.startswith("account:") and e not in match["ready"]]}

    def _current_match(self, event: Event, match_id: str) -> dict[str, Any]:
        if event.status != "running" or event.progress is None:
            raise Refusal(409, f"the competition is {event.status}, not running")
        for one in event.progress["stages"][-1]["rounds"]:
            if one.get("opened"):
                for match in one["matches"]:
                    if match["id"] == match_id:
                        return match
        raise Refusal(404, f"there is no match {shown(match_id)} being played")

    @staticmethod
    def _table_now(match: dict[str, Any]) -> str | None:
        """The table of the match's game being played (or the last one)."""
        tables = [g["table"] for g in match["games"] if g["table"]]
        return tables[-1] if tables else None

    async def table_over(self, table_id: str) -> None:
        """A table ended: if it is a competition's, go on with it."""
        event_id = self.table_events.get(table_id)
        if event_id is None:
            return
        event = self.events[event_id]
        async with event.lock:
            await self._advance(event)

    async def keep_time(self) -> None:
        """Forfeit the matches of every round past its deadline whose first
        game could not start because someone did not show up."""
        now = self.hall.now()
        for event in list(self.events.values()):
            if event.status != "running" or event.progress is None:
                continue
            stage = event.progress["stages"][-1]
            late = [r for r in stage["rounds"] if r.get("opened") and r.get("deadline")
                    and datetime.fromisoformat(r["deadline"]) <= now]
            if not any(m["result"] is None and not m["games"][0]["table"]
                       for r in late for m in r["matches"]):
                continue
            async with event.lock:
                for one in late:
                    for match in one["matches"]:
                        if match["result"] is None and not match["games"][0]["table"]:
                            await self._no_show(event, match)
                await self._advance(event, changed=True)

    async def _no_show(self, event: Event, match: dict[str, Any]) -> None:
        present = [e for e in match["entrants"] if e.startswith("bot:") or e in match["ready"]]
        if len(present) <= 1:
            result = forfeit(match["entrants"], present, len(match["games"]))
            match["forfeit"] = [e for e in match["entrants"] if e not in present]
            match["result"] = result_data(result, present[0] if present else None)
        else:  # several came: they play, the stand-in sits for the others
            match["forfeit"] = [e for e in match["entrants"] if e not in present]
            match["ready"] = list(match["entrants"])

    async def _advance(self, event: Event, changed: bool = False) -> None:
        """Do everything that can be done now (the event's lock is held):
        read finished games, open the next games, close rounds and stages;
        then store the progress if it or the caller (``changed``) changed it."""
        before = copy.deepcopy(event.progress), event.status, event.winner
        try:
            while event.status == "running" and event.progress is not None:
                stage = event.progress["stages"][-1]
                one = [r for r in stage["rounds"] if r.get("opened")][-1]
                for match in one["matches"]:
                    await self._advance_match(event, stage, match)
                if any(m["result"] is None for m in one["matches"]):
                    break
                self._close_round(event, stage, one)
            if changed or (event.progress, event.status) != before[:2]:
                await self.hall.db(self.hall.store.update_competition, event.row())
        except BaseException:  # not stored: the competition stays as it was
            event.apply(progress=before[0], status=before[1], winner=before[2])
            raise

    async def _advance_match(self, event: Event, stage: dict[str, Any],
                             match: dict[str, Any]) -> None:
        if match["result"] is not None:
            return
        entrants = match["entrants"]
        scores: list[dict[str, int]] = []
        for game in match["games"]:
            if not game["table"]:
                break
            table = self.hall.tables.get(game["table"])
            if table is None or table.status == "abandoned":
                match["result"] = result_data(forfeit(entrants, [], len(match["games"])), None)
                match["forfeit"] = list(entrants)
                return
            if table.status != "finished":
                return  # being played
            # (a seat that resigned loses the game, whatever its score)
            scores.append(dict(zip(game["seats"], table.counted_scores(), strict=True)))
        planned = len(match["games"])
        if len(scores) == planned or (match["best_of"] and scores
                                      and clinched(entrants, scores, planned)):
            result = match_result(entrants, scores)
            winner = (result.knockout_winner(self._seeds(event, stage, entrants))
                      if match["best_of"] else result.winner)
            match["result"] = result_data(result, winner)
            return
        if not scores and not all(e in match["ready"] for e in entrants
                                  if e.startswith("account:")):
            return  # waiting for the players
        game = match["games"][len(scores)]
        game["table"] = await self._open_game(event, match, game)
        self.table_events[game["table"]] = event.id

    @staticmethod
    def _seeds(event: Event, stage: dict[str, Any], entrants: list[str]) -> list[str]:
        """Who is the better seed in a knockout tie: the stage's order (for a
        title match, the holder first: a drawn title match keeps the title)."""
        order = stage.get("seeds") or entrants
        return [e for e in order if e in entrants] + [e for e in entrants if e not in order]

    async def _open_game(self, event: Event, match: dict[str, Any], game: dict[str, Any]) -> str:
        setup = event.setup
        seats = []
        for entrant in game["seats"]:
            name = event.name_of(entrant)
            if entrant.startswith("bot:"):
                seats.append(Seat("bot", bot=bot_of(entrant), name=name, label=name))
            elif entrant in (match["forfeit"] or []):
                seats.append(Seat("bot", bot=stand_in(), name=name, label=name))
            else:
                seats.append(Seat("human", name=name, label=name,
                                  token_hash=token_hash(new_token()),
                                  account=entrant.split(":", 1)[1]))
        table = await self.hall.open_table(
            name=f"{event.name} · {match['id']} · game {game['number']}", seats=seats,
            sets=tuple(setup["sets"]), options=setup["options"], rated=setup["rated"],
            timing=Timing.from_stored(setup["timing"]), seed=deck_seed(match["seed"], game["deck"]))
        return table.id

    # -- rounds and stages ----------------------------------------------------------------

    def _close_round(self, event: Event, stage: dict[str, Any], one: dict[str, Any]) -> None:
        """Round ``one`` is decided: open the next round, the next stage, or
        end the competition."""
        assert event.progress is not None
        index = stage["rounds"].index(one)
        setup = event.setup
        if index + 1 < len(stage["rounds"]):  # a league's next round
            self._open_round(event, stage, index + 1)
            return
        if stage["kind"] == "swiss" and len(stage["rounds"]) < stage["planned"]:
            table = stage_standings(event, stage)[0]
            points = {row.entrant: row.points for row in table}
            try:
                paired = swiss_round(stage["seeds"], points,
                                     [as_round(r) for r in stage["rounds"]])
            except PairingError:
                paired = None
            if paired is not None:
                stage["rounds"].append(round_of(paired, len(event.progress["stages"]) - 1,
                                                setup, event.id, best_of=False))
                self._open_round(event, stage, len(stage["rounds"]) - 1)
                return
        if stage["kind"] == "knockout":
            winners = [m["result"]["winner"] for m in one["matches"]
                       if m["result"]["winner"]]
            previous = as_round(one)
            if len(previous.lines) > 2:
                stage["rounds"].append(round_of(
                    next_knockout_round(previous, winners), len(event.progress["stages"]) - 1,
                    setup, event.id, best_of=True))
                self._open_round(event, stage, len(stage["rounds"]) - 1)
                return
        stage["done"] = True
        self._next_stage(event, stage, one)

    def _next_stage(self, event: Event, stage: dict[str, Any], last: dict[str, Any]) -> None:
        assert event.progress is not None
        setup = event.setup
        number = len(event.progress["stages"])
        if stage["kind"] == "league" and setup["format"] == "groups_knockout":
            tables = stage_standings(event, stage)
            top = min(setup["advance"], min(len(t) for t in tables))
            seeds = list(knockout_seeds([[row.entrant for row in t] for t in tables], top))
            knockout = {"kind": "knockout", "seeds": seeds, "rounds": []}
            if len(seeds) >= 2:
                knockout["rounds"].append(round_of(first_knockout_round(seeds), number,
                                                   setup, event.id, best_of=True))
                event.progress["stages"].append(knockout)
                self._open_round(event, knockout, 0)
                return
            self._finish(event, seeds[0] if seeds else None)
            return
        if stage["kind"] == "title":
            self._finish(event, last["matches"][0]["result"]["winner"])
            return
        if stage["kind"] == "knockout":
            winners = [m["result"]["winner"] for m in last["matches"] if m["result"]["winner"]]
            best = champion(as_round(last), winners) if len(last["lines"]) == 2 else (
                winners[0] if winners else None)
        else:  # nobody wins a league nobody played
            top = stage_standings(event, stage)[0][0]
            best = top.entrant if top.wins or top.draws or top.byes else None
        holder = event.progress.get("holder")
        if setup["title_games"] and holder and best and holder["id"] != best:
            pair = Round(1, (Fixture((holder["id"], best)),))
            title = {"kind": "title", "seeds": [holder["id"], best],
                     "rounds": [round_of(pair, number, setup, event.id, best_of=True,
                                         games=setup["title_games"])]}
            event.progress["stages"].append(title)
            self._open_round(event, title, 0)
            return
        self._finish(event, best)

    def _finish(self, event: Event, winner: str | None) -> None:
        event.apply(status="finished", winner=winner)

