"""One pool of search processes for the whole program, never one per bot.

A server may have many search bots seated at once; each asks this pool to
run its searches, so the number of processes stays bounded (one per core,
at least two) whatever the number of seats. The processes are started
with ``forkserver`` (safe from a threaded server) and die with the program:
on Linux the fork server and each worker ask the kernel to be killed when
their parent goes (:mod:`.die_with_parent`), so even a killed server leaves
no search process behind.
"""

from __future__ import annotations

import atexit
import multiprocessing
import os
import threading
from concurrent.futures import ProcessPoolExecutor

_lock = threading.Lock()
_pool: ProcessPoolExecutor | None = None
#: What the fork server imports as it starts: it then dies with the program.
GUARD = "carcassonne.bots.die_with_parent"


def size() -> int:
    """How many search processes the pool runs at most."""
    return max(2, os.cpu_count() or 1)


def _die_with_parent() -> None:
    """In each worker: be killed when the fork server that started it dies."""
    from carcassonne.bots.die_with_parent import arrange

    arrange()


def usable() -> bool:
    """Whether this process may start the pool: a daemonic process (a
    worker of another pool) may not have children."""
    return not multiprocessing.current_process().daemon


def started(workers: int) -> ProcessPoolExecutor:
    """A new pool of ``workers`` processes started as this module's own
    are (``forkserver``, each dying with the program): for work that must
    not wait behind the bots' searches, as the server's analyses."""
    methods = multiprocessing.get_all_start_methods()
    method = "forkserver" if "forkserver" in methods else None
    context = multiprocessing.get_context(method)
    if method == "forkserver":
        context.set_forkserver_preload([GUARD])
    return ProcessPoolExecutor(workers, mp_context=context, initializer=_die_with_parent)


def shared() -> ProcessPoolExecutor:
    """The program's pool of search processes, started on first use."""
    global _pool
    with _lock:
        if _pool is None:
            _pool = started(size())
        return _pool


def shut_down() -> None:
    """Stop the pool's processes (a new pool starts on next use)."""
    global _pool
    with _lock:
        pool, _pool = _pool, None
    if pool is not None:
        pool.shutdown(wait=True, cancel_futures=True)


atexit.register(shut_down)
