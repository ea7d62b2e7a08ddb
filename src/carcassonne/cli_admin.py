"""``carcassonne admin grant NAME`` and ``carcassonne admin revoke NAME``:
give an account the admin role (the moderation page ``/admin`` and the
``/api/admin/...`` routes, docs/moderation.md) or take it back.

The command writes the server's database directly (``--database`` as for
``serve``); the change counts from the account's next request, on every
process of a site, since each request reads the account from the database.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from carcassonne.cli_common import CliError
from carcassonne.extras import MissingExtra


def add_parser(commands: Any, formatter: Callable[[str], argparse.HelpFormatter]) -> None:
    admin = commands.add_parser(
        "admin", formatter_class=formatter, help="give or take an account's admin role",
        description="Give an account the admin role (moderation: reports, hidden messages, "
                    "suspensions), or take it back.")
    admin.add_argument("action", choices=("grant", "revoke"),
                       help="grant: make NAME an admin; revoke: a player again")
    admin.add_argument("name", metavar="NAME", help="the account's name (any case)")
    admin.add_argument("--database", default=None, metavar="URL",
                       help="the server's database (default: as 'serve' finds it)")


def run(args: argparse.Namespace) -> int:
    from carcassonne.server.config import database_url
    from carcassonne.server.moderation import set_role
    from carcassonne.server.store import Store

    role = "admin" if args.action == "grant" else "player"
    try:
        store = Store(database_url(args.database))
        try:
            store.migrate()
            name = set_role(store.engine, args.name, role)
        finally:
            store.close()
    except MissingExtra as err:  # (psycopg, for a PostgreSQL database)
        raise CliError(str(err)) from None
    except Exception as err:  # an unreachable or broken database: one line
        raise CliError(f"cannot change the role: {err}") from None
    if name is None:
        raise CliError(f"there is no account named {args.name!r}")
    print(f"{name} is an admin now" if role == "admin" else f"{name} is no longer an admin")
    return 0
