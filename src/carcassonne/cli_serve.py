"""``carcassonne serve``: run the game server and its web client.

    carcassonne serve                       http://127.0.0.1:8000/, SQLite in the data folder
    carcassonne serve --port 9000 --database postgresql://ann@localhost/carcassonne

The database is created and migrated before the server starts, so a bad
URL or an unreachable database is one line on standard error and exit
status 1. The server itself needs the ``server`` extra (FastAPI, uvicorn,
SQLAlchemy, Alembic); this module imports them only when it runs.
"""

from __future__ import annotations

import argparse
import gc
import os
import re
import shlex
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from carcassonne.bots.expectimax import Plan
from carcassonne.cli_common import CliError, positive_int, seconds, timeout_seconds
from carcassonne.extras import EXTRAS, MissingExtra, require

#: The bounds on slow clients and connections per address (server/connections.py).
HEADER_TIMEOUT = 10.0
BODY_TIMEOUT = 30.0
PER_ADDRESS = 100


def bot_delay(text: str) -> float:
    """Seconds, at least 0 and at most a minute."""
    return seconds(text, 0, 60, low_allowed=True)


def idle_seconds(text: str) -> float:
    """How long a live game may go without a move and still be listed as
    being played: more than 0 seconds and at most 7 days."""
    return seconds(text, 0, 7 * 86400, low_allowed=False)


def outside_bot(text: str) -> tuple[str, list[str]]:
    """``NAME=COMMAND``: a bot name (letters, digits, ``_ . -``) and a command."""
    name, equals, command = text.partition("=")
    name = name.strip()
    if not equals or not re.fullmatch(r"[A-Za-z0-9_.-]{1,40}", name):
        raise argparse.ArgumentTypeError(
            f"{text!r} is not NAME=COMMAND with a NAME of letters, digits, _ . - "
            f"(example: --outside-bot 'mine=python3 my_bot.py')")
    try:
        parts = shlex.split(command)
    except ValueError as err:
        raise argparse.ArgumentTypeError(f"{text!r}: cannot read the command: {err}") from None
    if not parts:
        raise argparse.ArgumentTypeError(f"{text!r}: say which program to run after '='")
    return name, parts


def policy_bot(text: str) -> tuple[str, str]:
    """``NAME=MODULE:FUNCTION``: a bot name and the code that makes the bot."""
    name, equals, spec = text.partition("=")
    name = name.strip()
    if not equals or not re.fullmatch(r"[A-Za-z0-9_.-]{1,40}", name) or ":" not in spec:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not NAME=MODULE:FUNCTION with a NAME of letters, digits, _ . - "
            f"(example: --policy-bot 'mine=my_bot.py:bot')")
    return name, spec.strip()


def table_count(text: str) -> int:
    """A number of tables, 1 to 100,000."""
    if not text.isdigit() or not 1 <= int(text) <= 100_000:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of tables (1 to 100000)")
    return int(text)


def worker_count(text: str) -> int:
    """A number of processes, 0 to 64."""
    if not text.isdigit() or not 0 <= int(text) <= 64:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of processes (0 to 64)")
    return int(text)


def connection_count(text: str) -> int:
    """Connections one client address may hold at once, 1 to 100,000."""
    if not text.isdigit() or not 1 <= int(text) <= 100_000:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of connections "
                                         f"(1 to 100000)")
    return int(text)


def client_seconds(text: str) -> float:
    """How long a client may take to send a request's headers or body:
    more than 0 seconds and at most an hour."""
    return seconds(text, 0, 3600, low_allowed=False)


def public_url(text: str) -> str:
    """An http or https URL by which people reach the server."""
    parts = urlsplit(text.strip())
    try:
        _ = parts.port  # a port that is not a number raises here
    except ValueError:
        parts = parts._replace(netloc="")
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise argparse.ArgumentTypeError(f"{text!r} is not a URL such as "
                                         f"https://games.example or http://10.0.0.5:8080")
    return text.strip()


def smtp_url(text: str) -> str:
    """An ``smtp://`` or ``smtps://`` URL of a mail server."""
    from carcassonne.server.mail.transport import smtp_server

    try:
        smtp_server(text)
    except ValueError as err:
        raise argparse.ArgumentTypeError(str(err)) from None
    return text.strip()


def mail_sender(given: str | None, urls: list[str]) -> str:
    """The From of the server's mails: ``given``, ``$MAIL_FROM``, or an
    address at the host of the first public URL.

        >>> mail_sender(None, ["https://games.example"])
        'Carcassonne <carcassonne@games.example>'
    """
    found = given or os.environ.get("MAIL_FROM")
    if found:
        return found
    host = urlsplit(urls[0]).hostname if urls else None
    return f"Carcassonne <carcassonne@{host or 'localhost'}>"


def port_number(text: str) -> int:
    """A TCP port, 1 to 65535."""
    if not text.isdigit() or not 1 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number (1 to 65535)")
    return int(text)


def add_parser(commands: Any, formatter: Callable[[str], argparse.HelpFormatter]) -> None:
    """Add the ``serve`` command to ``carcassonne``'s subcommands."""
    serve = commands.add_parser(
        "serve", formatter_class=formatter, help="run the game server and web client",
        description=textwrap.fill(
            "Run the game server: a lobby, live tables over WebSocket, bots in seats, and "
            "the browser client. Every table and every move is stored, so a restarted "
            "server brings every table back as it was.", 78),
        epilog="The database is --database, else $DATABASE_URL, else an SQLite file in\n"
               "$XDG_DATA_HOME/carcassonne/ (default ~/.local/share/carcassonne/).\n"
               "postgresql:// URLs use the psycopg driver.\n\n"
               "examples:\n"
               "  carcassonne serve\n"
               "  carcassonne serve --host 0.0.0.0 --port 9000 --bot-delay 1\n"
               "  carcassonne serve --outside-bot 'mine=python3 my_bot.py'\n"
               "  carcassonne serve --database postgresql://ann:secret@localhost/carcassonne\n"
               "  carcassonne serve --database postgresql://ann@db/carcassonne \\\n"
               "      --redis redis://localhost:6379/0 --node app1 --port 8001")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on "
                       "(default: 127.0.0.1)")
    serve.add_argument("--port", type=port_number, default=8000, help="port (default: 8000)")
    serve.add_argument("--database", default=None, metavar="URL",
                       help="SQLAlchemy URL of the database (sqlite:///file.db, "
                            "postgresql://user:password@host/name)")
    serve.add_argument("--redis", default=None, metavar="URL",
                       help="Redis URL (redis://host:6379/0; default: $REDIS_URL): run as "
                            "one of many processes sharing a PostgreSQL database")
    serve.add_argument("--node", default=None, metavar="NAME",
                       help="this process's name among many (default: host, process id "
                            "and random letters)")
    serve.add_argument("--bot-delay", type=bot_delay, default=0.5, metavar="SECONDS",
                       help="pause before each bot move (default: 0.5)")
    serve.add_argument("--bot-pace", type=bot_delay, default=1.0, metavar="SECONDS",
                       help="least pause before each move at a table of bots only "
                            "(default: 1)")
    serve.add_argument("--waiting-tables", type=table_count, default=10, metavar="N",
                       help="tables one client address may have waiting for players at "
                            "once (default: 10)")
    serve.add_argument("--idle-after", type=idle_seconds, default=900.0, metavar="SECONDS",
                       help="a live game with no move for this long is no longer listed "
                            "among the games being played (default: 900)")
    serve.add_argument("--trusted-proxy", action="append", default=[], metavar="ADDRESS",
                       help="a proxy in front of the server whose X-Forwarded-For "
                            "header names the real client (repeatable; without it "
                            "the header is ignored)")
    serve.add_argument("--public-url", type=public_url, action="append", default=[],
                       metavar="URL",
                       help="an address people reach the server by (https://games.example, "
                            "http://10.0.0.5:8080); requests naming another host are "
                            "refused, except localhost, 127.0.0.1 and [::1]; https URLs "
                            "only: the session cookie is Secure (repeatable; default: "
                            "$PUBLIC_URL, several separated by commas)")
    serve.add_argument("--smtp", type=smtp_url, default=None, metavar="URL",
                       help="the mail server: smtp://user:password@host:port (STARTTLS "
                            "when offered) or smtps://... (default: $SMTP_URL; without "
                            "it mails are written to the log, docs/mail.md)")
    serve.add_argument("--mail-from", default=None, metavar="ADDRESS",
                       help="the sender of the server's mails (default: $MAIL_FROM, else "
                            "'Carcassonne <carcassonne@HOST of the first --public-url>')")
    serve.add_argument("--header-timeout", type=client_seconds, default=HEADER_TIMEOUT,
                       metavar="SECONDS", help="a connection that has not sent a "
                       f"request's headers within this long is closed (default: "
                       f"{HEADER_TIMEOUT:g})")
    serve.add_argument("--body-timeout", type=client_seconds, default=BODY_TIMEOUT,
                       metavar="SECONDS", help="a request whose body has not come "
                       f"within this long after its headers is dropped (default: "
                       f"{BODY_TIMEOUT:g})")
    serve.add_argument("--connections-per-address", type=connection_count,
                       default=PER_ADDRESS, metavar="N",
                       help="connections one client address may hold at once, WebSockets "
                            "included; beyond, a new one is closed at once (a trusted "
                            f"proxy's are not counted; default: {PER_ADDRESS})")
    serve.add_argument("--outside-bot", type=outside_bot, action="append", default=[],
                       metavar="NAME=COMMAND",
                       help="offer the program COMMAND as the bot NAME in the lobby; it "
                            "plays through a pipe (docs/bots.md); repeatable")
    serve.add_argument("--policy-bot", type=policy_bot, action="append", default=[],
                       metavar="NAME=MODULE:FUNCTION",
                       help="offer the bot (or trained policy) that FUNCTION of MODULE (a "
                            "module or .py file) makes as the bot NAME in the lobby "
                            "(docs/env.md); repeatable")
    serve.add_argument("--vapid-key", type=Path, default=None, metavar="FILE",
                       help="the site's Web Push key, an EC P-256 private key in PEM; "
                            "make one with: openssl ecparam -name prime256v1 -genkey "
                            "-noout -out vapid.pem (needs the push extra; without it, "
                            "no push notifications)")
    serve.add_argument("--vapid-subject", default=None, metavar="CONTACT",
                       help="who push services may write to about the site: "
                            "mailto:ADDRESS or an https URL (default: the first "
                            "--public-url)")
    serve.add_argument("--outside-bot-timeout", type=timeout_seconds, default=10.0,
                       metavar="SECONDS", help="time an outside bot has for each "
                                               "decision (default: 10)")
    serve.add_argument("--analysis-workers", type=worker_count, default=1, metavar="N",
                       help="review finished games on request, on N processes of their own "
                            "(default: 1; 0: no reviews; docs/analysis.md)")
    serve.add_argument("--analysis-work", type=positive_int, default=None, metavar="N",
                       help="the reviews' work budget a decision (default: the expert's, "
                            f"{Plan().work})")


def run(args: argparse.Namespace) -> int:
    """Migrate the database, print the address, serve until interrupted."""
    # A missing package of the extra is said in one line (cli.main prints it).
    require(*EXTRAS["server"], extra="server", purpose="the server")
    import uvicorn
    from sqlalchemy.engine import make_url

    from carcassonne.server import Settings, create_app
    from carcassonne.server.config import database_url
    from carcassonne.server.connections import ConnectionGuard, protocols
    from carcassonne.server.hosts import hosts_of
    from carcassonne.server.log_repeats import log_config
    from carcassonne.server.store import Store

    urls = args.public_url or _public_urls(os.environ.get("PUBLIC_URL", ""))
    _offer_outside_bots(args.outside_bot, args.outside_bot_timeout)
    _offer_policy_bots(args.policy_bot)
    try:
        url = database_url(args.database)
        shown = make_url(url).render_as_string(hide_password=True)
        store = Store(url)
        store.migrate()
        store.close()
    except MissingExtra:  # (psycopg): said as it is, by cli.main
        raise
    except Exception as err:
        raise CliError(f"carcassonne serve: cannot open the database: {err}") from None
    smtp = args.smtp or os.environ.get("SMTP_URL") or None
    if smtp is not None and args.smtp is None:
        try:
            smtp = smtp_url(smtp)
        except argparse.ArgumentTypeError as err:
            raise CliError(f"carcassonne serve: SMTP_URL: {err}", 2) from None
    host = f"[{args.host}]" if ":" in args.host else args.host
    redis = args.redis or os.environ.get("REDIS_URL") or None
    if redis is not None and url.startswith("sqlite"):
        raise CliError("carcassonne serve: many processes (--redis) share a PostgreSQL "
                       "database: give --database postgresql://...")
    if redis is not None:
        _check_redis(redis)
    vapid_key, subject = _vapid(args, urls)
    app = create_app(Settings(database_url=url, bot_delay=args.bot_delay,
                              bot_pace=args.bot_pace, redis_url=redis, node=args.node,
                              waiting_tables=args.waiting_tables,
                              idle_after=args.idle_after, hosts=hosts_of(urls),
                              https=bool(urls) and all(
                                  urlsplit(u).scheme == "https" for u in urls),
                              vapid_key=vapid_key, vapid_subject=subject,
                              smtp_url=smtp, mail_from=mail_sender(args.mail_from, urls),
                              public_url=urls[0] if urls else f"http://{host}:{args.port}",
                              analysis_workers=args.analysis_workers,
                              analysis_work=args.analysis_work))
    guard = ConnectionGuard(args.connections_per_address, args.header_timeout,
                            args.body_timeout, args.trusted_proxy)
    http, ws = protocols(guard)
    collect_rarely()
    print(f"Carcassonne server at http://{host}:{args.port}/ (database {shown})", flush=True)
    # The client's address (rate bounds, tables of bots) comes from the
    # connection, or from X-Forwarded-For only when a trusted proxy sent it.
    # WebSocket messages are not compressed: after the first state a client
    # gets patches of a few kilobytes, and permessage-deflate cost a tenth of
    # the event loop's time under load (README, "The server under load").
    # Slow clients and many connections from one address are bounded by the
    # protocols (connections.py); a message repeated in a storm is logged
    # once every few seconds (log_repeats.py).
    uvicorn.run(app, host=args.host, port=args.port, ws_max_size=64 * 1024,
                ws_per_message_deflate=False, http=http, ws=ws, log_config=log_config(),
                log_level="warning", proxy_headers=bool(args.trusted_proxy),
                forwarded_allow_ips=args.trusted_proxy or None)
    sys.stdout.flush()
    return 0


#: The cycle collector's thresholds while serving (Python's are 700, 10, 10).
GC_THRESHOLDS = (5_000, 10, 100)


def collect_rarely() -> None:
    """Run Python's cycle collector less often than by default.

    A server holds hundreds of thousands of long-lived objects (every game
    being played: its board, history and moves), and under load the
    collector's full passes over all of them, with the default thresholds,
    took a quarter of the event loop's time (6 s in 25 s of 200 tables
    moving flat out) and paused everything for up to 450 ms at a time
    (500 tables moving every 5 s: round trip p99 393 ms). Reference counting
    frees almost everything the server makes, so the collector may run
    rarely; but not too rarely, as one pass over a large young generation
    pauses as long: young objects are collected after 5,000 allocations
    (pauses of a few milliseconds), the oldest ten times more rarely than
    by default. Measured with 500 tables moving every 5 s on one process:
    1.5 s of collection in 60 s instead of 6 s, round trip p99 64 ms
    instead of 393 ms (50,000 young objects instead: pauses up to 290 ms).
    """
    gc.set_threshold(*GC_THRESHOLDS)


def _public_urls(text: str) -> list[str]:
    """The public URLs of ``$PUBLIC_URL`` (separated by commas or spaces)."""
    try:
        return [public_url(url) for url in text.replace(",", " ").split()]
    except argparse.ArgumentTypeError as err:
        raise CliError(f"carcassonne serve: PUBLIC_URL: {err}", 2) from None


def _vapid(args: argparse.Namespace, urls: list[str]) -> tuple[Path | None, str]:
    """The Web Push key file (checked: it must load) and the contact that
    push services are given."""
    subject = args.vapid_subject or (urls[0] if urls else "mailto:nobody@localhost")
    if args.vapid_key is None:
        return None, subject
    require("pywebpush", extra="push", purpose="Web Push (--vapid-key)")
    from carcassonne.server.push import load_key

    try:
        load_key(args.vapid_key)
    except ValueError as err:
        raise CliError(f"carcassonne serve: {err}", 2) from None
    return args.vapid_key, subject


def _check_redis(url: str) -> None:
    """Reach the Redis server once before serving (a clear error, not a crash)."""
    import redis

    try:
        client = redis.Redis.from_url(url, socket_connect_timeout=5)
        client.ping()
        client.close()
    except (redis.RedisError, ValueError) as err:
        raise CliError(f"carcassonne serve: cannot reach Redis at {url}: {err}") from None


def _offer_outside_bots(bots: list[tuple[str, list[str]]], timeout: float) -> None:
    """Check that every outside bot starts and answers ``hello``, then offer it."""
    from carcassonne.bots.outside import OutsideBotError, probe
    from carcassonne.server import bots as seats

    seats.OUTSIDE_TIMEOUT = timeout
    for name, command in bots:
        try:
            probe(command, timeout=max(timeout, 10.0))
        except OutsideBotError as err:
            raise CliError(f"carcassonne serve: outside bot {name} cannot play: "
                           f"{err.reason}") from None
        try:
            seats.add_outside_bot(name, command)
        except ValueError as err:
            raise CliError(str(err), 2) from None
        print(f"outside bot {name}: {shlex.join(command)}", flush=True)


def _offer_policy_bots(bots: list[tuple[str, str]]) -> None:
    """Load every policy bot (it must make a bot now), then offer it."""
    from carcassonne.server import bots as seats

    for name, spec in bots:
        try:
            seats.add_policy_bot(name, spec)
        except ValueError as err:
            raise CliError(f"carcassonne serve: policy bot {name}: {err}", 2) from None
        print(f"policy bot {name}: {spec}", flush=True)
