"""Tiles are drawn from their data alone: every tile of every set.

The drawing code runs in the browser; these tests hand it the tile data of
all sets (not only the playable ones the server's catalogue lists) and check
that each segment gets a figure spot inside its own shape, that spots turn
with the tile, and that every tile draws without error.
"""

from __future__ import annotations

from pathlib import Path

from carcassonne.tiles import TILES

ALL_TILES = {tile.id: {**tile.data, "set": tile.set} for tile in TILES.values()}

CHECK = (Path(__file__).parent / "geometry_check.js").read_text(encoding="utf-8")


def test_every_segment_of_every_tile_has_a_spot_in_its_own_shape(page, server):
    page.goto(server.url + "/")
    problems = page.evaluate(CHECK, ALL_TILES)
    assert problems == []


def test_turning_follows_the_game_clockwise_with_y_south(page, server):
    page.goto(server.url + "/")
    result = page.evaluate("""async () => {
        const geo = await import('/static/js/geometry.js');
        return {
          northTurned: geo.rotateLocation('N', 90), halfTurned: geo.rotateLocation('WL', 90),
          back: geo.unrotateLocation('E', 90), point: geo.rotatePoint([0.5, 0], 90),
        };
    }""")
    # a quarter turn clockwise takes north to east and keeps the half's L or R
    assert result == {"northTurned": "E", "halfTurned": "NL", "back": "N", "point": [1, 0.5]}


def test_every_tile_of_every_set_draws(page, server, artifacts):
    page.goto(server.url + "/")
    drawn = page.evaluate("""async (tiles) => {
        const t = await import('/static/js/tiles.js');
        t.installDefs();
        t.setCatalogue({ tiles });
        const box = document.createElement('div');
        box.id = 'gallery';
        box.style.cssText = 'display:flex;flex-wrap:wrap;gap:6px;padding:6px;'
          + 'width:1100px;background:#333';
        box.innerHTML = Object.keys(tiles).map((id) => t.miniTile(id, 90, 60)).join('');
        document.body.appendChild(box);
        return [...box.querySelectorAll('svg')].map((svg) => ({
          id: svg.dataset.tile, paths: svg.querySelectorAll('path').length,
          uses: svg.querySelectorAll('use').length, size: svg.getBoundingClientRect().width }));
    }""", ALL_TILES)
    assert len(drawn) == len(ALL_TILES)
    by_id = {d["id"]: d for d in drawn}
    for tile_id, data in ALL_TILES.items():
        d = by_id[tile_id]
        assert d["size"] == 60
        # two strokes per road, a fill (and a wall when not the whole tile) per city
        assert d["paths"] >= 2 * len(data.get("roads", [])) + len(data.get("cities", []))
        if data.get("monastery") or any(c.get("shields") for c in data.get("cities", [])):
            assert d["uses"] >= 1
    page.locator("#gallery").screenshot(path=str(artifacts / "tiles.png"))
