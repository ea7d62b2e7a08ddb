"""Double elimination, pure: for any entrant count and any results, every
entrant but the winner leaves after exactly two lost matches, the winner
has lost at most one, ``2n - 2`` matches are played (``2n - 1`` with the
bracket reset), nobody plays two matches in one round, and the same input
gives the same rounds; and a double elimination run to its winner from
told game ends (:mod:`carcassonne.competitions.running`)."""

from __future__ import annotations

import random
from collections import Counter
from datetime import UTC, datetime

from hypothesis import given, settings
from hypothesis import strategies as st

from carcassonne.competitions import Rules, begin
from carcassonne.competitions.double_elimination import (
    FINAL,
    LOSERS,
    WINNERS,
    DoubleRound,
    after,
    pair,
    replay,
    start,
)
from tests.competitions.test_running import STRENGTH, play_out

NOW = datetime(2026, 4, 1, tzinfo=UTC)


def run(count: int, seed: int) -> tuple[list[DoubleRound], list[set[str]], str | None]:
    """A double elimination of ``count`` whose matches a seeded coin decides:
    every round, the winners of each, and the champion."""
    coin = random.Random(seed)
    seeds = [f"s{n}" for n in range(1, count + 1)]
    state, rounds, played = start(seeds), [], []
    while (one := pair(state, len(rounds) + 1)) is not None:
        winners = {coin.choice(fixture.entrants) for fixture in one.fixtures}
        rounds.append(one)
        played.append(winners)
        state = after(state, one, winners)
        assert len(rounds) < 4 * count
    return rounds, played, state.champion


@settings(max_examples=300, deadline=None)
@given(count=st.integers(2, 32), seed=st.integers(0, 2**32))
def test_everyone_but_the_winner_leaves_after_exactly_two_losses(count: int, seed: int) -> None:
    rounds, played, champion = run(count, seed)
    losses: Counter[str] = Counter()
    matches = 0
    for one, winners in zip(rounds, played, strict=True):
        seated = [name for fixture in one.fixtures for name in fixture.entrants]
        assert len(seated) == len(set(seated))  # nobody plays twice at once
        for fixture in one.fixtures:
            matches += 1
            losses.update(name for name in fixture.entrants if name not in winners)
    assert champion is not None
    entrants = [f"s{n}" for n in range(1, count + 1)]
    assert all(losses[name] == 2 for name in entrants if name != champion)
    assert losses[champion] <= 1
    assert matches == 2 * count - 2 + losses[champion]
    assert set(losses) <= set(entrants)


@settings(max_examples=100, deadline=None)
@given(count=st.integers(2, 32), seed=st.integers(0, 2**32))
def test_the_same_input_gives_the_same_rounds(count: int, seed: int) -> None:
    rounds, played, champion = run(count, seed)
    again, replayed = replay([f"s{n}" for n in range(1, count + 1)], played)
    assert replayed == rounds
    assert again.champion == champion and again.done


@settings(max_examples=100, deadline=None)
@given(count=st.integers(2, 32), seed=st.integers(0, 2**32))
def test_brackets_hold_who_they_should(count: int, seed: int) -> None:
    """A winners'-bracket match is of two unbeaten, a losers'-bracket match
    of two beaten once; the grand final comes last, the unbeaten first."""
    rounds, played, _ = run(count, seed)
    losses: Counter[str] = Counter()
    for index, (one, winners) in enumerate(zip(rounds, played, strict=True)):
        for fixture, bracket in zip(one.fixtures, one.brackets, strict=True):
            before = [losses[name] for name in fixture.entrants]
            if bracket == WINNERS:
                assert before == [0, 0]
            elif bracket == LOSERS:
                assert before == [1, 1]
            else:
                assert bracket == FINAL and index >= len(rounds) - 2
                assert before in ([0, 1], [1, 1])
        for fixture in one.fixtures:
            losses.update(name for name in fixture.entrants if name not in winners)


def test_eight_seeds_in_order_play_the_usual_bracket() -> None:
    seeds = [f"s{n}" for n in range(1, 9)]
    state = start(seeds)
    shapes = []
    while (one := pair(state, len(shapes) + 1)) is not None:
        shapes.append((len(one.winners.fixtures), len(one.losers), one.final is not None))
        state = after(state, one, {min(f.entrants, key=seeds.index) for f in one.fixtures})
    assert shapes == [(4, 0, False), (2, 2, False), (1, 2, False), (0, 1, False),
                      (0, 1, False), (0, 0, True)]
    assert state.champion == "s1"


def test_the_losers_bracket_side_winning_the_grand_final_forces_a_reset() -> None:
    state = start(["a", "b"])
    one = pair(state, 1)
    assert one is not None and one.winners.fixtures[0].entrants == ("a", "b")
    state = after(state, one, {"a"})
    final = pair(state, 2)
    assert final is not None and final.final is not None
    assert final.final.entrants == ("a", "b")
    state = after(state, final, {"b"})
    assert not state.done and state.finals == 1
    reset = pair(state, 3)
    assert reset is not None and reset.final is not None
    state = after(state, reset, {"b"})
    assert state.done and state.champion == "b" and pair(state, 4) is None


def test_a_match_nobody_won_puts_both_out() -> None:
    state = start(["a", "b", "c", "d"])
    one = pair(state, 1)
    assert one is not None
    state = after(state, one, {"a"})  # c v b: both forfeited
    assert state.lines == ("a", None) and state.dropped == ("d",)


def test_run_by_the_competition_to_the_strongest() -> None:
    rules = Rules.from_setup({"format": "double_elimination", "games": 3})
    seeds = sorted(STRENGTH)[:6]
    step, opened = play_out(begin(rules, "ev", seeds, None, NOW), rules)
    assert step.finished and step.winner == max(seeds, key=STRENGTH.__getitem__)
    (stage,) = step.progress.stages
    assert stage.kind == "double_elimination" and stage.done
    decided = [m for r in stage.rounds for m in r.matches]
    assert len(decided) == 2 * 6 - 2  # the strongest never loses: no reset
    assert all(m.best_of and m.result is not None and m.result.result.played == 2 for m in decided)
    assert len(opened) == 2 * len(decided)
    assert {m.group for m in decided} == {WINNERS, LOSERS, FINAL}
