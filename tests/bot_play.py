"""How a level plays against ``greedy`` in seeded base games: the numbers
the tests of gentle levels hold them to (claiming, finishing, keeping
followers back)."""

from __future__ import annotations

from dataclasses import dataclass

from carcassonne import Game
from carcassonne.bots import make_bot
from carcassonne.bots.evaluation import followers


@dataclass
class Habits:
    """Over the games, seat 0's turns, followers placed, scorings during
    play, and turns begun with no follower in supply."""

    turns: int = 0
    placed: int = 0
    scorings: int = 0
    empty: int = 0


def habits(name: str, games: int) -> Habits:
    """Seat 0 is the bot ``name``, seat 1 ``greedy``, in base games seeded 0 to ``games - 1``."""
    seen = Habits()
    for seed in range(games):
        game = Game.new(players=2, seed=seed)
        bots = [make_bot(name, seed=seed), make_bot("greedy", seed=seed + 100)]
        while not game.is_over:
            seat = game.current_player
            assert seat is not None
            move = bots[seat].choose(game)
            if seat == 0:
                seen.turns += 1
                seen.empty += followers(game.supply(0)) == 0
                seen.placed += bool(move.figures)
            game.play(move)
        seen.scorings += sum(1 for e in game.events if e.player == 0 and not e.final)
    return seen
