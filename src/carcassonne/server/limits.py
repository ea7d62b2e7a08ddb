"""Rate bounds: how many messages or requests fit in a sliding time window.

    >>> window = Window(2, 1.0)
    >>> [window.hit(t) for t in (0.0, 0.1, 0.2, 1.15)]
    [True, True, False, True]
"""

from __future__ import annotations

import time
from collections import deque


class Window:
    """At most ``count`` hits in any ``seconds``; every hit is counted,
    refused ones too, so a client that keeps hammering stays refused."""

    def __init__(self, count: int, seconds: float) -> None:
        self.count = count
        self.seconds = seconds
        self._hits: deque[float] = deque()

    def hit(self, now: float) -> bool:
        """Count a hit at time ``now``; True while the bound holds."""
        hits = self._hits
        while hits and hits[0] <= now - self.seconds:
            hits.popleft()
        hits.append(now)
        return len(hits) <= self.count

    @property
    def idle(self) -> bool:
        """No hit is remembered (the window can be forgotten)."""
        return not self._hits


class Windows:
    """One :class:`Window` per key (a client address), forgotten when idle."""

    def __init__(self, count: int, seconds: float) -> None:
        self.count = count
        self.seconds = seconds
        self._windows: dict[str, Window] = {}

    async def allow(self, key: str) -> bool:
        """Count a hit of ``key`` now; True while its bound holds (the same
        call as :class:`~carcassonne.server.site_limits.SiteWindows`)."""
        return self.hit(key, time.monotonic())

    def hit(self, key: str, now: float) -> bool:
        """Count a hit of ``key`` at ``now``; True while its bound holds."""
        if len(self._windows) > 10_000:  # forget clients that went quiet
            for old in [k for k, w in self._windows.items()
                        if w.idle or w._hits[-1] <= now - self.seconds]:
                del self._windows[old]
        window = self._windows.get(key)
        if window is None:
            window = self._windows[key] = Window(self.count, self.seconds)
        return window.hit(now)
