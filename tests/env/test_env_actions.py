"""The environments' action space: the masks name exactly the legal moves.

The property that matters most: at every decision of random games (every
set, the 3-tile hand, 2 to 6 players), walking every path of the mask tree
(``Decision.paths``) gives each move of ``game.legal_moves()`` exactly once,
and nothing else. Rotations that look alike are listed once by the engine,
so the tree is encoded from that list, never from all rotations.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import outcome

from carcassonne import Game, Move
from carcassonne.engine.choices import ChoiceMoves
from carcassonne.engine.moves import AnyMove, AwardWonder, TakeWonder
from carcassonne.env import ActionLayout, Decision, IllegalAction, Rewards, Table
from carcassonne.env.actions import WindowError, action_mask
from carcassonne.env.layout import (
    FIGURE_KINDS,
    HAND_SLOTS,
    MAX_SEATS,
    PIECE_SQUARES,
    SPOTS,
    WONDER_IDS,
)
from carcassonne.tiles.pieces import PIECES

EVERY_SET = ("base", "inns_cathedrals", "traders_builders", "watchtowers", "wonders")
#: (sets, numbers of players) of the random games: every set (the Wonders
#: allow 4 players at most), and 5 and 6 players without the Wonders.
SETUPS = (
    (("base",), (2, 3, 5)),
    (EVERY_SET, (2, 3, 4)),
    (EVERY_SET[:4], (5, 6)),
    (("base", "wonders"), (2, 4)),
    (("base", "traders_builders"), (2, 4)),
)
RECORDS = Path(__file__).parents[1] / "records"


def make_table(players: int | list[str], sets: tuple[str, ...], options: dict | None = None,
               window: int = 40) -> Table:
    return Table(players, sets, options, ActionLayout(window), Rewards())


def check_tree(table: Table) -> Decision:
    """Every path of the mask tree names one listed move, each exactly once."""
    decision = table.decision
    assert decision is not None
    listed = list(table.game.legal_moves())
    paths = list(decision.paths())
    moves = [move for _, move in paths]
    assert Counter(moves) == Counter(listed)
    assert len(set(moves)) == len(moves)
    for actions, move in paths:
        assert decision.encode(move) == actions
        # A move is played as soon as nothing can be added: a placement that
        # offers no figure is a single action.
        only = decision.branch(actions[0])
        if len(only) == 1:
            assert len(actions) == 1
    # The masks are the allowed actions, and each mask step is a real choice.
    assert sorted(action_mask(decision, ()).nonzero()[0]) == decision.allowed(())
    return decision


def play_path(table: Table, rng: random.Random) -> AnyMove:
    """Play a random path of the mask tree through ``Table.act``, one action
    at a time, choosing uniformly at each mask."""
    while True:
        decision = table.decision
        assert decision is not None
        mask = action_mask(decision, table.prefix)
        action = rng.choice(list(mask.nonzero()[0]))
        before = len(table.game.moves)
        move = table.act(action)
        if move is not None:
            assert table.game.moves[before] == move and table.prefix == ()
            return move
        assert len(table.game.moves) == before and table.prefix


setup_strategy = st.sampled_from(SETUPS).flatmap(lambda chosen: st.tuples(
    st.just(chosen[0]), st.sampled_from(chosen[1]), st.sampled_from(({}, {"hand": 3})),
    st.integers(0, 2**32 - 1)))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=setup_strategy)
def test_mask_paths_are_exactly_the_legal_moves(setup: tuple) -> None:
    sets, players, options, seed = setup
    rng = random.Random(seed)
    table = make_table(players, sets, options)
    table.new_game(seed)
    game = table.game
    while not game.is_over:
        special = isinstance(game.legal_moves(), ChoiceMoves)
        # Every special decision, and a sample of the ordinary ones (each
        # costs a full listing of the legal moves).
        if special or rng.random() < 0.25:
            check_tree(table)
        if rng.random() < 0.5:
            play_path(table, rng)
        else:
            table.play(game.legal_moves().random(rng))


def replayable_records() -> list[Path]:
    out = []
    for folder in ("wonders", "traders_builders", "inns_cathedrals", "watchtowers",
                   "variants"):
        for path in sorted((RECORDS / folder).glob("*.json")):
            if "error" not in json.loads(path.read_text("utf-8"))["test"]:
                out.append(path)
    return out


@pytest.mark.parametrize("path", replayable_records(), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_records_replay_through_actions(path: Path) -> None:
    """Each scenario record replays through the action tree to its scores:
    builder second turns, helper tiles, wonder decisions and wonder figures."""
    record = json.loads(path.read_text("utf-8"))
    setup = record["setup"]
    table = make_table(setup["players"], tuple(setup["sets"]), setup.get("options"))
    table.new_game(0, stack=record["stack"], wonders=setup.get("wonders"))
    game = table.game
    for entry in record["moves"]:
        wanted = Move.from_dict(entry)
        decision = check_tree(table)
        move = listed_form(game, wanted)
        for action in decision.encode(move):
            table.act(action)
        assert game.moves[-1] == move
    assert game.is_over and list(game.scores) == record["result"]["scores"]


def listed_form(game: Game, wanted: AnyMove) -> AnyMove:
    """The listed move that ``wanted`` (as a record writes it) is: itself,
    or the listed move with the same outcome (a rotation that looks alike,
    another spot naming the same segment)."""
    legal = list(game.legal_moves())
    if wanted in legal:
        return wanted
    same = [m for m in legal if _same(game, m, wanted)]
    assert same, f"{wanted} has no listed form"
    return same[0]


def _same(game: Game, listed: AnyMove, wanted: AnyMove) -> bool:
    if not (isinstance(listed, Move) and isinstance(wanted, Move)
            and (listed.tile, listed.at) == (wanted.tile, wanted.at)):
        return False
    copy = game.copy()
    try:
        copy.play(wanted)
    except ValueError:
        return False
    after = outcome(copy)
    copy.undo()
    copy.play(listed)
    return outcome(copy) == after


def test_a_masked_out_action_is_refused_and_changes_nothing() -> None:
    table = make_table(2, ("base",))
    table.new_game(5)
    decision = table.decision
    assert decision is not None
    refused = next(a for a in range(table.layout.size) if a not in decision.roots)
    with pytest.raises(IllegalAction, match="not allowed now"):
        table.act(refused)
    for bad in (-1, table.layout.size, 2.5, "3", None):
        with pytest.raises(IllegalAction):
            table.act(bad)
    assert table.prefix == () and table.game.moves == () and table.decision is decision
    # In the figure step: a figure that the placement does not offer.
    first = next(a for a, p in decision.roots.items() if len(decision.branch(a)) > 1)
    table.act(first)
    allowed = decision.allowed(table.prefix)
    offered = {a for a in allowed if a != table.layout.stop}
    other = next(a for a in range(table.layout.figure_base, table.layout.stop)
                 if a not in offered)
    with pytest.raises(IllegalAction):
        table.act(other)
    assert table.prefix == (first,) and table.game.moves == ()
    table.act(table.layout.stop)
    assert table.game.moves[0] == decision.roots[first]


def test_two_figures_on_a_wonder_are_chosen_in_order_then_played() -> None:
    """A wonder piece takes 0 to 2 figures (``WON-MEEPLE-1``): after a figure
    that a second one may follow, ``stop`` is offered exactly when that
    single figure is a listed move; the second figure is always a larger
    action index; a figure nothing may follow is played at once."""
    rng = random.Random(3)
    for seed in range(30):
        table = make_table(2, ("base", "wonders"))
        table.new_game(seed)
        game = table.game
        while not game.is_over:
            decision = table.decision
            assert decision is not None
            placement = next(iter(decision.roots.values()))
            if isinstance(placement, Move) and placement.tile in PIECES:
                first = next(a for a in decision.roots if any(
                    len(k) == 2 for k in decision.branch(a)))
                branch = decision.branch(first)
                for key in branch:
                    if len(key) == 2:
                        assert key[0] < key[1]
                    if not key:
                        continue
                    allowed = decision.allowed((first, key[0]))
                    if any(len(k) == 2 and k[0] == key[0] for k in branch):
                        assert (table.layout.stop in allowed) == ((key[0],) in branch)
                    else:  # nothing to add: the single figure is played at once
                        assert allowed == [] and decision.advance((first,), key[0]) == (
                            (), branch[key[:1]])
                pair = next(k for k in branch if len(k) == 2)
                table.act(first)
                table.act(pair[0])
                assert table.act(pair[1]) == branch[pair]
                assert len(branch[pair].figures) == 2
                return
            play_path(table, rng)
    raise AssertionError("no wonder placement in 30 random games")


def test_wonder_decisions_are_take_and_award_actions() -> None:
    record = json.loads((RECORDS / "wonders" / "two_qualify_active_player_awards.json")
                        .read_text("utf-8"))
    setup = record["setup"]
    table = make_table(setup["players"], tuple(setup["sets"]), setup.get("options"))
    table.new_game(0, stack=record["stack"], wonders=setup.get("wonders"))
    layout, game = table.layout, table.game
    seen = set()
    for entry in record["moves"]:
        wanted = Move.from_dict(entry)
        decision = check_tree(table)
        if isinstance(wanted, AwardWonder):
            seat = game.current_player
            assert set(decision.roots) == {
                layout.award((m.player - seat) % len(game.players)) for m in game.legal_moves()}
            seen.add("award")
        if isinstance(wanted, TakeWonder):
            assert set(decision.roots) == {layout.take(WONDER_IDS.index(m.wonder))
                                           for m in game.legal_moves()}
            seen.add("take")
        for action in decision.encode(listed_form(game, wanted)):
            table.act(action)
    assert seen == {"award", "take"}


def test_a_placement_outside_the_window_names_the_parameter() -> None:
    table = make_table(2, ("base",), window=3)
    table.new_game(1)
    rng = random.Random(1)
    with pytest.raises(WindowError, match="window"):
        for _ in range(40):
            play_path(table, rng)


@given(st.data())
def test_layout_blocks_round_trip(data: st.DataObject) -> None:
    layout = ActionLayout(window=data.draw(st.integers(3, 50)))
    w = layout.window
    slot, dx, dy, q = (data.draw(st.integers(0, n - 1)) for n in (HAND_SLOTS, w, w, 4))
    assert layout.describe(layout.place(slot, dx, dy, q)) == ("place", slot, dx, dy, q)
    kind, square, spot = (data.draw(st.integers(0, n - 1))
                          for n in (len(FIGURE_KINDS), PIECE_SQUARES, len(SPOTS)))
    assert layout.describe(layout.figure(kind, square, spot)) == (
        "figure", FIGURE_KINDS[kind], square, SPOTS[spot])
    k = data.draw(st.integers(0, len(WONDER_IDS) - 1))
    assert layout.describe(layout.take(k)) == ("take", WONDER_IDS[k])
    p = data.draw(st.integers(0, MAX_SEATS - 1))
    assert layout.describe(layout.award(p)) == ("award", p)
    assert layout.award(MAX_SEATS - 1) == layout.elsewhere_base - 1
    assert layout.place(HAND_SLOTS - 1, w - 1, w - 1, 3) == layout.figure_base - 1
    # The square blocks of the new sets (PD-PORTAL, ABBOT-RECALL, PD-FAIRY-1,
    # PD-PRINCESS, PD-DRAGON-TILE) and the spot block between them.
    sx, sy = data.draw(st.integers(0, w - 1)), data.draw(st.integers(0, w - 1))
    for name, base in (("elsewhere", layout.elsewhere_base), ("return", layout.return_base),
                       ("fairy", layout.fairy_base), ("princess", layout.princess_base),
                       ("dragon", layout.dragon_base)):
        assert layout.describe(layout.square(base, sx, sy)) == (name, sx, sy)
        assert layout.square(base, w - 1, w - 1) - layout.square(base, 0, 0) == w * w - 1
    s = data.draw(st.integers(0, len(SPOTS) - 1))
    assert layout.describe(layout.spot(s)) == ("spot", SPOTS[s])
    assert layout.square(layout.dragon_base, w - 1, w - 1) == layout.size - 1
    assert layout.size == (layout.elsewhere_base + 5 * w * w + len(SPOTS))
    with pytest.raises(ValueError):
        layout.describe(layout.size)
