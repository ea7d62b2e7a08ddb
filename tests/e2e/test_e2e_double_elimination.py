"""A double elimination in the browser: four bots, organized through the
API, drawn on the competition page as a winners' bracket, a losers' bracket
and a grand final with its champion; each match's box in the bracket the
event says it belongs to; the headings in Japanese; the page at a phone's
width; and the form offers the format and the series' start order."""

from __future__ import annotations

import uuid

from e2e_helpers import PATIENCE_MS, TWO_FRAMES, sign_in

WINNERS, LOSERS, FINAL = 0, 1, 2


def test_a_double_elimination_is_drawn_as_three_brackets(page, server, artifacts):
    page.goto(server.url + "/competitions")
    sign_in(page, f"Dee{uuid.uuid4().hex[:6]}", "sign-up")
    form = page.get_by_test_id("new-competition")
    form.get_by_test_id("new-format").select_option("double_elimination")
    assert form.get_by_test_id("new-games").input_value() == "1"
    starts = form.get_by_test_id("new-series-start").locator("option").all_inner_texts()
    assert starts == ["alternating (A-B-A…)", "the loser of the previous game"]

    bots = [{"bot": "random"}, {"bot": "greedy"}, {"bot": "random"}, {"bot": "easy"}]
    made = page.request.post(server.url + "/api/competitions", data={
        "name": "Double cup", "format": "double_elimination", "series_start": "loser",
        "entrants": bots})
    assert made.status == 201, made.text()
    event_id = made.json()["id"]
    started = page.request.post(f"{server.url}/api/competitions/{event_id}/start", data={})
    assert started.status == 200, started.text()

    page.goto(f"{server.url}/competition/{event_id}")
    page.get_by_test_id("bracket-0").wait_for()
    assert page.get_by_test_id("competition-format").inner_text() == "Double elimination"
    assert "the loser of a game moves first in the next" in page.get_by_test_id(
        "competition-setup").inner_text()
    page.locator("[data-testid=competition-status][data-status=finished]").wait_for(
        timeout=PATIENCE_MS)
    event = server.get(f"/api/competitions/{event_id}")
    matches = [m for r in event["stages"][0]["rounds"] for m in r["matches"]]
    assert len(matches) in (6, 7)
    page.get_by_test_id("bracket-champion-0").filter(has_text=event["winner"]).wait_for()
    for group in (WINNERS, LOSERS, FINAL):
        drawn = page.get_by_test_id(f"double-0-{group}")
        mine = [m for m in matches if m["group"] == group]
        assert drawn.locator("[data-testid^=bracket-match-]").count() == len(mine)
        for match in mine:
            box = drawn.get_by_test_id(f"bracket-match-{match['id']}")
            assert box.get_attribute("data-state") == "done"
            assert box.locator(".won").inner_text().startswith(match["result"]["winner"])
    headings = page.locator(".double-bracket h4.bracket-part").all_inner_texts()
    assert headings == ["Winners' bracket", "Losers' bracket", "Grand final"]
    assert page.get_by_test_id("double-round-0-0-2").locator("h4").inner_text() == "Round 2"
    page.screenshot(path=str(artifacts / "double-elimination.png"), full_page=True)

    page.set_viewport_size({"width": 390, "height": 844})
    page.evaluate(TWO_FRAMES)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.get_by_test_id("language").select_option("ja")
    page.wait_for_function(
        "() => document.querySelector('.double-bracket h4.bracket-part').textContent"
        " === '勝者側トーナメント'")
    page.screenshot(path=str(artifacts / "double-elimination-ja.png"), full_page=True)
