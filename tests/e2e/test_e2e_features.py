"""Features at a glance, in a real browser against the real server.

While a tile is being placed, pointing at (or tapping) a figure spot lights
the whole feature it would claim: the spot's segment on the new tile and
the road, city or field it joins on the board. At any time, pointing at or
tapping a feature on the board lights its extent and says who holds it and
what it is worth, from the server's list of the position's features
(``GET /api/tables/{id}/features``). Open squares that no tile left can fill
are marked.
"""

from __future__ import annotations

import json
import random
from typing import Any

from e2e_helpers import play_turn, quick_play, visible_squares, wait_turn_or_end


def features_loaded(page: Any) -> None:
    """Wait until the page holds the features of the position it shows."""
    page.wait_for_function("() => document.body.dataset.features === document.body.dataset.last")


def lit(page: Any) -> list[dict[str, Any]]:
    """The lit parts of the board: square and kind of each."""
    return page.evaluate("""() => [...document.querySelectorAll('[data-testid=lit-part]')]
        .map((g) => ({x: Number(g.dataset.x), y: Number(g.dataset.y), kind: g.dataset.kind}))""")


def test_a_spot_lights_the_feature_it_claims_and_the_board_explains_features(page, server,
                                                                              artifacts):
    page.set_viewport_size({"width": 1440, "height": 900})
    table_id = quick_play(page, server.url)
    rng = random.Random(5)
    claimed_across = False
    turns = 0
    while wait_turn_or_end(page) and turns < 14:
        features_loaded(page)
        squares = page.get_by_test_id("legal-square")
        seen = visible_squares(page)
        squares.nth(seen[0] if seen else 0).click()
        page.get_by_test_id("ghost").wait_for()
        ghost = page.get_by_test_id("ghost")
        at = (int(ghost.get_attribute("data-x")), int(ghost.get_attribute("data-y")))
        spots = page.get_by_test_id("figure-spot")
        for i in range(spots.count()):
            spot = spots.nth(i)
            spot.hover()
            parts = lit(page)
            feature = spot.get_attribute("data-feature")
            # the spot's own segment on the new tile is always lit, of its kind
            assert {"x": at[0], "y": at[1], "kind": feature} in parts
            assert page.get_by_test_id("feature-info").is_visible()
            assert "claims this" in page.get_by_test_id("feature-info").inner_text()
            if any((p["x"], p["y"]) != at for p in parts) and not claimed_across:
                claimed_across = True  # a feature joined across the new tile's side
                page.screenshot(path=str(artifacts / "feature-highlight.png"))
        page.mouse.move(5, 400)
        page.get_by_test_id("take-back").click()
        play_turn(page, rng, figure_chance=0.6)
        turns += 1
    assert claimed_across, "no spot ever joined a feature already on the board"

    # pointing at a feature on the board: its extent and words about it
    features_loaded(page)
    answer = server.get(f"/api/tables/{table_id}/features")
    held = [f for f in answer["features"] if f["figures"] and f["kind"] in ("city", "road")]
    assert held, "no road or city holds a figure after 14 turns"
    target = held[0]
    figure = target["figures"][0]
    spot = page.locator(f"[data-testid=board-figure][data-x='{figure['at'][0]}']"
                        f"[data-y='{figure['at'][1]}'][data-feature='{target['kind']}']").first
    box = spot.bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_function("() => document.querySelectorAll('[data-testid=lit-part]').length > 0")
    squares = {(p["x"], p["y"]) for p in lit(page)}
    assert squares == {tuple(p["at"]) for p in target["parts"]}
    words = page.get_by_test_id("feature-info").inner_text()
    kind_word = "City" if target["kind"] == "city" else "Road"
    assert words.startswith(kind_word)
    holders = {fig["player"] for fig in target["figures"]}
    assert words.count("×") == len(holders)  # each holder named with their figures
    assert f"{target['points']} point" in words
    page.screenshot(path=str(artifacts / "feature-info.png"))


def test_dead_squares_from_the_server_are_marked(page, server):
    """A square no tile left can fill is rare in a short game, and the server
    deals stacks of its own; so the features answer of a real game is taken
    from the server and one real open square of it is added to ``dead``
    (the engine's tests check which squares are dead). The page must mark
    exactly the squares the answer names."""
    def with_dead(route: Any) -> None:
        answer = route.fetch().json()
        answer["dead"] = [[0, -1]]
        route.fulfill(status=200, content_type="application/json", body=json.dumps(answer))

    page.route("**/api/tables/*/features", with_dead)
    quick_play(page, server.url)
    wait_turn_or_end(page)
    features_loaded(page)
    dead = page.get_by_test_id("dead-square")
    dead.first.wait_for()
    assert dead.count() == 1
    assert (dead.get_attribute("data-x"), dead.get_attribute("data-y")) == ("0", "-1")
    assert "No tile left" in dead.locator("title").text_content()
