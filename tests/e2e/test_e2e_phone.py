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
from e2e_helpers import (
    ALL_SETS,
    PHONE,
    check_final_scores,
    finished_table,
    quick_play,
    tap_turn,
    tile_width,
    wait_turn_or_end,
)

from conftest import STEP_TIMEOUT_MS


@pytest.fixture
def phone(browser: Any, page_errors: Any) -> Iterator[Any]:
    context = browser.new_context(**PHONE, locale="en-US")
    p = context.new_page()
    p.set_default_timeout(STEP_TIMEOUT_MS)
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
    while wait_turn_or_end(page):
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
    heads = page.locator("[data-testid=final-scores] .reason-name").all_inner_texts()
    assert {"Cities", "Roads", "Monasteries", "Fields", "Total"} <= set(heads)
    for control in ("rematch", "back-to-lobby"):
        button = page.get_by_test_id(control)
        button.scroll_into_view_if_needed()
        assert on_screen(page, control), f"{control} cannot be tapped"
    page.screenshot(path=str(artifacts / "end-screen-phone.png"))


#: Per column name of the results table: its text and the lines it is drawn
#: on (a word broken inside is drawn on two or more), and whether the table
#: fits inside its card with nothing cut off or scrolled.
RESULTS_LAYOUT = """() => {
    const table = document.querySelector('.final-table');
    const card = table.closest('.card');
    const box = card.getBoundingClientRect();
    const inner = box.right - parseFloat(getComputedStyle(card).paddingRight);
    const names = [...table.querySelectorAll('.reason-name')].map((span) => {
        const range = document.createRange();
        range.selectNodeContents(span);
        return [span.textContent, range.getClientRects().length];
    });
    const wrap = table.parentElement;
    return {names, fits: table.getBoundingClientRect().right <= inner + 0.5
                         && wrap.scrollWidth <= wrap.clientWidth};
}"""


def test_the_results_of_every_set_fit_a_phone_and_name_each_column_whole(browser, server,
                                                                           page_errors, artifacts):
    """Four bots and every set give eight columns of results: on a phone and
    in the desktop side panel, in English and Japanese, each column's name
    is drawn whole on one line and the totals are not cut off."""
    bots = [{"kind": "bot", "bot": "greedy"} for _ in range(4)]
    table_id = finished_table(server, {"seats": bots, "sets": ALL_SETS})
    sizes = {"phone": PHONE, "desktop": {"viewport": {"width": 1440, "height": 900}}}
    for size, device in sizes.items():
        for locale in ("en-US", "ja-JP"):
            context = browser.new_context(**device, locale=locale)
            page = context.new_page()
            page.on("pageerror", lambda e: page_errors.errors.append(str(e)))
            page.goto(f"{server.url}/table/{table_id}")
            results = page.get_by_test_id("final-scores")
            results.wait_for()
            layout = page.evaluate(RESULTS_LAYOUT)
            names = dict(layout["names"])
            assert len(names) >= 8, names  # every reason scored, and the total
            broken = {name: lines for name, lines in names.items() if lines != 1}
            assert not broken, f"{size} {locale}: column names broken over lines: {broken}"
            assert layout["fits"], f"{size} {locale}: the results reach past their card"
            if size == "phone":
                assert page_fits(page)
                results.scroll_into_view_if_needed()
                results.screenshot(path=str(artifacts / f"results-every-set-{locale}.png"))
            context.close()
