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
  field or monastery on that square;
* ``legal_<slot>_<rotation>``: the observer may place tile ``slot`` there
  turned ``rotation`` (exactly the placement block of the action mask,
  reshaped; zero unless the observer is to move);
* ``chosen``: the square of the placement chosen in this decision so far.

**The vector** is :data:`VECTOR_BLOCKS`, in order (seat-indexed blocks are
relative to the observer, own seat first); ``docs/env.md`` lists each slot.
Nothing in an observation comes from the stack order or another player's
hidden hand: the board, figures, scores, supplies, goods and wonders are
public; ``unseen`` counts the tiles not yet seen by the observer (the rest
of the stack and other players' hidden hands, as in ``game.view(seat)``).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces

from carcassonne.engine.choices import ChoiceMoves
from carcassonne.engine.moves import AwardWonder, TakeWonder
from carcassonne.engine.options import OPTION_SPECS
from carcassonne.env.layout import (
    FIGURE_KINDS,
    HAND_SLOTS,
    MAX_SEATS,
    PIECE_SQUARES,
    QUARTERS,
    SPOTS,
    WONDER_IDS,
    ActionLayout,
)
from carcassonne.env.squares import EDGE_KINDS, GOODS, STATIC_PLANES
from carcassonne.env.table import Table
from carcassonne.tiles import SET_NAMES, TILE_LIST, TILES
from carcassonne.tiles.pieces import PIECES

FEATURES = ("city", "road", "field", "monastery")
#: Every land tile type of every set, in catalogue order: the order of the
#: ``unseen`` and ``to_place`` blocks.
TILE_IDS: tuple[str, ...] = tuple(t.id for t in TILE_LIST)
_TILE_INDEX = {tile: i for i, tile in enumerate(TILE_IDS)}
_WONDER_INDEX = {w: i for i, w in enumerate(WONDER_IDS)}
PHASES = ("place", "figure", "take", "award", "wait")

PLANES: tuple[str, ...] = (
    *STATIC_PLANES,
    "open",
    *(f"figure_{r}_{kind}" for r in range(MAX_SEATS) for kind in FIGURE_KINDS),
    *(f"figure_on_{feature}" for feature in FEATURES),
    *(f"legal_{slot}_{90 * q}" for slot in range(HAND_SLOTS) for q in range(QUARTERS)),
    "chosen",
)
_P = {name: i for i, name in enumerate(PLANES)}
_KIND = {name: i for i, name in enumerate(FIGURE_KINDS)}
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
    ("wonders_laid_out", len(WONDER_IDS)),
    ("wonders_available", len(WONDER_IDS)),
    ("wonder_owner", MAX_SEATS * len(WONDER_IDS)),
    ("wonder_held", MAX_SEATS * len(WONDER_IDS)),
    ("wonder_pairs", MAX_SEATS),
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
    """Per quarter turn, per side N E S W, the one-hot edge kind (48 values)."""
    out = np.zeros((QUARTERS, 4, len(EDGE_KINDS)), dtype=np.float32)
    for q, turned in enumerate(TILES[tile].turned):
        for side in range(4):
            code = (turned.edge_key >> (2 * side)) & 3
            out[q, side, code - 1] = 1  # codes: 1 city, 2 road, 3 field
    return out.reshape(-1)


_EDGES = {tile: _edges_per_rotation(tile) for tile in TILE_IDS}
_EDGE_LENGTH = QUARTERS * 4 * len(EDGE_KINDS)


#: The two plane layouts: planes first ``(C, W, W)`` or last ``(W, W, C)``.
CHANNELS = ("first", "last")


class Observer:
    """Builds observations for one action layout (window size), in one of
    the forms of the module docstring (``flat``, ``channels``).

    What does not change within one engine position (the board window, the
    figures, most of the vector) is computed once per position and seat,
    already in the chosen form, and copied; only the phase and the choice so
    far are written per step.
    """

    def __init__(self, layout: ActionLayout, *, flat: bool = False,
                 channels: str = "first") -> None:
        if channels not in CHANNELS:
            raise ValueError(f"channels must be 'first' or 'last', not {channels!r}")
        if type(flat) is not bool:
            raise ValueError(f"flat must be True or False, not {flat!r}")
        self.layout = layout
        self.flat = flat
        self.channels = channels
        w = layout.window
        self.planes_shape = (len(PLANES), w, w) if channels == "first" else (w, w, len(PLANES))
        self.planes_size = len(PLANES) * w * w
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
        self._key: tuple[int, int] | None = None
        #: Per seat: the planes and vector of the position (flat: the one
        #: array of which both are views).
        self._cache: dict[int, np.ndarray | tuple[np.ndarray, np.ndarray]] = {}

    def observe(self, table: Table, seat: int) -> dict[str, Any]:
        """The observation of ``seat`` (see the module docstring)."""
        key = (id(table), table.version)
        if key != self._key:
            self._key = key
            self._cache.clear()
        decision = table.decision
        acting = decision is not None and decision.seat == seat
        if acting:
            assert decision is not None
            mask = decision.mask(table.prefix)
        else:
            mask = np.zeros(self.layout.size, dtype=np.int8)
        cached = self._cache.get(seat)
        if cached is None:
            cached = self._cache[seat] = self._form(
                self.planes(table, seat, acting), self.vector(table, seat, acting))
        if isinstance(cached, tuple):
            flat = None
            planes, vector = cached[0].copy(), cached[1].copy()
        else:
            flat = cached.copy()
            planes, vector = self.split(flat)
        if acting and table.prefix:
            self._chosen(table, planes, vector)
        if acting:
            vector[VECTOR_START["phase"] + PHASES.index("place")] = 0
            vector[VECTOR_START["phase"] + PHASES.index(self._phase(table))] = 1
        if flat is not None:
            return {"observation": flat, "action_mask": mask}
        return {"observation": {"planes": planes, "vector": vector}, "action_mask": mask}

    def _form(self, planes: np.ndarray, vector: np.ndarray,
              ) -> np.ndarray | tuple[np.ndarray, np.ndarray]:
        """The planes (built ``(C, W, W)``) and vector in this observer's
        form: apart, or flat as one float32 array."""
        if self.channels == "last":
            planes = planes.transpose(1, 2, 0)
        if not self.flat:
            return np.ascontiguousarray(planes), vector
        out = np.empty(self.planes_size + VECTOR_SIZE, dtype=np.float32)
        out[:self.planes_size].reshape(self.planes_shape)[...] = planes
        out[self.planes_size:] = vector
        return out

    def split(self, observation: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """A flat observation's planes (shaped as ``channels`` says) and
        vector: views of it, nothing copied."""
        observation = np.asarray(observation)
        if observation.shape != (self.planes_size + VECTOR_SIZE,):
            raise ValueError(f"a flat observation has {self.planes_size + VECTOR_SIZE} values, "
                             f"not shape {observation.shape}")
        return (observation[:self.planes_size].reshape(self.planes_shape),
                observation[self.planes_size:])

    def _cell(self, plane: int, dy: int, dx: int) -> tuple[int, int, int]:
        """Where plane ``plane``, row ``dy``, column ``dx`` sits in this form's planes."""
        return (plane, dy, dx) if self.channels == "first" else (dy, dx, plane)

    # -- planes ---------------------------------------------------------------------

    def planes(self, table: Table, seat: int, acting: bool) -> np.ndarray:
        """The planes of ``seat`` at the start of the current decision."""
        layout, game = self.layout, table.game
        w = layout.window
        ox, oy = table.origin
        out = np.zeros((len(PLANES), w, w), dtype=np.uint8)
        out[:len(STATIC_PLANES) + 1] = table.squares.window((ox, oy), w)
        n = len(game.players)
        base, on = _P["figure_0_meeple"], _P["figure_on_city"]
        kinds = len(FIGURE_KINDS)
        for fig in game.figures():
            dx, dy = fig["at"][0] - ox, fig["at"][1] - oy
            if 0 <= dx < w and 0 <= dy < w:
                rel = (fig["player"] - seat) % n
                out[base + rel * kinds + _KIND[fig["figure"]], dy, dx] += 1
                out[on + _FEATURE[fig["feature"]], dy, dx] += 1
        decision = table.decision
        if acting and decision is not None:
            first = decision.mask(())[:layout.place_count]
            legal = first.reshape(HAND_SLOTS, w, w, QUARTERS).transpose(0, 3, 1, 2)
            start = _P["legal_0_0"]
            out[start:start + HAND_SLOTS * QUARTERS] = legal.reshape(
                HAND_SLOTS * QUARTERS, w, w)
        return out

    # -- vector -----------------------------------------------------------------------

    def vector(self, table: Table, seat: int, acting: bool) -> np.ndarray:
        """The vector of ``seat`` at the start of the current decision (its
        phase block says ``place`` for a placement or ``wait``)."""
        game = table.game
        v = np.zeros(VECTOR_SIZE, dtype=np.float32)
        s = VECTOR_START
        n = len(game.players)
        order = [(seat + r) % n for r in range(n)]
        v[s["seats"]:s["seats"] + n] = 1
        current = game.current_player
        if current is not None:
            v[s["current"] + (current - seat) % n] = 1
        v[s["acting"]] = acting
        v[s["phase"] + PHASES.index("place" if acting else "wait")] = 1
        v[s["extra_turn"]] = game.extra_turn
        scores = game.scores
        kinds = len(FIGURE_KINDS)
        for r, p in enumerate(order):
            v[s["scores"] + r] = scores[p]
            for name, count in game.supply(p).items():
                v[s["supply"] + r * kinds + _KIND[name]] = count
            for name, count in game.goods(p).items():
                v[s["goods"] + r * len(GOODS) + GOODS.index(name)] = count
            v[s["hand_sizes"] + r] = len(game.hand(p))
        v[s["stack_size"]] = game.stack_size
        options = game.options
        hidden = options.hand > 1 and not options.hands_public
        for tile, count in game.tiles_left().items():
            v[s["unseen"] + _TILE_INDEX[tile]] = count
        if hidden:
            for tile in game.hand(seat):
                v[s["unseen"] + _TILE_INDEX[tile]] -= 1
        for name in game.sets:
            v[s["sets"] + SET_NAMES.index(name)] = 1
        for i, (name, (default, _, _)) in enumerate(OPTION_SPECS.items()):
            v[s["options"] + i] = getattr(options, name) != default
        shown = game.tiles_to_place if acting or not hidden else game.hand(seat)
        tiles = len(TILE_IDS)
        for slot, tile in enumerate(shown[:HAND_SLOTS]):
            if tile in PIECES:
                v[s["piece"] + _WONDER_INDEX[tile]] = 1
                continue
            v[s["to_place"] + slot * tiles + _TILE_INDEX[tile]] = 1
            start = s["to_place_edges"] + slot * _EDGE_LENGTH
            v[start:start + _EDGE_LENGTH] = _EDGES[tile]
        decision = table.decision
        if (decision is not None and isinstance(decision.legal, ChoiceMoves)
                and game.tiles_to_place and game.tiles_to_place[0] not in PIECES):
            v[s["helper"]] = 1  # WON-PLACE-3: a land tile that makes room for a wonder
        state = game.state.get("wonders")
        if state is not None:
            for wonder in state["laid_out"]:
                v[s["wonders_laid_out"] + _WONDER_INDEX[wonder]] = 1
            for wonder in state["available"]:
                v[s["wonders_available"] + _WONDER_INDEX[wonder]] = 1
            count = len(WONDER_IDS)
            for r, p in enumerate(order):
                if state["owner"][p] is not None:
                    v[s["wonder_owner"] + r * count + _WONDER_INDEX[state["owner"][p]]] = 1
                if state["held"][p] is not None:
                    v[s["wonder_held"] + r * count + _WONDER_INDEX[state["held"][p]]] = 1
                v[s["wonder_pairs"] + r] = state["pairs"][p] or 0
        return v

    @staticmethod
    def _phase(table: Table) -> str:
        """The acting seat's phase: placing, choosing figures, or a decision."""
        decision = table.decision
        assert decision is not None
        if table.prefix:
            return "figure"
        first = next(iter(decision.roots.values()))
        if isinstance(first, TakeWonder):
            return "take"
        if isinstance(first, AwardWonder):
            return "award"
        return "place"

    def _chosen(self, table: Table, planes: np.ndarray, v: np.ndarray) -> None:
        """Write the placement (and first figure) chosen so far."""
        prefix, layout = table.prefix, self.layout
        if prefix[0] >= layout.place_count:
            return
        s = VECTOR_START
        _, slot, dx, dy, quarter = layout.describe(prefix[0])
        planes[self._cell(_P["chosen"], int(dy), int(dx))] = 1
        start = s["chosen"]
        v[start + int(slot)] = 1
        v[start + HAND_SLOTS] = int(dx) / layout.window
        v[start + HAND_SLOTS + 1] = int(dy) / layout.window
        v[start + HAND_SLOTS + 2 + int(quarter)] = 1
        if len(prefix) > 1:
            _, kind, square, spot = layout.describe(prefix[1])
            start = s["chosen_figure"]
            v[start + _KIND[str(kind)]] = 1
            v[start + len(FIGURE_KINDS) + int(square)] = 1
            v[start + len(FIGURE_KINDS) + PIECE_SQUARES + SPOTS.index(str(spot))] = 1
