"""How a move is classed by its loss: best, good, inaccuracy, mistake, blunder.

A decision's *loss* is how many points of expected final lead the mover
gave up against the best move found: the value after the best move minus
the value after the move played, in points (never below 0, since the move
played is always among those weighed). The class depends on the loss alone,
with these upper bounds (docs/analysis.md states them, and the review shows
them on hover)::

    >>> [classify(loss) for loss in (0.0, 0.4, 1.5, 3.0, 6.0, 8.0, 25.0)]
    ['best', 'best', 'good', 'inaccuracy', 'mistake', 'blunder', 'blunder']

The bounds are in expected points of the final lead because that is what a
Carcassonne player counts: half a point is within what the estimate cannot
tell apart, two points is a road tile's worth, four a small city's, and
eight points handed over (a field's majority, a big city left open) decide
most close games. A pure function of stored results, tested without an
engine.
"""

from __future__ import annotations

#: The classes, best first.
CLASSES: tuple[str, ...] = ("best", "good", "inaccuracy", "mistake", "blunder")

#: Per class but the last, the loss (points of expected final lead) it stays
#: below; a loss at or above the last bound is a blunder.
BOUNDS: dict[str, float] = {"best": 0.5, "good": 2.0, "inaccuracy": 4.0, "mistake": 8.0}


def classify(loss: float) -> str:
    """The class of a move that gave up ``loss`` points of expected final
    lead against the best move found. A negative ``loss`` (a move found
    better than the search's own best, as a solved end game can show) is
    ``best``."""
    for name, bound in BOUNDS.items():
        if loss < bound:
            return name
    return CLASSES[-1]


def describe() -> list[dict[str, object]]:
    """Each class with its range of loss, for a page's legend or hover
    (``below`` is None for the last)::

        >>> describe()[0]
        {'class': 'best', 'from': 0.0, 'below': 0.5}
    """
    out: list[dict[str, object]] = []
    low = 0.0
    for name in CLASSES:
        high = BOUNDS.get(name)
        out.append({"class": name, "from": low, "below": high})
        low = high if high is not None else low
    return out
