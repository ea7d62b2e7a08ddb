"""Pausing a timed game in the browser: two people, one at a desktop in
English, the other on a phone in Japanese, and a spectator. One asks
("Pause" beside "Resign"), the other sees the request and pauses too; every
page then shows the game paused, its clocks standing still and no move
offered; "Resume" needs both again, and the game goes on where it was."""

from __future__ import annotations

import random
from typing import Any

from e2e_helpers import PHONE, play_turn, wait_turn_or_end

from conftest import STEP_TIMEOUT_MS, new_page

PAUSED = "() => document.body.dataset.paused === 'true'"
RUNNING = "() => document.body.dataset.paused === 'false'"


def open_with_token(page: Any, server: Any, table_id: str, seat: int, token: str) -> None:
    """Open a table page holding the seat, the token kept as js/api.js keeps it."""
    page.goto(server.url + "/")
    page.evaluate("([id, seat, token]) => localStorage.setItem('carcassonne.seats',"
                  " JSON.stringify({[id]: {seat, token}}))", [table_id, seat, token])
    page.goto(f"{server.url}/table/{table_id}")


def banner(page: Any) -> str:
    text: str = page.get_by_test_id("pause-banner").inner_text()
    return text


def test_two_people_pause_and_resume_a_timed_game(browser, page, page_errors, server,
                                                  artifacts) -> None:
    created = server.post("/api/tables", {
        "seats": [{"kind": "human"}, {"kind": "human"}],
        "timing": {"kind": "clock", "base": 1200, "increment": 0},
        "join": {"seat": 0, "name": "Ann"}})
    table_id, ann_token = created["table"]["id"], created["token"]
    bob_token = server.post(f"/api/tables/{table_id}/join", {"seat": 1, "name": "Bob"})["token"]
    ann = page
    phone = browser.new_context(**PHONE, locale="ja-JP")
    bob = phone.new_page()
    bob.set_default_timeout(STEP_TIMEOUT_MS)
    bob.on("pageerror", lambda e: page_errors.errors.append(str(e)))
    watcher = new_page(browser, page_errors)
    try:
        open_with_token(ann, server, table_id, 0, ann_token)
        open_with_token(bob, server, table_id, 1, bob_token)
        watcher.goto(f"{server.url}/table/{table_id}")
        for person in (ann, bob, watcher):
            person.wait_for_function("() => document.body.dataset.status === 'playing'")
        assert wait_turn_or_end(ann)
        rng = random.Random(11)
        play_turn(ann, rng)
        assert wait_turn_or_end(bob)  # Bob (seat 1) is to move, his clock running
        assert watcher.get_by_test_id("pause").is_hidden()  # a spectator has no Pause

        # Ann asks; Bob sees the request, in Japanese, and pauses too
        ann.get_by_test_id("pause").click()
        ann.get_by_test_id("pause-banner").wait_for()
        assert "waiting for Bob" in banner(ann) and ann.get_by_test_id("pause").is_hidden()
        assert ann.get_by_test_id("pause-act").inner_text() == "Withdraw"
        bob.get_by_test_id("pause-banner").wait_for()
        assert "Ann が一時停止を求めています" in banner(bob)
        bob.screenshot(path=str(artifacts / "pause-asked-phone.png"))
        assert server.get(f"/api/tables/{table_id}")["clock"]["paused"] is None
        bob.get_by_test_id("pause-act").tap()

        for person in (ann, bob, watcher):
            person.wait_for_function(PAUSED)
        clock = server.get(f"/api/tables/{table_id}")["clock"]
        assert clock["paused"] is not None and clock["running"] is None
        assert banner(ann).startswith("Game paused") and banner(watcher).startswith("Game paused")
        assert banner(bob).startswith("一時停止中")
        assert watcher.get_by_test_id("pause-act").is_hidden()
        assert ann.get_by_test_id("pause-act").inner_text() == "Resume"
        assert bob.evaluate("document.body.dataset.myTurn") == "false"  # no move offered
        assert bob.get_by_test_id("legal-square").count() == 0
        shown = [ann.get_by_test_id(f"clock-{seat}").inner_text() for seat in (0, 1)]
        ann.screenshot(path=str(artifacts / "pause-paused-desktop.png"))
        bob.screenshot(path=str(artifacts / "pause-paused-phone.png"))
        ann.wait_for_timeout(1500)  # the clocks stand still meanwhile
        assert [ann.get_by_test_id(f"clock-{seat}").inner_text() for seat in (0, 1)] == shown
        assert "running" not in (ann.get_by_test_id("clock-1").get_attribute("class") or "")

        # resuming needs both again: Ann asks, Bob agrees
        ann.get_by_test_id("pause-act").click()
        bob.wait_for_function("() => document.querySelector('[data-testid=pause-text]')"
                              ".textContent.includes('再開を求めています')")
        assert bob.evaluate("document.body.dataset.paused") == "true"
        bob.get_by_test_id("pause-act").tap()
        for person in (ann, bob, watcher):
            person.wait_for_function(RUNNING)
            assert person.get_by_test_id("pause-banner").is_hidden()
        clock = server.get(f"/api/tables/{table_id}")["clock"]
        assert clock["paused"] is None and clock["running"] == 1
        assert wait_turn_or_end(bob)  # the game goes on where it was
        play_turn(bob, rng, touch=True)
        assert server.get(f"/api/tables/{table_id}")["moves"] == 2
    finally:
        phone.close()
        watcher.context.close()
