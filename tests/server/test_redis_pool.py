"""A burst of work on a real Redis (server/redis_pool.py): hundreds of live
connections counted at once, write requests and failed logins counted at
once, and changes published meanwhile; no command fails for want of a
connection, and nothing is lost: every count is exact and every change
reaches the other processes."""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import logging
import time

import pytest

from carcassonne.server import Settings, create_app
from carcassonne.server.cluster import CHANGES

#: Concurrent commands of each kind: well beyond a pool of 100 connections.
BURST = 400
#: Client addresses the live connections come from.
ADDRESSES = [f"10.0.0.{i}" for i in range(4)]


def test_a_burst_of_redis_work_neither_fails_nor_loses_anything(
        postgres_url: str, redis_url: str, caplog: pytest.LogCaptureFixture) -> None:
    from redis.asyncio import Redis

    settings = Settings(database_url=postgres_url, redis_url=redis_url, node="a",
                        time_check=None, bot_delay=0.0, ws_per_address=BURST,
                        http_rate=(BURST // 2, 600.0))
    app = create_app(settings)
    hall = app.state.hall

    async def scenario() -> None:
        listener = Redis.from_url(redis_url)
        pubsub = listener.pubsub()
        await pubsub.subscribe(CHANGES)
        await hall.open()
        try:
            cluster = hall.cluster
            assert cluster is not None
            opened, allowed, _, _ = await asyncio.gather(
                asyncio.gather(*(hall.sockets.open(ADDRESSES[i % len(ADDRESSES)])
                                 for i in range(BURST))),
                asyncio.gather(*(app.state.writes.allow("10.9.9.9") for _ in range(BURST))),
                asyncio.gather(*(app.state.login_guard.record([f"address:10.8.0.{i % 7}"], ok=False)
                                 for i in range(BURST))),
                publish(cluster))
            assert all(opened)
            assert sum(allowed) == BURST // 2  # every request was counted
            counted = await listener.hgetall(cluster.sockets.key("a"))
            assert {k.decode(): int(v) for k, v in counted.items()} == {
                address: BURST // len(ADDRESSES) for address in ADDRESSES}
            heard: set[str] = set()
            deadline = time.monotonic() + 120
            while len(heard) < BURST:
                assert time.monotonic() < deadline, f"{BURST - len(heard)} changes never came"
                message = await pubsub.get_message(ignore_subscribe_messages=True,
                                                   timeout=1.0)
                if message is not None:
                    heard.add(json.loads(message["data"])["row"]["id"])
            assert heard == {f"t{i}" for i in range(BURST)}
        finally:
            await hall.close()
            await pubsub.aclose()
            await listener.aclose()

    async def publish(cluster: object) -> None:
        """Changes published one by one while the burst is on (as moves are)."""
        for i in range(BURST):
            cluster.changed({"id": f"t{i}", "version": 1})  # type: ignore[attr-defined]
            await asyncio.sleep(0)

    # A browser test may leave this thread's loop running: a thread of its own.
    with caplog.at_level(logging.WARNING, logger="carcassonne"), \
            concurrent.futures.ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, scenario()).result()
    failures = [r.getMessage() for r in caplog.records
                if r.name.startswith("carcassonne") and r.levelno >= logging.WARNING]
    assert failures == []
