"""Slow clients and many connections: bounds below HTTP, on each socket.

uvicorn reads a request as it comes and waits as long as the client likes:
a client that opens a connection and sends half a request (or a body that
never ends) holds a socket, a file descriptor, for ever. A thousand of them
exhaust the process's descriptors and nobody can connect any more (and
asyncio logs every refused accept). So each connection is bounded here,
before any request reaches the application:

- **headers** must be complete within :attr:`ConnectionGuard.header_timeout`
  seconds of the connection being made, or of the first byte of a later
  request on a kept-alive connection (between requests uvicorn's own
  keep-alive timeout closes an idle connection);
- **a body** must be complete within :attr:`ConnectionGuard.body_timeout`
  seconds of its headers;
- **one client address** holds at most :attr:`ConnectionGuard.per_address`
  connections at once, WebSockets included; a connection beyond is
  answered 429 and closed at once. The address is the connection's peer: a
  trusted proxy (``--trusted-proxy``) speaks for many clients, so its
  connections are not bounded here (the proxy bounds its clients; the
  application's bounds per address still count each client).

A connection that is too slow is closed. Once a request is read, the time
the application takes to answer is not bounded here, and an upgraded
WebSocket keeps its own pings (uvicorn's ``ws_ping_interval``).

uvicorn takes the protocol classes to use (``uvicorn.run(app, http=...,
ws=...)``): :func:`protocols` gives its own, each made to keep these bounds.
They only add timers and a count to uvicorn's HTTP protocol (httptools when
installed, else h11), and rely on what both have: ``cycle``, the request
being read or answered (``more_body`` while its body is coming,
``response_complete`` once it is answered), and ``on_response_complete``.
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
from collections import Counter
from typing import Any

_BUSY = json.dumps({"error": "too many connections from your address", "rule": None}).encode()
#: What a connection beyond the bound is told before it is closed.
TOO_MANY = (b"HTTP/1.1 429 Too Many Requests\r\ncontent-type: application/json\r\n"
            b"connection: close\r\ncontent-length: " + str(len(_BUSY)).encode()
            + b"\r\n\r\n" + _BUSY)


def _network(entry: str) -> ipaddress.IPv4Network | ipaddress.IPv6Network | str:
    try:
        return ipaddress.ip_network(entry.strip(), strict=False)
    except ValueError:
        return entry.strip()


class ConnectionGuard:
    """The bounds of every connection of one server, and the count of open
    connections per client address (``carcassonne serve`` gives them:
    ``--connections-per-address``, ``--header-timeout``, ``--body-timeout``,
    and the ``--trusted-proxy`` addresses, whose connections are not counted).

        >>> guard = ConnectionGuard(per_address=2, trusted=["10.0.0.0/8"])
        >>> guard.trusts("10.1.2.3"), guard.trusts("192.0.2.1")
        (True, False)
    """

    def __init__(self, per_address: int, header_timeout: float = 10.0,
                 body_timeout: float = 30.0, trusted: list[str] | None = None) -> None:
        self.per_address = per_address
        self.header_timeout = header_timeout
        self.body_timeout = body_timeout
        self._trusted = [_network(entry) for entry in trusted or []]
        #: Open connections: transport -> the address counted for it.
        self._open: dict[Any, str] = {}
        self.counts: Counter[str] = Counter()

    def trusts(self, address: str) -> bool:
        """Whether ``address`` is a trusted proxy's (its connections are not counted)."""
        try:
            ip = ipaddress.ip_address(address)
        except ValueError:
            return address in self._trusted or "*" in self._trusted
        return any(entry == "*" or (not isinstance(entry, str) and ip in entry)
                   for entry in self._trusted)

    def admit(self, transport: asyncio.BaseTransport) -> bool:
        """Count a new connection; False if its address already holds as many
        as it may (the connection is then to be closed)."""
        peer = transport.get_extra_info("peername")
        if not isinstance(peer, tuple | list) or not peer:
            return True  # a Unix socket: no address to count
        address = str(peer[0])
        if self.trusts(address):
            return True
        if self.counts[address] >= self.per_address:
            return False
        self.counts[address] += 1
        self._open[transport] = address
        return True

    def release(self, transport: asyncio.BaseTransport) -> None:
        """Forget a connection that closed (once; later calls do nothing)."""
        address = self._open.pop(transport, None)
        if address is not None:
            self.counts[address] -= 1
            if self.counts[address] <= 0:
                del self.counts[address]


class _GuardedHTTP:
    """Mixed into uvicorn's HTTP protocol: the count and the two timeouts."""

    guard: ConnectionGuard
    #: The phase being timed ("headers", "body" or None) and its timer.
    _phase: str | None = None
    _timer: asyncio.TimerHandle | None = None
    _refused = False
    _transport: Any = None

    def connection_made(self, transport: Any) -> None:
        self._transport = transport
        if not self.guard.admit(transport):
            self._refused = True
            transport.write(TOO_MANY)
            transport.close()
            return
        super().connection_made(transport)  # type: ignore[misc]
        self._time("headers")

    def data_received(self, data: bytes) -> None:
        if self._refused:
            return
        if self._phase is None and self._reading() is None:
            self._time("headers")  # a new request begins on a kept-alive connection
        super().data_received(data)  # type: ignore[misc]
        self._time(self._reading())

    def on_response_complete(self) -> None:
        super().on_response_complete()  # type: ignore[misc]
        self._time(self._reading())

    def connection_lost(self, exc: Exception | None) -> None:
        self._time(None)
        self.guard.release(self._transport)
        if not self._refused:
            super().connection_lost(exc)  # type: ignore[misc]

    def _reading(self) -> str | None:
        """What of a request is awaited now: its ``body``, its ``headers``
        (a request begun), or None (none begun, or it is being answered, or
        the connection is a WebSocket now)."""
        if self._transport.get_protocol() is not self:
            return None  # upgraded to a WebSocket
        cycle = getattr(self, "cycle", None)
        if cycle is not None and not cycle.response_complete:
            return "body" if cycle.more_body else None
        return "headers" if self._phase == "headers" else None

    def _time(self, phase: str | None) -> None:
        """Time ``phase`` from now unless it is the one timed already."""
        if phase == self._phase:
            return
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self._phase = phase
        if phase is not None:
            limit = self.guard.header_timeout if phase == "headers" else self.guard.body_timeout
            self._timer = asyncio.get_running_loop().call_later(limit, self._too_slow, phase)

    def _too_slow(self, phase: str) -> None:
        self._timer = None
        if self._phase == phase and not self._transport.is_closing():
            self._transport.close()


class _GuardedWebSocket:
    """Mixed into uvicorn's WebSocket protocol: an upgraded connection still
    counts for its address until it closes."""

    guard: ConnectionGuard
    _transport: Any = None

    def connection_made(self, transport: Any) -> None:
        self._transport = transport
        super().connection_made(transport)  # type: ignore[misc]

    def connection_lost(self, exc: Exception | None) -> None:
        self.guard.release(self._transport)
        super().connection_lost(exc)  # type: ignore[misc]


def protocols(guard: ConnectionGuard) -> tuple[type[asyncio.Protocol], type[asyncio.Protocol]]:
    """uvicorn's HTTP and WebSocket protocols (those it would choose itself),
    keeping ``guard``'s bounds: ``uvicorn.run(app, http=http, ws=ws)``."""
    from uvicorn.protocols.http.auto import AutoHTTPProtocol
    from uvicorn.protocols.websockets.auto import AutoWebSocketsProtocol

    if AutoWebSocketsProtocol is None or not isinstance(AutoWebSocketsProtocol, type):
        raise RuntimeError("uvicorn finds no WebSocket library: pip install websockets")
    http = type("GuardedHTTPProtocol", (_GuardedHTTP, AutoHTTPProtocol), {"guard": guard})
    ws = type("GuardedWebSocketProtocol", (_GuardedWebSocket, AutoWebSocketsProtocol),
              {"guard": guard})
    return http, ws
