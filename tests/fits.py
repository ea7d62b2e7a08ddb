"""What the training aid must answer, worked out another way.

``expected_chances(game)``: for each empty square next to the board, the
probability that the next tile drawn fits it, summed over the engine's own
``chance_outcomes()`` (the tiles and probabilities of the next draw) with a
fit tested from the printed edges (``Turned.edges``, N E S W) of the tile
and of each neighbour: not from the table of edge keys the engine uses.
Base-game tiles only (every placed tile one square).
"""

from __future__ import annotations

from carcassonne import Game
from carcassonne.tiles import TILES

SIDES = ((0, -1), (1, 0), (0, 1), (-1, 0))  # N E S W


def edges_of(tile: str, rotation: int) -> str:
    return next(t.edges for t in TILES[tile].turned if t.rotation == rotation)


def fits(tile: str, square: tuple[int, int], placed: dict[tuple[int, int], str]) -> bool:
    """Whether ``tile`` fits ``square`` in some rotation: each side shows
    what the neighbour's facing side shows."""
    x, y = square
    for rotation in (0, 90, 180, 270):
        mine = edges_of(tile, rotation)
        facing = {side: placed.get((x + dx, y + dy)) for side, (dx, dy) in enumerate(SIDES)}
        if all(theirs is None or mine[side] == theirs[(side + 2) % 4]
               for side, theirs in facing.items()):
            return True
    return False


def expected_chances(game: Game) -> dict[tuple[int, int], float]:
    """Square -> the probability the next tile drawn fits it."""
    placed = {(at[0], at[1]): edges_of(tile, rotation) for tile, at, rotation in game.board()}
    open_squares = {(x + dx, y + dy) for x, y in placed for dx, dy in SIDES} - set(placed)
    outcomes = game.chance_outcomes()
    return {square: sum(p for tile, p in outcomes if fits(tile, square, placed))
            for square in open_squares}
