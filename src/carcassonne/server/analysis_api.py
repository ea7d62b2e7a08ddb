"""The HTTP routes of computer reviews (docs/analysis.md, "On the server").

- ``POST /api/tables/{id}/analysis`` asks for the review of a finished
  game: its status ``{"key", "status", "done", "total", "position",
  "error"}``; a second request joins the first. 409 while the game is
  played: a review is never made of a live game.
- ``POST /api/analyses`` with ``{"record": RECORD}`` asks for the review
  of an uploaded record (docs/formats.md): the same status, whose ``key``
  (``record:`` and a hash of the record) names it. A record that does not
  replay is refused (400) with the reason, naming the move.
- ``GET /api/tables/{id}/analysis`` and ``GET /api/analyses/{key}``: the
  status, and ``review`` once ``done`` (:meth:`Review.to_dict`); 404 if
  nobody asked.
- ``GET /api/analyses/{key}/game``: an uploaded game's record and final
  view, for its page (``/review/{key}``).
- "Learn from your mistakes", once the review is done: ``GET
  /api/tables/{id}/analysis/moves/{n}`` (or ``/api/analyses/{key}/moves/{n}``
  for an uploaded record) gives decision ``n``'s position as
  ``{"move", "player", "legal"}`` (every legal move in record form), and
  ``POST`` there with ``{"try": MOVE}`` weighs that move in place of the
  one played: ``{"move", "player", "played", "best", "played_value",
  "best_value", "loss", "class", ...}`` as a decision of the review, the
  move tried as ``played``, seeded as the review's own weighing. 400 for a
  move that is not legal there (naming the rule) or a forced move.

Anyone may ask (every finished game of the server is public, as its
record is); the write requests count against the client's bound, and the
site queues at most :data:`~carcassonne.server.analyses.MOST_QUEUED`
reviews. A server started with ``--analysis-workers 0`` answers 503.
"""

from __future__ import annotations

import hashlib
from typing import Any

import orjson
from fastapi import APIRouter, Request

from carcassonne.analysis.review import replayed, step_at
from carcassonne.engine.moves import Move
from carcassonne.server import analysis_store
from carcassonne.server.analyses import MOST_QUEUED, Analyses
from carcassonne.server.errors import Refusal
from carcassonne.server.http_input import body_of, hall_of

router = APIRouter(prefix="/api")

#: The largest uploaded record (bytes): a game with every set fits well.
MAX_RECORD = 512 * 1024


def _analyses(request: Request) -> Analyses:
    analyses: Analyses = request.app.state.analyses
    if not analyses.enabled:
        raise Refusal(503, "this server does not review games (it was started with "
                           "--analysis-workers 0)")
    return analyses


async def _ask(request: Request, key: str, record: dict[str, Any]) -> dict[str, Any]:
    analyses = _analyses(request)
    hall = hall_of(request)
    known = await hall.db(analysis_store.read, hall.store.engine, key)
    if known is None and await hall.db(analysis_store.queued, hall.store.engine) >= MOST_QUEUED:
        raise Refusal(503, f"{MOST_QUEUED} reviews are waiting already: ask again later")
    return analysis_store.status(await analyses.ask(key, record))


async def _read(request: Request, key: str) -> dict[str, Any]:
    hall = hall_of(request)
    row = await hall.db(analysis_store.read, hall.store.engine, key)
    if row is None:
        raise Refusal(404, "nobody has asked for this game's review yet")
    answer = analysis_store.status(row)
    if row["status"] == "done":
        answer["review"] = row["review"]
    return answer


@router.post("/tables/{table_id}/analysis")
async def ask_table(request: Request, table_id: str) -> dict[str, Any]:
    await body_of(request)
    _analyses(request)
    record = await hall_of(request).record(table_id)  # 404 unknown, 409 not over
    return await _ask(request, table_id, record)


@router.get("/tables/{table_id}/analysis")
async def table_analysis(request: Request, table_id: str) -> dict[str, Any]:
    return await _read(request, table_id)


async def _done(request: Request, key: str) -> dict[str, Any]:
    """The stored row of a finished review, or a refusal."""
    hall = hall_of(request)
    row = await hall.db(analysis_store.read, hall.store.engine, key)
    if row is None:
        raise Refusal(404, "nobody has asked for this game's review yet")
    if row["status"] != "done":
        raise Refusal(409, "the review is not done yet")
    return row


async def _position(request: Request, key: str, index: int) -> dict[str, Any]:
    row = await _done(request, key)
    try:
        step = step_at(row["record"], index)
    except ValueError as err:
        raise Refusal(400, str(err)) from None
    return {"move": index, "player": step.player,
            "legal": [move.to_dict() for move in step.game.legal_moves()]}


async def _try(request: Request, key: str, index: int) -> dict[str, Any]:
    body = await body_of(request)
    analyses = _analyses(request)
    row = await _done(request, key)
    try:
        tried = Move.from_dict(body.get("try"))
        step = step_at(row["record"], index, tried)
    except ValueError as err:  # NotationError and IllegalMove among them
        raise Refusal(400, str(err)) from None
    return (await analyses.weigh(step)).to_dict()


@router.get("/tables/{table_id}/analysis/moves/{index}")
async def table_position(request: Request, table_id: str, index: int) -> dict[str, Any]:
    return await _position(request, table_id, index)


@router.post("/tables/{table_id}/analysis/moves/{index}")
async def table_try(request: Request, table_id: str, index: int) -> dict[str, Any]:
    return await _try(request, table_id, index)


@router.get("/analyses/{key}/moves/{index}")
async def record_position(request: Request, key: str, index: int) -> dict[str, Any]:
    return await _position(request, key, index)


@router.post("/analyses/{key}/moves/{index}")
async def record_try(request: Request, key: str, index: int) -> dict[str, Any]:
    return await _try(request, key, index)


@router.get("/analyses/{key}/game")
async def record_game(request: Request, key: str) -> dict[str, Any]:
    """The uploaded game, for its page: the record and the final view of
    a spectator (``Game.view(None)``), as a finished table gives them."""
    hall = hall_of(request)
    row = await hall.db(analysis_store.read, hall.store.engine, key)
    if row is None:
        raise Refusal(404, "nobody has asked for this game's review yet")
    return {"record": row["record"], "view": replayed(row["record"]).view(None)}


@router.post("/analyses")
async def ask_record(request: Request) -> dict[str, Any]:
    body = await body_of(request, MAX_RECORD)
    record = body.get("record")
    if not isinstance(record, dict):
        raise Refusal(400, "send {\"record\": RECORD}, a game record (docs/formats.md)")
    _analyses(request)
    try:
        replayed(record)
    except (ValueError, TypeError, KeyError, IndexError) as err:  # RecordError among them
        raise Refusal(400, f"the record does not replay: {err}") from None
    digest = hashlib.sha256(orjson.dumps(record, option=orjson.OPT_SORT_KEYS)).hexdigest()
    return await _ask(request, f"record:{digest[:32]}", record)


@router.get("/analyses/{key}")
async def record_analysis(request: Request, key: str) -> dict[str, Any]:
    return await _read(request, key)
