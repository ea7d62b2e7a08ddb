"""The aids switch in a real browser against the real server.

A table made in the lobby with the aids off (tournament play) shows no
tiles left, no dead squares and no feature values on hover, while the
squares where the tile may go are still highlighted; the server itself
sends none of them; a competition made with the aids off says so. A
training table shows on each open square the chance
that the next tile fits it, exactly as the server counts it, readable when
the board is zoomed out or in, and the player can hide and show them.
"""

from __future__ import annotations

import random
import re
import uuid
from typing import Any

from e2e_helpers import page_id, play_turn, sign_in, visible_squares, wait_turn_or_end


def create_in_lobby(page: Any, server: Any, aids: str, artifacts: Any) -> str:
    """Make a table (Ann against the greedy bot) from the lobby's form with
    ``aids``; its id, once it is being played."""
    page.set_viewport_size({"width": 1440, "height": 900})
    page.goto(server.url + "/")
    page.wait_for_function("() => document.body.dataset.ready === 'true'")
    page.get_by_test_id("player-name").fill("Ann")
    page.get_by_test_id("aids").select_option(aids)
    page.get_by_test_id("create-table").locator("xpath=ancestor::section[1]").screenshot(
        path=str(artifacts / f"aids-lobby-{aids}.png"))
    page.get_by_test_id("create-table").click()
    page.wait_for_url("**/table/*")
    page.wait_for_function("() => document.body.dataset.status === 'playing'")
    table_id = page.url.rstrip("/").split("/")[-1]
    assert server.get(f"/api/tables/{table_id}")["aids"] == aids
    return table_id


def features_loaded(page: Any) -> None:
    page.wait_for_function("() => document.body.dataset.features === document.body.dataset.last")


def test_with_the_aids_off_only_the_legal_squares_are_shown(page, server, artifacts):
    table_id = create_in_lobby(page, server, "off", artifacts)
    page.get_by_test_id("distribution-hidden").wait_for()
    assert "Aids are off" in page.get_by_test_id("distribution-hidden").inner_text()
    assert page.get_by_test_id("distribution").count() == 0
    rng = random.Random(3)
    held: list[dict[str, Any]] = []
    turns = 0
    while wait_turn_or_end(page) and turns < 16:
        assert page.get_by_test_id("legal-square").count() > 0  # still shown
        features_loaded(page)
        answer = server.get(f"/api/tables/{table_id}/features")
        assert answer["dead"] is None  # the server sends no dead squares...
        assert {(f["points"], f["detail"]) for f in answer["features"]} == {(None, None)}
        assert page.get_by_test_id("dead-square").count() == 0  # ...and none are drawn
        held = [f for f in answer["features"] if f["figures"] and f["kind"] in ("city", "road")]
        if held and turns >= 2:
            break
        play_turn(page, rng, figure_chance=0.8)
        turns += 1
    assert held, "no road or city holds a figure"
    assert page.get_by_test_id("chances-toggle").is_hidden()
    # pointing at a held feature says what it is and who holds it, never its worth
    figure = held[0]["figures"][0]
    spot = page.locator(f"[data-testid=board-figure][data-x='{figure['at'][0]}']"
                        f"[data-y='{figure['at'][1]}'][data-feature='{held[0]['kind']}']").first
    box = spot.bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_function("() => document.querySelectorAll('[data-testid=lit-part]').length > 0")
    words = page.get_by_test_id("feature-info").inner_text()
    assert words.startswith("City" if held[0]["kind"] == "city" else "Road")
    assert "×" in words and "point" not in words
    page.screenshot(path=str(artifacts / "aids-off.png"))
    # the lobby says so beside the table
    page.goto(server.url + "/")
    badge = page.get_by_test_id(f"aids-{table_id}")
    badge.wait_for()
    assert badge.inner_text() == "No aids"


def marks(page: Any) -> dict[tuple[int, int], dict[str, Any]]:
    """The chance marks on the board: square -> text, fits, tiles and the
    text's height on screen."""
    found = page.evaluate("""() => [...document.querySelectorAll('[data-testid=chance]')]
        .map((g) => ({x: Number(g.dataset.x), y: Number(g.dataset.y), text: g.textContent,
                      fits: Number(g.dataset.fits), tiles: Number(g.dataset.tiles),
                      height: g.querySelector('text').getBoundingClientRect().height}))""")
    return {(m["x"], m["y"]): m for m in found}


def chances_loaded(page: Any) -> None:
    page.wait_for_function("() => document.body.dataset.chances === document.body.dataset.last")


def shown_percent(fits: int, tiles: int) -> str:
    if not fits:
        return "0%"
    if fits == tiles:
        return "100%"
    return f"{min(99, max(1, round(100 * fits / tiles)))}%"


def test_training_shows_the_servers_chances_on_every_open_square(page, server, artifacts):
    table_id = create_in_lobby(page, server, "training", artifacts)
    page.get_by_test_id("distribution").wait_for()  # the aids stay
    rng = random.Random(8)
    for turn in range(3):
        assert wait_turn_or_end(page)
        chances_loaded(page)
        answer = server.get(f"/api/tables/{table_id}/chances")
        last = int(page.evaluate("document.body.dataset.last"))
        assert answer["last"] == last
        shown = marks(page)
        assert set(shown) == {tuple(s["at"]) for s in answer["squares"]}
        for square in answer["squares"]:
            mark = shown[tuple(square["at"])]
            assert (mark["fits"], mark["tiles"]) == (square["fits"], answer["tiles"])
            assert mark["text"].startswith(shown_percent(square["fits"], answer["tiles"]))
        assert any(re.match(r"\d+%", m["text"]) and m["fits"] for m in shown.values())
        if turn == 0:
            page.screenshot(path=str(artifacts / "training.png"))
        play_turn(page, rng)
    assert wait_turn_or_end(page)
    chances_loaded(page)
    # readable at every zoom: zoomed all the way out, and all the way in
    for button in ("zoom-out", "zoom-in"):
        for _ in range(14):
            page.get_by_test_id(button).click()
        page.wait_for_function("() => document.querySelector('[data-testid=chance]')")
        heights = [m["height"] for m in marks(page).values()]
        assert heights and all(9 <= h <= 30 for h in heights), (button, heights)
    # the player hides them and shows them again
    toggle = page.get_by_test_id("chances-toggle")
    assert toggle.get_attribute("aria-pressed") == "true"
    toggle.click()
    page.wait_for_function("() => !document.querySelector('[data-testid=chance]')")
    assert toggle.get_attribute("aria-pressed") == "false"
    toggle.click()
    page.wait_for_function("() => document.querySelector('[data-testid=chance]')")
    assert marks(page)
    assert visible_squares(page) or page.get_by_test_id("legal-square").count() > 0


def test_a_competition_made_without_aids_says_so(page, server):
    page.goto(server.url + "/competitions")
    sign_in(page, f"Ida{uuid.uuid4().hex[:6]}", "sign-up")
    form = page.get_by_test_id("new-competition")
    form.get_by_test_id("new-name").fill("Open without aids")
    options = form.get_by_test_id("new-aids").locator("option").all_inner_texts()
    assert [text.split(":")[0].split(" (")[0] for text in options] == ["On", "Off", "Training"]
    form.get_by_test_id("new-aids").select_option("off")
    form.get_by_test_id("create-competition").click()
    page.wait_for_url("**/competition/*")
    assert server.get(f"/api/competitions/{page_id(page)}")["setup"]["aids"] == "off"
    page.get_by_test_id("competition-setup").wait_for()
    assert "aids off" in page.get_by_test_id("competition-setup").inner_text()
