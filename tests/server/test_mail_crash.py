"""The outbox on PostgreSQL with senders in processes of their own
(``python -m carcassonne.server.mail``): a sender killed outright (SIGKILL)
in the middle of a mail, before the mail server accepted it, loses nothing
and repeats nothing once started again; three senders share sixty mails,
each sent once."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from datetime import UTC, datetime
from email.message import EmailMessage

from mail_helpers import smtp_server, wait_outcomes
from server_helpers import PATIENCE
from sqlalchemy import update

from carcassonne.server.models import AccountRow
from carcassonne.server.outbox import queue_mail
from carcassonne.server.store import Store


@contextmanager
def sender(database: str, smtp: str, node: str) -> Iterator[subprocess.Popen[bytes]]:
    """A sender process, killed on leaving if it still runs."""
    process = subprocess.Popen(
        [sys.executable, "-m", "carcassonne.server.mail", "--database", database,
         "--smtp", smtp, "--node", node, "--public-url", "https://games.example"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        yield process
    finally:
        if process.poll() is None:
            process.kill()
        process.wait(timeout=PATIENCE)


def queued_store(database: str, count: int) -> Store:
    """The database migrated, an account with a verified address, and
    ``count`` "your turn" mails queued for it."""
    store = Store(database)
    store.migrate()
    at = datetime.now(UTC)
    store.add_account({"id": "a1", "name": "Ann", "name_key": "ann", "password_hash": "x",
                       "created": at})
    with store.engine.begin() as connection:
        connection.execute(update(AccountRow).values(email="ann@example.org",
                                                     email_verified=True))
        for number in range(count):
            queue_mail(connection, "a1", "your_turn", {"table": f"t{number}",
                                                       "name": f"Game {number}"},
                       key=f"turn:t{number}:a1:0", at=at)
    return store


def test_a_sender_killed_in_the_middle_of_a_mail_loses_and_repeats_nothing(
        postgres_url: str) -> None:
    count, fatal = 8, "Game 3"
    store = queued_store(postgres_url, count)
    victim: list[int] = []
    killed: list[str] = []

    def answer(mail: EmailMessage) -> str | None:
        if fatal in str(mail["Subject"]) and not killed:
            os.kill(victim[0], signal.SIGKILL)  # in DATA, before the mail is accepted
            killed.append(str(mail["Message-ID"]))
            return "451 the server went away"
        return None

    with smtp_server(answer) as box:
        with sender(postgres_url, box.url, "mailer-1") as first:
            victim.append(first.pid)
            assert first.wait(timeout=PATIENCE) == -signal.SIGKILL
        assert len(box.mails()) == 3  # Game 0, 1, 2; Game 3 was cut off
        with sender(postgres_url, box.url, "mailer-1"):  # started again, same name
            rows = wait_outcomes(store.engine, count)
        mails = box.wait(count)
    ids = [str(m["Message-ID"]) for m in mails]
    assert len(ids) == len(set(ids)) == count
    assert killed[0] in ids
    assert sorted(str(m["Subject"]) for m in mails) == sorted(
        f"Your turn: Game {n}" for n in range(count))
    assert {r["outcome"] for r in rows} == {"sent"}
    store.close()


def test_three_senders_send_sixty_mails_each_once(postgres_url: str) -> None:
    count = 60
    store = queued_store(postgres_url, count)
    with smtp_server() as box, ExitStack() as stack:
        for number in range(3):
            stack.enter_context(sender(postgres_url, box.url, f"mailer-{number}"))
        rows = wait_outcomes(store.engine, count)
        mails = box.wait(count)
    ids = [str(m["Message-ID"]) for m in mails]
    assert len(ids) == len(set(ids)) == count
    assert {r["outcome"] for r in rows} == {"sent"}
    store.close()
