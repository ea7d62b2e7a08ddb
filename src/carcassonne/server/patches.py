"""State patches: a client's next state told as what changed since its last.

A table's ``state`` message is its whole view: every tile on the board,
every move and score event so far. After a move most of it is what the
client already has, so a client that asks for patches (``?patches=1`` on the
WebSocket's address) gets its first state whole and every later one as a
``patch``: the operations that turn the state it holds into the new one.

An operation is ``[op, path, value]``, ``path`` a list of object keys from
the top of the state message:

- ``["=", path, value]``: set the key at ``path`` to ``value``;
- ``["+", path, items]``: the list at ``path`` grew: append ``items``;
- ``["-", path]``: the key at ``path`` is gone.

Only objects are entered; a list that changed otherwise than by growing at
its end is set whole. Applying the operations in order to the last state
gives exactly the state the server would have sent whole:

    >>> old = {"view": {"board": [1, 2], "scores": [0, 0], "gone": 1}, "last": 2}
    >>> new = {"view": {"board": [1, 2, 3], "scores": [4, 0]}, "last": 3}
    >>> ops = diff(old, new)
    >>> for op in ops:
    ...     print(op)
    ['-', ['view', 'gone']]
    ['+', ['view', 'board'], [3]]
    ['=', ['view', 'scores'], [4, 0]]
    ['=', ['last'], 3]
    >>> apply(old, ops) == new
    True

Values are compared as Python compares them (``==``). That is exact for
state messages because each of their keys always holds values of one JSON
type (a count is never sometimes ``true``); the property tests check it.
"""

from __future__ import annotations

import copy
from typing import Any

Op = list[Any]


def diff(old: dict[str, Any], new: dict[str, Any]) -> list[Op]:
    """The operations that turn ``old`` into ``new`` (both JSON-ready)."""
    ops: list[Op] = []
    _diff(old, new, [], ops)
    return ops


def _diff(old: dict[str, Any], new: dict[str, Any], path: list[str], ops: list[Op]) -> None:
    for key in old:
        if key not in new:
            ops.append(["-", [*path, key]])
    for key, value in new.items():
        if key not in old:
            ops.append(["=", [*path, key], value])
            continue
        before = old[key]
        if before is value or before == value:
            continue
        if type(before) is dict and type(value) is dict:
            _diff(before, value, [*path, key], ops)
        elif (type(before) is list and type(value) is list and len(before) < len(value)
              and value[:len(before)] == before):
            ops.append(["+", [*path, key], value[len(before):]])
        else:
            ops.append(["=", [*path, key], value])


def apply(state: dict[str, Any], ops: list[Op], in_place: bool = False) -> dict[str, Any]:
    """``state`` after ``ops``: a new object, ``state`` left as it was, unless
    ``in_place`` (then ``state`` itself, changed; the operations' values
    become part of it). A malformed operation raises ``ValueError``."""
    out = state if in_place else copy.deepcopy(state)
    for op in ops:
        if not isinstance(op, list) or len(op) < 2 or op[0] not in ("=", "+", "-") \
                or len(op) != (2 if op[0] == "-" else 3) or not isinstance(op[1], list) \
                or not op[1]:
            raise ValueError(f"not a patch operation: {op!r}")
        *parents, last = op[1]
        node = out
        for key in parents:
            node = node[key]
        value = None if len(op) < 3 else op[2] if in_place else copy.deepcopy(op[2])
        if op[0] == "=":
            node[last] = value
        elif op[0] == "+":
            node[last] = node[last] + value
        else:
            del node[last]
    return out
