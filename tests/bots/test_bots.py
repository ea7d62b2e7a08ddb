"""The random bot: always legal, reproducible from its seed, uniform as documented."""

from __future__ import annotations

from collections import Counter

import pytest
from strategies import play_checked

from carcassonne import Game, Move
from carcassonne.bots import BOTS, RandomBot, make_bot


def play_game(seed: int, players: int = 2, **options: object) -> list[Move]:
    """A whole game between random bots, checking every move before it is played."""
    game = Game.new(players=players, seed=seed, options=options)
    play_checked(game, [RandomBot(seed * 10 + seat) for seat in range(players)])
    assert len(game.moves) + len(game.discards) == len(game.to_record()["stack"])
    return list(game.moves)


@pytest.mark.parametrize(("seed", "players", "options"), [
    (1, 2, {}),
    (2, 5, {}),
    (3, 3, {"farmers": False}),
    (4, 2, {"hand": 3}),
    (5, 4, {"tiny_city": 2, "farm_scoring": "first_edition"}),
])
def test_random_bot_plays_only_legal_moves_to_the_end(seed: int, players: int,
                                                      options: dict[str, object]) -> None:
    moves = play_game(seed, players, **options)
    assert moves
    if options.get("farmers") is False:
        assert all(f.feature != "field" for m in moves for f in m.figures)


def test_same_seed_same_game_other_seed_other_game() -> None:
    assert play_game(7) == play_game(7)
    assert play_game(8) != play_game(7)
    game = Game.new(players=2, seed=7)
    assert RandomBot(3).choose(game) == RandomBot(3).choose(game)
    picks = {RandomBot(seed).choose(game) for seed in range(30)}
    assert len(picks) > 1, "the bot's seed, not only the position, decides"


def test_choose_does_not_change_the_game() -> None:
    game = Game.new(players=2, seed=3)
    before = game.to_record()
    RandomBot(1).choose(game)
    assert game.to_record() == before
    assert game.moves == ()


def test_choice_is_uniform_over_placements_then_over_figure_options() -> None:
    # First decision of seed 1: BA/C has 4 placements, each with 2 figure spots
    # (city, field) plus "no figure".
    game = Game.new(players=2, seed=1)
    legal = game.legal_moves()
    placements = legal.placements()
    assert len(placements) == 4
    assert all(len(legal.options(p)) == 3 for p in placements)
    bot = RandomBot(2024)
    draws = [bot.choose(game) for _ in range(6000)]
    per_placement = Counter(m._replace(figures=()) for m in draws)
    assert set(per_placement) == set(placements)
    assert all(1350 <= n <= 1650 for n in per_placement.values())  # 1500 expected
    bare = sum(1 for m in draws if not m.figures)
    assert 1800 <= bare <= 2200  # one in three
    assert set(draws) == set(legal)


def test_choose_refuses_a_finished_game() -> None:
    game = Game.new(players=2, stack=["BA/Rr"])
    game.play(RandomBot(0).choose(game))
    assert game.is_over
    with pytest.raises(IndexError):
        RandomBot(0).choose(game)


def test_registry() -> None:
    assert BOTS["random"] is RandomBot
    bot = make_bot("random", seed=5)
    assert isinstance(bot, RandomBot)
    game = Game.new(players=2, seed=11)
    assert bot.choose(game) == RandomBot(5).choose(game)
    with pytest.raises(ValueError, match="unknown bot 'clever'"):
        make_bot("clever")
