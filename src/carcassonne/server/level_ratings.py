"""The lobby's bot levels on the rating scale, before anyone has played them.

A bot level appears on the leaderboard once it has played a rated game, and
its rating then starts where a newcomer's does (``mu`` 25, ``sigma`` 8.3):
the first people to beat ``hard`` would gain as if they had beaten a
beginner. The levels' strengths are known, though: the arena measures them
against each other. ``benchmarks/level_ratings.py`` plays every level
against every other in paired games and passes the results through the very
model the server rates with (:func:`carcassonne.server.ratings.rate`), in
many orders, averaged (OpenSkill's updates depend on the order of the
games). That fixes the levels' distances from each other, not where they
sit among people: the scale is anchored by putting ``easy`` (about as strong
as the greedy bot) at a newcomer's ``mu``. The result is data,
``carcassonne/bots/data/level_ratings.json``, per family of rules.

The server uses it twice:

- a level's first rated game in a family starts from its calibrated rating
  (:func:`start`), whose ``sigma`` is at least :data:`FLOOR`, so that games
  against people can still move the anchor;
- the leaderboard lists every calibrated level that has not played yet, at
  that rating, marked ``calibrated`` (:func:`waiting`).

Both follow from the data file alone, so ``carcassonne ratings --recompute``
gives the same ratings.

    >>> start("bot:hard", "base").mu > start("bot:medium", "base").mu > MU
    True
    >>> start("account:7", "base") == Rating()
    True
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Sequence
from functools import cache
from importlib import resources
from typing import Any

from carcassonne.server.ratings import MU, Rating, rate

#: The level whose calibrated ``mu`` is a newcomer's: the scale's anchor.
ANCHOR = "easy"
#: The least ``sigma`` a calibrated start carries.
FLOOR = 2.0


@cache
def calibrated() -> dict[str, Any]:
    """The data file: ``{"families": {family: {level: {"mu", "sigma",
    "games"}}}, ...}`` and how it was made."""
    text = resources.files("carcassonne.bots").joinpath("data/level_ratings.json").read_text(
        encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def start(player: str, family: str) -> Rating:
    """The rating ``player`` has before its first rated game in ``family``:
    a calibrated level's (``bot:NAME``), else a newcomer's."""
    kind, _, name = player.partition(":")
    level = calibrated()["families"].get(family, {}).get(name) if kind == "bot" else None
    if level is None:
        return Rating()
    return Rating(level["mu"], max(level["sigma"], FLOOR), 0)


def waiting(family: str, rated: Iterable[str]) -> list[tuple[str, Rating]]:
    """The calibrated levels of ``family`` not among the ``rated`` players
    (``bot:NAME``), with the rating each starts from."""
    have = set(rated)
    return [(name, start(f"bot:{name}", family))
            for name in calibrated()["families"].get(family, {})
            if f"bot:{name}" not in have]


def calibrate(games: Sequence[tuple[Sequence[str], Sequence[int]]], orders: int = 20,
              seed: int = 0) -> dict[str, dict[str, float]]:
    """Each name's ``mu``, ``sigma`` and games from ``games`` (the names
    seated, the final scores), rated by the server's model from a newcomer's
    start in ``orders`` random orders and averaged; ``mu`` shifted so that
    :data:`ANCHOR` (when present) sits at a newcomer's.

    >>> won = [(("easy", "hard"), (60, 90))] * 30 + [(("easy", "hard"), (90, 60))] * 10
    >>> levels = calibrate(won, orders=3)
    >>> levels["easy"]["mu"], levels["hard"]["mu"] > 25, levels["hard"]["games"]
    (25.0, True, 40)
    """
    rng = random.Random(seed)
    names = sorted({name for seated, _ in games for name in seated})
    sums = {name: [0.0, 0.0] for name in names}
    played = {name: sum(1 for seated, _ in games if name in seated) for name in names}
    for _ in range(orders):
        order = list(games)
        rng.shuffle(order)
        now = {name: Rating() for name in names}
        for seated, scores in order:
            after = rate([now[name] for name in seated], list(scores))
            now.update(zip(seated, after, strict=True))
        for name in names:
            sums[name][0] += now[name].mu / orders
            sums[name][1] += now[name].sigma / orders
    shift = MU - sums[ANCHOR][0] if ANCHOR in sums else 0.0
    return {name: {"mu": round(mu + shift, 3), "sigma": round(sigma, 3), "games": played[name]}
            for name, (mu, sigma) in sums.items()}
