"""The end of a game solved exactly (carcassonne/analysis/endgame.py), against brute force
over every order of the tiles left."""

from __future__ import annotations

from itertools import permutations

import pytest

from carcassonne import Game
from carcassonne.analysis.endgame import Solver, TooLong, solvable, solve
from carcassonne.bots import GreedyBot


def _with_stack(seed: int, left: int, players: int = 2) -> Game:
    """A greedy game with ``left`` tiles still in the stack (one more in hand)."""
    game = Game.new(players=players, seed=seed)
    bot = GreedyBot(seed=seed)
    while game.stack_size > left:
        game.play(bot.choose(game))
    return game


def _final_leads(game: Game) -> list[float]:
    s = game.scores
    return [float(mine - max(v for q, v in enumerate(s) if q != p)) for p, mine in enumerate(s)]


def _best_to_the_end(game: Game) -> list[float]:
    """Brute force once the order of every tile left is fixed: each player
    in turn plays the move best for them, knowing the tiles to come."""
    if game.is_over:
        return _final_leads(game)
    seat = game.current_player
    best: list[float] | None = None
    for move in list(game.legal_moves()):
        game.play(move)
        value = _best_to_the_end(game)
        game.undo()
        if best is None or value[seat] > best[seat]:
            best = value
    assert best is not None
    return best


@pytest.mark.parametrize(("seed", "players"), [(5, 2), (3, 2), (2, 3)])
def test_the_solution_is_the_average_over_every_order_of_the_tiles_left(
        seed: int, players: int) -> None:
    """With two tiles in the stack the player after the mover sees the first
    and so knows the last: the value of a move is then the average, over
    every order of the two, of best play to the end with the order known."""
    game = _with_stack(seed, 2, players)
    seat = game.current_player
    stack = [tile for tile, count in game.tiles_left().items() for _ in range(count)]
    assert len(stack) == 2
    solved = solve(game, plays=0)
    assert set(solved) == set(game.legal_moves())
    for move in list(game.legal_moves())[:12]:
        total = [0.0] * players
        orders = list(permutations(stack))
        for order in orders:
            copy = game.copy()
            copy.fix_draws(order)
            copy.play(move)
            for p, lead in enumerate(_best_to_the_end(copy)):
                total[p] += lead / len(orders)
        assert solved[move] == pytest.approx(total), (move, seat)


def test_a_solution_too_long_is_given_up_and_a_game_with_hands_not_solved() -> None:
    game = _with_stack(5, 2)
    with pytest.raises(TooLong, match="more than 50 moves"):
        solve(game, plays=50)
    assert solvable(game, 3) and not solvable(game, 2)
    hands = Game.new(players=2, seed=1, options={"draw_ahead": True})
    assert not solvable(hands, 200)
    last = _with_stack(5, 0)
    for move in list(last.legal_moves()):
        solver = Solver(last.copy(), 0)
        solver.after(move)
        assert -solver.left - 1 == 1  # the last move ends the game: one move played
