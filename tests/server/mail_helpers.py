"""Helpers of the mail tests: a real SMTP server (aiosmtpd) that keeps what
it receives, a self-signed certificate for STARTTLS, and reading mails.

``smtp_server()`` runs aiosmtpd's Controller (its own thread and event
loop) on a free port; its :class:`Mailbox` collects every message accepted,
parsed, with the SMTP session's facts (TLS or not, the user logged in).
A test may give ``answer``: called with each message before it is
accepted, it may return an SMTP reply (``"451 ..."``) to refuse it.
"""

from __future__ import annotations

import datetime as dt
import ipaddress
import re
import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from email import message_from_bytes, policy
from email.message import EmailMessage
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword
from fastapi.testclient import TestClient
from server_helpers import PATIENCE

#: The password of every account the mail tests sign up.
PASSWORD = "correct horse battery"


@dataclass
class Received:
    """One accepted mail and how it came."""

    mail: EmailMessage
    tls: bool
    user: str | None


@dataclass
class Mailbox:
    """Every mail the test SMTP server accepted, in order."""

    port: int
    received: list[Received] = field(default_factory=list)
    changed: threading.Condition = field(default_factory=threading.Condition)

    @property
    def url(self) -> str:
        return f"smtp://127.0.0.1:{self.port}"

    def mails(self, to: str | None = None) -> list[EmailMessage]:
        with self.changed:
            return [r.mail for r in self.received if to is None or r.mail["To"] == to]

    def wait(self, count: int, to: str | None = None,
             seconds: float = PATIENCE) -> list[EmailMessage]:
        """The mails (to ``to``) once there are at least ``count``."""
        deadline = time.monotonic() + seconds
        with self.changed:
            while len(found := [r.mail for r in self.received
                                if to is None or r.mail["To"] == to]) < count:
                left = deadline - time.monotonic()
                assert left > 0, f"{len(found)} mails came, not {count}"
                self.changed.wait(left)
            return found


class Collector:
    """aiosmtpd's handler: parse each message and keep it."""

    def __init__(self, box: Mailbox, answer: Callable[[EmailMessage], str | None] | None):
        self.box = box
        self.answer = answer

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        mail = message_from_bytes(envelope.content, policy=policy.default)
        assert isinstance(mail, EmailMessage)
        refusal = self.answer(mail) if self.answer is not None else None
        if refusal is not None:
            return refusal
        user = session.auth_data.login.decode() if session.auth_data else None
        with self.box.changed:
            self.box.received.append(Received(mail, session.ssl is not None, user))
            self.box.changed.notify_all()
        return "250 OK"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def self_signed(folder: Path) -> tuple[Path, Path]:
    """A certificate for ``localhost`` and 127.0.0.1, and its key (files)."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "localhost")])
    now = dt.datetime.now(dt.UTC)
    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name)
            .public_key(key.public_key()).serial_number(x509.random_serial_number())
            .not_valid_before(now - dt.timedelta(days=1))
            .not_valid_after(now + dt.timedelta(days=2))
            .add_extension(x509.SubjectAlternativeName([
                x509.DNSName("localhost"), x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]),
                critical=False)
            .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
            .sign(key, hashes.SHA256()))
    cert_file, key_file = folder / "cert.pem", folder / "key.pem"
    cert_file.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_file.write_bytes(key.private_bytes(serialization.Encoding.PEM,
                                           serialization.PrivateFormat.PKCS8,
                                           serialization.NoEncryption()))
    return cert_file, key_file


@contextmanager
def smtp_server(answer: Callable[[EmailMessage], str | None] | None = None, *,
                tls: tuple[Path, Path] | None = None,
                login: tuple[str, str] | None = None) -> Iterator[Mailbox]:
    """A real SMTP server on a free port; with ``tls`` (certificate, key) it
    offers STARTTLS, with ``login`` it requires that user and password."""
    import ssl

    box = Mailbox(free_port())
    options: dict[str, Any] = {}
    if tls is not None:
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        context.load_cert_chain(*map(str, tls))
        options.update(tls_context=context, require_starttls=login is not None)
    if login is not None:
        def check(server: Any, session: Any, envelope: Any, mechanism: str,
                  data: Any) -> AuthResult:
            ok = isinstance(data, LoginPassword) and (
                data.login.decode(), data.password.decode()) == login
            return AuthResult(success=ok, handled=False, auth_data=data if ok else None)

        options.update(authenticator=check, auth_require_tls=tls is not None)
    controller = Controller(Collector(box, answer), hostname="127.0.0.1", port=box.port,
                            server_hostname="localhost", **options)
    controller.start()
    try:
        yield box
    finally:
        controller.stop()


def links(mail: EmailMessage) -> list[str]:
    """The links in a mail's plain text part."""
    body = mail.get_body(("plain",))
    assert body is not None
    return re.findall(r"https?://\S+", body.get_content())


def path_of(url: str) -> str:
    parts = urlsplit(url)
    return parts.path + (f"?{parts.query}" if parts.query else "")


def sign_up(client: TestClient, name: str, **extra: Any) -> None:
    answer = client.post("/api/accounts", json={"name": name, "password": PASSWORD, **extra})
    assert answer.status_code == 201, answer.text


def verify(client: TestClient, box: Mailbox, address: str, count: int = 1) -> None:
    """Follow the link of the ``count``-th mail to ``address`` (a verification mail)."""
    mail = box.wait(count, to=address)[count - 1]
    link = next(url for url in links(mail) if "/api/email/verify/" in url)
    answer = client.get(path_of(link), follow_redirects=False)
    assert answer.status_code == 303, answer.text
    assert answer.headers["location"] == "/settings?email=verified"


def verified_account(client: TestClient, box: Mailbox, name: str,
                     language: str = "en") -> str:
    """Sign up ``name`` (logged in afterwards) with a verified address; the address."""
    address = f"{name.lower()}@example.org"
    sign_up(client, name, email=address)
    verify(client, box, address)
    answer = client.put("/api/me/settings", json={"language": language})
    assert answer.status_code == 200 and answer.json()["email_verified"], answer.text
    return address


def wait_outcomes(engine: Any, count: int, seconds: float = PATIENCE) -> list[dict[str, Any]]:
    """The outbox rows, once at least ``count`` are done."""
    from sqlalchemy import select

    from carcassonne.server.models import OutboxRow

    deadline = time.monotonic() + seconds
    while True:
        with engine.connect() as connection:
            rows = [dict(r) for r in connection.execute(
                select(OutboxRow.__table__).order_by(OutboxRow.id)).mappings()]
        if sum(r["done"] is not None for r in rows) >= count:
            return rows
        assert time.monotonic() < deadline, rows
        time.sleep(0.05)


def id_of(engine: Any, name: str) -> str:
    """The id of the account ``name``."""
    from sqlalchemy import select

    from carcassonne.server.models import AccountRow

    with engine.connect() as connection:
        return str(connection.execute(select(AccountRow.id).where(
            AccountRow.name == name)).scalar_one())
