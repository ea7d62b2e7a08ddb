"""The parts that bring a player back, working together through the real
app: a move at a turn-based table reaches the other player as a mail
through a real SMTP server (aiosmtpd) and as a Web Push through a local
stand-in for the browser vendors' push services (push_helpers); an
invitation dismissed before its mail went out is not mailed."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from mail_helpers import Mailbox, links, smtp_server, verify, wait_outcomes
from push_helpers import PushService
from server_helpers import HUMAN, Serve, hall, my_turn, new_table
from sqlalchemy import select

from carcassonne.server.models import OutboxRow
from carcassonne.server.subscriptions import subscribe

PASSWORD = "correct horse battery"
TURN = {"kind": "turn", "deadline": 86400}
SITE = "https://games.example"


@pytest.fixture
def box() -> Iterator[Mailbox]:
    with smtp_server() as running:
        yield running


def device(client: TestClient, name: str, box: Mailbox) -> TestClient:
    """A new browser on the app of ``client`` (sharing its event loop),
    signed up as ``name`` with a verified address."""
    browser = TestClient(client.app)
    browser.portal = client.portal
    address = f"{name.lower()}@example.org"
    answer = browser.post("/api/accounts", json={"name": name, "password": PASSWORD,
                                                 "email": address})
    assert answer.status_code == 201, answer.text
    verify(browser, box, address)
    return browser


def test_a_turn_based_move_reaches_the_other_player_by_mail_and_by_push(
        serve: Serve, database_url: str, box: Mailbox, vapid_key: tuple[object, str],
        push_service: PushService) -> None:
    with serve(url=database_url, smtp_url=box.url, public_url=SITE, mail_poll=0.2,
               vapid_key=vapid_key[0]) as client:
        ann = device(client, "Ann", box)
        table_id, ann_token = new_table(ann, [HUMAN, HUMAN], join=0, timing=TURN)
        bob = device(client, "Bob", box)
        answer = bob.post(f"/api/tables/{table_id}/join", json={"seat": 1})
        assert answer.status_code == 200, answer.text
        bob_id = hall(client).store.account("bob")["id"]  # type: ignore[index]
        subscription = push_service.subscription("bob-phone")
        assert bob.post("/api/me/push", json=subscription).status_code == 400  # http: refused
        subscribe(hall(client).store.engine, bob_id, subscription["endpoint"],
                  subscription["keys"], client.app.state.hall.now())  # type: ignore[attr-defined]
        with client.websocket_connect(f"/ws/tables/{table_id}?token={ann_token}") as ws:
            state = my_turn(ws)
            ws.send_json({"type": "move", "move": state["legal"][0]})
            turn = next(m for m in box.wait(2, to="bob@example.org")
                        if m["Subject"].startswith("Your turn"))
        assert f"{SITE}/table/{table_id}" in links(turn)
        assert str(turn["List-Unsubscribe"]).strip().startswith(f"<{SITE}/api/unsubscribe/")
        wait_outcomes(hall(client).store.engine, 4)
        pushed = [p for path, p, _ in push_service.received if path == "/push/bob-phone"]
        assert [p["url"] for p in pushed] == [f"/table/{table_id}"], push_service.received


def test_an_invitation_dismissed_before_its_mail_went_out_is_not_mailed(
        serve: Serve, box: Mailbox) -> None:
    # The sender looks only when woken: the invitation is dismissed first.
    with serve(smtp_url=box.url, public_url=SITE, mail_poll=3600) as client:
        ann, bob = device(client, "Ann", box), device(client, "Bob", box)
        assert ann.post("/api/me/friends/Bob").status_code in (200, 201)
        table = ann.post("/api/tables", json={"seats": [HUMAN, HUMAN], "join": {"seat": 0}})
        table_id = table.json()["table"]["id"]
        invited = ann.post(f"/api/tables/{table_id}/invitations", json={"name": "Bob"})
        assert invited.status_code == 201, invited.text
        number = bob.get("/api/me/invitations").json()["invitations"][0]["id"]
        assert bob.delete(f"/api/me/invitations/{number}").status_code in (200, 204)
        sender = client.app.state.mail  # type: ignore[attr-defined]
        while client.portal.call(sender.send_one):  # type: ignore[union-attr]
            pass
        with hall(client).store.engine.connect() as connection:
            outcome = connection.execute(select(OutboxRow.outcome).where(
                OutboxRow.kind == "invitation")).scalar_one()
        assert outcome == "dropped: the invitation was dismissed"
        assert not [m for m in box.mails(to="bob@example.org") if "invites" in m["Subject"]]
