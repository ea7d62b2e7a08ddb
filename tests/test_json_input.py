"""Reading JSON from outside (``carcassonne.json_input``): within the bounds
it reads exactly what ``json.loads`` reads; beyond them (nesting, long
integers, NaN and Infinity, floats too large, lone surrogates) it refuses
with one line, wherever the breach sits, and never mistakes a look-alike
inside a string for one."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from carcassonne.json_input import MAX_DEPTH, MAX_DIGITS, JsonInputError, loads

#: Strings that look like a breach but are only text.
LOOK_ALIKES = ["NaN", "Infinity", "-Infinity", "1" * 60, "1e999", "[" * 40, "{" * 40,
               '\\"[[[[', "\\", "\\\\ud800", "\U0001F409", "e000", "0.5e-400"]

texts = st.text(max_size=12) | st.sampled_from(LOOK_ALIKES)
leaves = (st.none() | st.booleans() | texts
          | st.integers(min_value=-(10**MAX_DIGITS - 1), max_value=10**MAX_DIGITS - 1)
          | st.floats(allow_nan=False, allow_infinity=False))


def depth_of(value: Any) -> int:
    """How deep ``value`` nests arrays and objects."""
    if isinstance(value, dict):
        value = list(value.values())
    if isinstance(value, list):
        return 1 + max(map(depth_of, value), default=0)
    return 0


#: JSON values well within the bounds (at most 20 deep).
values = st.recursive(leaves, lambda inner: st.lists(inner, max_size=5)
                      | st.dictionaries(texts, inner, max_size=5),
                      max_leaves=25).filter(lambda value: depth_of(value) <= 20)
forms = st.sampled_from([{}, {"ensure_ascii": False}, {"indent": 2},
                         {"separators": (",", ":")}])


#: How a nest is made: arrays, objects, or both in turn.
styles = st.sampled_from(["[]", '{"k": }', '[{"k": }]'])


def nested(inner: str, depth: int, style: str) -> str:
    """JSON text ``inner`` wrapped ``depth`` levels deep in ``style``."""
    opening, closing = style.split("]" if style == "[]" else "}", 1)
    closing = ("]" if style == "[]" else "}") + closing
    levels = style.count("[") + style.count("{")
    text = inner
    for _ in range(depth // levels):
        text = opening + text + closing
    return text if depth % levels == 0 else f"[{text}]"


@settings(max_examples=300)
@given(values, forms, st.booleans())
def test_within_the_bounds_it_reads_what_json_loads_reads(value: Any, form: dict,
                                                          as_bytes: bool) -> None:
    text = json.dumps(value, **form)
    assert loads(text.encode("utf-8") if as_bytes else text) == json.loads(text)


@given(values, st.integers(min_value=1, max_value=MAX_DEPTH - 1), styles)
def test_nesting_up_to_the_bound_is_read(value: Any, depth: int, style: str) -> None:
    # value beside a nest of ``depth`` levels, both in an array: 1 + depth deep
    text = f"[{json.dumps(value)}, {nested('0', depth, style)}]"
    assert depth_of(json.loads(text)) == 1 + max(depth, depth_of(value))
    assert loads(text) == json.loads(text)


@given(values, st.integers(min_value=MAX_DEPTH, max_value=3000), styles)
def test_nesting_beyond_the_bound_is_refused(value: Any, depth: int, style: str) -> None:
    with pytest.raises(JsonInputError, match=f"^nested deeper than {MAX_DEPTH} levels$"):
        loads(f"[{json.dumps(value)}, {nested(json.dumps(value), depth, style)}]")


def breach_in(value: Any, token: str, first: bool) -> str:
    """JSON text of an array holding ``value`` and the raw ``token``."""
    parts = [token, json.dumps(value)] if first else [json.dumps(value), token]
    return f'{{"a": [{", ".join(parts)}]}}'


@given(values, st.integers(min_value=MAX_DIGITS + 1, max_value=5000), st.booleans(),
       st.booleans())
def test_an_integer_of_too_many_digits_is_refused(value: Any, digits: int, negative: bool,
                                                  first: bool) -> None:
    token = ("-" if negative else "") + "9" * digits
    with pytest.raises(JsonInputError, match=f"^a number of {digits} digits "
                                             f"\\(at most {MAX_DIGITS}\\)$"):
        loads(breach_in(value, token, first))


@given(values, st.sampled_from(["NaN", "Infinity", "-Infinity"]), st.booleans())
def test_nan_and_infinity_are_refused(value: Any, word: str, first: bool) -> None:
    with pytest.raises(JsonInputError, match=f"^{word} is not a JSON value$"):
        loads(breach_in(value, word, first))


@given(values, st.sampled_from(["1e999", "-1.5E+400", "2e0309", "9" * 250 + "e99",
                                "1" * 400 + ".5", "1e" + "9" * 50]), st.booleans())
def test_a_number_beyond_a_float_is_refused(value: Any, token: str, first: bool) -> None:
    with pytest.raises(JsonInputError, match=r"^the number \S+ is too large$"):
        loads(breach_in(value, token, first))


@given(values, st.characters(categories=["Cs"]), st.booleans(), st.booleans())
def test_a_lone_surrogate_is_refused(value: Any, half: str, escaped: bool,
                                     as_key: bool) -> None:
    text = json.dumps({f"k{half}" if as_key else "k": [value, f"x{half}y"]},
                      ensure_ascii=escaped)
    with pytest.raises(JsonInputError, match=rf"^a string holds \\u{ord(half):04x}, "):
        loads(text)


def test_a_surrogate_pair_is_one_character_and_read() -> None:
    assert loads('["\\ud83d\\udc09"]') == ["\U0001F409"]
    assert loads(b'["\xf0\x9f\x90\x89"]') == ["\U0001F409"]


@pytest.mark.parametrize(("text", "words"), [
    (b'"\xed\xa0\x80"', "not UTF-8 text"),  # a surrogate written as bytes
    (b'"\xff"', "not UTF-8 text"),
    ("[1, 2", "invalid JSON at line 1 column 6"),
    ("]" * 40, "invalid JSON at line 1 column 1"),
    ('"\\ud800"', "\\ud800, half a surrogate pair: not text"),
])
def test_other_refusals_say_what_is_wrong_in_a_line(text: str | bytes, words: str) -> None:
    with pytest.raises(JsonInputError) as caught:
        loads(text)
    assert words in str(caught.value) and "\n" not in str(caught.value)


def test_a_big_flat_array_of_small_numbers_is_read() -> None:
    text = "[" + ",".join(["7"] * 200_000) + "]"
    assert loads(text) == json.loads(text)


@pytest.mark.parametrize("inside", ["[" * 40, "]" * 40, '\\"' + "[" * 40, "\\\\" + "{" * 40,
                                    '\\u005b' * 40, "NaN Infinity 1e999 " + "9" * 50])
def test_what_a_string_holds_is_no_breach(inside: str) -> None:
    text = nested(f'["{inside}", "{inside}"]', MAX_DEPTH - 1, "[]")  # 32 deep
    assert loads(text) == json.loads(text)
