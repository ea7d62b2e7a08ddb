"""The server's log: a message repeated many times is written once a while.

When a server is overwhelmed, the same error comes again and again: asyncio
logs "socket.accept() out of system resource" ([Errno 24] Too many open
files) each time it cannot accept a connection, and every request that
fails the same way logs the same traceback. Written out in full, such a
storm fills a disk (tens of megabytes in half a minute) and hides
everything else. :class:`RepeatFilter` lets the first of a kind through,
drops its repeats for :data:`INTERVAL` seconds, and lets the next one after
that through with how many were dropped meanwhile::

    >>> import logging
    >>> now = [0.0]
    >>> repeats = RepeatFilter(clock=lambda: now[0])
    >>> def record(text):
    ...     return logging.LogRecord("asyncio", logging.ERROR, "", 0, text, None, None)
    >>> [repeats.filter(record("Too many open files")) for _ in range(3)]
    [True, False, False]
    >>> now[0] = 11.0
    >>> later = record("Too many open files")
    >>> repeats.filter(later), later.getMessage()
    (True, 'Too many open files (and 2 more like it since the last one shown)')

The mails written to the log when no mail server is given are each let
through, never counted as repeats (each is a different mail)::

    >>> mails = [logging.LogRecord("carcassonne.server.mail.transport", logging.INFO, "",
    ...                            0, "mail to %s", (to,), None) for to in ("ann", "bob")]
    >>> [repeats.filter(mail) for mail in mails]
    [True, True]

Records are "of a kind" when their logger, level, the first line of their
message template and their exception (type and words) are the same, so a
failure logged with different paths or numbers filling the template still
counts as one kind. :func:`log_config` is uvicorn's logging set-up with this
filter on every handler, and a handler for every other logger (asyncio's,
the server's own) that goes through it too.
"""

from __future__ import annotations

import copy
import logging
import time
from collections.abc import Callable
from typing import Any

#: Seconds during which repeats of a message are dropped.
INTERVAL = 10.0
#: Loggers whose every record is written (the mails listed in the log).
EVERY_ONE = ("carcassonne.server.mail",)
#: Kinds remembered at most; older ones are forgotten beyond this.
REMEMBERED = 1000


def _kind(record: logging.LogRecord) -> tuple[Any, ...]:
    """What makes two records repeats of one another."""
    template = str(record.msg).split("\n", 1)[0]
    error = record.exc_info[1] if record.exc_info else None
    shown = None if error is None else (type(error).__name__, str(error))
    return record.name, record.levelno, template, shown


class RepeatFilter(logging.Filter):
    """Lets a kind of record through once per ``interval`` seconds; the next
    one let through says how many were dropped in between."""

    def __init__(self, interval: float = INTERVAL,
                 clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self.interval = interval
        self.clock = clock
        #: kind -> (when one was last let through, how many dropped since)
        self._seen: dict[tuple[Any, ...], tuple[float, int]] = {}

    def filter(self, record: logging.LogRecord) -> bool:
        if record.name.startswith(EVERY_ONE):
            return True
        kind = _kind(record)
        now = self.clock()
        seen = self._seen.get(kind)
        if seen is not None and now - seen[0] < self.interval:
            self._seen[kind] = (seen[0], seen[1] + 1)
            return False
        if len(self._seen) >= REMEMBERED:
            self._seen = {k: v for k, v in self._seen.items() if now - v[0] < self.interval}
        self._seen[kind] = (now, 0)
        if seen is not None and seen[1]:
            record.msg = (f"{record.getMessage()} (and {seen[1]} more like it since the "
                          f"last one shown)")
            record.args = None
        return True


def log_config(level: str = "WARNING") -> dict[str, Any]:
    """uvicorn's logging configuration (``uvicorn.run(log_config=...)``)
    with one :class:`RepeatFilter` on every handler, and the other loggers
    (asyncio, the server's) written by uvicorn's default handler at
    ``level`` and above; the mail sender's notes at INFO too (without a
    mail server, the mails themselves are written there, docs/mail.md)."""
    from uvicorn.config import LOGGING_CONFIG

    config = copy.deepcopy(LOGGING_CONFIG)
    config["filters"] = {"repeats": {"()": RepeatFilter}}
    for handler in config["handlers"].values():
        handler["filters"] = ["repeats"]
    config["root"] = {"handlers": ["default"], "level": level}
    config["loggers"]["carcassonne.server.mail"] = {"level": "INFO"}
    return config
