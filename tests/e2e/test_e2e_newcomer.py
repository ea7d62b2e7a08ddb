"""What a newcomer meets, in the browser: no error in the console on any page
for a visitor; the account bar on "How to play" too; a logged-in player sits
under their account's name everywhere; on a phone, the hint offers no turn
when a tile fits one way only, and at the end of a game the zoom buttons
cover none of the board."""

from __future__ import annotations

import http.cookiejar
import json
import random
import urllib.request
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from e2e_helpers import (
    IN_VIEW,
    PASSWORD,
    PHONE,
    TWO_FRAMES,
    finished_table,
    page_id,
    quick_play,
    show_whole_board,
    sign_in,
    tap_turn,
    wait_turn_or_end,
)

RANDOM = {"kind": "bot", "bot": "random"}


@pytest.fixture
def phone(browser: Any, page_errors: Any) -> Iterator[Any]:
    context = browser.new_context(**PHONE, locale="en-US")
    p = context.new_page()
    p.set_default_timeout(60_000)
    p.on("pageerror", lambda e: page_errors.errors.append(str(e)))
    yield p
    context.close()


class Troubles:
    """What a page reports as going wrong: console errors, failed requests,
    answers of 400 and above."""

    def __init__(self, page: Any) -> None:
        self.seen: list[str] = []
        page.on("console", lambda m: self.seen.append(f"console: {m.text}")
                if m.type == "error" else None)
        page.on("requestfailed", lambda r: self.seen.append(f"failed: {r.url} {r.failure}"))
        page.on("response", lambda r: self.seen.append(f"{r.status}: {r.url}")
                if r.status >= 400 else None)


def logged_in_post(server: Any, name: str, path: str, body: dict[str, Any]) -> Any:
    """Sign ``name`` up outside the browser and POST ``body`` to ``path`` as them."""
    opener = urllib.request.build_opener(
        urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))

    def post(where: str, data: dict[str, Any]) -> Any:
        request = urllib.request.Request(server.url + where, data=json.dumps(data).encode(),
                                         headers={"Content-Type": "application/json"})
        with opener.open(request, timeout=60) as answer:
            return json.load(answer)

    post("/api/accounts", {"name": name, "password": PASSWORD})
    return post(path, body)


def test_a_visitor_sees_no_error_on_any_page(browser, server):
    name = f"Org{uuid.uuid4().hex[:6]}"
    event = logged_in_post(server, name, "/api/competitions",
                           {"name": "Spring cup", "entrants": [{"bot": "random"}] * 2})
    waiting = server.post("/api/tables", {"seats": [{"kind": "human"}, RANDOM]})["table"]["id"]
    playing = server.post("/api/tables", {"seats": [{"kind": "human"}, RANDOM],
                                          "join": {"seat": 0, "name": "Ann"}})["table"]["id"]
    done = finished_table(server, {"seats": [RANDOM, RANDOM]})
    pages = {  # each page, and what shows that it has done its work
        "/": "() => document.body.dataset.ready === 'true'",
        "/how-to-play": "() => document.body.dataset.ready === 'true'",
        "/leaderboard": "() => document.querySelector('[data-testid=leaderboard]')",
        "/competitions": "() => document.querySelector('[data-testid=competitions]')",
        f"/competition/{event['id']}":
            "() => document.querySelector('[data-testid=competition-status]')",
        f"/player/{name}": "() => document.querySelector('[data-testid=player-finished]')",
        f"/table/{waiting}": "() => document.querySelector('[data-testid=join-seat-0]')",
        f"/table/{playing}": "() => document.body.dataset.status === 'playing'",
        f"/table/{done}": "() => document.body.dataset.features !== undefined",
    }
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-US")
    try:
        for path, ready in pages.items():
            page = context.new_page()
            page.set_default_timeout(60_000)
            troubles = Troubles(page)
            page.goto(server.url + path)
            page.wait_for_function(ready)
            page.wait_for_load_state("networkidle")
            assert page.get_by_test_id("account-form").count() or "/table/" in path, path
            assert troubles.seen == [], f"{path}: {troubles.seen}"
            page.close()
    finally:
        context.close()


def test_how_to_play_has_the_account_bar(page, server):
    page.goto(server.url + "/how-to-play")
    page.get_by_test_id("account-form").wait_for()
    name = f"Hal{uuid.uuid4().hex[:6]}"
    sign_in(page, name, "sign-up")  # signed up from "How to play" itself
    page.reload()
    page.get_by_test_id("account-link").wait_for()
    assert page.get_by_test_id("account-link").inner_text() == name
    assert page.get_by_test_id("howto-section-end").count() == 1
    page.get_by_test_id("language").select_option("ja")
    page.wait_for_function(
        "() => document.querySelector('[data-testid=log-out]').textContent === 'ログアウト'")


def test_a_logged_in_player_sits_under_their_account_name(page, server):
    quick_play(page, server.url, name="Kim")  # a guest's game: the name typed is kept
    page.goto(server.url + "/")
    page.wait_for_function("() => document.body.dataset.ready === 'true'")
    box = page.get_by_test_id("player-name")
    assert box.input_value() == "Kim"
    name = f"Ann{uuid.uuid4().hex[:6]}"
    sign_in(page, name, "sign-up")
    assert box.input_value() == name and not box.is_editable()

    # quick play: the table and the seat carry the account's name
    table_id = quick_play_as_account(page, server)
    table = server.get(f"/api/tables/{table_id}")
    assert table["seats"][0]["name"] == name and table["name"].startswith(f"{name} vs ")

    # a waiting room: no box for a name, the account's is used
    waiting = server.post("/api/tables", {"seats": [{"kind": "human"}, {"kind": "human"}]})
    waiting_id = waiting["table"]["id"]
    page.goto(f"{server.url}/table/{waiting_id}")
    page.get_by_test_id("join-as").wait_for()
    assert name in page.get_by_test_id("join-as").inner_text()
    assert page.get_by_test_id("join-name").count() == 0
    page.get_by_test_id("join-seat-1").click()
    page.wait_for_function("() => document.body.dataset.seat === '1'")
    assert server.get(f"/api/tables/{waiting_id}")["seats"][1]["name"] == name
    assert page.evaluate("localStorage.getItem('carcassonne.name')") == "Kim"

    # back in the lobby the box still shows the account; logged out, the guest's name again
    page.goto(server.url + "/")
    page.wait_for_function("() => document.body.dataset.ready === 'true'")
    assert box.input_value() == name
    page.get_by_test_id("log-out").click()
    page.get_by_test_id("account-form").wait_for()
    assert box.input_value() == "Kim" and box.is_editable()


def quick_play_as_account(page: Any, server: Any) -> str:
    """"Play against a bot" from the lobby without touching the name box."""
    page.get_by_test_id("quick-play").click()
    page.wait_for_url("**/table/*")
    page.wait_for_function("() => document.body.dataset.status === 'playing'")
    return page_id(page)


#: The squares of the tile in hand by how many rotations fit there, from the
#: page's legal moves: ``{"fixed": [[x, y], ...], "turning": [...]}``.
FITS = """() => {
    const legal = window.carcassonneTable.state().legal || [];
    const tile = document.querySelector('[data-testid=hand-tile].selected')?.dataset.tile;
    const turns = new Map();
    for (const m of legal) {
        if (m.tile !== tile || !m.at) continue;
        const key = m.at.join(',');
        if (!turns.has(key)) turns.set(key, new Set());
        turns.get(key).add(m.rotation);
    }
    const out = { fixed: [], turning: [] };
    for (const [key, set] of turns) {
        out[set.size === 1 ? 'fixed' : 'turning'].push(key.split(',').map(Number));
    }
    return out;
}"""


def tap_square(page: Any, at: list[int]) -> None:
    """Tap the highlighted square ``at`` (the whole board shown if it is out of view)."""
    square = page.locator(f"[data-testid=legal-square][data-x='{at[0]}'][data-y='{at[1]}']")
    if not square.evaluate(IN_VIEW):
        show_whole_board(page, touch=True)
    box = square.bounding_box()
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_function(f"() => {{ const g = document.querySelector('[data-testid=ghost]');"
                           f" return g && g.dataset.x === '{at[0]}'"
                           f" && g.dataset.y === '{at[1]}'; }}")


def test_the_phone_hint_offers_a_turn_only_when_the_tile_can_turn(phone, server):
    page = phone
    quick_play(page, server.url)
    rng = random.Random(5)
    checked = set()
    while checked != {"fixed", "turning"} and wait_turn_or_end(page):
        page.evaluate(TWO_FRAMES)
        fits = page.evaluate(FITS)
        for kind in ("turning", "fixed"):
            if kind in checked or not fits[kind]:
                continue
            tap_square(page, fits[kind][0])
            status = page.get_by_test_id("status").inner_text()
            rotate = page.get_by_test_id("rotate")
            if kind == "fixed":
                assert "turn" not in status.lower() and "one way" in status, status
                assert rotate.is_disabled() and page.get_by_test_id("ghost-rotate").count() == 0
            else:
                assert "turn it" in status, status
                assert rotate.is_enabled()
            checked.add(kind)
            page.get_by_test_id("take-back").tap()
            page.get_by_test_id("ghost").wait_for(state="detached")
        tap_turn(page, rng)
    assert checked == {"fixed", "turning"}, f"only {checked} seen in a whole game"


#: How many placed tiles lie (partly) under a zoom button.
UNDER_BUTTONS = """() => {
    const tools = [...document.querySelectorAll('.board-tools .tool')]
        .map((b) => b.getBoundingClientRect());
    return [...document.querySelectorAll('[data-testid=board-tile], [data-testid=board-wonder]')]
        .filter((tile) => { const r = tile.getBoundingClientRect();
            return tools.some((b) => r.left < b.right && r.right > b.left
                && r.top < b.bottom && r.bottom > b.top); })
        .length;
}"""


def test_at_the_end_of_a_game_on_a_phone_the_zoom_buttons_cover_no_tile(phone, server,
                                                                          artifacts):
    page = phone
    done = finished_table(server, {"seats": [RANDOM, RANDOM]})
    page.goto(f"{server.url}/table/{done}")
    page.get_by_test_id("final-scores").wait_for()
    page.get_by_test_id("sheet-close").tap()
    page.get_by_test_id("players").wait_for(state="hidden")
    page.evaluate(TWO_FRAMES)
    assert page.get_by_test_id("board-tile").count() > 60
    assert page.evaluate(UNDER_BUTTONS) == 0
    # the whole board is in view
    inside = page.evaluate("""() => {
        const box = document.querySelector('#board').getBoundingClientRect();
        return [...document.querySelectorAll('[data-testid=board-tile]')].every((t) => {
            const r = t.getBoundingClientRect();
            return r.left >= box.left && r.right <= box.right
                && r.top >= box.top && r.bottom <= box.bottom; }); }""")
    assert inside
    page.screenshot(path=str(artifacts / "phone-end-board.png"))
