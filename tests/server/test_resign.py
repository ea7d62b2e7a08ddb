"""Resigning (docs/server.md, ``POST /api/tables/{id}/resign``): the seat goes to
the stand-in and the game goes on, or the game ends when one player is left;
a resigned seat ranks last in a rated game; refusals change nothing; a
restarted server keeps it all. Also the rating figures a finished rated
table shows (each seat's rating before and after) and ``GET /api/session``."""

from __future__ import annotations

import random
import time
from typing import Any

from fastapi.testclient import TestClient
from server_helpers import HUMAN, RANDOM, Serve, auth, hall, new_table, next_state, wait_for
from sqlalchemy import select, update

from carcassonne.cli import main
from carcassonne.server.bots import stand_in
from carcassonne.server.models import TableRow

PASSWORD = "correct horse battery"


def seated(ws: Any, token: str | None) -> dict[str, Any]:
    """Show ``token`` on a fresh connection; the seat's state."""
    assert token is not None
    assert next_state(ws)["seat"] is None
    ws.send_json({"type": "seat", "token": token})
    state = next_state(ws)
    assert state["seat"] is not None
    return state


def play_until(sockets: list[Any], states: list[dict[str, Any]], done: Any,
               seed: int = 3) -> list[dict[str, Any]]:
    """Two people, one socket each: random legal moves until ``done(state)``
    (or the game's end); every socket gets one state per move."""
    rng = random.Random(seed)
    while not done(states[0]) and not states[0]["view"]["is_over"]:
        mover = states[0]["view"]["current"]
        sockets[mover].send_json({"type": "move", "move": rng.choice(states[mover]["legal"])})
        states = [next_state(ws) for ws in sockets]
    return states


def refused(answer: Any, status: int, words: str) -> None:
    assert answer.status_code == status, answer.text
    assert words in answer.json()["error"]


def sign_up(client: TestClient, name: str) -> None:
    answer = client.post("/api/accounts", json={"name": name, "password": PASSWORD})
    assert answer.status_code == 201, answer.text


def test_resigning_one_of_two_ends_the_game_at_once_with_the_other_the_winner(
        client: TestClient) -> None:
    table_id, ann = new_table(client, [HUMAN, HUMAN], name="Ann")
    bob = client.post(f"/api/tables/{table_id}/join", json={"seat": 1, "name": "Bob"}).json()
    with client.websocket_connect(f"/ws/tables/{table_id}") as first, \
            client.websocket_connect(f"/ws/tables/{table_id}") as second:
        states = [seated(first, ann), seated(second, bob["token"])]
        states = play_until([first, second], states, lambda s: s["last"] >= 6)
        scores = states[0]["view"]["scores"]
        answer = client.post(f"/api/tables/{table_id}/resign", headers=auth(bob["token"]))
        assert answer.status_code == 200, answer.text
        table = answer.json()
        # both players are told at once: the game is over, Ann won, Bob resigned
        for ws in (first, second):
            over = next_state(ws)
            assert over["legal"] is None and over["table"]["status"] == "finished"
            assert over["view"]["is_over"] and over["view"]["winners"] == [0]
            assert over["view"]["current"] is None and over["view"]["to_place"] == []
    assert table["status"] == "finished" and table["winners"] == [0]
    assert table["scores"] == scores  # as they stood: no end-of-game scoring
    assert table["moves"] == states[0]["last"] and table["ended"]
    assert [s["resigned"] for s in table["seats"]] == [False, True]
    assert table["seats"][1]["kind"] == "bot" and table["seats"][1]["name"] == "Bob"
    assert table["seats"][1]["rating_before"] is None  # a casual game rates nobody
    # no more moves, no second resignation, and Ann cannot resign a game over
    version = hall(client).get(table_id).version
    refused(client.post(f"/api/tables/{table_id}/resign", headers=auth(bob["token"])), 409,
            "resigned from this game already")
    refused(client.post(f"/api/tables/{table_id}/resign", headers=auth(ann or "")), 409,
            "the game is over")
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        assert seated(ws, ann)["view"]["is_over"]  # the token still shows Ann her seat
        ws.send_json({"type": "move", "move": {"tile": "BA/RCr", "at": [1, 0], "rotation": 0}})
        error = ws.receive_json()
        assert error["type"] == "error" and "over" in error["error"]
    assert client.get(f"/api/tables/{table_id}").json() == table
    assert hall(client).get(table_id).version == version
    # the record is of the moves played (a game not played to its end has no result)
    record = client.get(f"/api/tables/{table_id}/record").json()
    assert len(record["moves"]) == table["moves"] and "result" not in record


def test_the_game_goes_on_with_the_stand_in_while_two_players_are_left(
        client: TestClient) -> None:
    table_id, ann = new_table(client, [HUMAN, HUMAN, RANDOM], name="Ann")
    bob = client.post(f"/api/tables/{table_id}/join", json={"seat": 1, "name": "Bob"}).json()
    answer = client.post(f"/api/tables/{table_id}/resign", headers=auth(ann or ""))
    assert answer.status_code == 200, answer.text
    seat = answer.json()["seats"][0]
    assert seat["resigned"] and seat["kind"] == "bot" and seat["bot"] == stand_in()
    assert seat["name"] == "Ann" and answer.json()["status"] == "playing"
    refused(client.post(f"/api/tables/{table_id}/resign", headers=auth(ann or "")), 409,
            "resigned from this game already")
    # Bob and the random bot are left: Bob resigning ends it, the bot the winner
    # (the stand-in in Ann's seat plays meanwhile, as after "leave")
    answer = client.post(f"/api/tables/{table_id}/resign", headers=auth(bob["token"]))
    table = answer.json()
    assert table["status"] == "finished" and table["winners"] == [2]
    assert [s["resigned"] for s in table["seats"]] == [True, True, False]


def test_refusals_change_nothing(client: TestClient) -> None:
    waiting_id, host = new_table(client, [HUMAN, HUMAN], name="Host")
    before = client.get(f"/api/tables/{waiting_id}").json()
    refused(client.post(f"/api/tables/{waiting_id}/resign", headers=auth(host or "")), 409,
            "not started")
    table_id, ann = new_table(client, [HUMAN, RANDOM], name="Ann")
    playing = client.get(f"/api/tables/{table_id}").json()
    version = hall(client).get(table_id).version
    refused(client.post(f"/api/tables/{table_id}/resign"), 403, "seat token")  # a spectator
    refused(client.post(f"/api/tables/{table_id}/resign", headers=auth(host or "")), 403,
            "opens no seat")  # a token of another table
    refused(client.post("/api/tables/nosuchtable/resign", headers=auth(ann or "")), 404,
            "no table")
    assert client.get(f"/api/tables/{waiting_id}").json() == before
    now = client.get(f"/api/tables/{table_id}").json()
    assert [s["resigned"] for s in now["seats"]] == [False, False]
    assert now["status"] == playing["status"] == "playing"
    assert hall(client).get(table_id).version == version
    # a seat left to the stand-in is nobody's to resign
    client.post(f"/api/tables/{table_id}/leave", headers=auth(ann or ""))
    refused(client.post(f"/api/tables/{table_id}/resign", headers=auth(ann or "")), 403,
            "opens no seat")


def test_a_resignation_survives_a_restart(serve: Serve) -> None:
    with serve() as client:
        table_id, ann = new_table(client, [HUMAN, HUMAN, RANDOM], name="Ann")
        client.post(f"/api/tables/{table_id}/join", json={"seat": 1, "name": "Bob"})
        assert client.post(f"/api/tables/{table_id}/resign",
                           headers=auth(ann or "")).status_code == 200
        ended_id, cid = new_table(client, [HUMAN, HUMAN], name="Cid")
        client.post(f"/api/tables/{ended_id}/start", headers=auth(cid or ""))
        ended = client.post(f"/api/tables/{ended_id}/resign", headers=auth(cid or "")).json()
    with serve() as client:
        table = client.get(f"/api/tables/{table_id}").json()
        assert table["status"] == "playing" and table["seats"][0]["resigned"]
        assert table["seats"][0]["kind"] == "bot"
        refused(client.post(f"/api/tables/{table_id}/resign", headers=auth(ann or "")), 409,
                "resigned from this game already")
        assert client.get(f"/api/tables/{ended_id}").json() == ended
        with client.websocket_connect(f"/ws/tables/{ended_id}") as ws:
            state = next_state(ws)  # rebuilt from its moves, and still over
            assert state["view"]["is_over"] and state["view"]["winners"] == [1]


def test_a_resigned_seat_ranks_last_and_every_seat_shows_its_rating_change(
        serve: Serve, database_url: str) -> None:
    with serve(url=database_url) as client:
        resign_the_lead(client)


def resign_the_lead(client: TestClient) -> None:
    """Ann and Bob play a rated game until one leads (or near its end, the
    scores level); the leader (else Bob) resigns."""
    sign_up(client, "Ann")
    table_id, ann = new_table(client, [HUMAN, HUMAN], rated=True)
    sign_up(client, "Bob")  # this client is Bob now
    bob = client.post(f"/api/tables/{table_id}/join", json={"seat": 1}).json()
    client.cookies.clear()  # the seats are played by their tokens from here on
    with client.websocket_connect(f"/ws/tables/{table_id}") as first, \
            client.websocket_connect(f"/ws/tables/{table_id}") as second:
        states = [seated(first, ann), seated(second, bob["token"])]
        states = play_until([first, second], states,
                            lambda s: len(set(s["view"]["scores"])) > 1
                            or s["view"]["stack_size"] <= 2)
    assert not states[0]["view"]["is_over"]
    scores = states[0]["view"]["scores"]
    leader = 0 if scores[0] > scores[1] else 1  # (level scores: Bob)
    token = ann if leader == 0 else bob["token"]
    # the leader resigns (the session is Bob's: the token says whose seat)
    answer = client.post(f"/api/tables/{table_id}/resign", headers=auth(token or ""))
    assert answer.status_code == 200, answer.text
    table = answer.json()
    assert table["status"] == "finished" and table["winners"] == [1 - leader]
    assert table["scores"] == scores
    seats = table["seats"]
    for seat in seats:
        assert isinstance(seat["rating_before"], int) and isinstance(seat["rating_after"], int)
        assert seat["rating_before"] == 1500  # their first rated game
    # ranked last whatever the score (ahead or level): the leader loses rating,
    # the other gains
    assert seats[leader]["rating_after"] < 1500 < seats[1 - leader]["rating_after"]
    board = {p["name"]: p["rating"]
             for p in client.get("/api/leaderboard?family=base").json()["players"]
             if not p["calibrated"]}  # (the levels not yet played are listed too)
    assert board == {s["name"]: s["rating_after"] for s in seats}
    # the profile's finished game says the same
    profile = client.get(f"/api/players/{seats[leader]['name']}").json()
    game = next(g for g in profile["finished"] if g["id"] == table_id)
    assert game["seats"] == seats and game["your_seat"] == leader and game["ended"]
    assert profile["history"][-1]["rating"] == seats[leader]["rating_after"]


def test_a_rated_game_played_to_its_end_shows_each_seats_rating_before_and_after(
        client: TestClient) -> None:
    sign_up(client, "Ann")
    for _ in range(2):
        table_id, token = new_table(client, [HUMAN, RANDOM], rated=True)
        client.post(f"/api/tables/{table_id}/leave", headers=auth(token or ""))
        table = wait_for(client, table_id, "finished")
        assert not any(s["resigned"] for s in table["seats"])
    first_game, second_game = [g for g in client.get("/api/players/Ann").json()["finished"]][::-1]
    history = client.get("/api/players/Ann").json()["history"]
    assert [first_game["seats"][0]["rating_after"], second_game["seats"][0]["rating_after"]] == [
        e["rating"] for e in history]
    # a game's "before" is the rating its last game left
    assert first_game["seats"][0]["rating_before"] == 1500
    assert second_game["seats"][0]["rating_before"] == first_game["seats"][0]["rating_after"]
    assert second_game["seats"][1]["rating_before"] == first_game["seats"][1]["rating_after"]
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        assert next_state(ws)["table"]["seats"] == second_game["seats"]


def test_who_is_logged_in_is_asked_without_an_error(client: TestClient) -> None:
    visitor = client.get("/api/session")
    assert visitor.status_code == 200 and visitor.json() == {"name": None, "language": None}
    sign_up(client, "Ann")
    assert client.get("/api/session").json() == {"name": "Ann", "language": None}
    client.delete("/api/session")
    assert client.get("/api/session").json() == {"name": None, "language": None}


def test_recomputing_gives_the_same_figures_and_fills_in_those_of_older_games(
        serve: Serve, sqlite_url: str, capsys: Any) -> None:
    with serve() as client:
        sign_up(client, "Ann")
        resigned_id, token = new_table(client, [HUMAN, RANDOM], rated=True)
        client.post(f"/api/tables/{resigned_id}/resign", headers=auth(token or ""))
        left_id, token = new_table(client, [HUMAN, RANDOM], rated=True)
        client.post(f"/api/tables/{left_id}/leave", headers=auth(token or ""))
        before = {table_id: wait_for(client, table_id, "finished")["seats"]
                  for table_id in (resigned_id, left_id)}
        assert before[resigned_id][0]["resigned"] and not before[left_id][0]["resigned"]
        assert before[left_id][0]["rating_before"] == before[resigned_id][0]["rating_after"]
        # a game stored before the figures were kept: its result without them
        store = hall(client).store
        with store.engine.begin() as connection:
            result = connection.execute(select(TableRow.result).where(
                TableRow.id == left_id)).scalar()
            connection.execute(update(TableRow).where(TableRow.id == left_id).values(
                result={"scores": result["scores"], "winners": result["winners"]}))
    with serve() as client:
        assert client.get(f"/api/tables/{left_id}").json()["seats"][0]["rating_after"] is None
    assert main(["ratings", "--recompute", "--database", sqlite_url]) == 0
    assert "rated 2 games again" in capsys.readouterr().out
    with serve() as client:
        for table_id, seats in before.items():
            assert client.get(f"/api/tables/{table_id}").json()["seats"] == seats


def test_a_resignation_loses_a_competition_game_whatever_the_score(
        client: TestClient) -> None:
    sign_up(client, "Ann")
    made = client.post("/api/competitions", json={"name": "Cup", "format": "league",
                                                  "games": 1, "entrants": [{"bot": "random"}]})
    event_id = made.json()["id"]
    client.post(f"/api/competitions/{event_id}/entrants", json={})
    client.post(f"/api/competitions/{event_id}/start")
    match = client.get("/api/me").json()["matches"][0]["match"]
    table_id = client.post(f"/api/competitions/{event_id}/matches/{match}/play").json()["table"]
    # Ann resigns at once: most often 0 to 0 (the bot may have moved first),
    # which as scores alone would be a draw
    table = client.post(f"/api/tables/{table_id}/resign").json()
    assert table["status"] == "finished"
    deadline = time.monotonic() + 300
    while (event := client.get(f"/api/competitions/{event_id}").json())["status"] != "finished":
        assert time.monotonic() < deadline, event
        time.sleep(0.05)
    rows = {row["name"]: row for row in event["stages"][0]["standings"][0]}
    assert rows["Random bot"]["wins"] == 1 and rows["Ann"]["losses"] == 1
    assert event["winner"] == "Random bot"
    # the game itself shows its scores as they stood
    games = event["stages"][0]["rounds"][0]["matches"][0]["games"]
    assert games[0]["scores"] == table["scores"]
