"""The Princess & the Dragon (docs/rules.md §17): volcanoes, the dragon, the
fairy, magic portals and the princess.

What the set does, hook by hook (see :mod:`~carcassonne.engine.expansions.base`):

* the draws (``PD-SETUP-2``, ``PD-REC``): while the dragon is off the board a
  dragon-symbol tile is skipped and stays in the stack (:meth:`next_draws`
  moves the first tile that may be drawn to the front); a game that shuffled
  its own stack (``Game.new`` without a stack) shuffles the rest again once
  the first volcano lies, so its record holds the real draw order;
* a volcano brings the dragon at once and takes no figure (``PD-VOLCANO``);
  a dragon-symbol tile starts the dragon's flight (``PD-DRAGON-TILE``), a
  decision of its own, one :class:`DragonStep` per player in turn, before
  the scoring by default (``PD-DRAGON-WHEN``, see :mod:`.dragon`);
* the fairy and the princess are actions instead of a figure
  (``PD-FAIRY-1``, ``PD-PRINCESS``, see :mod:`.fairy_princess`); the fairy
  pays at the start of a turn and when its follower's feature scores
  (``PD-FAIRY-3``, ``PD-FAIRY-4``);
* a magic portal lets the follower go on another tile (``PD-PORTAL``: this
  set says which tiles and which square stays barred, the engine's
  :mod:`~carcassonne.engine.elsewhere` does the rest).

State kept per game (``position.state["princess_dragon"]``): the dragon's
square, the fairy's square and the node of the follower it stands beside,
the flight under way, how many dragon tiles wait, and what the reshuffle
and the ``on_tile`` fairy need (see :func:`new_state`).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Final

from carcassonne.engine.events import ScoreEvent
from carcassonne.engine.expansions import dragon, fairy_princess
from carcassonne.engine.expansions.base import Expansion, PositionView
from carcassonne.engine.moves import AnyMove, DragonStep, Fairy, Princess
from carcassonne.tiles import TILE_LIST, Turned

if TYPE_CHECKING:
    from carcassonne.engine.events import Award
    from carcassonne.engine.moves import Action

NAME: Final = "princess_dragon"
#: The tiles with a dragon symbol (``PD-1``), by catalogue index.
DRAGON_TILES: Final[frozenset[int]] = frozenset(
    t.index for t in TILE_LIST if t.data.get("dragon"))
#: Points for the fairy at the start of a turn and beside a scored follower.
TURN_POINT: Final = 1
SCORE_POINTS: Final = 3


def new_state(seed: Any) -> dict[str, Any]:
    """A game's state at the start: the dragon and the fairy beside the
    board (``PD-SETUP-1``). ``seed`` is the game's own shuffle seed when it
    shuffled its stack (then it reshuffles after the first volcano), else
    None (a given stack, a record: replayed as written, ``PD-REC``)."""
    return {
        "dragon": None,     # the dragon's square, None while off the board
        "fairy": None,      # the fairy's square, None while off the board
        "beside": None,     # the node of the follower it stands beside (next_to)
        "flight": None,     # {"mover": seat, "left": steps, "visited": [squares]}
        "set_aside": 0,     # dragon tiles skipped and waiting (PD-SETUP-2)
        "seed": seed,
        "due": False,       # the reshuffle waits for the next draw
        "order": {},        # on_tile: node -> when its follower was first seen
        "seen": 0,
        "given": None,      # (order drawn from, the order before its skips) for records
    }


class PrincessDragon(Expansion):
    set_name = NAME

    # -- state --------------------------------------------------------------------

    def new_state(self, players: int, setup: dict[str, Any]) -> Any:
        return new_state(setup.get("seed") if setup.get("shuffled") else None)

    def copy_state(self, state: Any) -> Any:
        flight = state["flight"]
        return {**state, "order": state["order"].copy(),
                "flight": None if flight is None else {**flight,
                                                       "visited": flight["visited"].copy()}}

    # -- the draws (PD-SETUP-2, PD-REC) -------------------------------------------------

    def next_draws(self, position: PositionView, stack: list[int], start: int) -> list[int]:
        state = position.state[NAME]
        if state["due"]:  # PD-REC: the official reshuffle, once the first volcano lies
            state["due"] = False
            rest = stack[start:]
            _rng(state["seed"]).shuffle(rest)
            stack = stack[:start] + rest
            state["given"] = None  # from now on the record writes the order drawn
        if state["dragon"] is not None:
            return stack
        for j in range(start, len(stack)):
            if stack[j] not in DRAGON_TILES:
                break
        else:  # only dragon tiles are left: drawn in stack order, without effect
            state["set_aside"] = max(0, state["set_aside"] - 1)
            return stack
        if j == start:
            return stack
        state["set_aside"] = j - start  # the skipped ones wait at the front
        drawn = [*stack[:start], stack[j], *stack[start:j], *stack[j + 1:]]
        given = state["given"]
        # PD-REC: the order before the skips replays the same draws, the same
        # tiles set aside when they were: the record keeps writing it
        state["given"] = (drawn, given[1] if given is not None and given[0] is stack else stack)
        return drawn

    def written_order(self, position: PositionView, stack: list[int]) -> list[int] | None:
        given = position.state[NAME]["given"]
        if given is None or given[0] is not stack:
            return None  # no skip, or the order changed since (fix_draws, a reshuffle)
        order: list[int] = given[1]
        return order

    def drawable(self, position: PositionView, tile: int) -> bool:
        return position.state[NAME]["dragon"] is not None or tile not in DRAGON_TILES

    # -- figures: volcano, dragon, portal ----------------------------------------------

    def figures_barred(self, position: PositionView, pos: int, turned: Turned) -> str | None:
        if turned.tile.data.get("volcano"):
            return "PD-VOLCANO: no figure goes on a volcano tile: the dragon lands on it"
        return None

    def portal(self, position: PositionView, pos: int, turned: Turned) -> tuple[int, ...] | None:
        if not turned.tile.data.get("portal"):
            return None
        square = position.state[NAME]["dragon"]
        return () if square is None else (square,)  # PD-DRAGON-BLOCK

    # -- actions: the fairy and the princess ---------------------------------------------

    def actions(self, position: PositionView, player: int, pos: int,
                turned: Turned) -> list[Action]:
        return [*fairy_princess.fairy_moves(position, player, self.options.fairy_placement),
                *fairy_princess.princess_moves(position, pos, turned)]

    def must_act(self, position: PositionView, player: int, pos: int,
                 turned: Turned) -> str | None:
        if self.options.princess_action == "must" and fairy_princess.princess_moves(
                position, pos, turned):
            return ("PD-PRINCESS: the princess must remove a knight of her city here "
                    "(princess_action must): no figure, and not nothing")
        return None

    def refuse_action(self, position: PositionView, player: int, action: Action, pos: int,
                      turned: Turned) -> str | None:
        if isinstance(action, Fairy):
            return fairy_princess.refuse_fairy(position, player, action,
                                               self.options.fairy_placement)
        if isinstance(action, Princess):
            return fairy_princess.refuse_princess(position, action, pos, turned)
        return None

    def do_action(self, position: PositionView, player: int, action: Action, move: int,
                  award: Award) -> None:
        state = position.state[NAME]
        if isinstance(action, Fairy):  # PD-FAIRY-1
            square, node = fairy_princess.fairy_target(position, action)
            state["fairy"] = square
            state["beside"] = node if self.options.fairy_placement == "next_to" else None
        elif isinstance(action, Princess):  # PD-PRINCESS
            node = fairy_princess.knight_node(position, action)
            dragon.send_home(position, [node])

    # -- a turn part: volcano and dragon ------------------------------------------------

    def turn_started(self, position: PositionView, player: int, move: int | None,
                     award: Award) -> None:
        """``PD-FAIRY-3``: 1 point at the start of the turn for the follower
        beside the fairy (``on_tile``: per follower on its tile)."""
        state = position.state[NAME]
        _forget_gone(position, state)
        count = len([n for n in self._served(position, state) if position.figures[n][0] == player])
        if count:
            award(ScoreEvent(move, player, TURN_POINT * count, "fairy", False,
                             f"the fairy at the start of the turn: {TURN_POINT * count}"))

    def tile_placed(self, position: PositionView, player: int, pos: int, turned: Turned,
                    move: int) -> bool:
        state = position.state[NAME]
        _forget_gone(position, state)
        if self.options.fairy_placement == "on_tile":
            _note_order(position, state)
        data = turned.tile.data
        if data.get("volcano"):  # PD-VOLCANO: the dragon lands at once
            if state["dragon"] is None:  # PD-SETUP-2: the tiles set aside come back
                state["set_aside"] = 0
                state["due"] = state["seed"] is not None
            state["dragon"] = pos
            return False
        if data.get("dragon") and state["dragon"] is not None:  # PD-DRAGON-TILE
            state["flight"] = {"mover": player, "left": dragon.STEPS,
                               "visited": [state["dragon"]]}
            if not dragon.steps(position, state):
                state["flight"] = None
                return False
            return self.options.dragon_moves == "before_scoring"  # PD-DRAGON-WHEN
        return False

    def decision(self, position: PositionView, active: int) -> tuple[int, list[AnyMove]] | None:
        flight = position.state[NAME]["flight"]
        if flight is None:
            return None
        choices: list[AnyMove] = [DragonStep(s) for s in dragon.step_squares(position)]
        return flight["mover"], choices

    def refuse_decision(self, position: PositionView, move: AnyMove) -> str | None:
        return dragon.refuse_step(position, move)

    def decide(self, position: PositionView, move: AnyMove) -> None:
        assert isinstance(move, DragonStep)
        dragon.step(position, move)

    # -- scoring: the fairy's points ---------------------------------------------------

    def completed(self, position: PositionView, roots: list[int], move: int) -> None:
        """``PD-FAIRY-5``: the fairy's follower goes home with its feature."""
        state = position.state[NAME]
        beside = state["beside"]
        if beside is not None and position.features.root[beside] in roots:
            state["beside"] = None

    def scored(self, position: PositionView, r: int, move: int | None, final: bool,
               award: Award) -> None:
        """``PD-FAIRY-4``: 3 points to the owner of the follower beside the
        fairy (``on_tile``: the first of the feature's followers on its
        tile) whenever that follower's feature is scored, whatever it paid."""
        state = position.state[NAME]
        if state["fairy"] is None:
            return
        root = position.features.root
        mine = [n for n in self._served(position, state) if root[n] == r]
        if mine:
            order = state["order"]
            first = min(mine, key=lambda n: (order.get(n, state["seen"]), n))
            owner = position.figures[first][0]
            award(ScoreEvent(move, owner, SCORE_POINTS, "fairy", final,
                             f"the fairy beside a follower of the scored feature: "
                             f"{SCORE_POINTS}"))

    def _served(self, position: PositionView, state: dict[str, Any]) -> list[int]:
        """The nodes of the followers the fairy serves: the one beside it, or
        (``on_tile``) every follower on its tile."""
        if self.options.fairy_placement == "next_to":
            beside = state["beside"]
            return [] if beside is None else [beside]
        return fairy_princess.followers_on(position, state["fairy"])

    # -- view --------------------------------------------------------------------------

    def view(self, position: PositionView, player: int | None) -> dict[str, Any]:
        return {NAME: dragon.view(position)}


def _rng(seed: Any) -> random.Random:
    """The generator of the reshuffle after the first volcano (``PD-REC``)."""
    return random.Random(f"dragon:{seed}")


def _forget_gone(position: PositionView, state: dict[str, Any]) -> None:
    """``PD-FAIRY-5``: once the fairy's follower has left the board (an
    abbot recalled, say), the fairy stands beside nobody."""
    beside = state["beside"]
    if beside is not None and beside not in position.figures:
        state["beside"] = None


def _note_order(position: PositionView, state: dict[str, Any]) -> None:
    """For the ``on_tile`` fairy: note when each follower on the board was
    first seen (after each tile's figure step), to tell which of a scored
    feature's followers on its tile was placed earliest (``PD-FAIRY-1``)."""
    order: dict[int, int] = state["order"]
    figures = position.figures
    for node in [n for n in order if n not in figures]:
        del order[node]
    for node in figures:
        if node not in order:
            order[node] = state["seen"]
            state["seen"] += 1
