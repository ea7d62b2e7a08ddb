"""Live connections per client address: one address holds at most
``Settings.ws_per_address`` WebSockets at once (live.py asks here first).

Alone, a process counts its own connections. In a site of many processes
(cluster.py) each process also keeps its count in Redis
(:class:`~carcassonne.server.site_limits.SiteSockets`), and a new
connection counts those of the others too, so the bound holds for the
whole site.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from carcassonne.server.site_limits import SiteSockets


class Sockets:
    """The live connections of one process per client address."""

    def __init__(self, bound: int, site: Callable[[], SiteSockets | None]) -> None:
        #: The most connections one address may hold.
        self.bound = bound
        #: The site's counts in Redis, when this process is one of many.
        self._site = site
        #: Connections held here, per address.
        self.held: Counter[str] = Counter()

    async def open(self, address: str) -> bool:
        """Count a new live connection from ``address``; False (and not
        counted) if that address holds the bound already: here alone, or in
        the whole site with many processes."""
        site = self._site()
        held = self.held[address]
        if site is not None and held < self.bound:
            held += await site.elsewhere(address)
        if held >= self.bound:
            return False
        self.held[address] += 1
        if site is not None:
            await site.add(address, 1)
        return True

    async def close(self, address: str) -> None:
        """A live connection from ``address`` ended."""
        self.held[address] -= 1
        if not self.held[address]:
            del self.held[address]
        site = self._site()
        if site is not None:
            await site.add(address, -1)
