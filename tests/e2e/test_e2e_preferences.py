"""The system's display preferences (web/preferences.css): with reduced
motion nothing on the table pulses or fades in; with more contrast the
squares to choose are outlined solid and secondary text is darker; with
neither, the table keeps its motion and its lighter look."""

from __future__ import annotations

from e2e_helpers import quick_play

from conftest import new_page

LOOK = """() => {
    const square = document.querySelector('[data-testid=legal-square]');
    const tile = document.querySelector('.board-tile');
    const s = getComputedStyle(square);
    return {square: s.animationName, tile: getComputedStyle(tile).animationName,
            dash: s.strokeDasharray,
            muted: getComputedStyle(document.documentElement).getPropertyValue('--muted').trim()};
}"""


def _table_look(browser, page_errors, server, **media: str) -> dict:
    page = new_page(browser, page_errors)
    if media:
        page.emulate_media(**media)
    quick_play(page, server.url)
    page.wait_for_function("() => document.body.dataset.myTurn === 'true'")
    page.get_by_test_id("legal-square").first.wait_for()
    look = page.evaluate(LOOK)
    page.context.close()
    return look


def test_the_table_follows_the_systems_motion_and_contrast_preferences(
        browser, page_errors, server) -> None:
    plain = _table_look(browser, page_errors, server)
    assert plain["square"] == "pulse" and plain["tile"] == "appear"
    assert plain["dash"] != "none" and plain["muted"] == "#7a6a55"

    still = _table_look(browser, page_errors, server, reduced_motion="reduce")
    assert still["square"] == "none" and still["tile"] == "none"

    sharp = _table_look(browser, page_errors, server, contrast="more")
    assert sharp["dash"] == "none" and sharp["muted"] == "#4a3c2b"
    assert sharp["square"] == "pulse"  # more contrast alone keeps the motion
