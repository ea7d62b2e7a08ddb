"""Playing through the web page the way a person does: by clicking.

The table page keeps a few stable facts on ``<body>`` for this:
``data-last`` (moves played), ``data-my-turn``, ``data-over`` and
``data-status``; everything clickable has a ``data-testid``.
"""

from __future__ import annotations

import random
import time
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from playwright.sync_api import Page


#: The start of a page function ``async ([view, language]) => {...}`` that
#: renders a view's log and panels: the language, the tile catalogue, and the
#: ``logEntries`` and ``panel`` modules in scope.
LOG_MODULES = r"""    localStorage.setItem('carcassonne.language', language);
    const i18n = await import('/static/js/i18n.js');
    await i18n.initI18n();
    const tiles = await import('/static/js/tiles.js');
    tiles.installDefs();
    tiles.setCatalogue(await (await fetch('/api/catalogue')).json());
    const { logEntries } = await import('/static/js/log.js');
    const panel = await import('/static/js/panel.js');
"""


#: The password of every account the browser tests sign up.
PASSWORD = "correct horse battery"

#: The most seconds a test waits for something that takes seconds on a quiet
#: machine (bots playing a game to its end, a competition): long enough for
#: a machine ten times slower, or busy; only a failure waits this long.
PATIENCE = 600.0
#: The same in ms, Playwright's unit.
PATIENCE_MS = int(PATIENCE * 1000)

#: The most turns a game of every set can give one person (a bound on the
#: loops that play a game to its end; the game ends long before).
MOST_TURNS = 250


def sign_in(page: Page, name: str, button: str) -> None:
    """Sign up (``button`` "sign-up") or log in ("log-in") from the page's
    account bar, and wait until the bar names the player."""
    page.get_by_test_id("account-name").fill(name)
    page.get_by_test_id("account-password").fill(PASSWORD)
    page.get_by_test_id(button).click()
    page.get_by_test_id("account-link").wait_for()
    assert page.get_by_test_id("account-link").inner_text() == name


def page_id(page: Page) -> str:
    """The id a page's address ends with: ``/table/ID``, ``/competition/ID``."""
    return page.url.rstrip("/").split("/")[-1].split("?")[0]


#: A phone, as the browser tests hold one: 390x844, touch.
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}

#: Every set at once, as the lobby names them.
ALL_SETS = ["base", "inns_cathedrals", "traders_builders", "watchtowers", "wonders"]


def finished_table(server: Any, body: dict[str, Any], timeout: float = PATIENCE) -> str:
    """A table of bots, created from ``body`` and played to its end on the
    server (the test server has no bot delay or pace); its id."""
    table = server.post("/api/tables", body)["table"]
    deadline = time.monotonic() + timeout
    while server.get(f"/api/tables/{table['id']}")["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.2)
    return str(table["id"])


def quick_play(page: Page, base_url: str, name: str = "Ann") -> str:
    """From the lobby: type a name, click "Play against a bot"; the table id."""
    page.goto(base_url + "/")
    # the buttons answer once the lobby has loaded its catalogue (a click before is lost)
    page.wait_for_function("() => document.body.dataset.ready === 'true'")
    page.get_by_test_id("player-name").fill(name)
    page.get_by_test_id("quick-play").click()
    page.wait_for_url("**/table/*")
    page.wait_for_function("() => document.body.dataset.status === 'playing'")
    return page_id(page)


def moves_played(page: Page) -> int:
    return int(page.evaluate("document.body.dataset.last || '0'"))


def wait_turn_or_end(page: Page, timeout: float = 120_000) -> bool:
    """Wait until it is this page's turn (True) or the game is over (False):
    the bots' moves come meanwhile."""
    page.wait_for_function(
        "() => document.body.dataset.myTurn === 'true' || document.body.dataset.over === 'true'",
        timeout=timeout)
    return page.evaluate("document.body.dataset.over") != "true"


def play_turn(page: Page, rng: random.Random, figure_chance: float = 0.35,
              touch: bool = False) -> bool:
    """Place the tile: a highlighted square in view (the first; with
    ``touch`` any, by tapping), maybe turn it (R or Rotate), maybe a figure,
    confirm. When no square is in view the fit button shows the board whole.
    With ``touch`` every step is a tap.

    Returns whether a figure was put on the tile."""
    def press(locator: Any) -> None:
        (locator.tap if touch else locator.click)()

    before = moves_played(page)
    squares = page.get_by_test_id("legal-square")
    squares.first.wait_for(state="attached")
    page.evaluate(TWO_FRAMES)  # the board has placed itself after the last move
    seen = visible_squares(page)
    if not seen:  # a big board followed at a readable zoom: show it whole
        show_whole_board(page, touch)
        seen = visible_squares(page)
    assert seen, "no highlighted square can be reached"
    # at the square's middle, where IN_VIEW found it (a locator's tap would
    # first scroll the board's oversized picture to show the element whole)
    box = squares.nth(rng.choice(seen) if touch else seen[0]).bounding_box()
    assert box is not None
    middle = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    (page.touchscreen.tap if touch else page.mouse.click)(*middle)
    page.get_by_test_id("ghost").wait_for()
    if rng.random() < 0.5 and page.get_by_test_id("rotate").is_enabled():
        start = page.get_by_test_id("ghost").get_attribute("data-rotation")
        if not touch and rng.random() < 0.5:
            page.keyboard.press("r")
        else:
            press(page.get_by_test_id("rotate"))
        page.wait_for_function(
            f"() => document.querySelector('[data-testid=ghost]').dataset.rotation !== '{start}'")
    spots = page.get_by_test_id("figure-spot")
    page.evaluate(TWO_FRAMES)
    # the spots a player can reach without panning: nothing over their middle
    reachable = page.evaluate("""() => [...document.querySelectorAll('[data-testid=figure-spot]')]
        .flatMap((g, i) => { const b = g.getBoundingClientRect();
            const top = document.elementFromPoint((b.left + b.right) / 2, (b.top + b.bottom) / 2);
            return top && g.contains(top) ? [i] : []; })""")
    figure = bool(reachable) and rng.random() < figure_chance
    if figure:
        press(spots.nth(rng.choice(reachable)))
        page.locator("[data-testid=figure-spot].selected").wait_for()
    elif spots.count():
        press(page.get_by_test_id("no-figure"))
    press(page.get_by_test_id("confirm"))
    page.wait_for_function(f"() => Number(document.body.dataset.last) > {before}")
    return figure


def tap_turn(page: Page, rng: random.Random, figure_chance: float = 0.35) -> bool:
    """A turn played on a touch screen by tapping only (see play_turn)."""
    return play_turn(page, rng, figure_chance, touch=True)


#: Waits two animation frames: what the page does after a change is drawn.
TWO_FRAMES = ("() => new Promise((done) => requestAnimationFrame("
              "() => requestAnimationFrame(() => done())))")

#: Whether the highlighted square ``r`` lies wholly inside the board's view
#: with no button or notice over its middle.
IN_VIEW = """(r) => {
    const box = document.querySelector('[data-testid=board]').getBoundingClientRect();
    const b = r.getBoundingClientRect();
    const top = document.elementFromPoint((b.left + b.right) / 2, (b.top + b.bottom) / 2);
    return b.left >= box.left && b.right <= box.right && b.top >= box.top
        && b.bottom <= box.bottom && top === r;
}"""


def visible_squares(page: Page) -> list[int]:
    """The indexes of the highlighted squares in view (IN_VIEW)."""
    return page.evaluate("() => [...document.querySelectorAll('[data-testid=legal-square]')]"
                         f".flatMap((r, i) => ({IN_VIEW})(r) ? [i] : [])")


def tile_width(page: Page) -> float:
    """The on-screen width of a placed tile, in CSS pixels."""
    return float(page.evaluate(
        "document.querySelector('[data-testid=board-tile]').getBoundingClientRect().width"))


def show_whole_board(page: Page, touch: bool = False) -> None:
    """Press the fit button unless it is already pressed: the board shows
    everything and keeps doing so (pressed again, it would go back to
    following the last tile)."""
    fit = page.get_by_test_id("zoom-fit")
    if fit.get_attribute("aria-pressed") != "true":
        (fit.tap if touch else fit.click)()
        page.wait_for_function(
            "() => document.querySelector('[data-testid=zoom-fit]').ariaPressed === 'true'")


def in_reach(page: Page, square: Any) -> Any:
    """``square`` (a highlighted square's locator), made clickable: when the
    board, following the last tile at a readable zoom, does not show it, the
    fit button shows the whole board (and keeps showing it)."""
    if not square.evaluate(IN_VIEW):
        show_whole_board(page)
    return square


def play_to_the_end(page: Page, seed: int) -> int:
    """Play every turn of this page's seat by clicking until the game is
    over; how many turns were played (a base game gives a seat 30 or more)."""
    rng = random.Random(seed)
    turns = 0
    while wait_turn_or_end(page):
        play_turn(page, rng)
        turns += 1
        assert turns <= MOST_TURNS, "the game does not end"
    assert turns >= 30
    return turns


def tile_count(page: Page) -> int:
    return page.get_by_test_id("board-tile").count()


def check_final_scores(page: Page, server: Any, table_id: str) -> dict[str, Any]:
    """Wait for the final scores; they must be the server's, in the final table
    and beside each player. Returns the finished table."""
    page.get_by_test_id("final-scores").wait_for()
    table = server.get(f"/api/tables/{table_id}")
    assert table["status"] == "finished"
    for seat, score in enumerate(table["scores"]):
        assert page.get_by_test_id(f"final-score-{seat}").inner_text() == str(score)
        assert page.get_by_test_id(f"score-{seat}").inner_text() == str(score)
    return table
