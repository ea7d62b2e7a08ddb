"""The errors the engine raises: both are ``ValueError`` with a clear message."""

from __future__ import annotations

from typing import Any


class IllegalMove(ValueError):
    """A move the rules forbid. The message starts with the rule id it breaks
    (``PLACE-2: the east side shows a road, the neighbour a city``); the game
    is unchanged."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{rule}: {message}")
        self.rule = rule

    @classmethod
    def from_reason(cls, reason: str, about: str = "") -> IllegalMove:
        """From a reason written ``"RULE-ID: words"``, with ``about`` (what was
        refused) put before the words."""
        rule, words = reason.split(": ", 1)
        return cls(rule, f"{about}: {words}" if about else words)


class SetupError(ValueError):
    """A game that cannot be set up: unknown set, tile or option, bad players,
    or a stack holding more copies of a tile than the sets have."""


def shown(value: Any, limit: int = 60) -> str:
    """``repr(value)`` for a message about input, cut to ``limit`` characters.

    Input can be anything a client sends, so its repr may be huge or may
    fail (an int of thousands of digits cannot be printed); a message stays
    one short line either way::

        >>> shown("Ann"), shown(list(range(100)), 20)
        ("'Ann'", '[0, 1, 2, 3, 4, 5...')
        >>> shown(10 ** 5000)
        '<a number too long to print>'
    """
    try:
        text = repr(value)
    except ValueError:
        return "<a number too long to print>"
    except RecursionError:
        return f"<a {type(value).__name__} nested too deep to print>"
    return text if len(text) <= limit else f"{text[:limit - 3]}..."
