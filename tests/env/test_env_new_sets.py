"""The action tree of the sets played since the foundation: The River, The
Abbot, The Princess & the Dragon and the ``draw_ahead`` option.

As for the older sets (``test_env_actions.py``), at decisions of random
games every path of the mask tree names one move of ``game.legal_moves()``
and each listed move has exactly one path: the abbot on a monastery or a
garden (``ABBOT-PLACE``), its recall (``ABBOT-RECALL``), a follower through
a magic portal (``PD-PORTAL``), the fairy (``PD-FAIRY-1``), the princess
(``PD-PRINCESS``) and each step of the dragon (``PD-DRAGON-TILE``); river
tiles are placements like any (``RIVER-PLACE-1``). A set the engine still
refuses (``engine.setup.LATER_SETS``) is skipped.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from test_env_actions import check_tree, listed_form, make_table, play_path

from carcassonne import Game, Move
from carcassonne.encoding.decision import FAST_SETS
from carcassonne.engine.moves import DragonStep, Fairy, Figure, Princess, ReturnAbbot
from carcassonne.engine.setup import LATER_SETS
from carcassonne.env import ActionLayout, Decision

RECORDS = Path(__file__).parents[1] / "records"
EIGHT = ("base", "inns_cathedrals", "traders_builders", "watchtowers", "wonders", "river",
         "abbot", "princess_dragon")
NEW = ("base", "river", "abbot", "princess_dragon")
#: (sets, players, options) of the random games.
SETUPS = [
    (("base", "river"), 2, {}),
    (("base", "river"), 3, {"river_check": "jcz", "draw_ahead": True}),
    (("base", "abbot"), 2, {}),
    (("base", "abbot"), 5, {"hand": 3}),
    (("base", "princess_dragon"), 2, {}),
    (("base", "princess_dragon"), 3, {"fairy_placement": "on_tile", "princess_action": "must",
                                      "dragon_moves": "after_scoring"}),
    (("base", "abbot", "princess_dragon"), 4, {"draw_ahead": True}),
    (NEW, 2, {"draw_ahead": True, "hands_public": True}),
    (EIGHT, 3, {}),
    (EIGHT, 4, {"hand": 3}),
    (EIGHT[:4] + NEW[1:], 6, {}),
    (("base",), 2, {"draw_ahead": True}),
]


def playable(sets: tuple[str, ...]) -> bool:
    return not set(sets) & set(LATER_SETS)


@pytest.mark.parametrize(("sets", "players", "options"), SETUPS,
                         ids=lambda v: "+".join(v) if isinstance(v, tuple) else str(v))
@pytest.mark.parametrize("seed", [1, 2])
def test_mask_paths_are_exactly_the_legal_moves(sets: tuple[str, ...], players: int,
                                                options: dict, seed: int) -> None:
    if not playable(sets):
        pytest.skip(f"the engine does not play {sorted(set(sets) & set(LATER_SETS))} yet")
    rng = random.Random(seed)
    table = make_table(players, sets, options, window=60)
    table.new_game(seed)
    game = table.game
    kinds: set[str] = set()
    while not game.is_over:
        decision = check_tree(table) if rng.random() < 0.3 else table.decision
        assert decision is not None
        if isinstance(game.legal_moves()[0], DragonStep):
            assert decision.kind == "dragon"
        move = play_path(table, rng) if rng.random() < 0.6 else None
        if move is None:
            move = game.legal_moves().random(rng)
            table.play(move)
        kinds.add(type(move).__name__ if not isinstance(move, Move) else
                  type(move.action).__name__ if move.action is not None else "Move")
    assert "Move" in kinds


def new_records() -> list[Path]:
    out = []
    for folder in ("river", "abbot", "princess_dragon", "variants"):
        for path in sorted((RECORDS / folder).glob("*.json")):
            record = json.loads(path.read_text("utf-8"))
            setup = record["setup"]
            new = any(s in setup["sets"] for s in ("river", "abbot", "princess_dragon")) or \
                setup.get("options", {}).get("draw_ahead")
            if new and "error" not in record["test"]:
                out.append(path)
    return out


@pytest.mark.parametrize("path", new_records(), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_records_replay_through_actions(path: Path) -> None:
    """Each scenario record of the new sets replays through the action tree
    to its scores: recalls, fairy moves, princess removals, portal figures
    and dragon steps included."""
    record = json.loads(path.read_text("utf-8"))
    setup = record["setup"]
    table = make_table(setup["players"], tuple(setup["sets"]), setup.get("options"), window=60)
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


def test_the_new_sets_take_the_tree_from_the_listing() -> None:
    """The fast path (fit tables and ``figure_options``) serves only the
    sets it was checked against; the River, the Abbot and the Princess &
    the Dragon list their moves through ``legal_moves()`` itself."""
    assert not FAST_SETS & {"river", "abbot", "princess_dragon"}
    assert set(EIGHT) >= FAST_SETS


def test_each_action_of_the_new_sets_has_its_own_key() -> None:
    """The actions after a placement that name each new kind of move, as
    the module docstring of ``encoding/decision.py`` spells them."""
    # (a key reads only the layout and the window's corner, not the position)
    keys = Decision(Game.new(players=2, seed=1), ActionLayout(20), origin=(-10, -10))
    layout = keys.layout
    tile = Move("BA/CcG", (1, 0), 0)
    spot_of = {"N": 0, "garden": 14, "monastery": 13}
    figure = Figure("meeple", "city", "N")
    assert keys.key(tile._replace(figures=(figure,))) == (layout.figure(0, 0, 0),)
    # the abbot on the garden (ABBOT-PLACE)
    abbot = Figure("abbot", "garden")
    assert keys.key(tile._replace(figures=(abbot,))) == (layout.figure(4, 0, 14),)
    # a follower through the portal: the square, then the figure on square 0 (PD-PORTAL)
    portal = tile._replace(figures=(Figure("meeple", "city", "N", (3, 2)),))
    assert keys.key(portal) == (layout.square(layout.elsewhere_base, 13, 12),
                                layout.figure(0, 0, 0))
    # on the tile's own square, the figure is an ordinary one
    assert keys.key(tile._replace(figures=(Figure("meeple", "city", "N", (1, 0)),))) == (
        layout.figure(0, 0, 0),)
    assert keys.key(tile._replace(action=ReturnAbbot((3, 2)))) == (
        layout.square(layout.return_base, 13, 12),)
    assert keys.key(tile._replace(action=Fairy((3, 2), "monastery"))) == (
        layout.square(layout.fairy_base, 13, 12), layout.spot(spot_of["monastery"]))
    assert keys.key(tile._replace(action=Fairy((3, 2)))) == (
        layout.square(layout.fairy_base, 13, 12),)
    assert keys.key(tile._replace(action=Princess((3, 2), "N"))) == (
        layout.square(layout.princess_base, 13, 12), layout.spot(spot_of["N"]))
    assert keys.first_action(DragonStep((-10, -9))) == layout.square(layout.dragon_base, 0, 1)
    assert layout.describe(keys.first_action(DragonStep((9, 9)))) == ("dragon", 19, 19)


def test_draw_ahead_alone_keeps_the_fast_path() -> None:
    table = make_table(2, ("base",), {"draw_ahead": True})
    table.new_game(3)
    rng = random.Random(3)
    game: Game = table.game
    for _ in range(20):
        check_tree(table)
        play_path(table, rng)
        if game.is_over:
            break


@pytest.mark.parametrize("public", [False, True])
def test_held_tiles_are_shown_to_their_holder_and_to_others_only_when_public(
        public: bool) -> None:
    """``VAR-AHEAD-4``: with ``draw_ahead`` each seat holds its next tile;
    the ``held`` block shows one's own, and the others' only with
    ``hands_public``."""
    from carcassonne.env import CarcassonneAEC
    from carcassonne.env.observations import TILE_IDS, VECTOR_START

    options = {"draw_ahead": True, "hands_public": public}
    env = CarcassonneAEC(players=3, options=options)
    env.reset(seed=4)
    game = env.game
    if not game.hand(1):
        pytest.skip("the engine does not deal tiles ahead yet (VAR-AHEAD-1)")
    start, n = VECTOR_START["held"], len(TILE_IDS)
    for seat, agent in enumerate(env.possible_agents):
        held = env.observe(agent)["observation"]["vector"][start:start + 3 * n].reshape(3, n)
        for r in range(3):
            tiles = game.hand((seat + r) % 3)
            shown = sorted(TILE_IDS[i] for i in held[r].nonzero()[0])
            assert shown == (sorted(tiles) if r == 0 or public else [])
