"""Two people at a table with the next tile drawn ahead (``draw_ahead``, as on
Board Game Arena): one at a desktop in English, the other on a phone in
Japanese, each playing by clicking or tapping.

VAR-AHEAD-1: each player holds the tile for their next turn and places it
on that turn. VAR-AHEAD-4: with ``hands_public`` (the lobby's default for
this option) every player's panel shows every held tile, so the tile a
player is seen holding is the very tile they then place; without it each
sees only their own, and the others' as a face-down tile.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from e2e_helpers import PHONE, play_turn, tap_turn, wait_turn_or_end

from conftest import STEP_TIMEOUT_MS

#: What a player's panel row shows of the tile each seat holds.
HELD = """() => [0, 1].map((i) => {
    const el = document.querySelector(`[data-testid=held-${i}]`);
    if (!el) return null;
    const box = el.getBoundingClientRect();
    return { tiles: el.dataset.tiles ? el.dataset.tiles.split(' ') : [],
             faceDown: el.querySelectorAll('.face-down').length,
             pictures: [...el.querySelectorAll('[data-tile]')].map((s) => s.dataset.tile),
             text: el.innerText.trim(), seen: box.width > 0 && box.height > 0 };
})"""


def held_tiles(page: Any, phone: bool, shot: Path | None = None) -> list[dict[str, Any]]:
    """The held tiles as the person at ``page`` sees them in the players'
    panel; on a phone the panel is a sheet, opened and closed again. With
    ``shot``, a picture of the page with the panel in view."""
    if phone:
        page.get_by_test_id("sheet-toggle").tap()
        page.get_by_test_id("players").wait_for()
    rows = page.evaluate(HELD)
    if shot:
        page.screenshot(path=str(shot))
    if phone:
        page.get_by_test_id("sheet-close").tap()
        page.get_by_test_id("players").wait_for(state="hidden")
    assert all(row is not None and row["seen"] for row in rows), rows
    return list(rows)


def caught_up(page: Any, moves: int) -> None:
    page.wait_for_function(f"() => Number(document.body.dataset.last || 0) >= {moves}")


@pytest.mark.parametrize("public", [True, False], ids=["shown", "hidden"])
def test_two_people_drawing_ahead_see_the_held_tiles_the_table_allows(
        page, browser, page_errors, server, artifacts, public):
    host = page
    host.goto(server.url + "/")
    host.wait_for_function("() => document.body.dataset.ready === 'true'")
    host.get_by_test_id("player-name").fill("Hana")
    host.get_by_test_id("seat-kind-1").select_option("human")
    host.get_by_test_id("option-draw_ahead").check()
    assert host.get_by_test_id("option-hands_public").is_checked()  # VAR-AHEAD-4's default
    if not public:
        host.get_by_test_id("option-hands_public").uncheck()
    host.get_by_test_id("create-table").click()
    host.wait_for_url("**/table/*")
    link = host.get_by_test_id("share-link").input_value()
    table_id = link.rstrip("/").split("/")[-1]
    table = server.get(f"/api/tables/{table_id}")
    expected = {"draw_ahead": True, "hands_public": True} if public else {"draw_ahead": True}
    assert table["options"] == expected

    context = browser.new_context(**PHONE, locale="ja-JP")
    guest = context.new_page()
    guest.set_default_timeout(STEP_TIMEOUT_MS)
    guest.on("pageerror", lambda e: page_errors.errors.append(str(e)))
    try:
        guest.goto(link)
        guest.get_by_test_id("waiting").wait_for()
        guest.locator("#join-name").fill("Ken")
        guest.get_by_test_id("join-seat-1").tap()
        for p in (host, guest):
            p.wait_for_function("() => document.body.dataset.status === 'playing'")
        people = [(host, False, ("next tile", "placing now")),
                  (guest, True, ("次のタイル", "配置中のタイル"))]
        rng = random.Random(5)
        #: the tile each seat was last seen holding (by the other person
        #: when shown, else by themselves)
        seen_holding: dict[int, str] = {}
        for turn in range(8):
            seat = turn % 2
            mover, on_phone, _ = people[seat]
            assert wait_turn_or_end(mover), "the game ended before the test's turns"
            placing = mover.get_by_test_id("hand-tile").get_attribute("data-tile")
            assert placing
            if seat in seen_holding:  # VAR-AHEAD-1: the tile held is the tile placed
                assert placing == seen_holding[seat]
            views = []
            for watcher, (page_of, phone_of, words) in enumerate(people):
                caught_up(page_of, turn)
                shot = (artifacts / f"draw-ahead-{'phone' if phone_of else 'desktop'}"
                        f"-{'shown' if public else 'hidden'}.png") if turn == 3 else None
                rows = held_tiles(page_of, phone_of, shot)
                for holder, row in enumerate(rows):
                    # the mover's tile is the one being placed, the other's their next
                    assert words[holder == seat] in row["text"], row["text"]
                    if public or holder == watcher:
                        assert len(row["tiles"]) == 1 and row["pictures"] == row["tiles"]
                        assert row["faceDown"] == 0
                    else:
                        assert row["tiles"] == [] and row["pictures"] == []
                        assert row["faceDown"] == 1
                views.append(rows)
            waiting = 1 - seat
            # the mover's row holds the tile being placed, seen by the mover
            # (and by the other person when shown)
            assert views[seat][seat]["tiles"] == [placing]
            if public:
                assert views[waiting][seat]["tiles"] == [placing]
                assert views[seat][waiting]["tiles"] == views[waiting][waiting]["tiles"]
                # what the other person sees them hold, for their next turn
                seen_holding[waiting] = views[seat][waiting]["tiles"][0]
            else:
                seen_holding[waiting] = views[waiting][waiting]["tiles"][0]
            (tap_turn if on_phone else play_turn)(mover, rng)
    finally:
        context.close()
