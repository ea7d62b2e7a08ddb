"""The HTTP side of a table's chat: ``GET /api/tables/{id}/chat``.

Lines are written on the table's WebSocket (live.py, chat.py); here anyone
reads a table's chat, while it is played and once it is over (the replay
shows it): ``{"table", "chat": "all" | "players", "messages": [LINE, ...]}``,
oldest first, without hidden lines, nor, for a logged-in reader, the lines
of accounts they blocked. 404 for no such table.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from carcassonne.server.chat import Chat
from carcassonne.server.http_input import account_of, hall_of

router = APIRouter(prefix="/api")


@router.get("/tables/{table_id}/chat")
async def table_chat(request: Request, table_id: str) -> dict[str, Any]:
    table = await hall_of(request).find(table_id)
    account = await account_of(request)
    chat: Chat = request.app.state.chat
    lines = await chat.history(table.id, None if account is None else account["id"])
    return {"table": table.id, "chat": table.chat, "messages": lines}
