"""A player's view holds what that seat may know and nothing more.

Never the order of the stack; never another player's hand in the hand
variant unless hands are public. What it does hold must match the game:
the tile being placed, the counts of unseen tiles, and it is plain JSON.
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import Setup, play_out, setups, upcoming

from carcassonne import Game
from carcassonne.tiles import TILES

views = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def string_lists(value: Any) -> list[list[str]]:
    """Every list of strings anywhere inside a view."""
    found = []
    if isinstance(value, dict):
        for item in value.values():
            found.extend(string_lists(item))
    elif isinstance(value, list):
        if value and all(isinstance(v, str) for v in value):
            found.append(value)
        for item in value:
            found.extend(string_lists(item))
    return found


def hidden(game: Game) -> bool:
    """Whether players hold hidden tiles now: the hand variant or draw_ahead
    without ``hands_public`` (``VAR-HAND-1``, ``VAR-AHEAD-4``), once dealt
    (after the River's tiles, ``RIVER-SETUP-3``)."""
    options = game.options
    dealt = "river" not in game.sets or game.position().draw_count > 11  # after the lake
    return (options.hand > 1 or options.draw_ahead) and not options.hands_public and dealt


def check_view(game: Game, seat: int) -> None:
    view = game.view(seat)
    text = json.dumps(view)
    assert json.loads(text) == view, "a view is plain JSON (lists, not tuples)"
    assert view["you"] == seat

    # No stack order: no key names the stack, no list of ids runs along it.
    assert not {"stack", "draw", "order"} & set(view)
    rest = list(upcoming(game))
    assert view["stack_size"] == len(rest)
    hand_size = game.options.hand
    for strings in string_lists(view):
        if all(s in TILES for s in strings):
            assert len(strings) <= hand_size, f"a list of tile ids longer than a hand: {strings}"
    if len(rest) > hand_size:
        run = json.dumps(rest[:hand_size + 1])[1:-1]
        assert run not in text

    # Hands: your own always; the others' only when the table shows them.
    for other in range(len(game.players)):
        shown = view["hands"][other]
        if other == seat or not hidden(game):
            assert shown == list(game.hand(other))
        else:
            assert shown is None
        assert view["hand_sizes"][other] == len(game.hand(other))

    # The tile being placed: everyone sees the drawn tile; a hidden hand only its owner.
    if game.current_player == seat or not hidden(game):
        assert view["to_place"] == list(game.tiles_to_place)
    else:
        assert view["to_place"] == []
        assert view["current"] == game.current_player

    # Unseen tiles: the rest of the stack and the hands this seat may not see.
    unseen = Counter(rest)
    if hidden(game):
        for other in range(len(game.players)):
            if other != seat:
                unseen.update(game.hand(other))
    assert view["unseen"] == dict(unseen)

    assert view["scores"] == list(game.scores)
    assert view["moves"] == [str(m) for m in game.moves]
    assert view["board"] == [{"tile": t, "at": list(at), "rotation": r}
                             for t, at, r in game.board()]
    assert view["figures"] == game.figures()
    assert view["is_over"] == game.is_over
    assert view["winners"] == list(game.winners)


@views
@given(setup=setups(), seed=st.integers(0, 2**32 - 1))
def test_every_view_along_a_game(setup: Setup, seed: int) -> None:
    game = setup.game()
    rng = random.Random(seed)
    while True:
        for seat in range(len(game.players)):
            check_view(game, seat)
        if game.is_over:
            break
        play_out(game, rng, limit=rng.randint(1, 8))


@views
@given(setup=setups(min_length=4), seed=st.integers(0, 2**32 - 1))
def test_views_do_not_depend_on_the_order_of_undrawn_tiles(setup: Setup, seed: int) -> None:
    game = setup.game()
    rng = random.Random(seed)
    order = game.to_record()["stack"]
    play_out(game, rng, limit=rng.randint(0, max(0, len(order) - 5)))
    drawn = len(order) - game.stack_size
    rest = order[drawn:]
    rng.shuffle(rest)
    other = Game.new(players=list(game.players), options=game.options.changed(),
                     stack=[*order[:drawn], *rest])
    for move in game.moves:
        other.play(move)
    for seat in range(len(game.players)):
        assert other.view(seat) == game.view(seat)


def afresh(game: Game) -> Game:
    """The same position, replayed on a new game: its views are made from
    nothing, not from parts kept as the game went on."""
    return Game.from_record(game.to_record(), check_result=False)


@views
@given(setup=setups(expansions=True), seed=st.integers(0, 2**32 - 1))
def test_views_made_from_kept_parts_equal_views_made_afresh(setup: Setup, seed: int) -> None:
    """A game keeps the parts of its views that only grow (board, moves,
    events): along a game with moves taken back and copies played on, every
    view equals the view of the same position replayed afresh, and a view
    already given never changes afterwards."""
    game = setup.game()
    rng = random.Random(seed)
    given_views: list[tuple[dict[str, Any], dict[str, Any]]] = []
    while not game.is_over:
        seat = rng.randrange(len(game.players))
        view = game.view(seat)
        assert view == afresh(game).view(seat)
        given_views.append((view, copy.deepcopy(view)))
        roll = rng.random()
        if roll < 0.15 and game.moves:
            game.undo()
        elif roll < 0.3:
            other = game.copy()
            play_out(other, rng, limit=3)  # the copy's moves leave the game's parts alone
            assert game.view(seat) == view
            game = other if rng.random() < 0.5 else game
        else:
            play_out(game, rng, limit=rng.randint(1, 4))
    for seat in range(len(game.players)):
        assert game.view(seat) == afresh(game).view(seat)
    for view, as_given in given_views:
        assert view == as_given


def test_hidden_hand_of_another_player() -> None:
    game = Game.new(players=["Ann", "Bob", "Cid"], options={"hand": 3}, seed=11)
    ann, bob = game.view(0), game.view(1)
    assert ann["hands"][0] == list(game.hand(0)) and len(ann["hands"][0]) == 3
    assert ann["hands"][1] is None and ann["hands"][2] is None
    assert bob["hands"] == [None, list(game.hand(1)), None]
    assert bob["to_place"] == [] and ann["to_place"] == list(game.hand(0))
    assert bob["hand_sizes"] == [3, 3, 3]
    assert sum(bob["unseen"].values()) == game.stack_size + 6


def test_public_hands_are_shown_to_all() -> None:
    game = Game.new(players=3, options={"hand": 3, "hands_public": True}, seed=11)
    for seat in range(3):
        view = game.view(seat)
        assert view["hands"] == [list(game.hand(s)) for s in range(3)]
        assert view["to_place"] == list(game.hand(0))
        assert sum(view["unseen"].values()) == game.stack_size


def test_drawn_tile_is_public_in_the_plain_game() -> None:
    game = Game.new(players=2, seed=3)
    order = game.to_record()["stack"]
    drawn = order[0]
    assert game.view(1)["to_place"] == [drawn] == game.view(0)["to_place"]
    assert game.view(1)["unseen"] == dict(Counter(order[1:]))


@pytest.mark.parametrize("seat", [-1, 2, "0", True, 1.0])
def test_view_of_no_seat_is_refused(seat: Any) -> None:
    game = Game.new(players=2, seed=3)
    with pytest.raises(ValueError, match="seat"):
        game.view(seat)


def test_spectator_sees_no_hidden_hand() -> None:
    game = Game.new(players=3, seed=5, options={"hand": 3})
    view = game.view(None)
    assert view["you"] is None
    assert view["hands"] == [None, None, None]
    assert view["to_place"] == []
    assert view["hand_sizes"] == [3, 3, 3]
    # Before the first move a spectator has seen no tile of the stack or the hands.
    assert view["unseen"] == dict(sorted(Counter(game.to_record()["stack"]).items()))


def test_spectator_sees_the_drawn_tile() -> None:
    game = Game.new(players=2, seed=5)
    view = game.view(None)
    assert view["to_place"] == list(game.tiles_to_place)
    assert view["hands"] == [list(game.hand(0)), list(game.hand(1))]
