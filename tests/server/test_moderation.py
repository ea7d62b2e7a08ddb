"""Reports and moderation (docs/moderation.md): a player reports a message
or an account; admins alone read the open reports, hide and show messages,
resolve reports and suspend accounts; a suspended account is logged out,
cannot log in or write, and its games go on with stand-ins; the admin role
is given and taken on the command line."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import HUMAN, RANDOM, Serve, hall, new_table, wait_for
from social_helpers import PASSWORD, league, make_admin, player
from sqlalchemy import select, update

from carcassonne.cli import main
from carcassonne.server.models import AccountRow
from carcassonne.server.store import Store

ADMIN_ROUTES = [("GET", "/api/admin/reports"), ("POST", "/api/admin/messages/1/hide"),
                ("POST", "/api/admin/messages/1/show"), ("POST", "/api/admin/reports/1/resolve"),
                ("POST", "/api/admin/accounts/Ann/suspend"),
                ("POST", "/api/admin/accounts/Ann/unsuspend")]


def board(client: TestClient) -> tuple[TestClient, TestClient, str]:
    """Olga's league with Ann and a bot: Olga, Ann and the board's URL."""
    olga, ann = player(client, "Olga"), player(client, "Ann")
    event = league(olga, [ann], entrants=[{"bot": "random"}])
    return olga, ann, f"/api/competitions/{event['id']}/messages"


def post(device: TestClient, url: str, text: str) -> int:
    answer = device.post(url, json={"text": text})
    assert answer.status_code == 201, answer.text
    number: int = answer.json()["message"]["id"]
    return number


def test_admin_routes_are_refused_to_everyone_but_admins(client: TestClient) -> None:
    ann = player(client, "Ann")
    for device, status in ((client, 401), (ann, 403)):
        for method, path in ADMIN_ROUTES:
            answer = device.request(method, path)
            assert answer.status_code == status, (method, path, answer.text)
            assert set(answer.json()) == {"error", "rule"}
    with hall(client).store.engine.connect() as connection:
        assert not connection.execute(select(AccountRow.suspended)).scalar()


def test_reports_reach_the_admins_with_the_message_and_its_author(serve: Serve,
                                                                 database_url: str) -> None:
    with serve(url=database_url) as client:
        olga, ann, url = board(client)
        bad = post(ann, url, "<img src=x onerror=alert(1)> buy gold")
        answer = olga.post("/api/reports", json={"message": bad, "reason": "spam <b>!</b>"})
        assert answer.status_code == 201, answer.text
        assert olga.post("/api/reports", json={"account": "ann", "reason": "rude"}
                         ).status_code == 201
        ada = player(client, "Ada")
        assert ada.get("/api/me").json()["admin"] is False
        make_admin(client, "Ada")
        assert ada.get("/api/me").json()["admin"] is True  # the account bar links /admin
        reports = ada.get("/api/admin/reports").json()["reports"]
        assert [(r["reporter"], r["reason"], r["account"]) for r in reports] == [
            ("Olga", "spam <b>!</b>", "Ann"), ("Olga", "rude", "Ann")]
        message = reports[0]["message"]
        assert message["text"] == "<img src=x onerror=alert(1)> buy gold"
        assert message["author"] == "Ann" and message["channel"].startswith("event:")
        assert reports[1]["message"] is None and reports[0]["id"] == answer.json()["report"]
        # hidden: gone for everyone else, kept and marked for admins
        hidden = ada.post(f"/api/admin/messages/{bad}/hide")
        assert hidden.status_code == 200 and hidden.json()["message"]["hidden"] is True
        for device in (client, olga, ann):
            assert device.get(url).json()["messages"] == []
        assert [m["hidden"] for m in ada.get(url).json()["messages"]] == [True]
        assert ada.post(f"/api/admin/messages/{bad}/show").json()["message"]["hidden"] is False
        assert [m["id"] for m in client.get(url).json()["messages"]] == [bad]
        # resolved: off the list, once
        resolved = ada.post(f"/api/admin/reports/{reports[0]['id']}/resolve")
        assert resolved.status_code == 200 and resolved.json()["resolved"]
        assert [r["id"] for r in ada.get("/api/admin/reports").json()["reports"]] == [
            reports[1]["id"]]
        assert ada.post(f"/api/admin/reports/{reports[0]['id']}/resolve").status_code == 409
        assert ada.post("/api/admin/reports/999/resolve").status_code == 404
        assert ada.post("/api/admin/messages/999/hide").status_code == 404


@pytest.mark.parametrize(("body", "status"), [
    ({"message": 999, "reason": "x"}, 404),
    ({"account": "Nobody", "reason": "x"}, 404),
    ({"reason": "x"}, 400),
    ({"message": 1, "account": "Ann", "reason": "x"}, 400),
    ({"message": "1", "reason": "x"}, 400),
    ({"message": True, "reason": "x"}, 400),
    ({"account": "Ann", "reason": "x" * 501}, 400),
    ({"account": "Ann", "reason": 5}, 400),
])
def test_bad_reports_are_refused(client: TestClient, body: dict[str, Any], status: int) -> None:
    ann = player(client, "Ann")
    answer = ann.post("/api/reports", json=body)
    assert answer.status_code == status, answer.text
    assert set(answer.json()) == {"error", "rule"}


def test_reports_need_a_log_in_and_are_bounded_per_reporter(client: TestClient) -> None:
    assert client.post("/api/reports", json={"account": "Ann", "reason": "x"}).status_code == 401
    ann, bob = player(client, "Ann"), player(client, "Bob")
    statuses = [bob.post("/api/reports", json={"account": "Ann", "reason": f"{n}"}).status_code
                for n in range(6)]
    assert statuses == [201] * 5 + [429]
    assert ann.post("/api/reports", json={"account": "Bob"}).status_code == 201


def account(client: TestClient, name: str) -> Any:
    with hall(client).store.engine.connect() as connection:
        return connection.execute(select(AccountRow.__table__).where(
            AccountRow.name == name)).one()


def test_a_suspended_account_is_logged_out_cannot_log_in_and_its_games_go_on(
        serve: Serve, database_url: str) -> None:
    with serve(url=database_url) as client:
        ada = player(client, "Ada")
        make_admin(client, "Ada")
        bob = player(client, "Bob")
        laptop = TestClient(client.app)
        laptop.portal = client.portal
        assert laptop.post("/api/session", json={"name": "Bob", "password": PASSWORD}
                           ).status_code == 200
        playing, _ = new_table(bob, [HUMAN, RANDOM])
        waiting, _ = new_table(bob, [HUMAN, HUMAN])
        assert ada.post("/api/admin/accounts/Ada/suspend").status_code == 409
        assert ada.post("/api/admin/accounts/Nobody/suspend").status_code == 404
        answer = ada.post("/api/admin/accounts/bob/suspend")
        assert answer.status_code == 200, answer.text
        assert answer.json() == {"name": "Bob", "suspended": True, "seats": 2}
        for device in (bob, laptop):  # logged out everywhere
            assert device.get("/api/session").json() == {"name": None, "language": None}
        refused = bob.post("/api/session", json={"name": "Bob", "password": PASSWORD})
        assert refused.status_code == 403 and "suspended" in refused.json()["error"]
        wrong = bob.post("/api/session", json={"name": "Bob", "password": "not his password"})
        assert wrong.status_code == 401  # the suspension is told only to the password's holder
        seat = client.get(f"/api/tables/{waiting}").json()["seats"][0]
        assert not seat["taken"]  # freed before the start
        table = wait_for(client, playing, "finished")  # a stand-in played Bob's seat on
        assert table["seats"][0]["kind"] == "bot" and table["seats"][0]["account"] == "Bob"
        back = ada.post("/api/admin/accounts/Bob/unsuspend")
        assert back.json() == {"name": "Bob", "suspended": False, "seats": 0}
        assert bob.post("/api/session", json={"name": "Bob", "password": PASSWORD}
                        ).status_code == 200


def test_every_write_of_a_suspended_account_is_refused(client: TestClient) -> None:
    """Even with a session that outlived the suspension (a write on its way
    while it was made): messages, reports, tables and competitions."""
    _, ann, url = board(client)
    table, _ = new_table(client, [HUMAN, HUMAN], join=0)
    with hall(client).store.engine.begin() as connection:
        connection.execute(update(AccountRow).where(AccountRow.name == "Ann").values(
            suspended=True))
    writes = [(url, {"text": "hi"}),
              ("/api/reports", {"account": "Olga", "reason": "x"}),
              ("/api/tables", {"seats": [HUMAN, RANDOM], "join": {"seat": 0}}),
              (f"/api/tables/{table}/join", {"seat": 1}),
              ("/api/competitions", {"name": "Mine"})]
    for path, body in writes:
        answer = ann.post(path, json=body)
        assert answer.status_code == 403 and "suspended" in answer.json()["error"], path
    assert client.get(url).json()["messages"] == []
    assert not client.get(f"/api/tables/{table}").json()["seats"][1]["taken"]
    assert account(client, "Ann").suspended


def test_the_admin_command_grants_and_revokes(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    from datetime import UTC, datetime

    url = f"sqlite:///{tmp_path / 'site.db'}"
    store = Store(url)
    store.migrate()
    store.add_account({"id": "a1", "name": "Ann", "name_key": "ann", "password_hash": "x",
                       "created": datetime(2026, 12, 6, tzinfo=UTC)})
    store.close()

    def role() -> str:
        again = Store(url)
        try:
            found = again.account("ann")
            assert found is not None
            return str(found["role"])
        finally:
            again.close()

    assert role() == "player"
    assert main(["admin", "grant", "ANN", "--database", url]) == 0
    assert "Ann is an admin now" in capsys.readouterr().out and role() == "admin"
    assert main(["admin", "revoke", "ann", "--database", url]) == 0
    assert "Ann is no longer an admin" in capsys.readouterr().out and role() == "player"
    assert main(["admin", "grant", "Nobody", "--database", url]) == 1
    assert "no account named 'Nobody'" in capsys.readouterr().err
    assert main(["admin", "promote", "Ann", "--database", url]) == 2
