"""The greedy bot: always legal, reproducible from its seed, blind to the
hidden stack, and clearly stronger than the random bot."""

from __future__ import annotations

import random

import pytest
from strategies import draw_order, play_checked, snapshot, upcoming

from carcassonne import Game, Move
from carcassonne.bots import BOTS, Bot, GreedyBot, RandomBot, make_bot
from carcassonne.bots.greedy_bot import FIGURE

play = play_checked


@pytest.mark.parametrize(("seed", "players", "options"), [
    (1, 2, {}),
    (2, 3, {"farmers": False}),
    (3, 2, {"hand": 3}),
    (4, 4, {"tiny_city": 2, "farm_scoring": "first_edition"}),
])
def test_plays_only_legal_moves_to_the_end(seed: int, players: int,
                                           options: dict[str, object]) -> None:
    game = Game.new(players=players, seed=seed, options=options)
    bots: list[Bot] = [GreedyBot(seed + seat) if seat % 2 == 0 else RandomBot(seed)
                       for seat in range(players)]
    play(game, bots)
    assert game.is_over
    if options.get("farmers") is False:
        assert all(f.feature != "field" for m in game.moves for f in m.figures)


def test_choose_does_not_change_the_game() -> None:
    game = Game.new(players=2, seed=3)
    bot = RandomBot(4)
    for _ in range(10):
        game.play(bot.choose(game))
    legal = game.legal_moves()
    before = snapshot(game)
    GreedyBot(1).choose(game)
    assert snapshot(game) == before
    assert list(legal) == list(game.legal_moves()), "the caller's legal moves stay valid"


def test_values_in_a_small_position() -> None:
    # The start tile's city (north) is open; BA/C turned 180 north of it closes
    # a 2-tile city. Thirteen tiles wait in the stack, so each figure in supply is worth
    # the full bonus of 2 points (200 hundredths).
    game = Game.new(players=2, stack=["BA/C", *["BA/RFr"] * 8, *["BA/Rr"] * 5])
    values = GreedyBot(0).values(game)
    assert list(values) == list(game.legal_moves())
    assert FIGURE == 200
    close = Move.parse("BA/C@0,-1r180 meeple:city:S")
    # 4 points scored (400 projected + 100 for being scored during play); the
    # meeple is back at once, so both players keep 7 figures.
    assert values[close] == 500
    # A farmer by the completed city: 3 projected points, one figure less.
    assert values[Move.parse("BA/C@0,-1r180 meeple:field:NL")] == 300 - FIGURE
    # Closing the city with nobody in it scores nothing for anyone.
    assert values[Move.parse("BA/C@0,-1r180")] == 0
    # A meeple on a lone city tile: 1 projected point for a figure worth 2.
    assert values[Move.parse("BA/C@0,1r180 meeple:city:S")] == 100 - FIGURE
    assert GreedyBot(0).choose(game) == close


def test_takes_points_from_a_rival_into_account() -> None:
    # Bob closes the city Ann holds: he scores nothing and she scores 4, so
    # every way to close it is worth less to him than leaving it open.
    game = Game.new(players=["Ann", "Bob"], stack=["BA/C", "BA/C", *["BA/Rr"] * 6, *["BA/RFr"] * 6])
    game.play("BA/C@0,1r180 meeple:city:S")
    values = GreedyBot(0).values(game)
    closing = [m for m in values if m.at == (0, 2) and m.rotation == 0]
    assert closing
    assert max(values[m] for m in closing) < max(values.values())
    assert GreedyBot(0).choose(game) not in closing


def test_same_seed_same_game() -> None:
    def game_of(seed: int) -> list[str]:
        game = play(Game.new(players=2, seed=21), [GreedyBot(seed), RandomBot(9)])
        return [str(m) for m in game.moves]

    assert game_of(5) == game_of(5)


def test_ties_are_broken_by_the_seed() -> None:
    game = Game.new(players=2, seed=21)
    bots = [GreedyBot(1), GreedyBot(2)]
    tied = 0
    while not game.is_over and tied < 3:
        values = GreedyBot(0).values(game)
        best = max(values.values())
        top = {m for m, v in values.items() if v == best}
        if len(top) > 1:
            picks = {GreedyBot(seed).choose(game) for seed in range(8)}
            assert picks <= top, "only the best moves are ever chosen"
            tied += len(picks) > 1
        game.play(bots[game.current_player or 0].choose(game))
    assert tied == 3, "equal moves are chosen among by the seed, not by list order"


def test_beats_the_random_bot() -> None:
    # Measured over 400 games (seeds 0..199, both seatings): the greedy bot won
    # all of them, by at least 31 points (on average 103 to 19).
    wins = margin = 0
    for seed in range(10):
        for greedy_seat in (0, 1):
            bots: list[Bot] = [RandomBot(seed), RandomBot(seed)]
            bots[greedy_seat] = GreedyBot(seed)
            scores = play(Game.new(players=2, seed=100 + seed), bots).scores
            wins += scores[greedy_seat] > scores[1 - greedy_seat]
            margin += scores[greedy_seat] - scores[1 - greedy_seat]
    assert wins >= 18, f"greedy won only {wins} of 20"
    assert margin / 20 >= 30


def test_blind_to_what_the_move_makes_the_engine_draw() -> None:
    # Same tiles, other order. After BA/C turned 180 north of the start tile,
    # BA/Cccc+ (city on all four sides) fits nowhere: with stack A the engine
    # removes it (PLACE-4) and hands Bob BA/Rr; with stack B Bob draws BA/RFr.
    a = Game.new(players=2, stack=["BA/C", "BA/Cccc+", "BA/Rr", "BA/RFr"])
    b = Game.new(players=2, stack=["BA/C", "BA/RFr", "BA/Rr", "BA/Cccc+"])
    assert a.view(0) == b.view(0) and a.view(1) == b.view(1)
    farmer = Move.parse("BA/C@0,-1r180 meeple:field:NL")
    after_a, after_b = a.copy(), b.copy()
    after_a.play(farmer)
    after_b.play(farmer)
    assert after_a.discards == ((1, 1, "BA/Cccc+"),) and after_a.tiles_to_place == ("BA/Rr",)
    assert after_b.discards == () and after_b.tiles_to_place == ("BA/RFr",)
    assert GreedyBot(0).values(a) == GreedyBot(0).values(b)
    for seed in range(10):
        assert GreedyBot(seed).choose(a) == GreedyBot(seed).choose(b)


def test_a_move_that_ends_the_game_is_valued_as_any_other() -> None:
    # With BA/Cccc+ as the last tile the game ends right after the farmer is
    # placed (the tile fits nowhere), and final scoring pays the farmer; with
    # BA/Rr it goes on. Either way the farmer is worth 3 projected points.
    a = Game.new(players=2, stack=["BA/C", "BA/Cccc+"])
    b = Game.new(players=2, stack=["BA/C", "BA/Rr"])
    farmer = Move.parse("BA/C@0,-1r180 meeple:field:NL")
    ended = a.copy()
    ended.play(farmer)
    assert ended.is_over and ended.scores == (3, 0)
    assert GreedyBot(0).values(a) == GreedyBot(0).values(b)


def same_position_other_stack(game: Game, options: dict[str, object],
                              rng: random.Random) -> Game:
    """The same game with the tiles still to be drawn shuffled again: every
    player sees the same position, only the hidden stack order differs."""
    hidden = list(upcoming(game))
    order = draw_order(game)
    drawn = order[:len(order) - len(hidden)]
    shuffled = hidden.copy()
    while len(set(hidden)) > 1 and shuffled == hidden:
        rng.shuffle(shuffled)
    other = Game.new(players=len(game.players), options=options, stack=[*drawn, *shuffled])
    for move in game.moves:
        other.play(move)
    return other


@pytest.mark.parametrize("options", [{}, {"hand": 3}, {"farmers": False, "tiny_city": 2}])
def test_blind_to_the_stack_order(options: dict[str, object]) -> None:
    rng = random.Random(8)
    checked = 0
    for seed in range(3):
        game = Game.new(players=2, seed=seed, options=options)
        bots = [GreedyBot(seed), RandomBot(seed)]
        while not game.is_over:
            if len(game.moves) % 7 == 3 and game.stack_size > 1:
                other = same_position_other_stack(game, options, rng)
                assert upcoming(other) != upcoming(game)
                for seat in range(2):
                    assert other.view(seat) == game.view(seat)
                assert GreedyBot(seed).values(other) == GreedyBot(seed).values(game)
                assert GreedyBot(seed).choose(other) == GreedyBot(seed).choose(game)
                checked += 1
            game.play(bots[game.current_player or 0].choose(game))
    assert checked >= 12


def test_choose_refuses_a_finished_game() -> None:
    game = Game.new(players=2, stack=["BA/Rr"])
    game.play(GreedyBot(0).choose(game))
    assert game.is_over
    assert GreedyBot(0).values(game) == {}
    with pytest.raises(IndexError):
        GreedyBot(0).choose(game)


def test_registry() -> None:
    assert BOTS["greedy"] is GreedyBot
    assert BOTS["random"] is RandomBot
    bot = make_bot("greedy", seed=5)
    assert isinstance(bot, GreedyBot)
    game = Game.new(players=2, seed=11)
    assert bot.choose(game) == GreedyBot(5).choose(game)
    assert repr(bot) == "GreedyBot(seed=5)"


def test_with_slack_it_plays_any_move_near_the_best_and_never_one_further() -> None:
    """``slack`` (the easy level's gentleness): every choice is within the
    slack of the best value, and over a game it does not always take the best."""
    slack = 400
    bot = GreedyBot(seed=3, slack=slack)
    game = Game.new(players=2, seed=5)
    below_best = 0
    while not game.is_over:
        values = bot.values(game)
        move = bot.choose(game)
        best = max(values.values())
        assert values[move] >= best - slack
        below_best += values[move] < best
        game.play(move)
    assert below_best > 0
    # no slack: always a best move, as before
    game = Game.new(players=2, seed=5)
    strict = GreedyBot(seed=3)
    for _ in range(20):
        values = strict.values(game)
        move = strict.choose(game)
        assert values[move] == max(values.values())
        game.play(move)
