#!/usr/bin/env python3
"""OpenSpiel's MCTS against the greedy bot, through ``python_carcassonne``.

    pip install 'carcassonne[openspiel]'
    python examples/openspiel_mcts.py --games 2 --simulations 50

OpenSpiel's ``MCTSBot`` (UCT with random rollouts to the end of the game,
``RandomRolloutEvaluator``) plays one seat of ``python_carcassonne``; the
project's ``greedy`` bot (``carcassonne.bots.make_bot("greedy", seed)``)
plays the others, choosing an engine move on ``state.engine_copy()`` that is
turned into its actions by ``state.move_actions(move)``. The search sees
the tile draws as chance nodes and samples them; it is never shown the real
order of the stack, because no state holds one: the example draws each tile
when the engine needs it, from the chance node's probabilities.

The MCTS seat moves round the table from game to game. Each game prints
its scores; the last line sums up the wins (a shared victory counts half).
With random rollouts a few simulations per decision are far too few to beat
``greedy``; ``--evaluator project`` replaces the rollouts by the project's
own judgement of a position (:func:`carcassonne.bots.evaluation.rewards`,
the expected evaluation the search bot uses, read from the state's engine
game), an example of plugging a domain evaluator into OpenSpiel's search.
"""

from __future__ import annotations

import argparse
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

import carcassonne.openspiel  # noqa: F401  (registers python_carcassonne)
from carcassonne.bots import make_bot
from carcassonne.bots.evaluation import EXPECTED, rewards
from carcassonne.env.layout import ActionLayout


def game_layout(state: pyspiel.State) -> ActionLayout:
    return state.get_game().layout


class ProjectEvaluator(mcts.Evaluator):
    """Leaves judged by the project's evaluation instead of random rollouts:
    each seat's chance-like reward in [0, 1] (0.5: level with the best
    rival) stretched to OpenSpiel's [-1, 1]; a finished game by its returns."""

    def evaluate(self, state: pyspiel.State) -> np.ndarray:
        if state.is_terminal():
            return np.asarray(state.returns())
        if state.prefix and not state.is_chance_node():  # a placement chosen, figures not yet
            stop = game_layout(state).stop
            if stop in state.legal_actions():
                state = state.child(stop)  # judged as placed without a figure
                if state.is_terminal():
                    return np.asarray(state.returns())
        game = state.engine_copy()
        if state.pending_move is not None:  # the move waits for its tiles: play it here
            game.play(state.pending_move)
        judged = rewards(game, evaluation=EXPECTED)
        return 2.0 * np.asarray(judged) - 1.0

    def prior(self, state: pyspiel.State) -> list[tuple[int, float]]:
        if state.is_chance_node():
            return state.chance_outcomes()
        legal = state.legal_actions(state.current_player())
        return [(action, 1.0 / len(legal)) for action in legal]


def play_game(game: pyspiel.Game, mcts_seat: int, simulations: int, rollouts: int,
              seed: int, evaluator_name: str = "random") -> tuple[list[int], list[int]]:
    """One game: MCTS on ``mcts_seat``, greedy elsewhere; the final scores and winners."""
    rng = np.random.RandomState(seed)
    evaluator: mcts.Evaluator = (
        ProjectEvaluator() if evaluator_name == "project"
        else mcts.RandomRolloutEvaluator(n_rollouts=rollouts, random_state=rng))
    searcher = mcts.MCTSBot(game, uct_c=2.0, max_simulations=simulations,
                            evaluator=evaluator, solve=False, random_state=rng)
    greedy = make_bot("greedy", seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=np.asarray(probs) / sum(probs))))
        elif state.current_player() == mcts_seat:
            state.apply_action(searcher.step(state))
        else:
            move = greedy.choose(state.engine_copy())
            for action in state.move_actions(move):
                state.apply_action(action)
    engine = state.engine_game
    return list(engine.scores), list(engine.winners)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2, help="games to play (default 2)")
    parser.add_argument("--simulations", type=int, default=50,
                        help="MCTS simulations per decision (default 50)")
    parser.add_argument("--rollouts", type=int, default=1,
                        help="random rollouts per leaf (default 1)")
    parser.add_argument("--evaluator", choices=("random", "project"), default="random",
                        help="leaves judged by random rollouts or by the project's "
                             "evaluation (default random)")
    parser.add_argument("--players", type=int, default=2, help="seats (default 2)")
    parser.add_argument("--sets", default="base", help="sets, joined by + (default base)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    args = parser.parse_args()
    game = pyspiel.load_game("python_carcassonne",
                             {"players": args.players, "sets": args.sets})
    wins = 0.0
    start = time.perf_counter()
    for i in range(args.games):
        seat = i % args.players
        scores, winners = play_game(game, seat, args.simulations, args.rollouts, args.seed + i,
                                    args.evaluator)
        if seat in winners:
            wins += 1.0 / len(winners)
        others = [s for p, s in enumerate(scores) if p != seat]
        print(f"game {i + 1}: MCTS (seat {seat}) {scores[seat]}, greedy {others}, "
              f"winners {winners}", flush=True)
    print(f"MCTS ({args.simulations} simulations, {args.evaluator} evaluator) won {wins:g} "
          f"of {args.games} games against greedy in {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
