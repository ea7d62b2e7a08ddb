"""What the parts of the server may ask of the hall, each part its own
small interface (the way boardgame.io's master is handed its storage and
its transport instead of reaching for them).

The hall (hall.py) orders a table's changes; the other parts get from it
only what is named here:

- :class:`BotHost`: what the bots ask (bots.py): whether this process plays
  a table, and to play a move as a seat;
- :class:`ClusterHost`: what the cluster asks (cluster.py, mirrors.py,
  routing.py): the tables known here, to know a table from a stored row or
  a change heard from another process, to rebuild a game, to tell a
  table's connections, and to make a change or a competition's action here;
- :class:`ChangeHost`: what the modules of one kind of change (seats.py,
  moves.py, deadlines.py, rematch.py, resign.py) ask: the one ordering
  method :meth:`ChangeHost.order` and its store step :meth:`ChangeHost.write`;
- :class:`CompetitionHost`: what the competitions' organizer asks (its
  tables, storage and clock; the cluster's :class:`Leases` to open tables
  with many processes);
- :class:`Organizing`: where the competition routes send their actions.

A live connection, as the hall tells it, is a
:class:`~carcassonne.server.tables.Listener` (tables.py: a table holds its
connections). This module imports nothing of the server at run time (its
types only for checking), so every part can name the hall's interface
without a circle of imports.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable, MutableMapping, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

if TYPE_CHECKING:
    from carcassonne.bots import Bot
    from carcassonne.engine import Game
    from carcassonne.server.config import Settings
    from carcassonne.server.notices import Mail
    from carcassonne.server.ratings import RatedResult
    from carcassonne.server.store import Store
    from carcassonne.server.tables import Seat, Table
    from carcassonne.server.timing import Timing

T = TypeVar("T")


class BotHost(Protocol):
    """What the bots may ask of the host whose tables they play."""

    def owns(self, table: Table) -> bool:
        """Whether this process plays ``table`` (its bots play only here)."""

    async def play_as(self, table_id: str, seat: int, data: Any, expect: int) -> None:
        """Play ``data`` (a move in record form) as ``seat`` here, never sent
        to another process; ``expect`` is the number of moves it was chosen
        after (refused if the game moved on)."""


class ClusterHost(Protocol):
    """What the cluster (leases, fan-out, routing) may ask of the hall."""

    def table(self, table_id: str) -> Table | None:
        """The table known here, if any."""

    def known(self) -> Iterable[Table]:
        """Every table known here."""

    def know(self, fresh: Table) -> Table:
        """Know ``fresh`` (read from the database, or heard of whole) from
        now on: the table known here takes its row if ``fresh`` is newer."""

    def hear(self, table: Table, row: dict[str, Any], move: dict[str, Any] | None) -> None:
        """Apply a change another process stored: the next version's columns
        ``row`` and, if it was a move, ``move`` (``{"number", "move"}``)."""

    async def game_of(self, table: Table) -> Game | None:
        """The table's game, rebuilt from the database if not in memory."""

    def rebuild(self, table: Table, moves: list[dict[str, Any]]) -> None:
        """Give ``table`` its game after its stored ``moves``."""

    def notify(self, table: Table) -> None:
        """Tell ``table``'s connections here its state; wake its bots."""

    async def organize_here(self, action: str, args: list[Any]) -> Any:
        """Run the competitions' ``action`` in this process (it organizes)."""

    async def open_competitions(self) -> None:
        """Load the competitions: this process organizes them from now on."""


class ChangeHost(Protocol):
    """The hall as the changes of one table see it: where they read the
    table and the one way they change it (check, store, apply, tell)."""

    settings: Settings
    tables: dict[str, Table]

    def now(self) -> datetime: ...

    def get(self, table_id: str) -> Table: ...

    def owns(self, table: Table) -> bool: ...

    def seat_of(self, table: Table, token: str | None, account: str | None = None) -> int: ...

    async def game_of(self, table: Table) -> Game | None: ...

    async def order(self, table: Table, change: Callable[[], Awaitable[T]]) -> T:
        """Make one change of ``table`` (see :meth:`Hall.order
        <carcassonne.server.hall.Hall.order>`)."""

    async def write(self, table: Table, move: dict[str, Any] | None = None,
                    rating: RatedResult | None = None, game: Game | None = None,
                    mails: Sequence[Mail] = (), **changes: Any) -> None:
        """Store ``changes`` of ``table`` (and queue ``mails`` with them) and
        apply them: inside :meth:`order` only."""

    async def add(self, table: Table) -> None:
        """Store a new table, known here from then on: inside :meth:`order` only."""

    async def expire(self, table: Table) -> bool:
        """Act on ``table`` if its time is up (deadlines.py): inside :meth:`order`."""

    def stand_in_bot(self, table: Table, seat: int) -> Bot:
        """The bot that plays a missed move at ``seat``."""

    async def open_table(self, name: str, seats: list[Seat], sets: tuple[str, ...],
                         options: dict[str, Any], rated: bool, timing: Timing,
                         seed: int | None = None, hide_distribution: bool = False,
                         chat: str | None = None, aids: str = "on") -> Table:
        """Open and start a table whose every seat is taken (``chat``: who
        writes in its chat, by default the players alone at a rated table)."""


class Leases(Protocol):
    """What opening a table needs of the cluster (cluster.py), with many
    processes: the lease this process takes, and telling the others."""

    @property
    def node(self) -> str: ...

    def lease_end(self) -> datetime: ...

    def took(self, table_id: str, asked: float) -> None: ...

    def changed(self, row: dict[str, Any], move: dict[str, Any] | None = None) -> None: ...

    def whole(self, table: Table) -> dict[str, Any]: ...


class CompetitionHost(Protocol):
    """What the competitions' organizer asks of the hall (organizer.py,
    event_tables.py): its tables, storage, cluster and clock, to open a
    competition's tables and to tell their connections."""

    @property
    def tables(self) -> MutableMapping[str, Table]: ...

    @property
    def store(self) -> Store: ...

    @property
    def cluster(self) -> Leases | None: ...

    def now(self) -> datetime: ...

    def db(self, call: Callable[..., T], *args: Any) -> Awaitable[T]: ...

    def notify(self, table: Table) -> None: ...


class Organizing(Protocol):
    """Where a competition route's action is run: by the process that
    organizes the competitions (this one, or another: cluster.py)."""

    async def organize(self, action: str, args: list[Any]) -> Any: ...
