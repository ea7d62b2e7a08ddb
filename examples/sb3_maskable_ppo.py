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
"""

from __future__ import annotations

import argparse

from sb3_contrib import MaskablePPO

from carcassonne.env import SingleAgentEnv


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


if __name__ == "__main__":
    main()
