"""The HTTP lobby of docs/server.md: tables, seats, tokens, records, errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from httpx import Response
from server_helpers import HUMAN, RANDOM, Serve, auth, new_table, wait_for

from carcassonne import Game
from carcassonne.bots import BOTS
from carcassonne.engine.options import OPTION_SPECS
from carcassonne.engine.setup import SUPPORTED_SETS
from carcassonne.server.bots import stand_in
from carcassonne.tiles import SET_NAMES, TILES, TILES_BY_SET

#: What a seat says of the end of a game while it has none: no resignation, no rating.
UNPLAYED = {"resigned": False, "rating_before": None, "rating_after": None}


def refused(answer: Response, status: int, words: str = "") -> dict:
    """``answer`` is an error of ``status`` in the protocol's form."""
    assert answer.status_code == status, answer.text
    body = answer.json()
    assert set(body) == {"error", "rule"} and isinstance(body["error"], str), body
    assert words in body["error"], body
    return body


def test_health(client: TestClient) -> None:
    assert client.get("/api/health").json() == {"ok": True}


def test_catalogue_lists_sets_options_bots_and_tiles_as_the_files_say(
        client: TestClient) -> None:
    data = client.get("/api/catalogue").json()
    assert list(data) == ["sets", "options", "bots", "bot_kinds", "start", "tiles", "wonders",
                          "presets"]
    assert data["sets"] == list(SUPPORTED_SETS) and data["start"] == "BA/RCr"
    # the levels from the weakest (docs/bots.md), then the training bots
    assert data["bots"] == ["easy", "friendly", "medium", "hard", "expert", "random",
                            "greedy"]
    assert sorted(data["bots"]) == sorted(BOTS)
    assert data["bot_kinds"] == {"easy": "level", "friendly": "level", "medium": "level",
                                 "hard": "level", "expert": "level",
                                 "random": "training", "greedy": "training"}
    farmers = next(o for o in data["options"] if o["name"] == "farmers")
    assert farmers == {"name": "farmers", "default": True, "allowed": [True, False],
                       "set": "base"}
    # every option of the playable sets, grouped by set in the sets' order
    assert [o["name"] for o in data["options"]] == [
        name for set_name in SUPPORTED_SETS for name, spec in OPTION_SPECS.items()
        if spec[2] == set_name]
    # every tile of every set, playable or not, so that any record can be drawn
    assert set(data["tiles"]) == {t.id for s in SET_NAMES for t in TILES_BY_SET[s]}
    assert sum(t["count"] for t in data["tiles"].values()) == sum(
        t.count for s in SET_NAMES for t in TILES_BY_SET[s])
    start = data["tiles"]["BA/RCr"]
    assert start == {"set": "base", "count": 4, "edges": "CRFR", "cities": [{"at": ["N"]}],
                     "roads": [{"at": ["W", "E"]}],
                     "fields": [{"at": ["EL", "WR"], "cities": ["N"]},
                                {"at": ["ER", "SL", "SR", "WL"]}],
                     "monastery": False}
    assert data["tiles"]["BA/L"]["monastery"] is True
    assert data["tiles"]["BA/Cccc+"]["cities"] == TILES["BA/Cccc+"].data["cities"]


def test_catalogue_tiles_carry_what_is_drawn_on_them(client: TestClient) -> None:
    """The River's water, spring and lake, The Abbot's gardens and the
    markers of The Princess & the Dragon reach the client (RIVER-1, ABBOT-3,
    PD-1), and a plain tile carries none of them."""
    tiles = client.get("/api/catalogue").json()["tiles"]
    assert tiles["RI/s"]["river"] == [{"at": ["E"]}] and tiles["RI/s"]["spring"] is True
    assert tiles["RI.1/I.e"]["lake"] is True
    assert tiles["RI.1/RIrI"]["river"] == [{"at": ["N", "S"]}]  # the bridge
    assert tiles["RI.1/RIrI"]["roads"] == [{"at": ["W", "E"]}]
    gardens = {i: t for i, t in tiles.items() if t.get("garden")}
    assert len(gardens) == len(TILES_BY_SET["abbot"]) == 15
    assert all(t["set"] == "abbot" and t["garden_field"] and t["garden_of"] in tiles
               for t in gardens.values())
    assert tiles["BA/RrG"]["garden_field"] == "NL"
    pd = [t for t in tiles.values() if t["set"] == "princess_dragon"]
    assert sum(t["count"] for t in pd if t.get("volcano")) == 6
    assert sum(t["count"] for t in pd if t.get("dragon")) == 12
    assert sum(t["count"] for t in pd if t.get("portal")) == 6
    assert sum(t["count"] for t in pd if any(c.get("princess") for c in t["cities"])) == 6
    marks = ("river", "spring", "lake", "garden", "volcano", "dragon", "portal")
    assert not any(key in tiles["BA/RCr"] for key in marks)


def test_catalogue_offers_each_expansion_with_its_elements(client: TestClient) -> None:
    data = client.get("/api/catalogue").json()
    if "inns_cathedrals" not in data["sets"]:
        pytest.skip("Inns & Cathedrals is not playable yet")
    by_set: dict[str, list[str]] = {}
    for option in data["options"]:
        by_set.setdefault(option["set"], []).append(option["name"])
    assert by_set["inns_cathedrals"] == ["large_meeple", "inns", "cathedrals",
                                         "incomplete_inn_cathedral"]
    incomplete = next(o for o in data["options"] if o["name"] == "incomplete_inn_cathedral")
    assert incomplete["default"] == "zero" and incomplete["allowed"] == ["zero", "normal"]
    # the tiles carry what the client draws: inns, cathedrals, goods
    assert data["tiles"]["IC/Cccc.c"]["cities"] == [
        {"at": ["N", "W", "S", "E"], "cathedral": True}]
    assert any(r.get("inn") for r in data["tiles"]["IC/RFr.i"]["roads"])
    if "traders_builders" in data["sets"]:
        assert by_set["traders_builders"] == ["builder", "pig", "goods",
                                              "goods_need_follower"]
        assert data["tiles"]["TB/Cc.g"]["cities"][0]["good"] == "grain"
    # a table with both expansions and six seats: the lobby's elements as options
    sets = ["base", *(s for s in ("inns_cathedrals", "traders_builders")
                      if s in data["sets"])]
    answer = client.post("/api/tables", json={
        "seats": [HUMAN] + [RANDOM] * 5, "sets": sets,
        "options": {"inns": False, "cathedrals": False, "large_meeple": False}})
    assert answer.status_code == 201, answer.text
    assert answer.json()["table"]["options"] == {
        "inns": False, "cathedrals": False, "large_meeple": False}
    assert answer.json()["table"]["sets"] == sets
    too_many = client.post("/api/tables", json={"seats": [HUMAN] + [RANDOM] * 5})
    refused(too_many, 400, "players")


def test_create_a_waiting_table_then_join_it_until_it_starts(client: TestClient) -> None:
    answer = client.post("/api/tables", json={
        "name": "Friday game", "seats": [HUMAN, {"kind": "human", "name": "Bob"}, RANDOM],
        "options": {"tiny_city": 2, "farmers": True}})
    assert answer.status_code == 201
    data = answer.json()
    assert set(data) == {"table"}  # no seat, no token without "join"
    table = data["table"]
    assert set(table) == {"id", "name", "status", "sets", "options", "hide_distribution",
                          "seats", "created", "moves", "scores", "winners", "rated",
                          "timing", "clock", "rematch", "ended", "flag", "chat", "aids"}
    assert table["chat"] == "all"  # a casual table's chat is everyone's
    assert table["aids"] == "on"  # every aid, unless asked otherwise
    assert table["timing"] == {"kind": "none"} and table["clock"] is None
    assert table["name"] == "Friday game" and table["status"] == "waiting"
    assert table["options"] == {"tiny_city": 2}  # only what differs from the defaults
    assert table["sets"] == ["base"] and table["hide_distribution"] is False
    assert table["moves"] == 0 and table["scores"] is None and table["winners"] is None
    assert table["seats"] == [
        {"seat": 0, "kind": "human", "bot": None, "name": None, "taken": False, "account": None,
         **UNPLAYED},
        {"seat": 1, "kind": "human", "bot": None, "name": "Bob", "taken": False,
         "account": None, **UNPLAYED},
        {"seat": 2, "kind": "bot", "bot": "random", "name": "Random bot", "taken": True,
         "account": None, **UNPLAYED}]
    table_id = table["id"]
    assert client.get(f"/api/tables/{table_id}").json() == table

    first = client.post(f"/api/tables/{table_id}/join", json={"seat": 1})
    assert first.status_code == 200
    assert first.json()["seat"] == 1 and len(first.json()["token"]) >= 32
    waiting = client.get(f"/api/tables/{table_id}").json()
    assert waiting["status"] == "waiting"
    assert waiting["seats"][1] == {"seat": 1, "kind": "human", "bot": None, "name": "Bob",
                                   "taken": True, "account": None, **UNPLAYED}
    second = client.post(f"/api/tables/{table_id}/join", json={"seat": 0, "name": " Ann "})
    assert second.json()["seat"] == 0 and second.json()["token"] != first.json()["token"]
    playing = client.get(f"/api/tables/{table_id}").json()
    assert playing["status"] == "playing"  # the last seat taken starts the table
    assert playing["seats"][0]["name"] == "Ann" and playing["scores"] == [0, 0, 0]


def test_join_without_a_seat_takes_the_first_free_one(client: TestClient) -> None:
    table_id, _ = new_table(client, [HUMAN, HUMAN, HUMAN], join=1)
    answer = client.post(f"/api/tables/{table_id}/join", json={"name": "Cid"})
    assert answer.json()["seat"] == 0


def test_a_table_of_bots_starts_at_once_and_plays_itself_to_the_end(client: TestClient) -> None:
    answer = client.post("/api/tables", json={"seats": [RANDOM, RANDOM]})
    table = answer.json()["table"]
    assert table["status"] == "playing"
    assert [s["name"] for s in table["seats"]] == ["Random bot", "Random bot 2"]
    done = wait_for(client, table["id"], "finished")
    assert done["moves"] > 60 and len(done["scores"]) == 2
    assert done["winners"] == [i for i, s in enumerate(done["scores"])
                               if s == max(done["scores"])]


def test_listing_is_newest_first_and_filters_by_status(client: TestClient) -> None:
    first, _ = new_table(client, [HUMAN, HUMAN], join=None)
    second, _ = new_table(client, [HUMAN, RANDOM])
    third, _ = new_table(client, [HUMAN, HUMAN], join=None)
    ids = [t["id"] for t in client.get("/api/tables").json()["tables"]]
    assert ids == [third, second, first]
    waiting = client.get("/api/tables", params={"status": "waiting"}).json()["tables"]
    assert [t["id"] for t in waiting] == [third, first]
    playing = client.get("/api/tables", params={"status": "playing"}).json()["tables"]
    assert [t["id"] for t in playing] == [second]
    assert client.get("/api/tables", params={"status": "finished"}).json() == {"tables": []}
    refused(client.get("/api/tables", params={"status": "over"}), 400, "status")


def test_start_gives_free_seats_to_the_stand_in_bot(client: TestClient) -> None:
    table_id, token = new_table(client, [HUMAN, HUMAN, {"kind": "human", "name": "Dee"}])
    assert token is not None
    answer = client.post(f"/api/tables/{table_id}/start", headers=auth(token))
    assert answer.status_code == 200
    table = answer.json()
    assert table["status"] == "playing"
    bot = stand_in()
    assert bot == ("greedy" if "greedy" in BOTS else "random")
    assert table["seats"][0] == {"seat": 0, "kind": "human", "bot": None, "name": "Ann",
                                 "taken": True, "account": None, **UNPLAYED}
    assert table["seats"][1] == {"seat": 1, "kind": "bot", "bot": bot,
                                 "name": f"{bot.capitalize()} bot", "taken": True,
                                 "account": None, **UNPLAYED}
    assert table["seats"][2]["kind"] == "bot" and table["seats"][2]["name"] == "Dee"
    refused(client.post(f"/api/tables/{table_id}/start", headers=auth(token)), 409)


def test_leaving_before_the_start_frees_the_seat(client: TestClient) -> None:
    table_id, token = new_table(client, [{"kind": "human", "name": "Host"}, HUMAN])
    assert token is not None
    table = client.post(f"/api/tables/{table_id}/leave", headers=auth(token)).json()
    assert table["status"] == "waiting"
    assert table["seats"][0] == {"seat": 0, "kind": "human", "bot": None, "name": "Host",
                                 "taken": False, "account": None, **UNPLAYED}
    refused(client.post(f"/api/tables/{table_id}/start", headers=auth(token)), 403)
    again = client.post(f"/api/tables/{table_id}/join", json={"seat": 0, "name": "Eve"})
    assert again.status_code == 200


def test_leaving_during_the_game_hands_the_seat_to_a_bot(client: TestClient) -> None:
    table_id, token = new_table(client, [HUMAN, RANDOM])
    assert token is not None
    table = client.post(f"/api/tables/{table_id}/leave", headers=auth(token)).json()
    assert table["seats"][0] == {"seat": 0, "kind": "bot", "bot": stand_in(), "name": "Ann",
                                 "taken": True, "account": None, **UNPLAYED}
    done = wait_for(client, table_id, "finished")  # the game goes on without Ann
    assert done["moves"] > 60
    refused(client.post(f"/api/tables/{table_id}/leave", headers=auth(token)), 403)


def test_the_record_is_given_once_the_game_is_over(client: TestClient) -> None:
    table_id, token = new_table(client, [HUMAN, RANDOM], name="Zoe")
    refused(client.get(f"/api/tables/{table_id}/record"), 409, "over")
    assert token is not None
    client.post(f"/api/tables/{table_id}/leave", headers=auth(token))
    table = wait_for(client, table_id, "finished")
    record = client.get(f"/api/tables/{table_id}/record").json()
    assert record["format"] == "carcassonne-record/1"
    assert record["setup"]["players"] == ["Zoe", "Random bot"]
    assert len(record["moves"]) == table["moves"]
    replayed = Game.from_record(record)  # checks the stored result too
    assert list(replayed.scores) == table["scores"] == record["result"]["scores"]
    assert list(replayed.winners) == table["winners"]
    refused(client.post(f"/api/tables/{table_id}/leave", headers=auth(token)), 403)


@pytest.mark.parametrize(("body", "words"), [
    ({}, "seats"),
    ({"seats": "two"}, "seats"),
    ({"seats": [HUMAN]}, "2 to 5 players"),
    ({"seats": [HUMAN] * 7}, "at most 6 players"),
    ({"seats": [HUMAN, {"kind": "robot"}]}, "kind"),
    ({"seats": [HUMAN, {"kind": "bot", "bot": "oracle"}]}, "unknown bot"),
    ({"seats": [HUMAN, {"kind": "human", "name": ""}]}, "name"),
    ({"seats": [HUMAN, {"kind": "human", "name": "x" * 41}]}, "name"),
    ({"seats": [HUMAN, HUMAN], "options": {"dragons": True}}, "unknown option"),
    ({"seats": [HUMAN, HUMAN], "options": {"tiny_city": 3}}, "tiny_city"),
    ({"seats": [HUMAN, HUMAN], "options": []}, "options"),
    ({"seats": [HUMAN, HUMAN], "sets": ["base", "dragons"]}, "unknown set"),
    ({"seats": [HUMAN, HUMAN], "sets": ["inns_cathedrals"]}, "set"),
    ({"seats": [HUMAN, HUMAN], "hide_distribution": "yes"}, "hide_distribution"),
    ({"seats": [HUMAN, HUMAN], "join": {"seat": "0"}}, "seat"),
    ({"seats": [HUMAN, HUMAN], "join": {"seat": 5}}, "no seat 5"),
    ({"seats": [RANDOM, RANDOM], "join": {}}, "no human seat"),
    ({"seats": [HUMAN, HUMAN], "name": 7}, "name"),
])
def test_a_bad_new_table_is_refused_with_400(client: TestClient, body: dict,
                                            words: str) -> None:
    refused(client.post("/api/tables", json=body), 400, words)
    assert client.get("/api/tables").json() == {"tables": []}


def test_joining_a_bot_seat_is_a_state_error(client: TestClient) -> None:
    refused(client.post("/api/tables", json={"seats": [HUMAN, RANDOM],
                                             "join": {"seat": 1}}), 409, "bot")


def test_bodies_that_are_not_json_objects_or_too_large_are_refused(client: TestClient) -> None:
    headers = {"Content-Type": "application/json"}
    refused(client.post("/api/tables", content=b"{nope", headers=headers), 400, "JSON")
    refused(client.post("/api/tables", content=b"[1, 2]", headers=headers), 400, "object")
    big = json.dumps({"seats": [HUMAN, HUMAN], "name": "x" * 9000})
    refused(client.post("/api/tables", content=big, headers=headers), 413)


def test_join_errors(client: TestClient) -> None:
    refused(client.post("/api/tables/nosuch/join", json={"seat": 0}), 404, "nosuch")
    table_id, _ = new_table(client, [HUMAN, HUMAN, RANDOM])
    refused(client.post(f"/api/tables/{table_id}/join", json={"seat": 0}), 409, "taken")
    refused(client.post(f"/api/tables/{table_id}/join", json={"seat": 2}), 409, "bot")
    refused(client.post(f"/api/tables/{table_id}/join", json={"seat": 3}), 400, "no seat")
    refused(client.post(f"/api/tables/{table_id}/join", json={"seat": True}), 400, "seat")
    refused(client.post(f"/api/tables/{table_id}/join", json={"seat": 1, "name": ["x"]}),
            400, "name")
    client.post(f"/api/tables/{table_id}/join", json={"seat": 1})
    refused(client.post(f"/api/tables/{table_id}/join", json={}), 409, "started")


def test_not_found_answers_use_the_error_form(client: TestClient) -> None:
    refused(client.get("/api/tables/nosuch"), 404, "nosuch")
    refused(client.get("/api/tables/nosuch/record"), 404)
    refused(client.post("/api/tables/nosuch/start", headers=auth("x")), 404)
    refused(client.get("/api/nothing"), 404)


def test_write_requests_are_bounded_per_client(serve: Serve) -> None:
    with serve(http_rate=(3, 60.0)) as client:
        for _ in range(3):
            assert client.post("/api/tables", json={"seats": [HUMAN, HUMAN]}).status_code == 201
        refused(client.post("/api/tables", json={"seats": [HUMAN, HUMAN]}), 429, "too many")
        assert client.get("/api/tables").status_code == 200  # reading is not bounded
        assert len(client.get("/api/tables").json()["tables"]) == 3


def test_the_web_client_is_served(client: TestClient, web_dir: Path) -> None:
    lobby = client.get("/")
    assert lobby.status_code == 200 and "lobby page" in lobby.text
    assert "text/html" in lobby.headers["content-type"]
    assert "table page" in client.get("/table/abc123").text
    script = client.get("/static/js/main.js")
    assert script.status_code == 200 and "export" in script.text
    assert client.get("/static/js/missing.js").status_code == 404


def test_every_page_of_the_client_is_served(serve: Serve) -> None:
    from carcassonne.server.config import WEB_DIR

    expected = {"/": "index.html", "/table/abc": "table.html", "/player/Ann": "pages.html",
                "/leaderboard": "pages.html", "/competitions": "pages.html",
                "/competition/abc": "pages.html"}
    with serve(web_dir=WEB_DIR) as client:
        for path, name in expected.items():
            answer = client.get(path)
            assert answer.status_code == 200, path
            assert answer.text == (WEB_DIR / name).read_text("utf-8"), path
            assert answer.headers["cache-control"] == "no-cache"
