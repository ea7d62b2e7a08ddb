"""The expert level: a reply and its own next move ahead over every tile the next player may draw
(carcassonne/bots/expectimax.py, expert_bot.py; docs/bots.md "The expert")."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from carcassonne import Game
from carcassonne.bots import LEVELS, ExpertBot, GreedyBot, make_bot
from carcassonne.bots.evaluation import FITTING, leads, rewards
from carcassonne.bots.expectimax import Plan, expected_values, ranked
from carcassonne.bots.greedy_bot import SCORED


def _middle(seed: int, players: int = 2, sets: tuple[str, ...] = ("base",)) -> Game:
    """A game some twenty moves in, played by the greedy bot."""
    game = Game.new(players=players, seed=seed, sets=sets)
    bot = GreedyBot(seed=seed, cap=300)
    while len(game.moves) < 20 and not game.is_over:
        game.play(bot.choose(game))
    return game


def test_the_expert_is_the_strongest_level_and_plays_legal_moves() -> None:
    assert list(LEVELS)[-1] == "expert"
    bot = make_bot("expert", seed=1)
    assert isinstance(bot, ExpertBot) and bot.pooled
    game = _middle(3)
    before = game.to_record()
    assert game.is_legal(bot.choose(game))
    assert game.to_record() == before  # the game is left as it was


def test_each_candidate_is_valued_over_the_next_tiles_and_the_best_is_played() -> None:
    game = _middle(4)
    plan = Plan(width=4)
    candidates, values = ranked(game, plan, seed=2)
    assert len(candidates) == 4
    assert [values[m] for m in candidates] == sorted(values.values(), reverse=True)
    expected = expected_values(game, plan, seed=2, candidates=candidates)
    assert set(expected) == set(candidates)
    assert all(0.0 <= value <= 1.0 for value in expected.values())
    bot = ExpertBot(seed=1, plan=plan)
    seed = random.Random(1).randrange(2**32)  # the bot's first draw from its generator
    candidates, _ = ranked(game, plan, seed)
    again = expected_values(game, plan, seed, candidates)
    assert bot.choose(game) == max(candidates, key=lambda m: (again[m], -candidates.index(m)))


def test_the_values_depend_on_the_tiles_left_not_on_the_order_of_the_stack() -> None:
    """Two games that differ only in the hidden order of the stack get the
    same values: the search deals its own order and weighs every tile left
    by its share."""
    game = _middle(5)
    other = game.determinized(game.current_player, random.Random(99))
    assert other.tiles_left() == game.tiles_left()
    plan = Plan(width=3)
    candidates, _ = ranked(game, plan, seed=1)
    assert expected_values(game, plan, 7, candidates) == expected_values(
        other, plan, 7, candidates)


def test_the_reply_is_the_rivals_best_move_by_the_experts_own_estimate() -> None:
    """With a single tile left to draw, the value is exactly the reward after
    the rival's best fitting reply to that tile."""
    game = Game.new(players=2, seed=6)
    bot = GreedyBot(seed=1, cap=300)
    while game.stack_size > 1:
        game.play(bot.choose(game))
    assert len(game.chance_outcomes()) == 1
    plan = Plan(width=2)
    candidates, _ = ranked(game, plan, seed=3)
    values = expected_values(game, plan, 3, candidates)
    (tile, chance), = game.chance_outcomes()
    assert chance == 1.0
    seat = game.current_player
    base = leads(FITTING.worths(game))
    for move in candidates:
        trial = game.copy()
        trial.play(move)
        replies = GreedyBot(seed=0, evaluation=FITTING, cap=300).values(trial)
        best = max(replies.values())
        reply = GreedyBot(seed=f"3:{tile}:0", evaluation=FITTING, cap=300).choose(trial)
        assert replies[reply] == best  # the rival's best by the fitting estimate
        trial.play(reply)
        extra = [0, 0]  # points scored on the way (the move's, the reply's), not final
        for event in trial.events[len(game.events):]:
            if not event.final:
                extra[event.player] += SCORED * event.points
        assert values[move] == rewards(trial, 500.0, extra, FITTING, base)[seat]


@pytest.mark.parametrize("players", [3, 4])
def test_every_rival_replies_at_larger_tables(players: int) -> None:
    game = _middle(7, players=players)
    bot = ExpertBot(seed=2, plan=Plan(width=2, outcomes=3))
    assert game.is_legal(bot.choose(game))


def test_shared_out_among_processes_the_moves_are_the_same() -> None:
    game = _middle(8)
    plan = Plan(width=4, outcomes=6)
    here = ExpertBot(seed=9, plan=plan)
    away = ExpertBot(seed=9, plan=plan, workers=2)
    for _ in range(3):
        move = away.choose(game)
        assert move == here.choose(game)
        game.play(move)


def test_every_set_the_work_stays_bounded_and_the_moves_legal() -> None:
    """With every set, a stack of many kinds of tile is cut to the
    ``outcomes`` likeliest, and the moves stay legal (The River's parts and
    the dragon's tiles, which may not come next, are skipped)."""
    from carcassonne.engine.setup import SUPPORTED_SETS

    game = _middle(9, sets=SUPPORTED_SETS)
    plan = replace(Plan(), width=2, outcomes=4, cap=60, root_cap=200)
    for _ in range(4):
        if game.is_over:
            break
        move = ExpertBot(seed=1, plan=plan).choose(game)
        assert game.is_legal(move)
        game.play(move)


def test_a_work_budget_cuts_the_tiles_likeliest_first_the_same_for_every_candidate(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The replies' work is counted in features read (each move weighed
    reads every claimed feature, plus a fixed part); a further tile is
    looked at only while the work so far and the last tile's again stay
    within ``work``. Every candidate is weighed over the same tiles, and
    what was weighed is what an unlimited search finds for those tiles."""
    from carcassonne.bots import expectimax
    from carcassonne.engine.setup import SUPPORTED_SETS

    works: list[int] = []

    class Counting(GreedyBot):
        def values(self, game: Game) -> dict:  # type: ignore[override]
            values = super().values(game)
            works.append(len(values) * (expectimax.READ + len(game.claimed_features())))
            return values

    monkeypatch.setattr(expectimax, "GreedyBot", Counting)
    game = _middle(9, sets=SUPPORTED_SETS)
    plan = replace(Plan(), width=3, outcomes=12, cap=60, root_cap=200, work=8000,
                   own=False)
    candidates, _ = ranked(game, plan, seed=4)
    works.clear()
    rounds = expectimax.outcome_rewards(game, plan, 4, candidates)
    kinds = min(plan.outcomes, len(game.chance_outcomes()))
    assert 2 <= len(rounds) < kinds  # cut short by the budget
    assert len(works) == 3 * len(rounds)  # one reply per candidate and tile (two players)
    per_round = [sum(works[i:i + 3]) for i in range(0, len(works), 3)]
    # each tile was begun within the budget, judged by the tile before it
    for k in range(1, len(per_round)):
        assert sum(per_round[:k]) + per_round[k - 1] <= plan.work
    # and the next would not have been
    assert sum(per_round) + per_round[-1] > plan.work
    assert all(set(row) == set(candidates) for _, row in rounds)
    chances = [chance for chance, _ in rounds]
    assert chances == sorted(chances, reverse=True)
    unlimited = expectimax.outcome_rewards(game, replace(plan, work=0), 4, candidates)
    assert len(unlimited) == kinds
    assert unlimited[:len(rounds)] == rounds
    # shared out, each share is cut to the tiles every share reached
    first, second = candidates[:1], candidates[1:]
    parts = [expectimax.outcome_rewards(game, replace(plan, work=0), 4, first),
             expectimax.outcome_rewards(game, plan, 4, second)]
    reached = min(len(part) for part in parts)
    assert reached < kinds
    expected = expectimax.averages([unlimited[:reached]])
    assert expectimax.averages(parts) == pytest.approx(expected)


def test_the_later_rivals_meet_a_fresh_tile_for_each_tile_looked_at() -> None:
    """At tables of three or more the rivals after the next one answer on
    tiles drawn for each kind of next tile, from the tiles left once that
    one is drawn: not on the one tile a single deal would give them."""
    from carcassonne.bots.expectimax import _later_draws

    draws = [("A", 0.5), ("B", 0.25), ("C", 0.25)]  # 2 A, 1 B, 1 C of 4
    for seed in range(20):
        later = _later_draws(draws, "B", 4, 2, random.Random(seed))
        assert len(later) == 2 and "B" not in later  # B's only copy is drawn
        assert later == _later_draws(draws, "B", 4, 2, random.Random(seed))
    seen = {tuple(_later_draws(draws, "A", 4, 1, random.Random(seed))) for seed in range(20)}
    assert seen == {("A",), ("B",), ("C",)}
    assert _later_draws(draws, "A", 4, 0, random.Random(1)) == []


def test_with_its_own_next_move_the_expert_looks_three_plies_deep() -> None:
    """With ``own`` the expert's own best next move follows the rival's
    reply, on the tile left after the rival's, before the position is judged."""
    game = Game.new(players=2, seed=6)
    bot = GreedyBot(seed=1, cap=300)
    while game.stack_size > 2:
        game.play(bot.choose(game))
    plan = Plan(width=2, own=True)
    candidates, _ = ranked(game, plan, seed=3)
    values = expected_values(game, plan, 3, candidates)
    seat = game.current_player
    base = leads(FITTING.worths(game))
    outcomes = game.chance_outcomes()
    for move in candidates:
        total = 0.0
        for tile, chance in outcomes:
            trial = game.copy()
            rest = [t for t, _ in outcomes if t != tile] or [tile]
            trial.fix_draws([tile, rest[0]])
            trial.play(move)
            for k in range(2):  # the rival's reply, then the expert's own move
                assert trial.current_player == (seat + 1 + k) % 2
                trial.play(GreedyBot(seed=f"3:{tile}:{k}", evaluation=FITTING,
                                     cap=300).choose(trial))
            extra = [0, 0]
            for event in trial.events[len(game.events):]:
                if not event.final:
                    extra[event.player] += SCORED * event.points
            total += chance * rewards(trial, 500.0, extra, FITTING, base)[seat]
        assert values[move] == pytest.approx(total)
