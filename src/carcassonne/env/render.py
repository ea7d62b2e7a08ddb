"""Pictures of a table: the board as text and as an RGB image.

Both draw the bounding box of the placed squares plus one square around it,
from the same public data the observations use (``squares.py`` and
``game.figures()``).

Text: each square is 3 x 3 characters. The middle of each side shows what
the side is: ``C`` city, ``-`` or ``|`` road, ``.`` field, ``#`` a side inside
a wonder piece; corners between two city sides are ``C`` too; the centre is
``M`` for a monastery, ``#`` for a wonder's monument and otherwise blank. A
figure replaces the character where it stands by its seat number (``0``
to ``5``); ``?`` marks an empty square where the player to move may place.

Image: 16 x 16 pixels per square: green fields, brown city sides, pale
roads from the centre to their sides, a red monastery, a grey monument,
and a dot in the seat's colour (:data:`SEAT_COLOURS`) for each figure.
"""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np

from carcassonne.env.squares import STATIC_PLANES
from carcassonne.env.table import Table

_P = {name: i for i, name in enumerate(STATIC_PLANES)}
SIDES = ("N", "E", "S", "W")
#: Where each location lies on a square, as (column, row) fractions.
SPOT_AT = {
    "N": (0.5, 0.15), "E": (0.85, 0.5), "S": (0.5, 0.85), "W": (0.15, 0.5),
    "NL": (0.25, 0.12), "NR": (0.75, 0.12), "EL": (0.88, 0.25), "ER": (0.88, 0.75),
    "SL": (0.75, 0.88), "SR": (0.25, 0.88), "WL": (0.12, 0.75), "WR": (0.12, 0.25),
    "inner": (0.5, 0.5), None: (0.5, 0.5),
}
#: Seat colours, seat 0 first.
SEAT_COLOURS = ((220, 40, 40), (40, 90, 230), (250, 215, 40), (20, 20, 20),
                (210, 70, 210), (40, 210, 210))
FIELD, CITY, ROAD = (90, 160, 60), (170, 110, 50), (235, 230, 215)
EMPTY, MONASTERY, MONUMENT, INSIDE = (35, 35, 40), (200, 60, 60), (150, 150, 170), (120, 140, 90)
PIXELS = 16


def _box(table: Table) -> tuple[int, int, int, int]:
    x0, y0, x1, y1 = table.squares.box
    return x0 - 1, y0 - 1, x1 + 1, y1 + 1


def _side_char(planes: bytes, side: int) -> str:
    name = SIDES[side]
    if planes[_P[f"city_{name}"]]:
        return "C"
    if planes[_P[f"road_{name}"]]:
        return "|" if side % 2 == 0 else "-"
    if planes[_P[f"field_{name}"]]:
        return "."
    return "#"


def _cell(planes: bytes) -> list[list[str]]:
    n, e, s, w = (_side_char(planes, side) for side in range(4))
    centre = "M" if planes[_P["monastery"]] else "#" if planes[_P["monument"]] else " "

    def corner(a: str, b: str) -> str:
        return "C" if a == b == "C" else " "

    return [[corner(w, n), n, corner(n, e)],
            [w, centre, e],
            [corner(w, s), s, corner(s, e)]]


_CELL_OF_SPOT = {"N": (0, 1), "E": (1, 2), "S": (2, 1), "W": (1, 0),
                 "NL": (0, 0), "NR": (0, 2), "EL": (0, 2), "ER": (2, 2),
                 "SL": (2, 2), "SR": (2, 0), "WL": (2, 0), "WR": (0, 0),
                 "inner": (1, 1), None: (1, 1)}


def render_text(table: Table) -> str:
    """The table as text (see the module docstring), with a header of
    scores, the player to move and what they place."""
    game = table.game
    x0, y0, x1, y1 = _box(table)
    cols, rows = x1 - x0 + 1, y1 - y0 + 1
    grid = [[" "] * (3 * cols) for _ in range(3 * rows)]
    squares = table.squares
    for x, y, planes in zip(squares.xs, squares.ys, squares.packed, strict=True):
        for r, line in enumerate(_cell(planes)):
            for c, char in enumerate(line):
                grid[3 * (y - y0) + r][3 * (x - x0) + c] = char
    for fig in game.figures():
        x, y = fig["at"]
        r, c = _CELL_OF_SPOT[fig["spot"]]
        grid[3 * (y - y0) + r][3 * (x - x0) + c] = str(fig["player"])
    decision = table.decision
    if decision is not None:
        for action, move in decision.roots.items():
            if action < table.layout.place_count and hasattr(move, "at"):
                x, y = move.at
                if (x, y) not in squares.occupied and x0 <= x <= x1 and y0 <= y <= y1:
                    grid[3 * (y - y0) + 1][3 * (x - x0) + 1] = "?"
    scores = "  ".join(f"{name}: {score}" for name, score in zip(
        game.players, game.scores, strict=True))
    if game.is_over:
        status = "game over, winners: " + ", ".join(game.players[p] for p in game.winners)
    else:
        assert game.current_player is not None
        placing = ", ".join(game.tiles_to_place) or "a decision"
        status = (f"to move: {game.players[game.current_player]} ({placing}); "
                  f"stack {game.stack_size}")
    header = [scores, status, f"x {x0}..{x1}, y {y0}..{y1}"]
    return "\n".join(header + ["".join(line).rstrip() for line in grid])


def render_rgb(table: Table) -> np.ndarray:
    """The table as an RGB image, uint8 (height, width, 3)."""
    x0, y0, x1, y1 = _box(table)
    px = PIXELS
    image = np.empty(((y1 - y0 + 1) * px, (x1 - x0 + 1) * px, 3), dtype=np.uint8)
    image[:] = EMPTY
    squares = table.squares
    third, mid = px // 3, px // 2
    for x, y, planes in zip(squares.xs, squares.ys, squares.packed, strict=True):
        cell = image[(y - y0) * px:(y - y0 + 1) * px, (x - x0) * px:(x - x0 + 1) * px]
        cell[:] = FIELD
        bands = {"N": (slice(0, third), slice(None)), "S": (slice(px - third, px), slice(None)),
                 "W": (slice(None), slice(0, third)), "E": (slice(None), slice(px - third, px))}
        roads = {"N": (slice(0, mid), slice(mid - 1, mid + 1)),
                 "S": (slice(mid, px), slice(mid - 1, mid + 1)),
                 "W": (slice(mid - 1, mid + 1), slice(0, mid)),
                 "E": (slice(mid - 1, mid + 1), slice(mid, px))}
        for side in SIDES:
            if planes[_P[f"city_{side}"]]:
                cell[bands[side]] = CITY
            elif planes[_P[f"road_{side}"]]:
                cell[roads[side]] = ROAD
            elif not planes[_P[f"field_{side}"]]:
                cell[bands[side]] = INSIDE
        centre = (slice(mid - 3, mid + 3), slice(mid - 3, mid + 3))
        if planes[_P["monastery"]]:
            cell[centre] = MONASTERY
        elif planes[_P["monument"]]:
            cell[centre] = MONUMENT
    for fig in table.game.figures():
        x, y = fig["at"]
        fx, fy = SPOT_AT.get(fig["spot"], (0.5, 0.5))
        cx, cy = (x - x0) * px + int(fx * px), (y - y0) * px + int(fy * px)
        image[max(cy - 3, 0):cy + 3, max(cx - 3, 0):cx + 3] = (0, 0, 0)
        image[max(cy - 2, 0):cy + 2, max(cx - 2, 0):cx + 2] = SEAT_COLOURS[fig["player"]]
    return image


def render(table: Table, mode: str | None) -> Any:
    """What an environment's ``render()`` returns in ``mode``: ``ansi``, the
    board as text; ``human``, that text printed (returns None);
    ``rgb_array``, the board as an RGB image (numpy uint8, H x W x 3);
    None, nothing (with a warning)."""
    if mode is None:
        warnings.warn("render() without a render_mode draws nothing", stacklevel=3)
        return None
    if mode == "rgb_array":
        return render_rgb(table)
    text = render_text(table)
    if mode == "human":
        print(text)
        return None
    return text
