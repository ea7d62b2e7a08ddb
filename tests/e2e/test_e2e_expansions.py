"""Inns & Cathedrals and Traders & Builders in the browser.

The lobby offers each expansion as a checkbox with its elements (the large
meeple, inns, cathedrals; the builder, the pig, goods) shown once it is
ticked; "tiles only" turns every element off. A whole game with both
expansions is then played against a bot by clicking: when the legal moves
offer a large meeple, a builder or a pig, the player puts the tile where that
figure may go, turns it, picks the spot and the figure's kind, and confirms.
The log, the panel (figures left by kind, goods) and the final scores must
agree with the server.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

from e2e_helpers import (
    LOG_MODULES,
    MOST_TURNS,
    check_final_scores,
    in_reach,
    moves_played,
    page_id,
    show_whole_board,
    tile_count,
    wait_turn_or_end,
)

from carcassonne import Game
from carcassonne.tiles import TILES

BOTH = ["base", "inns_cathedrals", "traders_builders"]
SPECIAL = ("builder", "pig", "large")


def test_the_lobby_offers_each_expansion_with_its_elements(page, server, artifacts):
    page.goto(server.url + "/")
    page.get_by_test_id("set-inns_cathedrals").wait_for()
    counts = page.get_by_test_id("player-count")
    assert counts.locator("option").all_inner_texts() == ["2", "3", "4", "5"]
    for name in ("inns_cathedrals", "traders_builders"):
        assert page.get_by_test_id(f"set-{name}").is_enabled()
        assert page.get_by_test_id(f"set-options-{name}").is_hidden()
    page.get_by_test_id("set-inns_cathedrals").check()
    page.get_by_test_id("set-traders_builders").check()
    for element in ("large_meeple", "inns", "cathedrals", "builder", "pig", "goods"):
        assert page.get_by_test_id(f"option-{element}").is_checked()
    assert page.get_by_test_id("option-incomplete_inn_cathedral").is_enabled()
    # six players only with Inns & Cathedrals
    assert counts.locator("option").all_inner_texts() == ["2", "3", "4", "5", "6"]
    counts.select_option("6")
    assert page.get_by_test_id("seat-kind-5").is_visible()
    page.get_by_test_id("create-form").screenshot(path=str(artifacts / "expansions-lobby.png"))

    # tiles only: every element off; what depends on an element is greyed out
    page.get_by_test_id("tiles-only-inns_cathedrals").click()
    for element in ("large_meeple", "inns", "cathedrals"):
        assert not page.get_by_test_id(f"option-{element}").is_checked()
    page.get_by_test_id("tiles-only-note-inns_cathedrals").wait_for()
    assert page.get_by_test_id("option-incomplete_inn_cathedral").is_disabled()
    page.get_by_test_id("option-goods").uncheck()
    assert page.get_by_test_id("option-goods_need_follower").is_disabled()
    page.get_by_test_id("option-pig").uncheck()

    page.get_by_test_id("set-inns_cathedrals").uncheck()
    assert page.get_by_test_id("set-options-inns_cathedrals").is_hidden()
    assert counts.input_value() == "5"  # six seats no longer allowed
    page.get_by_test_id("set-inns_cathedrals").check()
    page.get_by_test_id("option-large_meeple").check()
    counts.select_option("3")
    page.get_by_test_id("player-name").fill("Ann")
    page.get_by_test_id("create-table").click()
    page.wait_for_url("**/table/*")
    table_id = page_id(page)
    table = server.get(f"/api/tables/{table_id}")
    assert table["sets"] == BOTH
    assert table["options"] == {"inns": False, "cathedrals": False, "pig": False,
                                "goods": False}
    page.wait_for_function("() => document.body.dataset.status === 'playing'")
    # the panel lists each player's figures by kind: the builder and the large meeple
    page.get_by_test_id("supply-0-large").wait_for()
    assert page.get_by_test_id("supply-0-builder").get_attribute("data-count") == "1"
    assert page.get_by_test_id("supply-0-pig").count() == 0
    assert page.get_by_test_id("goods-0").count() == 0  # no goods at this table


def state(page) -> dict[str, Any]:
    return page.evaluate("window.carcassonneTable.state()")


def special_move(legal: list[dict[str, Any]], wanted: tuple[str, ...]) -> dict[str, Any] | None:
    """A legal move putting one of the `wanted` figures, the first kind first."""
    for kind in wanted:
        for move in legal:
            if any(f["figure"] == kind for f in move.get("figures", [])):
                return move
    return None


SIDES = "NESW"
STEP = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}


def next_to_builder(view: dict[str, Any], legal: list[dict[str, Any]]) -> dict[str, Any] | None:
    """A legal move (no figure) whose tile continues the road or city of the
    player's builder across one of its tile's sides: a builder's second tile."""
    me = view["you"]
    builder = next((f for f in view["figures"] if f["player"] == me and f["figure"] == "builder"),
                   None)
    if builder is None:
        return None
    x, y = builder["at"]
    placed = next(b for b in view["board"] if b["at"] == [x, y])
    turn = placed["rotation"] // 90
    kind = "roads" if builder["feature"] == "road" else "cities"
    for segment in TILES[placed["tile"]].data.get(kind, []):
        sides = [SIDES[(SIDES.index(side) + turn) % 4] for side in segment["at"]]
        if builder["spot"] not in sides:
            continue
        for side in sides:
            dx, dy = STEP[side]
            for move in legal:
                if move["at"] == [x + dx, y + dy] and not move.get("figures"):
                    return move
    return None


#: How many of the ghost tile's figure spots the kind chooser's box overlaps.
CHOOSER_COVERS = """() => {
    const c = document.querySelector('[data-testid=kind-chooser]').getBoundingClientRect();
    return [...document.querySelectorAll('[data-testid=figure-spot]')].filter((s) => {
        const b = s.getBoundingClientRect();
        return b.left < c.right && c.left < b.right && b.top < c.bottom && c.top < b.bottom;
    }).length;
}"""


def play_special(page, move: dict[str, Any], shot: Path | None = None) -> str:
    """Make `move` by clicking: its square, its rotation, its spot, its kind.
    With `shot`, a picture of the figure chooser is taken before confirming."""
    before = moves_played(page)
    x, y = move["at"]
    in_reach(page, page.locator(f"[data-testid=legal-square][data-x='{x}'][data-y='{y}']")).click()
    ghost = page.get_by_test_id("ghost")
    ghost.wait_for()
    for _ in range(4):
        if ghost.get_attribute("data-rotation") == str(move["rotation"]):
            break
        now = ghost.get_attribute("data-rotation")
        page.get_by_test_id("rotate").click()
        page.wait_for_function("() => document.querySelector('[data-testid=ghost]')"
                               f".dataset.rotation !== '{now}'")
    assert ghost.get_attribute("data-rotation") == str(move["rotation"])
    if not move.get("figures"):
        if page.get_by_test_id("figure-spot").count():
            page.get_by_test_id("no-figure").click()
        page.get_by_test_id("confirm").click()
        page.wait_for_function(f"() => Number(document.body.dataset.last) > {before}")
        return ""
    figure = move["figures"][0]
    kind = figure["figure"]
    spots = page.locator(f"[data-testid=figure-spot][data-feature='{figure['feature']}']")
    spot = None
    for i in range(spots.count()):
        candidate = spots.nth(i)
        if kind in candidate.get_attribute("data-kinds").split():
            if candidate.get_attribute("data-spot") == (figure.get("spot") or ""):
                spot = candidate
                break
            spot = spot or candidate
    assert spot is not None, f"no spot offers a {kind} for {move}"
    spot.click()
    page.locator("[data-testid=figure-spot].selected").wait_for()
    selected = page.locator("[data-testid=figure-spot].selected")
    if selected.get_attribute("data-figure") != kind:
        # a spot taking a meeple or the large meeple: the chooser above it switches
        page.locator(f"[data-testid=figure-kind][data-figure='{kind}']").click()
        page.wait_for_function("() => document.querySelector('[data-testid=figure-spot].selected')"
                               f".dataset.figure === '{kind}'")
        assert page.get_by_test_id(f"kind-{kind}").get_attribute("aria-pressed") == "true"
        # the chooser stands off the tile: it covers none of the tile's spots
        assert page.evaluate(CHOOSER_COVERS) == 0
        if shot is not None:
            page.screenshot(path=str(shot))
    page.get_by_test_id("confirm").click()
    page.wait_for_function(f"() => Number(document.body.dataset.last) > {before}")
    return kind


def play_plain(page, rng: random.Random) -> None:
    """A turn without a special figure: the first square, sometimes a meeple
    (on a road or a city, now and then a farmer, so that the builder and the
    pig get their chance)."""
    before = moves_played(page)
    in_reach(page, page.get_by_test_id("legal-square").first).click()
    page.get_by_test_id("ghost").wait_for()
    spots = page.locator("[data-testid=figure-spot][data-figure=meeple]")
    roads_cities = [spots.nth(i) for i in range(spots.count())
                    if spots.nth(i).get_attribute("data-feature") in ("road", "city")]
    fields = [spots.nth(i) for i in range(spots.count())
              if spots.nth(i).get_attribute("data-feature") == "field"]
    roll = rng.random()
    if roads_cities and roll < 0.4:
        rng.choice(roads_cities).click()
    elif fields and roll > 0.93:
        rng.choice(fields).click()
    elif page.get_by_test_id("figure-spot").count():
        page.get_by_test_id("no-figure").click()
    page.get_by_test_id("confirm").click()
    page.wait_for_function(f"() => Number(document.body.dataset.last) > {before}")


def test_a_whole_game_with_both_expansions_against_a_bot(page, server, artifacts):
    page.goto(server.url + "/")
    page.get_by_test_id("player-name").fill("Ann")
    page.get_by_test_id("table-name").fill("Expansions")
    page.get_by_test_id("set-inns_cathedrals").check()
    page.get_by_test_id("set-traders_builders").check()
    page.get_by_test_id("create-table").click()
    page.wait_for_url("**/table/*")
    table_id = page_id(page)
    page.wait_for_function("() => document.body.dataset.status === 'playing'")
    table = server.get(f"/api/tables/{table_id}")
    assert table["sets"] == BOTH and table["options"] == {}
    assert page.get_by_test_id("supply-0-large").get_attribute("data-count") == "1"
    page.get_by_test_id("goods-0").wait_for()

    rng = random.Random(17)
    placed: dict[str, int] = {}
    offered: set[str] = set()
    seen_on_board: set[str] = set()
    second_tiles = 0
    chooser_shot = False
    turns = 0
    while wait_turn_or_end(page):
        if page.evaluate("document.body.dataset.extraTurn") == "true":
            second_tiles += 1
            assert "second tile" in page.get_by_test_id("turn").inner_text().lower()
            page.get_by_test_id("extra-turn").wait_for()
            if second_tiles == 1:
                page.screenshot(path=str(artifacts / "expansions-second-tile.png"))
        now = state(page)
        legal = now["legal"]
        offered.update(f["figure"] for m in legal for f in m.get("figures", []))
        # the builder and the pig whenever they may go (double turns, +1 per
        # city), the large meeple now and then
        wanted = tuple(k for k in SPECIAL if k != "large" or not placed.get(k)
                       or rng.random() < 0.1)
        move = special_move(legal, wanted)
        extend = None if now["view"]["extra_turn"] else next_to_builder(now["view"], legal)
        first_time = move is not None and not placed.get(move["figures"][0]["figure"])
        if extend is not None and not first_time:
            play_special(page, extend)
        elif move is not None:
            shot = None if chooser_shot else artifacts / "expansions-chooser.png"
            kind = play_special(page, move, shot)
            chooser_shot = chooser_shot or kind == "large"
            placed[kind] = placed.get(kind, 0) + 1
            if page.locator(f"[data-testid=board-figure][data-figure='{kind}']").count():
                seen_on_board.add(kind)
        else:
            play_plain(page, rng)
        turns += 1
        assert turns <= MOST_TURNS, "the game does not end"

    table = check_final_scores(page, server, table_id)
    assert turns >= 40  # 113 tiles shared by two players, and a few second tiles
    assert tile_count(page) == 1 + moves_played(page)  # every move placed a tile
    # every special figure offered was placed, and drawn in its own shape; the
    # large meeple may go back at once (a feature its tile completes), the
    # builder and the pig stay
    assert "large" in offered  # a free feature takes it on nearly every tile
    for kind in SPECIAL:
        if kind in offered:
            assert placed.get(kind, 0) >= 1, (kind, placed)
    assert {"builder", "pig"} & set(placed) <= seen_on_board, (placed, seen_on_board)
    assert "large meeple on the" in page.get_by_test_id("log").inner_text()
    check_log_and_panel(page, server, table_id)
    if second_tiles:
        assert "builder: second tile" in page.get_by_test_id("log").inner_text()
    show_whole_board(page)
    page.wait_for_timeout(500)
    page.screenshot(path=str(artifacts / "expansions.png"))

    # the replay rebuilds the board, figures of every kind included
    page.get_by_test_id("replay-open").click()
    page.get_by_test_id("replay").wait_for()
    page.get_by_test_id("replay-first").click()
    assert tile_count(page) == 1
    for _ in range(6):
        page.get_by_test_id("replay-next").click()
    assert tile_count(page) == 7
    page.get_by_test_id("replay-last").click()
    assert tile_count(page) == 1 + moves_played(page)
    page.get_by_test_id("replay-close").click()


def check_log_and_panel(page, server, table_id: str) -> None:
    """The log explains the expansions' score events and the goods taken."""
    record = server.get(f"/api/tables/{table_id}/record")
    game = Game.from_record(record)
    view = game.view(0)
    log = page.get_by_test_id("log").inner_text()
    events = [e.to_dict() for e in game.events]
    if any("with an inn" in e["detail"] for e in events):
        assert "with an inn (2 per tile)" in log
    if any("a cathedral" in e["detail"] for e in events):
        assert "a cathedral (3 per tile and coat of arms)" in log
    if any(e["reason"] == "field" and re.search(r"\b4 (per city|each)", e["detail"])
           for e in events):
        assert "with the pig: 4 per city" in log
    for e in events:
        if e["reason"] == "goods":
            good = e["detail"].split()[1]
            assert f"most {good} (" in log
    if view.get("goods_log"):
        assert "completes a city and takes" in log
    for seat, goods in enumerate(view.get("goods", [])):
        row = page.get_by_test_id(f"goods-{seat}")
        for good, count in goods.items():
            assert row.locator(f"[data-good={good}]").get_attribute("data-count") == str(count)
    if any(e["reason"] == "goods" for e in events):
        assert page.get_by_test_id("final-scores").locator(".goods-head").count() == 1


RECORDS = Path(__file__).parents[1] / "records"

#: Scenario records and what the log must say about them, in English and Japanese.
LOG_CASES = {
    "inns_cathedrals/inn_road_completed.json": (
        ["completed road of 4 tiles with an inn (2 per tile): 8 points"], ["宿屋あり"]),
    "inns_cathedrals/cathedral_city_completed.json": (
        ["completed city of 6 tiles with 1 coat of arms and a cathedral (3 per tile and coat"
         " of arms): 21 points"], ["大聖堂あり"]),
    "traders_builders/pig_adds_one_per_city.json": (
        ["field supplying 2 completed cities, with the pig: 4 per city: 8 points",
         "field supplying 2 completed cities: 6 points"], ["豚あり（都市1つにつき4点）"]),
    "traders_builders/goods_to_the_completer.json": (
        ["completes a city and takes 1 wine", "most wine (1 token): 10 points"],
        ["ワイン 1個 を得た", "ワインが最多（1個）"]),
    "traders_builders/builder_double_turn_no_chaining.json": (
        ["builder: second tile"], ["建築士：2枚目"]),
}

RENDER = r"""async ([view, language]) => {
""" + LOG_MODULES + r"""    const box = document.createElement('div');
    box.innerHTML = '<ol id="log"></ol><div id="players"></div><div id="final"></div>';
    document.body.appendChild(box);
    box.querySelector('#log').innerHTML = logEntries(view, view.players)
      .map((e) => `<li>${e.html}</li>`).join('');
    panel.renderPlayers(box.querySelector('#players'), { table: null, view, seat: 0 });
    panel.renderFinal(box.querySelector('#final'), { table: null, view });
    const goods = [...box.querySelectorAll('[data-testid^=goods-] [data-good]')]
      .map((g) => [g.closest('[data-testid]').dataset.testid, g.dataset.good,
                   Number(g.dataset.count)]);
    const text = box.querySelector('#log').innerText.replace(/\s+/g, ' ');
    const final = box.querySelector('#final').innerText;
    box.remove();
    return { log: text, goods, final };
}"""


def test_the_log_and_the_panel_explain_the_expansions(page, server):
    page.goto(server.url + "/")
    for name, (english, japanese) in LOG_CASES.items():
        record = json.loads((RECORDS / name).read_text(encoding="utf-8"))
        record.pop("test", None)
        view = Game.from_record(record).view(0)
        shown = page.evaluate(RENDER, [view, "en"])
        for words in english:
            assert words in shown["log"], (name, words, shown["log"])
        for seat, goods in enumerate(view.get("goods", [])):
            for good, count in goods.items():
                assert [f"goods-{seat}", good, count] in shown["goods"]
        if any(e["reason"] == "goods" for e in view["events"]):
            assert "goods" not in shown["final"]  # a column of icons, not a word
        shown = page.evaluate(RENDER, [view, "ja"])
        for words in japanese:
            assert words in shown["log"], (name, words, shown["log"])
