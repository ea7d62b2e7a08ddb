"""Stopping background tasks for good.

``task.cancel()`` asks a task to stop by raising ``CancelledError`` at its
next ``await``; a library that catches it there (redis-py's asyncio client
can, when the cancellation lands inside one of its own timeouts or
reconnections) swallows the request, and the task goes on forever: a
shutdown that waits for it never ends. :func:`cancel_and_wait` asks again
until every task has stopped::

    >>> import asyncio
    >>> async def stubborn(swallowed: list[int]) -> None:
    ...     while True:
    ...         try:
    ...             await asyncio.sleep(60)
    ...         except asyncio.CancelledError:
    ...             if not swallowed:          # the first request is lost
    ...                 swallowed.append(1)
    ...                 continue
    ...             raise
    >>> async def main() -> bool:
    ...     swallowed: list[int] = []
    ...     task = asyncio.ensure_future(stubborn(swallowed))
    ...     await asyncio.sleep(0)
    ...     await cancel_and_wait([task], again_after=0.01)
    ...     return task.cancelled() and swallowed == [1]
    >>> from concurrent.futures import ThreadPoolExecutor
    >>> with ThreadPoolExecutor(1) as thread:  # a loop of its own
    ...     thread.submit(asyncio.run, main()).result()
    True
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from typing import Any


async def cancel_and_wait(tasks: Iterable[asyncio.Future[Any]], again_after: float = 1.0) -> None:
    """Cancel ``tasks`` and wait until each has stopped, cancelling again
    every ``again_after`` seconds those that are still running (a lost
    cancellation). Their results and errors are dropped."""
    every = list(tasks)
    left = {task for task in every if not task.done()}
    while left:
        for task in left:
            task.cancel()
        _, left = await asyncio.wait(left, timeout=again_after)
    for task in every:  # read, so that no error is reported as never retrieved
        if not task.cancelled():
            task.exception()
