"""The ``Host`` header (server/hosts.py): the server answers only to this
machine's names and to those of its public URLs, so a page of another site
that has its name resolve to 127.0.0.1 (DNS rebinding) reaches nothing,
neither over HTTP nor by a WebSocket upgrade. ``--public-url https://...``
also marks the session cookie Secure."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import httpx
import pytest
from server_helpers import HUMAN, RANDOM, Serve, free_port
from starlette.testclient import WebSocketDenialResponse
from test_headers import assert_secured
from test_slow_clients import serving

from carcassonne.server.hosts import hosts_of


def refused(answer: httpx.Response, https: bool = False) -> bool:
    """A refusal of the host: 400, the usual JSON error, the security headers."""
    assert_secured(answer, https)
    body = answer.json()
    return (answer.status_code == 400 and body["rule"] is None
            and "does not answer to the host name" in body["error"])


def test_a_request_naming_another_host_is_refused(serve: Serve) -> None:
    with serve() as client:
        evil = {"Host": "evil.example"}
        assert refused(client.get("/api/health", headers=evil))
        assert refused(client.get("/", headers=evil))
        assert refused(client.post("/api/tables", json={"seats": [HUMAN, RANDOM]},
                                   headers=evil))
        assert client.get("/api/tables").json() == {"tables": []}  # nothing was made
        assert refused(client.get("/api/health", headers={"Host": "evil.example:8000"}))
        bad = client.get("/api/health", headers={"Host": "a b"})
        assert bad.status_code == 400 and "names no valid host" in bad.json()["error"]
        assert client.get("/api/health").json() == {"ok": True}  # testserver is allowed here


def test_a_websocket_upgrade_naming_another_host_is_refused(serve: Serve) -> None:
    with serve() as client:
        table = client.post("/api/tables", json={"seats": [HUMAN, RANDOM]}).json()["table"]
        with pytest.raises(WebSocketDenialResponse) as denied, client.websocket_connect(
                f"/ws/tables/{table['id']}", headers={"Host": "evil.example"}):
            pass
        assert denied.value.status_code == 400
        assert "evil.example" in denied.value.json()["error"]
        with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
            assert ws.receive_json()["type"] == "state"


def test_the_tests_own_host_is_not_a_default(serve: Serve) -> None:
    """Only the tests add ``testserver``: by default this machine's names."""
    with serve(hosts=hosts_of([])) as client:
        assert refused(client.get("/api/health"))
        for host in ("localhost", "localhost:8000", "127.0.0.1:1", "[::1]:8000", "LOCALHOST"):
            assert client.get("/api/health", headers={"Host": host}).status_code == 200, host


def upgrade_status(port: int, host: str) -> bytes:
    """The status line a WebSocket upgrade naming ``host`` is answered with."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
        sock.sendall(f"GET /ws/tables/nope HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\n"
                     f"Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                     f"Sec-WebSocket-Version: 13\r\n\r\n".encode())
        return sock.recv(4096).split(b"\r\n", 1)[0]


def test_a_real_server_answers_to_its_own_names_only(tmp_path: Path) -> None:
    with serving(tmp_path) as port:
        url = f"http://127.0.0.1:{port}/api/health"
        for host in (f"127.0.0.1:{port}", f"localhost:{port}", f"[::1]:{port}", "localhost"):
            assert httpx.get(url, headers={"Host": host}).status_code == 200, host
        assert refused(httpx.get(url, headers={"Host": f"evil.example:{port}"}))
        assert upgrade_status(port, f"127.0.0.1:{port}") == b"HTTP/1.1 101 Switching Protocols"
        assert upgrade_status(port, f"evil.example:{port}").startswith(b"HTTP/1.1 400")


@pytest.mark.parametrize("given", ["option", "environment"])
def test_a_public_url_is_answered_and_https_makes_the_cookie_secure(
        tmp_path: Path, given: str) -> None:
    urls = "https://games.example,https://play.games.example:8443"
    args = [arg for url in urls.split(",") for arg in ("--public-url", url)]
    env = {"PUBLIC_URL": urls} if given == "environment" else None
    with serving(tmp_path, *(args if given == "option" else []), env=env) as port, \
            httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=30) as client:
        for host in ("games.example", "play.games.example:8443", f"127.0.0.1:{port}"):
            assert client.get("/api/health", headers={"Host": host}).status_code == 200
        assert refused(client.get("/api/health", headers={"Host": "other.example"}), True)
        signed = client.post("/api/accounts", headers={"Host": "games.example"},
                             json={"name": "Ann", "password": "correct horse battery"})
        assert signed.status_code == 201, signed.text
        cookie = signed.headers["set-cookie"].lower()
        assert "secure" in cookie.split("; ") and "httponly" in cookie.split("; ")
        assert signed.headers["strict-transport-security"] == "max-age=31536000"


def test_a_server_reached_over_http_keeps_its_cookie_plain(tmp_path: Path) -> None:
    with serving(tmp_path, "--public-url", "http://10.0.0.5:8080") as port:
        signed = httpx.post(f"http://127.0.0.1:{port}/api/accounts",
                            headers={"Host": "10.0.0.5:8080"},
                            json={"name": "Ann", "password": "correct horse battery"})
        assert signed.status_code == 201, signed.text
        assert "secure" not in signed.headers["set-cookie"].lower().split("; ")
        assert "strict-transport-security" not in signed.headers


def test_a_malformed_public_url_is_refused_with_status_2(tmp_path: Path) -> None:
    for args, env in ((["--public-url", "games.example"], {}),
                      ([], {"PUBLIC_URL": "ftp://games.example"})):
        done = subprocess.run(
            [sys.executable, "-m", "carcassonne", "serve", "--port", str(free_port()),
             "--database", f"sqlite:///{tmp_path / 'serve.db'}", *args],
            capture_output=True, text=True, timeout=120, env={**os.environ, **env})
        assert done.returncode == 2, done
        assert "is not a URL such as https://games.example" in done.stderr.splitlines()[-1]
        assert "Traceback" not in done.stderr


def test_the_allowed_hosts_are_this_machine_s_and_the_public_urls() -> None:
    assert hosts_of([]) == {"localhost", "127.0.0.1", "::1"}
    assert hosts_of(["https://Games.Example:8443/path"]) == {
        "localhost", "127.0.0.1", "::1", "games.example"}
