"""A seat's observation brought up to date in one compiled call per step.

The environments' observer (:class:`carcassonne.env.observations.Observer`)
says where each part of an observation goes (the planes' strides, the
vector's slots) and wraps the bytes in numpy arrays; :class:`SeatWriter`
does the work between: per position and seat it lists the cells the
planes hold beyond the board (figures, legal placements) and makes the
vector's start; per step it brings a kept observation of the observer's
choice (:class:`~carcassonne.encoding.buffers.SeatBuffers`, which know what
they hold) up to date: the board from the kept window, the cells, the phase
and the choice so far, the mask.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable
from typing import Any, Final

from carcassonne.encoding.buffers import SeatBuffers
from carcassonne.encoding.decision import Decision, Prefix
from carcassonne.encoding.figures import figure_cells
from carcassonne.encoding.layout import (
    FIGURE_KINDS,
    HAND_SLOTS,
    PIECE_SQUARES,
    SQUARE_BLOCKS,
    ActionLayout,
)
from carcassonne.encoding.markers import Markers, dragon_markers
from carcassonne.encoding.placements import cell_table, placement_cells
from carcassonne.encoding.table import Table
from carcassonne.encoding.vector import Slots, UnseenTiles, seat_vector
from carcassonne.encoding.window import BoardWindow
from carcassonne.engine.game import Game

#: No actions, cells or slots (shared, never changed).
_NONE: Final[list[Any]] = []
_NO_VALUES: Final[list[Any]] = []
#: The values of a first step's phase slots (shared, never changed).
_ZERO_ONE: Final[list[Any]] = [0.0, 1.0]


class Places:
    """Where an observation's parts go: the planes' flat index steps
    (``plane``, ``row``, ``col``), the figure planes' starts (``owned[r]``
    per figure kind for the seat ``r`` places after the observer, ``on``
    per feature kind code), the first ``legal_*`` plane and the ``chosen``
    plane (plane numbers), and the vector's slots: ``slots`` for the counts
    and tiles shown, then the phases (``place``, ``figure``, and the phase
    of each kind of first action), the chosen placement's and figure's
    first slots; the ``dragon``, ``fairy`` and ``dragon_visited`` planes
    (``markers``), the ``target`` plane and the chosen square action's
    first slot (``action_slots``)."""

    def __init__(self, *, plane: int, row: int, col: int, owned: list[dict[str, int]],
                 on: list[int], legal: int, chosen: int, slots: Slots, place_phase: int,
                 figure_phase: int, kind_phase: dict[str, int], chosen_slots: int,
                 figure_slots: int, markers: tuple[int, int, int] = (-1, -1, -1),
                 target: int = -1, action_slots: int = -1) -> None:
        self.plane, self.row, self.col = plane, row, col
        self.owned, self.on, self.legal, self.chosen = owned, on, legal, chosen
        self.slots = slots
        self.place_phase, self.figure_phase, self.kind_phase = place_phase, figure_phase, kind_phase
        self.chosen_slots, self.figure_slots = chosen_slots, figure_slots
        self.markers, self.target, self.action_slots = markers, target, action_slots


class SeatWriter:
    """Writes the observations of one position, seat by seat (see the
    module docstring). ``sizes``: the planes', vector's and mask's lengths;
    ``runs`` and ``make_run``: :func:`~carcassonne.encoding.vector.seat_vector`'s."""

    def __init__(self, layout: ActionLayout, places: Places, planes: int, vector: int,
                 runs: dict[tuple[str, ...], array[float]],
                 make_run: Callable[[tuple[str, ...]], array[float]]) -> None:
        self.layout, self.places = layout, places
        self.sizes = (planes, vector, layout.size)
        #: The cell of each placement action in the ``legal_*`` planes.
        self._cells = cell_table(layout, places.legal, places.plane, places.row, places.col)
        self.runs, self.make_run = runs, make_run
        #: Per seat, for the position: its figures' and legal placements'
        #: cells, whether to count them, its vector's start.
        self._cache: dict[int, tuple[list[Any], list[Any], bool, array[float]]] = {}
        #: Per seat, its figures' cells and what they were made from: the
        #: game, the window's corner, the figures then (a copy), the
        #: dragon's and fairy's markers then (``Markers.key``).
        self._figures: dict[int, tuple[list[Any], Game, int, int, dict[int, tuple[int, str]],
                                       tuple[Any, ...]]] = {}
        #: Per seat, the array its vectors' starts are written in (one
        #: position at a time: the buffers copy it), and a memoryview of it
        #: (whose float writes cost half an array's).
        self._starts: dict[int, tuple[array[float], Any]] = {}
        self._game: Game | None = None
        #: The tiles left in the stack, kept draw by draw for the vectors.
        self._stack_left = UnseenTiles()
        #: The table observed last (:meth:`observe`) and its version then.
        self._table: Table | None = None
        self._version = -1
        self._decision: Decision | None = None
        self._window: BoardWindow | None = None
        self._left = self._top = 0
        self._fixed = array("f")
        #: Per kind of first action, the vector's slots of the phases
        #: written at a decision's first step (``_ZERO_ONE`` there; kept: never changed).
        self._phases: dict[str, list[Any]] = {}
        #: Whether cells may repeat (figures share a square of a plane on a
        #: wonder's squares, or on a tile a magic portal led a second
        #: follower to, ``PD-PORTAL``): they are then counted.
        self.counted = False

    def new_buffers(self) -> SeatBuffers:
        """Buffers of this writer's sizes, holding no observation yet."""
        planes, vector, mask = self.sizes
        return SeatBuffers(planes, vector, mask)

    def position(self, game: Game, decision: Decision | None, left: int, top: int,
                 window: BoardWindow, fixed: array[float]) -> None:
        """Start a new position: its game, decision (None once over), the
        window's corner and kept window, the vector's slots fixed for the game."""
        self._game, self._decision, self._window = game, decision, window
        self._left, self._top, self._fixed = left, top, fixed
        sets = game.sets
        self.counted = "wonders" in sets or "princess_dragon" in sets
        self._cache.clear()

    def observe(self, table: Table, seat: int, first: bool, depth: int,
                fixed: Callable[[Game], array[float]], buffers: SeatBuffers) -> None:
        """Write ``seat``'s observation of ``table`` now into ``buffers``
        (:meth:`position` when the table moved on since the last call: its
        version changed; the board's window kept planes ``first`` or last,
        ``depth`` deep; ``fixed`` makes the vector's slots fixed for a
        game). ``buffers`` may hold any earlier observation, of any seat or
        table, or none: they know what they hold, and only what differs is
        written."""
        if table is not self._table or table.version != self._version:
            self._table, self._version = table, table.version
            left, top = table.origin
            window = table.squares.kept(left, top, self.layout.window, first, depth)
            game = table.game
            # (the slots fixed for a game: asked for again only for another game)
            made = self._fixed if game is self._game else fixed(game)
            self.position(game, table.decision, left, top, window, made)
        squares = table.squares
        self.write(seat, table.prefix, squares.xs, squares.ys, squares.packed, buffers)

    def write(self, seat: int, prefix: Prefix, xs: list[int], ys: list[int], rows: list[bytes],
              buffers: SeatBuffers) -> None:
        """Write ``seat``'s observation of the position after the actions
        ``prefix`` of the current decision into ``buffers``."""
        game, decision, window = self._game, self._decision, self._window
        assert game is not None and window is not None
        acting = decision is not None and decision.seat == seat
        cached = self._cache.get(seat)
        if cached is None:
            cached = self._cache[seat] = self._start(game, decision, seat, acting)
        figures, legal, counted, start = cached
        window.mirror(buffers, xs, ys, rows)
        if decision is None or not acting:
            buffers.update(figures, legal, counted, _NONE, start, _NONE, _NO_VALUES)
            return
        # Per step, on top of the position's: the phase, the choice so far.
        places = self.places
        if prefix:
            where: list[Any] = [places.place_phase, places.figure_phase]
            values: list[Any] = [0.0, 1.0]
            chosen = self._chosen(prefix, where, values)
            buffers.update(figures, legal, counted, decision.kept_allowed(prefix), start, where,
                           values, chosen)
        else:
            kind = decision.kind
            where = self._phases.get(kind, _NONE)
            if not where:
                where = self._phases[kind] = [places.place_phase, places.kind_phase[kind]]
            buffers.update(figures, legal, counted, decision.first_actions, start, where,
                           _ZERO_ONE)

    def _start(self, game: Game, decision: Decision | None, seat: int,
               acting: bool) -> tuple[list[Any], list[Any], bool, array[float]]:
        """What ``seat``'s observation holds for the whole position: the
        figures' cells and, if acting, the legal placements' cells; whether
        the figures' are counted; the vector's start."""
        p = self.places
        figures = self._figure_cells(game, seat)
        counted = self.counted and len(figures) > 2
        legal: list[Any] = []
        if acting and decision is not None:
            placement_cells(decision.first_actions, self._cells, legal)
        kept = self._starts.get(seat)
        if kept is None:
            start = array("f", bytes(4 * self.sizes[1]))
            kept = self._starts[seat] = (start, memoryview(start))
        seat_vector(game, decision, seat, acting, self._fixed, p.slots, self.runs,
                    self.make_run, self._stack_left, kept[1])
        return figures, legal, counted, kept[0]

    def _figure_cells(self, game: Game, seat: int) -> list[Any]:
        """``seat``'s figures' cells: the list made last time while the
        figures and the window stay where they were (the same list: the
        buffers then leave those cells alone), else a new one."""
        left, top = self._left, self._top
        standing = game.position().figures
        markers = dragon_markers(game)
        marked = markers.key()
        kept = self._figures.get(seat)
        if (kept is not None and kept[1] is game and kept[2] == left and kept[3] == top
                and kept[4] == standing and kept[5] == marked):
            return kept[0]
        p = self.places
        cells: list[Any] = figure_cells(game, seat, left, top, self.layout.window, p.row, p.col,
                                        p.owned, p.on)
        if p.markers[0] >= 0:
            self._marker_cells(markers, cells)
        self._figures[seat] = (cells, game, left, top, dict(standing), marked)
        return cells

    def _marker_cells(self, markers: Markers, out: list[Any]) -> None:
        """Append the cells of the dragon's and the fairy's squares and of
        the flight's visited squares inside the window (``PD-1``,
        ``PD-DRAGON-TILE``)."""
        p, w = self.places, self.layout.window
        dragon, fairy, visited = p.markers
        squares: list[tuple[int, tuple[int, int]]] = []
        if markers.dragon is not None:
            squares.append((dragon, markers.dragon))
        if markers.fairy is not None:
            squares.append((fairy, markers.fairy))
        for square in markers.visited:
            squares.append((visited, square))
        for plane, (x, y) in squares:
            dx, dy = x - self._left, y - self._top
            if 0 <= dx < w and 0 <= dy < w:
                out.append(plane * p.plane + dy * p.row + dx * p.col)

    def _chosen(self, prefix: Prefix, where: list[Any], values: list[Any]) -> list[int]:
        """The placement (and first figure) chosen so far: its cell in the
        ``chosen`` plane (none for a wonder decision), its vector slots
        added to ``where`` and ``values``."""
        layout, p = self.layout, self.places
        first = prefix[0]
        if first >= layout.place_count:
            return []
        w = layout.window
        slot, dx, dy, quarter = layout.placed(first)
        at = p.chosen_slots
        where += (at + slot, at + HAND_SLOTS, at + HAND_SLOTS + 1, at + HAND_SLOTS + 2 + quarter)
        values += (1.0, dx / w, dy / w, 1.0)
        cells = [p.chosen * p.plane + dy * p.row + dx * p.col]
        if len(prefix) > 1:
            second = prefix[1]
            if second < layout.stop:
                kind, square, spot = layout.figured(second)
                at = p.figure_slots
                where += (at + kind, at + len(FIGURE_KINDS) + square,
                          at + len(FIGURE_KINDS) + PIECE_SQUARES + spot)
                values += (1.0, 1.0, 1.0)
            elif layout.elsewhere_base <= second < layout.spot_base and p.target >= 0:
                # a square chosen for a portal figure or an action, before its last step
                block, tx, ty = layout.squared(second)
                where.append(p.action_slots + SQUARE_BLOCKS.index(block))
                values.append(1.0)
                cells.append(p.target * p.plane + ty * p.row + tx * p.col)
        return cells
