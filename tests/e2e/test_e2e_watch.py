"""Watching many boards at once, and one table laid out for streaming.

A server of its own plays bots at a pace people can follow (``--bot-pace``):
a knockout of 16 bots opens 8 tables at once. From the competition page
"Watch all boards" of round 1 shows the 8 boards, each with its players and
scores, and every board changes as its moves come; a click enlarges one
(and "Back" or Esc returns); the page reads in Japanese, and on a phone the
boards stand in one column; a series' next game takes its match's place.
/watch?tables=... shows any tables: a person's
clock runs down on it, a table that does not exist says so, more than 16
are cut to 16 with a line that says so. A spectator of a table finds its
broadcast layout: the board large, the players, scores and clocks, the last
move marked and told, and nothing to press; it follows the game.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from e2e_helpers import PASSWORD, PATIENCE, PATIENCE_MS, PHONE, TWO_FRAMES

from conftest import STEP_TIMEOUT_MS, Server, new_page, serving

#: Seconds each bot waits before its move at a table of bots: slow enough to watch.
PACE = "2"
#: Boards of round 1 of a knockout of 16.
BOARDS = 8

CARDS = "[data-testid^=watch-board-]"
#: Records every refusal of the Content-Security-Policy (no inline style or script).
REFUSALS = """window.cspViolations = [];
document.addEventListener('securitypolicyviolation', (e) => {
  window.cspViolations.push(
    `${e.effectiveDirective} refused at ${e.sourceFile}:${e.lineNumber}`); });"""
#: True once the clock at selector CLOCK shows at least 2 s less than ``start`` (seconds).
CLOCK_BELOW = """(start) => {
    const [m, s] = document.querySelector('CLOCK').textContent.split(':');
    return Number(m) * 60 + Number(s) < start - 1; }"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server of its own whose bots move at PACE."""
    with serving(tmp_path_factory.mktemp("e2e-watch"), "--bot-pace", PACE) as running:
        yield running


@pytest.fixture(scope="module")
def knockout(browser, site: Server) -> Iterator[dict[str, Any]]:
    """A knockout of 16 bots, one game a match, started: round 1 plays 8 tables at once."""
    context = browser.new_context()
    page = context.new_page()
    name = f"Org{uuid.uuid4().hex[:6]}"
    answer = page.request.post(site.url + "/api/accounts",
                               data={"name": name, "password": PASSWORD})
    assert answer.status == 201, answer.text()
    made = page.request.post(site.url + "/api/competitions", data={
        "name": f"Cup {name}", "format": "knockout", "games": 1,
        "entrants": [{"bot": "random"}] * 16})
    assert made.status == 201, made.text()
    event_id = made.json()["id"]
    started = page.request.post(f"{site.url}/api/competitions/{event_id}/start", data={})
    assert started.status == 200, started.text()
    deadline = time.monotonic() + PATIENCE
    while True:
        event = site.get(f"/api/competitions/{event_id}")
        matches = event["stages"][0]["rounds"][0]["matches"]
        tables = [g["table"] for m in matches for g in m["games"] if g["table"]]
        if len(tables) == BOARDS:
            break
        assert time.monotonic() < deadline, "the round's tables did not open"
        time.sleep(0.2)
    context.close()
    yield {"id": event_id, "tables": tables, "event": event}


def cards_state(page) -> dict[str, dict[str, Any]]:
    """Each board's table, status, moves played and tiles drawn, as the page shows them."""
    return page.evaluate(f"""() => Object.fromEntries(
        [...document.querySelectorAll('{CARDS}')].map((c) => [c.dataset.table, {{
          status: c.dataset.status, last: Number(c.dataset.last || -1),
          tiles: c.querySelectorAll('[data-testid=board-tile]').length,
          enlarged: c.classList.contains('enlarged')}}]))""")


def test_a_round_of_eight_live_tables_on_one_page(page, browser, page_errors, site, knockout,
                                                  artifacts):
    event_id, tables = knockout["id"], knockout["tables"]
    page.add_init_script(REFUSALS)
    page.goto(f"{site.url}/competition/{event_id}")
    link = page.get_by_test_id("watch-round-0-1")
    assert link.inner_text() == "Watch all boards"
    link.click()
    page.wait_for_url(f"**/competition/{event_id}/boards?round=1&stage=0")
    page.wait_for_function(f"""() => document.querySelectorAll('{CARDS}').length === {BOARDS}
        && [...document.querySelectorAll('{CARDS}')].every((c) => c.dataset.last !== '')""",
                           timeout=PATIENCE_MS)
    assert page.get_by_test_id("watch-title").inner_text() == knockout["event"]["name"]
    assert page.get_by_test_id("watch-sub").inner_text() == "Knockout · Round 1"
    assert page.get_by_test_id("watch-count").inner_text() == "8 boards"
    first = cards_state(page)
    assert sorted(first) == sorted(tables)
    assert all(card["status"] == "playing" and card["tiles"] >= 1 for card in first.values()), first

    # each board names its match and game, and its players as the table does, with their scores
    matches = knockout["event"]["stages"][0]["rounds"][0]["matches"]
    for match in matches:
        table_id = match["games"][0]["table"]
        table = site.get(f"/api/tables/{table_id}")
        card = page.get_by_test_id(f"watch-board-{table_id}")
        assert card.locator(".watch-name").inner_text() == f"{match['id']} · Game 1"
        # the name is read whole: the buttons go below it rather than cut it short
        assert card.locator(".watch-name").evaluate("(e) => e.scrollWidth <= e.clientWidth")
        for seat in table["seats"]:
            line = card.get_by_test_id(f"watch-{table_id}-player-{seat['seat']}")
            assert seat["name"] in line.inner_text()
            score = line.get_by_test_id(f"watch-{table_id}-score-{seat['seat']}")
            assert score.inner_text().isdigit()
        link = card.get_by_test_id(f"watch-open-{table_id}")
        assert link.get_attribute("href") == f"/table/{table_id}"

    # every board changes as its moves come: more moves, more tiles
    page.wait_for_function(f"""(first) => [...document.querySelectorAll('{CARDS}')].every((c) =>
        Number(c.dataset.last) > first[c.dataset.table].last
        && c.querySelectorAll('[data-testid=board-tile]').length > first[c.dataset.table].tiles)""",
                           arg=first, timeout=PATIENCE_MS)
    page.screenshot(path=str(artifacts / "watch-round.png"))

    # one click enlarges a board; "Back" returns; so does Esc
    chosen = tables[3]
    card = page.get_by_test_id(f"watch-board-{chosen}")
    small = card.locator(".watch-board").bounding_box()
    card.locator(".watch-board").click()
    page.wait_for_function(f"() => document.body.dataset.enlarged === '{chosen}'")
    page.evaluate(TWO_FRAMES)
    large = card.locator(".watch-board").bounding_box()
    assert large["width"] > 1.8 * small["width"] and large["height"] > 1.8 * small["height"]
    assert [t for t, c in cards_state(page).items() if c["enlarged"]] == [chosen]
    assert card.get_by_test_id(f"watch-broadcast-{chosen}").get_attribute("href") \
        == f"/table/{chosen}?layout=broadcast"
    page.screenshot(path=str(artifacts / "watch-enlarged.png"))
    card.get_by_test_id("watch-back").click()
    page.wait_for_function("() => document.body.dataset.enlarged === ''")
    assert not any(c["enlarged"] for c in cards_state(page).values())
    page.get_by_test_id(f"watch-enlarge-{tables[0]}").click()
    page.wait_for_function(f"() => document.body.dataset.enlarged === '{tables[0]}'")
    page.keyboard.press("Escape")
    page.wait_for_function("() => document.body.dataset.enlarged === ''")

    # in Japanese
    page.get_by_test_id("language").select_option("ja")
    page.wait_for_function(f"""() => document.querySelector(
        '[data-testid=watch-enlarge-{chosen}]').textContent === '拡大'""")
    assert card.locator(".watch-name").inner_text().endswith("第1ゲーム")
    assert page.get_by_test_id("watch-sub").inner_text() == "トーナメント · 第1ラウンド"
    page.get_by_test_id("language").select_option("en")
    assert page.evaluate("() => window.cspViolations") == []

    # on a phone: one column of boards, each as wide as the screen allows
    phone = browser.new_context(**PHONE)
    try:
        small_page = phone.new_page()
        small_page.set_default_timeout(STEP_TIMEOUT_MS)
        small_page.on("pageerror", lambda e: page_errors.errors.append(str(e)))
        small_page.goto(f"{site.url}/competition/{event_id}/boards?round=1")
        small_page.wait_for_function(
            f"() => document.querySelectorAll('{CARDS}').length === {BOARDS}", timeout=PATIENCE_MS)
        boxes = [c.bounding_box() for c in small_page.locator(CARDS).all()]
        assert len({round(b["x"]) for b in boxes}) == 1
        assert all(b["x"] >= 0 and b["x"] + b["width"] <= 390 for b in boxes)
        assert small_page.evaluate("() => document.documentElement.scrollWidth") <= 390
        small_page.screenshot(path=str(artifacts / "watch-phone.png"))
    finally:
        phone.close()


def test_a_round_that_does_not_exist_says_so(page, site, knockout):
    page.goto(f"{site.url}/competition/{knockout['id']}/boards?round=9")
    note = page.get_by_test_id("watch-note")
    note.wait_for()
    assert note.inner_text() == "This competition has no round 9."
    assert page.locator(CARDS).count() == 0
    page.goto(f"{site.url}/competition/{knockout['id']}/boards")
    page.get_by_test_id("watch-note").wait_for()
    assert page.get_by_test_id("watch-note").inner_text() \
        == "Name the round to watch in the address: ?round=1."
    page.goto(f"{site.url}/competition/nosuchevent/boards?round=1")
    page.get_by_test_id("watch-note").wait_for()
    assert page.locator(CARDS).count() == 0


def timed_table(site: Server) -> tuple[str, str]:
    """A real-time table of a person (seat 0, who moves first and never does) and a
    bot: its id and the person's token."""
    made = site.post("/api/tables", {"seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}],
                                     "timing": {"kind": "clock", "base": 300, "increment": 0},
                                     "join": {"seat": 0, "name": "Clara"}})
    return made["table"]["id"], made["token"]


def clock_seconds(text: str) -> int:
    minutes, seconds = text.split(":")
    return int(minutes) * 60 + int(seconds)


def test_any_tables_on_one_page(page, site, knockout):
    clara, _token = timed_table(site)
    page.goto(f"{site.url}/watch?tables={clara},nosuchtable,{knockout['tables'][0]}")
    page.wait_for_function(f"""() => document.querySelectorAll('{CARDS}').length === 3
        && document.querySelector('[data-testid=watch-board-nosuchtable] .watch-empty')
          .textContent === 'There is no such table.'""", timeout=PATIENCE_MS)
    assert page.locator(CARDS).evaluate_all("(cs) => cs.map((c) => c.dataset.table)") \
        == [clara, "nosuchtable", knockout["tables"][0]]
    card = page.get_by_test_id(f"watch-board-{clara}")
    assert "Clara" in card.get_by_test_id(f"watch-{clara}-player-0").inner_text()
    # the person's clock runs down on the page between states
    clock = card.get_by_test_id("clock-0")
    clock.wait_for()
    start = clock_seconds(clock.inner_text())
    assert 0 < start <= 300
    page.wait_for_function(CLOCK_BELOW.replace("CLOCK", f"[data-testid=watch-board-{clara}] "
                                                          "[data-testid=clock-0]"),
                           arg=start, timeout=PATIENCE_MS)
    assert "running" in (clock.get_attribute("class") or "")

    # more than 16: the first 16, and a line that says so
    many = [f"t{i}" for i in range(20)]
    page.goto(f"{site.url}/watch?tables={','.join(many)}")
    page.wait_for_function(f"() => document.querySelectorAll('{CARDS}').length === 16")
    assert page.get_by_test_id("watch-note").inner_text() \
        == "20 tables were named; a page shows at most 16: the first 16 are shown."
    assert page.locator(CARDS).evaluate_all("(cs) => cs.map((c) => c.dataset.table)") == many[:16]
    # none
    page.goto(f"{site.url}/watch")
    page.get_by_test_id("watch-note").wait_for()
    assert page.get_by_test_id("watch-note").inner_text().startswith("No table named.")


def test_the_broadcast_layout_follows_the_game_with_nothing_to_press(page, site, artifacts):
    bots = [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]
    table_id = site.post("/api/tables", {"seats": bots})["table"]["id"]
    # a spectator of the table finds the broadcast layout there
    page.add_init_script(REFUSALS)
    page.goto(f"{site.url}/table/{table_id}")
    link = page.get_by_test_id("broadcast-link")
    link.wait_for()
    assert link.inner_text() == "Broadcast view"
    href = link.get_attribute("href")
    assert href == f"/table/{table_id}?layout=broadcast"
    page.goto(site.url + href)
    page.wait_for_function("() => Number(document.body.dataset.last) >= 1", timeout=PATIENCE_MS)

    # nothing to press, no chat, no pointer-only hints; the board takes no pointer
    assert page.locator("button, input, select, textarea, a").count() == 0
    hints = "[data-testid=chat], [data-testid=legal-square], [data-testid=dead-square]"
    assert page.locator(hints).count() == 0
    assert page.locator(".broadcast-side [title], .broadcast-side title").count() == 0
    board = page.locator("[data-testid=board]")
    assert board.evaluate("(b) => getComputedStyle(b).pointerEvents") == "none"

    table = site.get(f"/api/tables/{table_id}")
    for seat in table["seats"]:
        line = page.get_by_test_id(f"broadcast-player-{seat['seat']}")
        assert seat["name"] in line.inner_text()

    def shown() -> dict[str, Any]:
        return page.evaluate("""() => {
            const s = window.carcassonneBroadcast.state();
            const mark = document.querySelector('[data-testid=last-tile]');
            return {last: s.last, moves: s.view.moves, scores: s.view.scores,
                    tiles: document.querySelectorAll('[data-testid=board-tile]').length,
                    board: s.view.board.length,
                    mark: mark && [Number(mark.dataset.x), Number(mark.dataset.y)],
                    lines: document.querySelectorAll('#broadcast-moves li').length,
                    score0: document.querySelector(
                      '[data-testid=broadcast-score-0]').textContent}; }""")

    # it follows the game: each new move's tile drawn and marked, scores as the state says
    before = shown()
    page.wait_for_function(f"() => Number(document.body.dataset.last) >= {before['last'] + 2}",
                           timeout=PATIENCE_MS)
    page.evaluate(TWO_FRAMES)
    after = shown()
    assert after["tiles"] == after["board"] > before["tiles"]
    last = after["moves"][-1]
    assert after["mark"] is not None and f"@{after['mark'][0]},{after['mark'][1]}" in last
    assert after["score0"] == str(after["scores"][0])
    assert after["lines"] >= 1
    assert page.evaluate("() => window.cspViolations") == []
    page.screenshot(path=str(artifacts / "broadcast.png"))


def test_the_broadcast_layout_shows_a_running_clock(page, site):
    table_id, _token = timed_table(site)
    page.goto(f"{site.url}/table/{table_id}?layout=broadcast")
    clock = page.get_by_test_id("clock-0")
    clock.wait_for()
    start = clock_seconds(clock.inner_text())
    page.wait_for_function(CLOCK_BELOW.replace("CLOCK", "[data-testid=clock-0]"),
                           arg=start, timeout=PATIENCE_MS)
    assert "Clara" in page.get_by_test_id("broadcast-player-0").inner_text()
    assert page.get_by_test_id("broadcast-player-0").get_attribute("data-turn") == "true"
    assert page.locator("button, input, select, textarea").count() == 0


def test_a_seated_player_is_not_offered_the_broadcast_link(browser, page_errors, site):
    table_id, token = timed_table(site)
    player = new_page(browser, page_errors)
    try:
        player.goto(site.url + "/")
        player.evaluate("([id, token]) => localStorage.setItem('carcassonne.seats',"
                        " JSON.stringify({[id]: {seat: 0, token}}))", [table_id, token])
        player.goto(f"{site.url}/table/{table_id}")
        player.wait_for_function("() => document.body.dataset.seat === '0'")
        assert player.get_by_test_id("broadcast-link").is_hidden()
    finally:
        player.context.close()


def test_a_series_next_game_takes_its_match_place(page, server):
    """A best-of-3 between two bots, played at full speed on the shared test
    server: the match's board follows each game as it opens and ends on the
    last one played."""
    answer = page.request.post(server.url + "/api/accounts",
                               data={"name": f"Ser{uuid.uuid4().hex[:6]}", "password": PASSWORD})
    assert answer.status == 201, answer.text()
    made = page.request.post(server.url + "/api/competitions", data={
        "name": "Series", "format": "knockout", "games": 3, "entrants": [{"bot": "random"}] * 2})
    event_id = made.json()["id"]
    page.request.post(f"{server.url}/api/competitions/{event_id}/start", data={})
    page.goto(f"{server.url}/competition/{event_id}/boards?round=1")
    page.wait_for_function(f"() => document.querySelectorAll('{CARDS}').length === 1",
                           timeout=PATIENCE_MS)
    deadline = time.monotonic() + PATIENCE
    while server.get(f"/api/competitions/{event_id}")["status"] != "finished":
        assert time.monotonic() < deadline, "the series did not end"
        time.sleep(0.2)
    (match,) = server.get(f"/api/competitions/{event_id}")["stages"][0]["rounds"][0]["matches"]
    last = [g for g in match["games"] if g["table"]][-1]
    assert last["number"] >= 2  # best of 3: two games at least
    card = page.get_by_test_id(f"watch-board-{last['table']}")
    page.wait_for_function(f"""() => {{
        const c = document.querySelector('[data-testid=watch-board-{last["table"]}]');
        return c && c.dataset.over === 'true'; }}""", timeout=PATIENCE_MS)
    assert page.locator(CARDS).count() == 1
    assert card.locator(".watch-name").inner_text() == f"{match['id']} · Game {last['number']}"
    assert "wins" in card.locator(".watch-line").inner_text() \
        or "share" in card.locator(".watch-line").inner_text()
