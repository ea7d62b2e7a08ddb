"""Helpers of the tests of match messages and moderation: players on their
own devices (each a TestClient with its own cookies, as a browser has), a
running competition of people, the admin role, and the outbox's rows."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from server_helpers import hall
from sqlalchemy import select, update

from carcassonne.server.models import AccountRow, OutboxRow

PASSWORD = "correct horse battery"


def player(client: TestClient, name: str) -> TestClient:
    """A new device of the app of ``client``, signed up and logged in as
    ``name``. It shares the running app's event loop (``portal``): a device
    of its own loop would end that loop, and every task a request started in
    it (a bot woken by the request), with each request."""
    device = TestClient(client.app)
    device.portal = client.portal
    answer = device.post("/api/accounts", json={"name": name, "password": PASSWORD})
    assert answer.status_code == 201, answer.text
    return device


def league(organizer: TestClient, players: list[TestClient], **setup: Any) -> dict[str, Any]:
    """A league organized by ``organizer`` that ``players`` entered, started."""
    answer = organizer.post("/api/competitions",
                            json={"name": "Spring <b>Cup</b>", "format": "league", **setup})
    assert answer.status_code == 201, answer.text
    event_id = answer.json()["id"]
    for one in players:
        entered = one.post(f"/api/competitions/{event_id}/entrants", json={})
        assert entered.status_code == 200, entered.text
    started = organizer.post(f"/api/competitions/{event_id}/start")
    assert started.status_code == 200, started.text
    event: dict[str, Any] = started.json()
    return event


def match_of(event: dict[str, Any], *names: str) -> str:
    """The id of the match between ``names`` (in any stage and round)."""
    for stage in event["stages"]:
        for one in stage["rounds"]:
            for match in one["matches"]:
                if sorted(match["entrants"]) == sorted(names):
                    return str(match["id"])
    raise AssertionError(f"no match of {names}")


def make_admin(client: TestClient, name: str) -> None:
    """Give ``name`` the admin role, as ``carcassonne admin grant`` does."""
    with hall(client).store.engine.begin() as connection:
        connection.execute(update(AccountRow).where(AccountRow.name == name).values(
            role="admin"))


def account_id(client: TestClient, name: str) -> str:
    with hall(client).store.engine.connect() as connection:
        return str(connection.execute(select(AccountRow.id).where(
            AccountRow.name == name)).scalar_one())


def mails(client: TestClient, kind: str = "thread") -> list[tuple[str, dict[str, Any]]]:
    """The outbox's rows of ``kind``: ``(recipient's name, params)``, in order."""
    with hall(client).store.engine.connect() as connection:
        rows = connection.execute(
            select(AccountRow.name, OutboxRow.params)
            .join(AccountRow, AccountRow.id == OutboxRow.account_id)
            .where(OutboxRow.kind == kind).order_by(OutboxRow.id)).all()
    return [(name, dict(params)) for name, params in rows]
