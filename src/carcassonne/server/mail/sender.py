"""The sender: a task that empties the outbox while the server runs.

It claims one waiting row at a time (claims.py), decides whether it goes
out at all, renders it (render.py) and sends it (transport.py), then marks
it done; it looks every ``mail_poll`` seconds, and at once when woken
(:meth:`MailSender.wake`, which the routes call after queueing a mail).

Whether a row goes out is decided when it is sent, so a choice made
meanwhile counts: a notice needs a verified address and its kind switched
on (``dropped: no verified address``, ``dropped: switched off``); a
suspended account gets nothing; a verification mail needs its address to
still be the account's, a reset mail a verified address and to be sent
within the hour. The tokens of a mail's links are made as it is sent.

A failure is tried again after ``mail_retry`` seconds, then twice as long
each time; after ``mail_attempts`` tries the row is done with ``failed:``
and the last error. A refusal for good (5xx) is ``dropped: refused``.

What a crash does: a row is marked done after the mail server accepted
it. A sender killed before the server accepted the mail leaves the row
claimed; once the claim runs out (``mail_lease`` seconds, or at once when
a process of the same ``node`` name starts again) another sender sends it:
nothing is lost. The one window left is between the server's acceptance
and the mark: a crash there sends the mail once more, with the same
``Message-ID``, by which a receiver recognises the repeat.

``also``, if given, is called with each row (a dict of its columns) the
first time it is handled, before it is marked done, whether or not a mail
goes out (Web Push plugs in there); its failures are logged and ignored.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import select
from sqlalchemy.engine import Connection, Engine

from carcassonne.server.config import Settings
from carcassonne.server.mail.claims import claim, finish, let_go, try_again
from carcassonne.server.mail.links import UNSUBSCRIBE, make_token
from carcassonne.server.mail.render import Links, Recipient, action_path, render
from carcassonne.server.mail.transport import (
    LogTransport,
    SmtpTransport,
    Transport,
    Undeliverable,
    smtp_server,
)
from carcassonne.server.models import AccountRow, InvitationRow
from carcassonne.server.outbox import NOTICE_KINDS, notify_of
from carcassonne.server.stopping import cancel_and_wait
from carcassonne.server.work_queue import keep_draining

log = logging.getLogger(__name__)
#: How long a verification link and a reset link work, from the request.
VERIFY_FOR = timedelta(days=1)
RESET_FOR = timedelta(hours=1)
#: The longest pause between two tries of one mail.
LONGEST_PAUSE = timedelta(hours=6)

Also = Callable[[dict[str, Any]], Awaitable[None]]


def site_of(settings: Settings) -> str:
    """The address the links in mails start with (``--public-url``)."""
    return (settings.public_url or "http://localhost:8000").rstrip("/")


@dataclass(frozen=True)
class Ready:
    """A row that goes out: to whom, with which links."""

    to: Recipient
    links: Links


def _dismissed(connection: Connection, account_id: str, params: dict[str, Any]) -> bool:
    """Whether the account dismissed its invitation to ``params["table"]``
    (and holds no other open one there). A block deletes the invitations and
    their mails not yet claimed (friend_store.block_account)."""
    rows = connection.execute(select(InvitationRow.seen).where(
        InvitationRow.to_id == account_id,
        InvitationRow.table_id == params.get("table"))).scalars().all()
    return bool(rows) and all(seen is not None for seen in rows)


def prepare(engine: Engine, row: dict[str, Any], site: str,
            now: datetime) -> Ready | str:
    """Decide whether ``row`` goes out and make its links' tokens: a
    :class:`Ready`, or why it is dropped."""
    kind, params = row["kind"], row["params"] or {}
    with engine.begin() as connection:
        account = connection.execute(select(AccountRow.__table__).where(
            AccountRow.id == row["account_id"])).mappings().first()
        if account is None:
            return "no such account"
        if account["suspended"]:
            return "the account is suspended"
        address, verified = account["email"], account["email_verified"]
        unsubscribe = None
        if kind == "verify":
            if params.get("email") != address or not address:
                return "the address changed"
            if verified:
                return "already verified"
            expires = row["created"] + VERIFY_FOR
            if now >= expires:
                return "expired"
            token = make_token(connection, account["id"], "verify", now, email=address,
                               expires=expires)
            action = f"{site}/api/email/verify/{token}"
        elif not address or not verified:
            return "no verified address"
        elif kind == "reset":
            expires = row["created"] + RESET_FOR
            if now >= expires:
                return "expired"
            token = make_token(connection, account["id"], "reset", now, expires=expires)
            action = f"{site}/reset/{token}"
        elif kind in NOTICE_KINDS:
            if not notify_of(account["notify"])[kind]:
                return "switched off"
            if kind == "invitation" and _dismissed(connection, account["id"], params):
                return "the invitation was dismissed"
            token = make_token(connection, account["id"], UNSUBSCRIBE + kind, now)
            unsubscribe = f"{site}/api/unsubscribe/{token}"
            action = site + action_path(kind, params)
        else:
            return f"unknown kind {kind}"
    to = Recipient(account["id"], account["name"], address, account["language"])
    return Ready(to, Links(action, unsubscribe, f"{site}/settings"))


class MailSender:
    """The outbox's sender of one process (start it, wake it, stop it)."""

    def __init__(self, engine: Engine, settings: Settings,
                 db: Callable[..., Awaitable[Any]], node: str, *,
                 transport: Transport | None = None, also: Also | None = None) -> None:
        self.engine = engine
        self.settings = settings
        self.site = site_of(settings)
        self.node = node
        #: Runs a blocking storage call in a database thread.
        self._db = db
        self.transport: Transport = transport or (
            SmtpTransport(smtp_server(settings.smtp_url)) if settings.smtp_url
            else LogTransport())
        self.also = also
        #: Set to look at the outbox at once; made by :meth:`start`, in the
        #: loop the sender runs in (an application may be started again in another).
        self._wake: asyncio.Event | None = None
        self._task: asyncio.Task[None] | None = None

    def wake(self) -> None:
        """Look at the outbox now (a mail was just queued)."""
        if self._wake is not None:
            self._wake.set()

    async def start(self) -> None:
        """Take back this node's unfinished claims and start sending."""
        freed = await self._db(let_go, self.engine, self.node)
        if freed:
            log.info("%d mails claimed before a restart are waiting again", freed)
        self._wake = asyncio.Event()
        self._task = asyncio.get_running_loop().create_task(
            keep_draining(self.send_one, self._wake, self.settings.mail_poll, "the outbox"),
            name="mail sender")

    async def stop(self) -> None:
        """Stop after the mail being sent (if any) is done."""
        if self._task is not None:
            await cancel_and_wait([self._task])
            self._task = None
        self._wake = None

    async def send_one(self) -> bool:
        """Claim and handle one waiting row; False when none is waiting."""
        now = self.settings.now()
        row = await self._db(claim, self.engine, self.node, now,
                             timedelta(seconds=self.settings.mail_lease))
        if row is None:
            return False
        await self._handle(row)
        return True

    async def _handle(self, row: dict[str, Any]) -> None:
        if self.also is not None and row["attempts"] == 0:
            try:
                await self.also(row)
            except Exception:
                log.exception("the hook for mail %s failed", row["id"])
        ready = await self._db(prepare, self.engine, row, self.site, self.settings.now())
        if isinstance(ready, str):
            await self._done(row, f"dropped: {ready}")
            return
        mail = render(row["id"], row["kind"], row["params"] or {}, ready.to, ready.links,
                      site=self.site, sender=self.settings.mail_from, at=self.settings.now())
        try:
            await self.transport.deliver(mail, ready.links.action)
        except Undeliverable as err:
            await self._done(row, f"dropped: refused by the mail server: {err}")
            return
        except Exception as err:
            await self._failed(row, err)
            return
        await self._done(row, "logged" if isinstance(self.transport, LogTransport)
                         else "sent")

    async def _done(self, row: dict[str, Any], outcome: str) -> None:
        if not await self._db(finish, self.engine, row["id"], self.node, outcome,
                              self.settings.now()):
            log.warning("mail %s was taken by another sender before it was marked %s",
                        row["id"], outcome)

    async def _failed(self, row: dict[str, Any], error: Exception) -> None:
        attempts = row["attempts"] + 1
        why = f"{type(error).__name__}: {error}"
        if attempts >= self.settings.mail_attempts:
            log.warning("mail %s failed %d times and is given up: %s", row["id"], attempts,
                        why)
            await self._done(row, f"failed after {attempts} attempts: {why}")
            return
        pause = min(timedelta(seconds=self.settings.mail_retry * 2 ** (attempts - 1)),
                    LONGEST_PAUSE)
        log.warning("mail %s could not be sent (%s); trying again in %s", row["id"], why,
                    pause)
        await self._db(try_again, self.engine, row["id"], self.node, attempts,
                       self.settings.now() + pause, why)
