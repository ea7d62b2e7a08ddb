"""Who may act for the players of a competition's game.

At a game of a competition, what otherwise needs every player seated (to
pause the game and to resume it, pause.py) its officials may do alone:
the competition's organizer and its referees (:func:`officiates
<carcassonne.server.officials.officiates>` names them, for every act of an
official).

A table does not know its competition; the running competitions' stored
progress does (:func:`competition_of`), read from the database, so every
process of a site answers the same.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from sqlalchemy import select

from carcassonne.competitions import Progress
from carcassonne.server.models import CompetitionRow
from carcassonne.server.officials import officiates

if TYPE_CHECKING:
    from carcassonne.server.store import Store
    from carcassonne.server.tables import Table

T = TypeVar("T")


class OfficialsHost(Protocol):
    """What finding a table's officials needs of the hall: its storage,
    read in a database thread."""

    @property
    def store(self) -> Store: ...

    def db(self, call: Callable[..., T], *args: Any) -> Awaitable[T]: ...


@dataclass(frozen=True)
class StoredCompetition:
    """What :func:`~carcassonne.server.officials.officiates` reads of a
    competition, from its stored row."""

    organizer: str | None
    setup: dict[str, Any]


def competition_of(store: Store, table_id: str) -> dict[str, Any] | None:
    """The stored row of the running competition one of whose games is
    played at table ``table_id``, or None (a table of no competition)."""
    columns = CompetitionRow.__table__
    with store.engine.connect() as connection:
        rows = connection.execute(select(columns).where(
            CompetitionRow.status == "running")).mappings().all()
    for row in rows:
        progress = row["progress"]
        if progress and table_id in Progress.from_json(progress).tables():
            return dict(row)
    return None


async def acts_for_others(host: OfficialsHost, table: Table, account: str | None) -> bool:
    """Whether the logged-in ``account`` is an official (the organizer or a
    referee) of the competition whose game ``table`` is."""
    if account is None:
        return False
    competition = await host.db(competition_of, host.store, table.id)
    return competition is not None and officiates(
        StoredCompetition(competition["organizer"], competition["setup"]), account)
