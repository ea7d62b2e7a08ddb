"""Bots from your own code: ``policy:MODULE:NAME`` seats what ``NAME`` makes.

``MODULE`` is an importable module (``mypackage.bots``) or a Python file
(``examples/policy_bot.py``); ``NAME`` is a callable in it that takes a
seed and returns either a bot (anything with ``choose(game) -> move``) or a
policy (a callable from an observation of the environments to an action),
which :class:`carcassonne.env.policy.PolicyBot` then plays with the
environments' default observation form::

    # my_bot.py
    from sb3_contrib import MaskablePPO
    from carcassonne.env.policy import PolicyBot, sb3_policy

    def bot(seed=None):
        return PolicyBot(sb3_policy(MaskablePPO.load("model.zip")), flat=True)

and then ``carcassonne arena greedy policy:my_bot.py:bot`` measures it and
``carcassonne serve --policy-bot mine=my_bot.py:bot`` offers it in the lobby.

A module is imported once per process; ``NAME`` is called for every bot
made (one per seat and game), so a factory that loads a large model should
keep it (``functools.cache``).
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

#: The prefix of a bot made by your own code.
PREFIX = "policy:"


def split(spec: str) -> tuple[str, str]:
    """``MODULE:NAME`` as its two parts (``ValueError`` with the expected form)::

        >>> split("examples/policy_bot.py:bot")
        ('examples/policy_bot.py', 'bot')
    """
    module, colon, name = spec.rpartition(":")
    if not colon or not module or not name.isidentifier():
        raise ValueError(f"{PREFIX}{spec!r}: give MODULE:NAME, a module or .py file and the "
                         f"name of a function in it (example: policy:my_bot.py:bot)")
    return module, name


@cache
def _module(module: str) -> ModuleType:
    if module.endswith(".py"):
        path = Path(module).resolve()
        if not path.is_file():
            raise ValueError(f"{PREFIX}{module}: no such file")
        key = f"carcassonne_policy_{abs(hash(str(path)))}"
        found = importlib.util.spec_from_file_location(key, path)
        if found is None or found.loader is None:  # pragma: no cover - a .py file loads
            raise ValueError(f"{PREFIX}{module}: cannot be loaded")
        loaded = importlib.util.module_from_spec(found)
        sys.modules[key] = loaded  # dataclasses and pickling look modules up
        found.loader.exec_module(loaded)
        return loaded
    try:
        return importlib.import_module(module)
    except ImportError as err:
        raise ValueError(f"{PREFIX}{module}: cannot import it ({err})") from None


def factory(spec: str) -> Any:
    """The callable ``spec`` (``MODULE:NAME``) names (``ValueError`` if none)."""
    module, name = split(spec)
    made = getattr(_module(module), name, None)
    if not callable(made):
        raise ValueError(f"{PREFIX}{spec}: {module} has no function called {name!r}")
    return made


def build(spec: str, seed: int | str | None = None) -> Any:
    """The bot that ``spec``'s function makes for ``seed`` (a policy it
    returns is wrapped in :class:`~carcassonne.env.policy.PolicyBot`)."""
    made = factory(spec)(seed)
    if hasattr(made, "choose"):
        return made
    if callable(made):
        from carcassonne.env.policy import PolicyBot

        return PolicyBot(made, seed=seed)
    raise ValueError(f"{PREFIX}{spec} returned {made!r}: neither a bot (choose(game)) nor a "
                     f"policy (observation -> action)")
