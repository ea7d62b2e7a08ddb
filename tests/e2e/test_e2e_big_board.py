"""A big board pans as one picture: every set at once, played to the end by
bots (about 130 tiles and wonders), grown to over 150 tiles with more of the
same tiles laid in rows below it, then dragged with the mouse in a real
browser.

While a drag stays near where it began, the drawing is left as it was and
the whole picture is shifted under the mouse (a CSS transform of the SVG:
board.js, ``panTo``); when the mouse is let go, the view is drawn afresh
where the picture was, so every tile stays where the drag left it. A drag
that goes far draws the view afresh on the way. How smooth the frames are
while panning is a figure, not a test: ``benchmarks/pan_frames.py``
measures it."""

from __future__ import annotations

import re
from typing import Any

from e2e_helpers import (
    ALL_SETS,
    TWO_FRAMES,
    finished_table,
    page_id,
    show_whole_board,
    tile_width,
)

BOTS = [{"kind": "bot", "bot": "random"} for _ in range(4)]

#: Lay copies of the game's own tiles in rows under the board until it holds
#: `count` entries (the drawing cost is that of real tiles; the rules play
#: no part in panning).
GROW = """(count) => {
    const board = window.carcassonneTable.board();
    const placed = window.carcassonneTable.state().view.board;
    const tiles = placed.filter((b) => !b.tile.startsWith('WO/'));
    const ys = placed.map((b) => b.at[1]);
    const xs = placed.map((b) => b.at[0]);
    const [left, width] = [Math.min(...xs), Math.max(...xs) - Math.min(...xs) + 1];
    const grown = [...placed];
    for (let i = 0; grown.length < count; i += 1) {
        const t = tiles[i % tiles.length];
        grown.push({tile: t.tile, rotation: t.rotation,
                    at: [left + (i % width), Math.max(...ys) + 1 + Math.floor(i / width)]});
    }
    board.setTiles(grown);
}"""

#: What a drag changes: the view's drawing (the viewport's transform), the
#: shift of the whole picture (the SVG's CSS transform), whether the board
#: says it is being dragged, where the first tile is on screen, and the
#: width of the board's box.
LOOK = """() => {
    const svg = document.querySelector('[data-testid=board]');
    const tile = document.querySelector('[data-testid=board-tile]').getBoundingClientRect();
    return {drawn: svg.querySelector('.viewport').getAttribute('transform'),
            shift: svg.style.transform, dragging: svg.classList.contains('dragging'),
            tile: [tile.left, tile.top], width: svg.parentElement.clientWidth};
}"""


def big_finished_table(server: Any) -> str:
    """Four random bots play every set to the end (150 tiles and more)."""
    return finished_table(server, {"seats": BOTS, "sets": ALL_SETS})


def open_big_board(page: Any, server: Any, tiles: int = 160) -> int:
    """Open a finished table of every set, grow its board to ``tiles``
    entries, show it whole; how many tiles and wonders it then shows."""
    table_id = big_finished_table(server)
    page.set_viewport_size({"width": 1440, "height": 900})
    page.goto(f"{server.url}/table/{table_id}")
    page.get_by_test_id("final-scores").wait_for()
    assert page_id(page) == table_id
    played = page.get_by_test_id("board-tile").count() + page.get_by_test_id("board-wonder").count()
    assert played >= 100
    page.evaluate(GROW, tiles)
    shown = page.get_by_test_id("board-tile").count() + page.get_by_test_id("board-wonder").count()
    assert shown >= tiles, f"only {shown} tiles on the board"
    show_whole_board(page)
    return int(shown)


def drag(page: Any, x: float, y: float, dx: float, dy: float, steps: int = 40,
         each_step: Any = None) -> None:
    """Drag the board from (x, y) by (dx, dy) in ``steps`` small steps, each
    waiting for the frame that shows it (``each_step(page)`` after each)."""
    page.mouse.move(x, y)
    page.mouse.down()
    for step in range(1, steps + 1):
        page.mouse.move(x + dx * step / steps, y + dy * step / steps)
        page.evaluate("() => new Promise((done) => requestAnimationFrame(() => done()))")
        if each_step is not None:
            each_step(page)


def shift_of(css: str) -> tuple[float, float]:
    """The (x, y) of a CSS ``translate(Xpx, Ypx)``."""
    found = re.fullmatch(r"translate\((-?[\d.]+)px, (-?[\d.]+)px\)", css)
    assert found, css
    return float(found[1]), float(found[2])


def moved_by(before: list[float], after: list[float], dx: float, dy: float) -> bool:
    """Whether a point on screen moved by (dx, dy), give or take a pixel."""
    return abs(after[0] - before[0] - dx) <= 1 and abs(after[1] - before[1] - dy) <= 1


def test_a_board_of_150_tiles_pans_as_one_picture_drawn_again_after_the_drag(
        page, server, artifacts):
    open_big_board(page, server)
    # the fit button, pressed again, goes back to following the last tile at
    # a readable zoom (a square of 40 px at this width, or the whole board
    # when that is already readable); a third time, fits
    whole = tile_width(page)
    page.get_by_test_id("zoom-fit").click()
    assert page.get_by_test_id("zoom-fit").get_attribute("aria-pressed") == "false"
    assert tile_width(page) >= max(39, whole - 0.5)
    show_whole_board(page)
    assert tile_width(page) == whole
    for _ in range(3):  # a readable zoom: figures and symbols drawn large
        page.get_by_test_id("zoom-in").click()
    page.evaluate(TWO_FRAMES)
    box = page.get_by_test_id("board").bounding_box()
    assert box is not None
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2

    # a short drag: the picture moves whole under the mouse, nothing is drawn again
    before = page.evaluate(LOOK)
    assert before["shift"] == "" and not before["dragging"]
    drag(page, x, y, 120, 80, steps=20)
    during = page.evaluate(LOOK)
    assert during["dragging"]
    assert during["drawn"] == before["drawn"], "the view was drawn again during a short drag"
    shift = shift_of(during["shift"])
    assert abs(shift[0] - 120) <= 1 and abs(shift[1] - 80) <= 1, shift
    assert moved_by(before["tile"], during["tile"], 120, 80)
    page.mouse.up()
    page.evaluate(TWO_FRAMES)
    # let go: the view is drawn afresh where the picture was, the picture unshifted
    after = page.evaluate(LOOK)
    assert after["shift"] == "" and not after["dragging"]
    assert after["drawn"] != before["drawn"], "the view was not drawn again after the drag"
    assert moved_by(before["tile"], after["tile"], 120, 80)
    page.screenshot(path=str(artifacts / "big-board.png"))

    # a long drag (past 40% of the board's width) draws the view afresh on the way
    start = page.evaluate(LOOK)
    far = -0.7 * start["width"]  # from right of the middle to left of it
    looks: list[dict[str, Any]] = []
    drag(page, x + 0.3 * start["width"], y, far, 0, steps=40,
         each_step=lambda p: looks.append(p.evaluate(LOOK)))
    assert looks[-1]["dragging"]
    assert any(look["drawn"] != start["drawn"] for look in looks), \
        "a long drag never drew the view again"
    assert all(look["shift"] == "" or abs(shift_of(look["shift"])[0]) < 0.4 * start["width"]
               for look in looks), "the picture was shifted further than the board's 40%"
    page.mouse.up()
    page.evaluate(TWO_FRAMES)
    end = page.evaluate(LOOK)
    assert end["shift"] == "" and moved_by(start["tile"], end["tile"], far, 0)
