"""Bounds shared by every process of a site, counted in Redis.

With one process, each bound is counted in memory: write requests per
client address (:class:`~carcassonne.server.limits.Windows`), failed logins
per name from an address and per address
(:class:`~carcassonne.server.accounts.LoginGuard`), WebSocket connections
per address (``Hall.sockets``). Behind a proxy that spreads clients over
several processes, each would count only its own
share, and a client could have as many times the bound as there are
processes; so with Redis they are counted there, for the whole site: the
first two by the ``limits`` library's moving windows, the connections by
:class:`SiteSockets`. If Redis cannot be reached, a request, log-in or
connection is let through (and logged): the bounds protect the site, they
must not stop it.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

from limits import RateLimitItemPerSecond
from limits.aio.strategies import MovingWindowRateLimiter

from carcassonne.server.accounts import REFUSE_AFTER, WINDOW, LoginGuard
from carcassonne.server.redis_pool import limits_storage

log = logging.getLogger(__name__)


class SiteWindows:
    """At most ``count`` write requests per client address in any
    ``seconds`` (whole seconds), in all the processes sharing Redis ``url``
    (``kind`` names what is counted: ``writes``, or ``chat`` per writer)."""

    def __init__(self, url: str, count: int, seconds: float, kind: str = "writes") -> None:
        self._limiter = MovingWindowRateLimiter(limits_storage(url))
        self._item = RateLimitItemPerSecond(count, max(1, round(seconds)))
        self._kind = kind

    async def allow(self, key: str) -> bool:
        """Count a request of ``key``; True while its bound holds."""
        try:
            return await self._limiter.hit(self._item, self._kind, key)
        except Exception:
            log.warning("the shared rate bound could not be counted", exc_info=True)
            return True


def login_guard(redis_url: str | None) -> LoginGuard | SiteLoginGuard:
    """Failed logins per name and address (accounts.py): counted in Redis
    for the whole site when the process is one of many, else here."""
    return SiteLoginGuard(redis_url) if redis_url else LoginGuard(time.monotonic)


class SiteLoginGuard:
    """:class:`~carcassonne.server.accounts.LoginGuard`'s bounds (failed
    logins per name from one address, and per address, in a sliding window
    (``accounts.login_keys``): slowed after
    :data:`SLOW_AFTER`, refused at :data:`REFUSE_AFTER`) for the whole site."""

    def __init__(self, url: str) -> None:
        self._limiter = MovingWindowRateLimiter(limits_storage(url))
        self._item = RateLimitItemPerSecond(REFUSE_AFTER, round(WINDOW))

    async def check(self, keys: list[str]) -> float:
        """Seconds to wait before answering a try for ``keys``; a refusal
        (429) once there were too many failures (as ``LoginGuard.pause``)."""
        try:
            counts = [REFUSE_AFTER - (await self._limiter.get_window_stats(
                self._item, "logins", key)).remaining for key in keys]
        except Exception:
            log.warning("failed logins could not be counted", exc_info=True)
            return 0.0
        return LoginGuard.verdict(max(counts))

    async def record(self, keys: list[str], ok: bool) -> None:
        """Count a failed try for ``keys``, or forget a name's failures."""
        try:
            for key in keys:
                if not ok:
                    await self._limiter.hit(self._item, "logins", key)
                elif key.startswith("name:"):
                    await self._limiter.clear(self._item, "logins", key)
        except Exception:
            log.warning("failed logins could not be counted", exc_info=True)


#: Seconds the list of living processes is kept before it is asked again.
ALIVE_FOR = 1.0
#: Seconds a process's connection counts outlive its last refresh.
COUNTS_LIVE = 10


class SiteSockets:
    """WebSocket connections per client address, for the whole site.

    Each process keeps its own counts in a Redis hash of its own (address
    -> connections), which it refreshes every second and which outlives it
    by :data:`COUNTS_LIVE` seconds. A new connection counts this process's
    own and those of the other processes still connected to Redis
    (``Cluster.alive``): a killed process's clients, connecting again
    elsewhere, are not counted twice."""

    def __init__(self, redis: Any, node: str,
                 alive: Callable[[], Awaitable[set[str] | None]]) -> None:
        self._redis = redis
        self._node = node
        self._alive = alive
        self._known: tuple[float, set[str]] = (-ALIVE_FOR, set())

    @staticmethod
    def key(node: str) -> str:
        return f"carcassonne:sockets:{node}"

    async def elsewhere(self, address: str) -> int:
        """The connections from ``address`` at the other living processes."""
        try:
            seen, nodes = self._known
            if time.monotonic() - seen >= ALIVE_FOR:
                nodes = (await self._alive() or set()) - {self._node}
                self._known = (time.monotonic(), nodes)
            if not nodes:
                return 0
            async with self._redis.pipeline(transaction=False) as pipe:
                for node in sorted(nodes):
                    pipe.hget(self.key(node), address)
                counts = await pipe.execute()
            return sum(int(count) for count in counts if count is not None)
        except Exception:
            log.warning("connections could not be counted in Redis", exc_info=True)
            return 0

    async def add(self, address: str, change: int) -> None:
        """Count ``change`` (1 or -1) connections of ``address`` here."""
        try:
            key = self.key(self._node)
            if await self._redis.hincrby(key, address, change) <= 0:
                await self._redis.hdel(key, address)
            await self._redis.expire(key, COUNTS_LIVE)
        except Exception:
            log.warning("connections could not be counted in Redis", exc_info=True)

    async def refresh(self) -> None:
        """Keep this process's counts (every second: they run out otherwise)."""
        await self._redis.expire(self.key(self._node), COUNTS_LIVE)

    async def clear(self) -> None:
        """Forget this process's counts (it starts, or stops)."""
        await self._redis.delete(self.key(self._node))

