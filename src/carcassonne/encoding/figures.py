"""The figures on the board as cells of a window of planes."""

from __future__ import annotations

from carcassonne.engine.game import Game
from carcassonne.tiles.geometry import unpack


def figure_cells(game: Game, seat: int, left: int, top: int, width: int, row: int, col: int,
                 owned: list[dict[str, int]], on: list[int]) -> list[int]:
    """Two flat indexes per figure standing inside the window of ``width`` x
    ``width`` squares from ``(left, top)``: its owner's plane for its kind,
    then the plane of the feature it stands in, at its square.

    The planes are addressed as ``plane_start + dy * row + dx * col``, with
    ``dx``, ``dy`` the square's column and row in the window; the plane
    starts are ``owned[r][figure]`` for the seat ``r`` places after ``seat``
    and ``on[kind]`` per feature kind (``tiles.CITY``... index it). A cell
    appears once per figure there, so a square with two figures of one kind
    (possible on a wonder's squares, and on a tile a magic portal led a
    second follower to) appears twice::

        >>> from carcassonne import Game
        >>> game = Game.new(players=2, seed=1)
        >>> game.play(next(m for m in game.legal_moves() if m.figures))
        >>> owned = [{"meeple": 100}, {"meeple": 200}]
        >>> x, y = game.figures()[0]["at"]
        >>> figure_cells(game, 1, x, y, 1, 0, 0, owned, [0, 10, 20, 30, 40])[0]
        200
    """
    position = game.position()
    node_seg, node_pos = position.features.node_seg, position.features.node_pos
    players = len(game.players)
    out: list[int] = []
    for node, (player, figure) in position.figures.items():
        x, y = unpack(node_pos[node])
        dx, dy = x - left, y - top
        if 0 <= dx < width and 0 <= dy < width:
            square = dy * row + dx * col
            out.append(owned[(player - seat) % players][figure] + square)
            out.append(on[node_seg[node].kind] + square)
    return out
