"""Setting a new password from a mailed link: once, within the hour, every
session ended; and asking for it tells nothing about the name asked."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
from mail_helpers import (
    PASSWORD,
    Mailbox,
    id_of,
    links,
    path_of,
    smtp_server,
    verified_account,
)
from mail_helpers import wait_outcomes as outcomes
from server_helpers import Serve, hall

from carcassonne.server.mail.sender import prepare

NEW = "a brand new secret"


@pytest.fixture
def box() -> Iterator[Mailbox]:
    with smtp_server() as running:
        yield running


def reset_link(box: Mailbox, address: str, count: int) -> str:
    mail = box.wait(count, to=address)[count - 1]
    assert mail["Subject"] == "Set a new password"
    return path_of(next(url for url in links(mail) if "/reset/" in url))


def test_a_reset_link_works_once_and_logs_out_every_session(serve: Serve, box: Mailbox,
                                                            ) -> None:
    with serve(smtp_url=box.url, mail_poll=0.2) as client:
        address = verified_account(client, box, "Ann")
        other = client.__class__(client.app)  # a second browser, logged in too
        assert other.post("/api/session", json={"name": "Ann", "password": PASSWORD}
                          ).status_code == 200
        answer = client.post("/api/password-reset", json={"name": "ANN"})
        assert answer.status_code == 202
        token = reset_link(box, address, 2).rsplit("/", 1)[1]
        done = client.post(f"/api/password-reset/{token}", json={"password": NEW})
        assert (done.status_code, done.json()) == (200, {"name": "Ann"})
        assert client.get("/api/session").json() == {"name": None, "language": None}
        assert other.get("/api/session").json() == {"name": None, "language": None}
        assert client.post("/api/session", json={"name": "Ann", "password": PASSWORD}
                           ).status_code == 401
        assert client.post("/api/session", json={"name": "Ann", "password": NEW}
                           ).status_code == 200
        again = client.post(f"/api/password-reset/{token}", json={"password": "another one"})
        assert again.status_code == 410 and set(again.json()) == {"error", "rule"}
        short = client.post(f"/api/password-reset/{token}", json={"password": "short"})
        assert short.status_code == 400


def test_a_reset_link_expires_after_an_hour(serve: Serve, box: Mailbox) -> None:
    clock = [datetime.now(UTC)]
    with serve(smtp_url=box.url, mail_poll=0.2, now=lambda: clock[0]) as client:
        address = verified_account(client, box, "Bob")
        client.post("/api/password-reset", json={"name": "Bob"})
        token = reset_link(box, address, 2).rsplit("/", 1)[1]
        clock[0] += timedelta(minutes=61)
        late = client.post(f"/api/password-reset/{token}", json={"password": NEW})
        assert late.status_code == 410


def test_a_reset_mail_not_sent_within_the_hour_is_dropped(serve: Serve, box: Mailbox) -> None:
    with serve(smtp_url=box.url, mail_poll=0.2) as client:
        verified_account(client, box, "Gil")
        engine = hall(client).store.engine
        row = {"id": 1, "account_id": id_of(engine, "Gil"), "kind": "reset", "params": {},
               "created": datetime.now(UTC) - timedelta(minutes=61)}
        assert prepare(engine, row, "http://x", datetime.now(UTC)) == "expired"


def test_every_name_gets_the_same_answer(serve: Serve, box: Mailbox) -> None:
    with serve(smtp_url=box.url, mail_poll=0.2) as client:
        verified_account(client, box, "Cay")
        client.delete("/api/session")
        client.post("/api/accounts", json={"name": "Dan", "password": PASSWORD})
        client.delete("/api/session")
        answers = [client.post("/api/password-reset", json={"name": name})
                   for name in ("Cay", "Dan", "Nobody")]
        assert {(a.status_code, a.text) for a in answers} == {(202, answers[0].text)}
        rows = outcomes(hall(client).store.engine, 3)  # the verification and two resets
        assert [(r["kind"], r["outcome"]) for r in rows] == [
            ("verify", "sent"), ("reset", "sent"), ("reset", "dropped: no verified address")]
        assert [m["Subject"] for m in box.wait(2)] == ["Confirm your e-mail address",
                                                       "Set a new password"]
        bad = client.post("/api/password-reset", json={"name": ""})
        assert bad.status_code == 400
        unknown = client.post("/api/password-reset/not-a-token", json={"password": NEW})
        assert unknown.status_code == 410


def test_reset_requests_are_bounded_per_name(serve: Serve) -> None:
    with serve() as client:
        answers = [client.post("/api/password-reset", json={"name": "Eve"}).status_code
                   for _ in range(4)]
        assert answers == [202, 202, 202, 429]
        assert client.post("/api/password-reset", json={"name": "Fay"}).status_code == 202
