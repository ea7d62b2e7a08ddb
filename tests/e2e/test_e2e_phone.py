"""The table on a phone (390x844, touch): a whole game played by tapping,
without ever scrolling the page.

The bar under the board holds the status, the tile, Rotate, Take back and
Confirm; the players, tiles left and the log open as a sheet over the
board; the board follows the last placed tile at a readable zoom; texts
speak of tapping. At the end the results show at once, with Rematch and
Back to the lobby in reach.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from e2e_helpers import check_final_scores, quick_play, tap_turn, tile_width, wait_turn_or_end

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


@pytest.fixture
def phone(browser: Any, page_errors: Any) -> Iterator[Any]:
    context = browser.new_context(**PHONE, locale="en-US")
    p = context.new_page()
    p.set_default_timeout(15000)
    p.on("pageerror", lambda e: page_errors.errors.append(str(e)))
    yield p
    context.close()


def page_fits(page: Any) -> bool:
    """Whether the page needs no scrolling: nothing reaches past the screen."""
    return bool(page.evaluate("""() => document.documentElement.scrollHeight <= innerHeight + 1
        && document.documentElement.scrollWidth <= innerWidth + 1"""))


def on_screen(page: Any, test_id: str) -> bool:
    """Whether the element is wholly on the screen and nothing covers its middle."""
    return bool(page.evaluate("""(id) => {
        const el = document.querySelector(`[data-testid="${id}"]`);
        if (!el) return false;
        const b = el.getBoundingClientRect();
        const top = document.elementFromPoint((b.left + b.right) / 2, (b.top + b.bottom) / 2);
        return b.width > 0 && b.top >= 0 && b.left >= 0 && b.bottom <= innerHeight
            && b.right <= innerWidth && (top === el || el.contains(top));
    }""", test_id))


def test_a_whole_game_on_a_phone_by_tapping_without_scrolling(phone, server, artifacts):
    page = phone
    table_id = quick_play(page, server.url)
    rng = random.Random(11)
    turns = 0
    while wait_turn_or_end(page, timeout=20000):
        assert page_fits(page), f"the page scrolls on turn {turns}"
        for control in ("confirm", "rotate", "take-back", "status", "sheet-toggle"):
            assert on_screen(page, control), f"{control} is not in view on turn {turns}"
        if turns == 0:
            status = page.get_by_test_id("status").inner_text()
            assert "tap" in status and "click" not in status
        if turns == 25:
            # a big board is not shrunk to fit: tiles stay readable. A turn
            # whose squares were all out of view had the whole board shown
            # (the fit button, pressed); tapped again it follows the last tile
            fit = page.get_by_test_id("zoom-fit")
            if fit.get_attribute("aria-pressed") == "true":
                assert tile_width(page) < 50
                fit.tap()
                page.wait_for_function("() => document.querySelector("
                                       "'[data-testid=zoom-fit]').ariaPressed === 'false'")
            assert tile_width(page) >= 50
            page.screenshot(path=str(artifacts / "phone-table.png"))
            page.get_by_test_id("sheet-toggle").tap()
            page.get_by_test_id("players").wait_for()
            assert on_screen(page, "sheet-close")
            assert page_fits(page)
            page.screenshot(path=str(artifacts / "phone-sheet.png"))
            page.get_by_test_id("sheet-close").tap()
            page.get_by_test_id("players").wait_for(state="hidden")
        tap_turn(page, rng)
        turns += 1
    assert turns >= 30
    # the end: the results open by themselves, with the ways on
    page.get_by_test_id("final-scores").wait_for()
    assert page_fits(page)
    table = check_final_scores(page, server, table_id)
    assert table["status"] == "finished"
    heads = page.locator("[data-testid=final-scores] .reason-head span").all_inner_texts()
    assert {"Cities", "Roads", "Monasteries", "Fields", "Total"} <= set(heads)
    for control in ("rematch", "back-to-lobby"):
        button = page.get_by_test_id(control)
        button.scroll_into_view_if_needed()
        assert on_screen(page, control), f"{control} cannot be tapped"
    page.screenshot(path=str(artifacts / "end-screen-phone.png"))
