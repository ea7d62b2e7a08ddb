"""The end of a game solved exactly: every order of the tiles left, and each player's best play.

When few tiles are left the review need not estimate: it can follow every
legal move, every tile that may be drawn next (with its chance, from the
tiles left, :meth:`Game.chance_outcomes`), every reply, to the end of the
game, where the scores are final. Each player is taken to play the move
that gives *them* the best expected final lead (their score minus the best
rival's), choosing before the next tile is known, as a player must: the
value of a move is the average over the next draws of the best play after
each. That is the game's exact expected outcome under best play with the
information the players have; with two players it is the classic
expectimax of a zero-sum game.

The work grows about a hundredfold with each tile (every legal move, times
every kind of tile, times every reply), so only the last few tiles are
solved (docs/analysis.md measures how many fit in a few seconds)::

    >>> from carcassonne import Game
    >>> from carcassonne.bots import GreedyBot
    >>> game = Game.new(players=2, seed=4)
    >>> bot = GreedyBot(seed=4)
    >>> while game.stack_size > 0:
    ...     game.play(bot.choose(game))
    >>> values = solve(game)
    >>> max(v[game.current_player] for v in values.values())
    -13.0

Two limits: a game with hands (``hand`` above 1, or ``draw_ahead``) hides
tiles the solver would have to deal, so :func:`solvable` says no; and a
drawn tile that cannot be placed anywhere is put aside and the next one
drawn from the deal the search starts from, not over every order (rare at
the end of a game).
"""

from __future__ import annotations

import random

from carcassonne.engine import Game
from carcassonne.engine.moves import AnyMove

#: Per player, the expected final lead (score minus the best rival's).
Leads = list[float]


def solvable(game: Game, tiles: int) -> bool:
    """Whether ``game``'s current decision is solved exactly when at most
    ``tiles`` tiles are left to place (the one in hand included): the game
    is on, has no hands, and the stack is that short."""
    options = game.position().options
    return (game.current_player is not None and options.hand == 1 and not options.draw_ahead
            and game.stack_size + 1 <= tiles)


#: The most moves :func:`solve` plays by default before it gives up: a few
#: seconds on one core (docs/analysis.md).
PLAYS = 100_000


class TooLong(Exception):
    """The solution needs more than the moves allowed."""


def solve(game: Game, plays: int = PLAYS) -> dict[AnyMove, Leads]:
    """Every legal move of ``game``'s current decision with each player's
    expected final lead after it, under best play by everyone; ``game`` is
    not changed. Raises :class:`TooLong` once ``plays`` moves have been
    played on the way without an answer (0: no limit)."""
    seat = game.current_player
    if seat is None:
        raise ValueError("the game is over: there is no decision to solve")
    solver = Solver(game.determinized(seat, random.Random(0)), plays)
    return {move: solver.after(move) for move in list(solver.state.legal_moves())}


def _final(state: Game) -> Leads:
    scores = state.scores
    return [float(mine - max(s for q, s in enumerate(scores) if q != p))
            for p, mine in enumerate(scores)]


class Solver:
    """The search of :func:`solve` on ``state`` (a copy it may change),
    counting the moves it plays: :attr:`left` goes down by one a move from
    ``plays`` (from -1 with no limit, so ``-left - 1`` moves were played)."""

    def __init__(self, state: Game, plays: int) -> None:
        self.state = state
        self.plays = plays
        self.left = plays or -1

    def value(self) -> Leads:
        """Each player's expected final lead from here under best play."""
        state = self.state
        seat = state.current_player
        if seat is None:
            return _final(state)
        best: Leads | None = None
        for move in list(state.legal_moves()):
            value = self.after(move)
            if best is None or value[seat] > best[seat]:
                best = value
        assert best is not None  # a game on always has a legal move
        return best

    def after(self, move: AnyMove) -> Leads:
        """The expected leads once ``move`` is played: over every tile it
        may draw, by its chance, when it draws one."""
        state = self.state
        outcomes = state.chance_outcomes()
        size = state.stack_size
        self.play(move)
        if state.stack_size == size:  # no tile drawn (a choice follows, or the end)
            value = self.value()
            state.undo()
            return value
        state.undo()
        total = [0.0] * len(state.players)
        for tile, chance in outcomes:
            state.fix_draws([tile])
            self.play(move)
            for p, lead in enumerate(self.value()):
                total[p] += chance * lead
            state.undo()
        return total

    def play(self, move: AnyMove) -> None:
        if self.left == 0:
            raise TooLong(f"more than {self.plays} moves")
        self.left -= 1
        self.state.play(move)
