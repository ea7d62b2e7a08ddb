"""A whole game with the keyboard alone, as the how-to page describes it
(web/js/table-keys.js): the arrow keys put the tile on a free square and
move it, R turns it, Tab reaches its figure spots and Space chooses one,
Enter confirms, Escape takes the tile back. No click after the lobby.

The live region is listened to as a screen reader does (every change of
its text is one announcement): moving the tile says its square, its turn
and what it would join or score there; each move of the game is read out.
The board as text lists every placed tile and, on the player's turn, the
squares the tile can go to (web/js/text-board.js)."""

from __future__ import annotations

import re
from pathlib import Path

from e2e_helpers import MOST_TURNS, PATIENCE_MS, check_final_scores, moves_played, wait_turn_or_end

ARTIFACTS = Path(__file__).parent / "artifacts"

LISTEN = """() => {
    window.heard = [];
    const live = document.querySelector('[data-testid=announcer]');
    new MutationObserver(() => window.heard.push(live.textContent.trim()))
        .observe(live, {childList: true, characterData: true, subtree: true});
}"""

GHOST = """() => { const g = document.querySelector('[data-testid=ghost]');
    return g && [g.dataset.x, g.dataset.y, g.dataset.rotation].join(','); }"""
TURNED = "() => document.querySelector('[data-testid=ghost]').dataset.rotation !== '{}'"


def _ghost(page) -> str | None:
    found: str | None = page.evaluate(GHOST)
    return found


def _keyboard_turn(page, turn: int) -> None:
    """One turn by keys. The first turns try every key of the turn."""
    before = moves_played(page)
    page.keyboard.press("ArrowRight")
    page.get_by_test_id("ghost").wait_for(timeout=PATIENCE_MS)
    if turn == 0:
        first = _ghost(page)
        # the square is said, with what the tile would do there
        page.wait_for_function("(w) => window.heard.some((s) => s.startsWith(w))",
                               arg=", ".join(first.split(",")[:2]) + ", turned ",
                               timeout=PATIENCE_MS)
        page.wait_for_function("() => window.heard.some((s) => /turned \\d+°: \\S/.test(s))",
                               timeout=PATIENCE_MS)
        # Escape takes it back, the arrow puts it down again
        page.keyboard.press("Escape")
        page.get_by_test_id("ghost").wait_for(state="detached")
        page.keyboard.press("ArrowLeft")
        page.get_by_test_id("ghost").wait_for()
        # R turns it when it has another legal turn
        if page.get_by_test_id("rotate").is_enabled():
            start = page.get_by_test_id("ghost").get_attribute("data-rotation")
            page.keyboard.press("r")
            page.wait_for_function(TURNED.format(start))
    if turn in (0, 1, 2) and page.get_by_test_id("figure-spot").count():
        # Tab goes to the first figure spot; Space chooses it; the focus is shown
        page.keyboard.press("Tab")
        page.wait_for_function("() => document.activeElement?.dataset.testid === 'figure-spot'")
        label = page.evaluate("document.activeElement.getAttribute('aria-label')")
        assert label and page.evaluate("document.activeElement.getAttribute('role')") == "button"
        page.keyboard.press(" ")
        page.locator("[data-testid=figure-spot].selected").wait_for()
        assert page.evaluate("document.activeElement.getAttribute('aria-pressed')") == "true"
        if turn == 0:
            stroke = page.evaluate(
                "getComputedStyle(document.activeElement.firstElementChild).strokeWidth")
            assert stroke == "4px", stroke  # the focus is visible on the board
            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / "keyboard-cursor.png"))
    elif turn == 3 and page.get_by_test_id("figure-spot").count():
        # Tab goes through the spots one by one and then on, out of the
        # board: no keyboard trap
        spots = page.get_by_test_id("figure-spot").count()
        seen = []
        for _ in range(spots + 6):
            page.keyboard.press("Tab")
            where = page.evaluate("document.activeElement.closest('#board') ? "
                                  "document.activeElement.dataset.key || 'board' : 'out'")
            if where == "out":
                break
            seen.append(where)
        assert where == "out", seen
        assert len(set(seen)) >= min(spots, 2), seen  # each spot in turn
        page.keyboard.press("Escape")  # the tile back in hand; the focus stays out
        page.get_by_test_id("ghost").wait_for(state="detached")
        page.keyboard.press("ArrowDown")
        page.get_by_test_id("ghost").wait_for()
        for _ in range(60):  # on to the Confirm button, and Enter presses it
            if page.evaluate("document.activeElement.dataset.testid") == "confirm":
                break
            page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.dataset.testid") == "confirm"
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => Number(document.body.dataset.last) > {before}",
                           timeout=PATIENCE_MS)


def test_a_whole_game_with_the_keyboard_alone(page, server) -> None:
    page.goto(server.url + "/")
    page.wait_for_function("() => document.body.dataset.ready === 'true'")
    page.get_by_test_id("player-name").focus()
    page.keyboard.type("Ann")
    page.get_by_test_id("quick-play").focus()
    page.keyboard.press("Enter")
    page.wait_for_url("**/table/*")
    page.wait_for_function("() => document.body.dataset.status === 'playing'")
    page.evaluate(LISTEN)
    turns = 0
    while wait_turn_or_end(page):
        _keyboard_turn(page, turns)
        turns += 1
        assert turns <= MOST_TURNS, "the game does not end"
        if turns == 3:
            # the board as text: every tile placed, and the squares of the turn
            page.get_by_test_id("text-board").locator("summary").focus()
            page.keyboard.press("Enter")
            tiles = page.get_by_test_id("text-board-tiles").locator("li")
            tiles.first.wait_for()
            assert tiles.count() == page.get_by_test_id("board-tile").count()
            assert re.match(r"^-?\d+, -?\d+: ", tiles.first.inner_text())
            if wait_turn_or_end(page):
                squares = page.get_by_test_id("text-board-squares").locator("li")
                squares.first.wait_for(timeout=PATIENCE_MS)
                legal = page.evaluate("new Set(window.carcassonneTable.state().legal"
                                      ".filter((m) => m.at).map((m) => m.at.join(','))).size")
                assert squares.count() == legal
                assert "turned" in squares.first.inner_text()
                ARTIFACTS.mkdir(exist_ok=True)
                page.get_by_test_id("text-board").scroll_into_view_if_needed()
                page.screenshot(path=str(ARTIFACTS / "text-board.png"))
    assert turns >= 30
    heard = " ".join(page.evaluate("window.heard"))
    assert len(re.findall(r"Ann placed a tile at \(", heard)) >= 30
    table_id = page.url.rstrip("/").split("/")[-1]
    check_final_scores(page, server, table_id)


def test_the_arrow_keys_go_to_the_nearest_square_that_way(page, server) -> None:
    """stepSquare (web/js/keys.js): → keeps to the row when the row has a
    square, else takes the nearest one that lies to the right; no square
    that way leaves the cursor where it is; the first press goes to the
    square nearest the last tile."""
    page.goto(server.url + "/how-to-play")
    steps = page.evaluate("""async () => {
        const { stepSquare } = await import('/static/js/keys.js');
        const squares = [[0, -1], [2, 0], [1, 1], [-1, 0], [0, 3]];
        return {
            right: stepSquare([0, 0], squares, 'ArrowRight'),
            diagonal: stepSquare([0, 0], [[1, 1], [3, 0]], 'ArrowRight'),
            left: stepSquare([-1, 0], squares, 'ArrowLeft'),
            down: stepSquare([0, -1], squares, 'ArrowDown'),
            first: stepSquare(null, squares, 'ArrowUp', [0, 4]),
            none: stepSquare([5, 5], [], 'ArrowUp'),
        };
    }""")
    assert steps == {"right": [2, 0], "diagonal": [1, 1], "left": [-1, 0],
                     "down": [-1, 0], "first": [0, 3], "none": None}
