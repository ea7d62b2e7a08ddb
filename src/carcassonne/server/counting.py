"""The scores a competition counts for a finished table.

A game is counted as it ended, except that a seat that lost whatever its
score (it resigned, resign.py; or lost on time at a table whose flag is a
loss, flags.py) counts one point below the lowest seat still in play, if
it was not already, and a game of two ended by a flag at a table with a
``time_loss_margin`` counts that margin instead of the scores. Pure: the
table (``Table.counted_scores``) says which seats lost.
"""

from __future__ import annotations

from collections.abc import Sequence


def counted_on_time(scores: Sequence[int], lost: Sequence[int], flag: int | None,
                    margin: int | None) -> list[int]:
    """The scores a competition counts for a finished game: ``lost`` are
    the seats that lost whatever their score (resigned, or out of time at a
    ``loss`` table), ``flag`` the seat whose flag ended the game (or None),
    ``margin`` the timing's ``time_loss_margin``.

    A game ended by a flag with a margin counts the margin: the winner
    ``margin``, the flagged seat 0::

        >>> counted_on_time([60, 40], [1], flag=1, margin=50)
        [50, 0]

    Otherwise the seats that lost count one below the lowest of the
    others, if they were not already::

        >>> counted_on_time([60, 40], [0], flag=0, margin=None)
        [39, 40]
        >>> counted_on_time([30, 12, 20], [1], flag=None, margin=50)
        [30, 12, 20]
    """
    if flag is not None and margin is not None:
        return [0 if seat == flag else margin for seat in range(len(scores))]
    stayed = [score for seat, score in enumerate(scores) if seat not in lost]
    if not stayed:
        return list(scores)
    below = min(stayed) - 1
    return [min(score, below) if seat in lost else score for seat, score in enumerate(scores)]
