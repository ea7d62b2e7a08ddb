"""The Position: everything a move changes, and the named ways to change it.

A :class:`~carcassonne.engine.game.Game` is the public face of a game (setup,
legal moves, play, undo, records); its state lives in one ``Position``:
the board and its features, the figures standing on it, scores, supplies,
hands, whose turn it is, the expansions' state. The turn machine
(:mod:`carcassonne.engine.turns`) changes a position only through its named
operations, each of them undone by :meth:`Position.restore`:

* :meth:`~Position.place_tile` lays a tile (or one square of a piece);
* :meth:`~Position.put_figure` stands a figure from a supply,
  :meth:`~Position.return_figures` sends a completed feature's figures home,
  :meth:`~Position.remove_figure` one figure (the dragon, the princess);
* :meth:`~Position.award` pays a score event;
* :meth:`~Position.change_supply` adds to or takes from a supply (a wonder
  brings a meeple);
* :meth:`~Position.close_square` closes an empty square for good (the
  River's open end once its lake is removed);
* :meth:`~Position.draw_placeable`, :meth:`~Position.draw_tile`,
  :meth:`~Position.discard` and :meth:`~Position.refill` take tiles from
  the stack.

Expansion hooks receive it typed as the narrower
:class:`~carcassonne.engine.expansions.base.PositionView`. ``game.position()``
hands it to fast readers (the encodings): read it, change it only by playing
moves. The order of the tiles still to be drawn stays private here
(docs/rules.md: the stack is face down): the chance section below deals it
again, fixes the next draws or lists their outcomes without showing it.

Before each move :meth:`Position.save` keeps an
:class:`~carcassonne.engine.undo.UndoFrame`, with named fields, of what
:meth:`Position.restore` needs to take the move back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from carcassonne.engine.board import Board
from carcassonne.engine.events import ScoreEvent
from carcassonne.engine.expansions.base import PositionView
from carcassonne.engine.features import Features, cloister
from carcassonne.engine.moves import AnyMove, Move
from carcassonne.engine.options import Options
from carcassonne.engine.setup import stack_parts
from carcassonne.engine.undo import UndoFrame
from carcassonne.tiles import START_TILE, TILE_LIST, TILES, Turned
from carcassonne.tiles.geometry import RING

if TYPE_CHECKING:
    from carcassonne.engine.events import Award
    from carcassonne.engine.expansions.base import Expansion

#: Followers each player starts with (``SETUP-2``).
MEEPLES: Final = 7
#: A square and the eight around it: the monasteries a tile may complete.
AROUND: Final[tuple[int, ...]] = (0, *RING)

#: A move known legal in one position (see :meth:`Position.remember_legal`):
#: (version, the move, tile, square, turned tile, [(segment, figure)]).
Known = tuple[int, Move, int, int, Turned, list[tuple[int, str]]]


class Position(PositionView):
    """The state of one game that moves change; see the module docstring.

    What never changes during a game (players, sets, options, the
    expansions and the figures' strengths) is kept here too, shared by
    copies, so that rules code needs only the position."""

    __slots__ = ("_dealt_again", "_draw", "_stack", "actors", "deal", "deciders", "discards",
                 "drawers", "events", "expansions", "farmers", "figure_journal", "frames",
                 "hand_size", "hands", "head", "history", "holding", "known", "monasteries",
                 "movers", "n", "near_monastery", "options", "part", "parts", "piece_givers",
                 "placers", "resume", "sets", "undoable", "version", "view_parts")

    def __init__(self, players: tuple[str, ...], sets: tuple[str, ...], options: Options,
                 stack: list[str], expansions: tuple[Expansion, ...],
                 setup: dict[str, Any], *, copy_of: Position | None = None) -> None:
        if copy_of is not None:  # copy() (compiled, __new__ would run __init__)
            self._copy_from(copy_of)
            return
        self.players, self.sets, self.options = players, sets, options
        n = self.n = len(players)
        #: The options read on every move, kept as plain fields.
        self.hand_size: int = options.hand
        #: Whether players hold their tiles between turns: the hand variant
        #: or ``draw_ahead`` (a hand of one, ``VAR-AHEAD-1``).
        self.holding: bool = options.hand > 1 or options.draw_ahead
        self.farmers: bool = options.farmers
        #: The draw order, first drawn first, and how many are drawn: private.
        self._stack: list[int] = [TILES[t].index for t in stack]
        self._draw = 0
        #: Where the stack's head parts end (the River's course, then its
        #: lake: ``RIVER-SETUP-2``), each drawn in its own order before the
        #: rest; ``head`` is where the rest begins (0 without a head).
        self.parts: tuple[int, ...] = stack_parts(sets)
        self.head: int = self.parts[-1] if self.parts else 0
        #: Whether hidden hands were dealt again (draws.deal_again).
        self._dealt_again = False
        #: Counts the changes of the undrawn rest's order (fixed, sorted,
        #: dealt again): a reader that keeps counts of it starts again.
        self.deal = 0
        self.board = Board()
        self.features = Features()
        #: The figure on each node: (player, figure name).
        self.figures: dict[int, tuple[int, str]] = {}
        #: (node, figure before) per figure change, for undo.
        self.figure_journal: list[tuple[int, tuple[int, str] | None]] = []
        #: The monastery or garden node of each square holding one.
        self.monasteries: dict[int, int] = {}
        #: For each square, the monastery (and garden) squares whose ring (or
        #: own square) it is: what a tile placed there may complete.
        self.near_monastery: dict[int, tuple[int, ...]] = {}
        self.expansions = expansions
        #: Expansions that hand out pieces or ask for decisions.
        self.piece_givers: tuple[Expansion, ...] = tuple(
            e for e in expansions if e.gives_pieces())
        self.deciders: tuple[Expansion, ...] = tuple(e for e in expansions if e.decides())
        self.actors: tuple[Expansion, ...] = tuple(e for e in expansions if e.acts())
        self.placers: tuple[Expansion, ...] = tuple(e for e in expansions if e.places())
        self.drawers: tuple[Expansion, ...] = tuple(e for e in expansions if e.orders_draws())
        figures = {"meeple": (MEEPLES, 1)}  # SETUP-2
        for expansion in expansions:
            figures.update(expansion.figures())
        #: Majority strength of each figure: above 0 a follower, 0 a special figure.
        self.strength: dict[str, int] = {name: s for name, (_, s) in figures.items()}
        self.scores: list[int] = [0] * n
        #: Each player's figures in supply (a dict replaced, never changed in place).
        self.supply: list[dict[str, int]] = [
            {name: count for name, (count, _) in figures.items()} for _ in range(n)]
        #: Per-game state of the expansions, by set name.
        self.state: dict[str, Any] = {e.set_name: e.new_state(n, setup) for e in expansions}
        #: 0 in a turn's first part, 1 in a builder's second part (``TB-BUILD-3``).
        self.part = 0
        self.events: list[ScoreEvent] = []
        #: Tiles removed as unplaceable: (before move, seat, tile id).
        self.discards: list[tuple[int, int, str]] = []
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.current = 0
        #: What the current decision is when it is not a tile from the hand:
        #: ("piece", id, spots), ("helper", tile, piece id, spots) or
        #: ("decide", expansion, seat, choices). None for a tile.
        self.mode: tuple[Any, ...] | None = None
        #: While decisions are pending: (active player, second part due, piece to
        #: place next, square whose scoring waits or None) to go on with after.
        self.resume: tuple[int, bool, str | None, int | None] | None = None
        #: Turns begun so far (a builder's second part is the same turn).
        self.turn = 0
        self.over = False
        #: The moves played, and the seat that made each.
        self.history: list[AnyMove] = []
        self.movers: list[int] = []
        #: An undo frame per move, while moves keep what undo needs.
        self.frames: list[UndoFrame] = []
        self.undoable = True
        #: A move known legal here (see :meth:`remember_legal`), or None.
        self.known: Known | None = None
        #: Changes with every move (and every change of the draws): lists of
        #: legal moves check it to refuse being used on another position.
        self.version = 0
        #: The parts of views that only grow as moves are played, built once
        #: (view.py's ``ViewParts``); None until a view is asked.
        self.view_parts: Any = None
        # SETUP-1: the start tile, unrotated, at 0,0 (RIVER-SETUP-1: the spring).
        start = next((e.start_tile for e in expansions if e.start_tile), START_TILE)
        self.place_tile(0, TILES[start].turned[0])
        self.features.journal.clear()
        self.board.journal.clear()
        if self.holding and not self.head:  # RIVER-SETUP-3: after the River
            for p in range(n):  # VAR-HAND-1, VAR-AHEAD-1: dealt in seat order
                self.refill(p)

    def copy(self) -> Position:
        """An independent copy: what never changes during a game is shared,
        what changes is copied one level deep (the frames, journals and
        history hold values never changed in place)."""
        return Position(self.players, self.sets, self.options, [], self.expansions, {},
                        copy_of=self)

    def _copy_from(self, other: Position) -> None:
        """Become a copy of ``other`` (see :meth:`copy`)."""
        self.players, self.sets, self.options = other.players, other.sets, other.options
        self.n, self.hand_size, self.farmers = other.n, other.hand_size, other.farmers
        self.holding, self.parts, self.head = other.holding, other.parts, other.head
        self._stack, self._draw, self._dealt_again = other._stack, other._draw, other._dealt_again
        self.deal = other.deal
        self.board = other.board.copy()
        self.features = other.features.copy()
        self.figures = other.figures.copy()
        self.figure_journal = other.figure_journal.copy()
        self.monasteries = other.monasteries.copy()
        self.near_monastery = other.near_monastery.copy()
        self.expansions, self.strength = other.expansions, other.strength
        self.piece_givers, self.deciders = other.piece_givers, other.deciders
        self.actors, self.placers, self.drawers = other.actors, other.placers, other.drawers
        self.scores = other.scores.copy()
        self.supply = other.supply.copy()  # its dicts are never changed in place
        self.state = other.copy_state()
        self.part, self.current, self.turn = other.part, other.current, other.turn
        self.events = other.events.copy()
        self.discards = other.discards.copy()
        self.hands = [h.copy() for h in other.hands]
        self.mode, self.resume, self.over = other.mode, other.resume, other.over
        self.history = other.history.copy()
        self.movers = other.movers.copy()
        self.frames = other.frames.copy()
        self.undoable = other.undoable
        self.known = None
        self.version = other.version
        parts = other.view_parts
        self.view_parts = None if parts is None else parts.copy()

    def copy_state(self, state: dict[str, Any] | None = None) -> dict[str, Any]:
        """A copy of the expansions' state (this position's, or ``state``)."""
        state = self.state if state is None else state
        return {e.set_name: e.copy_state(state[e.set_name]) for e in self.expansions}

    # -- named operations ----------------------------------------------------------

    def place_tile(self, pos: int, turned: Turned) -> int:
        """Lay ``turned`` on square ``pos``: its segments join the features
        around it. Returns the tile's first feature node."""
        features, board = self.features, self.board
        first = features.add_tile(pos, turned, board.tiles)
        board.place(pos, turned, first)
        one = cloister(turned)  # a monastery or a garden (ABBOT-SCORE)
        if one >= 0:
            self.monasteries[pos] = first + one
            near = self.near_monastery
            for d in AROUND:
                near[pos + d] = (*near.get(pos + d, ()), pos)
        return first

    def put_figure(self, node: int, player: int, figure: str) -> None:
        """Stand ``player``'s ``figure`` on ``node``, from their supply; a
        follower counts in its feature."""
        self.figures[node] = (player, figure)
        if self.undoable:
            self.figure_journal.append((node, None))
        self.change_supply(player, figure, -1)
        if self.strength[figure]:
            self.features.add_followers(node, 1)

    def return_figures(self, r: int) -> None:
        """Send every figure standing in feature ``r`` back to its owner's
        supply (``SCORE-4``)."""
        figs = self.figures
        for n in self.features.members[r]:
            if n in figs:
                self.remove_figure(n)

    def feature_scored(self, r: int, move: int | None, final: bool, award: Award) -> None:
        """Let every set add to feature ``r`` just scored (``PD-FAIRY-4``)."""
        for expansion in self.expansions:
            expansion.scored(self, r, move, final, award)

    def remove_figure(self, node: int) -> None:
        """Send the figure on ``node`` home (``SCORE-4``, ``PD-DRAGON-EAT``, ``PD-PRINCESS``)."""
        fig = self.figures.pop(node)
        if self.undoable:
            self.figure_journal.append((node, fig))
        self.change_supply(fig[0], fig[1], 1)
        if self.strength[fig[1]]:
            self.features.add_followers(node, -1)

    def change_supply(self, player: int, figure: str, change: int) -> None:
        """Add ``change`` to ``player``'s supply of ``figure``. A supply dict is
        replaced, never changed in place, so undo frames and copies share them."""
        old = self.supply[player]
        new = old.copy()
        new[figure] = old[figure] + change
        self.supply[player] = new

    def award(self, event: ScoreEvent) -> None:
        """Pay a score event."""
        self.events.append(event)
        self.scores[event.player] += event.points

    def close_square(self, pos: int, reason: str) -> None:
        """Make the empty square ``pos`` unusable for good (``RIVER-UNPLACEABLE``)."""
        self.board.close(pos, reason)

    # -- the stack ---------------------------------------------------------------------

    @property
    def stack_size(self) -> int:
        """How many tiles are left to draw (public)."""
        return len(self._stack) - self._draw

    @property
    def draw_count(self) -> int:
        """How many tiles were drawn from the stack so far (public)."""
        return self._draw

    def undrawn_counts(self) -> list[int]:
        """Per tile index, how many of it are left in the stack (what the
        chance of the next draws is made of; no order)."""
        counts = [0] * len(TILE_LIST)
        stack = self._stack
        for i in range(self._draw, len(stack)):
            counts[stack[i]] += 1
        return counts

    def drawn_since(self, count: int) -> list[int]:
        """The tiles drawn after the first ``count`` draws, as tile indexes,
        in drawing order: drawn already, so no secret of the stack (a reader
        that keeps :meth:`undrawn_counts` takes them off)."""
        return self._stack[count:self._draw]

    def draw_tile(self) -> int:
        """Take the next tile that may be drawn now (there must be one): the
        stack's next, unless an expansion holds tiles back (``PD-REC``)."""
        for expansion in self.drawers:
            self._stack = expansion.next_draws(self, self._stack, self._draw)
        tile = self._stack[self._draw]
        self._draw += 1
        return tile

    def can_place(self, tile: int) -> bool:
        """Whether ``tile`` fits anywhere (``PLACE-4``), by the board's edges
        or by the rules of the set that places it (``RIVER-UNPLACEABLE``)."""
        for expansion in self.placers:
            own = expansion.own_placements(self, tile)
            if own is not None:
                return bool(own)
        return self.board.can_place(tile)

    def draw_placeable(self, player: int, limit: int = -1) -> int | None:
        """Draw for ``player`` until a tile fits somewhere; the unplaceable
        ones are removed from the game (``PLACE-4``). None when the stack
        runs out (or its first ``limit`` tiles, when given)."""
        end = len(self._stack) if limit < 0 else limit
        while self._draw < end:
            tile = self.draw_tile()
            if self.can_place(tile):
                return tile
            self.discard(player, tile)
        return None

    def discard(self, player: int, tile: int) -> None:
        """Remove ``tile``, drawn by ``player``, from the game as unplaceable
        (``PLACE-4``)."""
        self.discards.append((len(self.history), player, TILE_LIST[tile].id))
        for expansion in self.placers:
            expansion.discarded(self, tile)

    def refill(self, player: int) -> None:
        """Fill ``player``'s hand up to its size from the stack (``VAR-HAND-2``)."""
        hand = self.hands[player]
        while len(hand) < self.hand_size and self._draw < len(self._stack):
            hand.append(self.draw_tile())

    # -- chance: the draw order, changed without being shown (see draws.py) -----------

    def holds(self) -> bool:
        """Whether players hold their tiles between turns now: the hand variant
        or ``draw_ahead``, once the hands are dealt (after the River's tiles,
        ``RIVER-SETUP-3``; a river tile drawn is shown, not held)."""
        return self.holding and (self._draw > self.head or not self.head)

    def hidden_hands(self) -> bool:
        """Whether the hands held now are hidden from the other players
        (``VAR-HAND-1``, ``VAR-AHEAD-4``: unless ``hands_public``)."""
        return not self.options.hands_public and self.holds()

    @property
    def dealt_again(self) -> bool:
        """Whether hidden hands were dealt again (:meth:`deal_again`)."""
        return self._dealt_again

    def record_stack(self) -> list[str]:
        """The whole draw order, first drawn first, for the record only
        (docs/formats.md): what no seat may read during the game."""
        return [TILE_LIST[t].id for t in self._stack]

    # -- undo -----------------------------------------------------------------------------

    def save(self, square: int | None) -> None:
        """Before a move: note who makes it and, unless the game keeps no
        undo, what :meth:`restore` needs to take it back."""
        self.movers.append(self.current)
        self.version += 1
        if self.undoable:
            features = self.features
            self.frames.append(UndoFrame(  # its fields in order
                self.current, self._draw, tuple(tuple(h) for h in self.hands),
                tuple(self.scores), tuple(self.supply), len(self.events),
                len(self.discards), self.over, len(features.root), len(features.journal),
                len(self.board.journal), len(self.figure_journal), square, self.part,
                self.copy_state() if self.expansions else self.state,
                self.mode, self.resume, self.turn, self._stack if self.drawers else None))

    def restore(self) -> AnyMove:
        """Take the last move back (there must be a frame); return it."""
        frame = self.frames.pop()
        self.movers.pop()
        self.mode, self.resume, self.turn = frame.mode, frame.resume, frame.turn
        features, figs = self.features, self.figures
        features.rollback(frame.feature_journal, frame.nodes)
        board = self.board
        while len(board.journal) > frame.board_journal:
            board.unplace()
        journal = self.figure_journal
        while len(journal) > frame.figure_journal:
            node, old = journal.pop()
            if old is None:
                del figs[node]
            else:
                figs[node] = old
        pos = frame.square
        if pos is not None and self.monasteries.pop(pos, None) is not None:
            near = self.near_monastery
            for d in AROUND:
                near[pos + d] = near[pos + d][:-1]
        self.current, self._draw, self.over, self.part = (frame.current, frame.draw,
                                                          frame.over, frame.part)
        if frame.stack is not None:  # the order as it was (PD-REC holds tiles back)
            self._stack = frame.stack
        self.state = self.copy_state(frame.state)  # the frame may be shared with a copy
        self.hands = [list(h) for h in frame.hands]
        self.scores = list(frame.scores)
        self.supply = list(frame.supply)
        del self.events[frame.events:]
        del self.discards[frame.discards:]
        self.version += 1
        self.view_parts = None  # built again at the next view
        return self.history.pop()

    def keep_undo(self, keep: bool) -> None:
        """Keep what undo needs from now on, or stop keeping it (and drop
        what was kept)."""
        self.undoable = keep
        # Only undo reads the journals: without it they are neither kept nor
        # written (a tentative change turns them on for its own span).
        self.features.keep = self.board.keep = keep
        if not keep:
            self.frames.clear()
            self.features.journal.clear()
            self.board.journal.clear()
            self.figure_journal.clear()

    def remember_legal(self, move: Move, tile: int, pos: int, turned: Turned,
                       figures: list[tuple[int, str]]) -> None:
        """Note that ``move``, resolved to ``tile`` on ``pos`` as ``turned``
        with ``figures`` ((segment, figure) pairs), is legal in this very
        position: playing that very move next skips checking it again.
        For code that drew the move from the legal ones (``LegalMoves.random``,
        the encodings' action trees)."""
        self.known = (self.version, move, tile, pos, turned, figures)

    # -- reading --------------------------------------------------------------------------

    def unseen_counts(self, seat: int) -> list[int]:
        """Per tile index, how many of that tile ``seat`` has not seen: the
        rest of the stack and the other players' hidden hands (all of them
        for ``-1``, as nobody sees every hand)."""
        counts = self.undrawn_counts()
        if self.hidden_hands():
            for p, hand in enumerate(self.hands):
                if p != seat:
                    for t in hand:
                        counts[t] += 1
        return counts

    def winners(self) -> tuple[int, ...]:
        """The seats with the highest score once the game is over (``FINAL-9``)."""
        if not self.over:
            return ()
        best = max(self.scores)
        return tuple(p for p, s in enumerate(self.scores) if s == best)

