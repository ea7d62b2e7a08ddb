"""Storage, on SQLite and on PostgreSQL: migrations, moves stored before they
are told, and tables that come back exactly as they were after a restart.

The PostgreSQL runs need ``CARCASSONNE_TEST_POSTGRES`` (a URL such as
``postgresql://carcassonne:carcassonne@127.0.0.1:5432/carcassonne_test``);
each test works in a schema of its own.
"""

from __future__ import annotations

import asyncio
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from typing import Any

import pytest
from server_helpers import (
    HUMAN,
    RANDOM,
    Serve,
    auth,
    hall,
    my_turn,
    new_table,
    next_state,
    play_turns,
    wait_for,
)
from sqlalchemy import inspect, text
from sqlalchemy.exc import IntegrityError

from carcassonne import Game, Move
from carcassonne.server.store import Store


def test_a_fresh_database_is_created_and_migrated(serve: Serve, database_url: str) -> None:
    with serve(url=database_url) as client:
        assert client.get("/api/tables").json() == {"tables": []}
        engine = hall(client).store.engine
        names = set(inspect(engine).get_table_names())
        assert {"tables", "moves", "accounts", "sessions", "ratings", "rating_events",
                "alembic_version"} <= names
        with engine.connect() as connection:
            assert connection.execute(text("SELECT version_num FROM alembic_version")
                                      ).scalar() == "0012"
    with serve(url=database_url) as client:  # a second start finds it up to date
        assert client.get("/api/health").json() == {"ok": True}


def test_every_move_is_stored_before_anyone_hears_of_it(serve: Serve, database_url: str) -> None:
    with serve(url=database_url) as client:
        table_id, token = new_table(client, [HUMAN, RANDOM])
        store = hall(client).store
        with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:
            state = my_turn(ws)
            for _ in range(4):
                ws.send_json({"type": "move", "move": state["legal"][0]})
                for _ in range(2):  # our move, then the bot's
                    state = next_state(ws)
                    stored = store.moves(table_id)
                    assert len(stored) >= state["last"]
                    told = state["view"]["moves"]
                    assert [str(Move.from_dict(m)) for m in stored[:len(told)]] == told
        row = next(r for r in store.tables() if r["id"] == table_id)
        assert row["moves"] == 8 and row["status"] == "playing"


def test_a_restart_brings_every_table_back(serve: Serve, database_url: str) -> None:
    with serve(url=database_url) as client:
        playing, ann = new_table(client, [HUMAN, RANDOM], name="Ann")
        waiting, wes = new_table(client, [HUMAN, HUMAN], name="Wes")
        left, lee = new_table(client, [HUMAN, HUMAN], name="Lee")
        client.post(f"/api/tables/{left}/join", json={"seat": 1, "name": "Kim"})
        with client.websocket_connect(f"/ws/tables/{playing}?token={ann}") as ws:
            before, _ = play_turns(ws, turns=5, seed=2)
        assert lee is not None
        client.post(f"/api/tables/{left}/leave", headers=auth(lee))
        while client.get(f"/api/tables/{left}").json()["moves"] < 1:
            time.sleep(0.01)  # Lee's bot moves first, then Kim is to move
        listing = client.get("/api/tables").json()
        stack = hall(client).tables[playing].stack
    with serve(url=database_url) as client:
        assert client.get("/api/tables").json() == listing
        assert hall(client).tables[playing].stack == stack
        with client.websocket_connect(f"/ws/tables/{playing}?token={ann}") as ws:
            after = next_state(ws)
            assert after == before  # view, legal moves, scores, the table: all the same
            final, _ = play_turns(ws, seed=3, state=after)
        assert final["view"]["is_over"]
        # the waiting table still knows Wes's token, Lee's seat went to a bot
        assert wes is not None
        assert client.post(f"/api/tables/{waiting}/start", headers=auth(wes)).status_code == 200
        assert client.post(f"/api/tables/{left}/leave", headers=auth(lee)).status_code == 403
        assert client.get(f"/api/tables/{left}").json()["seats"][0]["kind"] == "bot"
        assert client.post(f"/api/tables/{waiting}/leave", headers=auth(wes)).status_code == 200
        wait_for(client, waiting, "finished")  # bots only now
        record = client.get(f"/api/tables/{playing}/record").json()
        assert Game.from_record(record).scores == tuple(final["view"]["scores"])
        finished = client.get(f"/api/tables/{playing}").json()
    with serve(url=database_url) as client:  # finished tables come back too
        assert client.get(f"/api/tables/{playing}").json() == finished
        assert client.get(f"/api/tables/{playing}/record").json() == record
        with client.websocket_connect(f"/ws/tables/{playing}") as ws:
            last = next_state(ws)
            assert last["view"]["is_over"] and last["view"]["scores"] == finished["scores"]


def test_a_move_number_is_stored_once(database_url: str) -> None:
    store = Store(database_url)
    store.migrate()
    store.add_table({"id": "t1", "name": "t", "created": datetime.now(UTC), "sets": ["base"],
                     "options": {}, "hide_distribution": False, "seats": [], "status": "playing",
                     "seed": 1, "stack": ["BA/Rr"], "moves": 0, "result": None})
    row = {"id": "t1", "moves": 1}
    store.add_move(row, 0, 0, {"tile": "BA/Rr", "at": [1, 0], "rotation": 0})
    with pytest.raises(IntegrityError):
        store.add_move(row, 0, 1, {"tile": "BA/Rr", "at": [-1, 0], "rotation": 0})
    assert store.moves("t1") == [{"tile": "BA/Rr", "at": [1, 0], "rotation": 0}]
    assert store.tables()[0]["moves"] == 1
    store.close()


def test_a_sqlite_file_runs_in_write_ahead_mode(sqlite_url: str) -> None:
    store = Store(sqlite_url)
    store.migrate()
    with store.engine.connect() as connection:
        assert connection.execute(text("PRAGMA journal_mode")).scalar() == "wal"
    store.close()


def test_a_game_over_leaves_memory_and_comes_back_when_asked(serve: Serve) -> None:
    with serve() as client:
        table_id, token = new_table(client, [HUMAN, RANDOM])
        with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:
            final, _ = play_turns(ws)
            table = hall(client).tables[table_id]
            assert table.game is not None  # watched: kept
        assert table.game is None  # nobody watches a finished game: it leaves memory
        record = client.get(f"/api/tables/{table_id}/record").json()
        assert list(Game.from_record(record).scores) == final["view"]["scores"]
        with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
            again = next_state(ws)
        assert again["view"]["board"] == final["view"]["board"]
        assert again["view"]["scores"] == final["view"]["scores"]



def test_a_restarted_hall_serves_before_its_games_are_rebuilt(
        serve: Serve, sqlite_url: str) -> None:
    with serve() as client:
        ids = [new_table(client)[0] for _ in range(3)]
        listing = client.get("/api/tables").json()["tables"]

    async def reopen() -> None:
        from carcassonne.server.config import Settings
        from carcassonne.server.hall import Hall
        from carcassonne.server.listings import listing as tables_listed

        hall = Hall(Store(sqlite_url), Settings(database_url=sqlite_url, bot_delay=0.0,
                                               time_check=None))
        await hall.open()  # rows only: no game is rebuilt yet
        assert all(hall.tables[i].game is None for i in ids)
        assert [steady(t) for t in tables_listed(hall)] == [steady(t) for t in listing]
        assert all(hall.tables[i].to_move() == 0 for i in ids)
        assert hall._loader is not None
        await hall._loader  # then every game comes back, as it was
        assert all(hall.tables[i].game is not None for i in ids)
        assert [t["scores"] for t in tables_listed(hall)] == [t["scores"] for t in listing]
        await hall.close()

    # in a thread of its own: the browser tests may leave this one's loop running
    with ThreadPoolExecutor(1) as thread:
        thread.submit(asyncio.run, reopen()).result()


def steady(table: dict[str, Any]) -> dict[str, Any]:
    """A table as listed, less what a running clock changes by the moment."""
    return {**table, "clock": None}
