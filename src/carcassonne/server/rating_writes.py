"""Writing ratings: a finished rated game's new ratings, stored in the
transaction that stores its end (store.py), and a history row per player.

What a game gives is computed by :func:`carcassonne.server.ratings.rate`
from its :class:`~carcassonne.server.ratings.RatedResult`; this module only
reads the players' ratings before the game and writes them after.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import insert, select, text, update
from sqlalchemy.engine import Connection

from carcassonne.server.level_ratings import start
from carcassonne.server.models import RatingEventRow, RatingRow, TableRow
from carcassonne.server.ratings import RatedResult, Rating, rate, shown_rating


def apply_rating(connection: Connection, table_id: str, result: RatedResult,
                 at: datetime) -> list[dict[str, int]]:
    """Update the ratings of one game's players, inside the caller's
    transaction, and write each new rating to the history; each seat's
    shown rating before and after the game (``{"before", "after"}``) is
    kept in the table's result, as ``ratings``, and answered.

    On PostgreSQL the update takes a transaction lock first, so two games
    finishing at once are rated one after the other, in the order of
    ``at``, which is the order a recomputation follows. A player seated
    twice at one table (the same bot in two seats) is rated once, from its
    first seat. A player's first game in a family starts from
    :func:`~carcassonne.server.level_ratings.start`: a newcomer's rating,
    or a bot level's calibrated one."""
    if connection.dialect.name == "postgresql":
        connection.execute(text("SELECT pg_advisory_xact_lock(7300001)"))
    rows = connection.execute(select(RatingRow.__table__).where(
        RatingRow.family == result.family,
        RatingRow.player.in_(set(result.players)))).mappings().all()
    known = {r["player"]: Rating(r["mu"], r["sigma"], r["games"]) for r in rows}
    # A first game starts from a newcomer's rating, or a bot level's calibrated one.
    before = {p: known[p] if p in known else start(p, result.family) for p in result.players}
    after = rate([before[p] for p in result.players], list(result.scores), result.last)
    done: set[str] = set()
    figures: dict[str, dict[str, int]] = {}
    for player, new in zip(result.players, after, strict=True):
        if player in done:
            continue
        done.add(player)
        old = before[player]
        figures[player] = {"before": shown_rating(old.mu, old.sigma),
                           "after": shown_rating(new.mu, new.sigma)}
        values = {"mu": new.mu, "sigma": new.sigma, "games": new.games}
        if player in known:
            connection.execute(update(RatingRow).where(
                RatingRow.player == player, RatingRow.family == result.family).values(values))
        else:
            connection.execute(insert(RatingRow), [{"player": player,
                                                    "family": result.family, **values}])
        connection.execute(insert(RatingEventRow), [{
            "table_id": table_id, "player": player, "family": result.family, "at": at,
            **values}])
    seats = [figures[player] for player in result.players]
    stored = connection.execute(select(TableRow.result).where(TableRow.id == table_id)).scalar()
    if stored is not None:
        connection.execute(update(TableRow).where(TableRow.id == table_id).values(
            result={**stored, "ratings": seats}))
    return seats
