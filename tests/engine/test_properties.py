"""Properties that hold in every game, checked on random games.

Each example is a random setup (2 to 5 players, a rule variant, a seed and
sometimes a shortened stack; or a game with both expansions, Inns & Cathedrals
and Traders & Builders, at 4 or 6 players) played with random legal moves.
The properties are the bookkeeping the rules imply: no tile or figure (meeple,
large meeple, builder, pig) or trade good appears or vanishes, scores only
grow and are the sum of their events, a player moves twice in a row only in a
builder's second part, undo and copy are exact, a record replays to the same
game, and ``legal_moves`` lists exactly the moves ``play`` accepts.
"""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from strategies import (
    Setup,
    choose,
    draw_order,
    outcome,
    play_out,
    random_candidate,
    setups,
    snapshot,
)

from carcassonne import Game, IllegalMove, Move
from carcassonne.tiles import TILES

#: Every set at once (an example below: a builder's second part that reaches a wonder decision).
EVERY_SET = ("base", "inns_cathedrals", "traders_builders", "watchtowers", "wonders", "river",
             "princess_dragon")

RULE_IDS = {"PLACE-1", "PLACE-2", "PLACE-3", "§2", "VAR-HAND-2", "MEEPLE-1", "MEEPLE-2",
            "MEEPLE-3", "MEEPLE-6", "FINAL", "IC-LARGE-1", "TB-BUILD-1", "TB-PIG-1",
            "WON-PLACE-1", "WON-PLACE-3", "WON-MEEPLE-1", "WON-MEEPLE-2", "WON-GET-1",
            "WON-GET-3", "WON-GET-5", "VAR-AHEAD-1", "RIVER-PLACE-1", "RIVER-UTURN",
            "RIVER-LOOKAHEAD", "RIVER-UNPLACEABLE",
            "ABBOT-2", "ABBOT-3", "ABBOT-RECALL",
            "PD-VOLCANO", "PD-DRAGON-TILE", "PD-DRAGON-BLOCK",
            "PD-FAIRY-1", "PD-FAIRY-2", "PD-PORTAL", "PD-PRINCESS"}

#: Goods symbols on the Traders & Builders tiles, so the most tokens there can be
#: (``TB-GOODS-1``).
GOODS_ON_TILES = {"wine": 9, "grain": 6, "cloth": 5}

quick = settings(max_examples=100, deadline=None,
                 suppress_health_check=[HealthCheck.too_slow])
heavy = settings(max_examples=25, deadline=None,
                 suppress_health_check=[HealthCheck.too_slow])


def starting_figures(game: Game) -> dict[str, int]:
    """The figures each player owns in this game: 7 meeples (``SETUP-2``), and
    one large meeple, builder and pig when their set and option are on, and
    one abbot with The Abbot. With the Wonders, 6 meeples (``WON-SETUP-1``)."""
    figures = {"meeple": 6 if "wonders" in game.sets else 7}
    if "inns_cathedrals" in game.sets and game.options.large_meeple:
        figures["large"] = 1
    if "traders_builders" in game.sets:
        if game.options.builder:
            figures["builder"] = 1
        if game.options.pig:
            figures["pig"] = 1
    if "abbot" in game.sets:
        figures["abbot"] = 1  # ABBOT-1
    return figures


def check_goods(game: Game) -> None:
    """Trade goods are only taken, never lost: each player holds exactly what
    the goods log gave them, and no more of a kind than the tiles show."""
    view = game.view(None)
    if "traders_builders" not in game.sets or not game.options.goods:
        assert "goods" not in view and "goods_log" not in view
        return
    taken: list[Counter[str]] = [Counter() for _ in game.players]
    for entry in view["goods_log"]:
        assert all(count > 0 for count in entry["goods"].values())
        taken[entry["player"]].update(entry["goods"])
    for seat, held in enumerate(view["goods"]):
        assert held == game.goods(seat)
        assert held == {kind: taken[seat][kind] for kind in GOODS_ON_TILES}
    for kind, most in GOODS_ON_TILES.items():
        assert sum(held[kind] for held in view["goods"]) <= most


def check_bookkeeping(game: Game) -> None:
    """Tiles, figures and goods are conserved, and scores are the sum of events."""
    seats = range(len(game.players))
    board = game.board()
    placed = sum(1 for tile, _, _ in board if tile in TILES) - 1  # the start tile
    in_hands = sum(len(game.hand(seat)) for seat in seats)
    helper = [t for t in game.tiles_to_place if t in TILES and t not in game.hand(
        game.current_player)] if game.current_player is not None else []
    assert placed + len(game.discards) + game.stack_size + in_hands + len(helper) == len(
        draw_order(game))
    tile_moves = [m for m in game.moves if isinstance(m, Move) and m.tile in TILES]
    assert placed == len(tile_moves)
    pieces = [m.tile for m in game.moves if isinstance(m, Move) and m.tile not in TILES]
    assert sorted(pieces) == sorted(tile for tile, _, _ in board if tile not in TILES)

    owned = starting_figures(game)
    on_board = Counter((f["player"], f["figure"]) for f in game.figures())
    assert all(figure in owned for _, figure in on_board)
    wonders = game.view(None).get("wonders")
    for seat in seats:
        supply = game.supply(seat)
        assert set(supply) == set(owned)
        for figure, count in owned.items():
            if figure == "meeple" and wonders and wonders["owner"][seat]:
                count += 1  # WON-PAIR: one of the pair joins the supply
            assert supply[figure] >= 0
            assert on_board[seat, figure] + supply[figure] == count
    check_goods(game)
    if wonders:
        check_wonders(game, wonders)

    totals = [0] * len(game.players)
    for event in game.events:
        assert event.points > 0, "zero-point events are not emitted"
        totals[event.player] += event.points
    assert list(game.scores) == totals


def check_wonders(game: Game, wonders: dict) -> None:
    """Wonders are laid out one per player and each is owned once at most
    (``WON-1``, ``WON-GET-5``); a pair stands beside 10, 15, 20 or 25 until
    its player takes a wonder, having moved 5 on per wonder taken by others
    (``WON-GET-1``, ``WON-GET-2``); a held wonder is one not placed yet."""
    laid_out = wonders["laid_out"]
    assert len(laid_out) == len(set(laid_out)) == len(game.players)
    owners = [w for w in wonders["owner"] if w is not None]
    assert len(owners) == len(set(owners))
    assert sorted(owners + wonders["available"]) == sorted(laid_out)
    taken = len(owners)
    placed = {p["wonder"] for p in wonders["placed"]}
    for seat, owned in enumerate(wonders["owner"]):
        pair = wonders["pairs"][seat]
        if owned is None:
            assert pair == min(10 + 5 * taken, 25)
            assert wonders["held"][seat] is None
        else:
            assert pair is None
            held = wonders["held"][seat]
            assert (held == owned) != (owned in placed)
    if game.current_player is not None and game.tiles_to_place and (
            "princess_dragon" not in game.sets):
        # WON-GET-4: nobody is left waiting for a wonder they have reached
        # (the fairy's point at the start of a turn, PD-FAIRY-3, may reach a
        # pair after the last decisions: it is asked after the next move).
        assert not wonders["available"] or all(
            game.scores[s] < p for s, p in enumerate(wonders["pairs"]) if p is not None)


def check_goods_paid(game: Game) -> None:
    """``TB-GOODS-4``: at the end each kind of good pays 10 to every player
    tied for the most tokens of it, if anybody has one."""
    paid = Counter(e.player for e in game.events if e.reason == "goods")
    assert all(e.points == 10 and e.final for e in game.events if e.reason == "goods")
    expected: Counter[int] = Counter()
    if "traders_builders" in game.sets and game.options.goods:
        held = [game.goods(seat) for seat in range(len(game.players))]
        for kind in GOODS_ON_TILES:
            most = max(h[kind] for h in held)
            if most:
                expected.update(seat for seat, h in enumerate(held) if h[kind] == most)
    assert paid == expected


@quick
@given(setup=setups(expansions=True), seed=st.integers(0, 2**32 - 1))
@example(setup=Setup(players=4, options={}, seed=678, length=None, sets=EVERY_SET), seed=678)
def test_bookkeeping_holds_at_every_step(setup: Setup, seed: int) -> None:
    game = setup.game()
    rng = random.Random(seed)
    check_bookkeeping(game)
    before = game.scores
    second_part = False
    active = 0  # the player of the last tile move (dragon steps are others' too)
    while not game.is_over:
        assert game.current_player is not None
        wonders = "wonders" in game.sets
        # a wonder decision or a dragon's step places nothing
        decisions = wonders or "princess_dragon" in game.sets
        assert game.tiles_to_place or decisions
        if not decisions:
            assert set(game.tiles_to_place) == set(game.hand(game.current_player))
        index = len(game.moves)
        known = len(game.events)
        move = choose(game, rng)
        if isinstance(move, Move):
            active = game.current_player
        mover = active
        game.play(move)
        check_bookkeeping(game)
        # TB-BUILD-3, TB-BUILD-4: the same player moves again only for a
        # builder's second part, and never a third time.
        extra = game.view(None)["extra_turn"]
        # a part ends when the next decision is a placement: a wonder decision
        # (WON-GET) still belongs to the part that reached it
        if game.is_over or game.tiles_to_place:
            if extra:
                assert game.current_player == mover and not second_part
                assert "builder" in game.supply(mover)
            elif (not game.is_over and setup.options.get("hand", 1) == 1 and not wonders
                  and not setup.options.get("draw_ahead")):
                assert game.current_player == (mover + 1) % len(game.players)
            second_part = extra
        assert all(a <= b for a, b in zip(before, game.scores, strict=True))
        before = game.scores
        for event in game.events[known:]:
            if event.final:
                assert event.move is None and game.is_over
            else:
                assert event.move == index
    # The game ends: nobody moves, every tile is used, winners hold the top score.
    assert game.current_player is None
    assert game.tiles_to_place == ()
    assert game.stack_size == 0
    assert len(game.legal_moves()) == 0
    assert not game.legal_moves()
    best = max(game.scores)
    assert game.winners == tuple(s for s, p in enumerate(game.scores) if p == best)
    assert all(e.final for e in game.events if e.move is None)
    finals = [e for e in game.events if e.final]
    assert game.events[len(game.events) - len(finals):] == tuple(finals)
    check_goods_paid(game)


@heavy
@given(setup=setups(expansions=True), seed=st.integers(0, 2**32 - 1))
def test_undo_to_the_start_and_replay_gives_the_same_game(setup: Setup, seed: int) -> None:
    game = setup.game()
    rng = random.Random(seed)
    states = [snapshot(game)]
    while not game.is_over:
        game.play(choose(game, rng))
        states.append(snapshot(game))
    moves = list(game.moves)
    for expected in reversed(states[:-1]):
        game.undo()
        assert snapshot(game) == expected
    assert game.moves == ()
    for move, expected in zip(moves, states[1:], strict=True):
        game.play(move)
        assert snapshot(game) == expected


@quick
@given(setup=setups(expansions=True), seed=st.integers(0, 2**32 - 1))
def test_undo_one_move_then_replay_it(setup: Setup, seed: int) -> None:
    game = setup.game()
    rng = random.Random(seed)
    while not game.is_over:
        before = snapshot(game) if rng.random() < 0.2 else None
        move = choose(game, rng)
        game.play(move)
        if before is not None:
            after = snapshot(game)
            assert game.undo() == move
            assert snapshot(game) == before
            game.play(move)
            assert snapshot(game) == after


@quick
@given(setup=setups(expansions=True), seed=st.integers(0, 2**32 - 1))
def test_copy_is_equal_and_independent(setup: Setup, seed: int) -> None:
    game = setup.game()
    rng = random.Random(seed)
    play_out(game, rng, limit=rng.randint(0, 80))
    original = snapshot(game)
    other = game.copy()
    assert snapshot(other) == original
    play_out(other, random.Random(seed + 1))
    assert other.is_over
    assert snapshot(game) == original
    while other.moves:
        other.undo()
    assert snapshot(game) == original
    if not game.is_over:
        game.play(choose(game, rng))
        third = game.copy()
        third.undo()
        game.undo()
        assert snapshot(third) == snapshot(game) == original


@quick
@given(setup=setups(expansions=True), seed=st.integers(0, 2**32 - 1),
       finish=st.booleans())
def test_record_round_trip(setup: Setup, seed: int, finish: bool) -> None:
    game = setup.game()
    rng = random.Random(seed)
    play_out(game, rng, limit=None if finish else rng.randint(0, 60))
    record = json.loads(json.dumps(game.to_record()))
    replayed = Game.from_record(record)
    assert replayed.scores == game.scores
    assert [e.to_dict() for e in replayed.events] == [e.to_dict() for e in game.events]
    assert replayed.board() == game.board()
    assert replayed.figures() == game.figures()
    assert replayed.is_over == game.is_over
    assert replayed.to_record() == record
    if game.is_over:
        assert record["result"]["scores"] == list(game.scores)
        assert record["result"]["winners"] == list(game.winners)
    else:
        assert "result" not in record
        assert [str(m) for m in replayed.legal_moves()] == [str(m) for m in game.legal_moves()]


def assert_refused_cleanly(game: Game, move: Move) -> None:
    """``play`` refuses ``move`` with an IllegalMove naming a rule, and changes nothing."""
    before = outcome(game), game.moves
    try:
        game.play(move)
    except IllegalMove as err:
        assert err.rule in RULE_IDS, err
        assert str(err).startswith(f"{err.rule}: "), err
    else:  # pragma: no cover - a failure path
        raise AssertionError(f"{move} was accepted but is_legal said no")
    assert (outcome(game), game.moves) == before


def equivalent_listed(game: Game, move: Move, listed: list[Move]) -> bool:
    """Whether some listed move with the same tile and square leads to the same
    state as ``move`` (it may be written with another rotation or spot name)."""
    game.play(move)
    target = outcome(game)
    game.undo()
    for other in listed:
        if not isinstance(other, Move) or other.tile != move.tile or other.at != move.at:
            continue
        game.play(other)
        same = outcome(game) == target
        game.undo()
        if same:
            return True
    return False


@heavy
@given(setup=setups(max_length=30, expansions=True), seed=st.integers(0, 2**32 - 1))
def test_play_accepts_exactly_the_legal_moves(setup: Setup, seed: int) -> None:
    game = setup.game()
    rng = random.Random(seed)
    while not game.is_over:
        listed = list(game.legal_moves())
        before = outcome(game)
        # (a magic portal offers every free feature of the board: a sample)
        for move in listed if len(listed) <= 300 else rng.sample(listed, 300):
            assert game.is_legal(move)
            assert game.is_legal(str(move))
            game.play(move)
            assert game.undo() == move
        assert outcome(game) == before
        for _ in range(25):
            candidate = random_candidate(game, rng)
            if game.is_legal(candidate):
                if isinstance(candidate, Move):
                    assert equivalent_listed(game, candidate, listed), candidate
                else:  # a wonder decision is listed exactly as it is written
                    assert candidate in listed
            else:
                assert_refused_cleanly(game, candidate)
        game.play(rng.choice(listed))
    assert not game.is_legal(Move("BA/Rr", (1, 0), 0))
    try:
        game.play(Move("BA/Rr", (1, 0), 0))
    except IllegalMove as err:
        assert err.rule == "FINAL"
    else:  # pragma: no cover - a failure path
        raise AssertionError("a move was accepted after the end of the game")


@quick
@given(setup=setups(expansions=True), seed=st.integers(0, 2**32 - 1))
def test_legal_moves_are_distinct_and_grouped_by_placement(setup: Setup, seed: int) -> None:
    game = setup.game()
    rng = random.Random(seed)
    while not game.is_over:
        moves = game.legal_moves()
        listed = list(moves)
        assert len(set(listed)) == len(listed) == len(moves)
        placements = moves.placements()
        assert len(placements) == moves.placement_count == len(set(placements))
        assert len(listed) == sum(len(moves.options(p)) for p in placements)
        regrouped = [m for p in placements for m in moves.options(p)]
        assert regrouped == listed
        for placement in placements:
            options = moves.options(placement)
            if not isinstance(placement, Move):  # a wonder decision
                assert not game.tiles_to_place and options == [placement]
                continue
            assert placement.figures == ()
            assert placement.tile in game.tiles_to_place
            actions = [m for m in options if m.action is not None]
            assert all(not m.figures for m in actions)
            # without a figure first, unless an action is due (PD-PRINCESS "must")
            assert options[0] == placement or options == actions
            if placement.tile not in TILES:  # a wonder: up to two figures (WON-MEEPLE-1)
                assert all(1 <= len(m.figures) <= 2 or (m.action and not m.figures)
                           for m in options[1:])
                continue
            turned = TILES[placement.tile].turned[placement.rotation // 90]
            assert turned.canonical == placement.rotation, "a look-alike rotation is listed once"
            # one figure, or instead one action (ABBOT-RECALL, PD-FAIRY-1, PD-PRINCESS)
            assert all(len(m.figures) + (m.action is not None) == 1 for m in options[1:])
        for _ in range(3):
            assert moves.random(rng) in moves
        assert listed[0] in moves and str(listed[0]) in moves
        # the record form, made without Move objects, is each move's to_dict
        assert moves.records() == [m.to_dict() for m in listed]
        game.play(rng.choice(listed))
