"""How smooth a big board pans: frame times in Chromium while dragging.

Starts ``carcassonne serve`` (a fresh SQLite database in a temporary
folder), lets four random bots play every set to the end (about 130 tiles
and wonders), opens the finished table in Debian's Chromium (no GPU) at
1440 x 900, grows the board to ``--tiles`` entries with copies of its own
tiles, zooms in to a readable size, and drags the board ``--drags`` times
(40 small steps each, every step waiting for the frame that shows it, one
way then back) while the page times every animation frame with
requestAnimationFrame. Prints each drag's median and worst frame and the
same over all drags: the README's figures ("Playing in the browser").

The page and the server are driven exactly as in
``tests/e2e/test_e2e_big_board.py``, which checks that the board pans as
one picture; this only measures how long its frames take. The figures
depend on the machine and on what else it does, so run it on a quiet one:

    python benchmarks/pan_frames.py
    python benchmarks/pan_frames.py --tiles 300 --drags 10
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "e2e"))

from e2e_helpers import TWO_FRAMES
from test_e2e_big_board import drag, open_big_board

from conftest import BROWSER_ARGS, CHROMIUM, serving

#: The page's frame timer: every animation frame's length into `window.frames_ms`
#: while `window.timing` names this timer (each timer has a number of its own,
#: so one stopped by STOP never runs on into the next one's drag).
FRAME_TIMER = """() => {
    const frames = window.frames_ms = [];
    const me = window.timers = (window.timers || 0) + 1;
    let last = performance.now();
    const tick = (now) => {
        if (window.timing !== me) return;
        frames.push(now - last);
        last = now;
        requestAnimationFrame(tick);
    };
    window.timing = me;
    requestAnimationFrame(tick);
}"""

#: Stop the frame timer; the frames it timed.
STOP = "() => { window.timing = null; return window.frames_ms; }"


def timed_drag(page: Any, x: float, y: float, way: int) -> list[float]:
    """Drag the board from (x, y) by (360, 200) px (``way`` 1) or back
    (-1) in 40 steps; the length of every frame of the drag, in ms."""
    page.evaluate(FRAME_TIMER)
    drag(page, x, y, way * 360, way * 200, steps=40)
    page.mouse.up()
    frames = page.evaluate(STOP)
    return [float(f) for f in frames[1:]]  # the first measures from before the drag began


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tiles", type=int, default=160, help="tiles on the board (160)")
    parser.add_argument("--drags", type=int, default=5, help="drags measured (5)")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    if not CHROMIUM.exists():
        sys.exit(f"pan_frames: {CHROMIUM} is not installed")
    with tempfile.TemporaryDirectory() as folder, \
            serving(Path(folder), "--waiting-tables", "1000") as server, \
            sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=BROWSER_ARGS)
        page = browser.new_page(viewport={"width": 1440, "height": 900})
        page.set_default_timeout(120_000)
        shown = open_big_board(page, server, args.tiles)
        for _ in range(3):  # a readable zoom: figures and symbols drawn large
            page.get_by_test_id("zoom-in").click()
        page.wait_for_timeout(600)  # the tiles' fade-in is over: it would cost frames
        page.evaluate(TWO_FRAMES)
        box = page.get_by_test_id("board").bounding_box()
        assert box is not None
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        every: list[float] = []
        for number in range(args.drags):
            way = -1 if number % 2 else 1
            frames = timed_drag(page, x if way > 0 else x + 360, y if way > 0 else y + 200, way)
            every += frames
            print(f"drag {number + 1}: {len(frames)} frames, median "
                  f"{statistics.median(frames):.1f} ms, worst {max(frames):.1f} ms")
        browser.close()
    print(f"{shown} tiles, {args.drags} drags, {len(every)} frames: median "
          f"{statistics.median(every):.1f} ms, 95th percentile "
          f"{statistics.quantiles(every, n=20)[-1]:.1f} ms, worst {max(every):.1f} ms")


if __name__ == "__main__":
    main()
