"""The search bot: legal in every set, blind to the hidden stack order, and
its budget and settings as documented; and the determinised copies it
searches on (``Game.determinized``)."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest
from bot_play import habits
from strategies import draw_order, play_checked

from carcassonne import Game
from carcassonne.bots import BOTS, LEVELS, MctsBot, known_bot, make_bot
from carcassonne.bots.search import Budget, Settings, root_moves, search, widened

EVERY_SET = ["base", "inns_cathedrals", "traders_builders", "watchtowers", "wonders"]


def hidden(game: Game, seat: int) -> Counter[str]:
    """What ``seat`` cannot see: the rest of the stack and others' hidden hands."""
    left = Counter(game.tiles_left())
    if game.options.hand > 1 and not game.options.hands_public:
        left.subtract(game.hand(seat))
    return +left


@pytest.mark.parametrize("options", [{}, {"hand": 3}])
def test_determinized_deals_only_the_hidden_tiles_again(options: dict) -> None:
    game = Game.new(players=3, options=options, seed=4)
    rng = random.Random(1)
    for _ in range(10):
        game.play(game.legal_moves().random(rng))
    seat = game.current_player
    assert seat is not None
    other = game.determinized(seat, random.Random(2))
    assert other.tiles_left() == game.tiles_left()
    assert other.hand(seat) == game.hand(seat)
    assert other.tiles_to_place == game.tiles_to_place
    assert other.view(seat) == game.view(seat)
    assert [len(other.hand(p)) for p in range(3)] == [len(game.hand(p)) for p in range(3)]
    assert hidden(other, seat) == hidden(game, seat)
    # The copy plays on by itself; the game is untouched.
    before = game.view(None)
    while not other.is_over:
        other.play(other.legal_moves().random(rng))
    assert game.view(None) == before


def test_the_deal_depends_on_the_hidden_tiles_not_their_order() -> None:
    game = Game.new(players=2, seed=9)
    order = draw_order(game)
    shuffled = Game.new(players=2, stack=[order[0], *reversed(order[1:])])
    a = game.determinized(0, random.Random(5))
    b = shuffled.determinized(0, random.Random(5))
    assert a.view(0) == b.view(0)
    assert a.legal_moves().random(random.Random(1)) == b.legal_moves().random(random.Random(1))
    rng_a, rng_b = random.Random(3), random.Random(3)
    while not a.is_over:
        move = a.legal_moves().random(rng_a)
        assert move == b.legal_moves().random(rng_b)
        a.play(move)
        b.play(move)
    assert a.scores == b.scores


def test_the_search_bot_never_uses_the_real_stack_order() -> None:
    game = Game.new(players=2, seed=3)
    rng = random.Random(2)
    for _ in range(12):
        game.play(game.legal_moves().random(rng))
    order = draw_order(game)
    drawn = len(order) - game.stack_size
    rest = list(order[drawn:])
    other = Game.new(players=2, stack=[*order[:drawn], *reversed(rest)])
    for move in game.moves:
        other.play(move)
    bot = MctsBot(seed=7, budget=Budget(iterations=60))
    twin = MctsBot(seed=7, budget=Budget(iterations=60))
    assert bot.choose(game) == twin.choose(other)


@pytest.mark.parametrize(("sets", "options"), [
    (EVERY_SET, {}),
    (["base", "traders_builders", "wonders"], {"hand": 3}),
    (["base"], {"farmers": False, "tiny_city": 2}),
])
def test_the_search_bot_plays_legal_moves_with_every_set(sets: list[str],
                                                         options: dict) -> None:
    game = Game.new(players=2, sets=sets, options=options, seed=11)
    bots = [MctsBot(seed=1, budget=Budget(iterations=8), settings=Settings(width=4)),
            make_bot("mcts:iterations=6,depth=1,rollout=2", seed=2)]
    play_checked(game, bots)
    assert game.is_over


def test_root_parallel_search_adds_up_the_workers() -> None:
    game = Game.new(players=2, seed=5)
    bot = MctsBot(seed=3, budget=Budget(iterations=40), workers=2)
    try:
        candidates = list(game.legal_moves())[:6]
        stats = bot.statistics(game, candidates, seed=1)
        assert sum(visits for visits, _ in stats.values()) == 80
        assert game.is_legal(bot.choose(game))
    finally:
        bot.close()


def test_search_statistics_cover_the_budget() -> None:
    game = Game.new(players=2, seed=6)
    stats = search(game, Budget(iterations=50), Settings(width=5), seed=2)
    assert len(stats) == 5
    assert sum(visits for visits, _ in stats.values()) == 50
    assert all(0 <= total <= visits for visits, total in stats.values())


def test_levels_and_search_specs() -> None:
    assert set(LEVELS) == {"easy", "friendly", "medium", "hard", "expert"}
    assert set(LEVELS) <= set(BOTS)
    bot = make_bot("mcts:seconds=0.5,depth=1,rollout=3,policy=greedy,workers=2", seed=1)
    assert isinstance(bot, MctsBot)
    assert bot.budget == Budget(iterations=None, seconds=0.5)
    assert (bot.settings.depth, bot.settings.rollout, bot.settings.policy) == (1, 3, "greedy")
    assert bot.workers == 2
    assert known_bot("hard") and known_bot("mcts:iterations=10")
    for bad in ("mcts:speed=3", "mcts:iterations=many", "mcts:depth", "strong"):
        assert not known_bot(bad)
        with pytest.raises(ValueError):
            make_bot(bad)


def test_the_prior_starts_each_candidate_at_its_one_move_value() -> None:
    game = Game.new(players=2, seed=8)
    rng = random.Random(3)
    for _ in range(12):
        game.play(game.legal_moves().random(rng))
    settings = Settings(width=6, prior=5, depth=1, rollout=1, policy="greedy")
    candidates, values = root_moves(game, settings, seed=1)
    assert len(candidates) == len(values) == 6
    assert [values[m] for m in candidates] == sorted(values.values(), reverse=True)
    # Without iterations, every candidate holds its prior visits only, and
    # the bot plays a move of the best one-move value.
    stats = search(game, Budget(iterations=0), settings, seed=2, candidates=candidates,
                   values=values)
    assert {visits for visits, _ in stats.values()} == {5}
    best = max(values.values())
    bot = MctsBot(seed=1, budget=Budget(iterations=0), settings=settings)
    assert values[bot.choose(game)] == best
    # Iterations add visits on top of the prior.
    stats = search(game, Budget(iterations=30), settings, seed=2, candidates=candidates,
                   values=values)
    assert sum(visits for visits, _ in stats.values()) == 6 * 5 + 30


def test_a_pooled_search_plays_the_moves_it_would_play_in_the_calling_process() -> None:
    """``pooled`` (the hard level) moves the search into the program's pool
    of processes, where it cannot hold the caller's interpreter; the moves
    are the same."""
    game = Game.new(players=2, seed=4)
    budget = Budget(iterations=12)
    here = MctsBot(seed=9, budget=budget)
    away = MctsBot(seed=9, budget=budget, pooled=True)
    for _ in range(6):
        move = away.choose(game)
        assert move == here.choose(game)
        game.play(move)
    assert make_bot("hard").pooled  # type: ignore[attr-defined]


def _lopsided_position() -> Game:
    """A base game where seat 0 (greedy) leads seat 1 (random) by dozens of
    points, seat 0 to move."""
    game = Game.new(players=2, seed=5)
    rng = random.Random(1)
    greedy = make_bot("greedy", seed=1)
    while game.stack_size > 30 or game.current_player != 0:
        game.play(greedy.choose(game) if game.current_player == 0
                  else game.legal_moves().random(rng))
    assert game.scores[0] - game.scores[1] >= 20
    return game


def test_relative_rewards_keep_the_search_discerning_when_far_ahead() -> None:
    """Judged by the lead itself, every candidate of a player far ahead
    starts at a reward of almost exactly 1, and the search cannot tell them
    apart; judged by what each gains on the lead at the root (``relative``,
    the levels' setting), the same candidates start spread about 0.5, the
    best highest."""
    game = _lopsided_position()
    means = {}
    for relative in (False, True):
        settings = Settings(width=6, prior=5, depth=1, rollout=1, policy="greedy",
                            evaluation="expected", relative=relative)
        candidates, values = root_moves(game, settings, seed=1)
        stats = search(game, Budget(iterations=0), settings, seed=2, candidates=candidates,
                       values=values)
        means[relative] = {move: total / visits for move, (visits, total) in stats.items()}
    assert min(means[False].values()) > 0.99999
    spread = means[True]
    assert max(spread.values()) - min(spread.values()) > 0.05
    assert 0.3 < min(spread.values()) < max(spread.values()) < 0.9
    best = max(values, key=lambda m: values[m])
    assert spread[best] == max(spread.values())
    assert LEVELS["medium"].settings.relative and LEVELS["hard"].settings.relative


def test_relative_search_visits_the_budget_and_plays_legal_moves() -> None:
    game = _lopsided_position()
    settings = Settings(width=5, depth=1, rollout=1, policy="greedy", relative=True)
    stats = search(game, Budget(iterations=40), settings, seed=3)
    assert sum(visits for visits, _ in stats.values()) == 40
    assert all(0 <= total <= visits for visits, total in stats.values())
    assert game.is_legal(make_bot("medium", seed=4).choose(game))


@pytest.mark.parametrize("prior", [0, 5])
def test_progressive_widening_adds_the_next_best_moves_as_iterations_grow(prior: int) -> None:
    """With ``widening`` the root starts with the ``width`` best moves by
    one-move value and lets in the next best as the iterations grow; without
    it, the ``width`` best are all it ever searches."""
    game = _lopsided_position()
    for widening, iterations in ((0.0, 100), (0.5, 0), (0.5, 16), (0.5, 100)):
        settings = Settings(width=4, prior=prior, depth=1, rollout=1, policy="greedy",
                            relative=True, widening=widening)
        candidates, values = root_moves(game, settings, seed=1)
        assert len(candidates) == (len(game.legal_moves()) if widening else 4)
        assert [values[m] for m in candidates] == sorted(values.values(), reverse=True)
        stats = search(game, Budget(iterations=iterations), settings, seed=2,
                       candidates=candidates, values=values)
        # The last widening happens before the last iteration.
        expected = widened(settings, max(iterations - 1, 0), len(candidates))
        assert expected == (4 if not widening else 4 + int(0.5 * max(iterations - 1, 0) ** 0.5))
        searched = [m for m in candidates if stats.get(m, (0, 0.0))[0] > 0]
        assert searched == candidates[:expected] or (not prior and iterations < expected)
        assert sum(visits for visits, _ in stats.values()) == iterations + prior * len(stats)


def test_easy_plays_plausibly() -> None:
    """The easy level is gentle, not foolish: against ``greedy`` in base
    games it claims features (about 19 followers placed a game), finishes
    them (about 12 scorings a game during play) and keeps followers back
    (its supply is empty on about one turn in ten; ``greedy``'s on about
    four in ten)."""
    seen = habits("easy", games=4)
    assert seen.placed >= 12 * 4
    assert seen.scorings >= 7 * 4
    assert seen.empty <= 0.25 * seen.turns


def test_each_rival_makes_the_rollout_a_round_of_replies() -> None:
    """With ``each_rival`` the rollout plays one reply per other player: the
    same search as without it at two players, a different one at four."""
    for players, same in ((2, True), (4, False)):
        game = Game.new(players=players, seed=3)
        for _ in range(8):
            game.play(game.legal_moves()[0])
        plain = Settings(depth=1, rollout=1, policy="greedy", width=4, prior=2)
        rounds = replace(plain, each_rival=True)
        first = search(game, Budget(iterations=30), plain, seed=4)
        second = search(game, Budget(iterations=30), rounds, seed=4)
        assert (first == second) is same
