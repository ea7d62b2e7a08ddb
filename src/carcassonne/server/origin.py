"""Whether a request comes from a page of another site.

A browser names the origin of the page that sends a request (``Origin``) on
every cross-site POST and on every WebSocket it opens. When that origin's
host is not the one the request was sent to (``Host``), a page of another
site sent it, perhaps with this server's cookies attached: the HTTP middleware
refuses such a request when it would change something (app.py), and the live
socket lets it watch only, unless it shows a seat token (live.py). Programs
(curl, bots) send no ``Origin`` and are never foreign.
"""

from __future__ import annotations

from collections.abc import Mapping
from urllib.parse import urlsplit


def foreign_origin(headers: Mapping[str, str]) -> bool:
    """True when ``headers`` name an ``Origin`` whose host is not ``Host``.

    ``headers`` are looked up by lower-case name, as Starlette's headers are.

    >>> foreign_origin({"host": "games.example:8000",
    ...                 "origin": "https://games.example:8000"})
    False
    >>> foreign_origin({"host": "games.example", "origin": "https://evil.example"})
    True
    >>> foreign_origin({"host": "games.example"})  # a program: no Origin
    False
    """
    origin = headers.get("origin")
    return origin is not None and urlsplit(origin).netloc != headers.get("host", "")
