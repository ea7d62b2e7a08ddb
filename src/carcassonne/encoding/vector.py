"""A seat's public counts written into an observation vector."""

from __future__ import annotations

from array import array
from typing import Any

from carcassonne.engine.game import Game


class Slots:
    """Where the blocks of a vector start (the first slot of each), and
    the order of figure kinds and goods within their blocks. Blocks with one
    slot per seat are relative to the observer: its own first."""

    def __init__(self, *, current: int, extra: int, scores: int, supply: int, goods: int,
                 hand_sizes: int, stack: int, unseen: int, kinds: dict[str, int],
                 goods_order: dict[str, int], wonders: dict[str, int] | None = None,
                 laid_out: int = 0, available: int = 0, owner: int = 0, held: int = 0,
                 pairs: int = 0) -> None:
        self.current, self.extra, self.scores = current, extra, scores
        self.supply, self.goods, self.hand_sizes = supply, goods, hand_sizes
        self.stack, self.unseen = stack, unseen
        self.kinds, self.goods_order = kinds, goods_order
        #: The order of the wonders in their blocks (none: the wonders'
        #: blocks are not written).
        self.wonders = wonders
        self.laid_out, self.available, self.owner, self.held = laid_out, available, owner, held
        self.pairs = pairs


def seat_counts(game: Game, seat: int, slots: Slots, out: array[float]) -> None:
    """Write into ``out`` what ``seat`` may know of the counts of ``game``:

    * ``current``: 1 at the seat to move, relative to ``seat`` (none once over);
    * ``extra``: 1 in a builder's second turn part;
    * per seat from ``seat`` on: score, figures in supply (a slot per kind
      in ``kinds``), goods held (``goods_order``), tiles in hand;
    * ``stack``: tiles left to draw;
    * ``unseen`` + tile index: how many of that tile ``seat`` has not seen
      (the rest of the stack, and other players' hidden hands);
    * the wonders' blocks, if ``slots.wonders`` orders them and the game has
      wonders: laid out, available, and per seat the wonder owned and held
      and the pairs.

    Other slots are left as they are (zero in a fresh vector). One call, no
    dictionaries or lists made::

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
    if not game._over:
        out[slots.current + (game._current - seat) % players] = 1.0
        if game._part == 1:
            out[slots.extra] = 1.0
    kinds, width = slots.kinds, len(slots.kinds)
    trade = game.state.get("traders_builders")
    goods_order, goods_width = slots.goods_order, len(slots.goods_order)
    hands = game._hands
    for r in range(players):
        p = (seat + r) % players
        out[slots.scores + r] = float(game._scores[p])
        at = slots.supply + r * width
        for name, count in game._supply[p].items():
            out[at + kinds[name]] = float(count)
        if trade:
            at = slots.goods + r * goods_width
            for name, count in trade["goods"][p].items():
                out[at + goods_order[name]] = float(count)
        out[slots.hand_sizes + r] = float(len(hands[p]))
    out[slots.stack] = float(len(game._stack) - game._draw)
    counts = game._unseen_counts(seat)
    unseen = slots.unseen
    for tile, count in enumerate(counts):
        if count:
            out[unseen + tile] = float(count)
    wonders = slots.wonders
    state = game.state.get("wonders")
    if state is not None and wonders is not None:
        _wonder_counts(state, seat, players, slots, wonders, out)


def _wonder_counts(state: dict[str, Any], seat: int, players: int, slots: Slots,
                   wonders: dict[str, int], out: array[float]) -> None:
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
