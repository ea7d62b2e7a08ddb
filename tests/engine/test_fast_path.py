"""Playing fast: a move drawn by ``legal_moves().random()`` is played
without being checked again, and a game may keep nothing for undo.

Both change how much work a move takes, never what it does: the games
below are played each way and must give the same record, scores, events
and movers, in every set. A drawn move that is no longer of its position
(the game moved on, or it is played on a copy) is checked as any other.
"""

from __future__ import annotations

import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from carcassonne import Game, IllegalMove

SETS = [["base"], ["base", "inns_cathedrals"], ["base", "traders_builders"],
        ["base", "watchtowers"], ["base", "wonders"],
        ["base", "inns_cathedrals", "traders_builders", "watchtowers", "wonders"]]


def play_out(game: Game, seed: int, copy_each: bool) -> Game:
    """Play ``game`` to its end with random moves; with ``copy_each`` an equal
    copy of each drawn move is played, which play() checks again."""
    rng = random.Random(seed)
    while not game.is_over:
        legal = game.legal_moves()
        if not isinstance(legal, type(Game.new(seed=0).legal_moves())):
            game.play(rng.choice(list(legal)))  # a wonder decision: no random() to draw from
            continue
        move = legal.random(rng)
        game.play(move._replace() if copy_each else move)
    return game


def summary(game: Game) -> tuple[object, ...]:
    return (game.to_record(), game.scores, [e.to_dict() for e in game.events], game.movers)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), sets=st.sampled_from(SETS),
       players=st.integers(2, 4), undoable=st.booleans())
def test_a_drawn_move_played_unchecked_does_what_a_checked_one_does(seed, sets, players,
                                                                     undoable):
    checked = play_out(Game.new(players=players, sets=sets, seed=seed), seed, copy_each=True)
    fast = Game.new(players=players, sets=sets, seed=seed)
    fast.undoable = undoable
    play_out(fast, seed, copy_each=False)
    assert summary(fast) == summary(checked)
    assert Game.from_record(fast.to_record()).scores == checked.scores


def test_a_drawn_move_is_checked_again_once_the_game_moved_on():
    game = Game.new(seed=3)
    rng = random.Random(1)
    move = game.legal_moves().random(rng)
    game.play(move)
    before = summary(game)
    with pytest.raises(IllegalMove):  # its tile is on the board now: not this position's
        game.play(move)
    assert summary(game) == before  # refused, and nothing changed


def test_a_move_drawn_on_one_game_is_checked_on_its_copy():
    game = Game.new(seed=8)
    move = game.legal_moves().random(random.Random(4))
    twin = game.copy()
    twin.play(move)  # legal there too, checked
    game.play(move)  # known: not checked
    assert summary(twin) == summary(game)
    later = twin.legal_moves().random(random.Random(5))
    game.play(game.legal_moves().random(random.Random(6)))
    if later not in list(game.legal_moves()):
        with pytest.raises(IllegalMove):
            game.play(later)  # drawn on the twin: the original checks it


def test_a_game_that_keeps_no_undo_refuses_undo_and_copies_and_pickles_so():
    game = Game.new(seed=2)
    rng = random.Random(2)
    game.play(game.legal_moves().random(rng))
    game.undoable = False
    assert game.undoable is False
    with pytest.raises(IndexError, match="keeps none"):
        game.undo()  # what the first move kept is let go too
    game.play(game.legal_moves().random(rng))
    assert game.copy().undoable is False
    again = pickle.loads(pickle.dumps(game))
    assert again.undoable is False and summary(again) == summary(game)
    assert len(game.movers) == 2
    # keeping again: undo goes back to the moment it was turned on, no further
    game.undoable = True
    played = game.legal_moves().random(rng)
    game.play(played)
    assert game.undo() == played
    with pytest.raises(IndexError, match="no move to undo"):
        game.undo()
    assert len(game.movers) == 2


def test_undoable_takes_only_a_bool():
    game = Game.new(seed=1)
    for bad in (None, 0, "no"):
        with pytest.raises(TypeError, match="undoable is True or False"):
            game.undoable = bad
    assert game.undoable is True


def _play_some(game: Game, rng: random.Random, moves: int) -> None:
    for _ in range(moves):
        if game.is_over:
            return
        legal = game.legal_moves()
        if not isinstance(legal, type(Game.new(seed=0).legal_moves())):
            game.play(rng.choice(list(legal)))
        else:
            game.play(legal.random(rng))


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10_000), sets=st.sampled_from(SETS),
       without=st.integers(0, 60), kept=st.integers(1, 40))
def test_undo_kept_again_after_a_stretch_without_it_goes_back_exactly(seed, sets, without,
                                                                      kept):
    """A game that keeps no undo writes no journals (board, features,
    figures); kept again, undo must still go back exactly to that moment:
    the game then plays on as a fresh replay of its record does."""
    game = Game.new(players=3, sets=sets, seed=seed)
    game.undoable = False
    rng = random.Random(seed)
    _play_some(game, rng, without)
    game.undoable = True
    replay = Game.from_record(game.to_record())
    _play_some(game, rng, kept)
    while True:
        try:
            game.undo()
        except IndexError:
            break
    assert game.to_record() == replay.to_record()
    assert [str(m) for m in game.legal_moves()] == [str(m) for m in replay.legal_moves()]
    assert summary(play_out(game, seed + 1, False)) == summary(play_out(replay, seed + 1, False))
