"""Playing in the browser: a whole game against a bot, by clicking.

A newcomer opens the lobby, clicks "Play against a bot" and plays every
turn by clicking the first highlighted square, sometimes turning the tile
and sometimes putting a meeple on a spot, then confirming, until the final
scores show. The page must agree with the server on the result.
"""

from __future__ import annotations

import json
import random

from e2e_helpers import (
    MOST_TURNS,
    check_final_scores,
    moves_played,
    play_turn,
    quick_play,
    show_whole_board,
    tile_count,
    wait_turn_or_end,
)


def test_a_whole_game_against_a_bot_by_clicking(page, server, artifacts):
    kinds: list[str] = []  # the types of the messages the table's socket brought

    def watch(ws):
        ws.on("framereceived", lambda frame: kinds.append(json.loads(frame)["type"]))

    page.on("websocket", watch)
    table_id = quick_play(page, server.url)
    assert "Ann" in page.get_by_test_id("player-0").inner_text()
    assert page.get_by_test_id("bot-badge").count() == 1
    rng = random.Random(7)
    turns = 0
    figures_placed = 0
    while wait_turn_or_end(page):
        figures_placed += play_turn(page, rng)
        turns += 1
        if turns == 3:
            page.screenshot(path=str(artifacts / "table-midgame.png"))
        assert turns <= MOST_TURNS, "the game does not end"

    assert turns >= 30  # 71 tiles shared by two players
    check_final_scores(page, server, table_id)
    final = page.get_by_test_id("final-scores")
    assert "wins" in final.inner_text() or "share" in final.inner_text()
    # the breakdown's columns are named in words, and the ways on are there
    heads = final.locator(".reason-name").all_inner_texts()
    assert {"Cities", "Roads", "Monasteries", "Fields", "Total"} <= set(heads)
    assert final.get_by_test_id("rematch").is_visible()
    assert final.get_by_test_id("back-to-lobby").is_visible()
    page.screenshot(path=str(artifacts / "end-screen.png"))
    assert page.get_by_test_id("status").inner_text().startswith("Game over")
    assert tile_count(page) == 1 + moves_played(page)
    log = page.get_by_test_id("log").inner_text()
    assert "Final scoring" in log and "placed" in log
    assert page.get_by_test_id("legal-square").count() == 0
    assert figures_placed >= 1
    show_whole_board(page)
    page.wait_for_timeout(500)  # let the last tile fade in
    page.screenshot(path=str(artifacts / "board.png"))
    page.get_by_test_id("board").screenshot(path=str(artifacts / "board-only.png"))
    # the page took its states after the first as patches, and drew them right
    assert kinds.count("patch") >= 2 * turns - 2 and kinds.count("state") <= 3


def test_take_back_returns_the_tile_and_only_legal_rotations_are_offered(page, server):
    quick_play(page, server.url)
    assert wait_turn_or_end(page)
    squares = page.get_by_test_id("legal-square")
    count = squares.count()
    assert count >= 1
    first = squares.first
    x, y = first.get_attribute("data-x"), first.get_attribute("data-y")
    first.click()
    ghost = page.get_by_test_id("ghost")
    assert (ghost.get_attribute("data-x"), ghost.get_attribute("data-y")) == (x, y)
    legal = page.evaluate(
        "(() => { const s = window.carcassonneTable.state();"
        f" return s.legal.filter(m => m.at[0] === {x} && m.at[1] === {y})"
        ".map(m => m.rotation); })()")
    seen = set()
    for _ in range(5):
        seen.add(int(ghost.get_attribute("data-rotation")))
        before = ghost.get_attribute("data-rotation")
        if len(set(legal)) == 1:
            assert page.get_by_test_id("ghost-rotate").count() == 0
            break
        # clicking the ghost (its corner: figure spots may cover its middle) turns it
        page.get_by_test_id("ghost-rotate").click()
        page.wait_for_function("() => document.querySelector('[data-testid=ghost]')"
                               f".dataset.rotation !== '{before}'")
    assert seen == set(legal)
    page.get_by_test_id("take-back").click()
    assert page.get_by_test_id("ghost").count() == 0
    assert page.get_by_test_id("legal-square").count() == count
    assert page.get_by_test_id("confirm").is_disabled()
