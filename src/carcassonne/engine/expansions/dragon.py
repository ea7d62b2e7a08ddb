"""The dragon's flight (docs/rules.md §17.2), and the set's view.

After a dragon-symbol tile, once the dragon is on the board, the dragon
makes up to :data:`STEPS` steps (``PD-DRAGON-TILE``): the active player moves
it first, then each next player in turn order, one :class:`DragonStep` each.
A step goes to an orthogonally adjacent square holding a tile (each square
of a wonder is one, ``PD-DRAGON-SQUARE``), never to a square of this flight
(its start included) nor to the fairy's (``PD-FAIRY-2``); the flight ends
early when no step is possible. Every figure on a square the dragon enters
goes home (``PD-DRAGON-EAT``), and a builder or pig left without its
owner's follower in its feature follows (``TB-BUILD-6``, ``TB-PIG-4``).

The flight lives in ``state["flight"]``: whose step it is (``mover``), how
many steps are left and the squares visited, first the start.
"""

from __future__ import annotations

from typing import Any, Final

from carcassonne.engine.expansions.base import PositionView
from carcassonne.engine.moves import AnyMove, DragonStep
from carcassonne.tiles import KIND_NAMES
from carcassonne.tiles.geometry import DELTA, pack, unpack

NAME: Final = "princess_dragon"
#: Steps of one flight (``PD-DRAGON-TILE``).
STEPS: Final = 6


def steps(position: PositionView, state: dict[str, Any]) -> list[int]:
    """The squares the dragon may step to now: next to it (N, E, S, W),
    holding a tile, not visited in this flight, not the fairy's."""
    flight = state["flight"]
    if flight is None or state["dragon"] is None:
        return []
    here, visited, fairy = state["dragon"], flight["visited"], state["fairy"]
    tiles = position.board.tiles
    return [here + d for d in DELTA
            if here + d in tiles and here + d not in visited and here + d != fairy]


def step_squares(position: PositionView) -> list[tuple[int, int]]:
    """:func:`steps` as ``(x, y)`` squares, for the flight's decision."""
    return [unpack(s) for s in steps(position, position.state[NAME])]


def refuse_step(position: PositionView, move: AnyMove) -> str | None:
    """Why ``move`` is not one of the flight's steps."""
    state = position.state[NAME]
    flight = state["flight"]
    if flight is None:
        return None
    seat = position.players[flight["mover"]]
    if not isinstance(move, DragonStep):
        return (f"PD-DRAGON-TILE: the dragon is flying: {seat} moves it one step "
                f"(dragon:x,y) before anything else")
    x, y = move.to
    here = state["dragon"]
    hx, hy = unpack(here)
    if abs(x - hx) + abs(y - hy) != 1:
        return (f"PD-DRAGON-TILE: the dragon steps to a square next to it ({hx},{hy}), "
                f"not to {x},{y}")
    square = pack(x, y)
    if square not in position.board.tiles:
        return f"PD-DRAGON-TILE: the dragon steps only onto a tile; {x},{y} holds none"
    if square in flight["visited"]:
        return f"PD-DRAGON-TILE: the dragon was on {x},{y} in this flight already"
    if square == state["fairy"]:
        return f"PD-FAIRY-2: the fairy stands on {x},{y}: the dragon may not go there"
    return None


def step(position: PositionView, move: DragonStep) -> None:
    """Carry out a checked step: the dragon enters the square and eats
    (``PD-DRAGON-EAT``); the next player moves it next, until the flight is
    over (``PD-DRAGON-TILE``)."""
    state = position.state[NAME]
    flight = state["flight"]
    square = pack(*move.to)
    state["dragon"] = square
    flight["visited"].append(square)
    first, turned = position.board.tiles[square]
    send_home(position, [n for n in range(first, first + len(turned.segments))
                         if n in position.figures])
    flight["left"] -= 1
    flight["mover"] = (flight["mover"] + 1) % len(position.players)
    if flight["left"] <= 0 or not steps(position, state):
        state["flight"] = None


def send_home(position: PositionView, nodes: list[int]) -> None:
    """Return the figures on ``nodes`` to their owners (the dragon eats, the
    princess removes), then every builder or pig whose owner has no
    follower left in its feature (``TB-BUILD-6``, ``TB-PIG-4``). The fairy
    stays, beside nobody if its follower went (``PD-FAIRY-5``)."""
    state = position.state[NAME]
    features, figures, strength = position.features, position.figures, position.strength
    roots = {features.root[n] for n in nodes}
    for node in nodes:
        position.remove_figure(node)
        if state["beside"] == node:
            state["beside"] = None
    for r in sorted(roots):
        standing = [(n, figures[n]) for n in features.members[r] if n in figures]
        owners = {owner for _, (owner, figure) in standing if strength[figure]}
        for n, (owner, figure) in standing:
            if not strength[figure] and owner not in owners:
                position.remove_figure(n)


def view(position: PositionView) -> dict[str, Any]:
    """What every seat sees of the set: the dragon's square, the fairy
    (its square, and the feature and spot of the follower it stands
    beside), the flight under way and how many dragon tiles wait."""
    state = position.state[NAME]
    square = state["dragon"]
    fairy: dict[str, Any] | None = None
    if state["fairy"] is not None:
        beside = state["beside"]
        seg = None if beside is None else position.features.node_seg[beside]
        fairy = {"at": list(unpack(state["fairy"])),
                 "feature": None if seg is None else KIND_NAMES[seg.kind],
                 "spot": None if seg is None else seg.spot}
    flight = state["flight"]
    return {
        "dragon": None if square is None else list(unpack(square)),
        "fairy": fairy,
        "flight": None if flight is None else {
            "mover": flight["mover"], "left": flight["left"],
            "visited": [list(unpack(s)) for s in flight["visited"]]},
        "set_aside": state["set_aside"],
    }
