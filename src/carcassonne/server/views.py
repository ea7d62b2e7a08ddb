"""The ``state`` message: what one client may see of a table, and may do.

Each seat gets its own view (``game.view(seat)``), a spectator the view of
``None``; ``legal`` lists the moves in record form only for the seat whose
decision it is. Nothing here holds the stack order or a hidden hand: the
engine's views leave them out and ``TABLE`` never carries them. At a table
that hides the tile distribution, the counts of tiles still to come
(``unseen``) are not sent either until the game is over.

A game ended by a resignation (resign.py) is over for everyone although
the engine's game is not: its view says so (``is_over``, the table's
``winners``, nobody to move and no tile to place).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from carcassonne.server.tables import Table


def state_message(table: Table, seat: int | None, now: datetime) -> dict[str, Any]:
    """The ``state`` message of ``table`` for ``seat`` (None: a spectator),
    its clocks as of ``now``."""
    game = table.game
    view = legal = None
    if game is not None:
        view = game.view(seat)
        if table.hide_distribution and not game.is_over:
            view["unseen"] = None  # tournament style: the server keeps the counts
        if table.status == "finished" and not game.is_over and table.result is not None:
            view.update(is_over=True, winners=list(table.result["winners"]), current=None,
                        to_place=[], extra_turn=False)
        if seat is not None and game.current_player == seat and table.status == "playing":
            legal = game.legal_moves().records()
    return {"type": "state", "table": table.public(now), "seat": seat, "view": view,
            "legal": legal, "last": len(game.moves) if game is not None else 0}


def error_message(message: str, rule: str | None = None) -> dict[str, Any]:
    """An ``error`` message, sent only to the client it concerns."""
    return {"type": "error", "error": message, "rule": rule}
