"""``python_carcassonne``: the exact engine as an OpenSpiel game.

**Decision nodes** are those of the environments: one engine move is one or
more actions of the fixed ``Discrete`` layout (:mod:`carcassonne.env.layout`,
docs/env.md), placement first, then figures one at a time, then ``stop``
where needed; ``legal_actions()`` is exactly the mask of
:class:`carcassonne.env.actions.Decision`, so a complete action path names
exactly one move of ``game.legal_moves()``.

**Chance nodes** draw the tiles. The engine draws inside ``Game.play``
(after a move: the next player's tile, a builder's second tile, a hand's
refill, the tiles drawn again after an unplaceable one, ``PLACE-4`` and
``VAR-HAND-3``, the land tile of ``WON-PLACE-3``) and inside ``Game.new``
(the first tile, the dealt hands). Whether the engine draws the tile at
stack position ``i`` depends only on the board and on the tiles before
``i``, never on the tile at ``i`` or after. So a state keeps the stack as a
decided prefix (positions ``0 .. fixed - 1``, fixed by chance outcomes
already) and an undecided rest, held sorted. Once a move is complete, the
state plays it on a copy of the game; if that copy drew position ``fixed``,
the tile there is not decided yet: the state becomes a chance node whose
outcomes are the tile kinds of the undecided rest, each with probability
count / total. The outcome is moved to position ``fixed``, and the move is
tried again, until the copy draws only decided positions; that copy is then
the new position. Every draw the rules make, discards included, is thus
one exact chance node, in the order the engine makes them; nothing is
drawn before it is needed, so no state holds a future stack order.

With The Wonders of Humanity and fewer than four players, the first chance
node lays out the wonders: each set of ``players`` wonders with the same
probability, as ``WON-SETUP-2`` draws them (the ``wonders`` parameter fixes
them instead).

**Returns** are the result (``returns="result"``, default: +1 for the only
winner, 0 for each of several seats sharing the top score, ``FINAL-9``, -1
for the others) or the final scores (``returns="score"``); all rewards come
at the end.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pyspiel

from carcassonne.engine.game import Game
from carcassonne.engine.moves import AnyMove
from carcassonne.engine.setup import full_stack, head_parts
from carcassonne.env.layout import MAX_SEATS, WONDER_IDS, ActionLayout
from carcassonne.openspiel.params import PARAMETERS, Config, read_config
from carcassonne.openspiel.position import (
    MAX_CHANCE_OUTCOMES,
    TILE_OUTCOMES,
    WONDER_BASE,
    StatePosition,
)
from carcassonne.tiles import TILE_LIST, TILES
from carcassonne.tiles.pieces import PIECES

__all__ = ["GAME_TYPE", "MAX_CHANCE_OUTCOMES", "SHORT_NAME", "TILE_OUTCOMES", "WONDER_BASE",
           "CarcassonneGame", "CarcassonneState"]

#: The registered short name: ``pyspiel.load_game("python_carcassonne(...)")``.
SHORT_NAME = "python_carcassonne"
#: Actions of one engine move at most: a wonder piece with two figures and stop.
_MOVE_ACTIONS = 3

GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Carcassonne (python, carcassonne package)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=MAX_SEATS,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=PARAMETERS,
)

def _game_type(config: Config) -> pyspiel.GameType:
    """The registered type, told what this game's parameters make it: two
    players playing for the result is zero-sum; without hidden hands nothing
    is hidden once chance has spoken (perfect information)."""
    hidden = ((config.options.get("hand", 1) > 1 or bool(config.options.get("draw_ahead")))
              and not config.options.get("hands_public"))
    info = pyspiel.GameType.Information
    utility = pyspiel.GameType.Utility
    return pyspiel.GameType(
        short_name=GAME_TYPE.short_name, long_name=GAME_TYPE.long_name,
        dynamics=GAME_TYPE.dynamics, chance_mode=GAME_TYPE.chance_mode,
        information=info.IMPERFECT_INFORMATION if hidden else info.PERFECT_INFORMATION,
        utility=(utility.ZERO_SUM if config.players == 2 and config.returns == "result"
                 else utility.GENERAL_SUM),
        reward_model=GAME_TYPE.reward_model, max_num_players=GAME_TYPE.max_num_players,
        min_num_players=GAME_TYPE.min_num_players,
        provides_information_state_string=True, provides_information_state_tensor=True,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification=PARAMETERS)


def _game_info(config: Config, layout: ActionLayout) -> pyspiel.GameInfo:
    """Sizes and bounds. The longest game: per tile one chance node and at
    most two actions (placement, then figure or stop), or three with The
    Abbot or The Princess & the Dragon (placement, a square, then a figure
    or a spot), per wonder a take, an award and a piece placed with up to
    two figures and stop, per dragon-symbol tile six steps of the dragon
    (``PD-DRAGON-TILE``), and the chance node laying out the wonders.
    Scores are bounded like the environments' vector (below 10,000)."""
    per_tile = 4 if {"abbot", "princess_dragon"} & set(config.sets) else 3
    length = per_tile * config.stack_size
    if "princess_dragon" in config.sets:
        length += 6 * sum(1 for t in full_stack(config.sets) if TILES[t].data.get("dragon"))
    if "wonders" in config.sets:
        length += len(PIECES) * (2 + _MOVE_ACTIONS) + 1
    if config.returns == "result":
        low, high = -1.0, 1.0
        total = 0.0 if config.players == 2 else None
    else:
        low, high, total = 0.0, 10_000.0, None
    return pyspiel.GameInfo(
        num_distinct_actions=layout.size, max_chance_outcomes=MAX_CHANCE_OUTCOMES,
        num_players=config.players, min_utility=low, max_utility=high,
        utility_sum=total, max_game_length=length)


class CarcassonneGame(pyspiel.Game):
    """``python_carcassonne`` with its parameters (see
    :mod:`carcassonne.openspiel.params`); build it with
    ``pyspiel.load_game("python_carcassonne(players=3,sets=base+inns)")`` or
    ``pyspiel.load_game("python_carcassonne", {"players": 3, ...})``."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        config = read_config(params or {})
        super().__init__(_game_type(config), _game_info(config, ActionLayout(config.window)),
                         params or {})

    # What follows from the parameters is worked out when first asked: a game
    # unpickled by pyspiel is rebuilt without running ``__init__`` here.

    @property
    def config(self) -> Config:
        """The checked parameters."""
        config: Config | None = self.__dict__.get("_config")
        if config is None:
            config = self.__dict__["_config"] = read_config(self.get_parameters())
        return config

    @property
    def layout(self) -> ActionLayout:
        """The action layout of the ``window`` parameter."""
        layout: ActionLayout | None = self.__dict__.get("_layout")
        if layout is None:
            layout = self.__dict__["_layout"] = ActionLayout(self.config.window)
        return layout

    @property
    def initial_order(self) -> tuple[int, ...]:
        """The full stack, sorted by catalogue index: where every game starts."""
        order: tuple[int, ...] | None = self.__dict__.get("_order")
        if order is None:
            # RIVER-SETUP-2: the head of the stack (the River's course,
            # then its lake) first, each part sorted, then the rest sorted
            rest = [TILES[t].index for t in full_stack(self.config.sets)]
            parts = [sorted(TILES[t].index for t in part)
                     for part in head_parts(self.config.sets)]
            for part in parts:
                for tile in part:
                    rest.remove(tile)
            order = self.__dict__["_order"] = tuple(
                [t for part in parts for t in part] + sorted(rest))
        return order

    def new_initial_state(self) -> CarcassonneState:
        """The start: chance deals (or lays out the wonders) first."""
        return CarcassonneState(self)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> Any:
        """The observer of OpenSpiel's observation API (``observation.py``):
        observation and information state alike are the seat's own view."""
        from carcassonne.openspiel.observer import CarcassonneObserver

        return CarcassonneObserver(self, iig_obs_type, params)


class CarcassonneState(pyspiel.State):
    """A state of ``python_carcassonne``: a chance node (a tile to draw, the
    wonders to lay out), a seat's decision node, or the end.

    ``engine_game`` is the engine :class:`~carcassonne.Game` of the current
    position, to read (tests, tools), never to play on: states share it.
    Its undecided stack is held sorted, not in any future order, and it
    keeps no undo; ``engine_copy()`` gives a bot a copy of its own, and
    ``engine_game.to_record()`` a record that replays the game so far.
    """

    def __init__(self, game: CarcassonneGame) -> None:
        super().__init__(game)
        self._position = StatePosition(game.config, game.layout, game.initial_order)
        self._position.settle()

    @property
    def position(self) -> StatePosition:
        """What this state knows apart from OpenSpiel's bookkeeping (see
        :class:`~carcassonne.openspiel.position.StatePosition`): what the
        observer reads. Read it; the state changes it."""
        return self._position

    # -- reading --------------------------------------------------------------------------

    @property
    def engine_game(self) -> Game | None:
        """The engine game of the current position (None before the deal is done)."""
        return self._position.game

    def engine_copy(self) -> Game:
        """An independent copy of :attr:`engine_game` that keeps undo (what a
        bot of :mod:`carcassonne.bots` may try moves on). Its undecided stack
        is sorted: a bot that looks ahead deals it again (``determinized``)."""
        game = self._position.game
        if game is None:
            raise ValueError("engine_copy: the deal is not done yet (a chance node)")
        other = game.copy()
        other.undoable = True
        return other

    @property
    def pending_move(self) -> AnyMove | None:
        """At a chance node after a move: that move, played once its tiles are drawn."""
        return self._position.pending

    @property
    def prefix(self) -> tuple[int, ...]:
        """The actions of the current engine move chosen so far."""
        return self._position.prefix

    @property
    def config(self) -> Config:
        return self._position.config

    def drawn_tiles(self) -> list[str]:
        """The tile ids drawn by chance so far, in drawing order: with the
        wonders laid out, what ``Game.new(stack=...)`` needs to play the same game."""
        pos = self._position
        return [TILE_LIST[t].id for t in pos.order[:pos.fixed]]

    @property
    def wonders(self) -> tuple[str, ...] | None:
        """The wonders laid out (empty without the set, None while undecided)."""
        return self._position.wonders

    def move_actions(self, move: AnyMove) -> tuple[int, ...]:
        """The actions that play ``move`` (a listed move of the current
        decision, written as listed) from the start of the decision."""
        decision = self._position.decision
        if decision is None or self._position.prefix:
            raise ValueError("move_actions needs a decision node with no action chosen yet")
        return decision.encode(move)

    # -- the OpenSpiel API -----------------------------------------------------------------

    def current_player(self) -> int:
        pos = self._position
        if pos.chance is not None:
            return int(pyspiel.PlayerId.CHANCE)
        assert pos.game is not None
        if pos.game.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        seat = pos.game.current_player
        assert seat is not None
        return seat

    def _legal_actions(self, player: int) -> list[int]:
        decision = self._position.decision
        if decision is None or decision.seat != player:
            return []
        return decision.allowed(self._position.prefix)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The tile kinds left in the stack, each with count / total (or the
        wonder layouts, each equally likely)."""
        if self._position.chance is None:
            raise ValueError("chance_outcomes: this is not a chance node")
        return self._position.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        """Draw a chance outcome or take a seat's action. An action that is
        not legal raises ``ValueError`` (``IllegalAction`` for a seat's
        action) saying what is allowed; the state is then unchanged."""
        pos = self._position
        if pos.chance is not None:
            pos.apply_chance(int(action))
        else:
            pos.apply_decision(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if action >= WONDER_BASE:
                mask = action - WONDER_BASE
                names = [WONDER_IDS[k] for k in range(len(WONDER_IDS)) if mask >> k & 1]
                return "lay out " + "+".join(names)
            return f"draw {TILE_LIST[action].id}"
        layout = self._position.layout
        try:
            what = layout.describe(action)
        except ValueError:
            return f"action {action} (outside the action space)"
        if what[0] == "place":
            _, slot, dx, dy, quarter = what
            x0, y0 = self._position.origin
            return (f"place slot {slot} at {x0 + int(dx)},{y0 + int(dy)} "
                    f"r{90 * int(quarter)} (window {dx},{dy})")
        if what[0] == "figure":
            _, kind, square, spot = what
            return f"figure {kind} on {spot} of square {square}"
        return ":".join(str(part) for part in what)

    def is_terminal(self) -> bool:
        pos = self._position
        return pos.chance is None and pos.game is not None and pos.game.is_over

    def returns(self) -> list[float]:
        pos = self._position
        n = pos.config.players
        if not self.is_terminal():
            return [0.0] * n
        assert pos.game is not None
        if pos.config.returns == "score":
            return [float(s) for s in pos.game.scores]
        winners = pos.game.winners
        shared = len(winners) > 1
        return [(0.0 if shared else 1.0) if p in winners else -1.0 for p in range(n)]

    def rewards(self) -> list[float]:
        return self.returns()

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Any:
        """A state ``player_id`` cannot tell from this one, drawn at random:
        for IS-MCTS. The undecided stack is never part of a state, so only
        the other seats' hidden hands (3-tile hand variant) are dealt again,
        uniformly from what the player has not seen (the engine's
        ``resample_hidden``, its own search bots' determinization; it does not
        weigh in what others' play revealed). Without hidden hands this is a
        clone. Supported at decision nodes of ``player_id`` and at decision
        nodes where no action of the current engine move is chosen yet. The
        new state keeps this one's history, which no longer deals its hands:
        search on it, do not pickle it."""
        state = self.clone()
        pos = state._position
        game = pos.game
        if game is None or not game.position().hidden_hands():
            return state
        if pos.chance is not None or (pos.prefix and game.current_player != player_id):
            raise ValueError("resample_from_infostate: supported at decision nodes only, "
                             "before another seat chose part of its move")
        seed = int(float(probability_sampler()) * 2**53)
        other = game.copy()
        other.resample_hidden(player_id, random.Random(seed))
        other.sort_undrawn()
        # what is left to draw: what nobody has seen but the hands dealt again
        left = Counter(other.tiles_left())
        for seat in range(pos.config.players):
            left.subtract(other.hand(seat))
        pos.deal_again(other, [*pos.order[:pos.drawn(other)],
                               *sorted(TILES[t].index for t in left.elements())])
        return state

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its game and history, which replay to this state
        (chance outcomes included): what ``pickle`` and OpenSpiel's
        serialization of Python states use."""
        return (_replayed, (self.get_game(), [int(a) for a in self.history()]))

    def __str__(self) -> str:
        """The position in words: scores, who acts and what, the moves so far."""
        pos = self._position
        game = pos.game
        if game is None:
            return f"setup: {pos.fixed} tiles dealt, wonders {pos.wonders}"
        lines = [f"scores {list(game.scores)}; stack {len(pos.order) - pos.fixed} tiles"]
        if pos.chance is not None:
            lines.append(f"chance draws a {pos.chance} for {pos.pending}")
        elif game.is_over:
            lines.append(f"game over, winners {list(game.winners)}")
        else:
            lines.append(f"seat {game.current_player} places {list(game.tiles_to_place)}"
                         f"{' (second turn part)' if game.extra_turn else ''}; "
                         f"chosen actions {list(pos.prefix)}")
        lines.append("moves: " + " ".join(str(m) for m in game.moves))
        return "\n".join(lines)


def _replayed(game: CarcassonneGame, history: list[int]) -> CarcassonneState:
    """The state ``history`` leads to from the start of ``game`` (unpickling)."""
    state = game.new_initial_state()
    for action in history:
        state.apply_action(action)
    return state


pyspiel.register_game(GAME_TYPE, CarcassonneGame)
