"""Sending a rendered mail: over SMTP, or into the log.

``--smtp smtp://USER:PASS@HOST:PORT`` names the mail server (``smtps://``
for TLS from the first byte, port 465 by default; ``smtp://`` uses
STARTTLS whenever the server offers it, port 25 by default, and logs in
when the URL has a user). The certificate is checked against the system's
authorities (``SSL_CERT_FILE`` names others). A user or password with
``@``, ``:`` or ``/`` is written percent-encoded::

    >>> server = smtp_server("smtp://ann%40mail:s%3Acret@mail.example:587")
    >>> server.host, server.port, server.user, server.password, server.tls
    ('mail.example', 587, 'ann@mail', 's:cret', False)
    >>> smtp_server("http://mail.example")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: 'http://mail.example' is not an SMTP URL such as smtp://user:password@...

smtplib runs in a thread of its own, so the event loop goes on meanwhile.
A refusal for good (a 5xx answer: no such mailbox, refused sender) is a
:class:`Undeliverable`; anything else (the server unreachable, a 4xx, a
time-out) is worth trying again later. Without ``--smtp`` each mail is
written to the log (:class:`LogTransport`): who, what, and its link.
"""

from __future__ import annotations

import asyncio
import logging
import smtplib
import ssl
from dataclasses import dataclass
from email.message import EmailMessage
from typing import Protocol
from urllib.parse import unquote, urlsplit

log = logging.getLogger(__name__)

#: Seconds one SMTP conversation may wait for the server at each step.
SMTP_TIMEOUT = 30.0


class Undeliverable(Exception):
    """The mail server refused this mail for good: trying again is useless."""


class Transport(Protocol):
    """Where rendered mails go."""

    async def deliver(self, mail: EmailMessage, link: str) -> None:
        """Send ``mail`` (``link`` is its action's, for a log); raise
        :class:`Undeliverable`, or any other error to try again later."""


@dataclass(frozen=True)
class SmtpServer:
    """A mail server as ``--smtp`` names it."""

    host: str
    port: int
    user: str | None = None
    password: str | None = None
    #: TLS from the first byte (``smtps://``); else STARTTLS when offered.
    tls: bool = False


def smtp_server(url: str) -> SmtpServer:
    """The mail server of an ``smtp://`` or ``smtps://`` URL; ValueError
    saying what is wrong otherwise."""
    problem = ValueError(f"{url!r} is not an SMTP URL such as "
                         f"smtp://user:password@mail.example:587 (smtp:// or smtps://, a "
                         f"host, a port 1 to 65535)")
    parts = urlsplit(url.strip())
    try:
        port = parts.port
    except ValueError:
        raise problem from None
    if parts.scheme not in ("smtp", "smtps") or not parts.hostname or parts.path not in ("",
                                                                                       "/"):
        raise problem
    tls = parts.scheme == "smtps"
    user = unquote(parts.username) if parts.username else None
    password = unquote(parts.password) if parts.password is not None else None
    return SmtpServer(parts.hostname, port or (465 if tls else 25), user, password, tls)


def _send(server: SmtpServer, mail: EmailMessage, timeout: float) -> None:
    """One SMTP conversation that sends ``mail`` (blocking)."""
    context = ssl.create_default_context()
    client: smtplib.SMTP
    if server.tls:
        client = smtplib.SMTP_SSL(server.host, server.port, timeout=timeout, context=context)
    else:
        client = smtplib.SMTP(server.host, server.port, timeout=timeout)
    with client:
        client.ehlo()
        if not server.tls and client.has_extn("starttls"):
            client.starttls(context=context)
            client.ehlo()
        if server.user is not None:
            client.login(server.user, server.password or "")
        client.send_message(mail)


def permanent(error: Exception) -> bool:
    """Whether an SMTP error refuses the mail for good (a 5xx about the mail,
    not a log-in the site's settings got wrong)."""
    if isinstance(error, smtplib.SMTPRecipientsRefused):
        return all(code >= 500 for code, _ in error.recipients.values())
    if isinstance(error, smtplib.SMTPAuthenticationError):
        return False
    return isinstance(error, smtplib.SMTPResponseException) and 500 <= error.smtp_code < 600


class SmtpTransport:
    """Mails sent to ``server``, each in one SMTP conversation in a thread."""

    def __init__(self, server: SmtpServer, timeout: float = SMTP_TIMEOUT) -> None:
        self.server = server
        self.timeout = timeout

    async def deliver(self, mail: EmailMessage, link: str) -> None:
        try:
            await asyncio.to_thread(_send, self.server, mail, self.timeout)
        except Exception as err:
            if permanent(err):
                raise Undeliverable(str(err)) from err
            raise


class LogTransport:
    """No mail server: each mail is written to the log (who, what, the link)."""

    async def deliver(self, mail: EmailMessage, link: str) -> None:
        log.info("mail to %s: %s %s (%s)", mail["To"], mail["Subject"], link,
                 mail["Message-ID"])
