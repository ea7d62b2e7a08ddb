"""The numbers of an arena: wins, scores, score differences, ratings.

For each bot, over the games it played:

- **wins**: a game won alone counts 1; a game whose top score is shared by
  ``k`` players counts ``1/k`` for each of them (the rules give each the
  victory, FINAL-9; sharing keeps the wins of a game adding up to 1).
- **mean score**.
- **mean score difference**: in each game, the bot's score minus the mean
  score of the other players. Its 95% confidence interval is taken over
  *stacks*, not games: the differences of the games of one stack (the same
  tiles in every seating) are first averaged, which cancels most of the
  luck of the draw, and the stacks, being independent, give the interval
  ``mean ± t(0.975, n-1) · sd / √n`` (Student's t, n stacks).
- **rating**: an Elo-scale rating fitted to the pairwise results. Every
  game gives each pair of its players one result: 1 to the higher score,
  0 to the lower, ½ each on equal scores. The ratings are the maximum
  likelihood fit of the Bradley–Terry model (expected result of A against
  B = 1 / (1 + 10^((R_B − R_A)/400)), as in Elo), with one virtual draw
  added to each pair of bots so that a clean sweep gives a large but finite
  gap. The first bot is anchored at 1500.

With two bots the rating has a closed form: ``R_2 = 1500 + 400 log10(W_2 /
W_1)``, ``W`` being each bot's pairwise points plus ½ for the virtual draw.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from carcassonne.arena.running import GameResult

#: t(0.975, df) for df = 1..30; larger df use :func:`t975`'s expansion.
T975 = (12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.3646, 2.3060, 2.2622, 2.2281,
        2.2010, 2.1788, 2.1604, 2.1448, 2.1314, 2.1199, 2.1098, 2.1009, 2.0930, 2.0860,
        2.0796, 2.0739, 2.0687, 2.0639, 2.0595, 2.0555, 2.0518, 2.0484, 2.0452, 2.0423)
#: Rating of the first bot.
ANCHOR = 1500.0


def t975(df: int) -> float:
    """The 97.5% quantile of Student's t with ``df`` degrees of freedom::

        >>> t975(3), round(t975(60), 4), round(t975(10**6), 3)
        (3.1824, 2.0003, 1.96)

    A table up to 30, then the Cornish–Fisher expansion around the normal
    quantile (exact to four decimals there)."""
    if df < 1:
        raise ValueError("a t quantile needs at least 1 degree of freedom")
    if df <= len(T975):
        return T975[df - 1]
    z = 1.959963984540054
    return (z + (z**3 + z) / (4 * df)
            + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)
            + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * df**3))


@dataclass(frozen=True)
class Interval:
    """A mean with its 95% confidence interval (None with fewer than 2 samples)."""

    mean: float
    low: float | None
    high: float | None
    samples: int


def mean_interval(values: Sequence[float]) -> Interval:
    """The mean of ``values`` and its 95% t interval (here sd 2.582, standard
    error 1.291, t(0.975, 3) = 3.1824, half-width 4.108)::

        >>> mean_interval([2, 4, 6, 8])  # doctest: +ELLIPSIS
        Interval(mean=5.0, low=0.8915..., high=9.1084..., samples=4)
    """
    if not values:
        return Interval(0.0, None, None, 0)
    mean = statistics.fmean(values)
    if len(values) < 2:
        return Interval(mean, None, None, len(values))
    half = t975(len(values) - 1) * statistics.stdev(values) / math.sqrt(len(values))
    return Interval(mean, mean - half, mean + half, len(values))


@dataclass(frozen=True)
class BotStats:
    """One bot's numbers over a run."""

    games: int
    wins: float
    mean_score: float
    score_diff: Interval
    rating: float
    failures: int


@dataclass(frozen=True)
class Summary:
    """Every bot's numbers, and the pairwise results: ``points[i][j]`` are
    bot i's points against bot j (ties ½) in ``met[i][j]`` meetings."""

    bots: list[BotStats]
    points: list[list[float]]
    met: list[list[int]]


def pairwise(bots: int, results: Sequence[GameResult]) -> tuple[list[list[float]],
                                                                  list[list[int]]]:
    """Points and meetings of every pair of bots (see :class:`Summary`)."""
    points = [[0.0] * bots for _ in range(bots)]
    met = [[0] * bots for _ in range(bots)]
    for result in results:
        for a, i in enumerate(result.seats):
            for b, j in enumerate(result.seats):
                if a == b:
                    continue
                met[i][j] += 1
                if result.scores[a] > result.scores[b]:
                    points[i][j] += 1.0
                elif result.scores[a] == result.scores[b]:
                    points[i][j] += 0.5
    return points, met


def ratings(points: list[list[float]], met: list[list[int]]) -> list[float]:
    """Bradley–Terry ratings on the Elo scale, first bot at 1500 (module docstring).

    Fitted by the minorization–maximization iteration: strength
    ``p_i <- W_i / sum_j n_ij / (p_i + p_j)``, ``W_i`` the points of bot i
    and ``n_ij`` the meetings of i and j, each pair with one virtual draw.
    """
    n = len(points)
    meets = [[met[i][j] + (1 if met[i][j] else 0) for j in range(n)] for i in range(n)]
    wins = [sum(points[i][j] + (0.5 if met[i][j] else 0.0) for j in range(n))
            for i in range(n)]
    strength = [1.0] * n
    for _ in range(100_000):
        new = []
        for i in range(n):
            total = sum(meets[i][j] / (strength[i] + strength[j])
                        for j in range(n) if j != i and meets[i][j])
            new.append(wins[i] / total if total else strength[i])
        scale = math.exp(statistics.fmean(math.log(p) for p in new))
        new = [p / scale for p in new]
        change = max(abs(math.log(a / b)) for a, b in zip(new, strength, strict=True))
        strength = new
        if change < 1e-13:
            break
    return [ANCHOR + 400 * math.log10(p / strength[0]) for p in strength]


def summarize(bots: int, results: Sequence[GameResult]) -> Summary:
    """The numbers of ``bots`` bots (by entrant index) over ``results``."""
    games = [0] * bots
    wins = [0.0] * bots
    scores = [0] * bots
    failures = [0] * bots
    by_stack: list[dict[int, list[float]]] = [{} for _ in range(bots)]
    for result in results:
        total = sum(result.scores)
        others = len(result.seats) - 1
        for seat, bot in enumerate(result.seats):
            games[bot] += 1
            scores[bot] += result.scores[seat]
            if seat in result.winners:
                wins[bot] += 1 / len(result.winners)
            diff = result.scores[seat] - (total - result.scores[seat]) / others
            by_stack[bot].setdefault(result.stack, []).append(diff)
        for failure in result.failures:
            failures[result.seats[failure.seat]] += 1
    points, met = pairwise(bots, results)
    rated = ratings(points, met)
    stats = [BotStats(games[b], wins[b], scores[b] / games[b] if games[b] else 0.0,
                      mean_interval([statistics.fmean(v) for _, v in
                                     sorted(by_stack[b].items())]),
                      rated[b], failures[b])
             for b in range(bots)]
    return Summary(stats, points, met)
