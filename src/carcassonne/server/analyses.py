"""The server's computer reviews: a queue for the whole site, worked on a pool of their own.

``carcassonne serve --analysis-workers N`` (1 by default) gives each
server process a pool of ``N`` processes that only review games, apart
from the bots' searches (:func:`carcassonne.bots.pool.started`), so a
review never slows a live game; they start when first needed. With
``N`` = 0 nothing is started and the routes answer that reviews are off.
``--analysis-work W`` is the search's work budget a decision (the
expert's by default).

A request stores the game's record in its row (analysis_store.py, one row
per game: a second request joins the first) and wakes this process's
worker task. The task claims the oldest queued row of the site (any
process's request), replays the record, and weighs its decisions on the
pool, up to ``N`` at once (:func:`carcassonne.analysis.review.decide`,
each seeded by its index, so the review is the same however it is
shared out). After each decision it writes the progress, renewing its
lease, and tells the table's watchers ``{"type": "analysis", "key",
"status", "done", "total", "position"}``: here, and through Redis in the
other processes. The review is stored with the row and served to all who
ask afterwards. A process that dies lets its lease run out; another takes
the work up again from the start.
"""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import replace
from datetime import timedelta
from typing import TYPE_CHECKING, Any

import orjson

from carcassonne.analysis.review import Decision, Review, Step, decide, replayed, steps
from carcassonne.bots.expectimax import Plan
from carcassonne.bots.pool import started
from carcassonne.server import analysis_store
from carcassonne.server.messages import AnalysisNews
from carcassonne.server.stopping import cancel_and_wait
from carcassonne.server.work_queue import keep_draining

if TYPE_CHECKING:
    from carcassonne.server.hall import Hall

log = logging.getLogger(__name__)

#: How long a claim holds without news (each decision weighed renews it).
LEASE = timedelta(minutes=2)
#: Seconds between two looks at the queue when nothing wakes the task
#: (another process's request).
POLL = 2.0
#: The most reviews queued on the whole site: beyond, a request is refused.
MOST_QUEUED = 200


class Analyses:
    """The reviews of one server process (``app.state.analyses``)."""

    def __init__(self, hall: Hall, workers: int, node: str, work: int | None = None) -> None:
        self.hall = hall
        self.workers = workers
        self.node = node
        #: The expert's plan, with the work budget a decision asked for.
        self.plan = Plan() if work is None else replace(Plan(), work=work)
        self._pool: ProcessPoolExecutor | None = None
        self._wake: asyncio.Event | None = None
        self._task: asyncio.Task[None] | None = None
        if hall.cluster is not None:
            hall.cluster.hearers["analysis"] = self._heard

    @property
    def enabled(self) -> bool:
        """Whether this process reviews games (and so takes requests)."""
        return self.workers > 0

    async def start(self) -> None:
        """Take back this node's unfinished work and start the worker task."""
        if not self.enabled:
            return
        await self.hall.db(analysis_store.let_go, self.hall.store.engine, self.node)
        self._pool = started(self.workers)
        self._wake = asyncio.Event()
        self._task = asyncio.get_running_loop().create_task(
            keep_draining(self.review_one, self._wake, POLL, "the analysis queue"), name="analyses")

    async def stop(self) -> None:
        """Stop the task and the pool; a review under way is queued again."""
        if self._task is not None:
            await cancel_and_wait([self._task])
            self._task = None
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
        if self.enabled:
            await self.hall.db(analysis_store.let_go, self.hall.store.engine, self.node)
        self._wake = None

    async def ask(self, key: str, record: dict[str, Any]) -> dict[str, Any]:
        """Queue the review of ``record`` as ``key`` (joining one asked for
        already): the row."""
        engine = self.hall.store.engine
        row = await self.hall.db(analysis_store.ask, engine, key, record, self.hall.now())
        if self._wake is not None:
            self._wake.set()
        return row

    async def weigh(self, step: Step) -> Decision:
        """Weigh one decision (a move tried in "learn from your mistakes")
        on the pool, seeded as the review's own weighing of it."""
        if self._pool is None:
            self._pool = started(self.workers)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, decide, step, self.plan, 0)

    async def review_one(self) -> bool:
        """Claim and review one queued game; False when none waits."""
        engine = self.hall.store.engine
        row = await self.hall.db(analysis_store.claim, engine, self.node, self.hall.now(), LEASE)
        if row is None:
            return False
        key = row["key"]
        try:
            review = await self._review(key, row["record"])
        except asyncio.CancelledError:
            raise
        except Exception as err:
            log.exception("the review of %s failed", key)
            if await self.hall.db(analysis_store.fail, engine, key, self.node,
                                  f"the review failed: {err}", self.hall.now()):
                self._tell({"key": key, "status": "failed", "done": 0, "total": 0,
                            "position": None})
            return True
        if await self.hall.db(analysis_store.finish, engine, key, self.node, review.to_dict(),
                              self.hall.now()):
            self._tell({"key": key, "status": "done", "done": len(review.decisions),
                        "total": len(review.decisions), "position": None})
        return True

    async def _review(self, key: str, record: dict[str, Any]) -> Review:
        loop = asyncio.get_running_loop()
        whole = replayed(record)
        todo = list(steps(record, whole))
        review = Review(list(whole.players), list(whole.scores))
        if self._pool is None:
            self._pool = started(self.workers)
        futures = [loop.run_in_executor(self._pool, decide, step, self.plan, 0)
                   for step in todo]
        engine = self.hall.store.engine
        try:
            for future in futures:  # in order: the pool works ahead, up to its size
                review.decisions.append(await future)
                done = len(review.decisions)
                if not await self.hall.db(analysis_store.advance, engine, key, self.node, done,
                                          len(todo), self.hall.now(), LEASE):
                    raise RuntimeError("another process took this review over")
                self._tell({"key": key, "status": "running", "done": done,
                            "total": len(todo), "position": None})
        except BaseException as err:
            for future in futures:
                future.cancel()
            # the others' outcomes are let go, not left unread
            await asyncio.gather(*futures, return_exceptions=True)
            if isinstance(err, BrokenProcessPool) and self._pool is not None:
                self._pool.shutdown(wait=False, cancel_futures=True)
                self._pool = None  # a new pool for the next review
            raise
        return review

    def _tell(self, news: dict[str, Any]) -> None:
        """Tell the watchers of the table ``news["key"]`` (here and in the
        other processes) how its review goes."""
        if self.hall.cluster is not None:
            self.hall.cluster.publish("analysis", news)
        self._heard(news)

    def _heard(self, news: dict[str, Any]) -> None:
        table = self.hall.table(str(news.get("key")))
        if table is None or not table.connections:
            return
        message: AnalysisNews = {
            "type": "analysis", "key": str(news["key"]), "status": str(news["status"]),
            "done": int(news["done"]), "total": int(news["total"]),
            "position": news.get("position")}
        text = orjson.dumps(message).decode()
        for listener in list(table.connections):
            listener.send(text)
