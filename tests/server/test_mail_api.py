"""Mail settings through the HTTP API, with a real SMTP server: an address
verified end to end, settings of one's own only, answers that tell nothing
about other accounts, and unsubscribing with one click."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime

import pytest
from mail_helpers import (
    PASSWORD,
    Mailbox,
    id_of,
    links,
    path_of,
    sign_up,
    smtp_server,
    verified_account,
    verify,
    wait_outcomes,
)
from server_helpers import Serve, hall

from carcassonne.server.outbox import NOTICE_KINDS, queue_mail


@pytest.fixture
def box() -> Iterator[Mailbox]:
    with smtp_server() as running:
        yield running


@pytest.fixture
def mailing(serve: Serve, box: Mailbox) -> Serve:
    """``serve`` with the test SMTP server and links to ``http://testserver``."""
    def running(**overrides: object):  # type: ignore[no-untyped-def]
        return serve(**{"smtp_url": box.url, "public_url": "http://testserver",
                        "mail_poll": 0.2, **overrides})
    return running


def test_an_address_is_verified_by_its_link_once(mailing: Serve, box: Mailbox) -> None:
    with mailing() as client:
        sign_up(client, "Ann")
        assert client.get("/api/me/settings").json() == {
            "email": None, "email_verified": False, "language": None, "notify": NOTICE_KINDS}
        answer = client.put("/api/me/email", json={"email": "ann@example.org"})
        assert answer.status_code == 200
        assert answer.json()["email"] == "ann@example.org"
        assert answer.json()["email_verified"] is False
        mail = box.wait(1, to="ann@example.org")[0]
        assert mail["Subject"] == "Confirm your e-mail address"
        assert "List-Unsubscribe" not in mail  # asked for, not a notice
        link = next(url for url in links(mail) if "/api/email/verify/" in url)
        assert link.startswith("http://testserver/api/email/verify/")
        first = client.get(path_of(link), follow_redirects=False)
        assert (first.status_code, first.headers["location"]) == (
            303, "/settings?email=verified")
        assert client.get("/api/me/settings").json()["email_verified"] is True
        again = client.get(path_of(link), follow_redirects=False)
        assert again.headers["location"] == "/settings?email=invalid"  # single use


def test_sign_up_with_an_address_and_a_changed_address_needs_verifying_again(
        mailing: Serve, box: Mailbox) -> None:
    with mailing() as client:
        sign_up(client, "Bob", email="bob@example.org")
        verify(client, box, "bob@example.org")
        assert client.get("/api/me/settings").json()["email_verified"] is True
        client.put("/api/me/email", json={"email": "bob@example.net"})
        assert client.get("/api/me/settings").json() == {
            "email": "bob@example.net", "email_verified": False, "language": None,
            "notify": NOTICE_KINDS}
        verify(client, box, "bob@example.net")
        assert client.get("/api/me/settings").json()["email_verified"] is True
        # removing the address
        client.put("/api/me/email", json={"email": None})
        assert client.get("/api/me/settings").json()["email"] is None


def test_an_old_link_does_not_verify_a_new_address(mailing: Serve, box: Mailbox) -> None:
    with mailing() as client:
        sign_up(client, "Cay", email="cay@example.org")
        old = box.wait(1, to="cay@example.org")[0]
        client.put("/api/me/email", json={"email": "cay@example.net"})
        link = next(url for url in links(old) if "/api/email/verify/" in url)
        answer = client.get(path_of(link), follow_redirects=False)
        assert answer.headers["location"] == "/settings?email=invalid"
        assert client.get("/api/me/settings").json()["email_verified"] is False


def test_bad_addresses_and_settings_are_refused(mailing: Serve) -> None:
    with mailing() as client:
        sign_up(client, "Dan")
        for bad in ("ann", "ann@", "@example.org", "ann@localhost", "a b@example.org",
                    "ann@exa_mple.org", 5, "x" * 250 + "@example.org", "ann..b@example.org",
                    "ann@example.org\r\nBcc: eve@example.org"):
            answer = client.put("/api/me/email", json={"email": bad})
            assert answer.status_code == 400, bad
            assert set(answer.json()) == {"error", "rule"}
        for bad in ({"language": "xx"}, {"language": "pt"}, {"notify": {"spam": True}},
                    {"notify": {"your_turn": "yes"}}, {"notify": ["your_turn"]}):
            answer = client.put("/api/me/settings", json=bad)
            assert answer.status_code == 400, bad
        answer = client.post("/api/accounts", json={"name": "Eve", "password": "x" * 10,
                                                    "email": "nope"})
        assert answer.status_code == 400
        assert client.post("/api/session", json={"name": "Eve", "password": "x" * 10}
                           ).status_code == 401  # no account was made


def test_settings_are_one_s_own(mailing: Serve, box: Mailbox) -> None:
    with mailing() as client:
        assert client.get("/api/me/settings").status_code == 401
        assert client.put("/api/me/settings", json={"language": "ja"}).status_code == 401
        assert client.put("/api/me/email", json={"email": "x@example.org"}).status_code == 401
        sign_up(client, "Fay")
        client.put("/api/me/settings", json={"language": "ja", "notify": {"thread": False}})
        client.delete("/api/session")
        sign_up(client, "Gus")
        mine = client.get("/api/me/settings").json()
        assert mine["language"] is None and mine["notify"]["thread"] is True
        assert client.get("/api/session").json() == {"name": "Gus", "language": None}
        client.delete("/api/session")
        client.post("/api/session", json={"name": "Fay", "password": PASSWORD})
        assert client.get("/api/session").json() == {"name": "Fay", "language": "ja"}
        assert client.get("/api/players/Fay/settings").status_code in (404, 405)
        assert client.put("/api/players/Fay/settings", json={}).status_code in (404, 405)


def test_answers_tell_nothing_of_other_accounts(mailing: Serve, box: Mailbox) -> None:
    """The same address on two accounts: each gets its own verification, and
    nothing in the answers says the address is used elsewhere."""
    with mailing() as client:
        sign_up(client, "Hal")
        first = client.put("/api/me/email", json={"email": "shared@example.org"})
        client.delete("/api/session")
        sign_up(client, "Ivy")
        second = client.put("/api/me/email", json={"email": "shared@example.org"})
        assert first.status_code == second.status_code == 200
        assert first.json() == second.json()
        mails = box.wait(2, to="shared@example.org")
        assert {m.get_body(("plain",)).get_content().split("account ")[1].split(".")[0]
                for m in mails} == {"Hal", "Ivy"}
        verify(client, box, "shared@example.org", count=2)
        # a link that is not one answers as a used one
        unknown = client.get("/api/email/verify/not-a-token", follow_redirects=False)
        assert unknown.headers["location"] == "/settings?email=invalid"


def test_one_click_unsubscribe_switches_the_kind_off(mailing: Serve, box: Mailbox) -> None:
    with mailing() as client:
        address = verified_account(client, box, "Joy")
        engine = hall(client).store.engine
        account_id = id_of(engine, "Joy")
        at = datetime.now(UTC)
        with engine.begin() as connection:
            queue_mail(connection, account_id, "your_turn", {"table": "t1", "name": "One"},
                       key="turn:t1:1", at=at)
        client.app.state.mail.wake()  # type: ignore[attr-defined]
        mail = box.wait(2, to=address)[1]
        assert mail["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
        url = str(mail["List-Unsubscribe"]).strip().strip("<>")
        assert url in links(mail)
        page = client.get(path_of(url))
        assert page.status_code == 200 and "your turn" in page.text
        assert client.get("/api/me/settings").json()["notify"]["your_turn"] is True
        # the mail client's one-click request: no Origin, a form body
        done = client.post(path_of(url), content=b"List-Unsubscribe=One-Click",
                           headers={"Content-Type": "application/x-www-form-urlencoded"})
        assert done.status_code == 200 and "no longer" in done.text
        assert client.get("/api/me/settings").json()["notify"] == {
            **NOTICE_KINDS, "your_turn": False}
        with engine.begin() as connection:
            queue_mail(connection, account_id, "your_turn", {"table": "t2", "name": "Two"},
                       key="turn:t2:1", at=at)
            queue_mail(connection, account_id, "rematch", {"table": "t1", "from": "Kim"},
                       at=at)
        client.app.state.mail.wake()  # type: ignore[attr-defined]
        rows = wait_outcomes(engine, 4)
        assert [r["outcome"] for r in rows] == ["sent", "sent", "dropped: switched off",
                                                "sent"]
        assert box.mails(to=address)[-1]["Subject"] == "Kim offers a rematch"
        assert client.post("/api/unsubscribe/nothing").status_code == 404
        assert client.get("/api/unsubscribe/nothing").status_code == 404
