"""The friendly level: it builds and finishes its own features, and rarely
takes anything from the other players (carcassonne.bots.friendly_bot)."""

from __future__ import annotations

from bot_play import habits

from carcassonne import Game
from carcassonne.bots import LEVELS, GreedyBot, make_bot
from carcassonne.bots.evaluation import FITTING
from carcassonne.bots.friendly_bot import FriendlyBot, sharing
from carcassonne.engine.moves import AnyMove


def rivals_loss(game: Game, move: AnyMove) -> int:
    """Hundredths of worth (the fitting estimate) the other players lose by ``move``."""
    seat = game.current_player
    before = FITTING.worths(game, 0)
    game.play(move)
    after = FITTING.worths(game, 0)
    game.undo()
    return sum(max(0, b - a) for q, (b, a) in enumerate(zip(before, after, strict=True))
               if q != seat)


def test_in_the_same_positions_it_takes_far_less_from_rivals_than_greedy_or_easy() -> None:
    """Positions of greedy games; in each, the move each bot would choose.
    The friendly bot's choices cost the other player much less (measured:
    about a sixth of greedy's and a fifth of easy's), and it joins a
    rival's feature where greedy does only now and then."""
    lost = {"friendly": 0, "greedy": 0, "easy": 0}
    joins = {"friendly": 0, "greedy": 0}
    for seed in range(3):
        game = Game.new(players=2, seed=seed)
        players = [GreedyBot(seed=seed), GreedyBot(seed=seed + 9)]
        bots = {"friendly": FriendlyBot(seed=seed), "easy": make_bot("easy", seed=seed)}
        while not game.is_over and len(game.moves) < 60:
            seat = game.current_player
            assert seat is not None
            chosen = {"greedy": players[seat].choose(game),
                      **{name: bot.choose(game) for name, bot in bots.items()}}
            shared = sharing(game, seat)
            for name, move in chosen.items():
                lost[name] += rivals_loss(game, move)
                if name in joins:
                    game.play(move)
                    joins[name] += sharing(game, seat) > shared
                    game.undo()
            game.play(chosen["greedy"])
    assert lost["friendly"] * 2 < lost["greedy"] and lost["friendly"] * 2 < lost["easy"]
    assert joins["friendly"] * 2 < joins["greedy"]


def test_it_builds_and_finishes_its_own_features() -> None:
    """Against greedy it places followers, scores them during play, and
    keeps some back, as the other levels do."""
    seen = habits("friendly", games=3)
    assert seen.placed >= 10 * 3
    assert seen.scorings >= 7 * 3
    assert seen.empty <= 0.25 * seen.turns


def test_friendly_is_a_level_between_easy_and_medium() -> None:
    assert list(LEVELS) == ["easy", "friendly", "medium", "hard", "expert"]
    assert isinstance(make_bot("friendly", seed=1), FriendlyBot)
