"""Many single-agent games stepped together: a Gymnasium vector environment.

::

    >>> import numpy as np
    >>> from carcassonne.env import CarcassonneVectorEnv
    >>> envs = CarcassonneVectorEnv(4, opponents=["random"])
    >>> obs, infos = envs.reset(seed=1)       # sub-environment i is seeded 1 + i
    >>> obs["action_mask"].shape              # (num_envs, n_actions)
    (4, 33313)
    >>> masks = envs.action_masks()           # bool, the same as obs["action_mask"] != 0
    >>> actions = np.array([np.flatnonzero(m)[0] for m in masks])
    >>> obs, rewards, terminations, truncations, infos = envs.step(actions)

:class:`CarcassonneVectorEnv` runs ``num_envs`` :class:`SingleAgentEnv`
games one after the other in the calling process: it batches them for a
learner, it does not make a step cheaper (``benchmarks/vector_env.py``
measures it beside a plain loop over the same games).
Every keyword argument of :class:`SingleAgentEnv` (``opponents``, ``seat``,
``players``, ``sets``, ``options``, ``window``, ``flat``, ``channels``,
``rewards``, ``illegal_action``, ...) applies to every sub-environment.

What :meth:`~CarcassonneVectorEnv.step` returns follows
:class:`gymnasium.vector.VectorEnv`:

* observations stacked along a new first axis: ``planes`` ``(N, C, W, W)``
  uint8 and ``vector`` ``(N, V)`` float32, or ``observation`` ``(N, C * W * W
  + V)`` float32 with ``flat=True``; ``action_mask`` ``(N, n_actions)`` int8;
* ``rewards`` float64 ``(N,)``; ``terminations`` and ``truncations`` bool
  ``(N,)`` (never truncated: a game always ends);
* ``infos``: one dict for all sub-environments, each key holding an array
  over them (numbers in a numeric array, lists and strings in an object
  array) beside a ``_key`` bool array saying which sub-environments set it.

**Autoreset.** ``autoreset_mode=AutoresetMode.SAME_STEP`` (the default): a
sub-environment whose game ends is reset within the same step; the step
returns the first observation of its next game, while the last one and its
info (``scores``, ``winners``, ``seat``) are in ``infos["final_obs"]`` and
``infos["final_info"]`` (masks ``_final_obs``, ``_final_info``). Every
observation a learner sees then has a non-empty action mask, which is what a
masked policy needs: it never samples from an empty mask. ``NEXT_STEP``
(Gymnasium's own default) returns the final observation, empty mask and
all, and resets at the following step, ignoring that step's action for the
sub-environment (reward 0). ``DISABLED`` never resets by itself: reset the
finished sub-environments with ``reset(options={"reset_mask": mask})``.
Automatic resets pass no seed and no options, so each sub-environment's
generator continues (the run stays reproducible from the first seed) and a
reset option such as ``{"seat": 1}`` lasts one game only; constructor
arguments last for good.

**Seeding.** ``reset(seed=s)`` seeds sub-environment ``i`` with ``s + i``
(as Gymnasium's vector environments do); a list gives one seed (or
``None``) per sub-environment; no seed continues each generator. Sub-
environment ``i`` then plays exactly what ``SingleAgentEnv(...)`` reset with
``s + i`` and given the same actions plays.

**Illegal actions** behave as in :class:`SingleAgentEnv`: with the default
``illegal_action="penalty"`` that sub-environment's game is unchanged, its
reward is ``-illegal_penalty`` and ``infos["illegal_action"]`` explains; with
``"raise"``, :class:`IllegalAction` names the sub-environment and the action
before any sub-environment steps, so nothing changes.

Registered as the vector entry point of ``carcassonne/SingleAgent-v0``::

    gymnasium.make_vec("carcassonne/SingleAgent-v0", num_envs=8,
                       vectorization_mode="vector_entry_point", opponents=["greedy"])

``vectorization_mode="sync"`` (or ``"async"``) builds Gymnasium's own
:class:`~gymnasium.vector.SyncVectorEnv` over :class:`SingleAgentEnv`
instead; it returns the same arrays, with ``NEXT_STEP`` autoreset unless
told otherwise.
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space, create_empty_array

from carcassonne.env.actions import IllegalAction
from carcassonne.env.aec import reset_first
from carcassonne.env.single import SingleAgentEnv

__all__ = ["CarcassonneVectorEnv"]

Step = tuple[dict[str, Any], np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]


class CarcassonneVectorEnv(VectorEnv[dict[str, Any], np.ndarray, np.ndarray]):
    """``num_envs`` :class:`SingleAgentEnv` games, batched (see the module docstring).

    ``autoreset_mode``: an :class:`~gymnasium.vector.AutoresetMode` or its
    value (``"SameStep"``, ``"NextStep"``, ``"Disabled"``); also in
    ``metadata["autoreset_mode"]``. ``copy=True`` returns new arrays at every
    step; ``copy=False`` refills the same arrays (faster; keep a copy of
    what must outlive the next step). Every other keyword argument is one of
    :class:`SingleAgentEnv` and builds every sub-environment. A bot object
    or a policy among ``opponents`` is shared by all sub-environments, as
    given; a bot name gives each its own bot, seeded by that
    sub-environment's resets.
    :meth:`from_envs` batches sub-environments built by hand.
    """

    def __init__(self, num_envs: int = 1, *,
                 autoreset_mode: AutoresetMode | str = AutoresetMode.SAME_STEP,
                 copy: bool = True, **env_kwargs: Any) -> None:
        if type(num_envs) is not int or num_envs < 1:
            raise ValueError(f"num_envs must be a positive integer, not {num_envs!r}")
        # The sub-environments refill their own arrays (``copy=False``):
        # each observation is stacked into the batch before it changes.
        self._setup([SingleAgentEnv(copy=False, **env_kwargs) for _ in range(num_envs)],
                    autoreset_mode, copy)

    @classmethod
    def from_envs(cls, envs: Sequence[SingleAgentEnv], *,
                  autoreset_mode: AutoresetMode | str = AutoresetMode.SAME_STEP,
                  copy: bool = True) -> CarcassonneVectorEnv:
        """Batch the given sub-environments (say, each with its own bot
        objects or seat); their observation and action spaces must be equal."""
        self = cls.__new__(cls)
        self._setup(list(envs), autoreset_mode, copy)
        return self

    def _setup(self, envs: list[SingleAgentEnv], autoreset_mode: AutoresetMode | str,
               copy: bool) -> None:
        if not envs:
            raise ValueError("give at least one sub-environment")
        for env in envs:
            if not isinstance(env, SingleAgentEnv):
                raise TypeError(f"a sub-environment is a SingleAgentEnv, not {env!r}")
        first = envs[0]
        for i, env in enumerate(envs):
            if (env.observation_space != first.observation_space
                    or env.action_space != first.action_space):
                raise ValueError(f"sub-environment {i} has other spaces than sub-environment 0"
                                 " (window, flat and channels must agree)")
        self.envs = envs
        self.num_envs = len(envs)
        self.autoreset_mode = AutoresetMode(autoreset_mode)
        self.copy = copy
        self.metadata = {**first.metadata, "autoreset_mode": self.autoreset_mode}
        self.render_mode = first.render_mode
        self.single_observation_space = first.observation_space
        self.single_action_space = first.action_space
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = batch_space(self.single_action_space, self.num_envs)
        self._n_actions = first.layout.size
        self._observations = create_empty_array(self.single_observation_space,
                                                self.num_envs, fn=np.zeros)
        #: The key paths to the observation's arrays, e.g. ``("observation", "planes")``,
        #: with their dtypes: what :meth:`_batch` stacks.
        self._leaves = _leaves(self.single_observation_space)
        #: The last observation of each sub-environment, as it returned it.
        self._env_obs: list[Any] = [None] * self.num_envs
        self._rewards = np.zeros(self.num_envs, dtype=np.float64)
        self._terminations = np.zeros(self.num_envs, dtype=np.bool_)
        self._truncations = np.zeros(self.num_envs, dtype=np.bool_)
        #: Sub-environments whose episode ended at the last step and which are
        #: not reset yet (``NEXT_STEP`` resets them at the next step, ``DISABLED``
        #: waits for ``reset``; never set with ``SAME_STEP``).
        self._ended = np.zeros(self.num_envs, dtype=np.bool_)
        self._started = False

    def _batch(self) -> dict[str, Any]:
        """Stack the sub-environments' observations: into new arrays when
        ``copy``, else into the last ones. (What ``gymnasium.vector.utils.
        concatenate`` does, without its per-call dispatch.)"""
        out = {} if self.copy else self._observations
        for path, dtype in self._leaves:
            rows = []
            for obs in self._env_obs:
                for key in path:
                    obs = obs[key]
                rows.append(obs)
            inner = out
            for key in path[:-1]:
                inner = inner.setdefault(key, {})
            if self.copy:
                inner[path[-1]] = np.stack(rows, dtype=dtype)
            else:
                np.stack(rows, out=inner[path[-1]])
        self._observations = out
        return out

    # -- the episodes --------------------------------------------------------------------

    def reset(self, *, seed: int | Sequence[int | None] | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
        """Reset every sub-environment (or those of ``options["reset_mask"]``,
        a bool array of shape ``(num_envs,)``; the others keep their game and
        observation). ``seed``: ``s`` seeds sub-environment ``i`` with ``s + i``;
        a sequence gives each its seed. The other ``options`` go to every
        reset sub-environment (``seat``, ``stack``, ``wonders``)."""
        if seed is None or isinstance(seed, int | np.integer):
            super().reset(seed=None if seed is None else int(seed))
            seeds: list[int | None] = [None if seed is None else int(seed) + i
                                       for i in range(self.num_envs)]
        else:
            seeds = [None if s is None else operator.index(s) for s in seed]
            if len(seeds) != self.num_envs:
                raise ValueError(f"give one seed per sub-environment ({self.num_envs}), "
                                 f"not {len(seeds)}")
        options = dict(options or {})
        mask = self._reset_mask(options.pop("reset_mask", None))
        if not self._started and not mask.all():
            raise RuntimeError("the first reset resets every sub-environment (no reset_mask)")
        infos: dict[str, Any] = {}
        for i in np.flatnonzero(mask).tolist():
            self._env_obs[i], info = self.envs[i].reset(seed=seeds[i], options=options or None)
            infos = self._add_info(infos, info, i)
        self._terminations[mask] = False
        self._truncations[mask] = False
        self._ended[mask] = False
        self._started = True
        return self._batch(), infos

    def _reset_mask(self, given: Any) -> np.ndarray:
        if given is None:
            return np.ones(self.num_envs, dtype=np.bool_)
        if (not isinstance(given, np.ndarray) or given.dtype != np.bool_
                or given.shape != (self.num_envs,)):
            raise ValueError(f"options['reset_mask'] is a numpy bool array of shape "
                             f"({self.num_envs},), not {given!r}")
        if not given.any():
            raise ValueError("options['reset_mask'] selects no sub-environment")
        return given

    def step(self, actions: Any) -> Step:
        """One action per sub-environment (any integer sequence of length
        ``num_envs``, e.g. ``action_space.sample(mask=...)``)."""
        if not self._started:
            raise reset_first("step()")
        actions = np.asarray(actions)
        if actions.shape != (self.num_envs,):
            raise ValueError(f"give one action per sub-environment: shape ({self.num_envs},), "
                             f"not {actions.shape}")
        if self.autoreset_mode is AutoresetMode.DISABLED and self._ended.any():
            raise RuntimeError(
                f"the episodes of sub-environments {np.flatnonzero(self._ended).tolist()} are "
                "over: reset them with reset(options={'reset_mask': mask}) (autoreset is "
                "disabled)")
        self._check_raise(actions)
        items = self._env_obs
        infos: dict[str, Any] = {}
        rewards, terminations, truncations = self._rewards, self._terminations, self._truncations
        same_step = self.autoreset_mode is AutoresetMode.SAME_STEP
        for i, env in enumerate(self.envs):
            if self._ended[i] and self.autoreset_mode is AutoresetMode.NEXT_STEP:
                items[i], info = env.reset()
                rewards[i], terminations[i], truncations[i] = 0.0, False, False
            else:
                items[i], rewards[i], terminations[i], truncations[i], info = env.step(actions[i])
                if same_step and (terminations[i] or truncations[i]):
                    # (copied: the reset refills a sub-environment's own arrays)
                    final = {"final_obs": _copied(items[i]), "final_info": info}
                    infos = self._add_info(infos, final, i)
                    items[i], info = env.reset()
            infos = self._add_info(infos, info, i)
        self._ended = np.zeros_like(self._ended) if same_step else terminations | truncations
        return (self._batch(), rewards.copy(), terminations.copy(), truncations.copy(),
                infos)

    def _check_raise(self, actions: np.ndarray) -> None:
        """With ``illegal_action="raise"``, refuse an action outside its mask
        before any sub-environment moves (the sub-environment explains why)."""
        for i, env in enumerate(self.envs):
            if env.illegal_action != "raise" or self._ended[i]:
                continue
            mask = env.action_masks()
            if not mask.any():  # the game ended before the agent's first decision
                continue
            try:
                index = operator.index(actions[i])
                allowed = 0 <= index < self._n_actions and bool(mask[index])
            except TypeError:
                allowed = False
            if not allowed:
                try:
                    env.step(actions[i])  # raises, the game unchanged
                except IllegalAction as error:
                    raise IllegalAction(f"sub-environment {i}: {error}") from error
                raise AssertionError(f"sub-environment {i} took {actions[i]!r}, "
                                     "outside its mask")  # pragma: no cover

    def action_masks(self) -> np.ndarray:
        """The action masks of the current observations, as booleans, shape
        ``(num_envs, n_actions)`` (what maskable learners ask for). A row is
        empty only for a game that is over (``NEXT_STEP`` before its reset, or
        a game that ended before the agent's first decision)."""
        out = np.empty((self.num_envs, self._n_actions), dtype=np.bool_)
        for i, env in enumerate(self.envs):
            out[i] = env.action_masks()
        return out

    # -- Gymnasium's helpers -------------------------------------------------------------

    def render(self) -> tuple[Any, ...]:
        """Each sub-environment's picture (see :meth:`SingleAgentEnv.render`)."""
        return tuple(env.render() for env in self.envs)

    def call(self, name: str, *args: Any, **kwargs: Any) -> tuple[Any, ...]:
        """Call method ``name`` of every sub-environment (or read the attribute)."""
        results = []
        for env in self.envs:
            attribute = getattr(env, name)
            results.append(attribute(*args, **kwargs) if callable(attribute) else attribute)
        return tuple(results)

    def get_attr(self, name: str) -> tuple[Any, ...]:
        """Attribute ``name`` of every sub-environment (``get_attr("game")``)."""
        return tuple(getattr(env, name) for env in self.envs)

    def set_attr(self, name: str, values: Any) -> None:
        """Set attribute ``name`` of every sub-environment: a list or tuple
        gives one value each, anything else the same value to all."""
        if not isinstance(values, list | tuple):
            values = [values] * self.num_envs
        if len(values) != self.num_envs:
            raise ValueError(f"give one value per sub-environment ({self.num_envs}), "
                             f"not {len(values)}")
        for env, value in zip(self.envs, values, strict=True):
            setattr(env, name, value)

    def close_extras(self, **kwargs: Any) -> None:
        """Close every sub-environment."""
        for env in getattr(self, "envs", ()):
            env.close()



def _copied(observation: dict[str, Any]) -> dict[str, Any]:
    """A copy of an observation (a dict of arrays and dicts of arrays)."""
    return {key: _copied(value) if isinstance(value, dict) else value.copy()
            for key, value in observation.items()}


def _leaves(space: spaces.Space[Any], path: tuple[str, ...] = (),
            ) -> list[tuple[tuple[str, ...], np.dtype[Any]]]:
    """The key paths to the arrays of a (nested) ``Dict`` space of ``Box`` es."""
    if isinstance(space, spaces.Dict):
        return [leaf for key, sub in space.spaces.items() for leaf in _leaves(sub, (*path, key))]
    if not isinstance(space, spaces.Box) or space.dtype is None:
        raise TypeError(f"an observation is a dict of arrays, not {space}")
    return [(path, space.dtype)]
