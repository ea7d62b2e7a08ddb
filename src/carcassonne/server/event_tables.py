"""A competition's tables, stored in the same transaction as the progress
that names them.

When a competition's games are ready to be played, the organizer decides
their tables (:class:`GameTable`: id, seats, rules, the deck's seed) and the
progress that names them, then hands both to :meth:`HallTables.open`, which

1. builds each table already started (its stack dealt from the seed, its
   clock running), as :func:`~carcassonne.server.seats.open_table`
   would;
2. stores every new table and the competition's new row in one transaction
   (:func:`store_with_tables`): either both are stored or neither is, so a
   failed write leaves no table behind for the next pass to open again;
   the mails they cause (a match ready, a turn-based game's first turn)
   are queued in that transaction too (notices.py);
3. only then lets the hall serve the tables: known to this process (and,
   with many processes, leased to it and published to the others), their
   bots woken.

The hall is reached through :class:`~carcassonne.server.host.CompetitionHost`,
the few parts of it this needs; nothing here imports the hall.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, TypeVar

from sqlalchemy import insert, select, update

from carcassonne.server.host import CompetitionHost
from carcassonne.server.models import CompetitionRow, TableRow
from carcassonne.server.notices import Mail, match_mails, queue, turn_mails
from carcassonne.server.store import Store
from carcassonne.server.tables import Seat, Table, name_bots
from carcassonne.server.timing import Clock, Timing

T = TypeVar("T")


def store_with_tables(store: Store, competition: dict[str, Any],
                      tables: Sequence[dict[str, Any]], owner: str | None = None,
                      until: datetime | None = None, mails: Sequence[Mail] = (),
                      at: datetime | None = None) -> None:
    """Store a competition's new columns (its id says which) and its new
    tables (:meth:`Table.row <carcassonne.server.tables.Table.row>`, leased
    to the process ``owner`` until ``until`` if given) in one transaction,
    with the mails they cause at ``at``: ``mails`` (the first player's turn
    at a new turn-based table) and "your match is ready" to the players of
    each match of a round opened since the stored progress
    (:func:`~carcassonne.server.notices.match_mails`)."""
    values = {k: v for k, v in competition.items() if k not in ("id", "created")}
    with store.engine.begin() as connection:
        if tables:
            connection.execute(insert(TableRow), [{**row, "owner": owner, "lease_until": until}
                                                  for row in tables])
        mails = list(mails)
        if "progress" in values:
            before = connection.execute(select(CompetitionRow.progress).where(
                CompetitionRow.id == competition["id"]).with_for_update()).scalar()
            mails += match_mails(competition["id"], competition.get("name", ""), before,
                                 values["progress"])
        connection.execute(update(CompetitionRow).where(
            CompetitionRow.id == competition["id"]).values(values))
        queue(connection, mails, at or datetime.now(UTC))


@dataclass(frozen=True, slots=True)
class GameTable:
    """A competition game's table to open: every seat taken (bots, stand-ins
    and the players' accounts), its stack shuffled with ``seed``."""

    id: str
    name: str
    seats: tuple[Seat, ...]
    sets: tuple[str, ...]
    options: dict[str, Any]
    rated: bool
    timing: Timing
    seed: int
    #: The aids its table shows (aids.py), as the competition's setup says.
    aids: str = "on"


class HallTables:
    """Opens a competition's tables at the hall (see the module docstring)."""

    def __init__(self, host: CompetitionHost) -> None:
        self.host = host

    @property
    def tables(self) -> Mapping[str, Table]:
        """Every table of the hall, by id."""
        return self.host.tables

    def new_id(self) -> str:
        """An id no table of the hall has."""
        table_id = secrets.token_urlsafe(6)
        while table_id in self.host.tables:
            table_id = secrets.token_urlsafe(6)
        return table_id

    async def open(self, competition: dict[str, Any], games: Sequence[GameTable]) -> None:
        """Store ``competition`` (its row) with the tables of ``games``, in
        one transaction, then let the hall serve those tables."""
        host = self.host
        now = host.now()
        tables = [started(game, now) for game in games]
        rows = [table.row() for table in tables]
        cluster = host.cluster
        asked = time.monotonic()
        mails = [mail for table in tables if table.game is not None
                 for mail in turn_mails(table, table.game, None)]
        if cluster is None:
            await host.db(store_with_tables, host.store, competition, rows, None, None,
                          mails, now)
        else:
            await host.db(store_with_tables, host.store, competition, rows, cluster.node,
                          cluster.lease_end(), mails, now)
        for table in tables:
            if cluster is not None:
                cluster.took(table.id, asked)
            table.apply()
            host.tables[table.id] = table
            if cluster is not None:
                cluster.changed(cluster.whole(table))
            host.notify(table)


def started(game: GameTable, now: datetime) -> Table:
    """The table of ``game`` started at ``now``, not stored yet: its stack
    dealt from the game's seed, the clock running, its chat the players'
    alone (spectators read)."""
    seats = name_bots(game.seats)
    draft = Table(game.id, game.name, now, game.sets, game.options, False, seats,
                  seed=game.seed)
    dealt = draft.new_game()
    table = Table(id=game.id, name=game.name, created=now, sets=game.sets,
                  options=game.options, hide_distribution=False, seats=seats,
                  status="playing", seed=game.seed, stack=tuple(dealt.to_record()["stack"]),
                  rated=game.rated, timing=game.timing,
                  clock=Clock.started(game.timing, len(seats), now),
                  scores=list(dealt.scores), current=dealt.current_player,
                  chat="players", aids=game.aids)
    table.game = dealt
    return table
