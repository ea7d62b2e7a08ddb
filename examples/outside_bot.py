#!/usr/bin/env python3
"""A complete outside bot for the protocol carcassonne-bot/1 (docs/bots.md).

It uses the Python standard library only and knows nothing of the engine:
everything it needs comes in the messages. Its play is simple on purpose:
it takes the first legal move that puts a figure on a city, else the first
move that puts one on a road or a monastery, else the first legal move
(when the host offers a wonder decision, the first choice).

Try it against the built-in bots:

    carcassonne arena random "cmd:python3 examples/outside_bot.py" --games 20

The conversation, one JSON object per line each way:

    host: {"type": "hello", "protocol": "carcassonne-bot/1", "seat": 1, ...}
    bot:  {"name": "city lover"}
    host: {"type": "move", "view": {...}, "legal": [{"tile": "BA/C", ...}, ...]}
    bot:  {"tile": "BA/C", "at": [0, -1], "rotation": 0, "figures": [...]}
    ...
    host: {"type": "end", "scores": [71, 54], "winners": [0]}

Anything written to standard error is for people (the host keeps the last
lines to explain a failure); standard output carries answers only.
"""

from __future__ import annotations

import json
import sys

PROTOCOL = "carcassonne-bot/1"
NAME = "city lover"
#: The features this bot likes to claim, best first.
LIKED = ("city", "road", "monastery")


def figure_features(move: dict) -> set[str]:
    """The features a move puts figures on (none for a wonder decision)."""
    return {figure.get("feature") for figure in move.get("figures", [])}


def choose(legal: list[dict]) -> dict:
    """The first legal move claiming a liked feature, in order of liking."""
    for feature in LIKED:
        for move in legal:
            if feature in figure_features(move):
                return move
    return legal[0]


def answer(message: object) -> None:
    """Write one line on standard output, at once (the host is waiting)."""
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def main() -> int:
    for line in sys.stdin:
        if not line.strip():
            continue
        message = json.loads(line)
        kind = message.get("type")
        if kind == "hello":
            if message.get("protocol") != PROTOCOL:
                print(f"unknown protocol {message.get('protocol')!r}", file=sys.stderr)
                return 1
            answer({"name": NAME, "protocol": PROTOCOL})
        elif kind == "move":
            answer(choose(message["legal"]))
        elif kind == "end":
            scores, winners = message["scores"], message["winners"]
            print(f"{NAME}: game over, scores {scores}, winners {winners}", file=sys.stderr)
            return 0
        # any other type needs no answer (later versions may add some)
    return 0  # standard input closed without an end: the host stopped the game


if __name__ == "__main__":
    sys.exit(main())
