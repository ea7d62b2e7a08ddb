"""Accounts: names, passwords, sessions and the bound on failed logins.

A name is 2 to 20 letters, digits, ``_`` or ``-`` (any script, so ``アン``
is a name), unique whatever its case. A password is 8 to 200 characters
and is kept only as its Argon2 hash (argon2-cffi's defaults); it is never
stored, logged or sent back::

    >>> clean_account_name(" Ann_2 ")
    'Ann_2'
    >>> digest = hash_password("correct horse")
    >>> digest.startswith("$argon2id$"), verify_password(digest, "correct horse")
    (True, True)
    >>> verify_password(digest, "wrong horse")
    False

A session is a random cookie; the database keeps its SHA-256 (as for seat
tokens) and when it expires. :class:`LoginGuard` counts failed logins per
name *from one address*, and per address (:func:`login_keys`): after
:data:`SLOW_AFTER` failures each further try is answered only after a pause,
after :data:`REFUSE_AFTER` tries are refused until the window has passed.
A name is never counted alone: failures from one address would then lock
its owner out everywhere. The clock is given, so tests never sleep.
"""

from __future__ import annotations

import functools
import secrets
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import timedelta

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from carcassonne.engine.errors import shown
from carcassonne.server.errors import Refusal

NAME_LENGTH = (2, 20)
PASSWORD_LENGTH = (8, 200)
#: How long a log-in lasts without logging in again.
SESSION_DAYS = 30
#: The cookie that carries a session.
COOKIE = "carcassonne_session"
#: Failed logins (per name, per address) within :data:`WINDOW` seconds
#: before each try is slowed, and before tries are refused.
SLOW_AFTER = 3
REFUSE_AFTER = 10
WINDOW = 15 * 60.0

_hasher = PasswordHasher()


def clean_account_name(value: object) -> str:
    """The account name ``value``, checked, without surrounding spaces."""
    if not isinstance(value, str):
        raise Refusal(400, f"an account name must be text, not {shown(value)}")
    name = value.strip()
    low, high = NAME_LENGTH
    if not low <= len(name) <= high or not all(c.isalnum() or c in "_-" for c in name):
        raise Refusal(400, f"an account name is {low} to {high} letters, digits, _ or -, "
                           f"not {shown(value)}")
    return name


def name_key(name: str) -> str:
    """What makes two names the same account: the name, case-folded."""
    return name.casefold()


def check_password(value: object) -> str:
    """A password that may be set: text of 8 to 200 characters (never shown)."""
    low, high = PASSWORD_LENGTH
    if not isinstance(value, str) or not low <= len(value) <= high:
        raise Refusal(400, f"a password is text of {low} to {high} characters")
    return value


def login_keys(name: str, address: str) -> list[str]:
    """What a failed login for ``name`` from ``address`` counts against:
    that name from that address, and that address for any name.

        >>> login_keys(" Ann ", "10.0.0.1")
        ['name:ann|address:10.0.0.1', 'address:10.0.0.1']
    """
    return [f"name:{name_key(name.strip())}|address:{address}", f"address:{address}"]


def hash_password(password: str) -> str:
    """The Argon2id hash to store for ``password``."""
    return _hasher.hash(password)


@functools.cache
def unknown_account_hash() -> str:
    """A hash to check a password against when the name is unknown, made
    once: a wrong name then takes as long to refuse as a wrong password."""
    return hash_password(secrets.token_urlsafe(16))


def verify_password(digest: str, password: str) -> bool:
    """Whether ``password`` is the one ``digest`` was made from."""
    try:
        return _hasher.verify(digest, password)
    except (VerificationError, InvalidHashError):
        return False


def session_lifetime() -> timedelta:
    return timedelta(days=SESSION_DAYS)


@dataclass
class LoginGuard:
    """Failed logins per key (:func:`login_keys`: ``name:ann|address:10.0.0.1``,
    ``address:10.0.0.1``) in a sliding window; a success forgets the failures
    of its ``name:`` key. ``clock`` gives seconds (``time.monotonic`` in the
    server)."""

    clock: Callable[[], float]
    failures: dict[str, deque[float]] = field(default_factory=dict)

    def _recent(self, key: str) -> deque[float]:
        times = self.failures.setdefault(key, deque())
        now = self.clock()
        while times and times[0] <= now - WINDOW:
            times.popleft()
        return times

    def pause(self, keys: list[str]) -> float:
        """Seconds to wait before answering a try for ``keys``; a
        :class:`Refusal` (429) once there were too many failures."""
        return self.verdict(max(len(self._recent(key)) for key in keys))

    @staticmethod
    def verdict(failures: int) -> float:
        """The pause after ``failures`` recent failed tries (the most of any
        key), or a :class:`Refusal` (429) once they are too many."""
        if failures >= REFUSE_AFTER:
            raise Refusal(429, f"too many failed logins: try again in "
                               f"{int(WINDOW // 60)} minutes")
        return 0.0 if failures < SLOW_AFTER else float(failures - SLOW_AFTER + 1)

    def failed(self, keys: list[str]) -> None:
        now = self.clock()
        for key in keys:
            self._recent(key).append(now)

    def succeeded(self, keys: list[str]) -> None:
        for key in keys:
            if key.startswith("name:"):
                self.failures.pop(key, None)

    async def check(self, keys: list[str]) -> float:
        """:meth:`pause`, as :class:`~carcassonne.server.site_limits.SiteLoginGuard`
        offers it (the log-in route awaits either)."""
        return self.pause(keys)

    async def record(self, keys: list[str], ok: bool) -> None:
        """:meth:`succeeded` or :meth:`failed`, awaited as the site's guard is."""
        (self.succeeded if ok else self.failed)(keys)
