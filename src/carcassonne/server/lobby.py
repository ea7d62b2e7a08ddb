"""The HTTP lobby: tables to list, create, join, start, leave, resign, pause, rematch,
records and features.

Bodies and answers are JSON; errors are ``{"error", "rule"}`` with the status
of :mod:`carcassonne.server.errors`. A seat token travels as
``Authorization: Bearer TOKEN``. Write requests (POST) are bounded per client
address; bodies over 8 KiB are refused with 413.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from carcassonne.server.aids import hides_distribution, hides_values, without_values
from carcassonne.server.bodies import join_request, table_setup
from carcassonne.server.catalogue import catalogue
from carcassonne.server.errors import Refusal
from carcassonne.server.http_input import (
    body_of,
    client_address,
    hall_of,
    player_of,
    token_of,
)
from carcassonne.server.listings import listing
from carcassonne.server.pause import pause, pause_request
from carcassonne.server.presets import with_preset
from carcassonne.server.rematch import rematch
from carcassonne.server.resign import resign
from carcassonne.server.seats import create, join, leave, start

router = APIRouter(prefix="/api")


@router.get("/health")
async def health() -> dict[str, Any]:
    return {"ok": True}


@router.get("/catalogue")
async def get_catalogue() -> dict[str, Any]:
    return catalogue()


@router.post("/tables", status_code=201)
async def create_table(request: Request) -> dict[str, Any]:
    setup = table_setup(with_preset(await body_of(request), "table"))
    table, seat, token = await create(hall_of(request), setup, await player_of(request),
                                      client_address(request))
    answer: dict[str, Any] = {"table": table.public(hall_of(request).now())}
    if token is not None:
        answer.update(seat=seat, token=token)
    return answer


@router.get("/tables")
async def list_tables(request: Request, status: str | None = None) -> dict[str, Any]:
    return {"tables": listing(hall_of(request), status)}


@router.get("/tables/{table_id}")
async def get_table(request: Request, table_id: str) -> dict[str, Any]:
    hall = hall_of(request)
    return (await hall.find(table_id)).public(hall.now())


@router.post("/tables/{table_id}/join")
async def join_table(request: Request, table_id: str) -> dict[str, Any]:
    body = await body_of(request)
    hall = hall_of(request)
    await hall.find(table_id)
    seat, name = join_request(body)
    index, token = await join(hall, table_id, seat, name, await player_of(request))
    return {"seat": index, "token": token}


@router.post("/tables/{table_id}/start")
async def start_table(request: Request, table_id: str) -> dict[str, Any]:
    await body_of(request)
    player = await player_of(request)
    hall = hall_of(request)
    table = await start(hall, table_id, token_of(request), player[0] if player else None)
    return table.public(hall.now())


@router.post("/tables/{table_id}/leave")
async def leave_table(request: Request, table_id: str) -> dict[str, Any]:
    await body_of(request)
    player = await player_of(request)
    hall = hall_of(request)
    table = await leave(hall, table_id, token_of(request), player[0] if player else None)
    return table.public(hall.now())


@router.post("/tables/{table_id}/resign")
async def resign_table(request: Request, table_id: str) -> dict[str, Any]:
    """Give the game up (resign.py): the seat goes to the stand-in, or the
    game ends when one player is left."""
    await body_of(request)
    player = await player_of(request)
    hall = hall_of(request)
    await hall.find(table_id)
    table = await resign(hall, table_id, token_of(request), player[0] if player else None)
    return table.public(hall.now())


@router.post("/tables/{table_id}/pause")
async def pause_table(request: Request, table_id: str) -> dict[str, Any]:
    """Ask to pause or resume the game (pause.py): ``{"pause": true | false}``."""
    wanted = pause_request(await body_of(request))
    player = await player_of(request)
    hall = hall_of(request)
    await hall.find(table_id)
    table = await pause(hall, table_id, wanted, token_of(request), player[0] if player else None)
    return table.public(hall.now())


@router.post("/tables/{table_id}/rematch")
async def rematch_table(request: Request, table_id: str) -> dict[str, Any]:
    await body_of(request)
    player = await player_of(request)
    return await rematch(hall_of(request), table_id, token_of(request),
                         player[0] if player else None)


@router.get("/tables/{table_id}/record")
async def table_record(request: Request, table_id: str) -> JSONResponse:
    return JSONResponse(await hall_of(request).record(table_id))


#: How many answers of ``/features`` a server keeps (see :func:`surveys_of`).
SURVEYS_KEPT = 64


def surveys_of(request: Request) -> OrderedDict[tuple[str, int], dict[str, Any]]:
    """The answers of ``/features`` this server gave, by (table, moves
    played): the features of a position never change, so every client asking
    after the same move gets the answer worked out once. The oldest go first."""
    state = request.app.state
    kept: OrderedDict[tuple[str, int], dict[str, Any]] | None = getattr(state, "surveys", None)
    if kept is None:
        kept = state.surveys = OrderedDict()
    return kept


@router.get("/tables/{table_id}/features")
async def table_features(request: Request, table_id: str) -> JSONResponse:
    """Every feature of the position and the squares no tile left can fill
    (``Game.feature_map``, ``Game.dead_squares``): public, like the board.
    Worked out from the table's game as this process holds it (rebuilt from
    the stored moves when it holds none: another process owns the table, or
    the game is over and was let go), never on the path of a move. ``dead``
    is null while a table that hides the tile distribution (or has its aids
    off) is played: it follows from the tiles still to come; with the aids
    off each feature's ``points`` and ``detail`` are null too (aids.py)."""
    hall = hall_of(request)
    table = await hall.find(table_id)
    async with table.lock:  # never a move still being stored (tables.py)
        game = await hall.game_of(table)
        hall.let_go(table)  # a game over that nobody watches need not stay in memory
        if game is None:
            raise Refusal(409, "the game has not started: there is no board yet")
        kept = surveys_of(request)
        key = (table.id, len(game.moves))
        answer = kept.get(key)
        if answer is None:
            hidden = hides_distribution(table, game)
            shown = game.feature_map()
            answer = {"last": len(game.moves),
                      "features": without_values(shown) if hides_values(table, game) else shown,
                      "dead": None if hidden else game.dead_squares()}
            kept[key] = answer
            while len(kept) > SURVEYS_KEPT:
                kept.popitem(last=False)
        else:
            kept.move_to_end(key)
    return JSONResponse(answer)


@router.get("/tables/{table_id}/placements")
async def table_placements(request: Request, table_id: str) -> JSONResponse:
    """Where the tile in play can go and what each placement would join and
    score (``analysis.placements``): the text form of the highlighted
    squares, for a screen reader. Public for a tile everyone sees; a tile
    held in a hidden hand only for its player (their seat token, or the
    log-in holding the seat). With the aids off, points are null."""
    from carcassonne.analysis.placements import placements

    hall = hall_of(request)
    table = await hall.find(table_id)
    player = await player_of(request)
    token = token_of(request)
    async with table.lock:
        game = await hall.game_of(table)
        if game is None:
            raise Refusal(409, "the game has not started: there is no board yet")
        tiles: set[str] | None = set(game.view(None).get("to_place") or [])
        if token or player is not None:
            try:
                seat = hall.seat_of(table, token, player[0] if player else None)
                if seat == game.current_player:
                    tiles = None
            except Refusal:
                pass
        found = placements(game, tiles)
        last = len(game.moves)
    if hides_values(table, game):
        for placement in found:
            placement["scores"] = placement["scored"] = None
            for feature in placement["features"]:
                feature["points"] = None
    return JSONResponse({"last": last, "placements": found})
