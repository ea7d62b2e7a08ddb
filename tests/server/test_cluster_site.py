"""A site of many processes on one PostgreSQL and one Redis (cluster.py),
its parts tested one at a time: leases fence a process that lost its
tables, Redis's list of clients names the living processes, processes
started together migrate one after the other, and the bounds per client
address hold for the whole site."""

from __future__ import annotations

import asyncio
import concurrent.futures
import random
import signal
import subprocess
import sys
import time

import pytest
from server_helpers import PATIENCE, Serve
from test_cluster import HUMAN

from carcassonne import Game
from carcassonne.server.store import Store


def test_a_process_that_lost_its_lease_cannot_store_a_move(database_url: str) -> None:
    """Fencing: once b has taken a table whose lease a let run out, a's
    writes to it are refused and store nothing, on SQLite and PostgreSQL."""
    from datetime import UTC, datetime, timedelta

    from carcassonne.server.store import LeaseLost
    from carcassonne.server.tables import Seat, Table

    store = Store(database_url)
    try:
        store.migrate()
        now = datetime.now(UTC)
        table = Table(id="t1", name="T", created=now, sets=("base",), options={},
                      hide_distribution=False, seats=(Seat("bot", bot="random"),) * 2,
                      status="playing", seed=1)
        store.add_table(table.row(), "a", now + timedelta(seconds=3))
        assert not store.claim_table("t1", "b", now + timedelta(seconds=3), now)
        assert store.orphans(now) == []
        later = now + timedelta(seconds=4)  # a did not renew: its lease ran out
        assert store.orphans(later) == ["t1"]
        assert store.claim_table("t1", "b", later + timedelta(seconds=3), later)
        move = Game.new(players=2, seed=1).legal_moves().random(random.Random(1))
        with pytest.raises(LeaseLost):
            store.add_move(table.row(moves=1), 0, 0, move.to_dict(), owner="a")
        with pytest.raises(LeaseLost):
            store.update_table(table.row(status="finished"), owner="a")
        assert store.moves("t1") == [] and store.table("t1")["status"] == "playing"
        store.add_move(table.row(moves=1), 0, 0, move.to_dict(), owner="b")
        assert len(store.moves("t1")) == 1 and store.table("t1")["version"] == 1
        assert store.renew("b", later + timedelta(seconds=6)) == ["t1"]
        assert store.renew("a", later + timedelta(seconds=6)) == []
        store.release("b")
        assert store.orphans(later) == ["t1"]  # given up: anyone may take it at once
        # a lease still running, but its owner gone from Redis: taken at once
        assert store.claim_table("t1", "b", later + timedelta(seconds=3), later)
        assert store.orphans(later, {"a", "b"}) == [] == store.orphans(later, None)
        assert store.claim_tables(["t1"], "a", later + timedelta(seconds=3), later,
                                  {"a", "b"}) == []  # b lives and holds it
        assert store.orphans(later, {"a", "c"}) == ["t1"]
        assert store.claim_tables(["t1"], "c", later + timedelta(seconds=3), later,
                                  {"a", "c"}) == ["t1"]
        with pytest.raises(LeaseLost):  # b, cut off, can no longer write to it
            store.add_move(table.row(moves=2), 1, 1, move.to_dict(), owner="b")
    finally:
        store.close()


def test_a_killed_process_leaves_the_list_of_living_ones_at_once(redis_url: str) -> None:
    """A process names its Redis connections after itself; when it is killed
    (kill -9) the system closes them, so the others see it gone at once,
    long before its leases run out (cluster.py, Cluster.alive). The process
    killed here holds no lease at all: only its closed connections can take
    it off the list."""
    from carcassonne.server.cluster import Cluster, client_name

    victim = subprocess.Popen(
        [sys.executable, "-c", "import sys, time, redis; from carcassonne.server.cluster import "
         "client_name; r = redis.Redis.from_url(sys.argv[1], client_name=client_name("
         "'a process with spaces')); r.ping(); print('up', flush=True); time.sleep(60)",
         redis_url], stdout=subprocess.PIPE, text=True)

    async def check() -> None:
        from redis.asyncio import Redis

        me = Cluster(None, None, None, redis_url, "me")  # type: ignore[arg-type]
        me._redis = Redis.from_url(redis_url, client_name=client_name("me"))
        try:
            assert victim.stdout is not None and victim.stdout.readline() == "up\n"
            alive = await me.alive()
            assert alive is not None and {"me", "a process with spaces"} <= alive
            victim.send_signal(signal.SIGKILL)
            victim.wait(timeout=PATIENCE)
            killed = time.monotonic()
            while "a process with spaces" in (await me.alive() or set()):
                assert time.monotonic() - killed < PATIENCE, "still listed"
                await asyncio.sleep(0.02)
            # a process not in the list itself cannot tell who lives
            other = Cluster(None, None, None, redis_url, "unnamed")  # type: ignore[arg-type]
            other._redis = me._redis
            assert await other.alive() is None
        finally:
            await me._redis.aclose()

    try:  # a browser test may leave this thread's loop running: a thread of its own
        with concurrent.futures.ThreadPoolExecutor(1) as pool:
            pool.submit(asyncio.run, check()).result()
    finally:
        victim.kill()
        victim.wait()


def test_processes_started_together_migrate_one_after_the_other(postgres_url: str) -> None:
    """Three processes migrating one fresh database at once: one creates the
    schema, the others wait for it and find nothing to do."""
    failures: list[BaseException] = []

    def migrate() -> None:
        store = Store(postgres_url)
        try:
            store.migrate()
        except BaseException as err:  # collected for the assertion below
            failures.append(err)
        finally:
            store.close()

    with concurrent.futures.ThreadPoolExecutor(3) as pool:
        for _ in range(3):
            pool.submit(migrate)
    assert failures == []
    store = Store(postgres_url)
    try:
        assert store.tables() == [] and store.versions() == {}
    finally:
        store.close()


def test_the_bound_on_write_requests_holds_for_the_whole_site(
        serve: Serve, postgres_url: str, redis_url: str) -> None:
    """60 write requests per client address in the window, counted in Redis:
    a client spreading them over two servers is refused at the 61st.

    The window is an hour here (10 s when serving): with 10 s, a machine slow
    enough to take more than 10 s over the 61 requests would see the first
    ones leave the window, and the 61st let through, rightly."""
    bound = {"url": postgres_url, "redis_url": redis_url, "http_rate": (60, 3600.0)}
    with serve(node="a", **bound) as a, serve(node="b", **bound) as b:
        answers = [(a, b)[i % 2].post("/api/tables/none/join", json={}).status_code
                   for i in range(61)]
    assert answers[:60] == [404] * 60  # counted, then refused for what they ask
    assert answers[60] == 429


def test_bounds_per_address_hold_for_the_whole_site(postgres_url: str, redis_url: str) -> None:
    """A client spreading itself over two processes gets no more than from
    one: live connections, tables of bots only and tables waiting for
    players per address, and failed logins, are counted for the site."""
    from carcassonne.server.accounts import REFUSE_AFTER
    from carcassonne.server.bodies import table_setup
    from carcassonne.server.config import Settings
    from carcassonne.server.errors import Refusal
    from carcassonne.server.hall import Hall
    from carcassonne.server.seats import create
    from carcassonne.server.site_limits import login_guard

    bots = table_setup({"seats": [{"kind": "bot", "bot": "random"}] * 2})
    waiting = table_setup({"seats": [HUMAN, HUMAN], "join": {"seat": 0, "name": "Ann"}})

    def hall(node: str) -> Hall:
        return Hall(Store(postgres_url), Settings(
            database_url=postgres_url, bot_delay=0, bot_pace=60, time_check=None,
            redis_url=redis_url, node=node, ws_per_address=3, bot_tables=(2, 30),
            waiting_tables=2, login_pause=0))

    async def known_at(place: Hall, table_ids: list[str]) -> None:
        start = time.monotonic()
        while not all(table_id in place.tables for table_id in table_ids):
            assert time.monotonic() - start < PATIENCE, "the tables were not heard of"
            await asyncio.sleep(0.02)

    async def scenario() -> None:
        a, b = hall("a"), hall("b")
        await a.open()
        await b.open()
        try:
            # connections: 3 per address, wherever they are
            assert [await a.sockets.open("10.0.0.1") for _ in range(2)] == [True, True]
            assert await b.sockets.open("10.0.0.1")
            assert not await b.sockets.open("10.0.0.1")
            assert not await a.sockets.open("10.0.0.1")
            assert await b.sockets.open("10.0.0.9")  # another address
            await a.sockets.close("10.0.0.1")
            assert await b.sockets.open("10.0.0.1")
            # tables of bots only, and tables waiting for players: 2 per address
            made = [(await create(a, bots, address="10.0.0.2"))[0].id,
                    (await create(a, waiting, address="10.0.0.2"))[0].id]
            made.append((await create(b, waiting, address="10.0.0.2"))[0].id)
            await known_at(b, made[:2])
            await known_at(a, made[2:])
            assert (await create(b, bots, address="10.0.0.2"))[0].id  # the second
            for place, setup in ((a, bots), (b, bots), (a, waiting), (b, waiting)):
                with pytest.raises(Refusal) as refused:
                    await create(place, setup, address="10.0.0.2")
                assert refused.value.status == 429
            # failed logins: refused everywhere once too many failed anywhere
            keys = ["name:ann", "address:10.0.0.3"]
            guards = (login_guard(redis_url), login_guard(redis_url))  # a's and b's
            for index in range(REFUSE_AFTER):
                await guards[index % 2].record(keys, ok=False)
            for guard in guards:
                with pytest.raises(Refusal) as refused:
                    await guard.check(keys)
                assert refused.value.status == 429
            assert await guards[0].check(["name:bob", "address:10.0.0.4"]) == 0
        finally:
            await asyncio.wait_for(b.close(), PATIENCE)
            await asyncio.wait_for(a.close(), PATIENCE)

    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, scenario()).result()
