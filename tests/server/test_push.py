"""Web Push: the key browsers subscribe with, their subscriptions, and a
notice pushed to each subscribed browser of its account.

The browser vendors' push services are stood in for by a small HTTP server
of the test's own (:class:`PushService`). Like a browser, it holds each
subscription's private key and auth secret; like a push service, it
checks the VAPID ``Authorization`` header (a JWT signed with the site's
key, for this service's origin). It decrypts each ``aes128gcm`` body with
http_ece as the browser would, and answers 410 for a subscription that is
gone.
"""

from __future__ import annotations

import base64
import json
import threading
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import http_ece
import pytest
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from fastapi.testclient import TestClient
from server_helpers import Serve, hall

from carcassonne.server.subscriptions import subscribe, subscriptions_of

PASSWORD = "correct horse battery"
SUBJECT = "mailto:site@games.example"


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def raw_public(key: ec.EllipticCurvePrivateKey) -> bytes:
    return key.public_key().public_bytes(serialization.Encoding.X962,
                                         serialization.PublicFormat.UncompressedPoint)


@pytest.fixture
def vapid_key(tmp_path: Path) -> tuple[Path, str]:
    """The site's key file, as ``openssl ecparam -genkey -noout`` makes it,
    and its public key (base64url)."""
    key = ec.generate_private_key(ec.SECP256R1())
    path = tmp_path / "vapid.pem"
    path.write_bytes(key.private_bytes(serialization.Encoding.PEM,
                                       serialization.PrivateFormat.TraditionalOpenSSL,
                                       serialization.NoEncryption()))
    return path, b64(raw_public(key))


class PushService(ThreadingHTTPServer):
    """A push service and the browsers behind it: each subscription a
    private key and an auth secret; every push received, checked and
    decrypted, in :attr:`received` (endpoint path, payload, JWT claims)."""

    def __init__(self, site_key: str) -> None:
        super().__init__(("127.0.0.1", 0), _Handler)
        self.site_key = site_key
        self.browsers: dict[str, tuple[ec.EllipticCurvePrivateKey, bytes]] = {}
        self.gone: set[str] = set()
        self.received: list[tuple[str, dict[str, Any], dict[str, Any]]] = []
        self.refused: list[str] = []

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}"

    def subscription(self, name: str) -> dict[str, Any]:
        """A new browser's subscription, as ``PushSubscription.toJSON()`` gives it."""
        key = ec.generate_private_key(ec.SECP256R1())
        secret = b"0123456789abcdef"
        self.browsers[f"/push/{name}"] = (key, secret)
        return {"endpoint": f"{self.origin}/push/{name}",
                "keys": {"p256dh": b64(raw_public(key)), "auth": b64(secret)}}

    def check_vapid(self, header: str) -> dict[str, Any]:
        """The claims of a valid VAPID header (``vapid t=JWT,k=KEY``), else an error."""
        scheme, _, rest = header.partition(" ")
        fields = dict(part.split("=", 1) for part in rest.split(","))
        assert scheme == "vapid" and fields["k"] == self.site_key, header
        head, claims, signature = fields["t"].split(".")
        raw = unb64(signature)
        public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(),
                                                              unb64(self.site_key))
        public.verify(encode_dss_signature(int.from_bytes(raw[:32], "big"),
                                           int.from_bytes(raw[32:], "big")),
                      f"{head}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))
        assert json.loads(unb64(head))["alg"] == "ES256"
        decoded: dict[str, Any] = json.loads(unb64(claims))
        assert decoded["aud"] == self.origin and decoded["exp"] > time.time()
        return decoded


class _Handler(BaseHTTPRequestHandler):
    server: PushService

    def do_POST(self) -> None:  # (http.server names it so)
        body = self.rfile.read(int(self.headers["Content-Length"]))
        service = self.server
        try:
            claims = service.check_vapid(self.headers["Authorization"])
            assert self.headers["Content-Encoding"] == "aes128gcm"
            assert int(self.headers["TTL"]) > 0
        except Exception as err:  # a push the real services would refuse
            service.refused.append(repr(err))
            self.send_response(401)
            self.end_headers()
            return
        if self.path in service.gone or self.path not in service.browsers:
            self.send_response(410)
            self.end_headers()
            return
        key, secret = service.browsers[self.path]
        text = http_ece.decrypt(body, private_key=key, auth_secret=secret,
                                version="aes128gcm")
        service.received.append((self.path, json.loads(text), claims))
        self.send_response(201)
        self.end_headers()

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture
def push_service(vapid_key: tuple[Path, str]) -> Iterator[PushService]:
    service = PushService(vapid_key[1])
    thread = threading.Thread(target=service.serve_forever, daemon=True)
    thread.start()
    yield service
    service.shutdown()
    service.server_close()


def sign_up(client: TestClient, name: str) -> str:
    answer = client.post("/api/accounts", json={"name": name, "password": PASSWORD})
    assert answer.status_code == 201, answer.text
    account = hall(client).store.account(name.lower())
    assert account is not None
    return str(account["id"])


def deliver(client: TestClient, row: dict[str, Any]) -> None:
    sender = client.app.state.push  # type: ignore[attr-defined]
    client.portal.call(sender.deliver, row)  # type: ignore[union-attr]


def test_without_a_key_there_is_no_push(client: TestClient) -> None:
    answer = client.get("/api/push/key")
    assert answer.status_code == 404 and "--vapid-key" in answer.json()["error"]
    sign_up(client, "Ann")
    body = {"endpoint": "https://push.example/1", "keys": {"p256dh": "BA", "auth": "AQ"}}
    assert client.post("/api/me/push", json=body).status_code == 404


def test_the_key_and_a_browsers_subscription(serve: Serve,
                                             vapid_key: tuple[Path, str]) -> None:
    with serve(vapid_key=vapid_key[0]) as client:
        assert client.get("/api/push/key").json() == {"key": vapid_key[1]}
        body = {"endpoint": "https://push.example/1", "keys": {"p256dh": "BA", "auth": "AQ"}}
        assert client.post("/api/me/push", json=body).status_code == 401
        ann = sign_up(client, "Ann")
        for bad, words in [({**body, "endpoint": "http://10.0.0.1/x"}, "https URL"),
                           ({**body, "endpoint": 5}, "endpoint"),
                           ({**body, "keys": {"p256dh": "B A", "auth": "AQ"}}, "p256dh"),
                           ({"endpoint": body["endpoint"]}, "keys")]:
            answer = client.post("/api/me/push", json=bad)
            assert answer.status_code == 400 and words in answer.json()["error"], bad
        assert client.post("/api/me/push", json=body).status_code == 201
        engine = hall(client).store.engine
        assert subscriptions_of(engine, ann) == [body]
        gone = client.request("DELETE", "/api/me/push", json={"endpoint": body["endpoint"]})
        assert gone.json() == {"unsubscribed": True} and subscriptions_of(engine, ann) == []


def test_a_notice_is_pushed_to_each_browser_of_its_account(
        serve: Serve, vapid_key: tuple[Path, str], push_service: PushService) -> None:
    with serve(vapid_key=vapid_key[0], vapid_subject=SUBJECT) as client:
        ann, bob = sign_up(client, "Ann"), sign_up(client, "Bob")
        engine, now = hall(client).store.engine, datetime.now(UTC)
        for account, browser in [(ann, "ann-phone"), (ann, "ann-laptop"), (ann, "ann-old"),
                                 (bob, "bob")]:
            subscription = push_service.subscription(browser)
            subscribe(engine, account, subscription["endpoint"], subscription["keys"], now)
        push_service.gone.add("/push/ann-old")  # the browser forgot it
        row = {"id": 1, "account_id": ann, "kind": "your_turn",
               "params": {"table": "t1", "name": "Sunday <b>game</b>"}}
        deliver(client, row)
        assert push_service.refused == []
        payload = {"title": "Your turn", "body": "It is your turn at Sunday <b>game</b>.",
                   "url": "/table/t1"}
        assert sorted(push_service.received, key=lambda r: r[0]) == [
            ("/push/ann-laptop", payload, push_service.received[0][2]),
            ("/push/ann-phone", payload, push_service.received[0][2])]
        assert push_service.received[0][2]["sub"] == SUBJECT
        # the push service said one is gone: it is forgotten
        assert sorted(s["endpoint"].rsplit("/", 1)[1] for s in subscriptions_of(engine, ann)) \
            == ["ann-laptop", "ann-phone"]


def test_the_accounts_language_and_settings_are_followed(
        serve: Serve, vapid_key: tuple[Path, str], push_service: PushService) -> None:
    from sqlalchemy import update

    from carcassonne.server.models import AccountRow

    with serve(vapid_key=vapid_key[0]) as client:
        ann = sign_up(client, "Ann")
        engine = hall(client).store.engine
        subscription = push_service.subscription("ann")
        subscribe(engine, ann, subscription["endpoint"], subscription["keys"], datetime.now(UTC))
        with engine.begin() as connection:
            connection.execute(update(AccountRow).where(AccountRow.id == ann).values(
                language="ja", notify={"rematch": False}))
        deliver(client, {"id": 2, "account_id": ann, "kind": "rematch",
                         "params": {"table": "t1", "from": "Bob"}})
        assert push_service.received == []  # switched off
        deliver(client, {"id": 3, "account_id": ann, "kind": "match",
                         "params": {"event": "e1", "name": "春の大会", "round": 1}})
        assert len(push_service.received) == 1 and push_service.received[0][1] == {
            "title": "対戦の準備ができました", "body": "春の大会: あなたの対戦を始められます。",
            "url": "/competition/e1"}


def test_serve_refuses_a_key_that_is_not_one(tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    bad = tmp_path / "vapid.pem"
    bad.write_text("not a key")
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path)}
    done = subprocess.run([sys.executable, "-m", "carcassonne", "serve", "--port", "1",
                           "--vapid-key", str(bad)], capture_output=True, text=True,
                          timeout=300, env=env, check=False)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "openssl ecparam -name prime256v1" in done.stderr
