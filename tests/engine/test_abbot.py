"""The Abbot (docs/rules.md §16) beyond the scenario records.

The records under ``tests/records/abbot`` show each rule in a game; here are
what a record cannot say: which tiles a game with gardens holds and how the
chance of a draw counts them (``ABBOT-4``, ``SETUP-5``), that a recall is
listed for exactly the placements that leave the abbot's monastery or garden
incomplete (``ABBOT-RECALL``), that undo and copy take a recall back, what
the views show, and a fuzz of recalls, each legal one listed and each
illegal one refused naming its rule with the game unchanged.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import ABBOT_GAMES, choose, outcome, random_recall, snapshot

from carcassonne import Game, IllegalMove, Move
from carcassonne.cli import main
from carcassonne.engine import SetupError
from carcassonne.engine.features import cloister
from carcassonne.engine.moves import ReturnAbbot
from carcassonne.engine.setup import check_stack, full_stack
from carcassonne.tiles import TILES, TILES_BY_SET
from carcassonne.tiles.loader import GARDEN

RECORDS = Path(__file__).parents[1] / "records" / "abbot"

fuzz = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def record(name: str) -> dict:
    return json.loads((RECORDS / name).read_text("utf-8"))


def played(name: str, moves: int | None = None) -> Game:
    """The game of a scenario record after its first ``moves`` moves (all of them)."""
    data = record(name)
    game = Game.new(players=data["setup"]["players"], sets=data["setup"]["sets"],
                    stack=data["stack"], wonders=data["setup"].get("wonders"))
    for entry in data["moves"][:moves]:
        game.play(Move.from_dict(entry))
    return game


# -- the tiles of a game: SETUP-5, ABBOT-4 ------------------------------------------


def test_without_the_abbot_gardens_do_not_exist() -> None:
    """``SETUP-5``: the plain tiles at their full count, and a garden id in a
    stack is refused, naming its set."""
    stack = full_stack(("base",))
    assert Counter(stack)["BA/C"] == TILES["BA/C"].count
    assert not any(TILES[t].garden_of for t in stack)
    with pytest.raises(SetupError, match="BA/CG belongs to the set 'abbot'"):
        check_stack(["BA/CG"], ("base",))


def test_with_the_abbot_each_garden_replaces_one_copy_of_its_twin() -> None:
    """``ABBOT-4``: the set keeps its count; a record may hold the garden
    once and its twin once less."""
    sets = ("base", "abbot")
    stack = Counter(full_stack(sets))
    assert sum(stack.values()) == len(full_stack(("base",))) == 71
    gardens = [g for g in TILES_BY_SET["abbot"] if TILES[g.garden_of or ""].set == "base"]
    assert len(gardens) == 8
    for garden in gardens:
        assert stack[garden.id] == 1
        assert stack[garden.garden_of] == TILES[garden.garden_of or ""].count - 1
    check_stack(["BA/CG", *["BA/C"] * 4], sets)
    with pytest.raises(SetupError, match="5 copies of BA/C, the sets only 4"):
        check_stack(["BA/C"] * 5, sets)
    with pytest.raises(SetupError, match="2 copies of BA/CG, the sets only 1"):
        check_stack(["BA/CG"] * 2, sets)


def test_a_garden_needs_its_twins_set() -> None:
    """The I&C gardens come only with I&C (and its only ``IC/CCCC`` is then the garden)."""
    with pytest.raises(SetupError, match="IC/CCCCG is a garden copy of IC/CCCC"):
        check_stack(["IC/CCCCG"], ("base", "abbot"))
    sets = ("base", "inns_cathedrals", "abbot")
    stack = Counter(full_stack(sets))
    assert stack["IC/CCCCG"] == 1 and stack["IC/CCCC"] == 0
    with pytest.raises(SetupError, match="the sets only 0"):
        check_stack(["IC/CCCC"], sets)


def test_the_rivers_garden_is_in_the_full_stack() -> None:
    """``ABBOT-RIVER``: with the River and the Abbot the garden bend
    ``RI.1/IIG`` is one of the two plain bends (the River's own rules take
    its tiles from the full stack)."""
    stack = Counter(full_stack(("base", "river", "abbot")))
    assert stack["RI.1/IIG"] == 1 and stack["RI.1/II"] == TILES["RI.1/II"].count - 1
    assert "RI.1/IIG" not in full_stack(("base", "river"))


def test_chance_counts_the_gardens() -> None:
    """The next draw's outcomes, the unseen counts and ``tiles_left`` count a
    garden tile as one tile of its own and its twin once less."""
    game = Game.new(players=2, sets=["base", "abbot"], seed=5)
    outcomes = dict(game.chance_outcomes())
    left = game.stack_size
    assert outcomes["BA/CG"] == pytest.approx(1 / left)
    assert outcomes["BA/C"] == pytest.approx(4 / left)
    assert sum(outcomes.values()) == pytest.approx(1)
    unseen = game.tiles_left()
    assert unseen["BA/CG"] == 1 and unseen["BA/C"] == 4
    assert sum(unseen.values()) == left == 70  # the first tile is drawn
    game.fix_draws(["BA/CG"])
    game.play(game.legal_moves()[0])
    assert dict(game.chance_outcomes()).get("BA/CG") is None


def test_no_garden_tile_has_a_monastery() -> None:
    """A square holds one monastery or one garden (``position.monasteries``)."""
    for garden in TILES_BY_SET["abbot"]:
        for turned in garden.turned:
            index = cloister(turned)
            assert turned.monastery < 0 and turned.segments[index].kind == GARDEN


# -- the recall: ABBOT-RECALL, ABBOT-RECALL-2 ------------------------------------------


def test_a_recall_is_listed_unless_the_placement_completes_the_monastery() -> None:
    """With her abbot on the monastery at 0,1 and seven squares around it
    filled, Ann may recall it with every placement but those on 0,2."""
    game = played("recall_when_tile_completes_refused.json", 8)
    assert game.current_player == 0 and game.tiles_to_place == ("BA/C",)
    moves = game.legal_moves()
    recalls = [m for m in moves if m.action is not None]
    placements = {(m.at, m.rotation) for m in moves.placements()}
    assert {(m.at, m.rotation) for m in recalls} == {p for p in placements if p[0] != (0, 2)}
    assert all(m.action == ReturnAbbot((0, 1)) and not m.figures for m in recalls)
    assert any(at == (0, 2) for at, _ in placements)


def test_no_recall_while_the_abbot_is_in_supply() -> None:
    game = Game.new(players=2, sets=["base", "abbot"], seed=1)
    assert all(m.action is None for m in game.legal_moves())
    move = Move(*game.legal_moves()[0][:3], (), ReturnAbbot((0, 0)))
    with pytest.raises(IllegalMove, match="ABBOT-RECALL: Player 1's abbot is not on the board"):
        game.play(move)


def test_a_recall_needs_the_abbot_set() -> None:
    game = Game.new(players=2, seed=1)
    move = Move(*game.legal_moves()[0][:3], (), ReturnAbbot((0, 0)))
    with pytest.raises(IllegalMove) as caught:
        game.play(move)
    assert caught.value.rule == "§2"


def test_an_action_and_a_figure_together_are_refused() -> None:
    game = played("recall_scores_incomplete_monastery.json", 2)
    move = Move.parse("BA/RFr@-1,0r0 return:abbot@0,1")
    with_figure = move._replace(figures=(Move.parse("BA/RFr@-1,0r0 meeple:road:W").figures))
    with pytest.raises(IllegalMove, match="MEEPLE-1"):
        game.play(with_figure)
    game.play(move)


def test_a_recall_grants_no_second_part() -> None:
    """``ABBOT-TB``: the recall at move 6 is followed by Bob's move; the tile
    that extends the builder's road (move 8) gives Ann move 9 too."""
    game = played("recall_gives_no_second_part_builder_part_places_abbot.json")
    assert game.movers[6:] == (0, 1, 0, 0)


def test_undo_and_copy_take_a_recall_back() -> None:
    game = played("recall_scores_incomplete_monastery.json", 2)
    before = snapshot(game)
    assert game.supply(0)["abbot"] == 0
    game.play("BA/RFr@-1,0r0 return:abbot@0,1")
    after = snapshot(game)
    assert game.supply(0)["abbot"] == 1 and game.scores == (4, 0)
    assert not [f for f in game.figures() if f["figure"] == "abbot"]
    other = game.copy()
    game.undo()
    assert snapshot(game) == before
    assert snapshot(other) == after
    game.play("BA/RFr@-1,0r0 return:abbot@0,1")
    assert snapshot(game) == after


def test_views_show_the_abbot_and_its_feature() -> None:
    game = played("meeple_tower_counts_abbots.json", 5)
    abbots = [f for f in game.figures() if f["figure"] == "abbot"]
    assert abbots == [{"player": 1, "figure": "abbot", "feature": "monastery", "spot": None,
                       "at": [1, -1]},
                      {"player": 0, "figure": "abbot", "feature": "garden", "spot": None,
                       "at": [-1, -1]}]
    view = game.view(0)
    assert view["figures"] == game.figures()
    assert view["supply"][0]["abbot"] == 0
    claimed = [c for c in game.claimed_features() if c["kind"] == "garden"]
    assert claimed == [{"kind": "garden", "strength": {0: 1}, "end": 3, "complete": 9,
                        "open": 6, "fits": claimed[0]["fits"]}]
    garden = [f for f in game.feature_map() if f["kind"] == "garden"]
    assert len(garden) == 1 and garden[0]["open"] == 6 and garden[0]["points"] == 3


# -- random games ------------------------------------------------------------------


@fuzz
@given(game=st.sampled_from(ABBOT_GAMES), seed=st.integers(0, 2**32 - 1))
def test_recall_fuzz(game: tuple, seed: int) -> None:
    """Random recalls in random games with the Abbot: a legal one is listed,
    an illegal one is refused naming its rule (``ABBOT-RECALL``, or ``§2``
    when nobody could recall) and the game stays as it was. Gardens stay
    features of one node."""
    sets, players, options = game
    rng = random.Random(seed)
    play = Game.new(players=rng.choice(players), sets=sets, options=options, seed=seed)
    while not play.is_over:
        if play.tiles_to_place and play.tiles_to_place[0] in TILES:
            listed = list(play.legal_moves())
            placement = rng.choice(play.legal_moves().placements())
            for _ in range(3):
                candidate = placement._replace(action=random_recall(play, rng))
                if candidate in listed:
                    assert play.is_legal(candidate)
                    continue
                before = outcome(play), play.moves
                with pytest.raises(IllegalMove) as caught:
                    play.play(candidate)
                assert caught.value.rule in ("ABBOT-RECALL", "§2"), caught.value
                assert (outcome(play), play.moves) == before
        play.play(choose(play, rng))
    features = play.position().features
    for node, seg in enumerate(features.node_seg):
        if seg.kind == GARDEN:
            assert features.root[node] == node and features.members[node] == [node]
    recalled = [e for e in play.events if "recalled" in e.detail]
    assert all(not e.final and e.reason in ("monastery", "garden") for e in recalled)


def test_simulate_and_replay_with_the_abbot(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "games"
    assert main(["simulate", "--games", "3", "--seed", "7", "--players", "3", "--sets",
                 "base,abbot", "--out", str(out)]) == 0
    capsys.readouterr()
    for path in sorted(out.iterdir()):
        data = json.loads(path.read_text("utf-8"))
        assert data["setup"]["sets"] == ["base", "abbot"]
        assert sum(TILES[t].set == "abbot" for t in data["stack"]) == 8
        assert main(["replay", str(path)]) == 0
        assert json.loads(capsys.readouterr().out)["scores"] == data["result"]["scores"]
