"""The Game: setup, turn flow, legal moves, play, undo and copy.

A game is set up from players, sets, options and a stack (or a seed that
shuffles one); everything after that is decided by moves::

    >>> from carcassonne import Game
    >>> game = Game.new(players=["Ann", "Bob"], seed=7)
    >>> moves = game.legal_moves()
    >>> game.play(moves[0])
    >>> game.undo()
    Move(...)

The engine is pure: no I/O, no clock. It owns its random generator only to
shuffle the stack of a new game, so a setup and a seed always give the same
game, and a record always replays to the same scores.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any, Final, cast

from carcassonne.engine import draws, scoring, special, survey
from carcassonne.engine.board import ALL_FITS, Board
from carcassonne.engine.choices import ChoiceMoves
from carcassonne.engine.errors import IllegalMove, SetupError, shown
from carcassonne.engine.expansions import Expansion, Joined, for_game
from carcassonne.engine.features import Features
from carcassonne.engine.legal import LegalMoves
from carcassonne.engine.moves import AnyMove, Figure, Move
from carcassonne.engine.options import Options
from carcassonne.engine.scoring import ScoreEvent
from carcassonne.engine.setup import (
    check_stack,
    choose_sets,
    full_stack,
    max_players,
    player_names,
    shuffle,
)
from carcassonne.tiles import (
    CITY,
    FIELD,
    KIND_NAMES,
    ROAD,
    START_TILE,
    TILE_LIST,
    TILES,
    Turned,
)
from carcassonne.tiles.geometry import DELTA, LOCATION_INDEX, QUARTER_OF, RING, pack, unpack

#: What a tile about to be placed would join (:meth:`Game._touching`): per
#: segment its group, per neighbouring feature root a segment touching it,
#: per segment its road and city links.
Touching = tuple[list[int], dict[int, int], list[int]]

#: Followers each player starts with (``SETUP-2``).
MEEPLES: Final = 7
#: A square and the eight around it: the monasteries a tile may complete.
AROUND: Final[tuple[int, ...]] = (0, *RING)


class Game:
    """One game of Carcassonne, from setup to final scoring.

    Build one with :meth:`new` or :meth:`from_record`. The current decision
    is the current player placing one of :attr:`tiles_to_place`;
    :meth:`legal_moves` lists every way to do it and :meth:`play` does one.
    """

    # -- setup ---------------------------------------------------------------

    def __init__(self, players: list[str], sets: tuple[str, ...], options: Options,
                 stack: list[str], seed: int | None = None,
                 setup: dict[str, Any] | None = None, *, copy_of: Game | None = None) -> None:
        if copy_of is not None:  # copy() (a compiled class has no __dict__ to copy)
            self._copy_from(copy_of)
            return
        self.players: tuple[str, ...] = tuple(players)
        self.sets = sets
        self.options = options
        #: The options read on every move, kept as plain fields.
        self._hand: int = options.hand
        self._farmers: bool = options.farmers
        #: The draw order, first drawn first: private (see draws.py).
        self._stack = [TILES[t].index for t in stack]
        #: Whether hidden hands were dealt again (draws.deal_again).
        self._dealt_again = False
        n = len(players)
        self._n = n
        self._board = Board()
        self._features = Features()
        self._figures: dict[int, tuple[int, str]] = {}
        self._figure_journal: list[tuple[int, tuple[int, str] | None]] = []
        self._monasteries: dict[int, int] = {}
        #: For each square, the monastery squares whose ring (or own square)
        #: it is: the monasteries a tile placed there may complete.
        self._near_monastery: dict[int, tuple[int, ...]] = {}
        self._expansions = for_game(sets, options)
        #: Expansions that hand out pieces or ask for decisions.
        self._piece_givers = tuple(e for e in self._expansions
                                   if type(e).piece_to_place is not Expansion.piece_to_place)
        self._deciders = tuple(e for e in self._expansions
                               if type(e).decision is not Expansion.decision)
        figures = {"meeple": (MEEPLES, 1)}  # SETUP-2
        for expansion in self._expansions:
            figures.update(expansion.figures())
        #: Majority strength of each figure: above 0 a follower, 0 a special figure.
        self._strength = {name: strength for name, (_, strength) in figures.items()}
        self._scores = [0] * n
        self._supply = [{name: count for name, (count, _) in figures.items()} for _ in range(n)]
        #: Per-game state of the expansions, by set name.
        setup = {"seed": seed, **(setup or {})}
        self.state: dict[str, Any] = {e.set_name: e.new_state(n, setup)
                                      for e in self._expansions}
        #: 0 in a turn's first part, 1 in a builder's second part (``TB-BUILD-3``).
        self._part = 0
        self._events: list[ScoreEvent] = []
        self._discards: list[tuple[int, int, str]] = []
        self._hands: list[list[int]] = [[] for _ in range(n)]
        self._draw = 0
        self._current = 0
        #: What the current decision is when it is not a tile from the hand:
        #: ("piece", id, spots), ("helper", tile, piece id, spots) or
        #: ("decide", expansion, seat, choices). None for a tile.
        self._mode: tuple[Any, ...] | None = None
        #: While decisions are pending: (active player, second part due,
        #: piece to place next) to go on with once they are made.
        self._resume: tuple[int, bool, str | None] | None = None
        #: Turns begun so far (a builder's second part is the same turn).
        self._turn = 0
        self._over = False
        self._history: list[AnyMove] = []
        self._frames: list[tuple[Any, ...]] = []
        #: The seat that made each move (see :attr:`movers`).
        self._movers: list[int] = []
        #: Whether moves keep what :meth:`undo` needs (see :attr:`undoable`).
        self._undoable = True
        #: The move :meth:`LegalMoves.random` drew last, already resolved:
        #: (version it was drawn at, the move, tile, square, turned tile,
        #: figures); :meth:`play` skips checking that very move again.
        self._known: tuple[int, Move, int, int, Any, list[tuple[int, str]]] | None = None
        self._version = 0
        #: The parts of :meth:`view` that only grow as moves are played,
        #: built once (view.py's ``ViewParts``); None until a view is asked.
        self._view_parts: Any = None
        # SETUP-1: the start tile, unrotated, at 0,0.
        start = TILES[START_TILE].turned[0]
        first = self._features.add_tile(0, start, self._board.tiles)
        self._board.place(0, start, first)
        self._place_static(0, start, first)
        self._features.journal.clear()
        self._board.journal.clear()
        if options.hand > 1:
            for hand in self._hands:  # VAR-HAND-1: dealt in seat order
                take = self._stack[self._draw:self._draw + options.hand]
                hand.extend(take)
                self._draw += len(take)
        self._start_turn(0)

    @classmethod
    def new(cls, players: object = 2, sets: object = ("base",), options: object = None,
            seed: object = None, stack: object = None, wonders: object = None) -> Game:
        """Set up a game.

        ``players`` is a number of players or a list of their names in turn
        order; ``sets`` a list of set names;
        ``options`` holds only the options that differ from the defaults;
        ``stack`` fixes the draw order (first drawn first), otherwise all the
        tiles of the sets but the start tile are shuffled with ``seed``.
        ``wonders`` lays out these wonders (one per player) in a game with
        The Wonders of Humanity; by default all four with four players, else
        a selection drawn with ``seed`` (``WON-SETUP-2``), an integer.

        The arguments are checked here, whatever their type (a ``SetupError``
        says what is wrong), so the compiled engine refuses the same input
        with the same words as the pure one.
        """
        chosen = choose_sets(sets)
        names = player_names(players, max_players(chosen))
        opts = Options.build(options, chosen)
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        elif type(seed) is not int:
            raise SetupError(f"the seed must be an integer, not {shown(seed)}")
        if stack is None:
            tiles = full_stack(chosen)
            shuffle(random.Random(seed), tiles)
        else:
            if isinstance(stack, str) or not isinstance(stack, Iterable):
                raise SetupError(f"the stack must be a list of tile ids, not {shown(stack)}")
            tiles = list(stack)
            check_stack(tiles, chosen)
        setup: dict[str, Any] = {}
        if wonders is not None:
            if "wonders" not in chosen:
                raise SetupError("wonders are laid out only in a game with the set 'wonders'")
            setup["wonders"] = wonders
        return cls(names, chosen, opts, tiles, seed, setup)

    @classmethod
    def from_record(cls, record: object, check_result: bool = True) -> Game:
        """Replay a game record (docs/formats.md). Raises ``RecordError`` (a
        ``ValueError``) naming the move and the rule if it cannot be replayed,
        or if its ``result`` differs from the replay."""
        from carcassonne.record import game_from_record

        return game_from_record(record, check_result=check_result)

    def to_record(self) -> dict[str, Any]:
        """This game as a record (docs/formats.md); ``result`` once it is over."""
        from carcassonne.record import record_of

        return record_of(self)

    # -- what anyone can read ------------------------------------------------

    @property
    def current_player(self) -> int | None:
        """The seat to move, or None once the game is over."""
        return None if self._over else self._current

    @property
    def tiles_to_place(self) -> tuple[str, ...]:
        """The tile ids the current player may place: the drawn tile, or the
        hand in the hand variant. Empty once the game is over."""
        if self._over:
            return ()
        mode = self._mode
        if mode is not None:
            if mode[0] == "piece":
                return (mode[1],)
            return (TILE_LIST[mode[1]].id,) if mode[0] == "helper" else ()
        return tuple(TILE_LIST[t].id for t in self._hands[self._current])

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(self._scores)

    @property
    def events(self) -> tuple[ScoreEvent, ...]:
        """Every score event so far, in order (final scoring last)."""
        return tuple(self._events)

    @property
    def moves(self) -> tuple[AnyMove, ...]:
        """The moves played so far."""
        return tuple(self._history)

    @property
    def movers(self) -> tuple[int, ...]:
        """The seat that made each move so far (turns are skipped when a
        player has nothing to place, so this is not always the seat order)."""
        return tuple(self._movers)

    @property
    def discards(self) -> tuple[tuple[int, int, str], ...]:
        """Tiles removed as unplaceable (``PLACE-4``): (before move, seat, tile)."""
        return tuple(self._discards)

    @property
    def is_over(self) -> bool:
        return self._over

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats with the highest score once the game is over (``FINAL-9``:
        shared victory on ties)."""
        if not self._over:
            return ()
        best = max(self._scores)
        return tuple(p for p, s in enumerate(self._scores) if s == best)

    def projected_scores(self) -> tuple[int, ...]:
        """The scores if the game ended now: current scores plus final scoring
        of everything on the board and the expansions' final scoring
        (``FINAL-1`` to ``FINAL-7``). Public information; bots use it as a
        simple estimate of a position."""
        if self._over:
            return self.scores
        projected = list(self._scores)

        def award(event: ScoreEvent) -> None:
            projected[event.player] += event.points

        self._final_scoring(award)
        return tuple(projected)

    def claimed_features(self) -> list[dict[str, Any]]:
        """Every road, city, monastery and field that holds a follower, as
        plain public data, for bots that judge positions: ``kind``,
        ``strength`` (each player's follower strength in it) and

        - for a road, city or monastery: ``open`` (sides still open, or the
          empty squares around a monastery), ``end`` (its points if the game
          ended now), ``complete`` (its points if it were completed now) and
          ``fits`` (per empty square next to the board that it needs
          filled, how many tiles still to be placed fit there, fewest
          first: a 0 means it can never be completed by a tile);
        - for a field: ``cities``, the open sides of each city it borders
          (0 for a completed city), and ``city_fits``, per such city the
          fewest tiles still to be placed that fit one of the squares it
          needs filled (None for a completed city)."""
        return scoring.claimed(self)

    def feature_map(self) -> list[dict[str, Any]]:
        """Every feature on the board now (roads, cities, fields,
        monasteries), in placement order, as plain data for a client that
        highlights one: ``kind``, ``parts`` (``{"at": [x, y], "spot": S}`` per
        segment, ``S`` as :meth:`figures` names it), ``figures`` (as
        :meth:`figures` gives them), ``complete``, ``open`` (open sides, or
        the empty squares around a monastery; null for a field), ``owners``
        (the seats with the majority), ``points`` and ``detail`` (what an
        owner would score for it: its completed value once complete, else
        its end-of-game value; see :mod:`carcassonne.engine.survey`)."""
        return survey.feature_map(self)

    def dead_squares(self) -> list[list[int]]:
        """The empty squares next to the board that no tile still to be
        placed (the stack and every hand) fits in any rotation, and that no
        wonder still to come could cover: sorted ``[x, y]`` lists. Public:
        it follows from the tile distribution, not from the stack order."""
        return survey.dead_squares(self)

    def supply(self, player: object) -> dict[str, int]:
        """The figures a player has in supply."""
        return dict(self._supply[self._seat(player)])

    def goods(self, player: object) -> dict[str, int]:
        """The trade goods a player holds (empty without them)."""
        seat = self._seat(player)
        state = self.state.get("traders_builders")
        return dict(state["goods"][seat]) if state else {}

    @property
    def extra_turn(self) -> bool:
        """Whether the current decision is a second turn part (the builder)."""
        return self._part == 1 and not self._over

    def hand(self, player: object) -> tuple[str, ...]:
        """The tiles a player holds (the hand variant; otherwise the drawn tile
        of the current player)."""
        return tuple(TILE_LIST[t].id for t in self._hands[self._seat(player)])

    def _seat(self, player: object, spectator: bool = False) -> int:
        """``player`` checked as a seat of this game (-1 for None, the
        spectator, where ``spectator`` allows it)."""
        if player is None and spectator:
            return -1
        if type(player) is not int or not 0 <= player < self._n:
            raise ValueError(f"no seat {shown(player)} in a game of {self._n} players")
        return player

    @property
    def stack_size(self) -> int:
        """How many tiles are left to draw (public)."""
        return len(self._stack) - self._draw

    def tiles_left(self) -> dict[str, int]:
        """Public count of tiles not yet seen by everyone, per tile id: the rest
        of the stack and the hands nobody else may see."""
        return {TILE_LIST[t].id: count for t, count in enumerate(self._unseen_counts(-1))
                if count}

    def _unseen_counts(self, seat: int) -> list[int]:
        """Per tile index, how many of that tile ``seat`` has not seen: the
        rest of the stack and the other players' hidden hands (all of them
        for ``-1``, as nobody sees every hand)."""
        counts = [0] * len(TILE_LIST)
        stack = self._stack
        for i in range(self._draw, len(stack)):
            counts[stack[i]] += 1
        if self.options.hand > 1 and not self.options.hands_public:
            for p, hand in enumerate(self._hands):
                if p != seat:
                    for t in hand:
                        counts[t] += 1
        return counts

    def board(self) -> list[tuple[str, tuple[int, int], int]]:
        """Placed tiles in placement order: (tile id, square, rotation). A
        piece (a wonder) appears once, at its anchor square."""
        out = []
        for pos, (_, turned) in self._board.tiles.items():
            if turned.tile.data.get("anchor") is False:
                continue  # another square of a piece
            out.append((turned.tile.id, unpack(pos), turned.rotation))
        return out

    def figures(self) -> list[dict[str, Any]]:
        """Figures on the board: player, figure, feature, spot and square."""
        node_seg, node_pos = self._features.node_seg, self._features.node_pos
        out = []
        for node, (player, figure) in sorted(self._figures.items()):
            seg = node_seg[node]
            out.append({"player": player, "figure": figure, "feature": KIND_NAMES[seg.kind],
                        "spot": seg.spot, "at": list(unpack(node_pos[node]))})
        return out

    def view(self, player: object) -> dict[str, Any]:
        """What ``player`` may know, as plain data: never the stack order or
        another player's hidden hand. ``None`` is a spectator, who sees what
        every player may know."""
        from carcassonne.engine.view import player_view

        seat = self._seat(player, spectator=True)
        return player_view(self, None if seat < 0 else seat)

    # -- moves ----------------------------------------------------------------

    def legal_moves(self) -> LegalMoves | ChoiceMoves:
        """Every legal move of the current decision (see :class:`LegalMoves`;
        wonders and decisions come as a :class:`ChoiceMoves` of the same shape)."""
        mode = self._mode
        if mode is None or self._over:
            return LegalMoves(self)
        return special.legal(self, mode)

    def is_legal(self, move: object) -> bool:
        try:
            if self._mode is None:
                self._check(move)
            else:
                special.check(self, self._mode, move)
        except (IllegalMove, ValueError):
            return False
        return True

    def play(self, move: object) -> None:
        """Play a move (a :class:`Move` or its notation). Raises
        :class:`IllegalMove` naming the rule if it is not legal; the game is
        then unchanged."""
        if isinstance(move, str):
            move = Move.parse(move)
        if self._mode is not None and not self._over:
            special.play(self, self._mode, move)
            return
        known = self._known
        if known is not None and known[1] is move and known[0] == self._version:
            # drawn by legal_moves().random() in this very position: legal
            _, _, tile, pos, turned, figures = known
        else:
            tile, pos, turned, figures = self._check(move)
        self._apply(cast(Move, move), tile, pos, turned, figures)  # _check made sure

    @property
    def undoable(self) -> bool:
        """Whether moves keep what :meth:`undo` needs (True unless set off).

        A bot or an environment that never takes a move back may set it to
        False: each move is then a little cheaper (nothing is saved for it),
        and :meth:`undo` refuses. Set True again, it keeps from then on."""
        return self._undoable

    @undoable.setter
    def undoable(self, value: object) -> None:
        if type(value) is not bool:
            raise TypeError(f"undoable is True or False, not {shown(value)}")
        self._keep_undo(value)

    def _keep_undo(self, keep: bool) -> None:
        # (the engine calls this, not the setter: a compiled property setter
        # taking ``object`` is not safe to call from compiled code)
        self._undoable = keep
        # Only undo reads the journals: without it they are neither kept nor
        # written (a tentative change turns them on for its own span).
        self._features.keep = self._board.keep = keep
        if not keep:
            self._frames.clear()
            self._features.journal.clear()
            self._board.journal.clear()
            self._figure_journal.clear()

    def undo(self) -> AnyMove:
        """Take back the last move and return it; the game is exactly as it was."""
        if not self._frames:
            raise IndexError("no move to undo" if self._undoable
                             else "no move to undo: this game keeps none (undoable is False)")
        (current, draw, hands, scores, supply, events, discards, over, nodes, fjournal,
         boards, figjournal, pos, part, state, flow) = self._frames.pop()
        self._movers.pop()
        self._mode, self._resume, self._turn = flow
        features, figs = self._features, self._figures
        features.rollback(fjournal, nodes)
        board = self._board
        while len(board.journal) > boards:
            board.unplace()
        journal = self._figure_journal
        while len(journal) > figjournal:
            node, old = journal.pop()
            if old is None:
                del figs[node]
            else:
                figs[node] = old
        if self._monasteries.pop(pos, None) is not None:
            near = self._near_monastery
            for d in AROUND:
                near[pos + d] = near[pos + d][:-1]
        self._current, self._draw, self._over, self._part = current, draw, over, part
        self.state = self._copy_state(state)  # the frame may be shared with a copy
        self._hands = [list(h) for h in hands]
        self._scores = list(scores)
        self._supply = list(supply)
        del self._events[events:]
        del self._discards[discards:]
        self._version += 1
        self._view_parts = None  # built again at the next view
        return self._history.pop()

    def copy(self) -> Game:
        """An independent copy, history included (cheap: no deep copies)."""
        return Game(list(self.players), self.sets, self.options, [], copy_of=self)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its record (the same for both builds: a compiled class
        cannot be rebuilt from a ``__dict__``), which replays to this game,
        and the order of what is hidden, which :meth:`determinized` deals
        again."""
        return (_from_pickled, (self.to_record(), self._stack, self._hands, self._undoable))

    def _copy_from(self, other: Game) -> None:
        """Become a copy of ``other``: what never changes during a game is
        shared, what changes is copied one level deep (the frames, journals
        and history hold tuples that are never changed in place)."""
        self.players, self.sets, self.options = other.players, other.sets, other.options
        self._hand, self._farmers = other._hand, other._farmers
        self._stack, self._dealt_again = other._stack, other._dealt_again
        self._n = other._n
        self._expansions, self._strength = other._expansions, other._strength
        self._piece_givers, self._deciders = other._piece_givers, other._deciders
        self._board = other._board.copy()
        self._features = other._features.copy()
        self._figures = other._figures.copy()
        self._figure_journal = other._figure_journal.copy()
        self._monasteries = other._monasteries.copy()
        self._near_monastery = other._near_monastery.copy()
        self._scores = other._scores.copy()
        self._supply = other._supply.copy()  # its dicts are never changed in place
        self.state = other._copy_state()
        self._part, self._draw, self._current = other._part, other._draw, other._current
        self._events = other._events.copy()
        self._discards = other._discards.copy()
        self._hands = [h.copy() for h in other._hands]
        self._mode, self._resume, self._turn = other._mode, other._resume, other._turn
        self._over, self._version = other._over, other._version
        self._history = other._history.copy()
        self._frames = other._frames.copy()
        self._movers = other._movers.copy()
        self._undoable = other._undoable
        self._known = None
        parts = other._view_parts
        self._view_parts = None if parts is None else parts.copy()

    def determinized(self, seat: object, rng: random.Random) -> Game:
        """A copy in which everything ``seat`` cannot see is dealt again at
        random: the order of the rest of the stack and, in the hand variant
        with hidden hands, the other players' hands (same sizes). Search bots
        play their imagined futures on such copies; nothing on one tells the
        real order. ``seat`` None is a spectator, who sees no hand.

        The copy cannot undo past this point; its record (none once hidden
        hands were dealt again) holds the order dealt."""
        checked = self._seat(seat, spectator=True)
        other = self.copy()
        other._frames.clear()  # a move taken back would bring back a hand as dealt
        draws.deal_again(other, None if checked < 0 else checked, rng)
        return other

    def resample_hidden(self, seat: int | None, rng: random.Random) -> None:
        """Deal again, in place, what ``seat`` cannot see (see
        :meth:`determinized`). Meant for a copy made by :meth:`determinized`,
        to draw a new imagined future from the same position."""
        draws.deal_again(self, seat, rng)

    def _copy_state(self, state: dict[str, Any] | None = None) -> dict[str, Any]:
        """A copy of the expansions' state (this game's, or ``state``)."""
        state = self.state if state is None else state
        return {e.set_name: e.copy_state(state[e.set_name]) for e in self._expansions}

    # -- checking a move -------------------------------------------------------

    def _check(self, move: object) -> tuple[int, int, Any, list[tuple[int, str]]]:
        """Resolve a move to (tile, square, turned tile, [(segment, figure)]),
        or raise IllegalMove naming the rule it breaks."""
        if isinstance(move, str):
            move = Move.parse(move)
        if self._over:
            raise IllegalMove("FINAL", "the game is over")
        if not isinstance(move, Move):
            raise IllegalMove("§2", f"{move} is not a decision of this game: "
                                    f"{self.players[self._current]} must place a tile")
        tile = TILES.get(move.tile)
        hand = self._hands[self._current]
        if tile is None or tile.index not in hand:
            wanted = " or ".join(TILE_LIST[t].id for t in hand)
            rule = "VAR-HAND-2" if self.options.hand > 1 else "§2"
            got = move.tile if tile is not None else shown(move.tile)  # not a tile: quoted
            raise IllegalMove(rule, f"{self.players[self._current]} must place {wanted}, "
                                    f"not {got}")
        quarter = QUARTER_OF.get(move.rotation)
        if quarter is None:
            raise IllegalMove("PLACE-3", f"rotation must be 0, 90, 180 or 270, not "
                                         f"{move.rotation}")
        x, y = move.at
        pos = pack(x, y)
        turned = tile.turned[quarter]
        board = self._board
        if not (-2000 < x < 2000 and -2000 < y < 2000):
            raise IllegalMove("PLACE-1", f"square {x},{y} touches no placed tile")
        key = board.spots.get(pos, 0)
        if not (key and ALL_FITS[tile.index][key] >> quarter & 1):
            reason = board.misfit(pos, turned) or "PLACE-2: the tile does not fit there"
            raise IllegalMove.from_reason(reason, f"{tile.id} at {x},{y} turned {move.rotation}")
        figures = [self._check_figure(fig, move, turned, pos) for fig in move.figures]
        if len(figures) > 1:
            raise IllegalMove("MEEPLE-1", "at most one figure may be placed per turn")
        return tile.index, pos, turned, figures

    def _check_figure(self, fig: Figure, move: Move, turned: Turned,
                      pos: int) -> tuple[int, str]:
        player = self._current
        if fig.figure not in self._supply[player]:
            raise IllegalMove("MEEPLE-2", f"there is no {fig.figure} in this game")
        if self._supply[player][fig.figure] <= 0:
            raise IllegalMove("MEEPLE-6", f"{self.players[player]} has no {fig.figure} left "
                                          f"in supply")
        if fig.on is not None and tuple(fig.on) != tuple(move.at):
            raise IllegalMove("MEEPLE-1", f"a figure goes on the tile just placed "
                                          f"({move.at[0]},{move.at[1]}), not on {fig.on}")
        if fig.feature == "monastery":
            index = turned.monastery
            if index < 0:
                raise IllegalMove("MEEPLE-2", f"{move.tile} has no monastery")
        else:
            loc = LOCATION_INDEX[fig.spot] if fig.spot is not None else -1
            index = turned.at[loc] if loc >= 0 else -1
            if index < 0 or turned.segments[index].kind_name != fig.feature:
                raise IllegalMove("MEEPLE-2", f"{move.tile} turned {move.rotation} has no "
                                              f"{fig.feature} at {fig.spot}")
        segment = turned.segments[index]
        if self._strength[fig.figure]:
            if segment.kind == FIELD and not self._farmers:
                raise IllegalMove("MEEPLE-2", "farmers are switched off in this game "
                                              "(option farmers = false)")
            if not self._free(pos, turned)[index]:
                raise IllegalMove("MEEPLE-3", f"the {fig.feature} at {fig.spot}, once the tile "
                                              f"is connected, already holds a follower")
        else:
            reason = self._refusal(player, fig.figure, self._joined(pos, turned)[index])
            if reason is not None:
                raise IllegalMove.from_reason(reason)
        return index, fig.figure

    def _refusal(self, player: int, figure: str, joined: Joined) -> str | None:
        """Why an expansion forbids ``player`` this special figure there, or None."""
        for expansion in self._expansions:
            reason = expansion.refusal(self, player, figure, joined)
            if reason is not None:
                return reason
        return None

    def _joined(self, pos: int, turned: Turned, touching: Touching | None = None) -> list[Joined]:
        """Each segment of ``turned`` as its feature would be once the tile lies
        on ``pos``, worked out without placing it (from :meth:`_touching`, or
        ``touching`` if given): complete when the open sides of the
        neighbouring features it joins and of its own segments are all
        matched, and each player's follower strength in it, theirs alone
        (the new tile holds no figure yet)."""
        group, roots, closing = touching or self._touching(pos, turned)
        features = self._features
        open_ = features.open
        segments, open_sides = turned.segments, turned.open_sides
        opened = [0] * len(segments)
        for i in range(len(segments)):  # each road or city link matches two open sides
            opened[group[i]] += open_sides[i] - 2 * closing[i]
        joined: dict[int, list[int]] = {}
        for r, i in roots.items():
            joined.setdefault(group[i], []).append(r)
        followers = features.followers
        out = []
        for i, seg in enumerate(segments):
            g = group[i]
            open_sides_left = opened[g]
            strength: dict[int, int] = {}
            for r in joined.get(g, ()):
                open_sides_left += open_[r]
                if followers[r]:
                    for player, count in scoring.strengths(self, r).items():
                        strength[player] = strength.get(player, 0) + count
            out.append(Joined(seg, seg.kind in (CITY, ROAD) and not open_sides_left, strength))
        return out

    def _free(self, pos: int, turned: Turned, touching: Touching | None = None) -> list[bool]:
        """For each segment of ``turned`` placed on ``pos``: whether the feature
        it belongs to once the tile is connected holds no follower
        (``MEEPLE-3``; from :meth:`_touching`, or ``touching`` if given)."""
        group, roots, _ = touching or self._touching(pos, turned)
        followers = self._features.followers
        busy = [False] * len(group)
        for r, i in roots.items():
            if followers[r]:
                busy[group[i]] = True
        return [not busy[g] for g in group]

    def _touching(self, pos: int, turned: Turned) -> Touching:
        """How ``turned`` placed on ``pos`` would join the features around it,
        without placing it: per segment, its group (the segment naming it);
        per neighbouring feature root it touches, a segment touching it; per
        segment, its road and city links to neighbours (each matches an open
        side of the segment with one of the neighbour's).

        The feature a segment belongs to once the tile is connected is more
        than the segment's own neighbours: two segments of the new tile that
        touch the same neighbouring feature (a field reaching round the tile,
        a city entered through two sides) become one feature, so each takes
        in what the other touches: a group."""
        size = len(turned.segments)
        tiles = self._board.tiles
        root = self._features.root
        links = turned.links
        group = list(range(size))
        toucher: dict[int, int] = {}
        closing = [0] * size
        for side, delta in enumerate(DELTA):
            neighbour = tiles.get(pos + delta)
            if neighbour is None:
                continue
            first, nturned = neighbour
            nat = nturned.at
            for kind, mine, theirs in links[side]:
                r = root[first + nat[theirs]]
                if kind != FIELD:
                    closing[mine] += 1
                other = toucher.setdefault(r, mine)
                if other != mine:
                    a, b = group[mine], group[other]
                    if a != b:
                        group = [a if g == b else g for g in group]
        return group, toucher, closing

    # -- doing a move ------------------------------------------------------------

    def _push_frame(self, pos: int | None) -> None:
        """Remember everything a move changes, for :meth:`undo` (unless the
        game keeps no undo), and who made it."""
        self._movers.append(self._current)
        self._version += 1
        if not self._undoable:
            return
        features = self._features
        self._frames.append((
            self._current, self._draw, tuple(tuple(h) for h in self._hands),
            tuple(self._scores), tuple(self._supply), len(self._events),
            len(self._discards), self._over, len(features.root), len(features.journal),
            len(self._board.journal), len(self._figure_journal), pos, self._part,
            self._copy_state() if self._expansions else self.state,
            (self._mode, self._resume, self._turn),
        ))

    def _apply(self, move: Move, tile: int, pos: int, turned: Turned,
               figures: list[tuple[int, str]]) -> None:
        features, board = self._features, self._board
        player = self._current
        self._push_frame(pos)
        first = features.add_tile(pos, turned, board.tiles)
        board.place(pos, turned, first)
        helper = self._mode  # WON-PLACE-3: a land tile drawn to make room for a piece
        if helper is None:
            self._hands[player].remove(tile)
        else:
            self._mode = None
        index = len(self._history)
        self._history.append(move)
        extra = bool(self._expansions) and self._part == 0 and helper is None and any(
            e.extra_part(self, player, pos, turned, first)  # TB-BUILD-4: not twice
            for e in self._expansions)
        for seg, figure in figures:
            node = first + seg
            self._put_figure(node, player, figure)
            if self._strength[figure]:
                features.add_followers(node, 1)
        self._place_static(pos, turned, first)
        done = self._completed(pos, turned, first, [])
        if done:
            self._score(done, index)
        if self._hand > 1 and helper is None:
            self._refill(player)  # VAR-HAND-2, VAR-HAND-4
        self._finish(player, extra, helper[2] if helper is not None else None)

    def _finish(self, player: int, extra: bool, piece: str | None) -> None:
        """After a move and its scoring: the decisions it calls for (a wonder
        to take), then the rest of the turn or the next one."""
        if self._deciders and special.ask(self, player, extra, piece):
            return
        self._go_on(player, extra, piece)

    def _go_on(self, player: int, extra: bool, piece: str | None) -> None:
        """The player's piece if one waits (``WON-PLACE-3``), else their
        second turn part if earned, else the next player's turn."""
        if piece is not None:
            special.offer_piece(self, player, piece)
            return
        # TB-BUILD-8: no second part once the stack is empty; VAR-HAND-4: with a
        # hand, the second tile comes from the refilled hand.
        if extra and (self._hand > 1 or self._draw < len(self._stack)):
            self._part = 1
            if self._start_part(player):
                return
        self._part = 0
        self._start_turn((player + 1) % self._n)

    def _place_static(self, pos: int, turned: Turned, first: int) -> None:
        if turned.monastery >= 0:
            self._monasteries[pos] = first + turned.monastery
            near = self._near_monastery
            for d in AROUND:
                near[pos + d] = (*near.get(pos + d, ()), pos)

    def _completed(self, pos: int, turned: Turned, first: int, done: list[int]) -> list[int]:
        """Add to ``done`` the roads, cities and monasteries the tile on
        ``pos`` completed (``SCORE-1``), and return it."""
        features = self._features
        root, open_ = features.root, features.open
        for seg in turned.in_order:
            if seg.kind < FIELD:
                r = root[first + seg.index]
                if not open_[r] and r not in done:
                    done.append(r)
        near = self._near_monastery.get(pos)
        if near:
            tiles = self._board.tiles
            for q in near:
                if all(q + e in tiles for e in RING):
                    r = root[self._monasteries[q]]
                    if r not in done:
                        done.append(r)
        return done

    def _score(self, done: list[int], index: int) -> None:
        """Score completed features, then return their figures (``SCORE-4``)."""
        for expansion in self._expansions:
            expansion.before_scoring(self, done, index, self._award)  # WT-TIMING
        for r in done:
            scoring.pay(self, r, index, False, self._award)
        for expansion in self._expansions:
            expansion.completed(self, done, index)
        for r in done:
            self._return_figures(r)

    def _put_figure(self, node: int, player: int, figure: str) -> None:
        """Stand ``player``'s ``figure`` on ``node``, from their supply (the
        caller counts a follower in its feature)."""
        self._figures[node] = (player, figure)
        if self._undoable:
            self._figure_journal.append((node, None))
        self._change_supply(player, figure, -1)

    def _change_supply(self, player: int, figure: str, change: int) -> None:
        """Add ``change`` to ``player``'s supply of ``figure``. A supply dict is
        replaced, never changed in place, so undo frames and copies of the
        game share them."""
        old = self._supply[player]
        new = old.copy()
        new[figure] = old[figure] + change
        self._supply[player] = new

    def _return_figures(self, r: int) -> None:
        figs, features = self._figures, self._features
        returned = 0
        for n in features.members[r]:
            fig = figs.pop(n, None)
            if fig is not None:
                if self._undoable:
                    self._figure_journal.append((n, fig))
                self._change_supply(fig[0], fig[1], 1)
                if self._strength[fig[1]]:
                    returned += 1
        if returned:
            features.add_followers(r, -returned)

    def _award(self, event: ScoreEvent) -> None:
        self._events.append(event)
        self._scores[event.player] += event.points

    # -- tiles and turns -----------------------------------------------------------

    def _take_placeable(self, player: int) -> int | None:
        """Draw until a tile fits somewhere; unplaceable ones are removed from
        the game (``PLACE-4``). None when the stack runs out."""
        stack, board = self._stack, self._board
        while self._draw < len(stack):
            tile = stack[self._draw]
            self._draw += 1
            if board.can_place(tile):
                return tile
            self._discards.append((len(self._history), player, TILE_LIST[tile].id))
        return None

    def _refill(self, player: int) -> None:
        hand = self._hands[player]
        while len(hand) < self._hand and self._draw < len(self._stack):
            hand.append(self._stack[self._draw])
            self._draw += 1

    def _start_turn(self, player: int) -> None:
        """Give the turn to ``player``, or end the game.

        The game ends when the player to move has nothing to place and no
        tile is left to anyone: the stack is empty and so is every hand
        (``PLACE-4``, ``VAR-HAND-5``). A wonder held by someone else does not
        keep it going (``WON-PLACE-5``), with or without a hand. In the hand
        variant a player whose hand is empty while others still hold tiles
        skips the turn (``VAR-HAND-3``)."""
        for _ in range(self._n):
            self._turn += 1
            if self._start_part(player):
                return
            if self._draw >= len(self._stack) and not any(self._hands):
                break
            player = (player + 1) % self._n
        self._over = True
        self._final_scoring(self._award)

    def _final_scoring(self, award: scoring.Award) -> None:
        """§7 in its recommended order: the wonders (``WON-ORDER``), the board,
        then each expansion's part."""
        for expansion in self._expansions:
            expansion.opening_final_scoring(self, award)
        scoring.final_scoring(self, award)
        for expansion in self._expansions:
            expansion.final_scoring(self, award)

    def _start_part(self, player: int) -> bool:
        """Give ``player`` a tile to place (``PLACE-4``, ``VAR-HAND-3``), or
        the piece they hold (``WON-PLACE-1``); False if they have none."""
        if self._piece_givers and self._part == 0 and special.start_with_piece(self, player):
            return True
        hand = self._hands[player]
        if self._hand == 1:
            tile = self._take_placeable(player)
            if tile is not None:
                hand.append(tile)
        else:
            # VAR-HAND-3: discard and replace unplaceable hand tiles.
            board = self._board
            i = 0
            while i < len(hand):
                if board.can_place(hand[i]):
                    i += 1
                    continue
                self._discards.append((len(self._history), player, TILE_LIST[hand.pop(i)].id))
                if self._draw < len(self._stack):
                    hand.append(self._stack[self._draw])
                    self._draw += 1
        if hand:
            self._current = player
            return True
        return False

    def __repr__(self) -> str:
        state = "over" if self._over else f"{self.players[self._current]} to move"
        return (f"<Game {', '.join(self.players)}: {len(self._history)} moves, "
                f"scores {self._scores}, {state}>")


def _from_pickled(record: dict[str, Any], stack: list[int], hands: list[list[int]],
                  undoable: bool = True) -> Game:
    """A game unpickled: its record replayed, then what is hidden put back
    in its order (see :meth:`Game.__reduce__`), keeping undo or not as it did."""
    game = Game.from_record(record, check_result=False)
    if game._stack != stack or game._hands != hands:
        game._stack, game._hands = list(stack), [list(h) for h in hands]
        game._version += 1
    game._keep_undo(undoable)
    return game
