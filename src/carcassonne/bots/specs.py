"""Bots with settings of their own, named in one string: ``mcts:...`` and ``expert:...``.

The arena and the server name bots by text, so a search with another budget
or other knobs is written as the kind, a colon, and ``KEY=VALUE`` pairs::

    >>> search_spec("iterations=200,depth=1,workers=2")[0]
    Budget(iterations=200, seconds=None)
    >>> plan, workers = expert_spec("width=8,evaluation=corrected,work=0")
    >>> plan.width, plan.evaluation, plan.outcomes, plan.work, workers
    (8, 'corrected', 24, 0, 1)
    >>> expert_spec("evaluation=best")
    Traceback (most recent call last):
    ...
    ValueError: expert: bad value 'best' for evaluation
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from typing import Any

from carcassonne.bots.evaluation_names import EVALUATIONS
from carcassonne.bots.expectimax import Plan
from carcassonne.bots.search import Budget, Settings


def _read(text: str, kind: str, knobs: type, extra: dict[str, Callable[[str], Any]],
          ) -> tuple[dict[str, Any], dict[str, Any]]:
    """The ``KEY=VALUE`` pairs of ``text``: those naming a field of the
    dataclass ``knobs`` (typed as its default), and those of ``extra``."""
    chosen: dict[str, Any] = {}
    others: dict[str, Any] = {}
    plain = knobs()
    names = [f.name for f in fields(knobs)]
    for item in filter(None, text.split(",")):
        key, sep, value = item.partition("=")
        if not sep:
            raise ValueError(f"{kind}: {item!r} is not KEY=VALUE")
        if key not in extra and key not in names:
            raise ValueError(f"{kind}: unknown setting {key!r} "
                             f"({', '.join([*extra, *names])})")
        try:
            if key in extra:
                others[key] = extra[key](value)
                continue
            default = getattr(plain, key)
            if key == "evaluation" and value not in EVALUATIONS:
                raise ValueError(value)
            chosen[key] = (value.lower() in ("1", "true", "yes")
                           if isinstance(default, bool) else type(default)(value))
        except ValueError:
            raise ValueError(f"{kind}: bad value {value!r} for {key}") from None
    return chosen, others


def search_spec(text: str) -> tuple[Budget, Settings, int]:
    """Read ``iterations=300,seconds=0.5,workers=2,depth=2,...``: the budget
    (``iterations``, ``seconds``), ``workers``, and any field of
    :class:`~carcassonne.bots.search.Settings`. Unset budget fields are
    unlimited once the other is given."""
    settings, others = _read(text, "mcts", Settings,
                             {"iterations": int, "seconds": float, "workers": int})
    workers = others.pop("workers", 1)
    if others and "iterations" not in others:
        others["iterations"] = None
    return Budget(**others), Settings(**settings), workers


def expert_spec(text: str) -> tuple[Plan, int]:
    """Read ``width=8,outcomes=12,workers=2,...``: any field of
    :class:`~carcassonne.bots.expectimax.Plan`, and ``workers``."""
    plan, others = _read(text, "expert", Plan, {"workers": int})
    return Plan(**plan), others.get("workers", 1)
