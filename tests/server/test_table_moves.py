"""A move sent to a table that changes hands on the way is carried to its
new owner (cluster.py, Cluster.route): processes on one PostgreSQL and one
Redis, in this test's own threads. The owner ``a`` is storing a move asked
at ``b`` when the table's lease goes to another process (as when ``a``
renewed its leases too late on a starved machine and another took the
table): ``a`` cannot store it any more, and the move is then made by the
new owner, ``b`` itself or a third process ``c``. The player at ``b`` gets
no error, and the move is stored once."""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import time
from typing import Any

import pytest
from server_helpers import hold_move_writes

from carcassonne.server.bodies import table_setup
from carcassonne.server.config import Settings
from carcassonne.server.hall import Hall
from carcassonne.server.moves import play
from carcassonne.server.seats import create, join
from carcassonne.server.store import Store

HUMAN: dict[str, Any] = {"kind": "human"}


class Watcher:
    """A player's connection as a hall sees one: it keeps what it is sent."""

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    def seat_at(self, table: Any) -> int | None:
        return 0

    def send_state(self, state: dict[str, Any], made: Any = None, whole: bool = False) -> None:
        self.sent.append(json.loads(json.dumps(state)))


def hall(postgres_url: str, redis_url: str, node: str) -> Hall:
    return Hall(Store(postgres_url), Settings(database_url=postgres_url, bot_delay=0,
                                              time_check=None, redis_url=redis_url,
                                              node=node))


@pytest.mark.parametrize("new_owner", ["b", "c"])
def test_a_move_sent_while_its_table_changes_hands_is_made_by_the_new_owner(
        postgres_url: str, redis_url: str, new_owner: str) -> None:
    async def scenario() -> None:
        halls = {node: hall(postgres_url, redis_url, node) for node in ("a", "b", "c")}
        a, b = halls["a"], halls["b"]
        for each in halls.values():
            await each.open()
        try:
            made, _, _ = await create(a, table_setup({"seats": [HUMAN, HUMAN],
                                                     "join": {"seat": 0, "name": "Ann"}}))
            await join(a, made.id, 1, "Bob")
            assert (await a.db(a.store.lease_of, made.id))[0] == "a"
            # Ann plays at b: b mirrors the table and routes her moves to a.
            mirror = await b.find(made.id)
            await b.game_of(mirror)
            ann = Watcher()
            mirror.connections.add(ann)
            # a stores slowly: the move is on its way when the table changes hands.
            writing, release = hold_move_writes(a)
            game = a.get(made.id).game
            assert game is not None and game.current_player == 0
            move = next(iter(game.legal_moves())).to_dict()
            playing = asyncio.ensure_future(play(b, made.id, 0, move, seen=0))
            await asyncio.wait_for(writing.wait(), 60)
            assert a.cluster is not None
            assert await a.db(a.store.hand_over, made.id, "a", new_owner,
                              a.cluster.lease_end())
            release.set()
            await asyncio.wait_for(playing, 120)  # no refusal: the move went on
            kept = await a.db(a.store.moves, made.id)  # stored once, with its clock
            assert [{k: v for k, v in m.items() if k != "clock"} for m in kept] == [move]
            owner = (await a.db(a.store.lease_of, made.id))[0]
            assert owner in (new_owner, "b")  # c may hand it on to b, where Ann plays
            deadline = time.monotonic() + 60
            while not ann.sent or ann.sent[-1]["last"] != 1:  # Ann sees her move
                assert time.monotonic() < deadline, ann.sent[-1:] or "nothing was sent"
                await asyncio.sleep(0.05)
            assert mirror.moves == 1
        finally:
            for each in halls.values():
                await asyncio.wait_for(each.close(), 30)

    # A browser test may leave this thread's loop running: a thread of its own.
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, scenario()).result()
