"""Competitions in the browser, as a person clicks: organize a league on
/competitions with a bot entrant, enter it, start it, find the match in the
lobby and on the profile, press "Play now", play the whole game on its
table, and see the standings, the match's result and the winner on the
event page; a knockout of four bots drawn as a bracket with its champion,
its records downloaded from the page; a title match against the holder of
the series; two people meeting in a match ("Waiting for NAME" until the
second one presses "Play now"); the event page in Japanese, and at a
phone's width."""

from __future__ import annotations

import json
import uuid
from pathlib import Path

from e2e_helpers import (
    PATIENCE_MS,
    TWO_FRAMES,
    check_final_scores,
    page_id,
    play_to_the_end,
    sign_in,
)


def only_match(event: dict) -> dict:
    (match,) = [m for r in event["stages"][0]["rounds"] for m in r["matches"]]
    return match


def test_a_league_organized_entered_and_played_from_the_pages(page, server, artifacts):
    name = f"Lea{uuid.uuid4().hex[:6]}"
    page.goto(server.url + "/competitions")
    page.get_by_test_id("competitions").wait_for()
    assert page.get_by_test_id("new-competition-login").is_visible()  # a guest organizes nothing
    sign_in(page, name, "sign-up")

    # the form: a league, one game a match, a random bot entered from the start
    form = page.get_by_test_id("new-competition")
    title = f"Spring league {name}"
    form.get_by_test_id("new-name").fill(title)
    form.get_by_test_id("new-series").fill(f"Spring {name}")
    form.get_by_test_id("new-format").select_option("league")
    form.get_by_test_id("new-games").fill("1")
    form.get_by_test_id("new-bot").select_option("random")
    form.get_by_test_id("new-add-bot").click()
    assert form.get_by_test_id("new-entrant-0").inner_text().startswith("bot: random")
    deadlines = form.get_by_test_id("new-round-deadline").locator("option").all_inner_texts()
    assert deadlines == ["none", "1 day", "3 days", "7 days"]
    page.screenshot(path=str(artifacts / "competitions.png"), full_page=True)
    form.get_by_test_id("create-competition").click()
    page.wait_for_url("**/competition/*")
    event_id = page_id(page)
    event = server.get(f"/api/competitions/{event_id}")
    assert event["name"] == title and event["organizer"] == name and event["status"] == "open"
    assert event["setup"]["games"] == 1 and event["setup"]["format"] == "league"
    assert event["entrants"] == [{"name": "Random bot", "bot": "random"}]
    page.get_by_test_id("competition-page").wait_for()
    assert page.get_by_test_id("competition-series").inner_text() == f"Spring {name}"
    assert page.get_by_test_id("competition-holder").inner_text() == "none yet"

    # the list links to it
    page.get_by_test_id("competitions-link").click()
    page.get_by_test_id(f"competition-{event_id}").get_by_role("link", name=title).click()
    page.wait_for_url(f"**/competition/{event_id}")

    # enter, start
    page.get_by_test_id("enter-competition").click()
    page.get_by_test_id(f"entrant-{name}").wait_for()
    assert page.get_by_test_id("enter-competition").count() == 0
    page.get_by_test_id("start-competition").click()
    page.locator("[data-testid=competition-status][data-status=running]").wait_for()
    match = only_match(server.get(f"/api/competitions/{event_id}"))
    match_id = match["id"]
    assert sorted(match["entrants"]) == sorted([name, "Random bot"])
    page.get_by_test_id(f"play-now-{match_id}").wait_for()
    row = page.get_by_test_id("standings-0-0").get_by_test_id(f"standing-{name}")
    assert row.get_by_test_id("standing-played").inner_text() == "0"

    # in Japanese: the standings' heading and the button
    page.get_by_test_id("language").select_option("ja")
    page.wait_for_function(
        "() => document.querySelector('[data-testid=standings-heading-0]').textContent"
        " === '順位表'")
    assert page.get_by_test_id(f"play-now-{match_id}").inner_text() == "今すぐ対戦"
    assert page.get_by_test_id("competition-status").inner_text() == "開催中"
    page.get_by_test_id("language").select_option("en")
    page.wait_for_function(
        "() => document.querySelector('[data-testid=standings-heading-0]').textContent"
        " === 'Standings'")

    # the match waits in the lobby and on the profile, with the same button
    page.goto(server.url + "/")
    lobby_play = page.get_by_test_id(f"my-match-play-{match_id}")
    lobby_play.wait_for()
    assert lobby_play.inner_text() == "Play now"
    assert "Random bot" in page.get_by_test_id(f"my-match-{event_id}-{match_id}").inner_text()
    page.get_by_test_id("account-link").click()
    page.get_by_test_id(f"my-match-play-{match_id}").wait_for()

    # Play now: the table is made at once (the bot is always there) and the page goes there
    page.goto(f"{server.url}/competition/{event_id}")
    page.get_by_test_id(f"play-now-{match_id}").click()
    page.wait_for_url("**/table/*")
    table_id = page_id(page)
    play_to_the_end(page, seed=5)
    table = check_final_scores(page, server, table_id)
    mine = next(s["seat"] for s in table["seats"] if s["account"] == name)
    mine_score, bot_score = table["scores"][mine], table["scores"][1 - mine]
    points = 2 if mine_score > bot_score else 1 if mine_score == bot_score else 0

    # back at the event: the standings moved, the match has its result, the event its winner
    page.goto(f"{server.url}/competition/{event_id}")
    page.locator("[data-testid=competition-status][data-status=finished]").wait_for()
    event = server.get(f"/api/competitions/{event_id}")
    assert event["status"] == "finished" and event["winner"]
    (standing,) = [r for r in event["stages"][0]["standings"][0] if r["name"] == name]
    assert standing["played"] == 1 and standing["points"] == points
    row = page.get_by_test_id("standings-0-0").get_by_test_id(f"standing-{name}")
    assert row.get_by_test_id("standing-played").inner_text() == "1"
    assert row.get_by_test_id("standing-points").inner_text() == str(points)
    assert "me" in row.get_attribute("class")
    result = only_match(event)["result"]
    shown = page.get_by_test_id(f"match-result-{match_id}")
    assert shown.get_attribute("data-winner") == (result["winner"] or "")
    assert page.get_by_test_id(f"game-{match_id}-1").get_attribute("data-status") == "finished"
    replay = page.get_by_test_id(f"game-replay-{match_id}-1")
    assert replay.get_attribute("href") == f"/table/{table_id}?replay=1"
    assert page.get_by_test_id(f"play-now-{match_id}").count() == 0
    assert event["winner"] in page.get_by_test_id("competition-winner").inner_text()
    # the winner now holds the series' title; its history names this event
    assert page.get_by_test_id("competition-holder").inner_text() == event["winner"]
    assert page.get_by_test_id("competition-defender").count() == 0  # nobody held it before
    assert page.get_by_test_id(f"holder-{event_id}").inner_text().endswith(event["winner"])
    page.screenshot(path=str(artifacts / "competition-standings.png"), full_page=True)

    # the list shows it finished, with its winner; the lobby has no match to play
    page.goto(server.url + "/competitions")
    listed = page.get_by_test_id(f"competition-{event_id}")
    listed.wait_for()
    assert listed.get_attribute("data-status") == "finished"
    assert page.get_by_test_id(f"competition-winner-{event_id}").inner_text() == event["winner"]
    page.goto(server.url + "/")
    page.get_by_test_id("my-games-card").wait_for()
    assert page.get_by_test_id("my-matches-block").is_hidden()


def test_a_knockout_of_four_bots_is_drawn_as_a_bracket(page, server, artifacts):
    page.goto(server.url + "/competitions")
    sign_in(page, f"Kay{uuid.uuid4().hex[:6]}", "sign-up")
    bots = [{"bot": "random"}, {"bot": "greedy"}, {"bot": "random"}, {"bot": "easy"}]
    made = page.request.post(server.url + "/api/competitions", data={
        "name": "Bot cup", "format": "knockout", "entrants": bots})
    assert made.status == 201, made.text()
    event_id = made.json()["id"]
    started = page.request.post(f"{server.url}/api/competitions/{event_id}/start", data={})
    assert started.status == 200, started.text()

    page.goto(f"{server.url}/competition/{event_id}")
    page.get_by_test_id("bracket-0").wait_for()
    # the page refreshes itself while the bots play
    page.locator("[data-testid=competition-status][data-status=finished]").wait_for(timeout=PATIENCE_MS)
    event = server.get(f"/api/competitions/{event_id}")
    assert event["status"] == "finished"
    matches = [m for r in event["stages"][0]["rounds"] for m in r["matches"]]
    assert len(matches) == 3
    box = page.get_by_test_id("bracket-0").locator("[data-testid^=bracket-match-]")
    assert box.count() == 3
    for match in matches:
        drawn = page.get_by_test_id(f"bracket-match-{match['id']}")
        assert drawn.get_attribute("data-state") == "done"
        assert drawn.locator(".won").inner_text().startswith(match["result"]["winner"])
    assert page.get_by_test_id("bracket-round-0-1").locator("h4").inner_text() == "Semi-finals"
    assert page.get_by_test_id("bracket-round-0-2").locator("h4").inner_text() == "Final"
    assert page.get_by_test_id("bracket-champion-0").inner_text() == event["winner"]
    assert event["winner"] in page.get_by_test_id("competition-winner").inner_text()
    page.screenshot(path=str(artifacts / "bracket.png"), full_page=True)
    # every game's record, from the page's link: one line per game played
    with page.expect_download() as download:
        page.get_by_test_id("records-jsonl").click()
    records = [json.loads(line) for line in
               Path(download.value.path()).read_text("utf-8").splitlines()]
    assert sorted(r["table"]["id"] for r in records) == sorted(
        g["table"] for m in matches for g in m["games"] if g["table"])
    assert page.get_by_test_id("records-zip").get_attribute("href").endswith("?format=zip")

    # at a phone's width nothing runs off the page: the bracket scrolls in its own box
    page.set_viewport_size({"width": 390, "height": 844})
    page.evaluate(TWO_FRAMES)  # laid out again at the phone's width
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=str(artifacts / "competition-phone.png"), full_page=True)
    champion = page.get_by_test_id("bracket-champion-0")
    champion.scroll_into_view_if_needed()
    assert champion.is_visible()
    page.get_by_test_id("language").select_option("ja")
    page.wait_for_function(
        "() => document.querySelector('[data-testid=bracket-round-0-2] h4').textContent === '決勝'")


def finished(page, server, event_id: str) -> dict:
    """Open the event's page and wait until it shows the event finished."""
    page.goto(f"{server.url}/competition/{event_id}")
    page.locator("[data-testid=competition-status][data-status=finished]").wait_for(timeout=PATIENCE_MS)
    return server.get(f"/api/competitions/{event_id}")


def test_a_title_match_against_the_holder_of_the_series(page, server):
    page.goto(server.url + "/competitions")
    sign_in(page, f"Tia{uuid.uuid4().hex[:6]}", "sign-up")
    series = f"Crown {uuid.uuid4().hex[:6]}"

    def create(name: str, bots: list[str], **setup) -> str:
        made = page.request.post(server.url + "/api/competitions", data={
            "name": name, "series": series, "format": "knockout",
            "entrants": [{"bot": b} for b in bots], **setup})
        assert made.status == 201, made.text()
        started = page.request.post(f"{server.url}/api/competitions/{made.json()['id']}/start",
                                    data={})
        assert started.status == 200, started.text()
        return made.json()["id"]

    first = finished(page, server, create("Crown I", ["random", "greedy"]))
    holder = first["winner"]
    kind = next(e["bot"] for e in first["entrants"] if e["name"] == holder)
    others = [b for b in ("random", "easy", "greedy") if b != kind]
    second_id = create("Crown II", others, title_games=1)
    second = finished(page, server, second_id)
    assert [s["kind"] for s in second["stages"]] == ["knockout", "title"]
    assert page.get_by_test_id("competition-defender").inner_text() == holder
    assert page.get_by_test_id("competition-holder").inner_text() == second["winner"]
    title = page.get_by_test_id("stage-1")
    assert title.get_attribute("data-kind") == "title"
    assert title.locator("h2").inner_text().startswith("Title match")
    (match,) = second["stages"][1]["rounds"][0]["matches"]
    assert holder in match["entrants"]
    drawn = page.get_by_test_id("bracket-1").get_by_test_id(f"bracket-match-{match['id']}")
    assert drawn.count() == 1
    assert page.get_by_test_id("bracket-champion-1").inner_text() == second["winner"]
    history = page.get_by_test_id("holders").locator("a").all_inner_texts()
    assert history == ["Crown I", "Crown II"]
    assert page.get_by_test_id(f"holder-{second_id}").inner_text().endswith(second["winner"])


def test_two_people_meet_in_a_match_the_first_one_waits(page, another_page, server):
    ann, bob = f"Ann{uuid.uuid4().hex[:6]}", f"Bob{uuid.uuid4().hex[:6]}"
    page.goto(server.url + "/competitions")
    sign_in(page, ann, "sign-up")
    made = page.request.post(server.url + "/api/competitions",
                             data={"name": "Two of us", "games": 1})
    assert made.status == 201, made.text()
    event_id = made.json()["id"]
    page.goto(f"{server.url}/competition/{event_id}")
    page.get_by_test_id("enter-competition").click()
    page.get_by_test_id(f"entrant-{ann}").wait_for()

    another_page.goto(f"{server.url}/competition/{event_id}")
    another_page.get_by_test_id("log-in-to-enter").wait_for()
    sign_in(another_page, bob, "sign-up")
    another_page.get_by_test_id("enter-competition").click()
    another_page.get_by_test_id(f"entrant-{bob}").wait_for()
    assert another_page.get_by_test_id("start-competition").count() == 0  # not the organizer

    page.get_by_test_id(f"entrant-{bob}").wait_for()  # the page refreshed by itself
    page.get_by_test_id("start-competition").click()
    page.locator("[data-testid=competition-status][data-status=running]").wait_for()
    match_id = only_match(server.get(f"/api/competitions/{event_id}"))["id"]
    page.get_by_test_id(f"play-now-{match_id}").click()
    waiting = page.get_by_test_id(f"waiting-{match_id}")
    waiting.wait_for()
    assert waiting.inner_text() == f"Waiting for {bob}"
    assert page.url.endswith(f"/competition/{event_id}")

    # Bob presses Play now in his lobby: both land on the match's table
    another_page.goto(server.url + "/")
    another_page.get_by_test_id(f"my-match-play-{match_id}").click()
    another_page.wait_for_url("**/table/*")
    page.wait_for_url("**/table/*")
    assert page_id(page) == page_id(another_page)
    table = server.get(f"/api/tables/{page_id(page)}")
    assert sorted(s["account"] for s in table["seats"]) == sorted([ann, bob])
    seated = "() => ['0', '1'].includes(document.body.dataset.seat)"
    page.wait_for_function(seated)
    another_page.wait_for_function(seated)
    seats = {p.evaluate("document.body.dataset.seat") for p in (page, another_page)}
    assert seats == {"0", "1"}  # each plays their own seat, by the session alone
