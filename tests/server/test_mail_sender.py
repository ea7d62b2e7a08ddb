"""The outbox's sender: without a mail server mails go to the log; over
STARTTLS with a log-in; a failure tried again later, a refusal for good
dropped, a mail server that never answers given up; the hook for each row."""

from __future__ import annotations

import logging
from datetime import UTC, datetime
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest
from mail_helpers import (
    free_port,
    id_of,
    self_signed,
    sign_up,
    smtp_server,
    verified_account,
    wait_outcomes,
)
from server_helpers import Serve, hall

from carcassonne.server.outbox import queue_mail


def queue(client: Any, name: str, kind: str, params: dict[str, Any], count: int = 1) -> None:
    engine = hall(client).store.engine
    with engine.begin() as connection:
        for _ in range(count):
            queue_mail(connection, id_of(engine, name), kind, params, at=datetime.now(UTC))
    client.app.state.mail.wake()


def test_without_a_mail_server_mails_are_logged(serve: Serve,
                                                caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="carcassonne.server.mail")
    with serve(mail_poll=0.2, public_url="https://games.example") as client:
        sign_up(client, "Ann", email="ann@example.org")
        rows = wait_outcomes(hall(client).store.engine, 1)
        assert [r["outcome"] for r in rows] == ["logged"]
        logged = [r.getMessage() for r in caplog.records if "mail to" in r.getMessage()]
        assert len(logged) == 1
        assert "ann@example.org" in logged[0] and "Confirm your e-mail address" in logged[0]
        assert "https://games.example/api/email/verify/" in logged[0]
        assert client.get("/api/me/settings").status_code == 200


def test_starttls_and_a_log_in(serve: Serve, tmp_path: Path,
                               monkeypatch: pytest.MonkeyPatch) -> None:
    cert, key = self_signed(tmp_path)
    monkeypatch.setenv("SSL_CERT_FILE", str(cert))  # the sender trusts the test's authority
    with smtp_server(tls=(cert, key), login=("mailer", "s3:cret")) as box, \
            serve(smtp_url=f"smtp://mailer:s3%3Acret@localhost:{box.port}",
                  mail_poll=0.2) as client:
        sign_up(client, "Bob", email="bob@example.org")
        mail = box.wait(1)[0]
        assert mail["To"] == "bob@example.org"
        assert box.received[0].tls is True and box.received[0].user == "mailer"
        rows = wait_outcomes(hall(client).store.engine, 1)
        assert rows[0]["outcome"] == "sent"


def test_a_failure_is_tried_again_and_a_refusal_dropped(serve: Serve) -> None:
    tries: dict[str, int] = {}

    def answer(mail: EmailMessage) -> str | None:
        subject = str(mail["Subject"])
        tries[subject] = tries.get(subject, 0) + 1
        if "Kim" in subject:
            return "550 no such mailbox"
        return "451 try again later" if tries[subject] < 3 else None

    with smtp_server(answer) as box, serve(smtp_url=box.url, mail_poll=0.2,
                                           mail_retry=0.2) as client:
        sign_up(client, "Cay", email="cay@example.org")
        rows = wait_outcomes(hall(client).store.engine, 1)
        assert (rows[0]["outcome"], rows[0]["attempts"]) == ("sent", 2)
        assert len(box.mails()) == 1
        client.get("/api/email/verify/x")  # (a wrong link changes nothing)
        assert tries == {"Confirm your e-mail address": 3}


def test_a_refusal_for_good_is_dropped_at_once(serve: Serve) -> None:
    with smtp_server(lambda mail: "550 no such mailbox") as box, \
            serve(smtp_url=box.url, mail_poll=0.2, mail_retry=0.2) as client:
        sign_up(client, "Dan", email="dan@example.org")
        rows = wait_outcomes(hall(client).store.engine, 1)
        assert rows[0]["outcome"].startswith("dropped: refused by the mail server")
        assert rows[0]["attempts"] == 0


def test_a_mail_server_that_never_answers_is_given_up(serve: Serve) -> None:
    with serve(smtp_url=f"smtp://127.0.0.1:{free_port()}", mail_poll=0.2, mail_retry=0.1,
               mail_attempts=3) as client:
        sign_up(client, "Eve", email="eve@example.org")
        rows = wait_outcomes(hall(client).store.engine, 1)
        assert rows[0]["outcome"].startswith("failed after 3 attempts: ")
        assert rows[0]["attempts"] == 2  # the third failure ends it


def test_the_hook_sees_each_row_once_and_its_failures_are_ignored(serve: Serve) -> None:
    seen: list[tuple[str, dict[str, Any]]] = []

    async def hook(row: dict[str, Any]) -> None:
        seen.append((row["kind"], row["params"]))
        raise RuntimeError("the push service is down")

    turns: list[EmailMessage] = []

    def answer(mail: EmailMessage) -> str | None:
        if "Your turn" not in str(mail["Subject"]):
            return None
        turns.append(mail)
        return "451 later" if len(turns) == 1 else None

    with smtp_server(answer) as box, serve(smtp_url=box.url, mail_poll=0.2,
                                           mail_retry=0.2) as client:
        client.app.state.mail.also = hook  # type: ignore[attr-defined]
        verified_account(client, box, "Fay")
        queue(client, "Fay", "your_turn", {"table": "t1", "name": "T"})
        rows = wait_outcomes(hall(client).store.engine, 2)
        assert [r["outcome"] for r in rows] == ["sent", "sent"]
        assert rows[1]["attempts"] == 1  # tried twice, the hook called once
        assert seen == [("verify", {"email": "fay@example.org"}),
                        ("your_turn", {"table": "t1", "name": "T"})]
