"""Web Push: the key browsers subscribe with, their subscriptions, and a
notice pushed to each subscribed browser of its account.

The browser vendors' push services are stood in for by a small HTTP server
of the tests' own (push_helpers.PushService), which checks and decrypts
every push as a push service and a browser would.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from push_helpers import PushService
from server_helpers import Serve, hall

from carcassonne.server.subscriptions import subscribe, subscriptions_of

PASSWORD = "correct horse battery"
SUBJECT = "mailto:site@games.example"


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
    assert answer.status_code == 200 and answer.json() == {"key": None}
    sign_up(client, "Ann")
    body = {"endpoint": "https://push.example/1", "keys": {"p256dh": "BA", "auth": "AQ"}}
    answer = client.post("/api/me/push", json=body)
    assert answer.status_code == 404 and "--vapid-key" in answer.json()["error"]


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
