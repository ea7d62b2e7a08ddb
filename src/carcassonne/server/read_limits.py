"""A bound on reading: requests per client in a sliding window, with the
time to wait when it is passed.

The open records (records_api.py) need no account, so instead of a daily
cap each client address may ask at most ``count`` times in any
``seconds`` (``Settings.records_rate``, 60 a minute); beyond, the answer is
429 with ``Retry-After``, the whole seconds until a request fits again.
With one process the bound is counted in memory (:class:`MemoryReads`),
with many in Redis for the whole site (:class:`SiteReads`). As with the
other bounds (site_limits.py), Redis out of reach lets requests through.

    >>> reads = MemoryReads(2, 60.0)
    >>> [reads.wait("a", t) for t in (0.0, 1.0, 2.0)]
    [0.0, 0.0, 59.0]
    >>> reads.wait("b", 2.0), reads.wait("a", 61.5)
    (0.0, 0.0)
"""

from __future__ import annotations

import logging
import math
import time
from typing import Protocol

from limits import RateLimitItemPerSecond
from limits.aio.strategies import MovingWindowRateLimiter

from carcassonne.server.limits import Window
from carcassonne.server.redis_pool import limits_storage

log = logging.getLogger(__name__)


class Reads(Protocol):
    """A bound on the requests of each client."""

    async def allow(self, key: str) -> float:
        """Count a request of ``key``: 0 while the bound holds, else the
        seconds to wait before a request fits again."""


class _TimedWindow(Window):
    """A :class:`Window` that also says how long until a hit fits again."""

    def wait(self, now: float) -> float:
        """Count a hit at ``now``: 0 if it fits, else the seconds until one
        would (the hit that brings the window back to ``count - 1``
        remembered leaves it)."""
        if self.hit(now):
            return 0.0
        hits = list(self._hits)
        return max(0.0, hits[len(hits) - self.count] + self.seconds - now)

    def quiet_since(self, moment: float) -> bool:
        """Whether no hit is remembered after ``moment`` (it can be forgotten)."""
        return not self._hits or self._hits[-1] <= moment


class MemoryReads:
    """:class:`Reads` counted in this process's memory."""

    def __init__(self, count: int, seconds: float) -> None:
        self.count = count
        self.seconds = seconds
        self._windows: dict[str, _TimedWindow] = {}

    async def allow(self, key: str) -> float:
        return self.wait(key, time.monotonic())

    def wait(self, key: str, now: float) -> float:
        """Count a request of ``key`` at ``now`` (see :meth:`Reads.allow`)."""
        if len(self._windows) > 10_000:  # forget clients that went quiet
            for old in [k for k, w in self._windows.items()
                        if w.quiet_since(now - self.seconds)]:
                del self._windows[old]
        window = self._windows.get(key)
        if window is None:
            window = self._windows[key] = _TimedWindow(self.count, self.seconds)
        return window.wait(now)


class SiteReads:
    """:class:`Reads` counted in Redis (``url``) for every process of a
    site (the ``limits`` library's moving window: a refused request is
    not counted)."""

    def __init__(self, url: str, count: int, seconds: float) -> None:
        self._limiter = MovingWindowRateLimiter(limits_storage(url))
        self._item = RateLimitItemPerSecond(count, max(1, round(seconds)))

    async def allow(self, key: str) -> float:
        try:
            if await self._limiter.hit(self._item, "reads", key):
                return 0.0
            stats = await self._limiter.get_window_stats(self._item, "reads", key)
        except Exception:
            log.warning("the bound on reading could not be counted", exc_info=True)
            return 0.0
        return max(1.0, stats.reset_time - time.time())


def reads_for(redis_url: str | None, count: int, seconds: float) -> Reads:
    """The bound of a process: in Redis for a site of many, else in memory."""
    return SiteReads(redis_url, count, seconds) if redis_url else MemoryReads(count, seconds)


def retry_after(seconds: float) -> str:
    """The ``Retry-After`` header's value: whole seconds, at least 1.

        >>> retry_after(0.2), retry_after(58.0), retry_after(58.1)
        ('1', '58', '59')
    """
    return str(max(1, math.ceil(seconds)))
