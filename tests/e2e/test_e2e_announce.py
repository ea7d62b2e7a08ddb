"""What a screen reader hears at the table (web/js/announce.js): each new
move and score read into a polite live region, a tile by its square, in
the page's language; opening a table reads out nothing of what was played
before. The test listens to the live region as a screen reader does: every
change of its text is one announcement."""

from __future__ import annotations

import random
import re

from e2e_helpers import PATIENCE_MS, moves_played, play_turn, quick_play, wait_turn_or_end

from conftest import new_page

LISTEN = """() => {
    window.heard = [];
    const live = document.querySelector('[data-testid=announcer]');
    new MutationObserver(() => window.heard.push(live.textContent))
        .observe(live, {childList: true, characterData: true, subtree: true});
}"""


def _heard_after(page, moves: int, new: int) -> list[str]:
    """The announcements once ``moves`` moves have been played, the last
    ``new`` of them since the page began to listen, and announced."""
    page.wait_for_function(f"() => Number(document.body.dataset.last) >= {moves}",
                           timeout=PATIENCE_MS)
    page.wait_for_function(f"() => window.heard.join(' ').split(' placed ').length > {new}",
                           timeout=PATIENCE_MS)
    return page.evaluate("window.heard")


def test_each_move_is_announced_in_the_pages_language(page, browser, page_errors,
                                                      server) -> None:
    quick_play(page, server.url)
    live = page.get_by_test_id("announcer")
    assert live.get_attribute("aria-live") == "polite" and live.inner_text() == ""
    page.evaluate(LISTEN)
    assert wait_turn_or_end(page)
    done = moves_played(page)  # the bot may have begun
    play_turn(page, random.Random(4))
    heard = _heard_after(page, done + 2, 2)  # Ann's move, then the bot's
    moves = page.evaluate("window.carcassonneTable.state().view.moves")
    said = " ".join(heard)
    for index in (done, done + 1):
        x, y = moves[index].split("@")[1].split("r")[0].split(",")
        assert f" placed a tile at ({x}, {y})" in said, (moves, heard)
    # (R, when play_turn turns the tile by key, also says the tile's square)
    moves_said = " ".join(s for s in heard if " placed a tile at (" in s)
    assert re.search(r"(^|\. )Ann placed a tile at \(", moves_said), heard
    assert re.search(r"(^|\. )(?!Ann )\S[^.]*? placed a tile at \(", moves_said), heard

    # a watcher opening the table later hears nothing of the past; in Japanese
    other = new_page(browser, page_errors, locale="ja-JP")
    other.goto(page.url)
    other.wait_for_function(f"() => Number(document.body.dataset.last) >= {done + 2}")
    assert other.get_by_test_id("announcer").inner_text() == ""
    other.evaluate(LISTEN)
    assert wait_turn_or_end(page)
    play_turn(page, random.Random(5))
    other.wait_for_function("() => window.heard.some((s) => s.startsWith('Ann が ('))",
                            timeout=PATIENCE_MS)
    assert all("のタイル" in s for s in other.evaluate("window.heard") if s), heard
    other.context.close()
