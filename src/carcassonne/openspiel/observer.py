"""Observations of ``python_carcassonne``: the environments' flat observation.

``state.observation_tensor(p)`` and ``state.information_state_tensor(p)``
are both the flat float32 observation of :class:`carcassonne.env.Observer`
(``flat=True``, planes first): the ``C x W x W`` planes flattened, then the
vector (docs/env.md lists every plane and slot). They show what seat ``p``
may know (``game.view(p)``): never the stack order, which a state does not
even hold, nor another player's hidden hand. The tensor comes in two named
pieces, ``planes`` (shape ``(C, W, W)``) and ``vector``.

The information state is that same tensor: the board, figures, scores,
supplies and unseen tiles sum up what a seat needs, but the tensor does not
recall the order of past moves (it is not perfect recall). The strings are
perfect recall of everything public: ``observation_string(p)`` and
``information_state_string(p)`` both give the seat's own view (scores, who
acts, the tiles the seat may see, the actions of the current move chosen so
far) followed by every move and discard so far, in order.

At chance nodes the tensors show the position before the pending move, with
nobody acting; before the deal is done (no position yet) they are zeros.
"""

from __future__ import annotations

from typing import Any, Protocol

import numpy as np

from carcassonne.env.layout import ActionLayout
from carcassonne.env.observations import VECTOR_SIZE, Observer
from carcassonne.env.table import Rewards, Table
from carcassonne.openspiel.position import StatePosition


class _Game(Protocol):
    """What the observer reads of a ``python_carcassonne`` game
    (:class:`~carcassonne.openspiel.game.CarcassonneGame`)."""

    @property
    def layout(self) -> ActionLayout: ...


class _State(Protocol):
    """What the observer reads of one of its states
    (:class:`~carcassonne.openspiel.game.CarcassonneState`)."""

    @property
    def position(self) -> StatePosition: ...


def _view(position: StatePosition, acting: bool, version: int) -> Table:
    """One position as :class:`carcassonne.env.Observer` reads a table: a
    :class:`~carcassonne.env.Table` that follows the position's game, with
    the state's action tree pinned (none at a chance node), its origin and,
    set by :func:`view_of`, its choice so far."""
    game = position.game
    assert game is not None
    view = Table(len(game.players), game.sets, None, position.layout, Rewards())
    view.follow(game)  # the board squares, read from the moves
    view.version = version  # what the observer's cache keys on: unique per view
    view.pin(position.decision if acting else None, position.origin)
    return view


def view_of(position: StatePosition) -> Table:
    """The view of a position, kept with it (clones at the same position share it)."""
    kind = "chance" if position.chance is not None else "decision"
    view = position.views.get(kind)
    if view is None:
        # each kind of view of each position gets its own number (positions are
        # numbered in steps of one, so twice the number keeps them apart)
        version = 2 * position.number + (kind == "chance")
        view = position.views[kind] = _view(position, kind == "decision", version)
    view.prefix = position.prefix if kind == "decision" else ()
    return view


class CarcassonneObserver:
    """The observer OpenSpiel's observation API asks a Python game for
    (``make_py_observer``): ``tensor`` and its named pieces ``dict``,
    ``set_from(state, player)`` and ``string_from(state, player)``."""

    def __init__(self, game: _Game, iig_obs_type: Any = None,
                 params: dict[str, Any] | None = None) -> None:
        if params:
            raise ValueError(f"python_carcassonne observers take no parameters, not {params}")
        self.iig_obs_type = iig_obs_type
        self._observer = Observer(game.layout, flat=True)
        size = self._observer.planes_size + VECTOR_SIZE
        self.tensor = np.zeros(size, dtype=np.float32)
        planes, vector = self._observer.split(self.tensor)
        self.dict = {"planes": planes, "vector": vector}

    def set_from(self, state: _State, player: int) -> None:
        """Write ``player``'s observation of ``state`` into :attr:`tensor`."""
        position = state.position
        if position.game is None:
            self.tensor.fill(0.0)
            return
        observation = self._observer.observe(view_of(position), player)  # type: ignore[arg-type]
        self.tensor[:] = observation["observation"]

    def string_from(self, state: _State, player: int) -> str:
        """``player``'s view of ``state`` in words (see the module docstring)."""
        position = state.position
        game = position.game
        if game is None:
            dealt = position.fixed
            return f"p{player} setup: {dealt} tiles dealt, wonders {position.wonders}"
        view = game.view(player)
        lines = [f"p{player} scores {view['scores']} current {view['current']} "
                 f"to_place {view['to_place']} hands {view['hands']} "
                 f"stack {view['stack_size']}"]
        if position.chance is not None:
            lines.append(f"chance: tiles drawn for the move {position.pending}")
        elif game.is_over:
            lines.append(f"over, winners {view['winners']}")
        elif game.current_player == player:
            lines.append(f"chosen {list(position.prefix)}")
        lines.append("moves " + " ".join(view["moves"]))
        lines.append("discards " + " ".join(f"{d['tile']}@{d['before_move']}"
                                            for d in view["discards"]))
        return "\n".join(lines)
