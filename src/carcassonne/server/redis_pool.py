"""Connections to Redis: a bounded pool that makes a burst wait its turn.

Every use of Redis by a server process (the cluster's client: fan-out,
routed changes, leases of competitions, connections counted per address;
and the ``limits`` library's moving windows of write requests and failed
logins) takes a connection from a pool for each command or pipeline. redis-py's default
pool refuses a command at once (``MaxConnectionsError``) when its 100
connections are busy, and a burst does that: a thousand clients
connecting again after a process died, or a thousand tables made at once,
each count something in Redis at the same moment. The refused commands
were lost: fan-out messages (the others caught up from the database only
at their next check), lease renewals of competitions, counts.

Redis answers one command at a time anyway, so more connections do not
make it faster: each pool here holds at most :data:`POOL_SIZE` and a
command that finds them all busy waits for one (``BlockingConnectionPool``),
at most :data:`POOL_WAIT` seconds, after which it fails as before (the
callers log it and go on). redis is imported only when a pool is made.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from redis.asyncio import BlockingConnectionPool, Redis

#: Connections one pool holds at most.
POOL_SIZE = 50
#: Seconds a command waits for a free connection before it fails.
POOL_WAIT = 10.0


def blocking_pool(url: str, **options: Any) -> BlockingConnectionPool:
    """A pool of at most :data:`POOL_SIZE` connections to Redis at ``url``
    (``options``: redis-py's connection options, such as ``client_name``)."""
    from redis.asyncio import BlockingConnectionPool

    pool: BlockingConnectionPool = BlockingConnectionPool.from_url(
        url, max_connections=POOL_SIZE, timeout=POOL_WAIT, **options)
    return pool


def redis_client(url: str, **options: Any) -> Redis:
    """A Redis client of its own :func:`blocking_pool` (closed with it)."""
    from redis.asyncio import Redis

    return Redis.from_pool(blocking_pool(url, **options))


def limits_storage(url: str) -> Any:
    """A ``limits`` storage of Redis ``url`` on a :func:`blocking_pool`."""
    from limits.storage import storage_from_string

    return storage_from_string(f"async+{url}", implementation="redispy",
                               connection_pool=blocking_pool(url))
