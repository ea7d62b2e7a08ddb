"""The notices that bring a player back, queued as outbox rows in the
transaction of the change that causes them: "your turn" at a turn-based
table (once per game until the player moved; none for real-time games, none
for a refused or failed move), a deadline a few hours away (once), a
rematch offered, a competition's round opened; and ``GET /api/me/notices``,
which every page polls."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from fastapi.testclient import TestClient
from server_helpers import HUMAN, RANDOM, Serve, auth, hall, my_turn, new_table, next_state, receive
from sqlalchemy import insert, select

from carcassonne.server.models import AccountRow, MoveRow, OutboxRow

PASSWORD = "correct horse battery"
TURN = {"kind": "turn", "deadline": 86400}


class FakeTime:
    """A clock that moves only when told."""

    def __init__(self) -> None:
        self.moment = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)

    def now(self) -> datetime:
        return self.moment


def outbox(client: TestClient) -> list[tuple[str, str, dict[str, Any], str | None]]:
    """Every queued mail: (account name, kind, params, key), in order."""
    with hall(client).store.engine.connect() as connection:
        rows = connection.execute(select(AccountRow.name, OutboxRow.kind, OutboxRow.params,
                                         OutboxRow.key)
                                  .join(AccountRow, AccountRow.id == OutboxRow.account_id)
                                  .order_by(OutboxRow.id)).all()
    return [tuple(row) for row in rows]  # type: ignore[misc]


def account_id(client: TestClient, name: str) -> str:
    found = hall(client).store.account(name.lower())
    assert found is not None
    return str(found["id"])


def sign_up(client: TestClient, name: str) -> None:
    answer = client.post("/api/accounts", json={"name": name, "password": PASSWORD})
    assert answer.status_code == 201, answer.text


def log_in(client: TestClient, name: str) -> None:
    answer = client.post("/api/session", json={"name": name, "password": PASSWORD})
    assert answer.status_code == 200, answer.text


def two_players(client: TestClient, timing: dict[str, Any] | None = None,
                **extra: Any) -> tuple[str, str, str]:
    """A table of Ann (seat 0, moves first) and Bob, both logged in when
    they sat down; Bob stays logged in. Its id and both seat tokens."""
    sign_up(client, "Ann")
    table_id, ann = new_table(client, [HUMAN, HUMAN], join=0, timing=timing or TURN, **extra)
    sign_up(client, "Bob")
    bob = client.post(f"/api/tables/{table_id}/join", json={"seat": 1}).json()["token"]
    assert ann is not None and bob is not None
    return table_id, ann, bob


def turn(table_id: str, name: str, number: int, table_name: str | None = None,
         ) -> tuple[str, str, dict[str, Any], str]:
    return (name, "your_turn", {"table": table_id, "name": table_name or f"Table {table_id}"},
            f"turn:{table_id}:{{{name}}}:{number}")


def keyed(client: TestClient, rows: list[tuple[str, str, dict[str, Any], str]],
          ) -> list[tuple[str, str, dict[str, Any], str]]:
    """``rows`` with each ``{Name}`` in a key made the account's id."""
    out = []
    for name, kind, params, key in rows:
        out.append((name, kind, params, key.replace(f"{{{name}}}", account_id(client, name))))
    return out


def test_a_turn_based_game_mails_whose_turn_it_became_once_until_they_moved(
        serve: Serve, database_url: str) -> None:
    with serve(url=database_url) as client:
        table_id, ann, bob = two_players(client)
        assert outbox(client) == keyed(client, [turn(table_id, "Ann", 0)])  # the start
        with (client.websocket_connect(f"/ws/tables/{table_id}?token={ann}") as first,
              client.websocket_connect(f"/ws/tables/{table_id}?token={bob}") as second):
            state = my_turn(first)
            first.send_json({"type": "move", "move": state["legal"][0]})
            state = my_turn(second)
            next_state(first)  # (Ann sees her move played)
            assert outbox(client) == keyed(client, [turn(table_id, "Ann", 0),
                                                    turn(table_id, "Bob", 0)])
            # a move refused (not your turn) queues nothing
            first.send_json({"type": "move", "move": state["legal"][0]})
            assert "not your turn" in receive(first)["error"]
            second.send_json({"type": "move", "move": state["legal"][0]})
            my_turn(first)
        assert outbox(client) == keyed(client, [turn(table_id, "Ann", 0),
                                                turn(table_id, "Bob", 0),
                                                turn(table_id, "Ann", 1)])


def test_a_move_that_cannot_be_stored_queues_no_mail(serve: Serve, database_url: str) -> None:
    with serve(url=database_url) as client:
        table_id, ann, _ = two_players(client)
        with hall(client).store.engine.begin() as connection:  # move 0 is there already
            connection.execute(insert(MoveRow), [{"table_id": table_id, "number": 0, "seat": 0,
                                                  "move": {}, "played": datetime.now(UTC)}])
        before = outbox(client)
        with client.websocket_connect(f"/ws/tables/{table_id}?token={ann}") as ws:
            state = my_turn(ws)
            ws.send_json({"type": "move", "move": state["legal"][0]})
            assert receive(ws)["type"] == "error"
        assert outbox(client) == before  # Bob's turn was not mailed: the move failed
        assert hall(client).tables[table_id].moves == 0


def test_real_time_games_mail_nobody(client: TestClient) -> None:
    for timing in ({"kind": "clock", "base": 600, "increment": 5}, {"kind": "none"}):
        sign_up(client, f"Ann{timing['kind']}")
        table_id, token = new_table(client, [HUMAN, RANDOM], timing=timing)
        with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:
            state = my_turn(ws)
            ws.send_json({"type": "move", "move": state["legal"][0]})
            my_turn(ws)
    assert outbox(client) == []


def test_a_bot_moving_first_makes_it_the_players_turn(client: TestClient) -> None:
    sign_up(client, "Ann")
    table_id, token = new_table(client, [RANDOM, HUMAN], join=1, timing=TURN)
    with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:
        my_turn(ws)
    assert outbox(client) == keyed(client, [turn(table_id, "Ann", 0)])


def keep_time(client: TestClient) -> int:
    changed: int = client.portal.call(hall(client).keep_time)  # type: ignore[union-attr]
    return changed


def test_a_near_deadline_is_mailed_once(serve: Serve) -> None:
    clock = FakeTime()
    with serve(now=clock.now, time_check=None) as client:
        table_id, _, _ = two_players(client)
        deadline = clock.now() + timedelta(days=1)
        clock.moment += timedelta(hours=19, minutes=59)
        keep_time(client)
        assert [row[1] for row in outbox(client)] == ["your_turn"]
        clock.moment += timedelta(minutes=2)  # less than 4 hours left
        keep_time(client)
        keep_time(client)
        warning = ("Ann", "deadline", {"table": table_id, "name": f"Table {table_id}",
                                       "at": deadline.isoformat()},
                   f"deadline:{table_id}:0:{{Ann}}")
        assert outbox(client)[1:] == keyed(client, [warning])
    with serve(now=clock.now, time_check=None) as client:  # a restart: still once
        keep_time(client)
        assert [row[1] for row in outbox(client)] == ["your_turn", "deadline"]


def test_a_short_deadline_is_mailed_a_quarter_of_its_time_before(serve: Serve) -> None:
    clock = FakeTime()
    with serve(now=clock.now, time_check=None) as client:
        two_players(client, {"kind": "turn", "deadline": 3600 * 8})
        clock.moment += timedelta(hours=5, minutes=59)
        keep_time(client)
        assert [row[1] for row in outbox(client)] == ["your_turn"]
        clock.moment += timedelta(minutes=2)
        keep_time(client)
        assert [row[1] for row in outbox(client)] == ["your_turn", "deadline"]


def finish(client: TestClient, table_id: str, tokens: list[str]) -> None:
    """Play the first legal move for both seats until the game is over."""
    with (client.websocket_connect(f"/ws/tables/{table_id}?token={tokens[0]}") as first,
          client.websocket_connect(f"/ws/tables/{table_id}?token={tokens[1]}") as second):
        sockets = [first, second]
        states = [my_turn(first), second.receive_json()]
        while not states[0]["view"]["is_over"]:
            mover = 0 if states[0]["legal"] else 1
            sockets[mover].send_json({"type": "move", "move": states[mover]["legal"][-1]})
            states = [ws.receive_json() for ws in sockets]


def test_a_rematch_offer_is_mailed_to_the_other_player(client: TestClient) -> None:
    table_id, ann, bob = two_players(client, options={"tiny_city": 2})
    finish(client, table_id, [ann, bob])
    before = len(outbox(client))
    offer = client.post(f"/api/tables/{table_id}/rematch", headers=auth(ann)).json()
    assert offer["table"] is None
    assert outbox(client)[before:] == keyed(client, [(
        "Bob", "rematch", {"table": table_id, "from": "Ann"}, f"rematch:{table_id}:{{Bob}}")])
    accept = client.post(f"/api/tables/{table_id}/rematch", headers=auth(bob)).json()
    new_id = accept["table"]
    # the rematch (of the same name) starts: Bob moves first there, and is told so
    assert outbox(client)[before + 1:] == keyed(client, [
        turn(new_id, "Bob", 0, f"Table {table_id}")])


def test_a_rematch_of_a_real_time_game_is_not_mailed(client: TestClient) -> None:
    table_id, ann, bob = two_players(client, {"kind": "none"}, options={"tiny_city": 2})
    finish(client, table_id, [ann, bob])
    client.post(f"/api/tables/{table_id}/rematch", headers=auth(ann))
    assert outbox(client) == []


def test_a_round_opened_mails_each_player_of_its_matches(client: TestClient) -> None:
    for name in ("Bob", "Carl", "Ann"):
        sign_up(client, name)
    answer = client.post("/api/competitions", json={
        "name": "Spring", "format": "league", "games": 1, "round_deadline": 86400,
        "entrants": [{"player": "Bob"}, {"player": "Carl"}, {"player": "Ann"}]})
    event_id = answer.json()["id"]
    assert outbox(client) == []
    client.post(f"/api/competitions/{event_id}/start")
    event = client.get(f"/api/competitions/{event_id}").json()
    opened = [r for r in event["stages"][0]["rounds"] if r.get("opened", True)
              and r["matches"]]
    expected = set()
    for one in opened:
        for match in one["matches"]:
            for name in match["entrants"]:
                expected.add((name, one["number"], match["id"]))
    mails = outbox(client)
    assert {(name, params["round"], key.split(":")[2]) for name, kind, params, key in mails
            if kind == "match"} == expected and expected
    assert all(params["event"] == event_id and params["name"] == "Spring"
               for _, _, params, _ in mails)
    client.post(f"/api/competitions/{event_id}/start")  # nothing new is stored
    assert outbox(client) == mails


def test_your_turn_is_listed_for_every_page_to_poll(client: TestClient) -> None:
    assert client.get("/api/me/notices").json() == {"name": None, "count": 0, "tables": [],
                                                    "invitations": []}
    table_id, _, _ = two_players(client)
    assert client.get("/api/me/notices").json() == {"name": "Bob", "count": 0, "tables": [],
                                                    "invitations": []}
    log_in(client, "Ann")
    notices = client.get("/api/me/notices").json()
    assert notices["count"] == 1 and [t["id"] for t in notices["tables"]] == [table_id]
    assert notices["tables"][0]["timing"] == "turn"
    assert notices["tables"][0]["name"] == f"Table {table_id}"
    # Ann invites Bob, her opponent, to a new table: his poll lists it
    waiting, _ = new_table(client, [HUMAN, HUMAN], join=0, name="Again")
    assert client.post(f"/api/tables/{waiting}/invitations", json={"name": "Bob"}
                       ).status_code == 201
    log_in(client, "Bob")
    invitations = client.get("/api/me/notices").json()["invitations"]
    assert [(i["table"], i["from"]) for i in invitations] == [(waiting, "Ann")]
