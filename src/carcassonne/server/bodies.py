"""Reading request bodies: JSON objects checked field by field.

Everything a client sends is checked here or by the engine before anything
changes; a bad field is a :class:`Refusal` with status 400 naming it::

    >>> clean_name("  Ann  Smith ", "name")
    'Ann Smith'
    >>> clean_name("", "name")
    Traceback (most recent call last):
    ...
    carcassonne.server.errors.Refusal: name must be 1 to 40 characters, not ''
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from carcassonne.engine import Game, SetupError
from carcassonne.engine.errors import shown
from carcassonne.server.aids import aids_setting, check_training
from carcassonne.server.bots import bot_names
from carcassonne.server.errors import Refusal
from carcassonne.server.tables import Seat, name_bots
from carcassonne.server.timing import Timing

#: The largest body (bytes) an HTTP request may carry.
MAX_BODY = 8 * 1024
NAME_LENGTH = 40
TABLE_NAME_LENGTH = 80
#: Who may write in a table's chat: everyone who may, or the players only.
CHAT_SETTINGS = ("all", "players")


def clean_name(value: Any, what: str, limit: int = NAME_LENGTH) -> str:
    """A name: text, spaces collapsed, no control characters, 1 to ``limit`` long."""
    if not isinstance(value, str):
        raise Refusal(400, f"{what} must be text, not {shown(value)}")
    text = " ".join(value.split())
    if not 1 <= len(text) <= limit:
        raise Refusal(400, f"{what} must be 1 to {limit} characters, not {shown(value)}")
    if any(not ch.isprintable() for ch in text):
        raise Refusal(400, f"{what} must hold printable characters only")
    return text


def optional_name(body: dict[str, Any], key: str, what: str,
                  limit: int = NAME_LENGTH) -> str | None:
    value = body.get(key)
    return None if value is None else clean_name(value, what, limit)


def whole_number(value: Any, what: str) -> int:
    if type(value) is not int:
        raise Refusal(400, f"{what} must be a whole number, not {shown(value)}")
    return value


def mapping(value: Any, what: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise Refusal(400, f"{what} must be an object, not {shown(value)}")
    return value


@dataclass(frozen=True)
class Setup:
    """A checked ``POST /api/tables`` body."""

    name: str | None
    seats: tuple[Seat, ...]
    sets: tuple[str, ...]
    options: dict[str, Any]
    hide_distribution: bool
    join: tuple[int, str | None] | None
    rated: bool = False
    timing: Timing = field(default_factory=Timing)
    #: Who writes in the chat: ``all``, or ``players`` (a rated table's default).
    chat: str = "all"
    #: The aids shown (aids.py): ``on``, ``off`` or ``training``.
    aids: str = "on"


def _seat(value: Any, index: int) -> Seat:
    entry = mapping(value, f"seat {index}")
    kind = entry.get("kind", "human")
    name = optional_name(entry, "name", f"the name of seat {index}")
    if kind == "human":
        return Seat("human", name=name, label=name)
    if kind == "bot":
        bot = entry.get("bot", "greedy" if "greedy" in bot_names() else "random")
        if bot not in bot_names():
            raise Refusal(400, f"seat {index}: unknown bot {shown(bot)} "
                               f"(known: {', '.join(bot_names())})")
        return Seat("bot", bot=bot, name=name, label=name)
    raise Refusal(400, f"seat {index}: kind must be 'human' or 'bot', not {shown(kind)}")


def table_setup(body: dict[str, Any]) -> Setup:
    """Check a new table's body; the engine checks sets, options and the
    number of players exactly as it would for a game."""
    name = optional_name(body, "name", "the table's name", TABLE_NAME_LENGTH)
    seats_value = body.get("seats")
    if not isinstance(seats_value, list) or not seats_value:
        raise Refusal(400, "seats must be a list of seats, one per player")
    if len(seats_value) > 6:
        raise Refusal(400, f"{len(seats_value)} seats: a game has at most 6 players")
    seats = [_seat(value, i) for i, value in enumerate(seats_value)]
    sets = body.get("sets", ["base"])
    options = mapping(body.get("options", {}), "options")
    try:
        game = Game.new(players=len(seats), sets=sets, options=options, seed=0)
    except SetupError as err:
        raise Refusal(400, str(err)) from None
    hide = body.get("hide_distribution", False)
    if not isinstance(hide, bool):
        raise Refusal(400, f"hide_distribution must be true or false, not {shown(hide)}")
    aids = aids_setting(body, "aids")
    check_training(aids, game.options, hide, "aids")
    rated = body.get("rated", False)
    if not isinstance(rated, bool):
        raise Refusal(400, f"rated must be true or false, not {shown(rated)}")
    timing = Timing.from_body(body.get("timing"))
    chat = body.get("chat", "players" if rated else "all")
    if chat not in CHAT_SETTINGS:
        raise Refusal(400, f"chat must be 'all' (players and spectators write) or 'players' "
                           f"(spectators only read), not {shown(chat)}")
    join = None
    if body.get("join") is not None:
        seat, player = join_request(mapping(body["join"], "join"))
        if seat is None:
            seat = next((i for i, s in enumerate(seats) if s.kind == "human"), None)
            if seat is None:
                raise Refusal(400, "join: this table has no human seat")
        join = (seat, player)
    return Setup(name, name_bots(seats), tuple(game.sets), game.options.changed(),
                 hide, join, rated, timing, chat, aids)


def join_request(body: dict[str, Any]) -> tuple[int | None, str | None]:
    """The seat (None: the first free human seat) and name of a join."""
    seat = body.get("seat")
    if seat is not None:
        seat = whole_number(seat, "seat")
    return seat, optional_name(body, "name", "name")
