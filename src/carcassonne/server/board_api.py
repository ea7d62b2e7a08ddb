"""The HTTP routes of match messages: a competition's board and its
matches' threads (docs/boards.md).

``GET /api/competitions/{id}/messages`` is the board, with the threads the
reader takes part in; ``?match=KEY`` is one thread (its players, the
organizer and admins). ``POST /api/competitions/{id}/messages``
``{"text", "match"?}`` writes on the board or in a thread. What each may
do, and the mail a thread message queues, is boards.py's.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from carcassonne.server import boards, scheduling
from carcassonne.server.http_input import account_of, body_of, hall_of
from carcassonne.server.writers import within_bound, writer_of

router = APIRouter(prefix="/api")

#: How many messages one account may write on boards and in threads: at
#: most this many in any this many seconds.
MESSAGE_BOUND = (10, 60.0)


@router.get("/competitions/{event_id}/messages")
async def read_messages(request: Request, event_id: str,
                        match: str | None = None) -> dict[str, Any]:
    key = boards.match_key(match)
    account = await account_of(request)
    reader = None if account is None else account["id"]
    admin = account is not None and account.get("role") == "admin"
    hall = hall_of(request)
    answer: dict[str, Any] = await hall.db(boards.read, hall.store.engine, event_id, key,
                                           reader, admin)
    if key is not None:  # proposals and acceptances of times say what they are
        answer["messages"] = await hall.db(scheduling.annotate, hall.store.engine, event_id,
                                           key, answer["messages"])
    return answer


@router.post("/competitions/{event_id}/messages", status_code=201)
async def write_message(request: Request, event_id: str) -> dict[str, Any]:
    body = await body_of(request)
    writer = await writer_of(request, "write a message")
    text = boards.clean_text(body.get("text"))
    key = boards.match_key(body.get("match"))
    await within_bound(request, "messages", writer["id"], *MESSAGE_BOUND)
    hall = hall_of(request)
    message: dict[str, Any] = await hall.db(boards.write, hall.store.engine, event_id, key,
                                            writer, text, hall.now())
    return {"message": message}
