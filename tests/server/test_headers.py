"""Security headers on every HTTP answer: API, pages, static files, errors.

The Content-Security-Policy lets the client load scripts, styles, images
and its service worker from this server only, with no inline script or
style and no framing; HSTS
is sent only when the server is reached over HTTPS.
"""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from httpx import Response
from server_helpers import HUMAN, RANDOM, Serve

#: The policy, directive by directive.
CSP = {
    "default-src": ["'self'"],
    "script-src": ["'self'"],
    "style-src": ["'self'"],
    "img-src": ["'self'", "data:"],
    "connect-src": ["'self'"],
    "worker-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "frame-ancestors": ["'none'"],
    "form-action": ["'self'"],
}


def policy(answer: Response) -> dict[str, list[str]]:
    values = answer.headers.get_list("content-security-policy")
    assert len(values) == 1, values
    directives: dict[str, list[str]] = {}
    for part in values[0].split(";"):
        name, *sources = part.split()
        assert name not in directives, values[0]
        directives[name] = sources
    return directives


def assert_secured(answer: Response, https: bool = False) -> None:
    assert policy(answer) == CSP
    assert "unsafe-inline" not in answer.headers["content-security-policy"]
    assert answer.headers.get_list("x-content-type-options") == ["nosniff"]
    assert answer.headers.get_list("x-frame-options") == ["DENY"]
    assert answer.headers.get_list("referrer-policy") == ["same-origin"]
    if https:
        assert answer.headers.get_list("strict-transport-security") == ["max-age=31536000"]
    else:
        assert "strict-transport-security" not in answer.headers


def answers(client: TestClient) -> dict[str, Response]:
    """One answer of each kind, checked to be what it should be."""
    got = {
        "api": client.get("/api/tables"),
        "api write": client.post("/api/tables", json={"seats": [HUMAN, RANDOM]}),
        "lobby page": client.get("/"),
        "table page": client.get("/table/abc"),
        "static file": client.get("/static/js/main.js"),
        "no such table": client.get("/api/tables/nope"),
        "no such path": client.get("/nowhere"),
        "no such file": client.get("/static/js/missing.js"),
        "malformed": client.post("/api/tables", content=b"{", headers={
            "Content-Type": "application/json"}),
        "another site": client.post("/api/tables", json={"seats": [HUMAN, RANDOM]},
                                    headers={"Origin": "http://elsewhere.example"}),
        "wrong method": client.delete("/api/tables"),
    }
    statuses = {name: answer.status_code for name, answer in got.items()}
    assert statuses == {"api": 200, "api write": 201, "lobby page": 200, "table page": 200,
                        "static file": 200, "no such table": 404, "no such path": 404,
                        "no such file": 404, "malformed": 400, "another site": 403,
                        "wrong method": 405}
    assert got["lobby page"].headers["content-type"].startswith("text/html")
    assert "javascript" in got["static file"].headers["content-type"]
    assert "another site" in got["another site"].json()["error"]
    return got


@pytest.mark.parametrize("https", [False, True])
def test_every_answer_carries_the_security_headers(serve: Serve, https: bool) -> None:
    with serve(https=https) as client:
        for name, answer in answers(client).items():
            try:
                assert_secured(answer, https=https)
            except AssertionError as error:
                raise AssertionError(f"{name}: {error}") from error


def test_a_failure_carries_them_too(serve: Serve) -> None:
    with serve(https=True) as client:
        app = client.app

        @app.get("/api/fail")  # type: ignore[attr-defined, untyped-decorator]
        async def fail() -> None:
            raise RuntimeError("on purpose")

        answer = TestClient(app, raise_server_exceptions=False).get("/api/fail")
        assert answer.status_code == 500
        assert answer.json() == {"error": "the server failed; nothing changed", "rule": None}
        assert_secured(answer, https=True)


def test_rate_refusals_carry_them(serve: Serve) -> None:
    with serve(http_rate=(2, 60.0)) as client:
        codes = []
        for _ in range(4):
            answer = client.post("/api/tables", json={"seats": [HUMAN, RANDOM]})
            codes.append(answer.status_code)
            assert_secured(answer)
        assert codes[-1] == 429, codes


def test_the_websocket_still_opens(client: TestClient) -> None:
    table = client.post("/api/tables", json={"seats": [HUMAN, RANDOM],
                                             "join": {"seat": 0, "name": "Ann"}}).json()
    with client.websocket_connect(
            f"/ws/tables/{table['table']['id']}?token={table['token']}") as ws:
        assert ws.receive_json()["type"] == "state"
