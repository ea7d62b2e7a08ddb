"""A seat's public counts written into an observation vector."""

from __future__ import annotations

from array import array
from collections.abc import Callable
from typing import Any, Final

from carcassonne.encoding.decision import Decision
from carcassonne.encoding.markers import dragon_markers
from carcassonne.engine.game import Game
from carcassonne.engine.position import Position
from carcassonne.tiles import TILE_LIST
from carcassonne.tiles.pieces import PIECES

#: How many runs of shown tiles :func:`seat_vector` keeps before it starts again.
RUNS_KEPT: Final = 4096


class Slots:
    """Where the blocks of a vector start (the first slot of each), and
    the order of figure kinds and goods within their blocks. Blocks with one
    slot per seat are relative to the observer: its own first."""

    def __init__(self, *, current: int, extra: int, scores: int, supply: int, goods: int,
                 hand_sizes: int, stack: int, unseen: int, kinds: dict[str, int],
                 goods_order: dict[str, int], wonders: dict[str, int] | None = None,
                 laid_out: int = 0, available: int = 0, owner: int = 0, held: int = 0,
                 pairs: int = 0, acting: int = 0, placing: int = 0, waiting: int = 0,
                 shown: int = 0, shown_tiles: int = 0, helper: int = 0, markers: int = -1,
                 holding: int = -1) -> None:
        self.current, self.extra, self.scores = current, extra, scores
        self.supply, self.goods, self.hand_sizes = supply, goods, hand_sizes
        self.stack, self.unseen = stack, unseen
        self.kinds, self.goods_order = kinds, goods_order
        #: The order of the wonders in their blocks (none: the wonders'
        #: blocks are not written).
        self.wonders = wonders
        self.laid_out, self.available, self.owner, self.held = laid_out, available, owner, held
        self.pairs = pairs
        #: :func:`seat_vector`'s slots: the acting flag, the ``place`` and
        #: ``wait`` phases, the start of the tiles shown and how many tiles it
        #: shows at most, the helper tile's flag.
        self.acting, self.placing, self.waiting = acting, placing, waiting
        self.shown, self.shown_tiles, self.helper = shown, shown_tiles, helper
        #: The Princess & the Dragon's slots (dragon on the board, fairy on
        #: the board, the flight's steps left) and the tiles each seat holds
        #: (a slot per tile type per seat); -1: not written.
        self.markers, self.holding = markers, holding


def hands_hidden(game: Game) -> bool:
    """Whether the tiles a player holds are theirs alone to see: a 3-tile
    hand (``VAR-HAND-1``) or a tile drawn ahead (``VAR-AHEAD-4``) with
    ``hands_public`` false, while hands are held (not in the River's phase,
    ``RIVER-SETUP-3``)."""
    return game.position().hidden_hands()


class UnseenTiles:
    """How many of each tile are left to draw, kept as float32 slots for
    the vector's ``unseen`` block and brought up to date draw by draw
    (a tile or two a move, where the block has a slot per tile of every
    set)::

        >>> from carcassonne import Game
        >>> game = Game.new(players=2, seed=1)
        >>> left = UnseenTiles()
        >>> list(left.block(game)) == [float(n) for n in game.position().unseen_counts(0)]
        True
        >>> game.play(game.legal_moves().placements()[0])
        >>> list(left.block(game)) == [float(n) for n in game.position().unseen_counts(0)]
        True
    """

    def __init__(self) -> None:
        self._position: Position | None = None
        self._deal = 0
        self._draw = 0
        self._block = array("f")
        self._floats: Any = memoryview(self._block)

    def block(self, game: Game) -> array[float]:
        """Per tile index, how many are left in ``game``'s stack (read-only:
        changed by the next call)."""
        position = game.position()
        deal, draw = position.deal, position.draw_count
        floats = self._floats
        if position is not self._position or deal != self._deal or draw < self._draw:
            floats.release()
            self._block = array("f", bytes(4 * len(TILE_LIST)))
            floats = self._floats = memoryview(self._block)
            counts = position.undrawn_counts()
            for tile in range(len(counts)):
                if counts[tile]:
                    floats[tile] = float(counts[tile])
            self._position, self._deal = position, deal
        else:
            for tile in position.drawn_since(self._draw):
                floats[tile] -= 1.0
        self._draw = draw
        return self._block


def seat_counts(game: Game, seat: int, slots: Slots, out: Any,
                left: UnseenTiles | None = None) -> None:
    """Write into ``out`` (an ``array("f")``, or a memoryview of one: its
    writes cost half as much) what ``seat`` may know of the counts of ``game``:

    * ``current``: 1 at the seat to move, relative to ``seat`` (none once over);
    * ``extra``: 1 in a builder's second turn part;
    * per seat from ``seat`` on: score, figures in supply (a slot per kind
      in ``kinds``), goods held (``goods_order``), tiles in hand;
    * ``stack``: tiles left to draw;
    * ``unseen`` + tile index: how many of that tile ``seat`` has not seen
      (the rest of the stack, and other players' hidden hands; with
      ``left``, the stack's counts are kept there from call to call);
    * the wonders' blocks, if ``slots.wonders`` orders them and the game has
      wonders: laid out, available, and per seat the wonder owned and held
      and the pairs;
    * ``markers``: 1 if the dragon is on the board, 1 if the fairy is, the
      steps the flight under way has left (``PD-DRAGON-TILE``);
    * ``holding`` + relative seat x tiles + tile index: the tiles each seat
      holds, the observer's own always, the others' only where hands are
      public (``VAR-AHEAD-4``, ``VAR-HAND-1``).

    Other slots are left as they are (zero in a fresh vector). One call, no
    dictionaries made::

        >>> from array import array
        >>> from carcassonne import Game
        >>> game = Game.new(players=2, seed=1)
        >>> slots = Slots(current=0, extra=2, scores=3, supply=5, goods=20, hand_sizes=30,
        ...               stack=32, unseen=33, kinds={"meeple": 0}, goods_order={})
        >>> out = array("f", bytes(4 * 200))
        >>> seat_counts(game, 1, slots, out)
        >>> out[1], out[32]
        (1.0, 70.0)
    """
    players = len(game.players)
    position = game.position()
    if not position.over:
        out[slots.current + (position.current - seat) % players] = 1.0
        if position.part == 1:
            out[slots.extra] = 1.0
    kinds, width = slots.kinds, len(slots.kinds)
    trade = game.state.get("traders_builders")
    goods_order, goods_width = slots.goods_order, len(slots.goods_order)
    hands = position.hands
    for r in range(players):
        p = (seat + r) % players
        out[slots.scores + r] = float(position.scores[p])
        at = slots.supply + r * width
        for name, count in position.supply[p].items():
            out[at + kinds[name]] = float(count)
        if trade:
            at = slots.goods + r * goods_width
            for name, count in trade["goods"][p].items():
                out[at + goods_order[name]] = float(count)
        out[slots.hand_sizes + r] = float(len(hands[p]))
    out[slots.stack] = float(position.stack_size)
    unseen = slots.unseen
    hidden = hands_hidden(game)
    if slots.holding >= 0:
        tiles = len(TILE_LIST)
        for r in range(players):
            if r and hidden:
                continue
            at = slots.holding + r * tiles
            for tile in hands[(seat + r) % players]:
                out[at + tile] += 1.0
    if slots.markers >= 0 and "princess_dragon" in game.sets:
        markers = dragon_markers(game)
        if markers.dragon is not None:
            out[slots.markers] = 1.0
        if markers.fairy is not None:
            out[slots.markers + 1] = 1.0
        out[slots.markers + 2] = float(markers.steps_left)
    if left is not None and not hidden:  # (only the stack is unseen: kept draw by draw)
        block = left.block(game)
        out[unseen:unseen + len(block)] = block
    else:
        counts = position.unseen_counts(seat)
        for tile in range(len(counts)):
            count = counts[tile]
            if count:
                out[unseen + tile] = float(count)
    wonders = slots.wonders
    state = game.state.get("wonders")
    if state is not None and wonders is not None:
        _wonder_counts(state, seat, players, slots, wonders, out)


def _wonder_counts(state: dict[str, Any], seat: int, players: int, slots: Slots,
                   wonders: dict[str, int], out: Any) -> None:
    """The Wonders of Humanity's public state (``WON-``): 1 per wonder laid
    out and per wonder available; per seat from ``seat`` on, 1 at the
    wonder it owns and at the one it holds, and its pairs."""
    for wonder in state["laid_out"]:
        out[slots.laid_out + wonders[wonder]] = 1.0
    for wonder in state["available"]:
        out[slots.available + wonders[wonder]] = 1.0
    count = len(wonders)
    owner, held, pairs = state["owner"], state["held"], state["pairs"]
    for r in range(players):
        p = (seat + r) % players
        if owner[p] is not None:
            out[slots.owner + r * count + wonders[owner[p]]] = 1.0
        if held[p] is not None:
            out[slots.held + r * count + wonders[held[p]]] = 1.0
        out[slots.pairs + r] = float(pairs[p] or 0)


def seat_vector(game: Game, decision: Decision | None, seat: int, acting: bool,
                fixed: array[float], slots: Slots, runs: dict[tuple[str, ...], array[float]],
                make_run: Callable[[tuple[str, ...]], array[float]],
                left: UnseenTiles | None, out: Any) -> None:
    """Write into ``out`` (a memoryview of an ``array("f")`` as long as
    ``fixed``) the vector of ``seat`` at the start of the current decision:
    ``fixed`` (what is fixed for the game) with the seat's counts
    (:func:`seat_counts`), 1 at ``acting`` and ``placing`` for the seat to
    act (``waiting`` for the others), the run of the tiles it is shown from
    ``shown`` (the tiles to place; another seat's own hand where hands are
    hidden; ``runs`` keeps them per tuple of tile ids, read-only, made by
    ``make_run`` when first met) and 1 at ``helper`` when the
    tile to place is a land tile that makes room for a wonder
    (``WON-PLACE-3``)."""
    out[0:len(fixed)] = fixed
    seat_counts(game, seat, slots, out, left)
    if acting:
        out[slots.acting] = 1.0
        out[slots.placing] = 1.0
    else:
        out[slots.waiting] = 1.0
    to_place = game.tiles_to_place
    shown = to_place if acting or not hands_hidden(game) else game.hand(seat)
    if shown:
        key = shown[:slots.shown_tiles]
        run = runs.get(key)
        if run is None:
            if len(runs) >= RUNS_KEPT:  # (hands of every set: too many to keep all)
                runs.clear()
            run = runs[key] = make_run(key)
        out[slots.shown:slots.shown + len(run)] = run
    if (decision is not None and not decision.placing and decision.kind == "place" and to_place
            and to_place[0] not in PIECES):
        out[slots.helper] = 1.0
