"""What a ``python_carcassonne`` state knows: its chance and its decisions.

A :class:`StatePosition` holds the stack as a decided prefix and a sorted,
undecided rest, the engine game of the current position, the move waiting
for its draws and the action tree of the current decision (see
:mod:`carcassonne.openspiel.game`, which explains the chance nodes). The
state (:class:`~carcassonne.openspiel.game.CarcassonneState`) drives it;
the observer (:mod:`carcassonne.openspiel.observer`) reads it.
"""

from __future__ import annotations

import itertools
from collections import Counter
from typing import Any

from carcassonne.engine.chance import draw_outcomes, play_drawing
from carcassonne.engine.game import Game
from carcassonne.engine.moves import AnyMove, Move
from carcassonne.engine.setup import stack_parts, tile_index
from carcassonne.env.actions import Decision, IllegalAction, piece_squares
from carcassonne.env.layout import WONDER_IDS, ActionLayout
from carcassonne.openspiel.params import Config
from carcassonne.tiles import TILE_LIST
from carcassonne.tiles.pieces import PIECES

#: The dragon-symbol tiles (``PD-1``), by catalogue index.
DRAGON_TILES = frozenset(t.index for t in TILE_LIST if t.data.get("dragon"))


def held_back(game: Game) -> frozenset[int]:
    """The tiles ``game`` may not draw now: the dragon-symbol tiles while
    the dragon is off the board (``PD-SETUP-2``; it never leaves once on, so
    a move's draws see what the position after it shows)."""
    state = game.state.get("princess_dragon")
    if state is None or state.get("dragon") is not None:
        return frozenset()
    return DRAGON_TILES


#: Chance outcomes ``0 .. TILE_OUTCOMES - 1`` draw the land tile of that
#: catalogue index (``carcassonne.tiles.TILE_LIST``, the order of the
#: observation's ``unseen`` block).
TILE_OUTCOMES = len(TILE_LIST)
#: Chance outcome ``WONDER_BASE + mask`` lays out the wonders whose bits are
#: set in ``mask`` (bit ``k``: ``WONDER_IDS[k]``, the sorted ids).
WONDER_BASE = TILE_OUTCOMES
MAX_CHANCE_OUTCOMES = WONDER_BASE + 2 ** len(WONDER_IDS)

#: Positions get a number no other position of the process has: what the
#: observers' caches key on.
_numbers = itertools.count(1)


def new_number() -> int:
    """A position number no other position of the process has."""
    return next(_numbers)


class StatePosition:
    """What a state knows, apart from OpenSpiel's own bookkeeping.

    Copied shallowly when OpenSpiel clones a state (it deep-copies the
    state's attributes): the engine games in it are never changed once made
    (a move is played on a copy), the stack order is never changed in place,
    and the action tree only caches, so clones share them all.
    """

    def __init__(self, config: Config, layout: ActionLayout, order: tuple[int, ...]) -> None:
        self.config = config
        self.layout = layout
        #: The stack as engine tile indexes: ``order[:fixed]`` drawn by chance
        #: outcomes in that order, the rest undecided and sorted.
        self.order: list[int] = list(order)
        self.fixed = 0
        #: Where each part of the stack ends (``RIVER-SETUP-2``: the River's
        #: course and lake come first, each drawn in its own order).
        self.ends: tuple[int, ...] = (*stack_parts(config.sets), len(order))
        #: The wonders laid out (None while a chance node still draws them).
        self.wonders: tuple[str, ...] | None = (
            config.wonders if "wonders" in config.sets else ())
        #: The engine game of the current position (None until the deal is done).
        self.game: Game | None = None
        #: A complete move waiting for the tiles it makes the engine draw.
        self.pending: AnyMove | None = None
        #: What the chance node draws: "tile", "wonders" or None (no chance node).
        self.chance: str | None = None
        #: At a tile's chance node, the tiles held back (:func:`held_back`).
        self.held: frozenset[int] = frozenset()
        #: At the chance node of a move's draw: what the engine offers, by
        #: tile index (None at the deal of a new game: :meth:`drawable`).
        self.offered: dict[int, float] | None = None
        self.prefix: tuple[int, ...] = ()
        self._decision: Decision | None = None
        #: Bounding box of the placed squares: (min x, min y, max x, max y).
        self.box = (0, 0, 0, 0)
        #: This position's number, and the views the observers read (by kind).
        self.number = new_number()
        self.views: dict[str, Any] = {}

    def __deepcopy__(self, memo: dict[int, Any]) -> StatePosition:
        other = StatePosition.__new__(StatePosition)
        other.__dict__.update(self.__dict__)
        return other

    def __getstate__(self) -> dict[str, Any]:
        """Pickled without its caches (the action tree holds the engine's
        lazy move lists, which do not pickle; they are built again)."""
        return {**self.__dict__, "_decision": None, "views": {}}

    # -- the current decision ---------------------------------------------------------

    @property
    def origin(self) -> tuple[int, int]:
        """The board square at window column 0, row 0: the window centred on
        the bounding box of the placed squares, as in the environments."""
        x0, y0, x1, y1 = self.box
        w = self.layout.window
        return (x0 + x1) // 2 - w // 2, (y0 + y1) // 2 - w // 2

    @property
    def decision(self) -> Decision | None:
        """The action tree of the current decision (None at chance and
        terminal nodes)."""
        game = self.game
        if self.chance is not None or game is None or game.is_over:
            return None
        if self._decision is None:
            self._decision = Decision(game, self.layout, self.origin)
        return self._decision

    # -- chance -----------------------------------------------------------------------

    def drawn(self, game: Game) -> int:
        """How many stack positions ``game`` has drawn so far."""
        return len(self.order) - game.stack_size

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.chance == "wonders":
            size = self.config.players
            subsets = list(itertools.combinations(range(len(WONDER_IDS)), size))
            p = 1.0 / len(subsets)
            return sorted((WONDER_BASE + sum(1 << k for k in ks), p) for ks in subsets)
        if self.offered is not None:
            return sorted(self.offered.items())
        rest = self.drawable()
        total = sum(rest.values())
        return [(tile, count / total) for tile, count in sorted(rest.items())]

    def drawable(self) -> Counter[int]:
        """The tiles the next draw may take, by count: those of the part of
        the stack being drawn (``RIVER-SETUP-2``) but the dragon-symbol
        tiles held back while the dragon is off the board (``PD-SETUP-2``,
        ``PD-REC``), unless only those are left."""
        end = self.part_end()
        rest = Counter(self.order[self.fixed:end])
        held = self.held
        if held:
            kept = Counter({t: c for t, c in rest.items() if t not in held})
            if kept:
                return kept
        return rest

    def part_end(self) -> int:
        """Where the part of the stack the next draw comes from ends."""
        return next((end for end in self.ends if self.fixed < end), len(self.order))

    def apply_chance(self, outcome: int) -> None:
        if self.chance == "wonders":
            mask = outcome - WONDER_BASE
            ok = (0 <= mask < 2 ** len(WONDER_IDS)
                  and bin(mask).count("1") == self.config.players)
            if not ok:
                raise ValueError(f"chance outcome {outcome} is not a layout of "
                                 f"{self.config.players} wonders")
            chosen = {WONDER_IDS[k] for k in range(len(WONDER_IDS)) if mask >> k & 1}
            self.wonders = tuple(w for w in PIECES if w in chosen)  # the engine's order
        else:
            end = self.part_end()
            rest = self.order[self.fixed:end]
            allowed = self.offered if self.offered is not None else self.drawable()
            if outcome not in allowed:
                left = ", ".join(f"{t} {TILE_LIST[t].id}" for t in sorted(allowed))
                raise ValueError(f"chance outcome {outcome} is not a tile left in the stack "
                                 f"(outcomes left: {left})")
            j = rest.index(outcome)
            self.order = [*self.order[:self.fixed], outcome, *rest[:j], *rest[j + 1:],
                          *self.order[end:]]
            self.fixed += 1
            self.offered = None
        self.settle()

    def settle(self) -> None:
        """Go on until the next chance or decision node (see the module
        docstring): set the game up, or play the pending move, on copies,
        until they draw only decided tiles."""
        config = self.config
        if self.game is None:
            if self.wonders is None:
                self.chance = "wonders"
                return
            game = Game.new(players=config.players, sets=config.sets, options=config.options,
                            seed=0, stack=[TILE_LIST[t].id for t in self.order],
                            wonders=list(self.wonders) if "wonders" in config.sets else None)
            game.undoable = False
        else:
            assert self.pending is not None
            # the move's draws chance decided so far (each one an outcome
            # the engine offered, checked as it was applied): does the
            # move draw more? (the engine's public chance API, which sees
            # the board as the move leaves it: a volcano's dragon, PD-REC)
            decided = [TILE_LIST[t].id for t in self.order[self.drawn(self.game):self.fixed]]
            offered = draw_outcomes(self.game, self.pending, decided, checked=False)
            if offered:
                self.chance = "tile"
                self.offered = {tile_index(tile): p for tile, p in offered}
                return
            game = self.game.copy()
            play_drawing(game, self.pending, decided, checked=False)
            self._enter(game)
            return
        if self.drawn(game) > self.fixed:  # the deal of a new game
            self.chance = "tile"
            self.held = held_back(game)
            return
        self._enter(game)

    def _enter(self, game: Game) -> None:
        """``game`` is the new position."""
        assert self.drawn(game) == self.fixed, "a decided tile was not drawn"
        old = self.game.moves if self.game is not None else ()
        x0, y0, x1, y1 = self.box
        for move in game.moves[len(old):]:
            if not isinstance(move, Move):
                continue  # a wonder decision places nothing
            squares = (piece_squares(move.tile, move.at, move.rotation)
                       if move.tile in PIECES else [move.at])
            for x, y in squares:
                x0, y0, x1, y1 = min(x0, x), min(y0, y), max(x1, x), max(y1, y)
        self.box = (x0, y0, x1, y1)
        # (its stack is self.order: what is drawn, then the rest sorted, not
        # drawn yet; so ``game.to_record()`` replays this game)
        self.game = game
        self.pending = None
        self.chance = None
        self.prefix = ()
        self._decision = None
        self.number = new_number()
        self.views = {}

    def deal_again(self, game: Game, order: list[int]) -> None:
        """Become the same position with what a seat cannot see dealt again:
        ``game`` (its hidden hands dealt again, its undrawn rest sorted) and
        ``order``, the stack it now holds."""
        self.order = order
        self.game = game
        self._decision = None
        self.number = new_number()
        self.views = {}

    # -- decisions --------------------------------------------------------------------

    def apply_decision(self, action: int) -> None:
        decision = self.decision
        if decision is None:
            raise IllegalAction(f"action {action}: the game is over, no action is allowed")
        prefix, move = decision.advance(self.prefix, action)
        if move is None:
            self.prefix = prefix
            return
        self.prefix = ()
        self.pending = move
        self.settle()
