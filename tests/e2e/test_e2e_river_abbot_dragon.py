"""The browser side of The River, The Abbot, The Princess & the Dragon and
the next tile drawn ahead, checked on the page's own modules with the tile
data of every set and views made by hand (the engine of these sets is not
needed):

- every River tile draws its water, the spring and the lake their ends, the
  bridge its parapets (RIVER-1, RIVER-FEAT-3); every garden tile its garden
  (ABBOT-3); every P&D tile its volcano, dragon symbol, magic portal or
  princess (PD-1), all upright and clear of the figure spots;
- the abbot, the dragon and the fairy are told apart by their shapes, in
  either palette; the dragon's trail is drawn for everyone;
- the actions a placement may take instead of a figure (ABBOT-RECALL,
  PD-FAIRY-1, PD-PRINCESS) are read from the legal list apart from its
  figure choices, and badged over what they act on;
- the log and the panel say what the new moves and scores did, in English
  and Japanese, and show each player's held tile (VAR-AHEAD-4);
- the lobby offers the new sets and options with their words, and the
  "Board Game Arena" preset.

The test at the end plays a whole game of the three sets by clicking: it
needs the engine of these sets and is skipped until the server offers them.
"""

from __future__ import annotations

import json
import re
import time
from typing import Any

import pytest
from e2e_helpers import (
    LOG_MODULES,
    MOST_TURNS,
    PATIENCE_MS,
    TWO_FRAMES,
    page_id,
    show_whole_board,
    wait_turn_or_end,
)

from carcassonne.engine.options import OPTION_SPECS
from carcassonne.tiles import TILES

ALL_TILES = {tile.id: {**tile.data, "set": tile.set} for tile in TILES.values()}
NEW_SETS = ("river", "abbot", "princess_dragon")

#: A page function's start: the tile drawing with every tile of every set,
#: and `board(list)`, a BoardView of those tiles in a fixed box.
SETUP = r"""
    const t = await import('/static/js/tiles.js');
    const geometry = await import('/static/js/geometry.js');
    const { BoardView } = await import('/static/js/board.js');
    t.installDefs();
    t.setCatalogue({ tiles });
    const board = (list) => {
      const frame = document.createElement('div');
      frame.id = 'frame';
      frame.style.cssText = 'position:fixed;left:0;top:0;width:1000px;height:420px;z-index:99;'
        + 'background:#2d3a26;overflow:hidden';
      const holder = document.createElement('div');
      holder.className = 'board';
      frame.appendChild(holder);
      document.body.appendChild(frame);
      const view = new BoardView(holder);
      view.setTiles(list);
      view.fit();
      return view;
    };
"""


def ids(test: Any) -> list[str]:
    return sorted(i for i, data in ALL_TILES.items() if test(data))


RIVER = ids(lambda d: bool(d.get("river")))
GARDENS = ids(lambda d: bool(d.get("garden")))
MARKED = {kind: ids(lambda d, k=kind: bool(d.get(k))) for kind in ("volcano", "dragon", "portal")}
PRINCESS = ids(lambda d: any(c.get("princess") for c in d.get("cities", [])))


def test_every_new_tile_draws_its_water_garden_and_markers(page, server, artifacts):
    """RIVER-1, RIVER-FEAT-3, ABBOT-3, PD-1: each tile shows what it has,
    upright on the board in every rotation and on the small tiles."""
    page.goto(server.url + "/")
    assert len(RIVER) == 11 and len(GARDENS) == 15  # (RI.1/IFI is one id for two tiles)
    # (a garden copy of a dragon tile is an id of its own)
    assert [len(MARKED[k]) for k in ("volcano", "dragon", "portal")] == [6, 12, 6]
    wanted = sorted({*RIVER, *GARDENS, *PRINCESS, *(i for v in MARKED.values() for i in v)})
    drawn = page.evaluate("async ([tiles, wanted]) => {" + SETUP + """
        const list = wanted.map((id, i) => ({
          tile: id, at: [i % 12, Math.floor(i / 12)], rotation: 90 * (i % 4) }));
        const view = board(list);
        const out = {};
        for (const b of list) {
          const g = view.svg.querySelector(`[data-testid=board-tile][data-tile="${b.tile}"]`);
          const upright = [...g.querySelectorAll('[data-sym] use')].every((u) => {
            const m = u.getScreenCTM();
            return m.a > 0 && m.d > 0 && Math.abs(m.b) < 1e-6 && Math.abs(m.c) < 1e-6;
          });
          out[b.tile] = {
            rivers: g.querySelectorAll('path.river').length,
            syms: [...g.querySelectorAll('[data-sym]')].map((s) => s.dataset.sym),
            princess: g.querySelectorAll('use[href="#princess"]').length,
            upright,
          };
        }
        const minis = document.createElement('div');
        minis.id = 'minis';
        minis.style.cssText = 'position:fixed;left:0;top:430px;z-index:99;background:#333;'
          + 'padding:4px;width:1000px';
        minis.innerHTML = wanted.map((id) => t.miniTile(id, 0, 48)).join('');
        document.body.appendChild(minis);
        return out;
    }""", [ALL_TILES, wanted])
    page.locator("#frame").screenshot(path=str(artifacts / "new-sets-board.png"))
    page.locator("#minis").screenshot(path=str(artifacts / "new-sets-tiles.png"))
    for tile_id in wanted:
        d, data = drawn[tile_id], ALL_TILES[tile_id]
        assert d["upright"], tile_id
        assert d["rivers"] == len(data.get("river", [])), tile_id
        assert ("spring" in d["syms"]) == bool(data.get("spring")), tile_id
        assert ("lake" in d["syms"]) == bool(data.get("lake")), tile_id
        assert ("garden" in d["syms"]) == bool(data.get("garden")), tile_id
        assert ("volcano" in d["syms"]) == bool(data.get("volcano")), tile_id
        assert ("dragon-sign" in d["syms"]) == bool(data.get("dragon")), tile_id
        assert ("portal" in d["syms"]) == bool(data.get("portal")), tile_id
        assert d["princess"] == sum(1 for c in data.get("cities", []) if c.get("princess")), tile_id
    # the one bridge: a road over the river (RIVER-FEAT-3)
    assert [i for i in wanted if "bridge" in drawn[i]["syms"]] == ["RI.1/RIrI"]
    # a road ending at the bank has no house in the river
    for tile_id in ("RI.1/CIRI", "RI.1/LIRI"):
        assert "road-end" not in drawn[tile_id]["syms"]


def test_gardens_markers_and_monasteries_keep_clear_of_figure_spots(page, server):
    """A figure put on a tile never hides its garden or marker: each stands
    apart from every figure spot of its tile, inside the tile; the garden in
    its own field (gardens.toml `field`); beside a river through the middle
    the monastery stands on a bank, off the water."""
    page.goto(server.url + "/")
    found = page.evaluate("async ([tiles, wanted]) => {" + SETUP + """
        return wanted.map((id) => {
          const g = geometry.tileGeometry(id, tiles[id]);
          const spots = [...g.cities, ...g.roads, ...g.fields].map((x) => x.spot);
          const near = (p) => Math.min(...spots.map((q) => Math.hypot(q[0] - p[0], q[1] - p[1])));
          const river = (p) => Math.min(1, ...g.rivers.map(
            (r) => geometry.distanceToPolyline(p, r.points)));
          return { id, garden: g.garden, marker: g.marker,
                   gardenGap: g.garden ? near(g.garden) : null,
                   markerGap: g.marker ? near(g.marker) : null,
                   monastery: g.monastery ? g.monasteryAt : null,
                   monasteryWater: g.monastery ? river(g.monasteryAt) : null };
        });
    }""", [ALL_TILES, sorted({*GARDENS, *RIVER, *(i for v in MARKED.values() for i in v)})])
    for f in found:
        for key in ("garden", "marker"):
            if f[key] is not None:
                assert all(0.05 < v < 0.95 for v in f[key]), f
                assert f[f"{key}Gap"] > 0.17, f
        if f["monastery"] is not None:
            assert f["monasteryWater"] > 0.15, f
    assert sum(1 for f in found if f["garden"]) == 15


FIGURES_VIEW = {
    "board": [{"tile": "RI/s", "at": [0, 0], "rotation": 0},
              {"tile": "RI.1/LIRI", "at": [1, 0], "rotation": 0},
              {"tile": "BA/RrG", "at": [2, 0], "rotation": 0},
              {"tile": "DG/F.v", "at": [1, 1], "rotation": 0},
              {"tile": "BA/C", "at": [2, 1], "rotation": 0},
              {"tile": "BA/RCr", "at": [3, 1], "rotation": 90}],
    "figures": [{"player": 0, "figure": "abbot", "feature": "monastery", "spot": None,
                 "at": [1, 0]},
                {"player": 1, "figure": "abbot", "feature": "garden", "spot": None,
                 "at": [2, 0]},
                {"player": 1, "figure": "meeple", "feature": "city", "spot": "N", "at": [2, 1]},
                {"player": 0, "figure": "meeple", "feature": "road", "spot": "S", "at": [3, 1]}],
    "princess_dragon": {"dragon": [1, 1], "fairy": {"at": [2, 1], "feature": "city", "spot": "N"},
                        "flight": {"mover": 1, "left": 4, "visited": [[3, 1], [2, 1], [1, 1]]},
                        "set_aside": 2},
}


def test_the_abbot_the_dragon_and_the_fairy_are_told_apart_by_shape(page, server, artifacts):
    """ABBOT-1, PD-1: the abbot is a figure of its player's colour and mark,
    with a shape of its own; the dragon and the fairy belong to nobody; the
    fairy stands beside its follower (PD-FAIRY-1), the dragon in its square,
    and the flight's squares are numbered in order (PD-DRAGON-TILE)."""
    page.goto(server.url + "/")
    def draw() -> dict[str, Any]:
        return page.evaluate("async ([tiles, v]) => {" + SETUP + """
            document.getElementById('frame')?.remove();
            const view = board(v.board);
            view.setFigures(v.figures);
            view.setNeutral(v.princess_dragon);
            const box = (el) => {
              const r = el.getBoundingClientRect();
              return [r.left + r.width / 2, r.top + r.height / 2, r.width];
            };
            const square = (x, y) => box(view.svg.querySelector(
              `[data-testid=board-tile][data-x="${x}"][data-y="${y}"] rect`));
            const href = (g) => g.querySelector('use').getAttribute('href');
            const figs = [...view.svg.querySelectorAll('[data-testid=board-figure]')].map((g) => ({
              figure: g.dataset.figure, feature: g.dataset.feature, href: href(g),
              mark: g.querySelectorAll('.figure-mark').length,
              fill: getComputedStyle(g.querySelector('.figure-body')).fill, at: box(g) }));
            const dragon = view.svg.querySelector('[data-testid=dragon]');
            const fairy = view.svg.querySelector('[data-testid=fairy]');
            const trail = [...view.svg.querySelectorAll('[data-testid=flight-visited]')]
              .map((g) => [g.dataset.x, g.dataset.y, g.textContent]);
            return { figs, trail, monasterySquare: square(1, 0),
                     dragon: { href: href(dragon), at: box(dragon), square: square(1, 1),
                               seat: dragon.getAttribute('class') },
                     fairy: { href: href(fairy), at: box(fairy),
                              meeple: figs.find((f) => f.feature === 'city').at } };
        }""", [ALL_TILES, FIGURES_VIEW])

    classic = draw()
    page.locator("#frame").screenshot(path=str(artifacts / "abbot-dragon-fairy.png"))
    hrefs = {(f["figure"], f["feature"]): f["href"] for f in classic["figs"]}
    assert hrefs == {("abbot", "monastery"): "#abbot", ("abbot", "garden"): "#abbot",
                     ("meeple", "city"): "#meeple", ("meeple", "road"): "#meeple"}
    assert all(f["mark"] == 1 for f in classic["figs"])  # the seat's mark, not colour alone
    assert classic["dragon"]["href"] == "#dragon" and "seat-" not in classic["dragon"]["seat"]
    assert classic["fairy"]["href"] == "#fairy"
    # the dragon in the middle of its square, bigger than any figure
    dx, dy, width = classic["dragon"]["at"]
    sx, sy, side = classic["dragon"]["square"]
    assert abs(dx - sx) < side * 0.1 and abs(dy - sy) < side * 0.1
    assert width > 1.5 * max(f["at"][2] for f in classic["figs"])
    # the fairy beside the meeple it guards
    fx, fy, _ = classic["fairy"]["at"]
    mx, my, _ = classic["fairy"]["meeple"]
    assert 0 < abs(fx - mx) + abs(fy - my) < side * 0.45
    assert classic["trail"] == [["3", "1", "0"], ["2", "1", "1"], ["1", "1", "2"]]
    # the abbot on the river's monastery stands off the water, on its bank
    abbot = next(f for f in classic["figs"] if f["feature"] == "monastery")
    assert abbot["at"][1] < classic["monasterySquare"][1] - side * 0.1
    # the colour-blind palette recolours the abbots as any figure
    page.evaluate("async () => (await import('/static/js/palette.js')).setPalette('safe')")
    safe = draw()
    page.evaluate("async () => (await import('/static/js/palette.js')).setPalette('classic')")
    abbots = [(a["fill"], b["fill"]) for a, b in zip(classic["figs"], safe["figs"], strict=True)
              if a["figure"] == "abbot"]
    assert len(abbots) == 2 and all(x != y for x, y in abbots)


#: A page function: the legal list of one placement read by placing.js.
PLACING = r"""async ([tiles, view, legal, pick]) => {
    const t = await import('/static/js/tiles.js');
    t.installDefs();
    t.setCatalogue({ tiles });
    const placing = await import('/static/js/placing.js');
    const { parseCompact, legalDragonSteps, legalTiles } = await import('/static/js/legal.js');
    const choice = placing.placementChoices(legal, view, pick);
    const actions = placing.placementActions(legal, view, pick);
    return {
      spots: choice.spots.map((s) => [s.feature, s.kinds, s.on]),
      plain: placing.moveFor(choice, []),
      actions: actions.map((a) => ({
        kind: a.kind, key: a.key, on: a.on, point: a.point, move: a.move })),
      steps: legalDragonSteps([{ dragon: [1, 2] }, { dragon: [0, 1] }]),
      tiles: legalTiles([{ dragon: [1, 2] }]),
      parsed: ['DG/Cc.p@0,-1r0 princess:N@0,-2', 'BA/Rr@1,0r0 return:abbot@3,2',
               'DG/C.v@4,4r90 fairy:city:N@3,2', 'DG/C.v@4,4r90 fairy@3,2', 'dragon:4,-1',
               'DG/RrRr.g@2,2r0 meeple:city:N@0,1'].map(parseCompact),
    };
}"""


def test_a_placement_offers_its_actions_apart_from_its_figures(page, server):
    """ABBOT-RECALL, PD-FAIRY-1, PD-PRINCESS: a placement's actions are legal
    moves of their own; "no figure" is the plain placement, never an action;
    each action is badged over the figure it acts on. PD-PORTAL: a figure
    through the portal is a spot on its own square."""
    page.goto(server.url + "/")
    view = {"board": [{"tile": "BA/C", "at": [0, 0], "rotation": 0},
                      {"tile": "BA/L", "at": [1, 0], "rotation": 0}],
            "figures": [{"player": 0, "figure": "abbot", "feature": "monastery", "spot": None,
                         "at": [1, 0]},
                        {"player": 1, "figure": "meeple", "feature": "city", "spot": "N",
                         "at": [0, 0]}]}
    place = {"tile": "DG/RrRr.g", "at": [0, 1], "rotation": 0}
    legal = [
        {**place, "return_abbot": [1, 0]},
        {**place, "fairy": {"on": [0, 0], "feature": "city", "spot": "N"}},
        {**place, "princess": {"on": [0, 0], "spot": "N"}},
        {**place},
        {**place, "figures": [{"figure": "meeple", "feature": "road", "spot": "N"}]},
        {**place, "figures": [{"figure": "abbot", "feature": "monastery", "on": [1, 0]}]},
    ]
    out = page.evaluate(PLACING, [ALL_TILES, view, legal, place])
    assert out["plain"] == place  # "no figure": the placement alone
    assert [s[0] for s in out["spots"]] == ["road", "monastery"]
    assert out["spots"][1][2] == "1,0"  # through the portal, on its square
    kinds = [a["kind"] for a in out["actions"]]
    assert kinds == ["return_abbot", "fairy", "princess"]
    assert [a["move"] for a in out["actions"]] == legal[:3]
    assert len({a["key"] for a in out["actions"]}) == 3
    recall, fairy, princess = out["actions"]
    # over the abbot's square; over the knight in the city
    assert 100 < recall["point"][0] < 200 and 0 < recall["point"][1] < 100
    assert 0 < fairy["point"][0] < 100 and fairy["point"] == princess["point"]
    # (their badges are drawn side by side: see the table test)
    assert out["steps"] == [[1, 2], [0, 1]] and out["tiles"] == []
    princess_move, recall_move, fairy_move, fairy_tile, step, portal = out["parsed"]
    assert princess_move["action"] == {"kind": "princess", "on": [0, -2], "spot": "N"}
    assert recall_move["action"] == {"kind": "return_abbot", "on": [3, 2]}
    assert fairy_move["action"] == {"kind": "fairy", "on": [3, 2], "feature": "city", "spot": "N"}
    assert fairy_tile["action"] == {"kind": "fairy", "on": [3, 2], "feature": None, "spot": None}
    assert step["dragon"] == [4, -1]
    assert portal["figures"] == [{"figure": "meeple", "feature": "city", "spot": "N", "on": [0, 1]}]


LOG_VIEW = {
    "players": ["Ann", "Bob"], "sets": ["base", "river", "abbot", "princess_dragon"],
    "options": {"draw_ahead": True}, "current": 1,
    "scores": [14, 3], "supply": [{"meeple": 6, "abbot": 0}, {"meeple": 7, "abbot": 1}],
    "board": FIGURES_VIEW["board"], "figures": FIGURES_VIEW["figures"],
    "hands": [["BA/Cc+"], None], "hand_sizes": [1, 1], "stack_size": 40, "unseen": {},
    "moves": ["RI.1/LIRI@1,0r0 abbot:monastery", "DG/F.v@1,1r0", "BA/RrG@2,0r0 return:abbot@1,0",
              "BA/C@2,1r0 fairy:city:N@2,1", "DG/Cc.p@3,1r90 princess:N@2,1", "dragon:2,1"],
    "movers": [0, 1, 0, 1, 0, 1],
    "events": [{"player": 0, "reason": "monastery", "points": 6, "tiles": 6, "move": 2,
                "final": False},
               {"player": 1, "reason": "fairy", "points": 1, "move": 3, "final": False},
               {"player": 1, "reason": "garden", "points": 9, "tiles": 9, "move": 4,
                "final": False},
               {"player": 0, "reason": "garden", "points": 5, "tiles": 5, "final": True}],
    "discards": [], "is_over": False, "winners": [], "extra_turn": False,
    "princess_dragon": FIGURES_VIEW["princess_dragon"],
}

LOG_AND_PANEL = r"""async ([view, language]) => {""" + LOG_MODULES + r"""
    const names = view.players;
    const box = document.createElement('div');
    const log = logEntries(view, names).map((e) => {
      box.innerHTML = e.html;
      return box.innerText.replace(/\s+/g, ' ').trim();
    });
    const players = document.createElement('div');
    document.body.appendChild(players);
    panel.renderPlayers(players, { table: null, view, seat: 0 });
    const stack = document.createElement('div');
    document.body.appendChild(stack);
    panel.renderStack(stack, { table: null, view });
    const held = [0, 1].map((i) => {
      const el = players.querySelector(`[data-testid=held-${i}]`);
      return el && { tiles: [...el.querySelectorAll('[data-tile]')].map((s) => s.dataset.tile),
                     faceDown: el.querySelectorAll('.face-down').length,
                     text: el.innerText.trim() };
    });
    const aside = stack.querySelector('[data-testid=set-aside]');
    return { log, held, aside: aside ? aside.innerText.trim() : null };
}"""


def test_the_log_and_panel_tell_the_new_moves_scores_and_held_tiles(page, server):
    """ABBOT-RECALL, PD-FAIRY-3, ABBOT-SCORE, PD-PRINCESS, PD-DRAGON-TILE in
    the log; VAR-AHEAD-4: a held tile shown, another face down; PD-SETUP-2:
    the dragon tiles set aside."""
    page.goto(server.url + "/")
    out = page.evaluate(LOG_AND_PANEL, [LOG_VIEW, "en"])
    log = " | ".join(out["log"])
    assert "Ann placed and an abbot on the monastery" in log
    assert "Ann placed and took the abbot back" in log
    assert "unfinished monastery with 5 neighbours: 6 points" in log
    assert "Bob placed and moved the fairy next to a follower on the city" in log
    assert "the fairy beside a follower, at the start of the turn: 1 point" in log
    assert "Ann placed and the princess sent a knight home" in log
    assert "completed garden: 9 points" in log
    assert "Bob moves the dragon to 2,1" in log
    assert "Final scoring" not in log
    mine, theirs = out["held"]
    assert mine["tiles"] == ["BA/Cc+"] and mine["faceDown"] == 0 and "next tile" in mine["text"]
    assert theirs["tiles"] == [] and theirs["faceDown"] == 1
    assert out["aside"].endswith("2")

    ja = page.evaluate(LOG_AND_PANEL, [LOG_VIEW, "ja"])
    log = " | ".join(ja["log"])
    assert "修道院長を戻した" in log and "妖精" in log and "姫が騎士を1人帰らせた" in log
    assert "ドラゴンを 2,1 に動かした" in log and "完成した庭園" in log
    assert "次のタイル" in ja["held"][0]["text"]


def catalogue_with_new_sets(server: Any) -> dict[str, Any]:
    """The server's catalogue as it will be once the engine plays the new
    sets: they and their options offered."""
    data = server.get("/api/catalogue")
    for name in NEW_SETS:
        if name not in data["sets"]:
            data["sets"].append(name)
    offered = {o["name"] for o in data["options"]}
    for name, (default, allowed, set_name) in OPTION_SPECS.items():
        if name not in offered:
            data["options"].append({"name": name, "default": default,
                                    "allowed": list(allowed), "set": set_name})
    return data


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_lobby_offers_the_new_sets_options_and_a_board_game_arena_preset(
        page, server, artifacts, language):
    """The three sets and their options with words of their own (no raw
    names), VAR-AHEAD-4: drawing ahead shows the held tiles to all unless
    the player says otherwise; the preset sets Board Game Arena's rules and
    the table is created with them."""
    data = catalogue_with_new_sets(server)
    page.route("**/api/catalogue", lambda route: route.fulfill(
        status=200, content_type="application/json", body=json.dumps(data)))
    page.add_init_script(f"localStorage.setItem('carcassonne.language', '{language}')")
    page.goto(server.url + "/")
    page.wait_for_function("() => document.body.dataset.ready === 'true'")
    for name in NEW_SETS:
        box = page.get_by_test_id(f"set-{name}")
        assert box.is_enabled()
        head = page.locator(f"[data-set={name}] .set-head > span").first.inner_text()
        assert head.strip() and head.strip() != name
        box.check()
    for option in ("river_check", "dragon_moves", "fairy_placement", "princess_action"):
        select = page.get_by_test_id(f"option-{option}")
        texts = select.locator("option").all_inner_texts()
        assert len(texts) == 2 and all(t not in OPTION_SPECS[option][1] for t in texts), texts
        label = select.locator("xpath=..").inner_text()
        assert option not in label
    ahead = page.get_by_test_id("option-draw_ahead")
    ahead_label = ahead.locator("xpath=..").inner_text()
    assert "Board Game Arena" in ahead_label
    public = page.get_by_test_id("option-hands_public")
    assert not ahead.is_checked() and not public.is_checked()
    ahead.check()
    assert public.is_checked()  # shown to all by default (VAR-AHEAD-4)
    public.uncheck()
    ahead.uncheck()
    ahead.check()
    assert not public.is_checked()  # the player said otherwise: kept
    # the preset: drawn ahead, shown to all, the current rules
    page.get_by_test_id("option-farm_scoring").select_option(json.dumps("first_edition"))
    page.get_by_test_id("option-tiny_city").select_option(json.dumps(2))
    assert page.get_by_test_id("preset-bga-on").count() == 0
    page.get_by_test_id("preset-bga").click()
    page.get_by_test_id("preset-bga-on").wait_for()
    assert ahead.is_checked() and public.is_checked()
    assert json.loads(page.get_by_test_id("option-farm_scoring").input_value()) == "current"
    assert json.loads(page.get_by_test_id("option-tiny_city").input_value()) == 4
    page.get_by_test_id("option-dragon_moves").select_option(json.dumps("after_scoring"))
    shot = artifacts / f"lobby-new-sets-{language}.png"
    page.get_by_test_id("create-form").screenshot(path=str(shot))
    # the table asked for: the sets and the options that differ from the defaults
    sent: list[dict[str, Any]] = []

    def refuse(route: Any) -> None:
        if route.request.method == "POST":
            sent.append(json.loads(route.request.post_data or "{}"))
            route.fulfill(status=400, content_type="application/json",
                          body=json.dumps({"error": "not in this test"}))
        else:
            route.continue_()

    page.route("**/api/tables", refuse)
    page.get_by_test_id("create-table").click()
    page.locator("#toast.show").wait_for()
    assert sent and sent[0]["sets"] == ["base", *NEW_SETS]
    assert sent[0]["options"] == {"draw_ahead": True, "hands_public": True,
                                  "dragon_moves": "after_scoring"}


#: A table's view on seat 0's turn: Ann's abbot on a monastery, Bob's
#: knight in a city, a princess tile with a portal (made up) to place below.
TABLE_VIEW = {
    **LOG_VIEW, "current": 0, "moves": [], "movers": [], "events": [],
    "board": [{"tile": "BA/C", "at": [0, 0], "rotation": 0},
              {"tile": "BA/L", "at": [1, 0], "rotation": 0},
              {"tile": "DG/F.v", "at": [1, 1], "rotation": 0}],
    "figures": [{"player": 0, "figure": "abbot", "feature": "monastery", "spot": None,
                 "at": [1, 0]},
                {"player": 1, "figure": "meeple", "feature": "city", "spot": "N", "at": [0, 0]}],
    "to_place": ["DG/Cc.p"], "hands": [["DG/Cc.p"], None],
    "princess_dragon": {"dragon": [1, 1], "fairy": None, "flight": None, "set_aside": 0},
}
PLACE = {"tile": "DG/Cc.p", "at": [0, 1], "rotation": 0}
#: What "No figure" sends: the placement alone.
TABLE_VIEW_PLAIN = {**PLACE, "figures": []}
TABLE_LEGAL = [
    {**PLACE},
    {**PLACE, "figures": [{"figure": "meeple", "feature": "field", "spot": "SL"}]},
    {**PLACE, "return_abbot": [1, 0]},
    {**PLACE, "fairy": {"on": [0, 0], "feature": "city", "spot": "N"}},
    {**PLACE, "princess": {"on": [0, 0], "spot": "N"}},
    {"tile": "DG/Cc.p", "at": [-1, 0], "rotation": 90},
]


def test_the_table_offers_actions_and_the_dragons_steps_by_clicking(page, server, artifacts):
    """On the table page, with the states a server sends (made here, over a
    stand-in socket): a placement shows its actions as badges and buttons,
    and Confirm sends the chosen one (PD-PRINCESS); "No figure" is the plain
    placement; the dragon's step is a click on a highlighted square
    (PD-DRAGON-TILE); a watcher sees whose step it is and how many are left."""
    made = server.post("/api/tables", {"seats": [{"kind": "human"}, {"kind": "human"}]})
    table_id = made["table"]["id"]
    table = {**server.get(f"/api/tables/{table_id}"), "status": "playing",
             "sets": ["base", *NEW_SETS]}
    table["seats"] = [{**seat, "taken": True, "name": name}
                      for seat, name in zip(table["seats"], ["Ann", "Bob"], strict=True)]
    sent: list[dict[str, Any]] = []
    sockets: list[Any] = []

    def state(view: dict[str, Any], legal: Any, last: int, seat: int | None = 0) -> str:
        return json.dumps({"type": "state", "table": table, "seat": seat, "view": view,
                           "legal": legal, "last": last})

    def fake(ws: Any) -> None:
        sockets.append(ws)
        ws.on_message(lambda m: sent.append(json.loads(m)))
        ws.send(state(TABLE_VIEW, TABLE_LEGAL, 0))

    def moved(count: int) -> dict[str, Any]:
        """The move the page sent as its `count`th, once it has come (each
        round trip to the page lets the socket's messages in)."""
        deadline = time.monotonic() + PATIENCE_MS / 1000
        while len(moves := [m["move"] for m in sent if m.get("type") == "move"]) < count:
            assert time.monotonic() < deadline, "the page sent no move"
            page.evaluate(TWO_FRAMES)
        return moves[count - 1]

    page.route_web_socket(re.compile(r".*/ws/tables/.*"), fake)
    page.goto(f"{server.url}/table/{table_id}")
    page.wait_for_function("() => document.body.dataset.myTurn === 'true'")
    show_whole_board(page)
    page.evaluate(TWO_FRAMES)
    square = page.locator("[data-testid=legal-square][data-x='0'][data-y='1']")
    box = square.bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.get_by_test_id("ghost").wait_for()
    badges = page.get_by_test_id("action-spot")
    assert sorted(badges.evaluate_all("(gs) => gs.map((g) => g.dataset.action)")) == [
        "fairy", "princess", "return_abbot"]
    # each badge where it can be seen and clicked, two on one knight side by side
    assert len(set(badges.evaluate_all("(gs) => gs.map((g) => g.getAttribute('transform'))"))) == 3
    buttons = page.get_by_test_id("placement-actions").locator("button")
    words = buttons.all_inner_texts()
    assert any("abbot back from the monastery" in w for w in words)
    assert any("fairy next to your meeple on the city" in w for w in words)
    assert any("send Bob's meeple home" in w for w in words)
    assert page.get_by_test_id("figure-spot").count() == 1
    page.get_by_test_id("action-princess").click()
    page.locator("[data-testid=action-spot].selected[data-action=princess]").wait_for()
    assert "instead of placing a figure" in page.get_by_test_id("turn").inner_text()
    page.get_by_test_id("turn").screenshot(path=str(artifacts / "table-actions.png"))
    page.get_by_test_id("confirm").click()
    assert moved(1) == TABLE_LEGAL[4]

    # taken back, no figure: the plain placement, never an action
    sockets[-1].send(state(TABLE_VIEW, TABLE_LEGAL, 0))
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.get_by_test_id("ghost").wait_for()
    page.get_by_test_id("action-fairy").click()
    page.get_by_test_id("no-figure").click()
    assert page.locator("[data-testid=action-spot].selected").count() == 0
    page.get_by_test_id("confirm").click()
    assert moved(2) == TABLE_VIEW_PLAIN

    # the dragon's flight: Ann's step, from the volcano
    flight = {**TABLE_VIEW["princess_dragon"],
              "flight": {"mover": 0, "left": 6, "visited": [[1, 1]]}}
    flying = {**TABLE_VIEW, "board": [*TABLE_VIEW["board"], PLACE], "princess_dragon": flight}
    sockets[-1].send(state(flying, [{"dragon": [1, 0]}, {"dragon": [0, 1]}], 1))
    page.get_by_test_id("dragon-step").first.wait_for()
    assert page.get_by_test_id("dragon-step").count() == 2
    assert page.get_by_test_id("legal-square").count() == 0
    assert page.get_by_test_id("flight").get_attribute("data-left") == "6"
    assert "your step (6 left)" in page.get_by_test_id("status").inner_text()
    page.evaluate(TWO_FRAMES)
    step = page.locator("[data-testid=dragon-step][data-x='1'][data-y='0']").bounding_box()
    assert step is not None
    page.mouse.click(step["x"] + step["width"] / 2, step["y"] + step["height"] / 2)
    assert moved(3) == {"dragon": [1, 0]}

    # Bob's step: everyone sees whose it is and what is left
    flight = {**flight, "dragon": [1, 0], "flight": {"mover": 1, "left": 5,
                                                      "visited": [[1, 1], [1, 0]]}}
    sockets[-1].send(state({**flying, "current": 1, "princess_dragon": flight}, None, 2))
    page.wait_for_function("() => document.body.dataset.myTurn === 'false'")
    assert page.get_by_test_id("flight").get_attribute("data-mover") == "1"
    assert page.locator("#turn-title").text_content() == "Bob moves the dragon"
    assert "Bob's step (5 left)" in page.get_by_test_id("status").inner_text()
    assert page.get_by_test_id("flight-visited").count() == 2
    assert page.get_by_test_id("dragon").get_attribute("data-x") == "1"
    page.screenshot(path=str(artifacts / "table-dragon-flight.png"))


# --- needs the engine of the three sets (runs once the server offers them) ---


def test_a_whole_game_of_the_river_the_abbot_and_the_dragon_by_clicking(page, server, artifacts):
    """AFTER THE ENGINE LANDS: a game of base + River + Abbot + Princess &
    the Dragon with the next tile drawn ahead, against a bot, played to its
    end by clicking: a highlighted square, a figure spot, an action badge or
    "No figure", Confirm; during the dragon's flight a highlighted square.
    Skipped while the server does not offer the three sets."""
    offered = server.get("/api/catalogue")["sets"]
    if not set(NEW_SETS) <= set(offered):
        pytest.skip("the engine does not play The River, The Abbot and "
                    "The Princess & the Dragon yet")
    page.goto(server.url + "/")
    page.wait_for_function("() => document.body.dataset.ready === 'true'")
    for name in NEW_SETS:
        page.get_by_test_id(f"set-{name}").check()
    page.get_by_test_id("preset-bga").click()
    page.get_by_test_id("player-name").fill("Ann")
    page.get_by_test_id("create-table").click()
    page.wait_for_url("**/table/*")
    table_id = page_id(page)
    assert server.get(f"/api/tables/{table_id}")["sets"] == ["base", *NEW_SETS]
    page.wait_for_function("() => document.body.dataset.status === 'playing'", timeout=PATIENCE_MS)
    show_whole_board(page)  # every highlighted square and badge in view, however big the board

    def click(locator: Any) -> None:
        box = locator.bounding_box()
        assert box is not None
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)

    seen = {"river": False, "action": False, "dragon": False, "held": False}
    for turn in range(MOST_TURNS * 3):
        if not wait_turn_or_end(page, timeout=PATIENCE_MS):
            break
        page.evaluate(TWO_FRAMES)
        state = page.evaluate("window.carcassonneTable.state()")
        legal = state["legal"]
        seen["held"] = seen["held"] or page.get_by_test_id("held-0").count() > 0
        if any("dragon" in m for m in legal):
            seen["dragon"] = True
            click(page.get_by_test_id("dragon-step").first)
        else:
            river = any(str(m.get("tile", "")).startswith("RI") for m in legal)
            seen["river"] = seen["river"] or river
            click(page.get_by_test_id("legal-square").first)
            page.get_by_test_id("ghost").wait_for()
            page.evaluate(TWO_FRAMES)
            if page.get_by_test_id("action-spot").count() and turn % 2:
                page.get_by_test_id("placement-actions").locator("button").first.click()
                seen["action"] = True
            elif page.get_by_test_id("figure-spot").count() and turn % 3 == 0:
                click(page.get_by_test_id("figure-spot").first)
            elif page.get_by_test_id("no-figure").is_visible():
                page.get_by_test_id("no-figure").click()
            page.get_by_test_id("confirm").click()
        page.wait_for_function(
            "(n) => Number(document.body.dataset.last) > n"
            " || document.body.dataset.over === 'true'",
            arg=state["last"], timeout=PATIENCE_MS)
    page.wait_for_function("() => document.body.dataset.over === 'true'", timeout=PATIENCE_MS)
    page.get_by_test_id("final-scores").wait_for()
    page.screenshot(path=str(artifacts / "new-sets-game-over.png"))
    assert seen["river"] and seen["held"]
