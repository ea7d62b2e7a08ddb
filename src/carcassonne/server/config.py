"""Server settings and where the database lives.

The database URL is, in order: the one given (``--database``), the
``DATABASE_URL`` environment variable, or an SQLite file in the user's data
folder, ``$XDG_DATA_HOME/carcassonne/carcassonne.db`` (``XDG_DATA_HOME``
defaults to ``~/.local/share``)::

    >>> normalize_url("postgresql://ann@db/carcassonne")
    'postgresql+psycopg://ann@db/carcassonne'
    >>> normalize_url("sqlite:///games.db")
    'sqlite:///games.db'
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from carcassonne.server.hosts import LOCAL_HOSTS

#: The browser client: static files served by the app.
WEB_DIR = Path(__file__).resolve().parent.parent / "web"


def utc_now() -> datetime:
    """The time now, in UTC: the server's clock unless a test gives one."""
    return datetime.now(UTC)


@dataclass(frozen=True)
class Settings:
    """What one server needs to know.

    ``bot_delay`` is the pause in seconds before each bot move, so people
    can follow the game; at a table with no person the pause is at least
    ``bot_pace`` (such tables are played at a set pace), and ``bot_tables``
    bounds the tables of bots only being played, per client address and in
    all ``(per address, in all)``; one address has at most
    ``waiting_tables`` tables waiting for players at once. A live game with
    no move for ``idle_after`` seconds is not listed among the games being
    played (``GET /api/tables?status=playing``) until its next move. Rates are
    ``(count, seconds)``: ``http_rate`` bounds the write requests (POST) of
    one client address; on the
    WebSocket, a client's messages beyond ``ws_burst`` are refused one by
    one and beyond ``ws_flood`` its connection is closed, and one address
    holds at most ``ws_per_address`` connections (docs/server.md); one
    writer sends at most ``chat_rate`` chat messages (docs/chat.md), and one
    address asks for open records at most ``records_rate`` times (docs/server.md).
    ``https`` says the server is reached over HTTPS (behind a proxy), so the
    session cookie is marked Secure; ``hosts`` are the host names a request
    may name in ``Host`` (hosts.py: this machine's, and those of the public
    URLs, ``carcassonne serve --public-url``); ``login_pause`` is the pause in seconds
    per failed login beyond the first few (0 in tests). ``now`` is the
    server's clock (tests give one they move by hand) and ``time_check``
    the seconds between two looks at every table's time (None: never, the
    tests then call ``Hall.keep_time`` themselves). ``redis_url`` makes
    this process one of many sharing the database (cluster.py), named
    ``node`` (a name of host, process id and random letters if None).
    ``vapid_key`` is the file of the site's Web Push key (push.py; None: no
    push), ``vapid_subject`` the contact push services may write to about
    the site (``mailto:ADDRESS`` or an https URL).

    Mail (docs/mail.md): ``smtp_url`` is the mail server (``--smtp``; None:
    mails are written to the log), ``mail_from`` the sender's address,
    ``public_url`` the address the links in mails start with. The outbox's
    sender looks every ``mail_poll`` seconds, holds a claimed mail for
    ``mail_lease`` seconds, tries a failed one again after ``mail_retry``
    seconds (twice as long each time) and gives up after ``mail_attempts``.

    ``analysis_workers`` is the size of this process's pool of processes
    that review finished games (analyses.py; 0: no reviews), and
    ``analysis_work`` the search's work budget a decision (None: the
    expert's).
    """

    database_url: str
    bot_delay: float = 0.5
    bot_pace: float = 1.0
    bot_tables: tuple[int, int] = (3, 30)
    waiting_tables: int = 10
    idle_after: float = 15 * 60.0
    web_dir: Path = WEB_DIR
    http_rate: tuple[int, float] = (60, 10.0)
    ws_burst: tuple[int, float] = (20, 1.0)
    ws_flood: tuple[int, float] = (100, 10.0)
    ws_per_address: int = 50
    chat_rate: tuple[int, float] = (5, 10.0)
    records_rate: tuple[int, float] = (60, 60.0)
    https: bool = False
    hosts: frozenset[str] = frozenset(LOCAL_HOSTS)
    login_pause: float = 1.0
    now: Callable[[], datetime] = utc_now
    time_check: float | None = 0.25
    redis_url: str | None = None
    node: str | None = None
    vapid_key: Path | None = None
    vapid_subject: str = "mailto:nobody@localhost"
    smtp_url: str | None = None
    mail_from: str = "Carcassonne <carcassonne@localhost>"
    public_url: str | None = None
    mail_poll: float = 1.0
    mail_lease: float = 120.0
    mail_retry: float = 30.0
    mail_attempts: int = 8
    analysis_workers: int = 0
    analysis_work: int | None = None


def data_dir() -> Path:
    """The user's data folder for this program (not created here)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "carcassonne"


def default_database_url() -> str:
    """An SQLite file in :func:`data_dir`, whose folder is created if needed."""
    folder = data_dir()
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'carcassonne.db'}"


def normalize_url(url: str) -> str:
    """Point plain PostgreSQL URLs at the psycopg 3 driver; leave others as they are."""
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


def database_url(given: str | None = None) -> str:
    """The URL to use: ``given``, else ``$DATABASE_URL``, else the default file."""
    url = given or os.environ.get("DATABASE_URL") or default_database_url()
    return normalize_url(url)
