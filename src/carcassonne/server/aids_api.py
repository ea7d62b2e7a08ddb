"""``GET /api/tables/{id}/chances``: the training aid (aids.py).

At a table whose aids are ``training``, how many of the tiles the next draw
chooses from fit each open square (``Game.fit_chances``, exact counts: the
chance is ``fits / tiles``). Public, like the board and ``/features``: it
follows from the tiles left, which every seat of such a table sees.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from carcassonne.server.errors import Refusal
from carcassonne.server.http_input import hall_of

router = APIRouter(prefix="/api")


@router.get("/tables/{table_id}/chances")
async def table_chances(request: Request, table_id: str) -> dict[str, Any]:
    """``{"last": n, "tiles": n, "squares": [{"at": [x, y], "fits": k}]}``
    of the position after ``last`` moves; 409 at a table whose aids are not
    ``training`` and before the start."""
    hall = hall_of(request)
    table = await hall.find(table_id)
    if table.aids != "training":
        raise Refusal(409, f"the chances are a training aid: this table's aids are "
                           f"{table.aids!r}, not 'training'")
    async with table.lock:  # never a move still being stored (tables.py)
        game = await hall.game_of(table)
        hall.let_go(table)
        if game is None:
            raise Refusal(409, "the game has not started: there is no board yet")
        if game.position().hidden_hands():  # refused at creation; never told
            raise Refusal(409, "the hands are hidden: the chances would tell the stack")
        return {"last": len(game.moves), **game.fit_chances()}
