"""The errors the engine raises: both are ``ValueError`` with a clear message."""


class IllegalMove(ValueError):
    """A move the rules forbid. The message starts with the rule id it breaks
    (``PLACE-2: the east side shows a road, the neighbour a city``); the game
    is unchanged."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{rule}: {message}")
        self.rule = rule


class SetupError(ValueError):
    """A game that cannot be set up: unknown set, tile or option, bad players,
    or a stack holding more copies of a tile than the sets have."""
