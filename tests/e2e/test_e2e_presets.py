"""Rules presets and a game lost on time, in the browser: the lobby's and
the competition form's "Rules preset" fill their fields (in English and in
Japanese), and a Japan-preset competition with a short clock where the
person lets their clock run out: the table's end screen says they lost on
time, their history says so, and the competition's match line shows the
loss on time and the 50-point margin."""

from __future__ import annotations

import uuid

from e2e_helpers import PATIENCE_MS, page_id, sign_in

JAPAN_TIMING = {"kind": "clock", "base": 900, "increment": 0, "flag": "loss",
                "time_loss_margin": 50}


def selected_text(page, testid: str) -> str:
    text: str = page.evaluate(
        "(id) => { const s = document.querySelector(`[data-testid=${id}]`);"
        " return s.options[s.selectedIndex].textContent; }", testid)
    return text


def test_the_lobbys_rules_preset_fills_the_table_form(page, server):
    page.goto(server.url + "/")
    page.wait_for_function("() => document.body.dataset.ready === 'true'")
    choices = page.get_by_test_id("rules-preset").locator("option").all_inner_texts()
    assert choices == ["None", "International", "Japan"]
    page.get_by_test_id("player-count").select_option("4")
    page.get_by_test_id("rules-preset").select_option("japan")
    assert page.get_by_test_id("player-count").input_value() == "2"
    assert page.get_by_test_id("timing").input_value() == "preset"
    assert selected_text(page, "timing") == (
        "15 min + 0 s (the preset's), a flag is a loss, a loss on time counts 50 points")
    assert "50-point margin" in page.get_by_test_id("rules-preset-help").inner_text()
    # two people: the second seat waits for a player
    assert page.get_by_test_id("seat-kind-1").input_value() == "human"
    page.get_by_test_id("seat-kind-1").select_option("bot:random")
    page.get_by_test_id("player-name").fill("Ann")
    page.get_by_test_id("create-table").click()
    page.wait_for_url("**/table/*")
    table = server.get(f"/api/tables/{page_id(page)}")
    assert table["timing"] == JAPAN_TIMING and table["options"] == {}
    assert [s["kind"] for s in table["seats"]] == ["human", "bot"]
    # in Japanese, the same choices
    page.goto(server.url + "/")
    page.wait_for_function("() => document.body.dataset.ready === 'true'")
    page.get_by_test_id("language").select_option("ja")
    page.wait_for_function(
        "() => [...document.querySelectorAll('[data-testid=rules-preset] option')]"
        ".map((o) => o.textContent).join() === 'なし,国際ルール,日本ルール'")


def test_a_japan_game_lost_on_time_counts_a_fifty_point_margin(page, server, artifacts):
    name = f"Jun{uuid.uuid4().hex[:6]}"
    page.goto(server.url + "/competitions")
    page.get_by_test_id("competitions").wait_for()
    sign_in(page, name, "sign-up")

    # the form: choosing Japan fills the time with the preset's own
    form = page.get_by_test_id("new-competition")
    form.get_by_test_id("new-preset").select_option("japan")
    assert form.get_by_test_id("new-timing").input_value() == "preset"
    assert "a flag is a loss" in selected_text(page, "new-timing")
    # a knockout: the preset's tie rule shows (a drawn game goes to the second player)
    form.get_by_test_id("new-format").select_option("knockout")
    assert form.get_by_test_id("new-tie").input_value() == "second_player"
    form.get_by_test_id("new-best-of").select_option("true")
    form.get_by_test_id("new-name").fill(f"Japan cup {name}")
    form.get_by_test_id("new-add-bot").click()
    form.get_by_test_id("create-competition").click()
    page.wait_for_url("**/competition/*")
    made = server.get(f"/api/competitions/{page_id(page)}")
    assert made["setup"]["timing"] == JAPAN_TIMING and made["setup"]["table_size"] == 2
    assert made["setup"]["format"] == "knockout" and made["setup"]["best_of"] is True
    assert made["setup"]["tie_rules"] == {"knockout": "second_player"}
    setup_line = page.get_by_test_id("competition-setup").inner_text()
    assert "a flag is a loss" in setup_line and "a loss on time counts 50 points" in setup_line

    # the same preset with a short clock (the body's own base over the preset's)
    answer = page.request.post(server.url + "/api/competitions", data={
        "name": f"Japan blitz {name}", "preset": "japan", "games": 1,
        "timing": {"base": 10}, "entrants": [{"player": name}, {"bot": "random"}]})
    assert answer.status == 201, answer.text()
    event = answer.json()
    event_id = event["id"]
    assert event["setup"]["timing"] == {**JAPAN_TIMING, "base": 10}
    assert page.request.post(f"{server.url}/api/competitions/{event_id}/start").ok
    page.goto(f"{server.url}/competition/{event_id}")
    (match,) = [m for r in server.get(f"/api/competitions/{event_id}")["stages"][0]["rounds"]
                for m in r["matches"]]
    match_id = match["id"]

    # Play now, then let the clock run out: the game ends, lost on time
    page.get_by_test_id(f"play-now-{match_id}").click()
    page.wait_for_url("**/table/*")
    table_id = page_id(page)
    page.wait_for_function("() => document.body.dataset.over === 'true'", timeout=PATIENCE_MS)
    flag_line = page.get_by_test_id("flag-line")
    flag_line.wait_for()
    assert flag_line.inner_text() == f"{name} lost on time."
    page.screenshot(path=str(artifacts / "lost-on-time.png"))
    table = server.get(f"/api/tables/{table_id}")
    mine = next(s["seat"] for s in table["seats"] if s["account"] == name)
    assert table["status"] == "finished" and table["flag"] == mine
    assert table["winners"] == [1 - mine] and table["clock"]["out"] == [mine]

    # the competition's match line: the loss on time and the 50-point margin
    page.goto(f"{server.url}/competition/{event_id}")
    page.locator("[data-testid=competition-status][data-status=finished]").wait_for(
        timeout=PATIENCE_MS)
    flag = page.get_by_test_id(f"game-flag-{match_id}-1")
    assert flag.inner_text() == f"{name} lost on time"
    result = page.get_by_test_id(f"match-result-{match_id}")
    assert result.get_attribute("data-winner") == "Random bot"
    differences = {}
    for i in (0, 1):
        shown = page.get_by_test_id(f"difference-{match_id}-{i}")
        differences[shown.get_attribute("data-entrant")] = shown.inner_text()
    assert differences == {name: "difference −50", "Random bot": "difference +50"}
    page.screenshot(path=str(artifacts / "lost-on-time-match.png"), full_page=True)

    # the player's history says it too
    page.goto(f"{server.url}/player/{name}")
    outcome = page.get_by_test_id(f"game-{table_id}").get_by_test_id("game-result")
    outcome.wait_for()
    assert outcome.get_attribute("data-result") == "flagged"
    assert outcome.inner_text() == "lost on time"
