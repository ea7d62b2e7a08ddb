"""Observations: what one seat may know, as planes over a window and a vector.

An observation is a dict::

    {"observation": {"planes": uint8 (C, W, W), "vector": float32 (V,)},
     "action_mask": int8 (N,)}

or, with ``flat=True`` (PettingZoo's chess style: one array, the mask beside it)::

    {"observation": float32 (C * W * W + V,), "action_mask": int8 (N,)}

where the first ``C * W * W`` values are the planes, flattened, and the
last ``V`` the vector (:meth:`Observer.split` gives them back apart).
``channels="last"`` lays the planes out ``(W, W, C)`` instead of ``(C, W, W)``
in both forms (rows, then columns, then planes).

**Planes** cover a window of ``W x W`` board squares centred on the
bounding box of the placed squares: plane ``c``, row ``dy``, column ``dx``
is board square ``(origin_x + dx, origin_y + dy)`` (rows grow south). The
planes are :data:`PLANES`: first the static planes of each placed square
(``squares.STATIC_PLANES``: tile, edge kinds per side, monastery, coats of
arms, inn, cathedral, goods, watchtower type, wonder squares), then

* ``open``: an empty square beside a placed one;
* ``figure_<r>_<kind>``: figures of kind ``kind`` of the seat ``r`` places
  after the observer (``r = 0`` is the observer) on that square;
* ``figure_on_<feature>``: figures (of anyone) standing in a city, road,
  field, monastery or garden on that square;
* ``dragon``, ``fairy``: the neutral markers' squares (``PD-1``);
  ``dragon_visited``: the squares the dragon occupied in the flight under
  way (``PD-DRAGON-TILE``: it may not go back);
* ``legal_<slot>_<rotation>``: the observer may place tile ``slot`` there
  turned ``rotation`` (exactly the placement block of the action mask,
  reshaped; zero unless the observer is to move);
* ``chosen``: the square of the placement chosen in this decision so far;
* ``target``: the square a second action named in this decision so far (a
  portal figure's, the abbot's, the fairy's or the princess's square).

**The vector** is :data:`VECTOR_BLOCKS`, in order (seat-indexed blocks are
relative to the observer, own seat first); ``docs/env.md`` lists each slot.
Nothing in an observation comes from the stack order or another player's
hidden hand: the board, figures, scores, supplies, goods and wonders are
public; ``unseen`` counts the tiles not yet seen by the observer (the rest
of the stack and other players' hidden hands, as in ``game.view(seat)``).
"""

from __future__ import annotations

from array import array
from collections.abc import Callable
from functools import partial
from typing import Any

import numpy as np
from gymnasium import spaces

from carcassonne.encoding.buffers import SeatBuffers
from carcassonne.encoding.memories import SeatMemories
from carcassonne.encoding.observation import Places, SeatWriter
from carcassonne.encoding.vector import Slots
from carcassonne.engine.options import OPTION_SPECS
from carcassonne.env.layout import (
    FIGURE_KINDS,
    HAND_SLOTS,
    MAX_SEATS,
    PIECE_SQUARES,
    QUARTERS,
    SPOTS,
    SQUARE_BLOCKS,
    WONDER_IDS,
    ActionLayout,
)
from carcassonne.env.squares import EDGE_KINDS, GOODS, STATIC_PLANES
from carcassonne.env.table import Table
from carcassonne.tiles import KIND_NAMES, SET_NAMES, TILE_LIST, TILES
from carcassonne.tiles.pieces import PIECES

FEATURES = ("city", "road", "field", "monastery", "garden")
#: Every land tile type of every set, in catalogue order: the order of the
#: ``unseen`` and ``to_place`` blocks.
TILE_IDS: tuple[str, ...] = tuple(t.id for t in TILE_LIST)
_TILE_INDEX = {tile: i for i, tile in enumerate(TILE_IDS)}
_WONDER_INDEX = {w: i for i, w in enumerate(WONDER_IDS)}
PHASES = ("place", "figure", "take", "award", "dragon", "wait")

PLANES: tuple[str, ...] = (
    *STATIC_PLANES,
    "open",
    *(f"figure_{r}_{kind}" for r in range(MAX_SEATS) for kind in FIGURE_KINDS),
    *(f"figure_on_{feature}" for feature in FEATURES),
    "dragon", "fairy", "dragon_visited",
    *(f"legal_{slot}_{90 * q}" for slot in range(HAND_SLOTS) for q in range(QUARTERS)),
    "chosen",
    "target",
)
_P = {name: i for i, name in enumerate(PLANES)}
_KIND = {name: i for i, name in enumerate(FIGURE_KINDS)}
_LEGAL_PLANE = _P["legal_0_0"]
_FEATURE = {name: i for i, name in enumerate(FEATURES)}

#: The vector's blocks: (name, length), in order.
VECTOR_BLOCKS: tuple[tuple[str, int], ...] = (
    ("seats", MAX_SEATS),
    ("current", MAX_SEATS),
    ("acting", 1),
    ("phase", len(PHASES)),
    ("extra_turn", 1),
    ("scores", MAX_SEATS),
    ("supply", MAX_SEATS * len(FIGURE_KINDS)),
    ("goods", MAX_SEATS * len(GOODS)),
    ("hand_sizes", MAX_SEATS),
    ("stack_size", 1),
    ("unseen", len(TILE_IDS)),
    ("sets", len(SET_NAMES)),
    ("options", len(OPTION_SPECS)),
    ("to_place", HAND_SLOTS * len(TILE_IDS)),
    ("to_place_edges", HAND_SLOTS * QUARTERS * 4 * len(EDGE_KINDS)),
    ("piece", len(WONDER_IDS)),
    ("helper", 1),
    ("chosen", HAND_SLOTS + 2 + QUARTERS),
    ("chosen_figure", len(FIGURE_KINDS) + PIECE_SQUARES + len(SPOTS)),
    ("chosen_action", len(SQUARE_BLOCKS)),
    ("wonders_laid_out", len(WONDER_IDS)),
    ("wonders_available", len(WONDER_IDS)),
    ("wonder_owner", MAX_SEATS * len(WONDER_IDS)),
    ("wonder_held", MAX_SEATS * len(WONDER_IDS)),
    ("wonder_pairs", MAX_SEATS),
    ("dragon", 3),
    ("held", MAX_SEATS * len(TILE_IDS)),
)
VECTOR_START: dict[str, int] = {}
_at = 0
for _name, _length in VECTOR_BLOCKS:
    VECTOR_START[_name] = _at
    _at += _length
VECTOR_SIZE = _at
#: The vector's largest value (scores stay far below it).
VECTOR_HIGH = 10_000.0


def _edges_per_rotation(tile: str) -> np.ndarray:
    """Per quarter turn, per side N E S W, the one-hot edge kind (64 values)."""
    out = np.zeros((QUARTERS, 4, len(EDGE_KINDS)), dtype=np.float32)
    river = EDGE_KINDS.index("river")
    for q, turned in enumerate(TILES[tile].turned):
        for side in range(4):
            code = (turned.edge_key >> (2 * side)) & 3
            # codes: 1 city, 2 road, 3 field; 0 a river side (RIVER-PLACE-1)
            out[q, side, code - 1 if code else river] = 1
    return out.reshape(-1)


_EDGES = {tile: _edges_per_rotation(tile) for tile in TILE_IDS}
_EDGE_LENGTH = QUARTERS * 4 * len(EDGE_KINDS)


#: The two plane layouts: planes first ``(C, W, W)`` or last ``(W, W, C)``.
CHANNELS = ("first", "last")

# Where the vector's blocks start, as plain ints (the vector is written slot by slot).
_SEATS, _CURRENT, _ACTING = VECTOR_START["seats"], VECTOR_START["current"], VECTOR_START["acting"]
_PHASE, _EXTRA = VECTOR_START["phase"], VECTOR_START["extra_turn"]
_SCORES, _SUPPLY, _GOODS = VECTOR_START["scores"], VECTOR_START["supply"], VECTOR_START["goods"]
_HAND_SIZES, _STACK = VECTOR_START["hand_sizes"], VECTOR_START["stack_size"]
_UNSEEN, _SETS, _OPTIONS = VECTOR_START["unseen"], VECTOR_START["sets"], VECTOR_START["options"]
_TO_PLACE, _PIECE = VECTOR_START["to_place"], VECTOR_START["piece"]
_HELPER, _CHOSEN = VECTOR_START["helper"], VECTOR_START["chosen"]
_CHOSEN_FIGURE = VECTOR_START["chosen_figure"]
_CHOSEN_ACTION = VECTOR_START["chosen_action"]
_LAID_OUT, _AVAILABLE = VECTOR_START["wonders_laid_out"], VECTOR_START["wonders_available"]
_OWNER, _HELD = VECTOR_START["wonder_owner"], VECTOR_START["wonder_held"]
_PAIRS = VECTOR_START["wonder_pairs"]
_PLACE_PHASE, _WAIT_PHASE = _PHASE + PHASES.index("place"), _PHASE + PHASES.index("wait")
_FIGURE_PHASE = _PHASE + PHASES.index("figure")
#: The phase slot of each kind of first action (``Decision.kind``).
_KIND_PHASE = {kind: _PHASE + PHASES.index(kind) for kind in ("place", "take", "award", "dragon")}
#: The slots from ``to_place`` to ``piece`` (one run): what the tiles to place decide.
_SHOWN_END = _PIECE + len(WONDER_IDS)
_GOOD_SLOT = {name: i for i, name in enumerate(GOODS)}
#: Where the vector's counts go, for :func:`~carcassonne.encoding.vector.seat_counts`.
_SLOTS = Slots(current=_CURRENT, extra=_EXTRA, scores=_SCORES, supply=_SUPPLY, goods=_GOODS,
               hand_sizes=_HAND_SIZES, stack=_STACK, unseen=_UNSEEN, kinds=_KIND,
               goods_order=_GOOD_SLOT, wonders=_WONDER_INDEX, laid_out=_LAID_OUT,
               available=_AVAILABLE, owner=_OWNER, held=_HELD, pairs=_PAIRS,
               acting=_ACTING, placing=_PLACE_PHASE, waiting=_WAIT_PHASE, shown=_TO_PLACE,
               shown_tiles=HAND_SLOTS, helper=_HELPER, markers=VECTOR_START["dragon"],
               holding=VECTOR_START["held"])


#: :func:`_shown_slots` per tuple of tiles shown, filled as they are met.
_SHOWN_RUNS: dict[tuple[str, ...], array[float]] = {}


def _shown_slots(shown: tuple[str, ...]) -> array[float]:
    """The ``to_place``, ``to_place_edges`` and ``piece`` blocks (one run of
    the vector) for the tiles ``shown`` in slots 0, 1, 2, as float32 bytes.
    Read-only."""
    out = np.zeros(_SHOWN_END - _TO_PLACE, dtype=np.float32)
    tiles = len(TILE_IDS)
    edges = VECTOR_START["to_place_edges"] - _TO_PLACE
    for slot, tile in enumerate(shown[:HAND_SLOTS]):
        if tile in PIECES:
            out[_PIECE - _TO_PLACE + _WONDER_INDEX[tile]] = 1
            continue
        out[slot * tiles + _TILE_INDEX[tile]] = 1
        start = edges + slot * _EDGE_LENGTH
        out[start:start + _EDGE_LENGTH] = _EDGES[tile]
    return array("f", out.tobytes())


def _wrap(shape: tuple[int, int, int], flat_size: int, buffers: SeatBuffers) -> None:
    """Give ``buffers`` their numpy arrays, sharing its bytes, read-only:
    ``views``, what an observation returns (``memories.SeatMemories``), and
    ``watched``, every array through which something outside could still
    see this memory: the arrays returned, and the arrays numpy bases their
    views on (a view of ``planes`` refers to ``planes.base``, one of the
    flat form's read-only view to the flat array written). ``shape``: the
    planes'; ``flat_size``: their length in the flat form, 0 for the dict."""
    planes = np.frombuffer(buffers.planes, dtype=np.uint8).reshape(shape)
    vector = np.frombuffer(buffers.vector, dtype=np.float32)
    mask = np.frombuffer(buffers.mask, dtype=np.int8)
    if flat_size:
        flat = np.zeros(flat_size + VECTOR_SIZE, dtype=np.float32)
        flat_view = flat.view()
        row = planes.reshape(-1)
        _read_only(planes, row, vector, mask, flat_view)
        buffers.views = (flat, flat_view, mask, row, vector)
        buffers.watched = (flat, flat_view, mask)
    else:
        _read_only(planes, vector, mask)
        buffers.views = (planes, vector, mask)
        buffers.watched = (planes, planes.base, vector, mask)


def _read_only(*arrays: np.ndarray) -> None:
    """Make ``arrays`` read-only."""
    for array_ in arrays:
        array_.flags.writeable = False


class Observer:
    """Builds observations for one action layout (window size), in one of
    the forms of the module docstring (``flat``, ``channels``).

    Observations are read-only arrays. With ``copy=True`` (the default) an
    observation never changes once returned: it is written in memory that
    nothing refers to any more, the arrays of an observation whose holders
    have all let go (found by their reference counts, ``buffers.free_index``), and
    copied into new memory when every kept one is held. With
    ``copy=False`` each seat has one set of arrays, refilled at its every
    observation (copy what must outlive that).

    Each observation's memory is kept (:class:`~carcassonne.encoding.buffers.
    SeatBuffers`) and brought up to date in place by one compiled call
    (:class:`~carcassonne.encoding.observation.SeatWriter`; this class
    says where each part goes and wraps the bytes in numpy arrays),
    writing only what differs from what it held:

    * the static planes and ``open`` follow the board's kept window
      (``squares.BoardSquares.kept``, :mod:`carcassonne.encoding.window`,
      itself drawn square by square and shifted, not redrawn, when it
      follows the board): the squares placed since are drawn, or the
      window is copied after it moved;
    * figures, ``legal_*`` and ``chosen`` are cells written through flat
      indexes: the last observation's are cleared, the new ones set (the
      figures' and placements' cells worked out once per position and
      seat, ``legal_*`` straight from the decision's first actions);
    * the mask's ones likewise; the vector is copied from a start made once
      per position and seat (the fixed slots, the tiles to place as one
      cached run, the counts), with the phase and the choice so far on top.
    """

    def __init__(self, layout: ActionLayout, *, flat: bool = False,
                 channels: str = "first", copy: bool = True) -> None:
        if channels not in CHANNELS:
            raise ValueError(f"channels must be 'first' or 'last', not {channels!r}")
        if type(flat) is not bool:
            raise ValueError(f"flat must be True or False, not {flat!r}")
        if type(copy) is not bool:
            raise ValueError(f"copy must be True or False, not {copy!r}")
        self.layout = layout
        self.flat = flat
        self.copy = copy
        self.channels = channels
        w = layout.window
        c = len(PLANES)
        self.planes_shape = (c, w, w) if channels == "first" else (w, w, c)
        self.planes_size = c * w * w
        mask = spaces.Box(0, 1, (layout.size,), np.int8)
        if flat:
            observation: spaces.Space[Any] = spaces.Box(
                0.0, VECTOR_HIGH, (self.planes_size + VECTOR_SIZE,), np.float32)
        else:
            observation = spaces.Dict({
                "planes": spaces.Box(0, 255, self.planes_shape, np.uint8),
                "vector": spaces.Box(0.0, VECTOR_HIGH, (VECTOR_SIZE,), np.float32),
            })
        self.space = spaces.Dict({"observation": observation, "action_mask": mask})
        #: Flat index steps of a plane, a row and a column in this layout's planes.
        self._strides = (w * w, w, 1) if channels == "first" else (1, w * c, c)
        plane = self._strides[0]
        # Per relative seat and figure kind, and per feature: the flat index
        # of the figure planes' cell at row 0, column 0.
        self._owned_cells = [
            {kind: _P[f"figure_{r}_{kind}"] * plane for kind in FIGURE_KINDS}
            for r in range(MAX_SEATS)]
        self._on_cells = {feature: _P[f"figure_on_{feature}"] * plane for feature in FEATURES}
        #: The same per the engine's feature kind codes (``tiles.CITY``...).
        self._on_kinds = [self._on_cells.get(KIND_NAMES.get(code, ""), 0)
                          for code in range(max(KIND_NAMES) + 1)]
        places = Places(plane=plane, row=self._strides[1], col=self._strides[2],
                        owned=self._owned_cells, on=self._on_kinds, legal=_LEGAL_PLANE,
                        chosen=_P["chosen"], slots=_SLOTS, place_phase=_PLACE_PHASE,
                        figure_phase=_FIGURE_PHASE, kind_phase=_KIND_PHASE,
                        chosen_slots=_CHOSEN, figure_slots=_CHOSEN_FIGURE,
                        markers=(_P["dragon"], _P["fairy"], _P["dragon_visited"]),
                        target=_P["target"], action_slots=_CHOSEN_ACTION)
        #: The compiled writer of the seats' observations.
        self._writer = SeatWriter(layout, places, self.planes_size, VECTOR_SIZE, _SHOWN_RUNS,
                                  _shown_slots)
        #: Where each seat's observations are written, and what they return
        #: (``channels="last"``: the board's kept window holds every plane,
        #: zeros after ``open``, so that it is copied whole).
        self._memories = SeatMemories(
            self._writer, partial(_wrap, self.planes_shape, self.planes_size if flat else 0),
            copy=copy, first=channels == "first", depth=0 if channels == "first" else c,
            fixed=_FixedSlots(), flat_size=self.planes_size if flat else 0)
        #: ``observe(table, seat)``: the observation of ``seat`` (see the
        #: module docstring), in read-only arrays: with ``copy=True`` arrays
        #: that never change, with ``copy=False`` the seat's own, refilled.
        #: (One compiled call: ``memories.SeatMemories.observe``.)
        self.observe: Callable[[Table, int], dict[str, Any]] = self._memories.observe

    def __reduce__(self) -> tuple[Any, ...]:
        """A copy or a pickle is a new observer of the same form (what it
        keeps between observations is made again at the next one)."""
        return (_observer, (self.layout, self.flat, self.channels, self.copy))

    def split(self, observation: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """A flat observation's planes (shaped as ``channels`` says) and
        vector: views of it, nothing copied."""
        observation = np.asarray(observation)
        if observation.shape != (self.planes_size + VECTOR_SIZE,):
            raise ValueError(f"a flat observation has {self.planes_size + VECTOR_SIZE} values, "
                             f"not shape {observation.shape}")
        return (observation[:self.planes_size].reshape(self.planes_shape),
                observation[self.planes_size:])


class _FixedSlots:
    """The vector's slots fixed for a game (``seats``, ``sets``,
    ``options``), made again only for another game (read-only)."""

    def __init__(self) -> None:
        self._game: Any = None
        self._fixed = array("f", bytes(4 * VECTOR_SIZE))

    def __call__(self, game: Any) -> array[float]:
        if game is not self._game:
            v = array("f", bytes(4 * VECTOR_SIZE))
            for i in range(len(game.players)):
                v[_SEATS + i] = 1
            for name in game.sets:
                v[_SETS + SET_NAMES.index(name)] = 1
            options = game.options
            for i, (name, (default, _, _)) in enumerate(OPTION_SPECS.items()):
                v[_OPTIONS + i] = getattr(options, name) != default
            self._game, self._fixed = game, v
        return self._fixed


def _observer(layout: ActionLayout, flat: bool, channels: str, copy: bool) -> Observer:
    """An observer rebuilt from its form (:meth:`Observer.__reduce__`)."""
    return Observer(layout, flat=flat, channels=channels, copy=copy)
