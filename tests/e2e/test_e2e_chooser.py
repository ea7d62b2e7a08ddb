"""The figure-kind chooser stands clear of the ghost tile's spots.

When a spot takes several kinds of figure (a meeple or the large meeple),
a small row of buttons opens beside the tile. Zoomed out, the figures grow
(up to 1.3 times) so that they stay easy to tap; a spot near the tile's
edge then reaches past it, and the chooser must still cover none of them,
or a tap meant for the spot lands on the chooser.
"""

from __future__ import annotations

#: How many spots the chooser's box overlaps, the board zoomed far out, for
#: a chosen spot at (50, `chosen`) and another at (50, `other`) on one tile.
OVERLAPS = """async ([chosen, other]) => {
    const { BoardView } = await import('/static/js/board.js');
    const box = document.createElement('div');
    box.style.cssText = 'position:fixed;left:0;top:0;width:600px;height:600px';
    document.body.append(box);
    const board = new BoardView(box);
    board.k = 0.05;  // zoomed far out: the figures at their largest
    const kinds = ['meeple', 'large'];
    board.setSpots([
        { key: 'a', point: [50, chosen], feature: 'road', kinds },
        { key: 'b', point: [50, other], feature: 'field', kinds },
    ], [{ key: 'a', kind: 'large' }], 'a', 0, () => {}, () => {});
    const c = box.querySelector('[data-testid=kind-chooser]').getBoundingClientRect();
    const spots = [...box.querySelectorAll('[data-testid=figure-spot]')];
    const covered = spots.filter((s) => {
        const b = s.getBoundingClientRect();
        return b.left < c.right && c.left < b.right && b.top < c.bottom && c.top < b.bottom;
    }).length;
    box.remove();
    return [spots.length, covered];
}"""


def test_the_chooser_covers_no_spot_near_the_tiles_edge(page, server):
    page.goto(server.url + "/")
    page.get_by_test_id("quick-play").wait_for()
    # below the tile, a field spot 5 units from its lower edge
    assert page.evaluate(OVERLAPS, [70, 95]) == [2, 0]
    # above the tile, a field spot 5 units from its upper edge
    assert page.evaluate(OVERLAPS, [30, 5]) == [2, 0]
    # spots well inside the tile
    assert page.evaluate(OVERLAPS, [60, 40]) == [2, 0]
