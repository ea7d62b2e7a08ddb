"""What every bot of the project shares: a name and its own seeded generator."""

from __future__ import annotations

import random


class SeededBot:
    """A bot whose choices are reproducible: two bots built with the same
    ``seed`` make the same choices in the same positions; ``seed=None`` seeds
    from the system."""

    name = "bot"

    def __init__(self, seed: int | str | None = None) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed!r})"
