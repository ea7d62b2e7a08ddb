"""The two-player chance of winning read from an expected final lead
(carcassonne/analysis/chances.py)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from carcassonne import Game
from carcassonne.analysis.chances import to_come, win_chance
from carcassonne.bots import GreedyBot

leads = st.floats(min_value=-300, max_value=300, allow_nan=False)
lefts = st.integers(min_value=0, max_value=120)


@given(leads, leads, lefts)
def test_a_larger_lead_is_never_a_smaller_chance(a: float, b: float, left: int) -> None:
    low, high = sorted((a, b))
    assert 0 <= win_chance(low, left) <= win_chance(high, left) <= 1


@given(leads, lefts)
def test_the_chances_of_the_two_players_add_up_to_one(lead: float, left: int) -> None:
    assert win_chance(lead, left) + win_chance(-lead, left) == pytest.approx(1)


@given(st.floats(min_value=1, max_value=100), lefts)
def test_a_lead_counts_for_more_with_fewer_tiles_left(lead: float, left: int) -> None:
    assert win_chance(lead, left) >= win_chance(lead, left + 10)
    assert win_chance(lead, 0) > 0.5


def test_a_level_game_is_even_and_a_known_result_is_certain() -> None:
    assert win_chance(0, 40) == 0.5
    assert win_chance(7, 0, base=0, per_tile=0) == 1.0
    assert win_chance(-1, 0, base=0, per_tile=0) == 0.0
    assert win_chance(0, 0, base=0, per_tile=0) == 0.5


def test_the_tiles_to_come_count_the_hands_but_the_tile_being_placed() -> None:
    plain = Game.new(players=2, seed=3)
    assert to_come(plain) == plain.stack_size == 70
    held = Game.new(players=2, seed=3, options={"hand": 3})
    assert held.stack_size == 65 and to_come(held) == 70  # 65 + 6 in hand − 1 placed
    last = Game.new(players=2, seed=3)
    bot = GreedyBot(seed=1)
    while last.stack_size:
        last.play(bot.choose(last))
    assert to_come(last) == 0 and win_chance(0.5, to_come(last)) == 1.0
