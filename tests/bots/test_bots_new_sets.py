"""Every bot plays every decision of The River, The Abbot and The Princess
& the Dragon: placements with an action instead of a figure (``ABBOT-RECALL``,
``PD-FAIRY-1``, ``PD-PRINCESS``), portal figures (``PD-PORTAL``) and the
dragon's steps (``PD-DRAGON-TILE``). Sets the engine still refuses are
skipped."""

from __future__ import annotations

import random

import pytest

from carcassonne import Game
from carcassonne.bots import make_bot
from carcassonne.engine.moves import DragonStep, Move
from carcassonne.engine.setup import LATER_SETS

BOTS = ("random", "greedy", "easy", "hard", "mcts:iterations=30,depth=1,workers=1")


def _positions(sets: tuple[str, ...], seed: int) -> list[Game]:
    """Copies of a random game at its first dragon step and at its first
    placements offering an action, a portal figure or the abbot."""
    if set(sets) & set(LATER_SETS):
        pytest.skip(f"the engine does not play {sorted(set(sets) & set(LATER_SETS))} yet")
    game = Game.new(players=3, sets=sets, seed=seed)
    rng = random.Random(seed)
    found: dict[str, Game] = {}
    while not game.is_over and len(found) < 3:
        legal = list(game.legal_moves())
        if isinstance(legal[0], DragonStep):
            found.setdefault("dragon", game.copy())
        elif any(isinstance(m, Move) and m.action is not None for m in legal):
            found.setdefault("action", game.copy())
        elif any(isinstance(m, Move) and any(f.figure == "abbot" for f in m.figures)
                 for m in legal):
            found.setdefault("abbot", game.copy())
        game.play(game.legal_moves().random(rng))
    return list(found.values())


@pytest.mark.parametrize("sets", [("base", "abbot"), ("base", "princess_dragon"),
                                  ("base", "river", "abbot", "princess_dragon")])
@pytest.mark.parametrize("name", BOTS)
def test_each_bot_chooses_a_legal_move_at_every_new_decision(sets: tuple[str, ...],
                                                             name: str) -> None:
    positions = _positions(sets, 5)
    assert positions
    for game in positions:
        before = game.to_record()
        move = make_bot(name, seed=1).choose(game)
        assert move in list(game.legal_moves())
        assert game.to_record() == before  # choose leaves the game as it was
