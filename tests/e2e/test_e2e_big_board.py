"""A big board stays smooth: every set at once, played to the end by bots
(about 130 tiles and wonders), grown to over 150 tiles with more of the same
tiles laid in rows below it, then panned by dragging in a real browser while
the page times its frames.

Frame times are measured in the page with requestAnimationFrame while the
mouse drags the board in small steps, each step waiting for the frame that
shows it; the test asks for a drag in which no frame takes 50 ms or more
(in three tries at most, as another process may take the machine for a
moment)."""

from __future__ import annotations

from typing import Any

from e2e_helpers import ALL_SETS, finished_table, page_id, show_whole_board, tile_width

BOTS = [{"kind": "bot", "bot": "random"} for _ in range(4)]

#: The page's frame timer: every animation frame's length while `window.timing` is on.
FRAME_TIMER = """() => {
    window.frames_ms = [];
    let last = performance.now();
    const tick = (now) => {
        window.frames_ms.push(now - last);
        last = now;
        if (window.timing) requestAnimationFrame(tick);
    };
    window.timing = true;
    requestAnimationFrame(tick);
}"""


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


def big_finished_table(server: Any) -> str:
    """Four random bots play every set to the end (150 tiles and more)."""
    return finished_table(server, {"seats": BOTS, "sets": ALL_SETS}, timeout=120)


def test_panning_a_board_of_150_tiles_keeps_every_frame_under_50_ms(page, server, artifacts):
    table_id = big_finished_table(server)
    page.set_viewport_size({"width": 1440, "height": 900})
    page.goto(f"{server.url}/table/{table_id}")
    page.get_by_test_id("final-scores").wait_for()
    assert page_id(page) == table_id
    played = page.get_by_test_id("board-tile").count() + page.get_by_test_id("board-wonder").count()
    assert played >= 100
    page.evaluate(GROW, 160)
    tiles = page.get_by_test_id("board-tile").count() + page.get_by_test_id("board-wonder").count()
    assert tiles >= 160, f"only {tiles} tiles on the board"
    show_whole_board(page)
    page.wait_for_timeout(600)  # the tiles' fade-in is over
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
    page.wait_for_timeout(300)
    box = page.get_by_test_id("board").bounding_box()
    assert box is not None
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    worst_of_each = []
    for attempt in range(3):  # another process on the machine may steal a frame: try again
        before = page.evaluate("document.querySelector('.viewport').getAttribute('transform')")
        frames = drag(page, x, y, -1 if attempt % 2 else 1)
        after = page.evaluate("document.querySelector('.viewport').getAttribute('transform')")
        assert after != before, "the drag did not move the board"
        assert len(frames) >= 30
        worst_of_each.append(max(frames))
        print(f"{tiles} tiles, {len(frames)} frames while panning: median "
              f"{sorted(frames)[len(frames) // 2]:.1f} ms, worst {max(frames):.1f} ms")
        if max(frames) < 50:
            break
    page.screenshot(path=str(artifacts / "big-board.png"))
    assert min(worst_of_each) < 50, f"the worst frame of each drag: {worst_of_each} ms"


def drag(page: Any, x: float, y: float, way: int) -> list[float]:
    """Drag the board from (x, y) in 40 small steps, each waiting for its
    frame; the length of every frame of the drag, in ms."""
    page.mouse.move(x, y)
    page.mouse.down()
    page.evaluate(FRAME_TIMER)
    for step in range(1, 41):
        page.mouse.move(x + way * 9 * step, y + way * 5 * step)
        page.evaluate("() => new Promise((done) => requestAnimationFrame(() => done()))")
    page.mouse.up()
    frames = page.evaluate("() => { window.timing = false; return window.frames_ms; }")
    return list(frames[1:])  # the first measures from before the drag began
