"""Single elimination: lose once and you are out; the last one in wins.

The bracket has a power of two lines, ``P``, the smallest that holds the
entrants. Seeds go on the lines by the standard order, which makes every
first-round match ``seed + opponent = P + 1`` (1 v 8, 4 v 5, 2 v 7, 3 v 6)
and puts seeds 1 and 2 in opposite halves, 1 to 4 in different quarters,
and so on: the better two seeds can only meet in the final, the better
four in the semi-finals, if they keep winning. When the count is not a
power of two, the lines of the missing seeds ``n + 1 .. P`` are empty, so
the byes go to the top seeds::

    >>> bracket_order(8)
    (1, 8, 4, 5, 2, 7, 3, 6)
    >>> names = ["s1", "s2", "s3", "s4", "s5"]
    >>> first = first_knockout_round(names)
    >>> [fixture.entrants for fixture in first.fixtures], first.byes
    ([('s4', 's5')], ('s1', 's2', 's3'))
    >>> second = next_knockout_round(first, {"s5"})
    >>> [fixture.entrants for fixture in second.fixtures]
    [('s1', 's5'), ('s2', 's3')]
    >>> final = next_knockout_round(second, {"s1", "s3"})
    >>> [fixture.entrants for fixture in final.fixtures], champion(final, {"s3"})
    ([('s1', 's3')], 's3')

A round's ``lines`` keep the bracket: the next round pairs the winners of
neighbouring lines, ``ceil(log2 n)`` rounds in all. In a fixture the entrant
of the upper line sits first (in the first round, the better seed). A
fixture with no winner (both forfeited) leaves its line empty, and whoever
would have met its winner has a bye.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence

from carcassonne.competitions.fixtures import Fixture, Round, check_entrants


def knockout_rounds(count: int) -> int:
    """How many rounds a knockout of ``count`` entrants takes: ``ceil(log2 count)``."""
    return math.ceil(math.log2(count)) if count > 1 else 0


def bracket_order(size: int) -> tuple[int, ...]:
    """The seeds (from 1) on the lines of a bracket of ``size``, a power of
    two: each doubling puts, after every seed ``s``, its first opponent
    ``2 * len + 1 - s``."""
    if size < 1 or size & (size - 1):
        raise ValueError(f"a bracket has a power of two lines, not {size}")
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [seed for upper in order for seed in (upper, total - upper)]
    return tuple(order)


def bracket_lines(entrants: Sequence[str]) -> tuple[str | None, ...]:
    """The entrants (best seed first) on the lines of their bracket, ``None``
    on the lines of the seeds that are missing."""
    names = check_entrants(entrants)
    size = 1 << (len(names) - 1).bit_length()
    return tuple(names[seed - 1] if seed <= len(names) else None
                 for seed in bracket_order(size))


def knockout_round(lines: Sequence[str | None], number: int = 1) -> Round:
    """The round that pairs neighbouring ``lines`` (0 with 1, 2 with 3...):
    an entrant beside an empty line has a bye."""
    lines = tuple(lines)
    if len(lines) < 2 or len(lines) & (len(lines) - 1):
        raise ValueError(f"a knockout round has a power of two lines (2 or more), "
                         f"not {len(lines)}")
    fixtures: list[Fixture] = []
    byes: list[str] = []
    for upper, lower in zip(lines[::2], lines[1::2], strict=True):
        if upper is not None and lower is not None:
            fixtures.append(Fixture((upper, lower)))
        elif upper is not None or lower is not None:
            byes.extend(name for name in (upper, lower) if name is not None)
    return Round(number, tuple(fixtures), tuple(byes), lines)


def first_knockout_round(entrants: Sequence[str]) -> Round:
    """Round 1 of a knockout of ``entrants``, best seed first."""
    return knockout_round(bracket_lines(entrants))


def advancing(previous: Round, winners: Collection[str]) -> tuple[str | None, ...]:
    """The lines after ``previous``: for each of its fixtures the one named
    in ``winners`` (or nobody, if neither is), for each bye its holder."""
    if not previous.lines:
        raise ValueError(f"round {previous.number} is not a knockout round")
    unknown = set(winners) - set(previous.entrants)
    if unknown:
        raise ValueError(f"not in round {previous.number}: {', '.join(sorted(unknown))}")
    after: list[str | None] = []
    for upper, lower in zip(previous.lines[::2], previous.lines[1::2], strict=True):
        if upper is None or lower is None:
            after.append(lower if upper is None else upper)
            continue
        won = [name for name in (upper, lower) if name in winners]
        if len(won) == 2:
            raise ValueError(f"{upper} and {lower} cannot both win their match")
        after.append(won[0] if won else None)
    return tuple(after)


def next_knockout_round(previous: Round, winners: Collection[str]) -> Round:
    """The round after ``previous``, from the winners of its fixtures."""
    lines = advancing(previous, winners)
    if len(lines) < 2:
        raise ValueError(f"round {previous.number} was the final")
    return knockout_round(lines, previous.number + 1)


def champion(final: Round, winners: Collection[str]) -> str | None:
    """Who wins the knockout whose last round is ``final`` (nobody if both
    finalists forfeited)."""
    lines = advancing(final, winners)
    if len(lines) != 1:
        raise ValueError(f"round {final.number} is not the final")
    return lines[0]
