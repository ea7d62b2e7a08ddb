"""Tianshou's multi-agent form of the AEC environment, without its slow step.

Tianshou plays PettingZoo games through its own ``PettingZooEnv`` wrapper,
which hands every policy ``{"agent_id", "obs", "mask"}``; it builds that
mask as a Python list of booleans, one per action, at every step (33,313 of
them with the default window). :func:`tianshou_env` returns the same wrapper
with the mask handed over as the boolean numpy array it already is, so
Tianshou's collectors, buffers and masked policies (DQN's, the random
policy's) work unchanged::

    from tianshou.env import DummyVectorEnv
    from carcassonne.env.tianshou import tianshou_env
    envs = DummyVectorEnv([lambda: tianshou_env(players=2, flat=True)] * 4)

Needs ``tianshou`` (``pip install tianshou``); ``flat=True`` gives Tianshou's
networks the one array they expect as ``obs``. ``env.game`` is the engine game.
"""

from __future__ import annotations

from typing import Any

from carcassonne.env.aec import CarcassonneAEC


def tianshou_env(**kwargs: Any) -> Any:
    """A Tianshou ``PettingZooEnv`` around ``CarcassonneAEC(**kwargs)``
    whose masks are boolean arrays (see the module docstring)."""
    from tianshou.env.pettingzoo_env import PettingZooEnv

    class TianshouCarcassonne(PettingZooEnv):  # type: ignore[misc]
        """Tianshou's wrapper, the mask kept as an array."""

        def _seat_view(self) -> tuple[dict[str, Any], Any, Any, Any, dict[str, Any]]:
            observation, reward, terminated, truncated, info = self.env.last()
            # Tianshou stacks infos into arrays, step after step: the lists
            # of the AEC infos (legal_actions, scores) vary in length and are
            # left out (the mask holds the legal actions; read the scores
            # from env.game)
            kept = {k: v for k, v in info.items() if not isinstance(v, list)}
            return ({"agent_id": self.env.agent_selection, "obs": observation["observation"],
                     "mask": observation["action_mask"].astype(bool)},
                    reward, terminated, truncated, kept)

        def reset(self, *args: Any, **kw: Any) -> tuple[dict[str, Any], dict[str, Any]]:
            self.env.reset(*args, **kw)
            obs, _, _, _, info = self._seat_view()
            return obs, info

        def step(self, action: Any) -> tuple[dict[str, Any], list[float], bool, bool,
                                             dict[str, Any]]:
            self.env.step(action)
            obs, _, terminated, truncated, info = self._seat_view()
            for agent, reward in self.env.rewards.items():
                self.rewards[self.agent_idx[agent]] = reward
            return obs, self.rewards, terminated, truncated, info

        @property
        def game(self) -> Any:
            """The engine game being played (read it, do not play on it)."""
            return self.env.game

    return TianshouCarcassonne(CarcassonneAEC(**kwargs))
