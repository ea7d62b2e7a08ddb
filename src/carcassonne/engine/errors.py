"""The errors the engine raises: both are ``ValueError`` with a clear message."""

from __future__ import annotations


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
