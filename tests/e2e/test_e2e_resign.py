"""Resigning in the browser, and how a rated game's end shows the ratings.

Two players with accounts play a rated game; one resigns ("Resign", then a
confirmation that says what it means; "Keep playing" changes nothing). Both
pages show the end at once: who won, who resigned, each player's rating
before and after. The profiles list the game with its date, opponent,
result and rating change, the Replay button at its own size."""

from __future__ import annotations

import random
import uuid

from e2e_helpers import page_id, play_turn, sign_in, wait_turn_or_end


def open_rated_table(host, guest, server) -> str:
    """``host`` signs up and opens a rated table of two people; ``guest``
    signs up and sits at it; the game starts. The table's id."""
    suffix = uuid.uuid4().hex[:5]
    host.goto(server.url + "/")
    sign_in(host, f"Ann{suffix}", "sign-up")
    host.get_by_test_id("seat-kind-1").select_option("human")
    host.get_by_test_id("rated").check()
    host.get_by_test_id("create-table").click()
    host.wait_for_url("**/table/*")
    table_id = page_id(host)
    guest.goto(server.url + "/")
    sign_in(guest, f"Bob{suffix}", "sign-up")
    guest.goto(f"{server.url}/table/{table_id}")
    guest.get_by_test_id("join-seat-1").click()
    for page in (host, guest):
        page.wait_for_function("() => document.body.dataset.status === 'playing'")
    return table_id


def test_a_player_resigns_a_rated_game_and_both_see_the_end(page, another_page, server,
                                                            artifacts):
    ann, bob = page, another_page
    table_id = open_rated_table(ann, bob, server)
    assert ann.get_by_test_id("resign").is_visible() and bob.get_by_test_id("resign").is_visible()
    rng = random.Random(7)
    for _ in range(2):  # a few turns each
        assert wait_turn_or_end(ann)
        play_turn(ann, rng)
        assert wait_turn_or_end(bob)
        play_turn(bob, rng)

    # Resign asks first; "Keep playing" changes nothing
    bob.get_by_test_id("resign").click()
    text = bob.get_by_test_id("resign-confirm").inner_text()
    assert "The game ends at once" in text and "rank last" in text, text
    bob.get_by_test_id("resign-no").click()
    bob.get_by_test_id("resign-confirm").wait_for(state="hidden")
    assert server.get(f"/api/tables/{table_id}")["status"] == "playing"
    bob.get_by_test_id("resign").click()
    bob.screenshot(path=str(artifacts / "resign-confirm.png"))
    bob.get_by_test_id("resign-yes").click()

    # both pages: the game is over, Ann won, Bob resigned, each one's rating change
    bob.get_by_test_id("final-scores").wait_for()
    table = server.get(f"/api/tables/{table_id}")
    assert table["status"] == "finished" and table["winners"] == [0]
    assert [s["resigned"] for s in table["seats"]] == [False, True]
    for player in (ann, bob):
        player.get_by_test_id("final-scores").wait_for()
        player.wait_for_function("() => document.body.dataset.over === 'true'")
        assert player.get_by_test_id("resign").is_hidden()
        line = player.get_by_test_id("resigned-line").inner_text()
        assert line == f"{table['seats'][1]['name']} resigned."
        assert player.get_by_test_id("resigned-1").count() == 1  # in the players panel
        for seat in table["seats"]:
            change = seat["rating_after"] - seat["rating_before"]
            shown = player.get_by_test_id(f"rating-change-{seat['seat']}").inner_text()
            assert shown.startswith(f"{seat['rating_before']} → {seat['rating_after']}"), shown
            assert (change > 0) == ("+" in shown)
    # the winner's row first, the resigned player's last
    rows = ann.locator("[data-testid=final-scores] tr[data-testid^=final-row]")
    assert [rows.nth(i).get_attribute("data-testid") for i in range(2)] == [
        "final-row-0", "final-row-1"]
    ann.screenshot(path=str(artifacts / "resign-end.png"))
    bob.get_by_test_id("language").select_option("ja")
    bob.wait_for_function("() => document.querySelector('[data-testid=resigned-line]')"
                          ".textContent.includes('投了')")

    # each profile: date, opponent, result, rating change; Replay at its own size
    for player, seat, result in ((ann, 0, "won"), (bob, 1, "resigned")):
        name = table["seats"][seat]["name"]
        other = table["seats"][1 - seat]["name"]
        player.goto(f"{server.url}/player/{name}")
        row = player.get_by_test_id(f"game-{table_id}")
        row.wait_for()
        assert row.get_by_test_id("game-result").get_attribute("data-result") == result
        assert other in row.get_by_test_id("game-opponents").inner_text()
        assert row.get_by_test_id("game-date").inner_text().strip()
        change = table["seats"][seat]["rating_after"] - table["seats"][seat]["rating_before"]
        assert int(row.get_by_test_id("game-rating").get_attribute("data-change")) == change
        button = row.get_by_test_id(f"game-open-{table_id}").bounding_box()
        line = row.bounding_box()
        assert button is not None and line is not None
        assert button["width"] < 150 and button["width"] < line["width"] / 4, (button, line)
        assert button["height"] < 50
    ann.screenshot(path=str(artifacts / "resign-profile.png"))
