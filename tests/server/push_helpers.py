"""The browser vendors' push services, stood in for by a small HTTP server
of the tests' own (:class:`PushService`). Like a browser, it holds each
subscription's private key and auth secret; like a push service, it
checks the VAPID ``Authorization`` header (a JWT signed with the site's
key, for this service's origin). It decrypts each ``aes128gcm`` body with
http_ece as the browser would, and answers 410 for a subscription that is
gone. The fixtures ``vapid_key`` and ``push_service`` are imported by the
tests that use them.
"""

from __future__ import annotations

import base64
import json
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import http_ece
import pytest
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature


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
