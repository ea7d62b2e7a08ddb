"""Symbols read at a glance, and colour never the only cue.

- An inn or a road-end house stands upright whatever way its tile is
  turned: on the board, the ghost tile and the small tiles of the hand and
  the log. The symbol's transform on screen (getScreenCTM) keeps no
  rotation, while the tile's own has the tile's.
- The monastery is a building of its own, bigger than an inn or a house,
  in the middle of its tile.
- Coats of arms and goods keep a least size on screen as the board zooms out.
- The colour-blind-safe palette (js/palette.js) recolours every figure at
  once, is remembered after a reload and in the lobby, and every figure and
  player dot carries its seat's mark in either palette.
"""

from __future__ import annotations

from typing import Any

import pytest
from e2e_helpers import finished_table

from carcassonne.tiles import TILES
from conftest import new_page

ALL_TILES = {tile.id: {**tile.data, "set": tile.set} for tile in TILES.values()}

CLASSIC = ["#d7342b", "#2f6fd8", "#2c9a45", "#e9c31c", "#3a3a3a", "#b455c4"]
# Okabe & Ito's colours, in the seats' order
SAFE = ["#d55e00", "#0072b2", "#009e73", "#f0e442", "#000000", "#cc79a7"]
INKS = {"rgb(255, 255, 255)", "rgb(27, 27, 27)"}

#: A tile with an inn on one of its three roads and a house where they meet.
INN_AND_HOUSE = "IC/RRR.i"
MONASTERY = "BA/LR"  # a road ends under it
ROAD_END = "BA/RRR"
SHIELD = "BA/Cc+"
GOOD = "TB/Cc.w"

#: The start of a page function with the tile drawing in scope (`t`, every
#: tile of every set as the catalogue) and `board(list, ghost)`, which shows
#: a BoardView of those tiles in a fixed box and returns it.
SETUP = r"""
    const t = await import('/static/js/tiles.js');
    const { BoardView } = await import('/static/js/board.js');
    t.installDefs();
    t.setCatalogue({ tiles });
    const board = (list, ghost = null) => {
      const frame = document.createElement('div');
      frame.style.cssText = 'position:fixed;left:0;top:0;width:1000px;height:320px;z-index:99;'
        + 'background:#2d3a26;overflow:hidden';
      const holder = document.createElement('div');
      holder.className = 'board';
      frame.appendChild(holder);
      document.body.appendChild(frame);
      const view = new BoardView(holder);
      view.setTiles(list);
      if (ghost) view.setGhost(ghost, () => {});
      view.fit();
      return view;
    };
"""

#: A page function: how each symbol of kind `data-sym` (inn, road-end...)
#: stands under `root`: its screen transform, its box, and the tile's own.
UPRIGHT = r"""(root) => [...root.querySelectorAll('[data-sym=inn] use, [data-sym=road-end] use')]
  .map((u) => {
    const m = u.getScreenCTM();
    const tile = u.closest('[data-testid=board-tile], [data-testid=ghost], .mini-tile');
    const ground = tile.querySelector('rect').getScreenCTM();
    const box = u.getBoundingClientRect();
    return {
      kind: u.closest('[data-sym]').dataset.sym, href: u.getAttribute('href'),
      where: tile.dataset.testid || 'mini',
      rotation: Number(tile.dataset.rotation ?? tile.dataset.turned),
      matrix: [m.a, m.b, m.c, m.d], tileMatrix: [ground.a, ground.b, ground.c, ground.d],
      width: box.width, height: box.height,
    };
  })"""


def assert_upright(symbols: list[dict[str, Any]]) -> None:
    """Every symbol's screen transform is a plain scale: no turn, no mirror;
    an inn (wider than tall when upright) shows wider than tall."""
    assert symbols
    for s in symbols:
        a, b, c, d = s["matrix"]
        assert a > 0 and d > 0, s
        assert abs(b) < 1e-6 * a and abs(c) < 1e-6 * d, s
        if s["kind"] == "inn":
            assert s["width"] > 1.2 * s["height"], s


def upright_on_page(page: Any, selector: str) -> list[dict[str, Any]]:
    return page.evaluate(f"(sel) => ({UPRIGHT})(document.querySelector(sel))", selector)


def test_inns_and_road_ends_stay_upright_however_the_tile_turns(page, server, artifacts):
    page.goto(server.url + "/")
    symbols = page.evaluate("async ([tiles, id]) => {" + SETUP + """
        // one tile in each rotation on the board, and the ghost turned the fourth way
        const view = board([0, 90, 180].map((r, i) => ({ tile: id, at: [i, 0], rotation: r })),
                           { tile: id, at: [3, 0], rotation: 270, rotations: 4 });
        const minis = document.createElement('div');
        minis.id = 'minis';
        minis.style.cssText = 'position:fixed;left:0;top:330px;z-index:99;background:#333;'
          + 'padding:6px';
        // the hand's and the log's sizes
        minis.innerHTML = [96, 22].flatMap((size) => [0, 90, 180, 270].map((r) =>
          t.miniTile(id, r, size, ` data-turned="${r}"`))).join('');
        document.body.appendChild(minis);
        return [...(""" + UPRIGHT + """)(view.svg), ...(""" + UPRIGHT + """)(minis)];
    }""", [ALL_TILES, INN_AND_HOUSE])
    # an inn and a house on each of the 4 board tiles and 8 small ones
    assert len(symbols) == 2 * 12
    assert {(s["where"], s["rotation"]) for s in symbols} >= {
        ("board-tile", 0), ("board-tile", 90), ("board-tile", 180), ("ghost", 270),
        *(("mini", r) for r in (0, 90, 180, 270))}
    assert_upright(symbols)
    assert {s["href"] for s in symbols} == {"#inn", "#house"}
    # while the tile under them is turned
    for s in symbols:
        a, b, _, _ = s["tileMatrix"]
        if s["rotation"] in (90, 270):
            assert abs(a) < 1e-6 and abs(b) > 0, s
        elif s["rotation"] == 180:
            assert a < 0, s


def test_the_monastery_is_unlike_an_inn_or_a_road_end(page, server):
    page.goto(server.url + "/")
    drawn = page.evaluate("async ([tiles, ids]) => {" + SETUP + """
        const view = board(ids.map((id, i) => ({ tile: id, at: [i, 0], rotation: 90 })));
        view.zoomBy(1 / view.k);  // 1 px a unit
        return ids.map((id) => {
          const tile = view.svg.querySelector(`[data-tile="${id}"]`);
          const ground = tile.querySelector('rect').getBoundingClientRect();
          return [...tile.querySelectorAll('[data-sym] > use')].map((u) => {
            const box = u.getBoundingClientRect();
            const symbol = document.querySelector(u.getAttribute('href'));
            return {
              tile: id, kind: u.parentElement.dataset.sym, href: u.getAttribute('href'),
              shapes: symbol.innerHTML, width: box.width, height: box.height,
              dx: (box.left + box.right - ground.left - ground.right) / 2 / ground.width,
              dy: (box.top + box.bottom - ground.top - ground.bottom) / 2 / ground.height,
            };
          });
        }).flat();
    }""", [ALL_TILES, [MONASTERY, INN_AND_HOUSE, ROAD_END]])
    by_kind = {}
    for d in drawn:
        by_kind.setdefault(d["kind"], d)
    monastery, inn, house = by_kind["monastery"], by_kind["inn"], by_kind["road-end"]
    assert monastery["tile"] == MONASTERY and monastery["href"] == "#cloister"
    assert inn["href"] == "#inn" and house["href"] == "#house"
    # three different drawings, the monastery much the biggest, in the middle of its tile
    assert len({monastery["shapes"], inn["shapes"], house["shapes"]}) == 3
    area = {k: d["width"] * d["height"] for k, d in by_kind.items()}
    assert area["monastery"] > 2 * area["inn"] > 2 * area["road-end"]
    assert abs(monastery["dx"]) < 0.03 and abs(monastery["dy"]) < 0.03
    # a road ending under the monastery gets no house of its own
    assert [d["kind"] for d in drawn if d["tile"] == MONASTERY] == ["monastery"]


def test_coats_of_arms_and_goods_keep_a_least_size_zoomed_out(page, server):
    page.goto(server.url + "/")
    sizes = page.evaluate("async ([tiles, ids]) => {" + SETUP + """
        const view = board(ids.map((id, i) => ({
          tile: id, at: [i % 6, Math.floor(i / 6)], rotation: 90 * (i % 4) })));
        const height = (root, sel) => Math.min(...[...root.querySelectorAll(sel)]
          .map((u) => u.getBoundingClientRect().height));
        const measure = () => ({ k: view.k, shield: height(view.svg, 'use[href="#shield"]'),
                                 good: height(view.svg, 'use[href^="#good-"]') });
        const at = (k) => {
          view.zoomBy(k / view.k);
          return measure();
        };
        const out = { big: at(1), middle: at(0.3), smallest: at(0.0001) };
        const small = document.createElement('div');
        small.innerHTML = ids.map((id) => t.miniTile(id, 0, 22)).join('');  // the log's tiles
        document.body.appendChild(small);
        out.log = height(small, 'use[href="#shield"], use[href^="#good-"]');
        out.minPx = t.SYMBOL_MIN_PX;
        return out;
    }""", [ALL_TILES, [SHIELD, GOOD] * 6])
    big, middle, smallest = sizes["big"], sizes["middle"], sizes["smallest"]
    assert big["k"] == pytest.approx(1) and middle["k"] == pytest.approx(0.3)
    assert smallest["k"] < 0.15
    for kind in ("shield", "good"):
        natural = big[kind]  # near, they are drawn as they are (about 17 units high)
        assert 15 < natural < 20
        # further out, never under the least size...
        assert middle[kind] >= sizes["minPx"] - 0.2
        # ...and at the smallest zoom (a tile of 12 px) still 2.8 times the tile's scale
        assert smallest[kind] >= 2.75 * natural * smallest["k"]
        assert smallest[kind] >= 5.5
    assert sizes["log"] >= sizes["minPx"] - 0.2


def test_the_symbols_sheet(page, server, artifacts):
    """A picture of every symbol in the four rotations and the figures of
    six seats in both palettes (artifacts/symbols.png)."""
    page.goto(server.url + "/")
    page.evaluate("async ([tiles, ids]) => {" + SETUP + """
        const f = await import('/static/js/figures.js');
        const p = await import('/static/js/palette.js');
        const sheet = document.createElement('div');
        sheet.id = 'sheet';
        sheet.style.cssText = 'position:absolute;left:0;top:0;z-index:99;display:flex;'
          + 'flex-wrap:wrap;gap:6px;padding:8px;width:860px;background:#333';
        const figures = (palette) => {
          p.setPalette(palette);
          const x = (s, k) => 36 + s * 140 + k * 46;
          const row = [0, 1, 2, 3, 4, 5].map((s) => f.figureMarkup(x(s, 0), 40, s, 'city', 40)
            + f.figureMarkup(x(s, 1), 40, s, 'city', 40, '', 'large')
            + f.figureMarkup(x(s, 0), 96, s, 'field', 40)
            + f.figureMarkup(x(s, 1), 96, s, 'city', 40, '', s % 2 ? 'builder' : 'pig'));
          const holder = document.createElement('div');
          holder.innerHTML = `<svg width="844" height="124" viewBox="0 0 844 124">`
            + `<rect width="844" height="124" fill="#86b649"/>${row.join('')}</svg>`;
          // each row keeps the palette it was drawn in: without their classes
          // the figures show the colours of their attributes, not the page's
          holder.querySelectorAll('.figure, .figure-body, .figure-mark')
            .forEach((el) => el.removeAttribute('class'));
          return holder.innerHTML;
        };
        sheet.innerHTML = ids.flatMap((id) => [0, 90, 180, 270].map((r) => t.miniTile(id, r, 100)))
          .join('') + figures('classic') + figures('safe');
        p.setPalette('classic');
        document.body.appendChild(sheet);
    }""", [ALL_TILES, [MONASTERY, INN_AND_HOUSE, "IC/Rr.i", ROAD_END, "IC/CcRr+.i", GOOD,
                       "TB/CcRR.w", "IC/Cccc.c"]])
    page.locator("#sheet").screenshot(path=str(artifacts / "symbols.png"))


# --- a finished game: the palette, the marks, the symbols in play -------------


BOTS = [{"kind": "bot", "bot": "greedy"}, {"kind": "bot", "bot": "random"}]


@pytest.fixture(scope="module")
def finished(server) -> str:
    """A game of two bots with both expansions, played to its end on the server."""
    return finished_table(server, {
        "seats": BOTS, "sets": ["base", "inns_cathedrals", "traders_builders"]})


def rgb(hex_colour: str) -> str:
    r, g, b = (int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    return f"rgb({r}, {g}, {b})"


FIGURES = """() => [...document.querySelectorAll(
    '[data-testid=board-figure], [data-testid=players] .figure-icon')].map((g) => {
  const body = g.querySelector('use:not(.figure-mark)');
  const mark = g.querySelector('use.figure-mark');
  const seat = g.dataset.player
    ?? g.closest('[data-testid^=player-]').dataset.testid.split('-')[1];
  return { seat: Number(seat), where: g.dataset.testid || 'panel',
           body: getComputedStyle(body).fill,
           mark: mark && mark.getAttribute('href'), ink: mark && getComputedStyle(mark).fill };
})"""

#: The seats' dots in the log and the players' panel: the image they show.
DOTS = """() => [...document.querySelectorAll(
    '[data-testid=log] .chip, [data-testid=final-scores] .chip')]
  .map((chip) => getComputedStyle(chip, '::before').backgroundImage)"""


def check_figures(page: Any, palette: list[str]) -> None:
    """Every figure on the board and in the panel in its seat's colour of
    `palette`, wearing its seat's mark in a contrasting ink."""
    figures = page.evaluate(FIGURES)
    assert {f["where"] for f in figures} == {"board-figure", "panel"}
    assert {f["seat"] for f in figures if f["where"] == "board-figure"} == {0, 1}
    for f in figures:
        assert f["body"] == rgb(palette[f["seat"]]), f
        assert f["mark"] == f"#mark-{f['seat']}", f
        assert f["ink"] in INKS and f["ink"] != f["body"], f
    dots = page.evaluate(DOTS)
    assert dots and all(d.startswith('url("data:image/svg+xml') for d in dots)
    # the dot is the seat's mark drawn in the palette's colour
    assert any(palette[0][1:] in d or palette[1][1:] in d for d in dots)


def test_the_palette_switch_recolours_every_figure_and_is_remembered(page, server, artifacts,
                                                                     finished):
    page.goto(f"{server.url}/table/{finished}")
    page.get_by_test_id("final-scores").wait_for()
    page.get_by_test_id("board-figure").first.wait_for(state="attached")
    toggle = page.get_by_test_id("palette")
    assert toggle.get_attribute("aria-pressed") == "false"
    assert toggle.get_attribute("title").startswith("Player colours")
    check_figures(page, CLASSIC)
    # the seats' marks are six different shapes
    marks = page.evaluate(
        "() => [0, 1, 2, 3, 4, 5].map((s) => document.getElementById(`mark-${s}`).innerHTML)")
    assert len(set(marks)) == 6

    toggle.click()
    assert toggle.get_attribute("aria-pressed") == "true"
    check_figures(page, SAFE)  # at once, without drawing the board again
    last = page.get_by_test_id("last-tile").first
    assert last.get_attribute("stroke") in (SAFE[0], SAFE[1])
    page.get_by_test_id("zoom-in").click()
    page.wait_for_timeout(300)
    page.screenshot(path=str(artifacts / "palette-safe.png"))

    page.reload()
    page.get_by_test_id("final-scores").wait_for()
    page.get_by_test_id("board-figure").first.wait_for(state="attached")
    assert page.get_by_test_id("palette").get_attribute("aria-pressed") == "true"
    assert page.evaluate("localStorage.getItem('carcassonne.palette')") == "safe"
    check_figures(page, SAFE)

    # the lobby has the same switch, and the same palette
    page.goto(server.url + "/")
    page.get_by_test_id("seat-kind-1").wait_for()
    lobby = page.get_by_test_id("palette")
    assert lobby.get_attribute("aria-pressed") == "true"
    seats = page.eval_on_selector_all(
        "#seat-list li", "els => els.map(e => getComputedStyle(e).getPropertyValue('--c').trim())")
    assert seats[:2] == SAFE[:2]
    lobby.click()
    assert lobby.get_attribute("aria-pressed") == "false"
    page.goto(f"{server.url}/table/{finished}")
    page.get_by_test_id("board-figure").first.wait_for(state="attached")
    check_figures(page, CLASSIC)


def test_the_palette_switch_speaks_japanese(browser, server, page_errors):
    page = new_page(browser, page_errors, locale="ja-JP")
    page.goto(server.url + "/")
    page.get_by_test_id("seat-kind-1").wait_for()
    toggle = page.get_by_test_id("palette")
    assert toggle.inner_text().strip() == "色覚サポート"
    assert "配色" in toggle.get_attribute("title")
    page.context.close()


def test_symbols_in_a_game_stand_upright_on_the_board_in_the_log_and_the_replay(page, server,
                                                                                 finished):
    page.goto(f"{server.url}/table/{finished}")
    page.get_by_test_id("final-scores").wait_for()
    page.get_by_test_id("board-tile").first.wait_for(state="attached")
    turned = page.evaluate("() => [...document.querySelectorAll('[data-testid=board-tile]')]"
                           ".filter((g) => g.querySelector('[data-sym=road-end], [data-sym=inn]'))"
                           ".map((g) => Number(g.dataset.rotation))")
    assert {r for r in turned if r}, "no turned tile with a house or an inn in the game"
    assert_upright(upright_on_page(page, "[data-testid=board]"))
    assert_upright(upright_on_page(page, "[data-testid=log]"))
    page.get_by_test_id("replay-open").click()
    page.get_by_test_id("replay").wait_for()
    page.get_by_test_id("replay-last").click()  # the replay starts from the empty board
    for _ in range(5):
        page.get_by_test_id("replay-prev").click()
    assert_upright(upright_on_page(page, "[data-testid=board]"))
    # the replay's figures still carry their marks
    marks = page.evaluate("() => [...document.querySelectorAll('[data-testid=board-figure]')]"
                          ".map((g) => [g.dataset.player,"
                          " g.querySelector('use.figure-mark')?.getAttribute('href')])")
    assert marks and all(href == f"#mark-{seat}" for seat, href in marks)
