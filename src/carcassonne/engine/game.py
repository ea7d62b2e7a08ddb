"""The Game: the public face of one game, from setup to final scoring.

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

What a move changes lives in the game's
:class:`~carcassonne.engine.position.Position` (``game.position()``); the
rules are spread by what they do:

* :mod:`~carcassonne.engine.legal`: checking a tile move and listing the
  legal ones, side by side; :mod:`~carcassonne.engine.special` the same for
  the other decisions (a wonder, its helper tile, a choice);
* :mod:`~carcassonne.engine.turns`: the turn machine, which plays a checked
  move, scores it and moves the game on;
* :mod:`~carcassonne.engine.scoring`, :mod:`~carcassonne.engine.survey` and
  :mod:`~carcassonne.engine.view`: what the position is worth, and what a
  seat may see of it;
* :mod:`~carcassonne.engine.draws`: chance, the draw order dealt again or
  fixed without being shown.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any, cast

from carcassonne.engine import draws, legal, records, scoring, special, survey, turns
from carcassonne.engine import view as views
from carcassonne.engine.choices import ChoiceMoves
from carcassonne.engine.errors import IllegalMove, SetupError, shown
from carcassonne.engine.events import ScoreEvent
from carcassonne.engine.expansions import for_game
from carcassonne.engine.fit_chances import fit_chances
from carcassonne.engine.legal import LegalMoves
from carcassonne.engine.moves import AnyMove, Move, NotationError
from carcassonne.engine.options import Options
from carcassonne.engine.position import Position
from carcassonne.engine.records import RecordError
from carcassonne.engine.setup import (
    check_stack,
    choose_sets,
    max_players,
    player_names,
    shuffled_stack,
)
from carcassonne.tiles.geometry import unpack


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
        self.players: tuple[str, ...] = tuple(players)
        self.sets = sets
        self.options = options
        self._position: Position
        if copy_of is not None:  # copy() (a compiled class has no __dict__ to copy)
            self._position = copy_of._position.copy()
            return
        every = {"seed": seed, **(setup or {})}
        self._position = Position(self.players, sets, options, stack, for_game(sets, options),
                                  every)
        turns.start_turn(self._position, 0)

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
        setup: dict[str, Any] = {}
        if stack is None:
            tiles = shuffled_stack(chosen, random.Random(seed))
            setup["shuffled"] = True  # its draws are the game's own (PD-REC: reshuffles)
        else:
            if isinstance(stack, str) or not isinstance(stack, Iterable):
                raise SetupError(f"the stack must be a list of tile ids, not {shown(stack)}")
            tiles = list(stack)
            check_stack(tiles, chosen)
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
        setup, moves = records.read_setup(record)
        try:
            game = cls.new(players=setup.players, sets=setup.sets, options=setup.options,
                           stack=setup.stack, wonders=setup.wonders)
        except SetupError as refused:
            raise RecordError(f"setup: {refused}") from None
        for index, entry in enumerate(moves):
            try:
                game.play(Move.from_dict(entry))
            except (IllegalMove, NotationError) as illegal:  # (one name per type, compiled)
                raise RecordError(str(illegal), index) from None
        if check_result:
            records.check_result(record, game._position, len(moves))
        return game

    def to_record(self) -> dict[str, Any]:
        """This game as a record (docs/formats.md); ``result`` once it is over."""
        return records.record_of(self._position)

    # -- what anyone can read ------------------------------------------------

    def position(self) -> Position:
        """The state moves change (see :mod:`carcassonne.engine.position`),
        for code that reads a game fast (the encodings). Read it; change it
        only through the game."""
        return self._position

    @property
    def state(self) -> dict[str, Any]:
        """Per-game state of the expansions, by set name."""
        return self._position.state

    @property
    def current_player(self) -> int | None:
        """The seat to move, or None once the game is over."""
        position = self._position
        return None if position.over else position.current

    @property
    def tiles_to_place(self) -> tuple[str, ...]:
        """The tile ids the current player may place: the drawn tile, or the
        hand in the hand variant. Empty once the game is over."""
        return views.tiles_to_place(self._position)

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(self._position.scores)

    @property
    def events(self) -> tuple[ScoreEvent, ...]:
        """Every score event so far, in order (final scoring last)."""
        return tuple(self._position.events)

    @property
    def moves(self) -> tuple[AnyMove, ...]:
        """The moves played so far."""
        return tuple(self._position.history)

    @property
    def movers(self) -> tuple[int, ...]:
        """The seat that made each move so far (turns are skipped when a
        player has nothing to place, so this is not always the seat order)."""
        return tuple(self._position.movers)

    @property
    def discards(self) -> tuple[tuple[int, int, str], ...]:
        """Tiles removed as unplaceable (``PLACE-4``): (before move, seat, tile)."""
        return tuple(self._position.discards)

    @property
    def is_over(self) -> bool:
        return self._position.over

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats with the highest score once the game is over (``FINAL-9``:
        shared victory on ties)."""
        return self._position.winners()

    def projected_scores(self) -> tuple[int, ...]:
        """The scores if the game ended now: current scores plus final scoring
        of everything on the board and the expansions' final scoring
        (``FINAL-1`` to ``FINAL-7``). Public information; bots use it as a
        simple estimate of a position."""
        if self._position.over:
            return self.scores
        projected = list(self._position.scores)

        def award(event: ScoreEvent) -> None:
            projected[event.player] += event.points

        turns.final_scoring(self._position, award)
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
        return scoring.claimed(self._position)

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
        return survey.feature_map(self._position)

    def dead_squares(self) -> list[list[int]]:
        """The empty squares next to the board that no tile still to be
        placed (the stack and every hand) fits in any rotation, and that no
        wonder still to come could cover: sorted ``[x, y]`` lists. Public:
        it follows from the tile distribution, not from the stack order."""
        return survey.dead_squares(self._position)

    def supply(self, player: object) -> dict[str, int]:
        """The figures a player has in supply."""
        return dict(self._position.supply[self._seat(player)])

    def goods(self, player: object) -> dict[str, int]:
        """The trade goods a player holds (empty without them)."""
        seat = self._seat(player)
        state = self._position.state.get("traders_builders")
        return dict(state["goods"][seat]) if state else {}

    @property
    def extra_turn(self) -> bool:
        """Whether the current decision is a second turn part (the builder)."""
        return self._position.part == 1 and not self._position.over

    def hand(self, player: object) -> tuple[str, ...]:
        """The tiles a player holds (the hand variant; otherwise the drawn tile
        of the current player)."""
        return tuple(views.hand(self._position, self._seat(player)))

    def _seat(self, player: object, spectator: bool = False) -> int:
        """``player`` checked as a seat of this game (-1 for None, the
        spectator, where ``spectator`` allows it)."""
        if player is None and spectator:
            return -1
        n = self._position.n
        if type(player) is not int or not 0 <= player < n:
            raise ValueError(f"no seat {shown(player)} in a game of {n} players")
        return player

    @property
    def stack_size(self) -> int:
        """How many tiles are left to draw (public)."""
        return self._position.stack_size

    def tiles_left(self) -> dict[str, int]:
        """Public count of tiles not yet seen by everyone, per tile id: the rest
        of the stack and the hands nobody else may see."""
        return views.tiles_left(self._position)

    def board(self) -> list[tuple[str, tuple[int, int], int]]:
        """Placed tiles in placement order: (tile id, square, rotation). A
        piece (a wonder) appears once, at its anchor square."""
        out = []
        for pos, (_, turned) in self._position.board.tiles.items():
            if turned.tile.data.get("anchor") is False:
                continue  # another square of a piece
            out.append((turned.tile.id, unpack(pos), turned.rotation))
        return out

    def figures(self) -> list[dict[str, Any]]:
        """Figures on the board: player, figure, feature, spot and square."""
        return views.figures(self._position)

    def view(self, player: object) -> dict[str, Any]:
        """What ``player`` may know, as plain data: never the stack order or
        another player's hidden hand. ``None`` is a spectator, who sees what
        every player may know."""
        seat = self._seat(player, spectator=True)
        return views.player_view(self._position, None if seat < 0 else seat)

    # -- moves ----------------------------------------------------------------

    def legal_moves(self) -> LegalMoves | ChoiceMoves:
        """Every legal move of the current decision (see :class:`LegalMoves`;
        wonders and decisions come as a :class:`ChoiceMoves` of the same shape)."""
        position = self._position
        mode = position.mode
        if mode is None or position.over:
            return LegalMoves(position)
        return special.legal(position, mode)

    def is_legal(self, move: object) -> bool:
        position = self._position
        try:
            if position.mode is None:
                legal.check(position, move)
            else:
                special.check(position, position.mode, move)
        except (IllegalMove, ValueError):
            return False
        return True

    def play(self, move: object) -> None:
        """Play a move (a :class:`Move` or its notation). Raises
        :class:`IllegalMove` naming the rule if it is not legal; the game is
        then unchanged."""
        if isinstance(move, str):
            move = Move.parse(move)
        position = self._position
        if position.mode is not None and not position.over:
            turns.play_special(position, position.mode, move)
            return
        known = position.known
        if known is not None and known[1] is move and known[0] == position.version:
            # drawn by legal_moves().random() in this very position: legal
            _, _, tile, pos, turned, figures = known
        else:
            tile, pos, turned, figures = legal.check(position, move)
        turns.play_tile(position, cast(Move, move), tile, pos, turned, figures)  # checked

    @property
    def undoable(self) -> bool:
        """Whether moves keep what :meth:`undo` needs (True unless set off).

        A bot or an environment that never takes a move back may set it to
        False: each move is then a little cheaper (nothing is saved for it),
        and :meth:`undo` refuses. Set True again, it keeps from then on."""
        return self._position.undoable

    @undoable.setter
    def undoable(self, value: object) -> None:
        if type(value) is not bool:
            raise TypeError(f"undoable is True or False, not {shown(value)}")
        # (compiled code calls position().keep_undo, not this setter: a
        # compiled property setter taking ``object`` is not safe to call there)
        self._position.keep_undo(value)

    def undo(self) -> AnyMove:
        """Take back the last move and return it; the game is exactly as it was."""
        position = self._position
        if not position.frames:
            raise IndexError("no move to undo" if position.undoable
                             else "no move to undo: this game keeps none (undoable is False)")
        return position.restore()

    def copy(self) -> Game:
        """An independent copy, history included (cheap: no deep copies)."""
        return Game(list(self.players), self.sets, self.options, [], copy_of=self)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its record (the same for both builds: a compiled class
        cannot be rebuilt from a ``__dict__``), which replays to this game,
        and the order of what is hidden, which :meth:`determinized` deals
        again."""
        stack, hands = draws.hidden_order(self._position)
        return (_from_pickled, (self.to_record(), stack, hands, self._position.undoable))

    # -- chance ------------------------------------------------------------------

    def chance_outcomes(self) -> list[tuple[str, float]]:
        """What the next tile drawn from the stack may be: each tile id left
        in it, in catalogue order, with its probability (count / tiles left); empty once
        the stack is. With The Princess & the Dragon only the tiles that may
        be drawn now (``PD-REC``). This is the chance player's view (OpenSpiel's
        ``chance_outcomes``): with hidden hands it tells what the stack
        holds, which no seat knows, so it is for a program that plays the
        draws, not for a player. Play an outcome with :meth:`fix_draws`."""
        return draws.outcomes(self._position)

    def fit_chances(self) -> dict[str, Any]:
        """For each empty square next to the board, how many of the tiles
        the next draw chooses from fit it in some rotation:
        ``{"tiles": n, "squares": [{"at": [x, y], "fits": k}, ...]}``, the
        chance ``k / n`` exact (:mod:`carcassonne.engine.fit_chances`). Built
        on :meth:`chance_outcomes`' tiles, it shares its caveat: with hidden
        hands it tells what the stack holds."""
        return fit_chances(self._position)

    def fix_draws(self, tiles: Iterable[object]) -> None:
        """Make ``tiles`` (ids or catalogue indexes) the next draws, in that
        order, ahead of the rest of the stack, which keeps its order: a
        program that plays the draw's chance itself decides the next draws
        without reading the order. Each must be one of the tiles left to
        draw, in the part of the stack its draw comes from (``RIVER-SETUP-2``),
        the first one a tile that may be drawn now (``PD-REC``); a
        ``ValueError`` says which is not (and nothing changes)."""
        draws.fix_draws(self._position, tiles)

    def sort_undrawn(self) -> None:
        """Put the tiles left to draw in catalogue order, forgetting their
        order (a state that must hold no future order, OpenSpiel's)."""
        draws.sort_undrawn(self._position)

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
        other._position.frames.clear()  # a move taken back would bring back a hand as dealt
        draws.deal_again(other._position, None if checked < 0 else checked, rng)
        return other

    def resample_hidden(self, seat: int | None, rng: random.Random) -> None:
        """Deal again, in place, what ``seat`` cannot see (see
        :meth:`determinized`). Meant for a copy made by :meth:`determinized`,
        to draw a new imagined future from the same position."""
        draws.deal_again(self._position, seat, rng)

    def __repr__(self) -> str:
        position = self._position
        state = "over" if position.over else f"{self.players[position.current]} to move"
        return (f"<Game {', '.join(self.players)}: {len(position.history)} moves, "
                f"scores {position.scores}, {state}>")


def _from_pickled(record: dict[str, Any], stack: list[int], hands: list[list[int]],
                  undoable: bool = True) -> Game:
    """A game unpickled: its record replayed, then what is hidden put back
    in its order (see :meth:`Game.__reduce__`), keeping undo or not as it did."""
    game = Game.from_record(record, check_result=False)
    draws.put_back_hidden(game._position, stack, hands)
    game._position.keep_undo(undoable)
    return game
