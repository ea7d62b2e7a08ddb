"""``carcassonne ratings --recompute``: rate every finished rated game again.

Ratings are updated live, once per finished rated game, in the transaction
that stores its result. They are a pure function of those results, so this
command forgets them and rates every finished rated table again, in the
order their last moves were played, which must give the same numbers (a
test checks it). It prints how many games were rated and the leaders of
each family.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from carcassonne.cli_common import CliError
from carcassonne.extras import MissingExtra


def add_parser(commands: Any, formatter: Callable[[str], argparse.HelpFormatter]) -> None:
    ratings = commands.add_parser(
        "ratings", formatter_class=formatter, help="recompute every rating from stored results",
        description="Forget every rating and rate every finished rated game of the server's "
                    "database again, in the order the games ended.")
    ratings.add_argument("--recompute", action="store_true", required=True,
                         help="recompute (the only action for now)")
    ratings.add_argument("--database", default=None, metavar="URL",
                         help="the server's database (default: as 'serve' finds it)")


def recompute(url: str) -> tuple[int, dict[str, list[tuple[str, int]]]]:
    """Recompute the ratings of the database at ``url``; the games rated and
    the top five of each family, ``(player, rating)``."""
    from carcassonne.server.ratings import rated_result, shown_rating
    from carcassonne.server.store import Store
    from carcassonne.server.tables import Table

    store = Store(url)
    try:
        store.migrate()
        results = []
        for row in store.tables():
            table = Table.from_row(row)
            if table.status == "finished" and table.result is not None:
                result = rated_result(table, None)  # None for a casual table
                if result is not None:
                    results.append((table.id, result))
        count = store.recompute_ratings(results)
        leaders: dict[str, list[tuple[str, int]]] = {}
        for rating in store.ratings():
            top = leaders.setdefault(rating["family"], [])
            if len(top) < 5:
                top.append((rating["player"], shown_rating(rating["mu"], rating["sigma"])))
        return count, leaders
    finally:
        store.close()


def run(args: argparse.Namespace) -> int:
    from carcassonne.server.config import database_url

    try:
        count, leaders = recompute(database_url(args.database))
    except MissingExtra as err:  # (psycopg, for a PostgreSQL database)
        raise CliError(str(err)) from None
    except Exception as err:  # an unreachable or broken database: one line
        raise CliError(f"cannot recompute the ratings: {err}") from None
    print(f"rated {count} games again")
    for family, top in leaders.items():
        print(f"{family}: " + ", ".join(f"{player} {rating}" for player, rating in top))
    return 0
