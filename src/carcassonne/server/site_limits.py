"""Rate bounds shared by every process of a site, counted in Redis.

With one process, :class:`~carcassonne.server.limits.Windows` counts each
client address's write requests in memory. Behind a proxy that spreads
clients over several processes, each would count only its own share; so
with Redis the bound is counted there, by the ``limits`` library's moving
window, for the whole site. If Redis cannot be reached the request is let
through (and logged): the bound protects the site, it must not stop it.
"""

from __future__ import annotations

import logging

from limits import RateLimitItemPerSecond
from limits.aio.strategies import MovingWindowRateLimiter
from limits.storage import storage_from_string

log = logging.getLogger(__name__)


class SiteWindows:
    """At most ``count`` write requests per client address in any
    ``seconds`` (whole seconds), in all the processes sharing Redis ``url``."""

    def __init__(self, url: str, count: int, seconds: float) -> None:
        storage = storage_from_string(f"async+{url}", implementation="redispy")
        self._limiter = MovingWindowRateLimiter(storage)
        self._item = RateLimitItemPerSecond(count, max(1, round(seconds)))

    async def allow(self, key: str) -> bool:
        """Count a request of ``key``; True while its bound holds."""
        try:
            return await self._limiter.hit(self._item, "writes", key)
        except Exception:
            log.warning("the shared rate bound could not be counted", exc_info=True)
            return True
