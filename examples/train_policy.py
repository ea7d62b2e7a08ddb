#!/usr/bin/env python3
"""Train a small policy against the random bot, then measure it (numpy only).

    python examples/train_policy.py --minutes 3 --seed 1
    python examples/train_policy.py --minutes 20 --opponent greedy

The learner plays the single-agent environment (``carcassonne.env``, base
game, 2 players, seat drawn at random) against ``random``. Its policy is a
softmax over the *allowed* actions only (the action mask), with a linear
score per action computed from a few features of the action, read from the
observation alone:

* a placement (slot, square, rotation): how many city, road and field sides
  of the turned tile touch a neighbour or stay open, how many neighbours it
  has, whether its city or road sides touch squares holding the learner's or
  an opponent's figures, and whether it lies beside a monastery that holds a
  figure of the learner;
* a figure: its kind and the feature it stands in (city, road, field,
  monastery, from the chosen rotation's edges), and a field figure late in
  the game;
* ``stop`` (no figure): a constant, the learner's meeples left, the game's
  progress.

It learns by REINFORCE with a running baseline: after each game every
chosen action's features are pushed towards (or away from) the features
the policy expected, in proportion to the return that followed (own points
x 0.02 plus +1 for a win, -1 for a loss). Then it plays paired games against
``random`` (each seed once from each seat, the same stack) with its most
likely action and prints its win rate (a shared victory counts half).
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from carcassonne.env import PLANES, Rewards, SingleAgentEnv
from carcassonne.env.layout import FIGURE_KINDS, HAND_SLOTS, QUARTERS, SPOTS
from carcassonne.env.observations import VECTOR_START

P = {name: i for i, name in enumerate(PLANES)}
S = VECTOR_START
FEATURES = ("city", "road", "field", "monastery")
#: (row, column) steps to the neighbour through side N, E, S, W.
STEPS = ((-1, 0), (0, 1), (1, 0), (0, -1))
PLACE_FEATURES = 13
FIGURE_FEATURES = len(FIGURE_KINDS) * len(FEATURES) + 1
STOP_FEATURES = 3
SIZE = PLACE_FEATURES + FIGURE_FEATURES + STOP_FEATURES


class Features:
    """Per allowed action, its feature vector (see the module docstring)."""

    def __init__(self, env: SingleAgentEnv) -> None:
        self.layout = env.layout
        self.start_stack = 1.0

    def __call__(self, obs: dict, actions: np.ndarray) -> np.ndarray:
        planes = obs["observation"]["planes"].astype(np.float32)
        vector = obs["observation"]["vector"]
        out = np.zeros((len(actions), SIZE), dtype=np.float32)
        layout = self.layout
        late = 1.0 - vector[S["stack_size"]] / self.start_stack
        edges = vector[S["to_place_edges"]:S["to_place_edges"] + HAND_SLOTS * QUARTERS * 12]
        edges = edges.reshape(HAND_SLOTS, QUARTERS, 4, 3)  # slot, quarter, side, kind
        place = actions < layout.figure_base
        if place.any():
            out[place, :PLACE_FEATURES] = self._placements(planes, edges, actions[place])
        stop = actions == layout.stop
        if stop.any():
            meeples = vector[S["supply"] + FIGURE_KINDS.index("meeple")]
            out[stop, PLACE_FEATURES + FIGURE_FEATURES:] = (1.0, meeples / 7, late)
        figure = (actions >= layout.figure_base) & (actions < layout.stop)
        if figure.any():
            chosen = vector[S["chosen"]:S["chosen"] + HAND_SLOTS + 2 + QUARTERS]
            slot = int(chosen[:HAND_SLOTS].argmax())
            quarter = int(chosen[HAND_SLOTS + 2:].argmax())
            sides = edges[slot, quarter]
            for row, action in zip(np.flatnonzero(figure), actions[figure], strict=True):
                _, kind, _, spot = layout.describe(int(action))
                where = SPOTS.index(str(spot))
                if spot == "monastery":
                    feature = 3
                elif where >= 4:
                    feature = 2
                else:
                    feature = 0 if sides[where, 0] else 1
                k = FIGURE_KINDS.index(str(kind))
                out[row, PLACE_FEATURES + k * len(FEATURES) + feature] = 1.0
                if feature == 2:
                    out[row, PLACE_FEATURES + FIGURE_FEATURES - 1] = late
        return out

    def _placements(self, planes: np.ndarray, edges: np.ndarray,
                    actions: np.ndarray) -> np.ndarray:
        w = self.layout.window
        rest, quarter = np.divmod(actions, QUARTERS)
        rest, dx = np.divmod(rest, w)
        slot, dy = np.divmod(rest, w)
        turned = edges[slot, quarter]  # (n, side, kind)
        tile = np.pad(planes[P["tile"]], 1)
        own = np.pad(planes[P["figure_0_meeple"]:P["figure_0_meeple"] + 4].sum(0), 1)
        first_other = P["figure_1_meeple"]
        others = np.pad(planes[first_other:first_other + 20].sum(0), 1)
        monks = np.pad(planes[P["figure_on_monastery"]] * own[1:-1, 1:-1], 1)
        near = np.zeros((len(actions), 4), dtype=np.float32)
        mine = np.zeros_like(near)
        theirs = np.zeros_like(near)
        for side, (sy, sx) in enumerate(STEPS):
            y, x = dy + 1 + sy, dx + 1 + sx
            near[:, side] = tile[y, x]
            mine[:, side] = own[y, x]
            theirs[:, side] = others[y, x]
        ring = sum(monks[dy + 1 + a, dx + 1 + b] for a in (-1, 0, 1) for b in (-1, 0, 1))
        city, road, field = turned[..., 0], turned[..., 1], turned[..., 2]
        return np.stack([
            (city * near).sum(1), (road * near).sum(1), (field * near).sum(1),
            (city * (1 - near)).sum(1), (road * (1 - near)).sum(1), near.sum(1),
            (city * mine).sum(1), (road * mine).sum(1), (city * theirs).sum(1),
            (road * theirs).sum(1), ring, (field * mine).sum(1), np.ones(len(actions)),
        ], axis=1)


def softmax(logits: np.ndarray) -> np.ndarray:
    z = np.exp(logits - logits.max())
    return z / z.sum()


def play(env: SingleAgentEnv, features: Features, weights: np.ndarray,
         rng: np.random.Generator | None, seed: int, seat: int | None = None,
         ) -> tuple[list[tuple[np.ndarray, int]], list[float], dict]:
    """One game: per step (features of the allowed actions, index chosen),
    the rewards, and the last info. ``rng`` None plays the likeliest action."""
    options = None if seat is None else {"seat": seat}
    obs, _ = env.reset(seed=seed, options=options)
    features.start_stack = max(float(env.game.stack_size), 1.0)
    trace, rewards = [], []
    done, info = False, {}
    while not done:
        actions = np.flatnonzero(obs["action_mask"])
        phi = features(obs, actions)
        logits = phi @ weights
        if rng is None:
            choice = int(logits.argmax())
        else:
            choice = int(rng.choice(len(actions), p=softmax(logits)))
        trace.append((phi, choice))
        obs, reward, done, _, info = env.step(int(actions[choice]))
        rewards.append(reward)
    return trace, rewards, info


def train(env: SingleAgentEnv, minutes: float, seed: int) -> tuple[np.ndarray, int]:
    features = Features(env)
    weights = np.zeros(SIZE, dtype=np.float32)
    rng = np.random.default_rng(seed)
    baseline, games, rate = 0.0, 0, 0.05
    deadline = time.monotonic() + 60 * minutes
    while time.monotonic() < deadline:
        trace, rewards, _ = play(env, features, weights, rng, seed=int(rng.integers(2**31)))
        returns = np.cumsum(rewards[::-1])[::-1]  # what followed each step
        gradient = np.zeros_like(weights)
        for (phi, choice), ret in zip(trace, returns, strict=True):
            expected = softmax(phi @ weights) @ phi
            gradient += (ret - baseline) * (phi[choice] - expected)
        weights += rate * gradient / max(len(trace), 1)
        baseline = 0.95 * baseline + 0.05 * float(np.mean(returns))
        games += 1
    return weights, games


def evaluate(env: SingleAgentEnv, weights: np.ndarray | None, pairs: int, seed: int,
             ) -> tuple[float, float, float]:
    """Win rate (ties count half) and mean scores over paired games, playing
    the likeliest action (``weights`` None: uniformly among the allowed)."""
    features = Features(env)
    rng = None if weights is not None else np.random.default_rng(seed)
    if weights is None:
        weights = np.zeros(SIZE, dtype=np.float32)
    points = 0.0
    mine, theirs = [], []
    for k in range(pairs):
        for seat in (0, 1):
            _, _, info = play(env, features, weights, rng, seed=seed + k, seat=seat)
            winners = info["winners"]
            points += (1.0 if len(winners) == 1 else 0.5) if seat in winners else 0.0
            mine.append(info["scores"][seat])
            theirs.append(info["scores"][1 - seat])
    return points / (2 * pairs), float(np.mean(mine)), float(np.mean(theirs))


def main() -> None:
    parser = argparse.ArgumentParser(description="Train a linear policy against a bot.")
    parser.add_argument("--minutes", type=float, default=3.0, help="training time")
    parser.add_argument("--opponent", default="random",
                        help="the bot trained and measured against (default random)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--eval-games", type=int, default=200,
                        help="evaluation games (paired: half from each seat)")
    args = parser.parse_args()
    rewards = Rewards(score_scale=0.02, win=1.0, loss=-1.0, shared=0.0)
    env = SingleAgentEnv(opponents=[args.opponent], seat="random", rewards=rewards)
    start = time.monotonic()
    weights, games = train(env, args.minutes, args.seed)
    print(f"trained on {games} games in {time.monotonic() - start:.0f} s")
    print("weights:", np.array2string(weights, precision=2, max_line_width=100))
    pairs = max(args.eval_games // 2, 1)
    seed = 10_000 + args.seed
    for name, policy in (("untrained (uniform over the mask)", None), ("trained", weights)):
        rate, mine, theirs = evaluate(env, policy, pairs, seed)
        print(f"{name} against {args.opponent} over {2 * pairs} paired games: win rate {rate:.1%}, "
              f"mean score {mine:.1f} to {theirs:.1f}")


if __name__ == "__main__":
    main()
