"""A table in memory: setup, seats, status and the game being played.

A :class:`Table` mirrors its database row. A move is played on
:attr:`Table.game` itself while the table's :attr:`Table.lock` is held,
stored, and taken back (``Game.undo``) if it could not be stored; copying
the whole game for every move cost more than everything else a move does
in the engine. So the game may be one move ahead of the database only
while the lock is held: whoever shows it to a client (a state sent at
connection, ``sync``, the features of the board) takes the lock first, and
a bot thinks on a copy made on the event loop, never on the table's game
in another thread.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from typing import Any, Protocol

from carcassonne.engine import Game
from carcassonne.server.counting import counted_on_time
from carcassonne.server.timing import Clock, Timing
from carcassonne.server.tokens import matches

#: ``abandoned``: an untimed casual game that saw no move for 7 days.
STATUSES = ("waiting", "playing", "finished", "abandoned")


class Listener(Protocol):
    """A live connection to a table, as the hall tells it (live.py's
    ``Connection`` is one): :meth:`Hall.notify
    <carcassonne.server.hall.Hall.notify>` asks which seat it plays and
    sends it the table's new state. The messages are those of messages.py."""

    #: The logged-in account of the client (its id), None for a visitor: a
    #: chat line from an account it blocked does not reach it (chat.py).
    account: str | None

    def seat_at(self, table: Table) -> int | None:
        """The seat this connection plays at ``table`` now, None to watch."""

    def send(self, message: Mapping[str, object] | str) -> None:
        """Queue a message for the client: a message, or its JSON text."""

    def send_state(self, state: Mapping[str, object], made: dict[Any, Any] | None = None,
                   whole: bool = False) -> None:
        """Queue a ``state`` message (whole, or as a patch from the last one
        sent); ``made`` shares the texts made for the other connections
        told the same states at once."""


@dataclass(frozen=True)
class Seat:
    """One seat. ``label`` is the name given when the table was made, shown
    while a human seat is free; ``token_hash`` is set once someone joined,
    and ``account`` when that someone was logged in (``name`` is then the
    account's name)."""

    kind: str
    bot: str | None = None
    name: str | None = None
    label: str | None = None
    token_hash: str | None = None
    #: The account of the logged-in player who took the seat (its id), if any:
    #: the seat is theirs from any browser they log in from.
    account: str | None = None
    #: Whether the player resigned: the seat is the stand-in's (or the game
    #: ended), it ranks last in the rating, and its token opens it no more.
    resigned: bool = False

    @property
    def taken(self) -> bool:
        """Bot seats are always taken; a human seat once someone joined it."""
        return self.kind == "bot" or self.token_hash is not None

    def public(self, index: int) -> dict[str, Any]:
        """The seat as the protocol shows it (no token hash)."""
        return {"seat": index, "kind": self.kind, "bot": self.bot, "name": self.name,
                "taken": self.taken, "account": self.name if self.account else None,
                "resigned": self.resigned}

    def stored(self) -> dict[str, Any]:
        """The seat as the database keeps it."""
        return {"kind": self.kind, "bot": self.bot, "name": self.name, "label": self.label,
                "token_hash": self.token_hash, "account": self.account,
                "resigned": self.resigned}

    @classmethod
    def from_stored(cls, data: dict[str, Any]) -> Seat:
        return cls(data["kind"], data.get("bot"), data.get("name"), data.get("label"),
                   data.get("token_hash"), data.get("account"), bool(data.get("resigned")))

    def freed(self) -> Seat:
        """This human seat, free again (before the game starts)."""
        return replace(self, name=self.label, token_hash=None, account=None)

    def as_bot(self, bot: str, name: str | None = None) -> Seat:
        """This seat, handed to ``bot``; the player's name stays in the game,
        and so does their account, for the rating (they no longer play it)."""
        return replace(self, kind="bot", bot=bot, name=name or self.name, token_hash=None)

    def resigning(self, bot: str) -> Seat:
        """This seat once its player resigned: ``bot``'s, like a seat left
        during the game, marked resigned. It keeps the hash of its token
        (which opens only human seats, :meth:`Table.seat_of`), so that the
        player asking again is told they resigned."""
        return replace(self.as_bot(bot), resigned=True, token_hash=self.token_hash)


def bot_label(bot: str | None) -> str:
    """How a bot is named at a table and on the leaderboard: "Greedy bot"."""
    return f"{(bot or 'bot').capitalize()} bot"


def name_bots(seats: list[Seat] | tuple[Seat, ...]) -> tuple[Seat, ...]:
    """Name unnamed bot seats after their bot: "Greedy bot", then "Greedy bot 3"
    for a second one in seat 2."""
    out: list[Seat] = []
    for index, seat in enumerate(seats):
        if seat.kind == "bot" and seat.name is None:
            name = bot_label(seat.bot)
            if any(other.name == name for other in out):
                name = f"{name} {index + 1}"
            seat = replace(seat, name=name)
        out.append(seat)
    return tuple(out)


def _created(value: Any) -> datetime:
    return datetime.fromisoformat(value) if isinstance(value, str) else value


#: How a stored column becomes the attribute of a table, where they differ.
DECODE: dict[str, Any] = {
    "created": _created, "sets": tuple, "options": dict, "hide_distribution": bool,
    "seats": lambda seats: tuple(Seat.from_stored(s) for s in seats),
    "stack": lambda stack: None if stack is None else tuple(stack),
    "rated": bool, "timing": Timing.from_stored, "clock": Clock.from_stored,
    "version": lambda version: version or 0}

#: The attributes of a table that its row stores (besides ``version``).
ROW = ("id", "name", "created", "sets", "options", "hide_distribution", "seats", "status",
       "seed", "stack", "moves", "result", "rated", "timing", "clock", "rematch", "scores",
       "current", "chat", "aids")


#: How the columns that are not stored as the table holds them are stored.
_ENCODE: dict[str, Callable[[Any], Any]] = {
    "timing": lambda timing: timing.public(),
    "clock": lambda clock: None if clock is None else clock.stored(),
    "sets": list,
    "seats": lambda seats: [seat.stored() for seat in seats],
    "stack": lambda stack: None if stack is None else list(stack),
}


def _stored(values: dict[str, Any]) -> dict[str, Any]:
    """Attribute values of a table as its row's columns keep them."""
    return {name: _ENCODE[name](value) if name in _ENCODE else value
            for name, value in values.items()}


@dataclass(eq=False)
class Table:
    """A table: what the ``tables`` row says, plus the live game and its lock."""

    id: str
    name: str
    created: datetime
    sets: tuple[str, ...]
    options: dict[str, Any]
    hide_distribution: bool
    seats: tuple[Seat, ...]
    status: str = "waiting"
    seed: int | None = None
    stack: tuple[str, ...] | None = None
    moves: int = 0
    result: dict[str, Any] | None = None
    #: Whether the table counts toward ratings (every human seat then holds
    #: a logged-in account).
    rated: bool = False
    #: How the table is timed (chosen at creation) and what time did since
    #: the start (timing.py).
    timing: Timing = field(default_factory=Timing)
    clock: Clock | None = None
    #: A rematch offered at the end: ``{"accepted": {"SEAT": token hash at
    #: the rematch}, "table": its id once it started}``.
    rematch: dict[str, Any] | None = None
    #: The scores and the seat to move as stored with the last move (the
    #: game, once rebuilt, says the same).
    scores: list[int] | None = None
    current: int | None = None
    #: How many changes of this table were stored (a process mirroring the
    #: table sees from it whether it missed one: cluster.py).
    version: int = 0
    #: The server process that owned the table when its row was read (None
    #: with a single process).
    owner: str | None = None
    #: Who may write in the table's chat (chat.py): ``all`` (players and
    #: logged-in spectators) or ``players`` (spectators only read).
    chat: str = "all"
    #: The aids shown at the table (aids.py): ``on``, ``off`` (tournament
    #: play) or ``training``.
    aids: str = "on"
    #: The client address that created the table through the lobby (in
    #: memory only: it bounds the tables of bots only per address), or None.
    creator: str | None = field(default=None, repr=False)
    #: The game once started; for a finished table loaded from the database
    #: it is rebuilt on first use.
    game: Game | None = None
    #: Taken for every change of this table, so changes happen one at a time.
    lock: asyncio.Lock = field(default_factory=asyncio.Lock, repr=False)
    #: The live connections watching or playing at this table (here: other
    #: processes have their own).
    connections: set[Listener] = field(default_factory=set, repr=False)

    def to_move(self) -> int | None:
        """The seat whose decision is pending, or None: from the game, or
        as stored while the game is not rebuilt yet."""
        if self.status != "playing":
            return None
        return self.game.current_player if self.game is not None else self.current

    def running(self) -> int | None:
        """The human seat whose decision is pending (its time runs), or None."""
        seat = self.to_move()
        return seat if seat is not None and self.seats[seat].kind == "human" else None

    @property
    def paused(self) -> bool:
        """Whether the game is paused (pause.py): no move is played and no
        time runs. A pause holds while a person is seated: a table whose
        people all left plays on with its bots."""
        return (self.status == "playing" and self.clock is not None
                and self.clock.paused is not None
                and any(seat.kind == "human" for seat in self.seats))

    def being_played(self, now: datetime, idle_after: timedelta) -> bool:
        """Whether someone is really playing this game now, as the lobby's
        "Games being played" means it.

        A game that nobody moves in stays ``playing`` (an untimed casual game
        until it is abandoned after 7 days, a rated one for ever), but only
        these count as being played: a turn-based game (days per move) while
        the pending move is within its deadline (a missed one is played by
        the stand-in at once, so in practice always), and a live game
        (untimed, or on clocks) whose last move, or its start, is less than
        ``idle_after`` old. A bot's decision is answered within seconds, so a
        game of bots, or one whose people left it to bots, counts while it
        goes on."""
        if self.status != "playing" or self.clock is None:
            return False
        if self.timing.kind == "turn":
            seat = self.running()
            deadline = None if seat is None else self.clock.deadline(self.timing, seat)
            return deadline is None or now <= deadline
        return now - self.clock.since < idle_after

    def public(self, now: datetime | None = None) -> dict[str, Any]:
        """``TABLE`` of the protocol as of ``now``: never the stack or a
        token hash."""
        scores: list[int] | None = None
        winners: list[int] | None = None
        if self.result is not None:
            scores, winners = list(self.result["scores"]), list(self.result["winners"])
        elif self.game is not None:
            scores = list(self.game.scores)
        elif self.scores is not None:
            scores = list(self.scores)
        return {
            "id": self.id, "name": self.name, "status": self.status,
            "sets": list(self.sets), "options": dict(self.options),
            "hide_distribution": self.hide_distribution,
            "seats": self._public_seats(),
            "created": self.created.isoformat(), "moves": self.moves,
            "ended": (self.result or {}).get("ended"),
            "flag": (self.result or {}).get("flag"),
            "scores": scores, "winners": winners, "rated": self.rated,
            "timing": self.timing.public(), "clock": self._clock_view(now),
            "rematch": None if self.rematch is None else {
                "accepted": sorted(int(seat) for seat in self.rematch["accepted"]),
                "table": self.rematch["table"]},
            "chat": self.chat, "aids": self.aids,
        }

    def _public_seats(self) -> list[dict[str, Any]]:
        """``SEAT`` of each seat, with its rating before and after the game
        once a rated game's result holds them (else null)."""
        figures = (self.result or {}).get("ratings") or [None] * len(self.seats)
        return [{**seat.public(i), "rating_before": None if rated is None else rated["before"],
                 "rating_after": None if rated is None else rated["after"]}
                for (i, seat), rated in zip(enumerate(self.seats), figures, strict=True)]

    def _clock_view(self, now: datetime | None) -> dict[str, Any] | None:
        if self.clock is None:
            return None
        humans = [seat.kind == "human" for seat in self.seats]
        clock = self.clock
        if (clock.paused is not None or clock.asked) and (
                self.status != "playing" or (clock.paused is not None and not self.paused)):
            clock = replace(clock, paused=None, asked=())  # the pause no longer holds
        return clock.public(self.timing, self.running(), humans, now or datetime.now(UTC))

    def row(self, **changes: Any) -> dict[str, Any]:
        """The columns of this table's row, with ``changes`` (attribute values)
        applied: what to store before changing the table itself (with
        :meth:`apply`). The row counts one more change than the table."""
        values = {name: getattr(self, name) for name in ROW}
        values.update(changes)
        return {"version": self.version + 1, **_stored(values)}

    def changed_row(self, **changes: Any) -> dict[str, Any]:
        """Only the columns ``changes`` sets, as :meth:`row` gives them, with
        the table's id and new version: what a change writes and publishes."""
        return {"id": self.id, "version": self.version + 1, **_stored(changes)}

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> Table:
        """A table as the database keeps it (its game not rebuilt yet)."""
        stack = row["stack"]
        return cls(
            id=row["id"], name=row["name"], created=row["created"], sets=tuple(row["sets"]),
            options=dict(row["options"]), hide_distribution=bool(row["hide_distribution"]),
            seats=tuple(Seat.from_stored(s) for s in row["seats"]), status=row["status"],
            seed=row["seed"], stack=None if stack is None else tuple(stack),
            moves=row["moves"], result=row["result"], rated=bool(row.get("rated", False)),
            timing=Timing.from_stored(row.get("timing")),
            clock=Clock.from_stored(row.get("clock")), rematch=row.get("rematch"),
            scores=row.get("scores"), current=row.get("current"),
            version=row.get("version") or 0, owner=row.get("owner"),
            chat=row.get("chat") or "all", aids=row.get("aids") or "on")

    def apply(self, **changes: Any) -> None:
        """Set attributes once the database holds them (a :meth:`row` with the
        same changes): one more change of the table."""
        self.version += 1
        for name, value in changes.items():
            setattr(self, name, value)

    def take(self, other: Table) -> None:
        """Take every stored column of ``other``, a newer row of this same
        table (its game, lock and connections stay)."""
        for name in (*ROW, "version", "owner"):
            setattr(self, name, getattr(other, name))

    def take_stored(self, columns: dict[str, Any]) -> None:
        """Take ``columns`` of this table's row as the database keeps them
        (some of them: those a change wrote)."""
        for name, value in columns.items():
            if name in DECODE:
                setattr(self, name, DECODE[name](value))
            elif name in ROW or name in ("version", "owner"):
                setattr(self, name, value)

    def seat_of(self, token: str | None) -> int | None:
        """The human seat ``token`` opens, or None. Every seat is compared,
        in constant time, whatever the answer."""
        found = self._token_seat(token)
        return found if found is not None and self.seats[found].kind == "human" else None

    def _token_seat(self, token: str | None) -> int | None:
        found = None
        if token:
            for index, seat in enumerate(self.seats):
                if matches(token, seat.token_hash):
                    found = index
        return found

    def resigned_by(self, token: str | None, account: str | None) -> int | None:
        """The seat whose player, shown by ``token`` (else the logged-in
        ``account``), resigned from this game, or None."""
        index = self._token_seat(token) if token else next(
            (i for i, s in enumerate(self.seats) if account and s.account == account), None)
        return index if index is not None and self.seats[index].resigned else None

    def counted_scores(self) -> list[int]:
        """The final scores a competition counts for this finished table: as
        they stand, except that a seat that resigned (or, at a table whose
        flag is a loss, ran out of time) counts one point below the lowest
        seat that did not, if it was not already: it lost the game, whatever
        its score; and a game ended by a flag at a table with a
        ``time_loss_margin`` counts that margin (counting.py).

            >>> table = Table("t", "", datetime.now(UTC), ("base",), {}, False,
            ...               (Seat("bot", resigned=True), Seat("human")),
            ...               result={"scores": [30, 12], "winners": [1]})
            >>> table.counted_scores()
            [11, 12]
        """
        result = self.result or {}
        out = set(self.clock.out if self.clock is not None and self.timing.flag == "loss"
                  else ())
        lost = [i for i, seat in enumerate(self.seats) if seat.resigned or i in out]
        return counted_on_time(result["scores"], lost, result.get("flag"),
                               self.timing.time_loss_margin)

    def rated_players(self) -> list[str]:
        """Who each seat is for the ratings: ``account:ID`` for a seat a
        logged-in player took (even if a bot finished it), else ``bot:NAME``."""
        return [f"account:{seat.account}" if seat.account else f"bot:{seat.bot}"
                for seat in self.seats]

    def seat_of_account(self, account: str | None) -> int | None:
        """The human seat the logged-in ``account`` holds here, or None."""
        if account is None:
            return None
        return next((i for i, seat in enumerate(self.seats)
                     if seat.kind == "human" and seat.account == account), None)

    def new_game(self) -> Game:
        """The game of this table from its stored setup (seed and stack)."""
        return Game.new(players=[seat.name or f"Player {i + 1}" for i, seat in
                                 enumerate(self.seats)],
                        sets=self.sets, options=self.options, seed=self.seed,
                        stack=self.stack)
