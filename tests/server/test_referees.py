"""A competition's officials through the HTTP API: referees named at the
start and changed by the organizer, a game decided while its table is being
played (the table ended, the competition going on from the decision), a
disqualification, a replacement by a bot and by a player, a reopened game
at a new table, the refusals, and the audit log kept across a restart."""

from __future__ import annotations

import time
from typing import Any

from fastapi.testclient import TestClient
from server_helpers import PATIENCE, Serve

PASSWORD = "correct horse battery"


def person(client: TestClient, name: str) -> TestClient:
    """A new browser of the same app, signed up (and logged in) as ``name``."""
    other = TestClient(client.app)
    answer = other.post("/api/accounts", json={"name": name, "password": PASSWORD})
    assert answer.status_code == 201, answer.text
    return other


def view(client: TestClient, event_id: str) -> dict[str, Any]:
    answer = client.get(f"/api/competitions/{event_id}")
    assert answer.status_code == 200, answer.text
    event: dict[str, Any] = answer.json()
    return event


def decide(client: TestClient, event_id: str, **body: Any) -> Any:
    return client.post(f"/api/competitions/{event_id}/decisions", json=body)


def match_of(event: dict[str, Any], *names: str) -> dict[str, Any]:
    for stage in event["stages"]:
        for one in stage["rounds"]:
            for match in one["matches"]:
                if set(names) <= set(match["entrants"]):
                    return match  # type: ignore[no-any-return]
    raise AssertionError(f"no match of {names}")


def table_status(client: TestClient, table_id: str, status: str) -> dict[str, Any]:
    deadline = time.monotonic() + PATIENCE
    while True:
        table: dict[str, Any] = client.get(f"/api/tables/{table_id}").json()
        if table["status"] == status or time.monotonic() > deadline:
            assert table["status"] == status, table
            return table
        time.sleep(0.05)


def league(organizer: TestClient, *players: str, **body: Any) -> dict[str, Any]:
    answer = organizer.post("/api/competitions", json={
        "name": "Spring", "format": "league", "games": 1,
        "entrants": [{"player": name} for name in players], **body})
    assert answer.status_code == 201, answer.text
    event: dict[str, Any] = answer.json()
    started = organizer.post(f"/api/competitions/{event['id']}/start")
    assert started.status_code == 200, started.text
    return view(organizer, event["id"])


def play_now(client: TestClient, event_id: str, match: str) -> Any:
    answer = client.post(f"/api/competitions/{event_id}/matches/{match}/play")
    assert answer.status_code == 200, answer.text
    return answer.json()


def test_a_referee_decides_a_game_being_played_and_it_is_in_the_log(
        serve: Serve, database_url: str) -> None:
    with serve(url=database_url) as client:
        olga = person(client, "Olga")
        rita = person(client, "Rita")
        ann, bob = person(client, "Ann"), person(client, "Bob")
        event = league(olga, "Ann", "Bob", referees=["Rita"])
        event_id = event["id"]
        assert event["referees"] == ["Olga", "Rita"]
        assert "referees" not in event["setup"] and "audit" not in event["setup"]
        assert [(e["kind"], e["referee"], e["by"]) for e in event["audit"]] == [
            ("referee_added", "Rita", "Olga")]
        match = match_of(event, "Ann", "Bob")
        play_now(ann, event_id, match["id"])
        table = play_now(bob, event_id, match["id"])["table"]
        assert table_status(client, table, "playing")["status"] == "playing"
        reason = "The server crashed at move 40; both players agreed to the scores."
        answer = decide(rita, event_id, kind="result", match=match["id"], game=1,
                        scores={"Ann": 88, "Bob": 71}, reason=reason)
        assert answer.status_code == 200, answer.text
        event = answer.json()
        assert event["status"] == "finished" and event["winner"] == "Ann"
        game = match_of(event, "Ann", "Bob")["games"][0]
        assert game["scores"] == ([88, 71] if game["seats"][0] == "Ann" else [71, 88])
        assert game["status"] == "abandoned" and game["table"] == table
        assert game["decision"]["by"] == "Rita" and game["decision"]["reason"] == reason
        entry = event["audit"][-1]
        assert (entry["kind"], entry["by"], entry["match"], entry["game"], entry["reason"]) == (
            "result", "Rita", match["id"], 1, reason)
        assert entry["scores"] == {"Ann": 88, "Bob": 71}
        table_status(client, table, "abandoned")  # the table being played was ended
    with serve(url=database_url) as client:  # the log is kept for good
        again = view(client, event_id)
        assert again["audit"] == event["audit"] and again["winner"] == "Ann"
        assert match_of(again, "Ann", "Bob")["games"][0]["decision"]["by"] == "Rita"


def test_the_organizer_changes_the_referees_and_only_officials_decide(
        client: TestClient) -> None:
    olga = person(client, "Olga")
    rita = person(client, "Rita")
    ann, bob = person(client, "Ann"), person(client, "Bob")
    event = league(olga, "Ann", "Bob")
    event_id = event["id"]
    match = match_of(event, "Ann", "Bob")["id"]
    body = {"kind": "result", "match": match, "winner": "Ann", "reason": "no-show, agreed"}
    assert decide(rita, event_id, **body).status_code == 403
    assert rita.post(f"/api/competitions/{event_id}/referees",
                     json={"add": "Rita"}).status_code == 403  # the organizer names them
    added = olga.post(f"/api/competitions/{event_id}/referees", json={"add": "Rita"})
    assert added.status_code == 200 and added.json()["referees"] == ["Olga", "Rita"]
    for asked, status, words in [
            ({"add": "Rita"}, 409, "a referee already"),
            ({"add": "Olga"}, 409, "always a referee"),
            ({"add": "Nobody"}, 404, "no player"),
            ({"remove": "Bob"}, 409, "not a referee"),
            ({"add": "Bob", "remove": "Rita"}, 400, "send"),
            ({}, 400, "send")]:
        answer = olga.post(f"/api/competitions/{event_id}/referees", json=asked)
        assert answer.status_code == status and words in answer.json()["error"], answer.text
    for asked, status, words in [
            ({**body, "reason": None}, 400, "written reason"),
            ({**body, "reason": "ok"}, 400, "3 to 1000"),
            ({**body, "reason": "x" * 1001}, 400, "3 to 1000"),
            ({**body, "reason": "bad\x07bell"}, 400, "control"),
            ({**body, "kind": "pardon"}, 400, "kind must be"),
            ({**body, "match": "9.9.9"}, 404, "no match"),
            ({**body, "winner": "Zed"}, 404, "not an entrant"),
            ({**body, "scores": {"Ann": 1, "Bob": 2}}, 400, "not both"),
            ({"kind": "result", "match": match, "scores": {"Ann": 1, "Bob": 2},
              "reason": "why not"}, 400, "name the game"),
            ({"kind": "result", "match": match, "game": 1, "scores": {"Ann": 1},
              "reason": "why not"}, 409, "a score for each"),
            ({"kind": "reopen", "match": match, "game": 1, "reason": "why not"}, 409,
             "has not been played"),
            ({"kind": "replace", "entrant": "Bob", "by": {"player": "Ann"},
              "reason": "a reserve"}, 409, "already"),
            ({"kind": "replace", "entrant": "Bob", "by": {"bot": "nobody"},
              "reason": "a reserve"}, 400, "unknown bot")]:
        answer = decide(rita, event_id, **asked)
        assert answer.status_code == status and words in answer.json()["error"], answer.text
    assert decide(ann, event_id, **body).status_code == 403  # a player is no official
    olga.post(f"/api/competitions/{event_id}/referees", json={"add": "Ann"})
    mine = decide(ann, event_id, **body)  # a referee playing in the match
    assert mine.status_code == 403 and "another official" in mine.json()["error"]
    removed = olga.post(f"/api/competitions/{event_id}/referees",
                        json={"remove": "Rita", "reason": "stepped down"})
    assert removed.json()["referees"] == ["Olga", "Ann"]
    assert decide(rita, event_id, **body).status_code == 403
    event = view(client, event_id)
    assert event["status"] == "running"  # nothing was decided
    assert [(e["kind"], e["referee"], e["reason"]) for e in event["audit"]] == [
        ("referee_added", "Rita", None), ("referee_added", "Ann", None),
        ("referee_removed", "Rita", "stepped down")]
    assert bob.get(f"/api/competitions/{event_id}").status_code == 200


def test_a_disqualified_entrant_forfeits_and_a_reopened_game_opens_again(
        client: TestClient) -> None:
    olga = person(client, "Olga")
    players = {name: person(client, name) for name in ("Ann", "Bob", "Cid")}
    event = league(olga, "Ann", "Bob", "Cid")  # three: a bye a round
    event_id = event["id"]
    first = event["stages"][0]["rounds"][0]["matches"][0]
    a, b = first["entrants"]
    play_now(players[a], event_id, first["id"])
    table = play_now(players[b], event_id, first["id"])["table"]
    out = decide(olga, event_id, kind="disqualify", entrant=a,
                 reason="Abusive messages in the match thread.")
    assert out.status_code == 200, out.text
    event = out.json()
    assert event["disqualified"] == [a]
    for match in [m for r in event["stages"][0]["rounds"] for m in r["matches"]]:
        if a in match["entrants"]:  # every match of theirs, this round and later
            assert match["forfeited"] == [a] and match["result"]["winner"] != a
    table_status(client, table, "abandoned")
    assert decide(olga, event_id, kind="disqualify", entrant=a,
                  reason="again").status_code == 409
    assert decide(olga, event_id, kind="reopen", match=first["id"], game=1,
                  reason="try").status_code == 409  # forfeited by the disqualified
    entry = event["audit"][-1]
    assert (entry["kind"], entry["entrant"], entry["by"]) == ("disqualify", a, "Olga")
    # the two left play their match; its game is reopened after a crash
    left = [name for name in players if name != a]
    match = match_of(event, *left)
    for name in left:
        answer = play_now(players[name], event_id, match["id"])
    crashed = answer["table"]
    decided = decide(olga, event_id, kind="result", match=match["id"], game=1,
                     winner=left[0], reason="Crash: scored as it stood.")
    assert decided.status_code == 200, decided.text
    assert decided.json()["status"] == "finished"
    game = match_of(decided.json(), *left)["games"][0]
    assert game["decision"]["reason"] == "Crash: scored as it stood."
    late = decide(olga, event_id, kind="reopen", match=match["id"], game=1, reason="a replay")
    assert late.status_code == 409  # the competition is over
    assert table_status(client, crashed, "abandoned")["status"] == "abandoned"


def test_a_game_is_reopened_at_a_new_table(client: TestClient) -> None:
    olga = person(client, "Olga")
    ann, bob = person(client, "Ann"), person(client, "Bob")
    event = league(olga, "Ann", "Bob", games=2)
    event_id = event["id"]
    match = match_of(event, "Ann", "Bob")["id"]
    play_now(ann, event_id, match)
    first = play_now(bob, event_id, match)["table"]
    decided = decide(olga, event_id, kind="result", match=match, game=1,
                     scores={"Ann": 10, "Bob": 20}, reason="A disconnection at the end.")
    games = match_of(decided.json(), "Ann", "Bob")["games"]
    assert games[0]["decision"] and games[1]["table"] not in (None, first)  # game 2 opens
    reopened = decide(olga, event_id, kind="reopen", match=match, game=1,
                      reason="The players found the scores were wrong.")
    assert reopened.status_code == 200, reopened.text
    games = match_of(reopened.json(), "Ann", "Bob")["games"]
    assert "decision" not in games[0] and games[0]["table"] not in (None, first)
    assert reopened.json()["audit"][-1]["kind"] == "reopen"
    assert table_status(client, games[0]["table"], "playing")["status"] == "playing"


def test_an_entrant_is_replaced_by_a_bot_then_by_a_player(client: TestClient) -> None:
    olga = person(client, "Olga")
    ann, dan = person(client, "Ann"), person(client, "Dan")
    person(client, "Bob")
    event = league(olga, "Ann", "Bob", games=2)
    event_id = event["id"]
    match = match_of(event, "Ann", "Bob")["id"]
    swapped = decide(olga, event_id, kind="replace", entrant="Bob", by={"player": "Dan"},
                     reason="Bob withdrew; Dan is the first reserve.")
    assert swapped.status_code == 200, swapped.text
    assert swapped.json()["replaced"] == [{"entrant": "Bob", "by": "Dan"}]
    mine = dan.get("/api/me").json()["matches"]
    assert [(m["match"], m["opponents"]) for m in mine] == [(match, ["Ann"])]
    play_now(ann, event_id, match)
    table_id = play_now(dan, event_id, match)["table"]
    table = client.get(f"/api/tables/{table_id}").json()
    assert sorted(s["account"] for s in table["seats"]) == ["Ann", "Dan"]
    by_bot = decide(olga, event_id, kind="replace", entrant="Bob", by={"bot": "random"},
                    reason="Dan cannot play the second game.")
    assert by_bot.json()["replaced"] == [{"entrant": "Bob", "by": "Random bot"}]
    assert by_bot.json()["audit"][-1]["replacement"] == "Random bot"
    assert dan.get("/api/me").json()["matches"] == []
    decided = decide(olga, event_id, kind="result", match=match, game=1,
                     scores={"Ann": 30, "Bob": 40}, reason="Dan left the table at move 12.")
    assert decided.status_code == 200, decided.text
    second = match_of(decided.json(), "Ann", "Bob")["games"][1]
    assert second["table"] not in (None, table_id)
    seats = client.get(f"/api/tables/{second['table']}").json()["seats"]
    assert sorted((s["kind"], s["account"]) for s in seats) == [("bot", None), ("human", "Ann")]
    table_status(client, table_id, "abandoned")
