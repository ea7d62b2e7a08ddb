"""Ratings: who played well, per family of rules, with OpenSkill.

Pure functions of stored results, so every rating can be recomputed from
the finished rated games alone (``carcassonne ratings --recompute``).

A *family* groups rulesets whose ratings mean the same thing::

    >>> family(("base",), {})
    'base'
    >>> family(("base", "traders_builders"), {"hand": 3})
    'expansions+hand'
    >>> family(("base", "inns_cathedrals", "wonders"), {"farm_scoring": "first_edition"})
    'towers_wonders+first_edition'

The River and The Abbot are in today's base box and change the game
little: they rate with the base game. The Princess & the Dragon rates with
the other big expansions. Drawing the next tile ahead (``draw_ahead``, Board
Game Arena's way) changes what a player knows, not how games are scored, so
it keeps the family of its sets::

    >>> family(("base", "river", "abbot"), {"draw_ahead": True})
    'base'
    >>> family(("base", "princess_dragon"), {})
    'expansions'

A game updates the rating of every seat at once with OpenSkill's
Plackett-Luce model (Weng-Lin), 2 to 6 players: seats are ranked by score,
equal scores share a rank (a shared win), and a seat whose clock ran out
ranks last whatever its score. The number shown is the conservative rating,
``mu - 3 sigma``, put on an Elo-like scale around 1500::

    >>> shown_rating(25.0, 25.0 / 3)
    1500
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from openskill.models import PlackettLuce

if TYPE_CHECKING:
    from carcassonne.engine import Game
    from carcassonne.server.tables import Seat, Table
    from carcassonne.server.timing import Clock

#: The families, in the order pages list them.
BASE_FAMILIES = ("base", "expansions", "towers_wonders")
#: Variants that change scoring, each a family of its own with any set.
SCORING_VARIANTS = (("farm_scoring", "first_edition", "first_edition"), ("hand", 3, "hand"))
#: Display scale: 1500 for a new player, about 20 points per unit of mu - 3 sigma.
START, SCALE = 1500, 20.0

_MODEL = PlackettLuce()
MU, SIGMA = _MODEL.mu, _MODEL.sigma


def family(sets: Iterable[str], options: dict[str, Any]) -> str:
    """The rating family of a table's sets and options."""
    chosen = set(sets)
    if chosen & {"watchtowers", "wonders"}:
        name = "towers_wonders"
    elif chosen & {"inns_cathedrals", "traders_builders", "princess_dragon"}:
        name = "expansions"
    else:
        name = "base"
    for option, value, suffix in SCORING_VARIANTS:
        if options.get(option) == value:
            name += f"+{suffix}"
    return name


def families() -> list[str]:
    """Every family name, the plain ones first."""
    out = list(BASE_FAMILIES)
    suffixes = [s for _, _, s in SCORING_VARIANTS]
    for base in BASE_FAMILIES:
        out += [f"{base}+{s}" for s in suffixes]
        out.append(f"{base}+{'+'.join(suffixes)}")
    return out


def conservative(mu: float, sigma: float) -> float:
    """``mu - 3 sigma``: a rating the player is very likely to be above."""
    return mu - 3 * sigma


def shown_rating(mu: float, sigma: float) -> int:
    """The conservative rating on the display scale."""
    return round(START + SCALE * conservative(mu, sigma))


@dataclass(frozen=True)
class Rating:
    mu: float = MU
    sigma: float = SIGMA
    games: int = 0


def ranks(scores: list[int], last: Iterable[int] = ()) -> list[int]:
    """Rank of each seat (0 best): by score, ties sharing a rank; the seats
    in ``last`` (clock run out) after everyone else.

    >>> ranks([10, 25, 10]), ranks([30, 20, 10], last=[0])
    ([1, 0, 1], [2, 0, 1])
    """
    out_last = set(last)
    keyed = [(1 if seat in out_last else 0, -score) for seat, score in enumerate(scores)]
    return [sum(1 for other in keyed if other < mine) for mine in keyed]


def rate(before: list[Rating], scores: list[int], last: Iterable[int] = ()) -> list[Rating]:
    """The ratings of the seats after a game with these final ``scores``."""
    teams = [[_MODEL.rating(mu=r.mu, sigma=r.sigma)] for r in before]
    after = _MODEL.rate(teams, ranks=ranks(scores, last))
    return [Rating(team[0].mu, team[0].sigma, r.games + 1) for team, r in zip(
        after, before, strict=True)]


@dataclass(frozen=True)
class RatedResult:
    """What a finished rated game tells the ratings: its family, who sat in
    each seat (``account:ID`` or ``bot:NAME``), the final scores, and the
    seats that rank last whatever their score (their clock ran out, or
    they resigned). Stored with the game's end (rating_writes.py)."""

    family: str
    players: tuple[str, ...]
    scores: tuple[int, ...]
    last: tuple[int, ...] = ()


def rated_result(table: Table, game: Game | None, clock: Clock | None = None,
                 seats: tuple[Seat, ...] | None = None) -> RatedResult | None:
    """What a finished game of ``table`` (or its stored result) gives the
    ratings, ``clock`` (else the table's) saying whose clock ran out and
    ``seats`` (else the table's) who resigned: they rank last. None if the
    table is casual.

    Made when the game ends (the last move, a resignation) and again, from
    the stored results alone, by ``carcassonne ratings --recompute``."""
    if not table.rated:
        return None
    scores = game.scores if game is not None else (table.result or {})["scores"]
    clock = clock or table.clock
    last = set(clock.out if clock is not None else ())
    last |= {i for i, seat in enumerate(seats or table.seats) if seat.resigned}
    return RatedResult(family(table.sets, table.options), tuple(table.rated_players()),
                       tuple(scores), tuple(sorted(last)))
