"""The table both environments share: one game, its action tree, its rewards.

A :class:`Table` owns a :class:`~carcassonne.Game` and everything the
environments derive from it: the board's squares (``squares.py``), the
action tree of the current decision (``decision.py``, built once per engine
decision, when first asked), the actions chosen so far within that decision
and the scores last paid out as rewards. Compiled with the engine: the
environments call it at every step. How points and results become rewards
is ``carcassonne.env.table.Rewards`` (any object with ``score_scale`` and
``result(game, seat)``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from carcassonne.encoding.decision import Decision, IllegalAction, Prefix
from carcassonne.encoding.layout import MAX_SEATS, ActionLayout
from carcassonne.encoding.squares import BoardSquares, start_tile
from carcassonne.engine.game import Game
from carcassonne.engine.moves import AnyMove


class Table:
    """One game as the environments see it (see the module docstring)."""

    def __init__(self, players: int | Sequence[str], sets: Iterable[str],
                 options: Mapping[str, Any] | None, layout: ActionLayout,
                 rewards: Any, *, undoable: bool = True) -> None:
        self.players = players
        #: Whether the games keep undo frames (``Game.undoable``): only
        #: needed where something plays and takes back moves on them (bots
        #: seated in the single-agent environment look ahead that way).
        self.undoable = undoable
        self.sets = tuple(sets)
        self.options = dict(options or {})
        self.layout = layout
        self.rewards = rewards
        #: Whether a game is set (``new_game`` or ``follow``).
        self.started = False
        self.game: Game
        self.squares: BoardSquares
        self.prefix: Prefix = ()
        #: Counts engine positions (new games and moves): what observation caches key on.
        self.version = 0
        self._decision: Decision | None = None
        self._paid: tuple[int, ...] = ()
        #: The moves of the game last followed (:meth:`follow`), as they were then.
        self._followed: tuple[AnyMove, ...] | None = None
        #: A view's action tree and origin (:meth:`pin`).
        self._pinned: tuple[Decision | None, tuple[int, int]] | None = None

    def __reduce__(self) -> tuple[Any, ...]:
        """What a copy or a pickle of the table keeps: everything but the
        current decision's action tree (made again from the game when next
        asked for)."""
        return (_table, (self.players, self.sets, self.options, self.layout, self.rewards,
                         self.undoable, self.game if self.started else None,
                         self.squares if self.started else None, self.prefix, self.version,
                         self._paid, self._followed))

    @property
    def seats(self) -> int:
        return self.players if isinstance(self.players, int) else len(self.players)

    def new_game(self, seed: int, stack: Iterable[str] | None = None,
                 wonders: Iterable[str] | None = None) -> None:
        """Set up a new game (``stack`` fixes the draw order)."""
        self.started = True
        self.game = Game.new(players=self.players, sets=self.sets, options=self.options,
                             seed=seed, stack=stack, wonders=wonders)
        if not self.undoable:
            # (``Game.undoable = False``: a compiled property setter taking
            # ``object`` is not safe to call from compiled code)
            self.game.position().keep_undo(False)
        if len(self.game.players) > MAX_SEATS:  # pragma: no cover - the engine caps it
            raise ValueError(f"at most {MAX_SEATS} seats")
        self.squares = BoardSquares(start_tile(self.game))
        self.squares.update(self.game)
        self.prefix = ()
        self.version += 1
        self._decision = None
        self._paid = (0,) * len(self.game.players)

    @property
    def origin(self) -> tuple[int, int]:
        """The board square at window column 0, row 0 (the window is
        centred on the board's bounding box)."""
        pinned = self._pinned
        if pinned is not None:
            return pinned[1]
        return self.squares.origin(self.layout.window)

    @property
    def decision(self) -> Decision | None:
        """The action tree of the current decision (None once the game is over)."""
        pinned = self._pinned
        if pinned is not None:
            return pinned[0]
        decision = self._decision
        if decision is not None:  # (made for this position, so the game is not over)
            return decision
        if self.game.is_over:
            return None
        decision = self._decision = Decision(self.game, self.layout, self.origin,
                                             self.squares.open_spots(self.game))
        return decision

    def legal_actions(self) -> list[int]:
        """The actions the current mask allows, increasing: a new list, the
        caller's to keep or change (empty once the game is over)."""
        decision = self.decision
        return [] if decision is None else decision.allowed(self.prefix)

    def pin(self, decision: Decision | None, origin: tuple[int, int]) -> None:
        """Show ``decision`` (None: nothing to decide, as at a chance node)
        and ``origin`` from now on, whatever the game: the table is then a
        view of a position whose action tree is kept elsewhere (OpenSpiel's
        states, ``carcassonne.openspiel.observer``), and nothing is played
        on it."""
        self._pinned = (decision, origin)

    def act(self, action: Any) -> AnyMove | None:
        """Take one action of the current player; return the engine move
        once its actions are complete (it is then played). Raises
        :class:`IllegalAction` (the table unchanged) if the mask forbids it."""
        decision = self.decision
        if decision is None:
            raise IllegalAction("the game is over: no action is allowed")
        prefix, move = decision.advance(self.prefix, action)
        if move is None:
            self.prefix = prefix
            return None
        self.play(move)
        return move

    def take(self, action: Any) -> int:
        """:meth:`act`, answering who acts next: the seat the game waits
        for (the same one while the move is incomplete), or -1 once the
        game is over."""
        self.act(action)
        position = self.game.position()
        return -1 if position.over else position.current

    def follow(self, game: Game) -> None:
        """Look at ``game`` instead, a game of the same table met later (or
        any other game): the squares seen so far are kept when ``game``
        continues the moves already seen, and read again otherwise. The
        table never plays on ``game`` unless :meth:`act` or :meth:`play` is
        called (a bot's look at a position, :mod:`carcassonne.env.policy`)."""
        moves = tuple(game.moves)
        seen = self._followed
        if seen is None or moves[:len(seen)] != seen:  # another game, or moves taken back
            self.squares = BoardSquares(start_tile(game))
        self._followed = moves
        self.started = True
        self.game = game
        self.squares.update(game)
        self.prefix = ()
        self.version += 1
        self._decision = None
        self._paid = game.scores

    def play(self, move: AnyMove | str) -> None:
        """Play an engine move (a bot's, or the one the actions named; its
        notation is read too)."""
        self.game.play(move)
        if isinstance(move, str):
            self.squares.update(self.game)  # the move as the game read it
        else:
            self.squares.played(move)
        self.prefix = ()
        self.version += 1
        self._decision = None

    def scored(self) -> bool:
        """Whether some score changed since the last :meth:`score_rewards`."""
        paid, scores = self._paid, self.game.position().scores
        for i in range(len(paid)):  # noqa: SIM110 (compiled: a loop makes no generator)
            if scores[i] != paid[i]:
                return True
        return False

    def score_rewards(self) -> list[float]:
        """Each seat's reward for its score changes since the last call."""
        scores = self.game.scores
        scale = float(self.rewards.score_scale)
        out = [scale * (now - paid) for now, paid in zip(scores, self._paid, strict=True)]
        self._paid = scores
        return out

    def result_rewards(self) -> list[float]:
        """Each seat's result reward (the game must be over)."""
        return [self.rewards.result(self.game, seat) for seat in range(len(self.game.players))]


def _table(players: int | Sequence[str], sets: tuple[str, ...], options: dict[str, Any],
           layout: ActionLayout, rewards: Any, undoable: bool, game: Game | None,
           squares: BoardSquares | None, prefix: Prefix, version: int,
           paid: tuple[int, ...], followed: tuple[AnyMove, ...] | None) -> Table:
    """A table rebuilt from its parts (:meth:`Table.__reduce__`)."""
    out = Table(players, sets, options, layout, rewards, undoable=undoable)
    if game is not None and squares is not None:
        out.game, out.squares, out.started = game, squares, True
    out.prefix, out.version, out._paid, out._followed = prefix, version, paid, followed
    return out
