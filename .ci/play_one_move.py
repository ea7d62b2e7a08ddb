"""Play one move against a bot on a running server, as the web client does.

    python play_one_move.py http://127.0.0.1:8000

Creates a table of one person and the Easy bot (``POST /api/tables``,
taking seat 0), opens its WebSocket, shows the seat's token, plays the
first legal move it is offered and waits for the bot's answer. Prints one
line on success; exits 1 with the reason otherwise. Needs ``websockets``
(the server extra installs it).
"""

from __future__ import annotations

import json
import sys
import time
import urllib.request
from typing import Any

from websockets.sync.client import connect

DEADLINE = 240.0


def create_table(base: str) -> dict[str, Any]:
    body = json.dumps({"name": "Quick start", "seats": [{"kind": "human"},
                                                        {"kind": "bot", "bot": "easy"}],
                       "join": {"seat": 0, "name": "Newcomer"}}).encode()
    request = urllib.request.Request(f"{base}/api/tables", data=body, method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as answer:
        created: dict[str, Any] = json.loads(answer.read())
    return created


def main(base: str) -> int:
    created = create_table(base)
    table, token = created["table"]["id"], created["token"]
    socket_url = base.replace("http", "ws", 1) + f"/ws/tables/{table}"
    end = time.monotonic() + DEADLINE
    played = False
    with connect(socket_url, open_timeout=60) as socket:
        socket.send(json.dumps({"type": "seat", "token": token}))
        while time.monotonic() < end:
            message = json.loads(socket.recv(timeout=max(1.0, end - time.monotonic())))
            if message["type"] == "error":
                print(f"the server refused: {message}", file=sys.stderr)
                return 1
            if message["type"] != "state" or message.get("seat") != 0:
                continue
            if not played and message.get("legal"):
                socket.send(json.dumps({"type": "move", "move": message["legal"][0]}))
                played = True
            elif played and message["last"] >= 2:  # our move, then the bot's
                print(f"played a move at table {table} and the bot answered "
                      f"(moves: {message['last']}, scores: {message['table']['scores']})")
                return 0
    print("no answer in time", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1].rstrip("/")))
