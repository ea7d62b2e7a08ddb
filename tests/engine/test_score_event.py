"""Score events are values: read-only, equal and hashed by what they say.

(``ScoreEvent`` is a plain class, not a frozen dataclass, so that the
compiled engine builds events in compiled code; these tests keep what the
dataclass gave.)
"""

from __future__ import annotations

import pickle
import random

import pytest

from carcassonne import Game, ScoreEvent


def a_game_with_events() -> Game:
    rng = random.Random(4)
    game = Game.new(seed=4)
    while not game.is_over:
        game.play(game.legal_moves().random(rng))
    return game


def test_events_are_equal_and_hashed_by_their_fields() -> None:
    one = ScoreEvent(3, 1, 8, "city", False, "city of 4 tiles: 8", tiles=4)
    same = ScoreEvent(3, 1, 8, "city", False, "city of 4 tiles: 8", 4, 0, 0)
    other = ScoreEvent(3, 1, 8, "city", True, "city of 4 tiles: 8", tiles=4)
    assert one == same and hash(one) == hash(same)
    assert one != other and len({one, same, other}) == 2
    assert one != (3, 1, 8)
    assert "points=8" in repr(one) and "reason='city'" in repr(one)
    assert one.to_dict() == {"move": 3, "player": 1, "points": 8, "reason": "city",
                             "final": False, "detail": "city of 4 tiles: 8", "tiles": 4}


def test_events_cannot_be_changed() -> None:
    event = a_game_with_events().events[0]
    for name in ("move", "player", "points", "reason", "final", "detail", "tiles",
                 "shields", "cities"):
        with pytest.raises(AttributeError):
            setattr(event, name, 0)


def test_a_game_replayed_or_pickled_has_equal_events() -> None:
    game = a_game_with_events()
    assert game.events
    assert Game.from_record(game.to_record()).events == game.events
    assert pickle.loads(pickle.dumps(game)).events == game.events
    assert all(isinstance(e.points, int) and e.points > 0 for e in game.events)
