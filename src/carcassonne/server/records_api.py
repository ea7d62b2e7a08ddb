"""Open records: the games of a competition and of a player, for anyone.

``GET /api/competitions/{id}/records`` (``?format=jsonl`` or ``zip``) and
``GET /api/players/{name}/records?since=...&limit=...&after=...`` give
finished games as the records ``GET /api/tables/{id}/record`` gives
(made by the same :meth:`Hall.record <carcassonne.server.hall.Hall.record>`),
each with added keys saying which game it is (docs/server.md, "Open
records"). Every table and competition of this server is public (the lobby
lists them, and a finished table's record is anyone's), so no account is
needed; a game still being played is never given (its record holds the
stack). Instead of a daily cap, each client address has a generous bound
(read_limits.py), answered 429 with ``Retry-After``.

The answer streams: the list of games is settled first (so a bad
parameter or an unknown name is a plain 400 or 404), then each record is
made, sent and let go, one at a time.
"""

from __future__ import annotations

import json
import logging
from collections.abc import AsyncIterator
from datetime import datetime
from typing import TYPE_CHECKING, Any
from urllib.parse import quote, urlencode

from fastapi import APIRouter, Request
from fastapi.responses import StreamingResponse
from starlette.exceptions import HTTPException

from carcassonne.engine.errors import shown
from carcassonne.server.accounts import name_key
from carcassonne.server.errors import Refusal
from carcassonne.server.event_actions import act
from carcassonne.server.http_input import accounts_of, client_address, hall_of
from carcassonne.server.read_limits import Reads, reads_for, retry_after
from carcassonne.server.record_export import (
    EventGame,
    ZipStream,
    event_games,
    file_names,
    json_line,
)
from carcassonne.server.record_pages import (
    after_of,
    cursor_of,
    ended_of,
    limit_of,
    player_page,
    since_of,
)

if TYPE_CHECKING:
    from carcassonne.server.hall import Hall
    from carcassonne.server.tables import Table

log = logging.getLogger(__name__)
router = APIRouter(prefix="/api")

#: The answer's type for each ``format`` of a competition's records.
FORMATS = {"jsonl": "application/x-ndjson", "zip": "application/zip"}


async def _count(request: Request) -> None:
    """Count the request against its client's bound on reading records;
    429 with ``Retry-After`` beyond it."""
    state = request.app.state
    reads: Reads | None = getattr(state, "record_reads", None)
    if reads is None:
        settings = hall_of(request).settings
        reads = state.record_reads = reads_for(settings.redis_url, *settings.records_rate)
    wait = await reads.allow(client_address(request))
    if wait > 0:
        after = retry_after(wait)
        raise HTTPException(429, f"too many requests for records: try again in {after} s",
                            headers={"Retry-After": after})


def _query(request: Request, allowed: tuple[str, ...]) -> dict[str, str]:
    """The query's parameters, each once and each one of ``allowed``."""
    params = request.query_params
    for key in params:
        if key not in allowed:
            names = ", ".join(allowed)
            raise Refusal(400, f"unknown parameter {shown(key)} (this takes {names})")
        if len(params.getlist(key)) > 1:
            raise Refusal(400, f"the parameter {key} is given more than once")
    return dict(params)


async def _record(hall: Hall, table: Table) -> dict[str, Any] | None:
    """The record of a finished table, as ``GET /api/tables/{id}/record``
    gives it; a game rebuilt for it leaves memory again at once. None (and
    a line in the log) if its stored game cannot be rebuilt."""
    held = table.game is not None
    try:
        return await hall.record(table.id)
    except Refusal as refusal:
        log.warning("the record of table %s is left out of an export: %s",
                    table.id, refusal.message)
        return None
    finally:
        if not held:
            hall.let_go(table)


def _table_key(table: Table, ended: datetime) -> dict[str, Any]:
    return {"id": table.id, "name": table.name, "ended": ended.isoformat(),
            "rated": table.rated}


# -- a competition's records ---------------------------------------------------------


@router.get("/competitions/{event_id}/records")
async def competition_records(request: Request, event_id: str) -> StreamingResponse:
    """Every finished game of the competition: JSON Lines, or a zip."""
    await _count(request)
    form = _query(request, ("format",)).get("format", "jsonl")
    if form not in FORMATS:
        raise Refusal(400, f"format must be jsonl or zip, not {shown(form)}")
    hall = hall_of(request)
    view: dict[str, Any] = await act(hall, "view", event_id)
    games: list[tuple[EventGame, Table]] = []
    for game in event_games(view):
        try:
            table = await hall.find(game.table)
        except Refusal:
            continue
        if table.status == "finished":
            games.append((game, table))
    if form == "zip":
        name = f"competition-{view['id']}-records.zip"
        return StreamingResponse(_zip(hall, view, games), media_type=FORMATS["zip"],
                                 headers={"Content-Disposition": f'attachment; filename="{name}"'})
    return StreamingResponse(_lines(hall, view, games), media_type=FORMATS["jsonl"])


async def _event_records(hall: Hall, view: dict[str, Any],
                         games: list[tuple[EventGame, Table]],
                         ) -> AsyncIterator[tuple[int, dict[str, Any], datetime]]:
    """Each game's record with its ``event`` and ``table`` keys (and its
    place in ``games``), made one at a time."""
    for index, (game, table) in enumerate(games):
        record = await _record(hall, table)
        if record is None:
            continue
        ended = ended_of(table)
        yield index, {**record, "event": game.key(view["id"], view["name"], ended.isoformat()),
                      "table": _table_key(table, ended)}, ended


async def _lines(hall: Hall, view: dict[str, Any],
                 games: list[tuple[EventGame, Table]]) -> AsyncIterator[bytes]:
    async for _, record, _ in _event_records(hall, view, games):
        yield json_line(record)


async def _zip(hall: Hall, view: dict[str, Any],
               games: list[tuple[EventGame, Table]]) -> AsyncIterator[bytes]:
    """The zip: a file per game, then ``index.json`` naming each file's game."""
    names = file_names([game for game, _ in games])
    out = ZipStream()
    index = []
    async for place, record, ended in _event_records(hall, view, games):
        text = json.dumps(record, ensure_ascii=False, indent=1).encode()
        yield out.add(names[place], text, ended)
        index.append({"file": names[place], "event": record["event"],
                      "players": record["setup"]["players"],
                      "result": record.get("result")})
    summary = {key: view.get(key) for key in ("id", "name", "series", "format", "status",
                                              "winner")}
    yield out.add("index.json", json.dumps({"competition": summary, "games": index},
                                           ensure_ascii=False, indent=1).encode(),
                  hall.now())
    yield out.close()


# -- a player's records ---------------------------------------------------------------


@router.get("/players/{name}/records")
async def player_records(request: Request, name: str) -> StreamingResponse:
    """The player's finished games, oldest first, a page at a time."""
    await _count(request)
    params = _query(request, ("since", "limit", "after"))
    since, limit = since_of(params.get("since")), limit_of(params.get("limit"))
    after = after_of(params.get("after"))
    account = await accounts_of(request).account(name_key(name.strip()))
    if account is None:
        raise Refusal(404, "there is no such player")
    hall = hall_of(request)
    page, more = player_page(list(hall.known()), account["id"], since, after, limit)
    headers = {}
    if more:
        last_ended, last, _ = page[-1]
        path = quote(f"/api/players/{account['name']}/records")
        query = urlencode({"limit": limit, "after": cursor_of(last_ended, last.id)})
        headers["Link"] = f'<{path}?{query}>; rel="next"'
    return StreamingResponse(_player_lines(hall, account["name"], page),
                             media_type=FORMATS["jsonl"], headers=headers)


async def _player_lines(hall: Hall, name: str,
                        page: list[tuple[datetime, Table, int]]) -> AsyncIterator[bytes]:
    for ended, table, seat in page:
        record = await _record(hall, table)
        if record is None:
            continue
        yield json_line({**record, "table": _table_key(table, ended),
                         "player": {"name": name, "seat": seat,
                                    "cursor": cursor_of(ended, table.id)}})
