"""Double elimination: out after two lost matches; the last one in wins.

Three brackets are played side by side, round by round:

- the **winners' bracket** is a knockout seeded as :mod:`.knockout` seeds
  it (1 v ``N``, byes for the top seeds);
- the **losers' bracket** takes every winners'-bracket loser. Its pool is
  those who won their last losers'-bracket match or sat out (the
  *survivors*, in order) and the winners'-bracket losers of the round just
  played (the *dropped*, in order). When the survivors outnumber the
  dropped, the survivors play each other (neighbours: 1 v 2, 3 v 4...) and
  the dropped wait a round; otherwise each survivor meets a dropped one,
  the dropped taken in reverse order (so they rarely meet again whoever
  knocked them down), and the dropped left over play each other. One left
  without an opponent waits. A losers'-bracket loss is the second: out.
- the **grand final**, once the winners' bracket has its winner and the
  losers' bracket one entrant left: the winners'-bracket side sits first.
  If the losers'-bracket side wins it, both have lost once and a second
  grand final (the *bracket reset*) decides.

So everyone but the winner leaves after exactly two lost matches, the
winner has lost at most one, and ``2n - 2`` matches are played (``2n - 1``
with the reset). A match nobody won (both forfeited) puts both out.

Eight entrants, the better seed winning every match::

    >>> seeds = [f"s{n}" for n in range(1, 9)]
    >>> state, count = start(seeds), 0
    >>> while (one := pair(state, count + 1)) is not None:
    ...     count += 1
    ...     state = after(state, one, {min(f.entrants, key=seeds.index) for f in one.fixtures})
    >>> count, state.champion
    (6, 's1')
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from carcassonne.competitions.fixtures import Fixture, Round
from carcassonne.competitions.knockout import advancing, bracket_lines, knockout_round

#: The brackets a match belongs to, as a stage's ``group`` numbers them.
WINNERS, LOSERS, FINAL = 0, 1, 2


@dataclass(frozen=True, slots=True)
class DoubleRound:
    """One round of the three brackets, played at once: the winners'
    bracket's round (with its lines and byes), the losers' bracket's
    fixtures and who waits, and the grand final once it is due."""

    number: int
    winners: Round
    losers: tuple[Fixture, ...] = ()
    waiting: tuple[str, ...] = ()
    final: Fixture | None = None

    @property
    def fixtures(self) -> tuple[Fixture, ...]:
        """Every match of the round: winners' bracket, losers', final."""
        return self.winners.fixtures + self.losers + ((self.final,) if self.final else ())

    @property
    def brackets(self) -> tuple[int, ...]:
        """The bracket of each of :attr:`fixtures` (:data:`WINNERS`,
        :data:`LOSERS`, :data:`FINAL`)."""
        return ((WINNERS,) * len(self.winners.fixtures) + (LOSERS,) * len(self.losers)
                + ((FINAL,) if self.final else ()))

    def as_round(self) -> Round:
        """The round as one :class:`Round`: its byes are the winners'
        bracket's byes, then those who wait in the losers' bracket."""
        return Round(self.number, self.fixtures, self.winners.byes + self.waiting,
                     self.winners.lines)


@dataclass(frozen=True, slots=True)
class State:
    """Where a double elimination stands between rounds: the winners'
    bracket's lines still in (one line once it has its winner), the
    losers' bracket's survivors and dropped, how many grand finals were
    played, and the champion once done."""

    lines: tuple[str | None, ...]
    survivors: tuple[str, ...] = ()
    dropped: tuple[str, ...] = ()
    finals: int = 0
    done: bool = False
    champion: str | None = None


def start(seeds: Sequence[str]) -> State:
    """The state before round 1 of ``seeds`` (best first)."""
    return State(bracket_lines(seeds))


def _neighbours(names: Sequence[str]) -> tuple[tuple[Fixture, ...], tuple[str, ...]]:
    fixtures = tuple(Fixture((a, b)) for a, b in zip(names[::2], names[1::2], strict=False))
    return fixtures, tuple(names[2 * len(fixtures):])


def _losers_round(state: State) -> tuple[tuple[Fixture, ...], tuple[str, ...]]:
    survivors, dropped = state.survivors, state.dropped
    if len(survivors) > len(dropped):
        fixtures, left = _neighbours(survivors)
        return fixtures, left + dropped
    turned = dropped[::-1]
    crossed = tuple(Fixture((s, d)) for s, d in zip(survivors, turned, strict=False))
    fixtures, left = _neighbours(turned[len(survivors):])
    return crossed + fixtures, left


def pair(state: State, number: int) -> DoubleRound | None:
    """Round ``number`` from ``state``; None once the stage is done."""
    if state.done:
        return None
    if len(state.lines) == 1:
        pool = state.survivors + state.dropped
        if len(pool) == 1 and state.lines[0] is not None:
            return DoubleRound(number, Round(number, ()), final=Fixture((state.lines[0], pool[0])))
        losers, waiting = _losers_round(state)
        return DoubleRound(number, Round(number, ()), losers, waiting)
    losers, waiting = _losers_round(state)
    return DoubleRound(number, knockout_round(state.lines, number), losers, waiting)


def _settled(state: State) -> State:
    """``state``, done if nothing is left to play."""
    pool = state.survivors + state.dropped
    if len(state.lines) > 1 or len(pool) > 1:
        return state
    top = state.lines[0] if state.lines else None
    if top is not None and pool:
        return state  # the grand final is due
    champion = top if top is not None else pool[0] if pool else None
    return State(state.lines, (), (), state.finals, True, champion)


def after(state: State, one: DoubleRound, winners: Collection[str]) -> State:
    """The state after round ``one`` was played (``state`` was before it),
    ``winners`` the winners of its matches (a match with none named was
    lost by both)."""
    if one.final is not None:
        top, other = one.final.entrants
        won = next((name for name in (top, other) if name in winners), None)
        if won == other and state.finals == 0:
            return State((top,), (other,), (), 1)
        return State((won,), (), (), state.finals + 1, True, won)
    lines = state.lines
    dropped: list[str] = []
    if one.winners.lines:
        lines = advancing(one.winners, set(winners) & set(one.winners.entrants))
        for fixture in one.winners.fixtures:
            if any(name in winners for name in fixture.entrants):
                dropped += [name for name in fixture.entrants if name not in winners]
    survivors = tuple(name for fixture in one.losers for name in fixture.entrants
                      if name in winners) + one.waiting
    return _settled(State(lines, survivors, tuple(dropped), state.finals))


def replay(seeds: Sequence[str],
           played: Sequence[Collection[str]]) -> tuple[State, list[DoubleRound]]:
    """The state after the rounds whose winners are ``played`` (round by
    round), and those rounds as paired."""
    state = start(seeds)
    rounds = []
    for number, winners in enumerate(played, start=1):
        one = pair(state, number)
        if one is None:
            raise ValueError(f"the stage was over before round {number}")
        rounds.append(one)
        state = after(state, one, winners)
    return state, rounds


def next_round(seeds: Sequence[str], played: Sequence[Collection[str]]) -> DoubleRound | None:
    """The round after those whose winners are ``played``; None once done."""
    state, _ = replay(seeds, played)
    return pair(state, len(played) + 1)


def winner(seeds: Sequence[str], played: Sequence[Collection[str]]) -> str | None:
    """The champion once the rounds ``played`` finished the stage."""
    state, _ = replay(seeds, played)
    return state.champion
