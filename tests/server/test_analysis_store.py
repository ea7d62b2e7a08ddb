"""The site's queue of reviews in the database (analysis_store.py), on SQLite and
PostgreSQL: one row a game, the oldest first, leases that run out, fenced writes."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from carcassonne.server import analysis_store as queue
from carcassonne.server.store import Store

AT = datetime(2026, 12, 7, 12, tzinfo=UTC)
LEASE = timedelta(minutes=2)


def test_a_game_is_asked_for_once_and_claimed_oldest_first(database_url: str) -> None:
    store = Store(database_url)
    store.migrate()
    engine = store.engine
    try:
        assert queue.ask(engine, "b", {"moves": [1]}, AT + timedelta(seconds=1))["position"] == 1
        assert queue.ask(engine, "a", {"moves": []}, AT)["position"] == 1  # asked earlier
        again = queue.ask(engine, "b", {"moves": ["other"]}, AT + timedelta(seconds=9))
        assert again["position"] == 2 and again["record"] == {"moves": [1]}  # joined
        assert queue.queued(engine) == 2
        first = queue.claim(engine, "one", AT, LEASE)
        second = queue.claim(engine, "two", AT, LEASE)
        assert (first or {})["key"] == "a" and (second or {})["key"] == "b"
        assert queue.claim(engine, "three", AT, LEASE) is None
        assert queue.fail(engine, "b", "two", "it broke", AT)
        failed = queue.read(engine, "b")
        assert failed is not None and (failed["status"], failed["error"]) == ("failed", "it broke")
        assert queue.ask(engine, "b", {"moves": [1]}, AT)["status"] == "queued"  # asked again
    finally:
        store.close()


def test_a_lease_that_runs_out_passes_the_work_on_and_fences_the_old_holder(
        database_url: str) -> None:
    store = Store(database_url)
    store.migrate()
    engine = store.engine
    try:
        queue.ask(engine, "g", {"moves": []}, AT)
        assert queue.claim(engine, "one", AT, LEASE) is not None
        assert queue.advance(engine, "g", "one", 5, 40, AT + LEASE / 2, LEASE)
        assert queue.claim(engine, "two", AT + LEASE, LEASE) is None  # renewed: still held
        late = AT + LEASE * 2
        taken = queue.claim(engine, "two", late, LEASE)
        assert taken is not None and taken["done"] == 0  # started again from the start
        assert not queue.advance(engine, "g", "one", 6, 40, late, LEASE)
        assert not queue.finish(engine, "g", "one", {"decisions": []}, late)
        assert queue.let_go(engine, "two") == 1
        assert queue.status(queue.read(engine, "g") or {}) == {
            "key": "g", "status": "queued", "done": 0, "total": 40, "position": 1, "error": None}
    finally:
        store.close()
