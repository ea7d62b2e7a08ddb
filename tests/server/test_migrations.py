"""The migrations carry an existing database forward.

A database is made by the first schema (revision 0001) and filled as that
server filled it: a finished game and a game being played, seats without
accounts. The server started on it upgrades the schema to the newest
revision; both games are still there, the finished one replays to its
result, and the running one plays on with its old seat token.
"""

from __future__ import annotations

import random
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from server_helpers import Serve, my_turn, next_state
from sqlalchemy import insert, text

from carcassonne import Game
from carcassonne.server.models import MoveRow, TableRow
from carcassonne.server.store import MIGRATIONS, Store
from carcassonne.server.tokens import new_token, token_hash


def upgrade(connection: sa.Connection, revision: str) -> None:
    """Bring the database of ``connection`` to the schema of ``revision``."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    command.upgrade(config, revision)


def first_schema(url: str) -> Store:
    store = Store(url)
    with store.engine.begin() as connection:
        upgrade(connection, "0001")
    return store


def old_table(store: Store, table_id: str, moves: int | None, token: str) -> Game:
    """A table stored as the first server stored it; ``moves`` None plays
    the game to its end."""
    game = Game.new(players=["Ann", "Random bot"], seed=5)
    rng = random.Random(5)
    while not game.is_over and (moves is None or len(game.moves) < moves):
        game.play(game.legal_moves().random(rng))
    seats = [{"kind": "human", "bot": None, "name": "Ann", "label": None,
              "token_hash": token_hash(token)},
             {"kind": "bot", "bot": "random", "name": "Random bot", "label": None,
              "token_hash": None}]
    now = datetime.now(UTC)
    row = {"id": table_id, "name": table_id, "created": now,
           "status": "finished" if game.is_over else "playing", "sets": ["base"],
           "options": {}, "hide_distribution": False, "seats": seats, "seed": 5,
           "stack": game.to_record()["stack"], "moves": len(game.moves),
           "result": {"scores": list(game.scores), "winners": list(game.winners)}
           if game.is_over else None}
    with store.engine.begin() as connection:  # the columns of 0001, no more
        connection.execute(insert(first_table("tables", row)), [row])
        moves = [{"table_id": table_id, "number": i, "seat": seat, "move": move.to_dict(),
                  "played": now}
                 for i, (seat, move) in enumerate(zip(game.movers, game.moves, strict=True))]
        connection.execute(insert(first_table("moves", moves[0])), moves)
    return game


def first_table(name: str, row: dict[str, Any]) -> sa.TableClause:
    """Table ``name`` with just the columns of ``row``, typed as today's
    models type them."""
    model = {"tables": TableRow, "moves": MoveRow}[name].__table__
    return sa.table(name, *[sa.column(key, model.c[key].type) for key in row])


def test_a_database_of_the_first_schema_is_upgraded_and_its_games_go_on(
        serve: Serve, sqlite_url: str) -> None:
    store = first_schema(sqlite_url)
    token = new_token()
    finished = old_table(store, "done", None, token)
    running = old_table(store, "going", 10, token)
    store.close()
    with serve(url=sqlite_url) as client:
        with Store(sqlite_url).engine.connect() as connection:
            version = connection.execute(text("SELECT version_num FROM alembic_version")).one()
        assert version[0] == "0012"
        record = client.get("/api/tables/done/record").json()
        assert Game.from_record(record).scores == finished.scores
        table = client.get("/api/tables/going").json()
        assert table["status"] == "playing" and table["moves"] == len(running.moves)
        assert table["seats"][0]["account"] is None
        # untimed, and its 7 days without a move count from the first load
        assert table["timing"] == {"kind": "none"} and table["clock"]["running"] == 0
        assert table["aids"] == "on"  # a table from before the aids switch shows them
        with client.websocket_connect(f"/ws/tables/going?token={token}") as ws:
            state = my_turn(ws)
            assert state["seat"] == 0 and state["view"]["moves"] == [str(m) for m in
                                                                     running.moves]
            ws.send_json({"type": "move", "move": state["legal"][0]})
            assert next_state(ws)["last"] == len(running.moves) + 1


def test_an_unchosen_language_becomes_null_and_a_chosen_one_stays(sqlite_url: str) -> None:
    """0012: ``en`` was only the default, so it becomes "not chosen" (the
    pages follow the browser); ``ja`` was chosen and stays."""
    store = Store(sqlite_url)
    with store.engine.begin() as connection:
        upgrade(connection, "0011")
        for name, language in (("Ann", "en"), ("Bo", "ja")):
            connection.execute(text(
                "INSERT INTO accounts (id, name, name_key, password_hash, created, language)"
                " VALUES (:n, :n, :n, 'x', :now, :l)"),
                {"n": name, "now": datetime.now(UTC), "l": language})
        upgrade(connection, "head")
        rows = dict(connection.execute(text("SELECT name, language FROM accounts")).all())
    store.close()
    assert rows == {"Ann": None, "Bo": "ja"}
