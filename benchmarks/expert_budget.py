"""How often the expert's work budget binds, and what it costs.

Run by hand (never in CI)::

    python benchmarks/expert_budget.py --sets base --players 2 --games 3
    python benchmarks/expert_budget.py --sets base --players 4 --games 3
    python benchmarks/expert_budget.py --sets every --players 2 --games 3
    python benchmarks/expert_budget.py --sets base --players 4 --plan work=500000

The expert (:mod:`carcassonne.bots.expectimax`) looks at the kinds of tile
the next player may draw, likeliest first, until its work budget
(``Plan.work``) would be passed. This plays whole games with the expert
seated first and ``greedy`` in the other seats (seeds ``--seed`` on), and
for each of the expert's decisions with more than one candidate counts:

- the kinds of tile looked at, against the kinds it could have looked at
  (every kind left, at most ``Plan.outcomes``);
- whether the budget cut the search short, and if it did, whether the
  search without a budget (``work=0``) would have chosen the same move;
- the time of the budgeted search (one process).

The same positions are reached whatever the budget, since the expert plays
its budgeted choice. docs/bots.md ("The expert") has the table.
"""

from __future__ import annotations

import argparse
import time
from dataclasses import replace

from search_bot import sets_of

from carcassonne import Game
from carcassonne.bots import expert_spec, make_bot
from carcassonne.bots.expectimax import Plan, averages, chosen, outcome_rewards, ranked


def measure(plan: Plan, sets: tuple[str, ...], players: int, games: int, seed: int) -> None:
    decisions = cut = same = 0
    reached = kinds = 0
    spent: list[float] = []
    for k in range(games):
        game = Game.new(players=players, seed=seed + k, sets=sets)
        rivals = [make_bot("greedy", seed=seed + k + 1000 * q) for q in range(1, players)]
        while not game.is_over:
            seat = game.current_player or 0
            if seat:
                game.play(rivals[seat - 1].choose(game))
                continue
            search_seed = 1000 + len(game.moves)
            candidates, _ = ranked(game, plan, search_seed)
            if len(candidates) == 1:
                game.play(candidates[0])
                continue
            start = time.perf_counter()
            rounds = outcome_rewards(game, plan, search_seed, candidates)
            spent.append(time.perf_counter() - start)
            mine = chosen(candidates, averages([rounds]))
            could = max(1, min(len(game.chance_outcomes()), plan.outcomes))
            decisions += 1
            reached += len(rounds)
            kinds += could
            if len(rounds) < could:
                cut += 1
                unlimited = outcome_rewards(game, replace(plan, work=0), search_seed, candidates)
                same += chosen(candidates, averages([unlimited])) == mine
            game.play(mine)
    print(f"sets {','.join(sets)}; {players} players; {games} games from seed {seed}; "
          f"work {plan.work}, own {plan.own}")
    print(f"{'decisions':>9} {'cut short':>9} {'same as unlimited':>17} "
          f"{'tiles looked at':>15} {'of kinds':>8} {'mean s':>7} {'slowest s':>9}")
    print(f"{decisions:>9} {cut:>9} {same:>17} {reached / max(decisions, 1):>15.1f} "
          f"{kinds / max(decisions, 1):>8.1f} {sum(spent) / max(len(spent), 1):>7.2f} "
          f"{max(spent, default=0):>9.2f}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sets", default="base", help="SET,... or 'every' for all of them")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=100)
    parser.add_argument("--plan", default="",
                        help="the expert's plan as KEY=VALUE,... (as after expert:)")
    args = parser.parse_args()
    measure(expert_spec(args.plan)[0], sets_of(args.sets), args.players, args.games, args.seed)


if __name__ == "__main__":
    main()
