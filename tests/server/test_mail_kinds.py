"""Every kind of mail, rendered and received through a real SMTP server in
English and in Japanese: a plain text part and an HTML alternative, the
links, the one-click unsubscribe headers on every notice, and what people
wrote shown as text, never as HTML."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime

import pytest
from mail_helpers import Mailbox, id_of, links, smtp_server, verified_account, wait_outcomes
from server_helpers import Serve, hall

from carcassonne.server.outbox import NOTICE_KINDS, queue_mail

EVIL = '<script>alert("x")</script>&'
#: Each notice kind's params (docs/mail.md), and where its link leads.
PARAMS = {
    "your_turn": ({"table": "t1", "name": EVIL}, "/table/t1"),
    "deadline": ({"table": "t1", "name": EVIL, "at": "2026-12-07T18:00:00+00:00"},
                 "/table/t1"),
    "match": ({"event": "e1", "name": EVIL, "round": 2}, "/competition/e1"),
    "rematch": ({"table": "t1", "from": EVIL}, "/table/t1"),
    "invitation": ({"table": "t2", "name": EVIL, "from": "Kim"}, "/table/t2"),
    "thread": ({"event": "e1", "match": "r1m1", "name": "Cup", "from": "Kim",
                "text": EVIL + "\nsecond line"}, "/competition/e1#match-r1m1"),
    "reminder": ({"event": "e1", "match": "1.2.1", "name": EVIL, "from": "Kim",
                  "at": "2026-12-07T10:00:00+00:00",
                  "local": "Mon 2026-12-07 19:00 (Asia/Tokyo)"}, "/competition/e1#match-1.2.1"),
}
SUBJECTS = {
    "en": {"your_turn": f"Your turn: {EVIL}", "deadline": f"A deadline is near: {EVIL}",
           "match": f"Your match is ready: {EVIL}", "rematch": f"{EVIL} offers a rematch",
           "invitation": "Kim invites you to a table",
           "thread": "Kim wrote in your match: Cup",
           "reminder": f"Your game starts soon: {EVIL}"},
    "ja": {"your_turn": f"あなたの番です: {EVIL}", "deadline": f"期限が近づいています: {EVIL}",
           "match": f"対戦の準備ができました: {EVIL}", "rematch": f"{EVIL} さんから再戦の申し込み",
           "invitation": "Kim さんからテーブルへの招待",
           "thread": "Kim さんが対戦スレッドに書き込みました: Cup",
           "reminder": f"まもなく対戦です: {EVIL}"},
}


@pytest.fixture
def box() -> Iterator[Mailbox]:
    with smtp_server() as running:
        yield running


@pytest.mark.parametrize("language", ["en", "ja"])
def test_every_kind_in_both_languages(serve: Serve, box: Mailbox, language: str) -> None:
    site = "https://games.example"
    with serve(smtp_url=box.url, public_url=site, mail_poll=0.2,
               mail_from="Games <games@example.org>") as client:
        address = verified_account(client, box, "Ann", language)
        verify_mail = box.mails(to=address)[0]
        assert verify_mail["Subject"] == "Confirm your e-mail address"  # chosen after
        engine = hall(client).store.engine
        account_id = id_of(engine, "Ann")
        at = datetime.now(UTC)
        with engine.begin() as connection:
            for kind, (params, _) in PARAMS.items():
                queue_mail(connection, account_id, kind, params, at=at)
        client.app.state.mail.wake()  # type: ignore[attr-defined]
        mails = box.wait(1 + len(PARAMS), to=address)[1:]
        by_kind = dict(zip(PARAMS, mails, strict=True))
        for kind, mail in by_kind.items():
            params, path = PARAMS[kind]
            assert mail["Subject"] == SUBJECTS[language][kind], kind
            assert mail["From"] == "Games <games@example.org>"
            assert mail["Message-ID"].endswith("@games.example>")
            assert mail["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
            unsubscribe = str(mail["List-Unsubscribe"]).strip().strip("<>")
            assert unsubscribe.startswith(f"{site}/api/unsubscribe/")
            plain = mail.get_body(("plain",)).get_content()
            page = mail.get_body(("html",)).get_content()
            assert f"{site}{path}" in links(mail) and unsubscribe in links(mail)
            assert f'href="{site}{path}"' in page
            assert "<script>" not in page and "&lt;script&gt;" in page
            assert f'lang="{language}"' in page
            if kind != "thread":
                assert EVIL in plain or "Kim" in plain
        thread = by_kind["thread"].get_body(("plain",)).get_content()
        assert f"> {EVIL} second line" in thread
        deadline = by_kind["deadline"].get_body(("plain",)).get_content()
        assert "2026-12-07 18:00 UTC" in deadline
        reminder = by_kind["reminder"].get_body(("plain",)).get_content()
        assert "Mon 2026-12-07 19:00 (Asia/Tokyo)" in reminder and "Kim" in reminder
        match = by_kind["match"].get_body(("plain",)).get_content()
        assert ("Round 2" if language == "en" else "第2ラウンド") in match
        footer = {"en": "Stop them with one click", "ja": "ワンクリックで停止"}[language]
        assert all(footer in m.get_body(("plain",)).get_content() for m in mails)

        # verify and reset in this language too: no unsubscribe, their own link
        client.put("/api/me/email", json={"email": "ann2@example.org"})
        again = box.wait(1, to="ann2@example.org")[0]
        assert again["Subject"] == {"en": "Confirm your e-mail address",
                                    "ja": "メールアドレスの確認"}[language]
        assert "List-Unsubscribe" not in again
        assert any("/api/email/verify/" in url for url in links(again))
        client.get("/api/email/verify/" + links(again)[0].rsplit("/", 1)[1])
        client.post("/api/password-reset", json={"name": "ann"})
        reset = box.wait(2, to="ann2@example.org")[1]
        assert reset["Subject"] == {"en": "Set a new password",
                                    "ja": "新しいパスワードの設定"}[language]
        assert "List-Unsubscribe" not in reset
        assert any(url.startswith(f"{site}/reset/") for url in links(reset))
        assert reset.get_body(("html",)) is not None
        rows = wait_outcomes(engine, 3 + len(PARAMS))
        assert {r["outcome"] for r in rows} == {"sent"}
        assert len({m["Message-ID"] for m in box.mails()}) == len(box.mails())


def test_notices_need_a_verified_address_and_their_kind_on(serve: Serve, box: Mailbox,
                                                          ) -> None:
    with serve(smtp_url=box.url, mail_poll=0.2) as client:
        client.post("/api/accounts", json={"name": "Bo", "password": "x" * 10,
                                           "email": "bo@example.org"})
        client.put("/api/me/settings", json={"notify": {"thread": False}})
        engine = hall(client).store.engine
        account_id = id_of(engine, "Bo")
        at = datetime.now(UTC)
        with engine.begin() as connection:
            queue_mail(connection, account_id, "your_turn", {"table": "t", "name": "T"}, at=at)
        rows = wait_outcomes(engine, 2)
        assert [r["outcome"] for r in rows] == ["sent", "dropped: no verified address"]
        verify_link = links(box.wait(1)[0])[0]
        client.get(verify_link.replace("http://localhost:8000", ""))
        with engine.begin() as connection:
            for kind in NOTICE_KINDS:
                queue_mail(connection, account_id, kind, PARAMS[kind][0], at=at)
        rows = wait_outcomes(engine, 2 + len(NOTICE_KINDS))
        assert [r["outcome"] for r in rows[2:]] == [
            "dropped: switched off" if kind == "thread" else "sent" for kind in NOTICE_KINDS]
