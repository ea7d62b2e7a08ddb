"""Move notation (docs/formats.md "A move"): the compact one-line form and the
record form both read back exactly what was written, and anything malformed
is refused with a :class:`NotationError` (a ``ValueError``) that says what
was expected.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from carcassonne import AwardWonder, Figure, Move, NotationError, TakeWonder
from carcassonne.engine.moves import DragonStep, Fairy, Princess, ReturnAbbot

SPOTS = ("N", "E", "S", "W", "NL", "NR", "EL", "ER", "SL", "SR", "WL", "WR", "inner")
FIGURES = ("meeple", "large", "builder", "pig", "abbot")

# -- examples ---------------------------------------------------------------------


@pytest.mark.parametrize(("text", "move"), [
    ("BA/CRr@1,0r90 meeple:road:E",
     Move("BA/CRr", (1, 0), 90, (Figure("meeple", "road", "E"),))),
    ("BA/Rr@0,-1r0", Move("BA/Rr", (0, -1), 0)),
    ("BA/Rr@-12,-7r270", Move("BA/Rr", (-12, -7), 270)),
    ("BA/L@0,1r0 meeple:monastery", Move("BA/L", (0, 1), 0, (Figure("meeple", "monastery"),))),
    ("BA/C@0,-1r180 meeple:field:inner",
     Move("BA/C", (0, -1), 180, (Figure("meeple", "field", "inner"),))),
    ("BA/Cc+@-1,-1r90 large:city:W", Move("BA/Cc+", (-1, -1), 90, (Figure("large", "city", "W"),))),
    ("WO/stonehenge@3,2r90 meeple:field:NL@3,1 large:road:W@2,2",
     Move("WO/stonehenge", (3, 2), 90, (Figure("meeple", "field", "NL", (3, 1)),
                                        Figure("large", "road", "W", (2, 2))))),
    ("BA/RFr@5,5r0 pig:field:ER@-5,-6",
     Move("BA/RFr", (5, 5), 0, (Figure("pig", "field", "ER", (-5, -6)),))),
    ("take:WO/alhambra", TakeWonder("WO/alhambra")),
    ("award:1", AwardWonder(1)),
    ("award:0", AwardWonder(0)),
])
def test_examples_read_and_print_back(text: str, move: object) -> None:
    assert Move.parse(text) == move
    assert str(move) == text


def test_extra_spaces_between_parts_are_allowed() -> None:
    assert Move.parse("  BA/Rr@1,0r0   meeple:road:N ") == Move(
        "BA/Rr", (1, 0), 0, (Figure("meeple", "road", "N"),))


def test_record_form_matches_formats() -> None:
    move = Move.parse("BA/CRr@1,0r90 meeple:road:E")
    assert move.to_dict() == {"tile": "BA/CRr", "at": [1, 0], "rotation": 90,
                              "figures": [{"figure": "meeple", "feature": "road", "spot": "E"}]}
    assert Move.parse("BA/Rr@0,-1r0").to_dict() == {"tile": "BA/Rr", "at": [0, -1],
                                                   "rotation": 0}
    monk = Move.parse("BA/L@0,1r0 meeple:monastery").to_dict()
    assert monk["figures"] == [{"figure": "meeple", "feature": "monastery"}]
    on = Move.parse("BA/Rr@1,0r0 meeple:road:N@1,0").to_dict()
    assert on["figures"] == [{"figure": "meeple", "feature": "road", "spot": "N", "on": [1, 0]}]
    assert TakeWonder("WO/alhambra").to_dict() == {"take_wonder": "WO/alhambra"}
    assert AwardWonder(2).to_dict() == {"wonder_goes_to": 2}


def test_record_form_reads_back() -> None:
    data = {"tile": "BA/CRr", "at": [1, 0], "rotation": 90,
            "figures": [{"figure": "meeple", "feature": "road", "spot": "E"}]}
    assert Move.from_dict(data) == Move.parse("BA/CRr@1,0r90 meeple:road:E")
    assert Move.from_dict({"tile": "BA/Rr", "at": [0, -1], "rotation": 0, "figures": []}) == (
        Move("BA/Rr", (0, -1), 0))
    assert Move.from_dict({"take_wonder": "WO/alhambra"}) == TakeWonder("WO/alhambra")
    assert Move.from_dict({"wonder_goes_to": 1}) == AwardWonder(1)


def test_parsed_values_are_plain() -> None:
    move = Move.parse("BA/Rr@-3,4r180 meeple:field:SL@-3,4")
    assert isinstance(move, Move)
    assert move.at == (-3, 4) and isinstance(move.at, tuple)
    assert move.figures[0].on == (-3, 4)
    assert hash(move) == hash(Move.parse(str(move)))


# -- generated round trips -------------------------------------------------------------

squares = st.tuples(st.integers(-500, 500), st.integers(-500, 500))
tile_ids = st.from_regex(r"\A[A-Z]{2}/[A-Za-z0-9.+!_]{1,12}\Z")


@st.composite
def figures(draw: st.DrawFn) -> Figure:
    feature = draw(st.sampled_from(("city", "road", "field", "monastery")))
    spot = None if feature == "monastery" else draw(st.sampled_from(SPOTS))
    on = draw(st.one_of(st.none(), squares))
    return Figure(draw(st.sampled_from(FIGURES)), feature, spot, on)


@st.composite
def fairies(draw: st.DrawFn) -> Fairy:
    feature = draw(st.sampled_from((None, "city", "road", "field", "monastery", "garden")))
    spot = None if feature in (None, "monastery", "garden") else draw(st.sampled_from(SPOTS))
    return Fairy(draw(squares), feature, spot)


#: The actions a move may carry instead of figures (docs/formats.md).
actions = st.one_of(st.builds(ReturnAbbot, squares), fairies(),
                    st.builds(Princess, squares, st.sampled_from(SPOTS)))
rotations = st.sampled_from((0, 90, 180, 270))
moves = st.one_of(
    st.builds(Move, tile=tile_ids, at=squares, rotation=rotations,
              figures=st.lists(figures(), max_size=2).map(tuple), action=st.none()),
    st.builds(Move, tile=tile_ids, at=squares, rotation=rotations, figures=st.just(()),
              action=actions))
any_moves = st.one_of(
    moves,
    st.builds(TakeWonder, st.from_regex(r"\AWO/[a-z_]{1,20}\Z")),
    st.builds(AwardWonder, st.integers(0, 5)),
    st.builds(DragonStep, squares),
)


@settings(max_examples=300, deadline=None)
@given(move=any_moves)
def test_notation_round_trips(move: Move | TakeWonder | AwardWonder) -> None:
    text = str(move)
    assert "\n" not in text
    assert Move.parse(text) == move
    assert str(Move.parse(text)) == text


@settings(max_examples=300, deadline=None)
@given(move=any_moves)
def test_record_form_round_trips_through_json(move: Move | TakeWonder | AwardWonder) -> None:
    data = json.loads(json.dumps(move.to_dict()))
    assert Move.from_dict(data) == move
    assert Move.from_dict(data).to_dict() == move.to_dict()


# -- malformed input ---------------------------------------------------------------------


@pytest.mark.parametrize(("text", "words"), [
    ("", "empty"),
    ("   ", "empty"),
    ("BA/Rr", "TILE@x,yrROTATION"),
    ("BA/Rr@1,0", "TILE@x,yrROTATION"),
    ("BA/Rr@1;0r0", "TILE@x,yrROTATION"),
    ("BA/Rr@1,0R90", "TILE@x,yrROTATION"),
    ("BA/Rr@+1,0r0", "TILE@x,yrROTATION"),
    ("BA/Rr@1.5,0r0", "TILE@x,yrROTATION"),
    ("@1,0r0", "TILE@x,yrROTATION"),
    ("BA/Rr@1,0r45", "rotation"),
    ("BA/Rr@1,0r360", "rotation"),
    ("BA/Rr@1,0r-90", "TILE@x,yrROTATION"),
    ("BA/Rr@1,0r0 meeple", "figure:feature"),
    ("BA/Rr@1,0r0 meeple:road:N@1", "figure:feature"),
    ("BA/Rr@1,0r0 meeple:road:N@1,", "figure:feature"),
    ("BA/Rr@1,0r0 meeple:road", "spot"),
    ("BA/Rr@1,0r0 meeple:road:Q", "spot"),
    ("BA/Rr@1,0r0 meeple:field:north", "spot"),
    ("BA/L@1,0r0 meeple:monastery:N", "no spot"),
    ("BA/Rr@1,0r0 knight:road:N", "unknown figure"),
    ("BA/Rr@1,0r0 meeple:castle:N", "unknown feature"),
    ("award:x", "seat number"),
    ("award:", "seat number"),
    ("award:1 meeple:road:N", "TILE@x,yrROTATION"),
])
def test_malformed_notation_is_refused_clearly(text: str, words: str) -> None:
    with pytest.raises(NotationError) as caught:
        Move.parse(text)
    assert isinstance(caught.value, ValueError)
    assert words in str(caught.value)


@pytest.mark.parametrize("value", [None, 42, ["BA/Rr@1,0r0"], b"BA/Rr@1,0r0"])
def test_notation_must_be_a_string(value: object) -> None:
    with pytest.raises(NotationError, match="string"):
        Move.parse(value)  # type: ignore[arg-type]


GOOD = {"tile": "BA/Rr", "at": [1, 0], "rotation": 90}


@pytest.mark.parametrize(("data", "words"), [
    (None, "object"),
    ([], "object"),
    ("BA/Rr@1,0r0", "object"),
    ({}, "tile"),
    ({**GOOD, "tile": 7}, "tile"),
    ({**GOOD, "at": None}, "square"),
    ({**GOOD, "at": [1]}, "square"),
    ({**GOOD, "at": [1, 0, 0]}, "square"),
    ({**GOOD, "at": [1, 0.5]}, "square"),
    ({**GOOD, "at": ["1", 0]}, "square"),
    ({**GOOD, "at": [True, 0]}, "square"),
    ({**GOOD, "at": "1,0"}, "square"),
    ({"tile": "BA/Rr", "at": [1, 0]}, "rotation"),
    ({**GOOD, "rotation": 45}, "rotation"),
    ({**GOOD, "rotation": "90"}, "rotation"),
    ({**GOOD, "rotation": True}, "rotation"),
    ({**GOOD, "turn": 1, "tile": None}, "tile"),
    ({**GOOD, "figures": "meeple:road:N"}, "list"),
    ({**GOOD, "figures": ["meeple:road:N"]}, "object"),
    ({**GOOD, "figures": [{"figure": "meeple", "feature": "road"}]}, "spot"),
    ({**GOOD, "figures": [{"figure": "knight", "feature": "road", "spot": "N"}]},
     "unknown figure"),
    ({**GOOD, "figures": [{"figure": "meeple", "feature": "road", "spot": 7, "x": 1}]},
     "spot"),
    ({**GOOD, "dragon": [1, 0]}, "malformed dragon move"),
    ({**GOOD, "return_abbot": [1, 0], "fairy": {"on": [1, 0]}}, "one per move"),
    ({"tile": "BA/Rr", "at": [1, 0], "rotation": 0, "princess": {"on": [1, 0]}}, "spot"),
    ({"wonder_goes_to": 1, "tile": "BA/Rr"}, "wonder_goes_to"),
    ({**GOOD, "figures": [{"figure": "meeple", "feature": "road", "spot": "N", "on": [1]}]},
     "square"),
    ({**GOOD, "figures": [{"figure": "meeple", "feature": "monastery", "spot": "N"}]},
     "no spot"),
    ({"take_wonder": 3}, "take_wonder"),
    ({"take_wonder": "WO/alhambra", "tile": "BA/Rr"}, "take_wonder"),
    ({"wonder_goes_to": "1"}, "wonder_goes_to"),
    ({"wonder_goes_to": True}, "wonder_goes_to"),
])
def test_malformed_record_moves_are_refused_clearly(data: object, words: str) -> None:
    with pytest.raises(NotationError) as caught:
        Move.from_dict(data)
    assert isinstance(caught.value, ValueError)
    assert words in str(caught.value)


def test_a_float_rotation_is_refused() -> None:
    with pytest.raises(NotationError, match="rotation"):
        Move.from_dict({**GOOD, "rotation": 90.0})


@pytest.mark.parametrize("figures", [{}, 0, "", False])
def test_figures_that_are_not_a_list_are_refused_even_when_empty(figures: object) -> None:
    with pytest.raises(NotationError, match="list"):
        Move.from_dict({**GOOD, "figures": figures})


def test_take_needs_a_wonder_id() -> None:
    with pytest.raises(NotationError):
        Move.parse("take:")
