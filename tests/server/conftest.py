"""Fixtures of the server tests: a real app on a temporary database.

Every test talks to the real application through FastAPI's TestClient, on a
fresh SQLite file, or on PostgreSQL when ``CARCASSONNE_TEST_POSTGRES`` holds
a URL (each test then works in a schema of its own, dropped afterwards).
Bots move without delay and the rate bounds are loosened, except in the
tests that check them.
"""

from __future__ import annotations

import faulthandler
import os
import sys
import uuid
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

with warnings.catch_warnings():  # the test client's note about its HTTP library
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

# The strategies for malformed input (tests/fuzz.py) serve these tests too.
sys.path.insert(0, str(Path(__file__).parents[1]))

from push_helpers import push_service, vapid_key  # noqa: F401 (fixtures of the push tests)
from server_helpers import Serve

from carcassonne.server import Settings, create_app
from carcassonne.server.config import normalize_url
from carcassonne.server.hosts import hosts_of

#: Settings for tests: bots without delay, rate bounds out of the way, and
#: the host name FastAPI's TestClient sends (``testserver``) accepted.
FAST: dict[str, Any] = {"bot_delay": 0.0, "bot_pace": 0.0, "bot_tables": (1000, 1000),
                        "waiting_tables": 1000, "hosts": hosts_of(["http://testserver"]),
                        "login_pause": 0.0, "http_rate": (100_000, 1.0),
                        "ws_burst": (100_000, 1.0), "ws_flood": (1_000_000, 10.0),
                        "records_rate": (100_000, 1.0)}
POSTGRES = os.environ.get("CARCASSONNE_TEST_POSTGRES")



@pytest.fixture(autouse=True)
def deadline(request: pytest.FixtureRequest) -> Iterator[None]:
    """A test that hangs (a message that never comes) ends the run after
    twenty minutes, with every thread's traceback on the real standard error
    (the one pytest's fault handler keeps), instead of hanging CI. (The
    slowest tests here, of several server processes, take up to two minutes
    on a busy 2-core machine: a slow test must not be taken for a hang.)"""
    from _pytest.faulthandler import fault_handler_stderr_fd_key

    fd = request.config.stash.get(fault_handler_stderr_fd_key, 2)
    faulthandler.dump_traceback_later(1200, exit=True, file=fd)
    yield
    faulthandler.cancel_dump_traceback_later()


@pytest.fixture
def web_dir(tmp_path: Path) -> Path:
    """A small stand-in for the web client's files."""
    web = tmp_path / "web"
    (web / "js").mkdir(parents=True)
    (web / "index.html").write_text("<title>lobby page</title>", "utf-8")
    (web / "table.html").write_text("<title>table page</title>", "utf-8")
    (web / "js" / "main.js").write_text("export const ok = true;\n", "utf-8")
    return web


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'server.db'}"


@pytest.fixture
def postgres_url() -> Iterator[str]:
    """A URL to an empty schema of the PostgreSQL test database."""
    if not POSTGRES:
        pytest.skip("set CARCASSONNE_TEST_POSTGRES to a PostgreSQL URL to run this")
    url = normalize_url(POSTGRES)
    schema = f"test_{uuid.uuid4().hex[:12]}"
    engine = create_engine(url)
    with engine.begin() as connection:
        connection.execute(text(f'CREATE SCHEMA "{schema}"'))
    try:
        yield make_url(url).update_query_dict(
            {"options": f"-csearch_path={schema}"}).render_as_string(hide_password=False)
    finally:
        with engine.begin() as connection:
            connection.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        engine.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest) -> str:
    """Each storage test runs on SQLite and on PostgreSQL."""
    name = "sqlite_url" if request.param == "sqlite" else "postgres_url"
    url: str = request.getfixturevalue(name)
    return url


@pytest.fixture
def serve(sqlite_url: str, web_dir: Path) -> Serve:
    """``with serve(**settings) as client``: the app running on a database
    (``url=``, by default this test's SQLite file); run it again on the
    same database to restart it."""

    @contextmanager
    def running(url: str = sqlite_url, **overrides: Any) -> Iterator[TestClient]:
        settings = Settings(database_url=url, **{"web_dir": web_dir, **FAST, **overrides})
        with TestClient(create_app(settings)) as client:
            yield client

    return running


@pytest.fixture
def client(serve: Serve) -> Iterator[TestClient]:
    with serve() as running:
        yield running


@pytest.fixture
def redis_url(tmp_path: Path) -> Iterator[str]:
    """A real Redis server of this test's own (Debian's ``redis-server``,
    installed by ./run-tests), on a free port, stopped afterwards."""
    import shutil
    import socket
    import subprocess
    import time

    import redis

    program = shutil.which("redis-server")
    if program is None:
        pytest.skip("redis-server is not installed (./run-tests installs it as root)")
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    process = subprocess.Popen([program, "--port", str(port), "--bind", "127.0.0.1",
                                "--save", "", "--appendonly", "no", "--dir", str(tmp_path)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"redis://127.0.0.1:{port}/0"
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                redis.Redis.from_url(url).ping()
                break
            except redis.ConnectionError:
                assert process.poll() is None and time.monotonic() < deadline, \
                    "redis-server did not start"
                time.sleep(0.05)
        yield url
    finally:
        process.kill()
        process.wait(timeout=10)
