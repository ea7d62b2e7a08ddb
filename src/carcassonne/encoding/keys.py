"""The actions that name a move once its first action is chosen (compiled
with the engine; :mod:`~carcassonne.encoding.decision` builds the tree).

A listed move of a placement is named by the actions after the placement
(its *key*, :func:`move_key`): the figures' actions, sorted (a wonder piece
takes up to two); a follower through a magic portal by the window square it
goes to (``elsewhere``), then its figure action on square 0 (``PD-PORTAL``);
an action by its window square (``return``, ``fairy``, ``princess``), then,
for the fairy beside a follower and for the princess, the segment's ``spot``
(``ABBOT-RECALL``, ``PD-FAIRY-1``, ``PD-PRINCESS``). The placement without
figure or action has the empty key.
"""

from __future__ import annotations

from typing import Final

from carcassonne.encoding.layout import FIGURE_KINDS, GARDEN_SPOT, MONASTERY_SPOT, ActionLayout
from carcassonne.engine.moves import AnyMove, Fairy, Figure, Move, Princess, ReturnAbbot
from carcassonne.tiles.geometry import LOCATION_INDEX, unpack
from carcassonne.tiles.pieces import PIECES

#: Actions chosen so far within one decision.
Prefix = tuple[int, ...]

_KIND_INDEX: Final = {name: i for i, name in enumerate(FIGURE_KINDS)}


class WindowError(ValueError):
    """A legal placement lies outside the observation window: the window is
    too small for this board (raise the environments' ``window`` parameter)."""


def piece_squares(piece: str, at: tuple[int, int], rotation: int) -> list[tuple[int, int]]:
    """The board squares of wonder ``piece`` anchored on ``at``, in the piece's
    square order (the square axis of the figure block)."""
    out = []
    for offset, _ in PIECES[piece].turned[rotation // 90].squares:
        dx, dy = unpack(offset)  # offsets are packed like squares
        out.append((at[0] + dx, at[1] + dy))
    return out


def spot_index(feature: str | None, spot: str | None) -> int:
    """The index in ``SPOTS`` of a segment named by ``feature`` and ``spot``
    (a monastery or a garden has no spot)."""
    if feature == "monastery":
        return MONASTERY_SPOT
    if feature == "garden":
        return GARDEN_SPOT
    assert spot is not None
    return LOCATION_INDEX[spot]


def named_alone(branch: dict[Prefix, AnyMove], chosen: Prefix) -> list[Prefix]:
    """The key of the one listed move of ``branch`` whose actions begin with
    ``chosen``, as a list of one; empty when there are several (a move is
    played as soon as its actions name it alone: a forced step, such as the
    knight's spot when the princess has one knight to remove, is no step)."""
    n = len(chosen)
    found: list[Prefix] = []
    for key in branch:
        if key[:n] == chosen:
            if found:
                return []
            found.append(key)
    return found


def window_square(layout: ActionLayout, origin: tuple[int, int], at: tuple[int, int],
                  move: AnyMove) -> tuple[int, int]:
    """The window column and row of board square ``at`` (named by
    ``move``) in the window whose corner is ``origin``, or
    :class:`WindowError` when it lies outside."""
    dx, dy = at[0] - origin[0], at[1] - origin[1]
    w = layout.window
    if not (0 <= dx < w and 0 <= dy < w):
        raise WindowError(
            f"the legal move {move} names the square {at[0]},{at[1]}, outside the "
            f"{w} x {w} window whose corner is the square {origin[0]},"
            f"{origin[1]}: raise the environment's window parameter "
            f"(window={w + 16}, say)")
    return dx, dy


def square_action(layout: ActionLayout, origin: tuple[int, int], base: int,
                  at: tuple[int, int], move: AnyMove) -> int:
    """The action of board square ``at`` in the square block from ``base``
    (``layout.square``), for ``move``."""
    dx, dy = window_square(layout, origin, at, move)
    return layout.square(base, dx, dy)


def figure_action(layout: ActionLayout, move: Move, figure: Figure) -> int:
    """The action putting ``figure`` (as listed in ``move``) on the board:
    its kind, its square of a wonder piece (0 on a tile), its spot."""
    square = 0
    if figure.on is not None and move.tile in PIECES:
        on = (figure.on[0], figure.on[1])
        square = piece_squares(move.tile, move.at, move.rotation).index(on)
    return layout.figure(_KIND_INDEX[figure.figure], square,
                         spot_index(figure.feature, figure.spot))


def move_key(layout: ActionLayout, origin: tuple[int, int], move: AnyMove) -> Prefix:
    """The key of ``move`` (see the module docstring); ``origin`` is the
    window's corner."""
    if not isinstance(move, Move):
        return ()
    action = move.action
    if action is not None:
        if isinstance(action, ReturnAbbot):
            return (square_action(layout, origin, layout.return_base, action.on, move),)
        if isinstance(action, Fairy):
            where = square_action(layout, origin, layout.fairy_base, action.on, move)
            if action.feature is None:
                return (where,)
            return (where, layout.spot(spot_index(action.feature, action.spot)))
        assert isinstance(action, Princess)
        return (square_action(layout, origin, layout.princess_base, action.on, move),
                layout.spot(spot_index("city", action.spot)))
    if not move.figures:
        return ()
    if move.tile not in PIECES:
        figure = move.figures[0]
        if figure.on is not None and tuple(figure.on) != tuple(move.at):
            # PD-PORTAL: the square first, then the figure as if on a tile
            return (square_action(layout, origin, layout.elsewhere_base, figure.on, move),
                    figure_action(layout, move, figure._replace(on=None)))
    return tuple(sorted(figure_action(layout, move, f) for f in move.figures))
