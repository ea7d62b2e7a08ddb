"""Hypothesis strategies for malformed input: JSON values, and records,
bodies and moves with one part replaced by anything.

Random JSON alone seldom gets past the first check of a reader, so most
examples start from something valid (a scenario record, a legal move, a
table's body) and replace one part of it, at any depth, by a random JSON
value or by one of the values that broke readers before (a list where a
name is expected, an integer of many digits, nesting far too deep).
"""

from __future__ import annotations

import copy
import json
from typing import Any

from hypothesis import strategies as st

#: Nested far deeper than any reader allows (and than Python's own JSON
#: reader manages), yet within the server's 8 KiB bound on a body or message.
DEEP = "[" * 3000 + "]" * 3000
#: An integer of thousands of digits (Python refuses to print it by default).
HUGE = "1" * 5000

#: Values that are wrong in telling ways almost anywhere.
AWKWARD: tuple[Any, ...] = (None, True, 0, -1, 2**62, 10**39, 1.5, "", "N", "x" * 300,
                            [], ["N"], [1, 2, 3], {}, {"a": 1}, [[[[[[]]]]]])

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False,
                                                          allow_infinity=False)
    | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=4),
    max_leaves=12)

replacements = st.one_of(st.sampled_from(AWKWARD), json_values)


def paths(value: Any) -> list[tuple[Any, ...]]:
    """Every path (keys and indices) into ``value``, the empty one included."""
    out: list[tuple[Any, ...]] = [()]
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(
        value, list) else ()
    for key, child in items:
        out += [(key, *rest) for rest in paths(child)]
    return out


def replaced(value: Any, path: tuple[Any, ...], new: Any, delete: bool = False) -> Any:
    """A deep copy of ``value`` with the part at ``path`` replaced by ``new``
    (or removed, with ``delete``)."""
    if not path:
        return copy.deepcopy(new)
    out = copy.deepcopy(value)
    parent = out
    for key in path[:-1]:
        parent = parent[key]
    if delete:
        del parent[path[-1]]
    else:
        parent[path[-1]] = copy.deepcopy(new)
    return out


@st.composite
def mutated(draw: st.DrawFn, valid: Any) -> Any:
    """``valid`` with one part replaced by an awkward or random value, or
    removed, or a key of its own added somewhere."""
    path = draw(st.sampled_from(paths(valid)))
    roll = draw(st.integers(0, 9))
    if roll == 0 and path:
        return replaced(valid, path, None, delete=True)
    if roll == 1:
        target = valid
        for key in path:
            target = target[key]
        if isinstance(target, dict):
            extra = {**target, draw(st.text(max_size=8)): draw(replacements)}
            return replaced(valid, path, extra)
    return replaced(valid, path, draw(replacements))


def texts(valid: Any) -> st.SearchStrategy[str]:
    """JSON text for a reader: a mutation of ``valid``, random JSON, text that
    is not JSON, or the nesting and the number that broke readers before,
    also put inside ``valid``."""
    inside = st.sampled_from(paths(valid)).map(
        lambda path: json.dumps(replaced(valid, path, "@@")).replace('"@@"', DEEP if len(
            path) % 2 else HUGE))
    return st.one_of(
        mutated(valid).map(json.dumps),
        json_values.map(json.dumps),
        st.text(max_size=40),
        st.sampled_from((DEEP, HUGE, "-" + HUGE, "[" + HUGE + "]", "NaN", "[Infinity]",
                         "1e999", '{"a": 1', "\ufeff{}")),
        inside,
    )
