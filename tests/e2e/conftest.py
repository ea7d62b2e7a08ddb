"""End-to-end fixtures: the real server in a subprocess, and a real browser.

``server`` starts ``python -m carcassonne serve`` on a free port with a fresh
SQLite database and no bot delay, and waits for ``/api/health`` (up to
STARTING seconds: a busy machine may take long to start it). ``browser``
is Debian's Chromium driven by Playwright (never a downloaded browser);
``page`` is a fresh browser context (its own localStorage, so its own seat
tokens) that fails the test if the page throws a JavaScript error; each of
its waits (for an element, a click, a condition) gives up after
STEP_TIMEOUT_MS, many times what a step takes on a quiet machine.

Every test here is skipped when /usr/bin/chromium or Playwright is missing.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = Path(__file__).parent / "artifacts"
BROWSER_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--no-first-run"]
#: The most seconds the test server may take to answer its health check.
STARTING = 300.0
#: How long a page waits for one step (an element, a click, a condition), in ms.
STEP_TIMEOUT_MS = 60_000

try:
    from playwright.sync_api import Browser, Page, sync_playwright
except ImportError:  # pragma: no cover - the test extra is not installed
    sync_playwright = None


def _missing() -> str | None:
    if sync_playwright is None:
        return "the playwright package is not installed"
    if not CHROMIUM.exists():
        return f"{CHROMIUM} is not installed"
    return None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    reason = _missing()
    if reason is None:
        return
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.skip(reason=reason))


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """The running server: its address and a tiny JSON client."""

    def __init__(self, url: str) -> None:
        self.url = url

    def get(self, path: str) -> Any:
        with urllib.request.urlopen(self.url + path, timeout=60) as res:
            return json.load(res)

    def post(self, path: str, body: dict[str, Any], token: str | None = None) -> Any:
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        req = urllib.request.Request(self.url + path, data=json.dumps(body).encode(),
                                     headers=headers, method="POST")
        with urllib.request.urlopen(req, timeout=60) as res:
            return json.load(res)


@contextlib.contextmanager
def serving(folder: Path, *options: str) -> Iterator[Server]:
    """``carcassonne serve`` on a free port with a fresh SQLite database in
    ``folder``, no bot delay or pace, and ``options``; stopped on leaving."""
    port = _free_port()
    log = (folder / "server.log").open("w")
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "carcassonne", "serve", "--port", str(port),
         "--database", f"sqlite:///{folder / 'db.sqlite'}", "--bot-delay", "0",
         "--bot-pace", "0", *options],
        stdout=log, stderr=subprocess.STDOUT, env=env)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + STARTING
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"the server stopped: {(folder / 'server.log').read_text()}")
            try:
                with urllib.request.urlopen(url + "/api/health", timeout=10) as res:
                    if json.load(res).get("ok"):
                        break
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"the server did not answer /api/health within "
                                   f"{STARTING:g} s")
            time.sleep(0.1)
        yield Server(url)
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with serving(tmp_path_factory.mktemp("e2e-server"), "--waiting-tables", "1000") as running:
        yield running


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=BROWSER_ARGS)
        yield b
        b.close()


class PageErrors:
    """JavaScript errors seen on a page (a test fails on any)."""

    def __init__(self) -> None:
        self.errors: list[str] = []


def new_page(browser: Browser, errors: PageErrors, locale: str = "en-US") -> Page:
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale=locale)
    page = context.new_page()
    page.set_default_timeout(STEP_TIMEOUT_MS)
    page.on("pageerror", lambda e: errors.errors.append(str(e)))
    return page


@pytest.fixture
def page_errors() -> Iterator[PageErrors]:
    errors = PageErrors()
    yield errors
    assert not errors.errors, f"JavaScript errors on the page: {errors.errors}"


@pytest.fixture
def page(browser: Browser, page_errors: PageErrors) -> Iterator[Page]:
    p = new_page(browser, page_errors)
    yield p
    p.context.close()


@pytest.fixture
def another_page(browser: Browser, page_errors: PageErrors) -> Iterator[Page]:
    """A second person: another context, so other tokens and storage."""
    p = new_page(browser, page_errors)
    yield p
    p.context.close()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
