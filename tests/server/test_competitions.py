"""Competitions run by the server, from ``POST /api/competitions`` to the
winner: a league of bots with two games a match and seats swapped, a
three-stage event (groups, knockout, a title match against the holder of
the series' previous season), a player's match ("play now", the games, the
standings moving), round deadlines (forfeits, on a clock the test moves),
a restart in the middle, and the refusals."""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta
from typing import Any

from fastapi.testclient import TestClient
from server_helpers import PATIENCE, Serve, hall, play_turns

PASSWORD = "correct horse battery"


def sign_up(client: TestClient, name: str) -> None:
    answer = client.post("/api/accounts", json={"name": name, "password": PASSWORD})
    assert answer.status_code == 201, answer.text


def create(client: TestClient, **body: Any) -> dict[str, Any]:
    answer = client.post("/api/competitions", json={"name": "Spring", **body})
    assert answer.status_code == 201, answer.text
    event: dict[str, Any] = answer.json()
    return event


def finished(client: TestClient, event_id: str, seconds: float = 4 * PATIENCE) -> dict[str, Any]:
    """Poll the competition until it is finished (its bots play meanwhile)."""
    end = time.monotonic() + seconds
    while True:
        event: dict[str, Any] = client.get(f"/api/competitions/{event_id}").json()
        if event["status"] == "finished" or time.monotonic() > end:
            assert event["status"] == "finished", event
            return event
        time.sleep(0.05)


def matches(event: dict[str, Any], stage: int = 0) -> list[dict[str, Any]]:
    return [m for r in event["stages"][stage]["rounds"] for m in r["matches"]]


def test_a_league_of_four_bots_plays_every_pairing_twice_with_seats_swapped(
        client: TestClient) -> None:
    sign_up(client, "Olga")
    bots = [{"bot": "random"}, {"bot": "greedy"}, {"bot": "random"}, {"bot": "easy"}]
    event = create(client, format="league", games=2, entrants=bots)
    assert event["status"] == "open"
    assert [e["name"] for e in event["entrants"]] == [
        "Random bot", "Greedy bot", "Random bot 2", "Easy bot"]
    started = client.post(f"/api/competitions/{event['id']}/start")
    assert started.status_code == 200, started.text
    event = finished(client, event["id"])
    played = matches(event)
    assert len(played) == 6  # every pair of four once
    pairs = {frozenset(m["entrants"]) for m in played}
    assert len(pairs) == 6
    tables = hall(client).tables
    points = dict.fromkeys((e["name"] for e in event["entrants"]), 0.0)
    for match in played:
        first, second = match["games"]
        assert second["seats"] == first["seats"][::-1]  # seats swapped
        assert tables[first["table"]].stack == tables[second["table"]].stack  # duplicate
        won = dict.fromkeys(match["entrants"], 0.0)
        for game in match["games"]:  # the result, read again from the tables
            scores = dict(zip(game["seats"], tables[game["table"]].result["scores"],
                              strict=True))
            best = max(scores.values())
            top = [name for name, score in scores.items() if score == best]
            for name in top:
                won[name] += 1 / len(top)
        a, b = match["entrants"]
        winner = a if won[a] > won[b] else b if won[b] > won[a] else None
        assert match["result"]["winner"] == winner
        for name in (a, b):
            points[name] += 1 if winner is None else 2 * (name == winner)
    standings = event["stages"][0]["standings"][0]
    assert [row["played"] for row in standings] == [3, 3, 3, 3]
    assert {row["name"]: row["points"] for row in standings} == points
    assert [row["points"] for row in standings] == sorted(points.values(), reverse=True)
    assert event["winner"] == standings[0]["name"]
    assert sum(points.values()) == 12


def test_groups_then_a_knockout_then_a_title_match_against_the_holder(
        client: TestClient) -> None:
    sign_up(client, "Olga")
    last = create(client, name="Cup 2025", series="Cup", format="knockout",
                  entrants=[{"bot": "easy"}, {"bot": "random"}])
    client.post(f"/api/competitions/{last['id']}/start")
    holder = finished(client, last["id"])["winner"]
    assert holder in ("Easy bot", "Random bot")
    entrants = [{"bot": "greedy"}, {"bot": "random"}, {"bot": "greedy"}, {"bot": "random"}]
    if holder == "Random bot":
        entrants = [{"bot": "greedy"}, {"bot": "easy"}, {"bot": "greedy"}, {"bot": "easy"}]
    event = create(client, name="Cup 2026", series="Cup", format="groups_knockout", groups=2,
                   advance=1, games=1, title_games=3, entrants=entrants)
    client.post(f"/api/competitions/{event['id']}/start")
    event = finished(client, event["id"])
    assert event["holder"] == holder
    groups, knockout, title = event["stages"]
    assert [s["kind"] for s in event["stages"]] == ["league", "knockout", "title"]
    assert len(groups["groups"]) == 2 and all(len(g) == 2 for g in groups["groups"])
    group_winners = {table[0]["name"] for table in groups["standings"]}
    final = knockout["rounds"][-1]["matches"][0]
    assert set(final["entrants"]) == group_winners
    challenger = final["result"]["winner"]
    match = title["rounds"][0]["matches"][0]
    assert match["entrants"] == [holder, challenger] and match["best_of"]
    assert 2 <= len([g for g in match["games"] if g["table"]]) <= 3
    assert match["result"]["winner"] == event["winner"]
    # a best-of-3 stops once decided: nobody plays a game that cannot matter
    wins = [line["wins"] for line in match["result"]["lines"]]
    assert max(wins) >= 2 or match["result"]["played"] == 3
    series = client.get("/api/competitions?series=Cup").json()["competitions"]
    assert [c["name"] for c in series] == ["Cup 2026", "Cup 2025"]
    assert [h["winner"] for h in event["holders"]] == [holder, event["winner"]]


def test_a_swiss_of_five_gives_one_bye_a_round_and_never_repeats_a_pairing(
        client: TestClient) -> None:
    sign_up(client, "Olga")
    event = create(client, format="swiss", games=1, entrants=[{"bot": "random"}] * 5)
    client.post(f"/api/competitions/{event['id']}/start")
    event = finished(client, event["id"])
    stage = event["stages"][0]
    assert stage["kind"] == "swiss" and len(stage["rounds"]) == 3  # ceil(log2 5)
    pairs = [frozenset(m["entrants"]) for r in stage["rounds"] for m in r["matches"]]
    assert len(pairs) == len(set(pairs)) == 6
    byes = [name for r in stage["rounds"] for name in r["byes"]]
    assert len(byes) == len(set(byes)) == 3
    rows = stage["standings"][0]
    points = {row["name"]: row["points"] for row in rows}
    for row in rows:  # Buchholz, where the order needed it: the opponents' points
        order = list(row["tiebreaks"])
        assert order == ["buchholz", "head_to_head", "games", "score"][:len(order)]
        if "buchholz" in row["tiebreaks"]:
            met = [other for pair in pairs if row["name"] in pair for other in pair
                   if other != row["name"]]
            assert row["tiebreaks"]["buchholz"] == sum(points[name] for name in met)
    assert sum(row["byes"] for row in rows) == 3 and event["winner"] == rows[0]["name"]


def test_a_league_at_tables_of_three(client: TestClient) -> None:
    sign_up(client, "Olga")
    event = create(client, format="league", games=1, table_size=3,
                   entrants=[{"bot": "random"}] * 6)
    client.post(f"/api/competitions/{event['id']}/start")
    event = finished(client, event["id"])
    tables = hall(client).tables
    for match in matches(event):
        assert len(match["entrants"]) == 3
        assert len(tables[match["games"][0]["table"]].seats) == 3
    rows = event["stages"][0]["standings"][0]
    assert len({row["played"] for row in rows}) == 1  # everyone played as often


def test_a_player_presses_play_now_plays_the_match_and_the_standings_move(
        client: TestClient) -> None:
    sign_up(client, "Ann")
    event = create(client, format="league", games=2, entrants=[{"bot": "random"}])
    joined = client.post(f"/api/competitions/{event['id']}/entrants", json={})
    assert joined.status_code == 200 and [e["name"] for e in joined.json()["entrants"]] == [
        "Random bot", "Ann"]
    client.post(f"/api/competitions/{event['id']}/start")
    mine = client.get("/api/me").json()["matches"]
    assert len(mine) == 1 and mine[0]["opponents"] == ["Random bot"] and not mine[0]["ready"]
    assert mine[0]["table"] is None  # nothing starts before the player is there
    answer = client.post(f"/api/competitions/{event['id']}/matches/{mine[0]['match']}/play")
    assert answer.status_code == 200 and answer.json()["table"] is not None
    for game in (1, 2):
        table = my_table(client, f"game {game}")
        table_id = table["id"]
        assert "Ann" in [s["account"] for s in table["seats"]]
        with client.websocket_connect(f"/ws/tables/{table_id}") as ws:  # the session's seat
            final, _ = play_turns(ws, seed=game)
        assert final["view"]["is_over"]
        standings = client.get(f"/api/competitions/{event['id']}").json()
        if game == 1:
            assert standings["status"] == "running"
    event = finished(client, event["id"])
    rows = {row["name"]: row for row in event["stages"][0]["standings"][0]}
    assert rows["Ann"]["played"] == 1 and rows["Random bot"]["played"] == 1
    assert rows["Ann"]["points"] + rows["Random bot"]["points"] == 2
    assert client.get("/api/me").json()["matches"] == []


def my_table(client: TestClient, name_end: str, seconds: float = PATIENCE) -> dict[str, Any]:
    """The table of the player's match once its name ends with ``name_end``
    (the next game's table is opened by the server shortly after the last
    game ends, not within the move that ended it)."""
    deadline = time.monotonic() + seconds
    while True:
        table_id = client.get("/api/me").json()["matches"][0]["table"]
        table = client.get(f"/api/tables/{table_id}").json() if table_id else {"name": ""}
        if table["name"].endswith(name_end) or time.monotonic() > deadline:
            assert table["name"].endswith(name_end), table["name"]
            return table
        time.sleep(0.05)


class FakeTime:
    def __init__(self) -> None:
        self.moment = datetime(2026, 4, 1, tzinfo=UTC)

    def now(self) -> datetime:
        return self.moment


def test_matches_not_played_by_their_deadline_are_forfeited_across_a_restart(
        serve: Serve) -> None:
    clock = FakeTime()
    with serve(now=clock.now, time_check=None) as client:
        for name in ("Bob", "Carl", "Ann"):  # Ann stays logged in
            sign_up(client, name)
        events = [create(client, name=name, games=1, round_deadline=86400, entrants=entrants)
                  for name, entrants in [
                      ("Ann comes", [{"player": "Bob"}, {"player": "Ann"}]),
                      ("the bot is there", [{"player": "Bob"}, {"bot": "random"}]),
                      ("nobody comes", [{"player": "Bob"}, {"player": "Carl"}])]]
        for event in events:
            client.post(f"/api/competitions/{event['id']}/start")
        first = client.get(f"/api/competitions/{events[0]['id']}").json()["stages"][0]
        assert first["rounds"][0]["deadline"] == (clock.now() + timedelta(days=1)).isoformat()
    clock.moment += timedelta(hours=23)
    with serve(now=clock.now, time_check=None) as client:  # a restart meanwhile
        client.post("/api/session", json={"name": "Ann", "password": PASSWORD})
        mine = client.get("/api/me").json()["matches"]
        assert [m["opponents"] for m in mine] == [["Bob"]]
        ready = client.post(f"/api/competitions/{events[0]['id']}/matches/"
                            f"{mine[0]['match']}/play").json()
        assert ready["table"] is None and ready["waiting_for"] == ["Bob"]
        client.portal.call(hall(client).keep_time)  # type: ignore[union-attr]
        assert all(client.get(f"/api/competitions/{e['id']}").json()["status"] == "running"
                   for e in events)
        clock.moment += timedelta(hours=1)
        client.portal.call(hall(client).keep_time)  # type: ignore[union-attr]
        results = []
        for event in events:
            event = client.get(f"/api/competitions/{event['id']}").json()
            assert event["status"] == "finished"
            match = matches(event)[0]
            assert all(game["table"] is None for game in match["games"])  # none was played
            results.append((match["forfeited"], match["result"]["winner"], event["winner"]))
        assert results == [(["Bob"], "Ann", "Ann"), (["Bob"], "Random bot", "Random bot"),
                           (["Bob", "Carl"], None, None)]
        nobody = client.get(f"/api/competitions/{events[2]['id']}").json()
        assert [row["points"] for row in nobody["stages"][0]["standings"][0]] == [0, 0]


def test_refusals(client: TestClient) -> None:
    anonymous = client.post("/api/competitions", json={"name": "X"})
    assert anonymous.status_code == 401
    sign_up(client, "Olga")
    for body, words in [({"name": "X", "format": "ladder"}, "format must be"),
                        ({"name": "X", "games": 0}, "games must be"),
                        ({"name": "X", "groups": 2}, "groups are for"),
                        ({"name": "X", "entrants": [{"bot": "nobody"}]}, "unknown bot"),
                        ({"name": "X", "entrants": [{"player": "Nobody"}]}, "no player"),
                        ({"name": "X", "points": {"win": 1, "draw": 2}}, "points must"),
                        ({"name": "X", "table_size": 3, "format": "swiss"}, "tables of 3")]:
        answer = client.post("/api/competitions", json=body)
        assert answer.status_code in (400, 404) and words in answer.json()["error"], answer.text
    assert client.get("/api/competitions").json()["competitions"] == []
    event = create(client, entrants=[{"bot": "random"}])
    early = client.post(f"/api/competitions/{event['id']}/start")
    assert early.status_code == 409 and "at least 2" in early.json()["error"]
    client.post(f"/api/competitions/{event['id']}/entrants", json={})
    again = client.post(f"/api/competitions/{event['id']}/entrants", json={})
    assert again.status_code == 409 and "already entered" in again.json()["error"]
    other = TestClient(client.app)
    sign_up(other, "Mallory")
    assert other.post(f"/api/competitions/{event['id']}/start").status_code == 403
    assert other.post(f"/api/competitions/{event['id']}/entrants",
                      json={"bot": "greedy"}).status_code == 403
    assert client.get(f"/api/competitions/{event['id']}").json()["status"] == "open"
    missing = client.get("/api/competitions/nope")
    assert missing.status_code == 404
