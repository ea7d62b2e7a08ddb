"""Which host names the server answers to (the ``Host`` header).

A server listening on 127.0.0.1 is not safe from web pages: through DNS
rebinding, a page of ``evil.example`` has its own name resolve to
127.0.0.1 after it loaded, and its scripts then reach this server as if
they were of the same site, with the ``Host`` ``evil.example``. So every
request and every WebSocket upgrade must name, in ``Host``, one of the
names this server is reached by: ``localhost``, ``127.0.0.1`` and ``[::1]``
(with any port), and the host of each public URL it was given
(``carcassonne serve --public-url https://games.example``). Anything else
is refused (400) before it reaches the application::

    >>> accepted = hosts_of(["https://games.example", "http://10.0.0.5:8080/"])
    >>> sorted(accepted)
    ['10.0.0.5', '127.0.0.1', '::1', 'games.example', 'localhost']
    >>> [host_name(h) for h in ("Games.Example:443", "[::1]:8000", "10.0.0.5", "a b")]
    ['games.example', '::1', '10.0.0.5', None]
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any
from urllib.parse import urlsplit

#: The names of this machine that no other site can be given.
LOCAL_HOSTS = ("localhost", "127.0.0.1", "::1")


def host_name(header: str) -> str | None:
    """The host name a ``Host`` header names (lower case, an IPv6 address
    without its brackets), without its port; None if it is malformed."""
    if not header or any(c.isspace() or c in "/?#@\\" for c in header):
        return None
    try:
        parts = urlsplit("//" + header)
        _ = parts.port  # a port that is not a number raises here
    except ValueError:
        return None
    return parts.hostname or None


def hosts_of(urls: Iterable[str]) -> frozenset[str]:
    """The host names to accept: this machine's, and those of ``urls``."""
    names = {urlsplit(url).hostname for url in urls}
    return frozenset(LOCAL_HOSTS) | {name for name in names if name}


class HostCheck:
    """ASGI middleware: a request or WebSocket upgrade whose ``Host`` is
    not one of ``hosts`` is answered 400 with the usual JSON error (and the
    ``headers`` given, the security headers), and goes no further."""

    def __init__(self, app: Any, hosts: Iterable[str], headers: Any = None) -> None:
        self.app = app
        self.hosts = frozenset(hosts)
        self.headers = headers

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        header = next((value.decode("latin-1") for name, value in scope["headers"]
                       if name == b"host"), "")
        name = host_name(header)
        if name in self.hosts:
            await self.app(scope, receive, send)
            return
        words = (f"this server does not answer to the host name {name}: start it with "
                 f"--public-url naming it to allow it" if name
                 else "the request names no valid host (its Host header)")
        await self._refuse(scope, receive, send, words)

    async def _refuse(self, scope: dict[str, Any], receive: Any, send: Any,
                      words: str) -> None:
        from starlette.responses import JSONResponse

        answer = JSONResponse({"error": words, "rule": None}, status_code=400)
        if self.headers is not None:
            self.headers.set_headers(answer)
        if scope["type"] == "websocket" and "websocket.http.response" not in scope.get(
                "extensions", {}):
            await send({"type": "websocket.close", "code": 1008, "reason": words[:120]})
            return
        # A WebSocket upgrade is refused with this answer when the server can
        # send one (Starlette's responses turn it into a denial response).
        await answer(scope, receive, send)
