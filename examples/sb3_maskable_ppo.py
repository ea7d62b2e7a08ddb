#!/usr/bin/env python3
"""Train sb3-contrib's MaskablePPO on the single-agent environment, then
measure it against the bot it trained with.

    pip install -e '.[env]' sb3-contrib      # brings Stable-Baselines3 and torch
    python examples/sb3_maskable_ppo.py --steps 20000 --games 20

The environment is used as built, with no wrapper: ``flat=True`` makes the
observation one float32 array beside the action mask, which
Stable-Baselines3's ``MultiInputPolicy`` takes as it is (no nested spaces,
no image planes to transpose), and ``SingleAgentEnv.action_masks()`` is what
MaskablePPO asks the environment for. Evaluation plays paired games: each
seed once from each seat, on the same stack.

The trained model is saved (``--save``, default ``maskable_ppo.zip``) and
``bot()`` below makes it a project bot, so the arena and the lobby seat it::

    carcassonne arena --games 20 greedy ppo=policy:examples/sb3_maskable_ppo.py:bot
    carcassonne serve --policy-bot ppo=examples/sb3_maskable_ppo.py:bot

(``CARCASSONNE_SB3_MODEL`` names another saved model.)
"""

from __future__ import annotations

import argparse
import os
from functools import cache

from sb3_contrib import MaskablePPO

from carcassonne import Game
from carcassonne.bots import make_bot
from carcassonne.env import SingleAgentEnv
from carcassonne.env.policy import PolicyBot, sb3_policy

#: Where the model is saved and where bot() loads it from.
MODEL = "maskable_ppo.zip"


@cache
def _load(path: str) -> MaskablePPO:
    return MaskablePPO.load(path, device="cpu")


def bot(seed: int | str | None = None) -> PolicyBot:
    """The saved model as a bot (``policy:examples/sb3_maskable_ppo.py:bot``):
    it reads the observation form it was trained on, flat."""
    return PolicyBot(sb3_policy(_load(os.environ.get("CARCASSONNE_SB3_MODEL", MODEL))),
                     flat=True)


def evaluate(model: MaskablePPO, opponent: str, games: int, seed: int) -> tuple[float, float]:
    """The learner's win rate (a shared win counts half) and mean margin
    over ``games`` games, half from each seat, with its likeliest actions."""
    env = SingleAgentEnv(opponents=[opponent], flat=True)
    points = margin = 0.0
    for game in range(games):
        seat = game % 2
        obs, _ = env.reset(seed=seed + game // 2, options={"seat": seat})
        done = False
        info: dict = {}
        while not done:
            action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
            obs, _, done, _, info = env.step(int(action))
        winners, scores = info["winners"], info["scores"]
        points += (1.0 / len(winners)) if seat in winners else 0.0
        margin += scores[seat] - scores[1 - seat]
    return points / games, margin / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=20_000, help="training steps")
    parser.add_argument("--games", type=int, default=20, help="evaluation games (paired)")
    parser.add_argument("--opponent", default="random", help="a bot name (carcassonne bots)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--save", default=MODEL, help=f"where to save the model ({MODEL})")
    args = parser.parse_args()

    env = SingleAgentEnv(opponents=[args.opponent], seat="random", flat=True)
    # A small network and short rollouts: one observation is about 142,000
    # floats (73 planes of 44 x 44 squares and the vector), so the rollout
    # buffer holds n_steps of them.
    model = MaskablePPO("MultiInputPolicy", env, n_steps=256, batch_size=64, n_epochs=4,
                        policy_kwargs={"net_arch": [64]}, seed=args.seed, verbose=0)
    model.learn(total_timesteps=args.steps)
    rate, margin = evaluate(model, args.opponent, args.games, seed=10_000 + args.seed)
    print(f"trained {args.steps} steps; against {args.opponent}: won {rate:.0%} of "
          f"{args.games} paired games, mean margin {margin:+.1f} points")
    model.save(args.save)
    # The same policy as a project bot, here in one game against greedy.
    players = [PolicyBot(sb3_policy(model), flat=True), make_bot("greedy", seed=args.seed)]
    game = Game.new(players=2, seed=args.seed)
    while not game.is_over:
        game.play(players[game.current_player].choose(game))
    print(f"saved {args.save}; as a bot against greedy: {game.scores[0]} to {game.scores[1]}")


if __name__ == "__main__":
    main()
