"""Slow clients and many connections, against a real ``carcassonne serve``
(server/connections.py): a connection that sends half a request, or half a
body, is closed after the timeout; one client address holds at most
``--connections-per-address`` connections, and one beyond is closed at once;
everyone else is served meanwhile. And a message the server logs again and
again is written once per interval (server/log_repeats.py)."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

import httpx
from server_helpers import free_port
from websockets.sync.client import connect as ws_connect

#: A request whose headers never end (the blank line is missing).
HALF_SENT = b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "


@contextmanager
def serving(tmp_path: Path, *args: str, env: dict[str, str] | None = None) -> Iterator[int]:
    """``carcassonne serve`` on a free port with ``args`` (and ``env``),
    answering; its port. Its output goes to a file, however much it writes."""
    port = free_port()
    log = (tmp_path / "serve.log").open("w")
    process = subprocess.Popen(
        [sys.executable, "-m", "carcassonne", "serve", "--port", str(port),
         "--database", f"sqlite:///{tmp_path / 'serve.db'}", *args],
        stdout=log, stderr=subprocess.STDOUT, env={**os.environ, **(env or {})})
    try:
        deadline = time.monotonic() + 120
        while True:
            assert process.poll() is None, (tmp_path / "serve.log").read_text()
            try:
                if httpx.get(f"http://127.0.0.1:{port}/api/health").status_code == 200:
                    break
            except httpx.TransportError:
                assert time.monotonic() < deadline, "the server did not start"
                time.sleep(0.1)
        yield port
    finally:
        process.kill()
        process.wait(timeout=10)
        log.close()


def connect_from(address: str, port: int, send: bytes = b"") -> socket.socket:
    """A connection to the server from the local ``address`` (127.0.0.x),
    which sends ``send``."""
    sock = socket.socket()
    sock.bind((address, 0))
    sock.connect(("127.0.0.1", port))
    if send:
        sock.sendall(send)
    return sock


def closed_within(sock: socket.socket, seconds: float) -> bool:
    """Whether the server closes ``sock`` within ``seconds`` (whatever it
    sends first is read and let go)."""
    deadline = time.monotonic() + seconds
    while (left := deadline - time.monotonic()) > 0:
        sock.settimeout(min(left, 1.0))
        try:
            if sock.recv(4096) == b"":
                return True
        except TimeoutError:
            continue
        except (ConnectionResetError, BrokenPipeError):
            return True
    return False


def still_open(sock: socket.socket) -> bool:
    """Whether the server still holds ``sock`` open (nothing comes for a
    moment, neither an answer nor the end)."""
    sock.settimeout(0.5)
    try:
        return sock.recv(4096) != b""
    except TimeoutError:
        return True
    except (ConnectionResetError, BrokenPipeError):
        return False


def health_from(address: str, port: int) -> int:
    """The status of ``GET /api/health`` sent from the local ``address``."""
    transport = httpx.HTTPTransport(local_address=address)
    with httpx.Client(transport=transport, timeout=30) as client:
        return client.get(f"http://127.0.0.1:{port}/api/health").status_code


def let_in_again(address: str, port: int) -> None:
    """Wait until a request from ``address`` is answered (the server has
    seen one of its connections close)."""
    deadline = time.monotonic() + 60
    while True:
        try:
            if health_from(address, port) == 200:
                return
        except httpx.TransportError:
            assert time.monotonic() < deadline, f"{address} stayed refused"
            time.sleep(0.1)


def test_one_address_beyond_its_bound_is_closed_at_once(tmp_path: Path) -> None:
    """Five half-sent requests from one address are all it may hold: a sixth
    connection is closed at once, long before any timeout; another address
    is served meanwhile; once one of the five goes, the address may connect
    again."""
    with serving(tmp_path, "--connections-per-address", "5", "--header-timeout", "600",
                 "--body-timeout", "600") as port, ExitStack() as stack:
        slow = [stack.enter_context(connect_from("127.0.0.3", port, HALF_SENT))
                for _ in range(5)]
        assert health_from("127.0.0.4", port) == 200  # counted per address
        # The server takes connections in the order they came: the five first.
        sixth = stack.enter_context(connect_from("127.0.0.3", port))
        assert closed_within(sixth, 60)  # the timeouts are ten minutes
        assert all(still_open(sock) for sock in slow)
        assert health_from("127.0.0.4", port) == 200
        slow.pop().close()
        let_in_again("127.0.0.3", port)
        assert all(still_open(sock) for sock in slow)


def test_websockets_count_for_their_address_until_they_close(tmp_path: Path) -> None:
    """Live connections count as well: with three open from one address, a
    fourth connection is closed at once; once one ends, a new one is let in."""
    with serving(tmp_path, "--connections-per-address", "3") as port, ExitStack() as stack:
        answer = httpx.post(f"http://127.0.0.1:{port}/api/tables",
                            json={"seats": [{"kind": "human"}, {"kind": "human"}]}, timeout=30)
        url = f"ws://127.0.0.1:{port}/ws/tables/{answer.json()['table']['id']}"
        live = [stack.enter_context(ws_connect(url, sock=connect_from("127.0.0.7", port)))
                for _ in range(3)]
        for ws in live:
            assert json.loads(ws.recv(timeout=30))["type"] == "state"
        assert closed_within(stack.enter_context(connect_from("127.0.0.7", port)), 60)
        live.pop().close()
        let_in_again("127.0.0.7", port)
        for ws in live:  # still served
            ws.send(json.dumps({"type": "ping"}))
            assert json.loads(ws.recv(timeout=30)) == {"type": "pong"}


def test_half_sent_headers_and_bodies_are_closed_after_their_timeout(tmp_path: Path) -> None:
    """A connection that sends nothing, one that sends half its headers and
    one that sends half its body are closed after the timeouts (1 s here),
    while a normal client is answered; a whole request on a connection kept
    alive is answered as ever."""
    slow_body = (b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: "
                 b"application/json\r\nContent-Length: 100\r\n\r\n{\"seats\": ")
    with serving(tmp_path, "--header-timeout", "1", "--body-timeout", "1") as port, \
            ExitStack() as stack:
        silent = stack.enter_context(connect_from("127.0.0.5", port))
        half = stack.enter_context(connect_from("127.0.0.5", port, HALF_SENT))
        body = stack.enter_context(connect_from("127.0.0.5", port, slow_body))
        assert health_from("127.0.0.6", port) == 200
        for sock in (silent, half, body):
            assert closed_within(sock, 60)
        with httpx.Client(timeout=30) as client:  # one connection, kept alive
            for _ in range(3):
                assert client.get(f"http://127.0.0.1:{port}/api/health").status_code == 200


def test_a_message_repeated_in_a_storm_is_logged_once_per_interval() -> None:
    """asyncio's own report of a refused accept (Too many open files), made
    25 times in a row and logged through the server's logging set-up, is
    written once; after the interval the next one is written with how many
    were dropped; another message still gets through at once."""
    script = """
import asyncio, errno, logging, logging.config, os
from carcassonne.server.log_repeats import log_config
logging.config.dictConfig(log_config())
repeats = logging.getLogger().handlers[0].filters[0]
now = [0.0]
repeats.clock = lambda: now[0]
loop = asyncio.new_event_loop()
def refused():
    loop.call_exception_handler({
        "message": "socket.accept() out of system resource",
        "exception": OSError(errno.EMFILE, os.strerror(errno.EMFILE))})
for _ in range(25):
    refused()
logging.getLogger("carcassonne.server").warning("another message")
now[0] = 60.0
refused()
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    log = done.stderr
    assert log.count("socket.accept() out of system resource") == 2, log
    assert log.count("Too many open files") == 2, log
    assert "(and 24 more like it since the last one shown)" in log
    assert log.count("another message") == 1
