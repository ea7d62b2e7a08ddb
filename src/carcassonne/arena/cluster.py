"""Playing the games of an arena on a Ray cluster: each game one Ray task.

Ray is optional (``pip install 'carcassonne[ray]'``) and imported only here.
Without an address a local Ray instance is started with as many CPUs as
asked (by default the machine's); with one (``ray://head:10001``, ``auto``,
``head:6379``) the run joins that cluster. Every node needs this package
installed (the same version), and outside bots' programs must exist on
every node at the same path.

A task plays one :class:`~carcassonne.arena.pairing.Job` exactly as a worker
process would (:func:`~carcassonne.arena.running.play_game`), so a run on a
cluster gives the same numbers as on one machine.
"""

from __future__ import annotations

import logging
from typing import Any

from carcassonne.arena.pairing import Job
from carcassonne.arena.running import GameResult, Progress, ordered, play_game


class RayMissing(ImportError):
    """Ray is not installed."""


def import_ray() -> Any:
    """The ``ray`` module, or :class:`RayMissing` saying how to install it."""
    try:
        import ray
    except ImportError as err:
        raise RayMissing(f"--ray needs Ray: pip install 'carcassonne[ray]' ({err})") from None
    return ray


def run_ray(jobs: list[Job], address: str | None = None, cpus: int | None = None,
            progress: Progress | None = None) -> list[GameResult]:
    """Play every job as a Ray task; results in the order of the jobs.

    ``address`` None or empty starts a local instance with ``cpus`` CPUs
    (None: all of the machine's) and stops it afterwards; otherwise the run
    connects to that cluster and disconnects afterwards.
    """
    ray = import_ray()
    started = not ray.is_initialized()
    if started:
        quiet: dict[str, Any] = {"logging_level": logging.WARNING, "log_to_driver": False}
        if address:
            ray.init(address=address, **quiet)
        else:
            ray.init(num_cpus=cpus, include_dashboard=False, **quiet)
    try:
        task = ray.remote(play_game)
        pending = [task.remote(job) for job in jobs]
        results: list[GameResult] = []
        while pending:
            done, pending = ray.wait(pending, num_returns=len(pending), timeout=0.2,
                                     fetch_local=True)
            if done:
                results += ray.get(done)
                if progress is not None:
                    progress(len(results))
        return ordered(results)
    finally:
        if started:
            ray.shutdown()
