"""Refusals: a request that changes nothing, and the answer that says why.

Every error the server sends, over HTTP or the WebSocket, is
``{"error": "words for people", "rule": "PLACE-2" or null}``. Over HTTP the
status tells the kind: 400 malformed, 403 token, 404 no such table, 409 the
table's state forbids it, 413 too large, 429 too many requests.
"""

from __future__ import annotations

import re
from typing import Any

_RULE = re.compile(r"^((?:[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*)|§\d+):\s")


class Refusal(Exception):
    """A request the server refuses; nothing has changed."""

    def __init__(self, status: int, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.rule = rule

    def body(self) -> dict[str, Any]:
        """The JSON error of this refusal."""
        return {"error": self.message, "rule": self.rule}


class Moved(Refusal):
    """A change that reached this process after another took the table: it
    is sent on to the new owner (cluster.py), or refused with 503."""

    def __init__(self) -> None:
        super().__init__(503, "this table moved to another server meanwhile: nothing "
                              "changed, try again")


def rule_of(message: str) -> str | None:
    """The rule id an engine message starts with, if any.

    >>> rule_of("PLACE-2: the east side shows a field"), rule_of("§2: not your tile")
    ('PLACE-2', '§2')
    >>> rule_of("a move must be an object") is None
    True
    """
    match = _RULE.match(message)
    return match.group(1) if match else None
