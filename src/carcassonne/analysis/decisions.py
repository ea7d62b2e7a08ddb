"""What each move of one decision is worth: the expected final lead, in points.

A decision is weighed with the expert's search
(:func:`carcassonne.bots.expectimax.outcome_rewards`): the best moves by
their one-move value, and the move played if it is not among them, each
followed over every kind of tile the next player may draw (likeliest first,
within the work budget), the rivals' best replies and the mover's own next
move. Where the expert squashes the lead into a reward, the analysis keeps
it in points: each line ends in the mover's *lead*, its estimated final
score (:meth:`~carcassonne.bots.evaluation.Evaluation.worths`: points
scored, unfinished features at their end value plus what they are likely
to bring, followers in hand) minus the best rival's. With two players that
is the expected final score difference; with more, the margin over the
best opponent. A finished game is judged by its final scores.

When only the last few tiles are left (``exact``, and the solution fits
its budget) the decision is solved instead (:mod:`.endgame`): every legal
move is valued exactly, and the values say so.

Everything read is public: the search starts from a deal of the hidden
stack (:meth:`Game.determinized`), as the mover saw it, so the value of a
move does not know the tiles that really came.
"""

from __future__ import annotations

import contextlib
import random
import time
from dataclasses import dataclass

from carcassonne.analysis.endgame import TooLong, solvable, solve
from carcassonne.bots.evaluation import leads
from carcassonne.bots.evaluation_names import EVALUATIONS
from carcassonne.bots.expectimax import Plan, averages, chosen, outcome_rewards, ranked
from carcassonne.bots.greedy_bot import GreedyBot
from carcassonne.engine import Game
from carcassonne.engine.moves import AnyMove


@dataclass(frozen=True)
class Weighed:
    """One decision weighed: each move looked into with its expected final
    lead for the mover (points), the best of them, how many kinds of tile
    the values average over, and whether they are exact (solved)."""

    values: dict[AnyMove, float]
    best: AnyMove
    tiles: int
    exact: bool = False

    def loss(self, played: AnyMove) -> float:
        """Points of expected lead ``played`` gives up against the best."""
        return self.values[self.best] - self.values[played]


def weigh(game: Game, played: AnyMove, plan: Plan, seed: int,
          seconds: float | None = None, exact: int = 0,
          also: tuple[AnyMove, ...] = ()) -> Weighed:
    """Weigh the decision of ``game``'s current player, who played
    ``played`` (a legal move): solved when at most ``exact`` tiles are left
    to place (:func:`.endgame.solvable`) and the solution fits its budget,
    otherwise over the plan's best candidates, ``also`` and ``played``;
    with ``seconds``, no further tile is looked at once that long has
    passed (at least one always is). ``game`` is not changed."""
    seat = game.current_player
    if seat is None:
        raise ValueError("the game is over: there is no decision to weigh")
    if solvable(game, exact):
        try:
            solved = solve(game)
        except TooLong:
            pass
        else:
            values = {move: value[seat] for move, value in solved.items()}
            top = max(values.values())
            # the move played when it is as good as any, else the first best
            best = played if values[played] == top else next(
                move for move, value in values.items() if value == top)
            return Weighed(values, best, len(game.chance_outcomes()), exact=True)
    candidates, _ = ranked(game, plan, seed)
    for move in (*also, played):
        if move not in candidates:
            candidates.append(move)
    evaluation = EVALUATIONS[plan.evaluation]

    def lead(after: Game) -> float:
        return leads(evaluation.worths(after))[seat] / 100

    until = None if seconds is None else time.monotonic() + seconds
    rounds = outcome_rewards(game, plan, seed, candidates, leaf=lead, until=until)
    values = averages([rounds])
    return Weighed(values, chosen(candidates, values), len(rounds))


def main_line(game: Game, first: AnyMove, plan: Plan, seed: int,
              length: int = 3) -> list[tuple[int, AnyMove]]:
    """An example of what may follow ``first`` in ``game``: on the
    likeliest next tile each time, the next ``length`` moves, each player's
    best one move deep by the search's estimate (the replies the expert
    imagines), with their players. One future among many, to show a best
    move's idea; its value is the average over the tiles, not this line's.
    ``game`` is not changed."""
    seat = game.current_player
    if seat is None:
        return []
    state = game.determinized(seat, random.Random(seed))
    evaluation = EVALUATIONS[plan.evaluation]
    line: list[tuple[int, AnyMove]] = []
    move = first
    while True:
        outcomes = state.chance_outcomes()
        if outcomes:
            with contextlib.suppress(ValueError):  # a tile that cannot come next (RIVER-SETUP-2)
                state.fix_draws([max(outcomes, key=lambda o: o[1])[0]])
        state.play(move)
        player = state.current_player
        if player is None or len(line) == length:
            return line
        move = GreedyBot(seed=f"{seed}:line:{len(line)}", evaluation=evaluation,
                         cap=plan.cap).choose(state)
        line.append((player, move))
