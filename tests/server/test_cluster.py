"""Three real ``carcassonne serve`` processes sharing one PostgreSQL and one
Redis (cluster.py): a change made at one is seen at every other, a change
asked of a process that does not own the table is made by its owner, and
after ``kill -9`` of an owner its tables are taken over, with no
acknowledged move lost or played twice; a client of the killed process
reconnects to another and gets the whole state.

Every wait here is for something to happen, with a deadline long enough for
a machine many times slower than usual (PATIENCE); how long a take-over
takes is measured by ``benchmarks/load.py --kill-after``, not here."""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import signal
import subprocess
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from typing import Any

import httpx
from server_helpers import (
    PATIENCE,
    assert_league_of_four_finished,
    free_port,
    hold_move_writes,
    server,
)
from websockets.sync.client import ClientConnection, connect

from carcassonne import Game
from carcassonne.engine import Move
from carcassonne.server.store import Store

#: Pause between two of our moves on one connection (the protocol's bounds).
PACE = 0.06
HUMAN: dict[str, Any] = {"kind": "human"}

@contextmanager
def cluster(database: str, redis: str, count: int = 3, *extra: str,
            ) -> Iterator[list[tuple[int, subprocess.Popen[str]]]]:
    """``count`` server processes (``app1``...) on one database and one Redis,
    started one after the other (the first one migrates the database)."""
    with ExitStack() as stack:
        out = []
        for index in range(count):
            port = free_port()
            process = stack.enter_context(server(
                port, "--database", database, "--redis", redis, "--node", f"app{index + 1}",
                "--bot-delay", "0", *extra))
            out.append((port, process))
        yield out


def post(port: int, path: str, body: dict[str, Any] | None = None,
         token: str | None = None) -> dict[str, Any]:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    answer = httpx.post(f"http://127.0.0.1:{port}{path}", json=body or {}, headers=headers,
                        timeout=PATIENCE)
    assert answer.status_code in (200, 201), answer.text
    data: dict[str, Any] = answer.json()
    return data


def table_at(port: int, table_id: str) -> dict[str, Any]:
    data: dict[str, Any] = httpx.get(f"http://127.0.0.1:{port}/api/tables/{table_id}",
                                     timeout=PATIENCE).json()
    return data


def eventually(check: Callable[[], bool], seconds: float = PATIENCE) -> None:
    """Wait until ``check()`` holds (at most ``seconds``)."""
    start = time.monotonic()
    while not check():
        assert time.monotonic() - start < seconds, "it did not happen in time"
        time.sleep(0.05)


@contextmanager
def socket_to(port: int, table_id: str, token: str | None = None,
              ) -> Iterator[ClientConnection]:
    """A live connection to the table at ``port``, playing the seat of
    ``token`` if given (shown in a ``seat`` message, never in the URL)."""
    with connect(f"ws://127.0.0.1:{port}/ws/tables/{table_id}") as ws:
        if token is not None:
            ws.send(json.dumps({"type": "seat", "token": token}))
        yield ws


def state_where(ws: ClientConnection, wanted: Callable[[dict[str, Any]], bool],
                seconds: float = PATIENCE) -> dict[str, Any]:
    """The first ``state`` message that satisfies ``wanted`` (errors are skipped:
    a move refused while its table changes owner is sent again by the test)."""
    deadline = time.monotonic() + seconds
    while True:
        message: dict[str, Any] = json.loads(ws.recv(timeout=max(0.1, deadline - time.monotonic())))
        if message["type"] == "state" and wanted(message):
            return message


def my_turn(ws: ClientConnection, seconds: float = PATIENCE) -> dict[str, Any]:
    return state_where(ws, lambda m: m["legal"] is not None or m["view"]["is_over"], seconds)


def test_changes_made_at_one_process_are_seen_at_every_other(postgres_url: str,
                                                             redis_url: str) -> None:
    with cluster(postgres_url, redis_url) as servers:
        (a, _), (b, _), (c, _) = servers
        table_id = post(a, "/api/tables", {"seats": [HUMAN, HUMAN]})["table"]["id"]
        eventually(lambda: all(table_at(p, table_id).get("id") == table_id for p in (b, c)))
        # Joins asked of processes that do not own the table are made by its owner.
        ann = post(b, f"/api/tables/{table_id}/join", {"seat": 0, "name": "Ann"})
        bob = post(c, f"/api/tables/{table_id}/join", {"seat": 1, "name": "Bob"})
        assert (ann["seat"], bob["seat"]) == (0, 1)
        eventually(lambda: all(table_at(p, table_id)["status"] == "playing"
                               for p in (a, b, c)))
        with (socket_to(b, table_id, ann["token"]) as at_b,
              socket_to(c, table_id, bob["token"]) as at_c,
              socket_to(a, table_id) as watcher):
            players = {0: at_b, 1: at_c}
            played = []
            for number in range(12):
                seen = {seat: state_where(ws, lambda m, n=number: m["last"] == n
                                          and m["seat"] is not None)
                        for seat, ws in players.items()}
                watched = state_where(watcher, lambda m, n=number: m["last"] == n)
                mover = next(seat for seat, s in seen.items() if s["legal"] is not None)
                assert watched["table"]["scores"] == seen[mover]["table"]["scores"]
                move = seen[mover]["legal"][number % len(seen[mover]["legal"])]
                players[mover].send(json.dumps({"type": "move", "move": move}))
                played.append(move)
                time.sleep(PACE)
            for ws in (at_b, at_c, watcher):
                state_where(ws, lambda m: m["last"] == 12)
        eventually(lambda: all(table_at(p, table_id)["moves"] == 12 for p in (a, b, c)))
    store = Store(postgres_url)
    try:
        stored = store.moves(table_id)  # numbered 0..11, none missing
    finally:
        store.close()
    assert [Move.from_dict(m) for m in stored] == [Move.from_dict(m) for m in played]


def test_a_killed_owner_s_tables_are_taken_over(postgres_url: str, redis_url: str) -> None:
    with (cluster(postgres_url, redis_url, 3, "--bot-pace", "0.15") as servers,
          ExitStack() as connections):
        (a, owner), (b, _), (c, _) = servers
        bots = post(a, "/api/tables", {"seats": [{"kind": "bot", "bot": "greedy"},
                                                 {"kind": "bot", "bot": "random"}]})
        bots_id = bots["table"]["id"]
        games = {}
        # Ann plays at b, Cat at a (the process to be killed); both tables are a's.
        for name, port in (("Ann", b), ("Cat", a)):
            made = post(a, "/api/tables", {"seats": [HUMAN, {"kind": "bot", "bot": "random"}],
                                           "join": {"seat": 0, "name": name}})
            games[name] = {"id": made["table"]["id"], "token": made["token"], "port": port,
                           "sent": {}}
        sockets = {name: connections.enter_context(socket_to(g["port"], g["id"], g["token"]))
                   for name, g in games.items()}
        # Someone watches Ann's table at a, so a keeps it (no hand-over to b).
        connections.enter_context(socket_to(a, games["Ann"]["id"]))

        def move_once(name: str, seconds: float = PATIENCE,
                      now: dict[str, Any] | None = None) -> dict[str, Any]:
            """Play one move for ``name`` (from the state ``now``, else the next
            one where it is their turn) and wait until it is acknowledged (the
            state after it); a refusal while the table changes owner is retried."""
            game, ws = games[name], sockets[name]
            now = now or my_turn(ws, seconds)
            if now["view"]["is_over"]:
                return now
            number = now["last"]
            move = now["legal"][number % len(now["legal"])]
            deadline = time.monotonic() + seconds
            while True:
                ws.send(json.dumps({"type": "move", "move": move}))
                message = json.loads(ws.recv(timeout=seconds))
                while message["type"] == "state" and message["last"] <= number:
                    message = json.loads(ws.recv(timeout=seconds))
                if message["type"] == "state":
                    game["sent"][number] = move  # acknowledged
                    time.sleep(PACE)
                    return message
                assert time.monotonic() < deadline, message
                time.sleep(0.2)

        for _ in range(3):
            for name in games:
                move_once(name)
        assert table_at(b, bots_id)["status"] == "playing"

        owner.send_signal(signal.SIGKILL)
        owner.wait(timeout=PATIENCE)
        at_kill = table_at(b, bots_id)["moves"]
        # The table of bots plays on at another process.
        eventually(lambda: table_at(b, bots_id)["moves"] > at_kill + 1)

        # Ann's connection (at b) plays on: her move waits for the take-over.
        move_once("Ann")
        # Cat's connection died with a: she reconnects to c and gets the whole state.
        sockets["Cat"] = connections.enter_context(
            socket_to(c, games["Cat"]["id"], games["Cat"]["token"]))
        back = my_turn(sockets["Cat"])
        assert back["last"] >= max(games["Cat"]["sent"]) + 1
        assert back["view"]["board"] is not None
        move_once("Cat", now=back)

        for name in games:  # both games to their end
            now = move_once(name)
            while not now["view"]["is_over"]:
                now = move_once(name, now=now if now["legal"] is not None else None)
        eventually(lambda: table_at(b, bots_id)["status"] == "finished")
        for table_id, sent in [(bots_id, {})] + [(g["id"], g["sent"]) for g in games.values()]:
            final = table_at(c, table_id)
            record = httpx.get(f"http://127.0.0.1:{b}/api/tables/{table_id}/record",
                               timeout=PATIENCE).json()
            assert len(record["moves"]) == final["moves"]
            assert list(Game.from_record(record).scores) == final["scores"]
            for number, move in sent.items():  # every acknowledged move, in its place
                assert Move.from_dict(record["moves"][number]) == Move.from_dict(move)


class Watcher:
    """A connection to a table, as a hall sees one: it watches, and keeps
    what it is sent."""

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    def seat_at(self, table: Any) -> None:
        return None

    def send_state(self, state: dict[str, Any], made: Any = None, whole: bool = False) -> None:
        self.sent.append(json.loads(json.dumps(state)))


def test_a_process_that_misses_messages_catches_up_from_the_database(
        postgres_url: str, redis_url: str) -> None:
    """Redis may drop a message: here process b drops every change for a while,
    and still shows its watcher the table as stored, found in its check
    against the database (every CHECK_EVERY seconds); told again, it
    follows move by move from the messages alone (its reloads stopped)."""
    from carcassonne.server.bodies import table_setup
    from carcassonne.server.config import Settings
    from carcassonne.server.hall import Hall
    from carcassonne.server.moves import play
    from carcassonne.server.seats import create, join

    def hall(node: str) -> Hall:
        return Hall(Store(postgres_url), Settings(database_url=postgres_url, bot_delay=0,
                                                  time_check=None, redis_url=redis_url,
                                                  node=node))

    async def scenario() -> None:
        a, b = hall("a"), hall("b")
        await a.open()
        await b.open()
        try:
            assert b.cluster is not None
            receive = b.cluster._receive
            dropping = True
            b.cluster._receive = lambda message: (  # type: ignore[method-assign]
                None if dropping and message.get("kind") == "change" else receive(message))
            table, _, _ = await create(a, table_setup({"seats": [HUMAN, HUMAN],
                                                      "join": {"seat": 0, "name": "Ann"}}))
            await join(a, table.id, 1, "Bob")
            mirror = await b.find(table.id)  # not told: read from the database
            assert mirror.status == "playing"
            await b.game_of(mirror)
            watcher = Watcher()
            mirror.connections.add(watcher)
            for _ in range(5):
                game = a.get(table.id).game
                assert game is not None
                move = next(iter(game.legal_moves()))
                await play(a, table.id, game.current_player, move.to_dict())
            assert mirror.moves == 0 and not watcher.sent  # every change was dropped
            start = time.monotonic()
            while not watcher.sent or watcher.sent[-1]["last"] != 5:
                assert time.monotonic() - start < PATIENCE, "b did not catch up"
                await asyncio.sleep(0.05)
            assert mirror.moves == 5 and mirror.version == a.get(table.id).version
            assert mirror.game is not None and mirror.game.moves == a.get(table.id).game.moves
            # told again, b follows move by move, from the message alone: its
            # reloads from the database (its check's) do nothing from now on
            async def no_reload(*args: Any, **kwargs: Any) -> None:
                return None

            b.cluster.reload = no_reload  # type: ignore[method-assign]
            dropping = False
            game = a.get(table.id).game
            await play(a, table.id, game.current_player, next(iter(game.legal_moves())).to_dict())
            start = time.monotonic()
            while watcher.sent[-1]["last"] != 6:
                assert time.monotonic() - start < PATIENCE, "b did not follow the change"
                await asyncio.sleep(0.01)
        finally:
            await asyncio.wait_for(b.close(), PATIENCE)
            await asyncio.wait_for(a.close(), PATIENCE)

    # A browser test may leave this thread's loop running: use a thread of its own.
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, scenario()).result()


def test_a_reload_waits_for_the_move_being_stored(postgres_url: str, redis_url: str) -> None:
    """The owner plays a move on the table's game while it stores it
    (tables.py); a reload of the table meanwhile (a late lease renewal, a
    take-over's look) waits for that change instead of taking the game for
    one ahead of the database and rebuilding it without the move."""
    from carcassonne.server.bodies import table_setup
    from carcassonne.server.config import Settings
    from carcassonne.server.hall import Hall
    from carcassonne.server.moves import play
    from carcassonne.server.seats import create, join

    async def scenario() -> None:
        a = Hall(Store(postgres_url), Settings(database_url=postgres_url, bot_delay=0,
                                               time_check=None, redis_url=redis_url, node="a"))
        await a.open()
        try:
            assert a.cluster is not None
            table, _, _ = await create(a, table_setup({"seats": [HUMAN, HUMAN],
                                                      "join": {"seat": 0, "name": "Ann"}}))
            await join(a, table.id, 1, "Bob")
            writing, release = hold_move_writes(a)
            game = a.get(table.id).game
            assert game is not None
            move = next(iter(game.legal_moves())).to_dict()
            playing = asyncio.ensure_future(play(a, table.id, 0, move))
            await writing.wait()
            reloading = asyncio.ensure_future(a.cluster.reload(table.id, owned=True))
            await asyncio.sleep(0.3)
            waited = not reloading.done()
            release.set()
            await playing
            await reloading
            assert waited  # for the move being stored
            # the stored move, with the server's clock on it (docs/server.md)
            kept = await a.db(a.store.moves, table.id)
            assert all("clock" in m for m in kept)
            stored = [{k: v for k, v in m.items() if k != "clock"} for m in kept]
            here = a.get(table.id)
            assert here.moves == 1 and stored == [move]
            assert here.game is not None and [m.to_dict() for m in here.game.moves] == stored
        finally:
            await asyncio.wait_for(a.close(), PATIENCE)

    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, scenario()).result()


def test_a_league_goes_on_when_its_organizing_process_is_killed(postgres_url: str,
                                                                 redis_url: str) -> None:
    """The first process organizes; asked through another, it creates and
    starts a league; killed mid-round, another process organizes, takes its
    tables over and finishes the league, no game played twice."""
    with cluster(postgres_url, redis_url, 3, "--bot-pace", "0.03") as servers:
        (_, first), (b, _), (c, _) = servers
        with httpx.Client(base_url=f"http://127.0.0.1:{b}", timeout=PATIENCE) as client:
            client.post("/api/accounts", json={"name": "Olga",
                                               "password": "correct horse battery"})
            event = client.post("/api/competitions", json={
                "name": "Bots", "games": 1, "entrants": [{"bot": "random"}] * 4}).json()
            assert client.post(f"/api/competitions/{event['id']}/start").status_code == 200

            def first_round_playing() -> bool:
                view = client.get(f"/api/competitions/{event['id']}").json()
                games = [g for m in view["stages"][0]["rounds"][0]["matches"]
                         for g in m["games"]]
                return all(g["table"] for g in games)

            eventually(first_round_playing)
        first.send_signal(signal.SIGKILL)
        first.wait(timeout=PATIENCE)
        with httpx.Client(base_url=f"http://127.0.0.1:{c}", timeout=PATIENCE) as client:
            assert_league_of_four_finished(client, event["id"], 4 * PATIENCE)


def test_a_table_moves_to_the_process_where_its_player_is(postgres_url: str,
                                                          redis_url: str) -> None:
    """A table made at a and played from b, with nobody watching at a, is
    handed to b at b's first routed move: b makes its changes from then on."""
    with cluster(postgres_url, redis_url, 2) as servers:
        (a, _), (b, _) = servers
        made = post(a, "/api/tables", {"seats": [HUMAN, {"kind": "bot", "bot": "random"}],
                                       "join": {"seat": 0, "name": "Ann"}})
        table_id = made["table"]["id"]
        store = Store(postgres_url)
        try:
            assert store.lease_of(table_id)[0] == "app1"
            with socket_to(b, table_id, made["token"]) as ws:
                now = my_turn(ws)
                for _ in range(4):
                    ws.send(json.dumps({"type": "move", "move": now["legal"][0]}))
                    number = now["last"]
                    now = my_turn(ws)
                    assert now["last"] >= number + 2  # ours, then the bot's answer
                    time.sleep(PACE)
                assert store.lease_of(table_id)[0] == "app2"
            assert len(store.moves(table_id)) == now["last"]
        finally:
            store.close()
