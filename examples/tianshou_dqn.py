#!/usr/bin/env python3
"""Train a Tianshou DQN seat against Tianshou's random masked policy on the
AEC environment, then measure it against that random seat.

    pip install -e '.[env]' tianshou          # brings torch
    python examples/tianshou_dqn.py --epochs 2 --games 20

The environment comes from ``carcassonne.env.tianshou.tianshou_env``:
Tianshou's own ``PettingZooEnv`` wrapper, with the mask passed as an array
(see that module), around ``CarcassonneAEC(flat=True)`` so that ``obs`` is
one float32 array. The learner sits at seat 0 (``player_0``); rewards are
the AEC environment's (points as they are scored, +1/-1 for the result).
One observation is about 142,000 floats, so the replay buffer is small.
"""

from __future__ import annotations

import argparse

import numpy as np
import torch
from tianshou.algorithm import DQN, MARLRandomDiscreteMaskedOffPolicyAlgorithm
from tianshou.algorithm.modelfree.dqn import DiscreteQLearningPolicy
from tianshou.algorithm.multiagent.marl import MultiAgentOffPolicyAlgorithm
from tianshou.algorithm.optim import AdamOptimizerFactory
from tianshou.data import Collector, CollectStats, VectorReplayBuffer
from tianshou.env import DummyVectorEnv
from tianshou.trainer import OffPolicyTrainerParams
from tianshou.utils.net.common import Net

from carcassonne.env.tianshou import tianshou_env


def make_env() -> object:
    return tianshou_env(players=2, flat=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--epochs", type=int, default=2)
    parser.add_argument("--epoch-steps", type=int, default=1000, help="environment steps per epoch")
    parser.add_argument("--games", type=int, default=20, help="evaluation games")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    np.random.seed(args.seed)
    torch.manual_seed(args.seed)

    env = make_env()
    space = env.observation_space["observation"]
    net = Net(state_shape=space.shape, action_shape=env.action_space.n, hidden_sizes=[64])
    learner = DQN(policy=DiscreteQLearningPolicy(model=net, action_space=env.action_space,
                                                 eps_training=0.2, eps_inference=0.0),
                  optim=AdamOptimizerFactory(lr=1e-3), gamma=0.95, n_step_return_horizon=1,
                  target_update_freq=200)
    random_seat = MARLRandomDiscreteMaskedOffPolicyAlgorithm(action_space=env.action_space)
    both = MultiAgentOffPolicyAlgorithm(algorithms=[learner, random_seat], env=env)

    train_envs = DummyVectorEnv([make_env, make_env])
    test_envs = DummyVectorEnv([make_env, make_env])
    train_envs.seed(args.seed)
    test_envs.seed(args.seed + 1)
    train = Collector[CollectStats](both, train_envs, VectorReplayBuffer(400, len(train_envs)),
                                    exploration_noise=True)
    test = Collector[CollectStats](both, test_envs, VectorReplayBuffer(400, len(test_envs)))
    train.reset()
    train.collect(n_step=64)
    both.run_training(OffPolicyTrainerParams(
        training_collector=train, test_collector=test, max_epochs=args.epochs,
        epoch_num_steps=args.epoch_steps, collection_step_num_env_steps=16,
        test_step_num_episodes=2, batch_size=32, update_step_num_gradient_steps_per_sample=0.25,
        test_in_training=False, show_progress=False,
        multi_agent_return_reduction=lambda rews: rews[:, 0]))

    # the learner's likeliest actions against the random seat, game after game
    both.eval()
    wins = 0.0
    margins = []
    single = make_env()
    for game in range(args.games):
        obs, _ = single.reset(seed=10_000 + game)
        done = False
        while not done:
            seat = 0 if obs["agent_id"] == "player_0" else 1
            if seat == 0:
                with torch.no_grad():
                    q = net(torch.as_tensor(obs["obs"][None]))[0].numpy()[0]
                action = int(np.where(obs["mask"], q, -np.inf).argmax())
            else:
                action = int(np.random.choice(np.flatnonzero(obs["mask"])))
            obs, _, done, _, _ = single.step(action)
        game_over = single.game
        wins += (1.0 / len(game_over.winners)) if 0 in game_over.winners else 0.0
        margins.append(game_over.scores[0] - game_over.scores[1])
    print(f"trained {args.epochs} x {args.epoch_steps} steps; against the random seat: won "
          f"{wins / args.games:.0%} of {args.games} games, mean margin "
          f"{np.mean(margins):+.1f} points")


if __name__ == "__main__":
    main()
