"""Failed logins lock a name out from one address, never for everyone
(accounts.login_keys): a real server, clients at two real addresses
(127.0.0.8 and 127.0.0.9). Ten wrong passwords for Ann from the first lock
that address out of Ann's account for a while; Ann logs in from the other at
once. The bound per address holds too: the first address may not log in to
any account meanwhile. With one process (counted in memory) and with a site
on Redis (counted there)."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from server_helpers import free_port

from carcassonne.server import Settings, create_app
from carcassonne.server.accounts import REFUSE_AFTER

ATTACKER, OWNER = "127.0.0.8", "127.0.0.9"
PASSWORD = "correct horse battery"


@contextmanager
def running(settings: Settings) -> Iterator[str]:
    """The app served by a real uvicorn, in a thread, on a free port; its URL."""
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(create_app(settings), host="127.0.0.1",
                                           port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 120
        while not server.started:
            assert thread.is_alive() and time.monotonic() < deadline, "it did not start"
            time.sleep(0.05)
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=60)


def client_at(address: str, url: str) -> httpx.Client:
    return httpx.Client(base_url=url, timeout=60,
                        transport=httpx.HTTPTransport(local_address=address))


@pytest.fixture(params=["one process", "redis"])
def settings(request: pytest.FixtureRequest, tmp_path: Path) -> Settings:
    """Failed logins are not slowed here (``login_pause``), only counted."""
    extra: dict[str, Any] = {}
    if request.param == "one process":
        url = f"sqlite:///{tmp_path / 'server.db'}"
    else:
        url = request.getfixturevalue("postgres_url")
        extra = {"redis_url": request.getfixturevalue("redis_url"), "time_check": None}
    return Settings(database_url=url, login_pause=0.0, bot_delay=0.0, **extra)


def test_failed_logins_from_one_address_do_not_lock_the_owner_out(settings: Settings) -> None:
    with running(settings) as url, client_at(ATTACKER, url) as attacker, \
            client_at(OWNER, url) as owner:
        for name in ("Ann", "Bob"):
            made = owner.post("/api/accounts", json={"name": name, "password": PASSWORD})
            assert made.status_code == 201, made.text
        owner.cookies.clear()
        for _ in range(REFUSE_AFTER):
            wrong = attacker.post("/api/session", json={"name": "ann", "password": "guess!!!"})
            assert wrong.status_code == 401
        locked = attacker.post("/api/session", json={"name": "Ann", "password": PASSWORD})
        assert locked.status_code == 429 and "too many failed logins" in locked.json()["error"]
        # The owner, elsewhere, logs in at once.
        mine = owner.post("/api/session", json={"name": "Ann", "password": PASSWORD})
        assert mine.status_code == 200, mine.text
        assert owner.get("/api/me").json()["name"] == "Ann"
        # The address that failed so often may not log in to any account for now.
        other = attacker.post("/api/session", json={"name": "Bob", "password": PASSWORD})
        assert other.status_code == 429
