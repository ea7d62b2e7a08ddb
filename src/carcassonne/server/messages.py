"""The WebSocket's messages, one type each way per kind (docs/server.md).

A client sends (:data:`CLIENT_KINDS`):

- :class:`SeatMessage` ``{"type": "seat", "token"}``: play the seat the token opens;
- :class:`MoveMessage` ``{"type": "move", "move", "think"?}``: play a move;
- :class:`SyncMessage` ``{"type": "sync"}``: send me the whole state again;
- :class:`PingMessage` ``{"type": "ping"}``: are you there?
- :class:`ChatMessage` ``{"type": "chat", "text"}``: a line for the table's
  chat (chat.py).

The server sends:

- :class:`StateMessage` ``{"type": "state", ...}``: what one client may see
  of a table, and may do (:func:`state_message`);
- :class:`PatchMessage` ``{"type": "patch", "base", "ops"}``: the next state
  as what changed since the last one (patches.py);
- :class:`ErrorMessage` ``{"type": "error", "error", "rule", "answers"?}``:
  a refusal, sent only to the client it concerns (:func:`error_message`);
- :class:`PongMessage` ``{"type": "pong"}``: the answer to a ping;
- :class:`ChatLine` ``{"type": "chat", "id", "from", "text", "at"}``: a line
  written in the table's chat, to every watcher (but those who blocked its
  writer);
- :class:`ChatHistory` ``{"type": "chat_history", "messages"}``: the chat's
  lines so far, right after the first ``state`` of a connection (when
  there are any);
- :class:`AnalysisNews` ``{"type": "analysis", "key", "status", "done",
  "total", "position"}``: how the computer review of a finished table
  goes, to every watcher (analyses.py).

Each seat gets its own view of a state (``game.view(seat)``), a spectator
the view of ``None``; ``legal`` lists the moves in record form only for the
seat whose decision it is. Nothing here holds the stack order or a hidden
hand: the engine's views leave them out and ``TABLE`` never carries them.
At a table that hides the tile distribution, the counts of tiles still to
come (``unseen``) are not sent either until the game is over. A game ended
by a resignation (resign.py) is over for everyone although the engine's
game is not: its view says so (``is_over``, the table's ``winners``, nobody
to move and no tile to place).
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any, Literal, NotRequired, TypedDict

from carcassonne.server.aids import hides_distribution

if TYPE_CHECKING:
    from carcassonne.server.tables import Table

#: The types of message a client may send.
CLIENT_KINDS = ("seat", "move", "sync", "ping", "chat")


# -- from the client -------------------------------------------------------------------


class SeatMessage(TypedDict):
    type: Literal["seat"]
    token: str


class MoveMessage(TypedDict):
    type: Literal["move"]
    #: The move in record form (FORMATS.md).
    move: Any
    #: The milliseconds the player thought, as the client counts them.
    think: NotRequired[int | float | None]


class SyncMessage(TypedDict):
    type: Literal["sync"]


class PingMessage(TypedDict):
    type: Literal["ping"]


class ChatMessage(TypedDict):
    type: Literal["chat"]
    #: One line, 1 to 300 characters once trimmed.
    text: str


ClientMessage = SeatMessage | MoveMessage | SyncMessage | PingMessage | ChatMessage


# -- to the client ---------------------------------------------------------------------


class StateMessage(TypedDict):
    type: Literal["state"]
    #: ``TABLE``: the table as the lobby shows it.
    table: dict[str, Any]
    #: The seat this client plays, None for a spectator.
    seat: int | None
    #: The game as this seat sees it, None before the start.
    view: dict[str, Any] | None
    #: The moves this seat may make now (record form), else None.
    legal: list[dict[str, Any]] | None
    #: How many moves were played: a client's move names it as ``seen``.
    last: int


class PatchMessage(TypedDict):
    type: Literal["patch"]
    #: The operations that turn the last state into this one (patches.py).
    ops: list[Any]
    #: How many states and patches the client was sent before (added to
    #: the text per client: see ``Connection.send_state`` in live.py).
    base: NotRequired[int]


class ErrorMessage(TypedDict):
    type: Literal["error"]
    error: str
    #: The rule broken (RULES.md's id), if one is.
    rule: str | None
    #: The type of the client's message this refuses, when known.
    answers: NotRequired[str]


class PongMessage(TypedDict):
    type: Literal["pong"]


#: A line of the chat: its number (a report names it; later lines have
#: larger ones), its writer's name (their account's, or a guest's seat's),
#: its text and when it was written (ISO 8601, UTC). Made by call, since
#: ``from`` is a keyword of Python.
ChatLine = TypedDict("ChatLine", {"type": Literal["chat"], "id": int, "from": str,
                                  "text": str, "at": str})


class ChatHistory(TypedDict):
    type: Literal["chat_history"]
    #: Every line not hidden, oldest first (not those of accounts the
    #: watcher blocked).
    messages: list[ChatLine]


class AnalysisNews(TypedDict):
    """How the computer review of a finished table goes (analyses.py):
    ``key`` is the table's id; ``status`` is ``queued``, ``running``,
    ``done`` or ``failed``; ``done`` of ``total`` decisions are weighed;
    ``position`` is the place in the site's queue while queued."""

    type: Literal["analysis"]
    key: str
    status: str
    done: int
    total: int
    position: int | None


Message = (StateMessage | PatchMessage | ErrorMessage | PongMessage | ChatLine | ChatHistory
           | AnalysisNews)


def state_message(table: Table, seat: int | None, now: datetime) -> StateMessage:
    """The ``state`` message of ``table`` for ``seat`` (None: a spectator),
    its clocks as of ``now``."""
    game = table.game
    view = legal = None
    if game is not None:
        view = game.view(seat)
        if hides_distribution(table, game):
            view["unseen"] = None  # tournament style: the server keeps the counts
        if table.status == "finished" and not game.is_over and table.result is not None:
            view.update(is_over=True, winners=list(table.result["winners"]), current=None,
                        to_place=[], extra_turn=False)
        if seat is not None and game.current_player == seat and table.status == "playing":
            legal = game.legal_moves().records()
    if table.paused:
        legal = None  # a paused game takes no move (pause.py)
    return {"type": "state", "table": table.public(now), "seat": seat, "view": view,
            "legal": legal, "last": len(game.moves) if game is not None else 0}


def patch_message(ops: list[Any]) -> PatchMessage:
    """A ``patch`` message of ``ops`` (its ``base`` is added per client)."""
    return {"type": "patch", "ops": ops}


def error_message(message: str, rule: str | None = None,
                  answers: str | None = None) -> ErrorMessage:
    """An ``error`` message, sent only to the client it concerns;
    ``answers`` names the type of the message it refuses, if known."""
    error: ErrorMessage = {"type": "error", "error": message, "rule": rule}
    if answers is not None:
        error["answers"] = answers
    return error


PONG: PongMessage = {"type": "pong"}
