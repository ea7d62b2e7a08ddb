"""Reading JSON that comes from outside: records, request bodies, messages.

``json.loads`` accepts more than a game ever needs and fails in ways that are
not ``JSONDecodeError``: an array nested thousands deep raises
``RecursionError``, an integer of thousands of digits ``ValueError`` (Python
refuses to convert it), ``NaN`` and ``Infinity`` are read although JSON has
no such values, and ``1e999`` becomes infinity. :func:`loads` reads the same
text but refuses all of that with one :class:`JsonInputError` (a
``ValueError``) whose message says, in a line, what is wrong::

    >>> loads('{"at": [1, 0]}')
    {'at': [1, 0]}
    >>> loads("[" * 5000 + "]" * 5000)
    Traceback (most recent call last):
    ...
    carcassonne.json_input.JsonInputError: nested deeper than 32 levels
    >>> loads("1" * 5000)
    Traceback (most recent call last):
    ...
    carcassonne.json_input.JsonInputError: a number of 5000 digits (at most 40)

Nothing a game holds comes near these bounds: a record is nested 5 deep and
its largest number is a seat, a square or a score.
"""

from __future__ import annotations

import json
from typing import Any

#: How deep arrays and objects may be nested.
MAX_DEPTH = 32
#: The most digits an integer may have: any 128-bit number, so that a key
#: another program adds (a seed, a time) never gets a record refused.
MAX_DIGITS = 40


class JsonInputError(ValueError):
    """JSON text that is malformed or beyond the bounds of :func:`loads`."""


def _integer(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        raise JsonInputError(f"a number of {digits} digits (at most {MAX_DIGITS})")
    return int(text)


def _real(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        shown = text if len(text) <= 20 else f"{text[:20]}..."
        raise JsonInputError(f"the number {shown} is too large")
    return value


def _constant(name: str) -> Any:
    raise JsonInputError(f"{name} is not a JSON value")


def _depth_at_most(value: Any, limit: int) -> bool:
    """Whether ``value`` nests arrays and objects at most ``limit`` deep
    (walked without recursion)."""
    todo = [(value, 1)]
    while todo:
        item, depth = todo.pop()
        children = item.values() if isinstance(item, dict) else item if isinstance(
            item, list) else None
        if children is None:
            continue
        if depth > limit:
            return False
        todo.extend((child, depth + 1) for child in children)
    return True


def loads(text: str | bytes) -> Any:
    """The value of JSON ``text``, or :class:`JsonInputError` saying why not."""
    try:
        value = json.loads(text, parse_int=_integer, parse_float=_real,
                           parse_constant=_constant)
    except JsonInputError:
        raise
    except json.JSONDecodeError as err:
        raise JsonInputError(f"invalid JSON at line {err.lineno} column {err.colno}: "
                             f"{err.msg}") from None
    except RecursionError:
        raise JsonInputError(f"nested deeper than {MAX_DEPTH} levels") from None
    except UnicodeDecodeError:
        raise JsonInputError("not UTF-8 text") from None
    except ValueError as err:  # pragma: no cover - json's own other refusals
        raise JsonInputError(f"invalid JSON: {err}") from None
    if not _depth_at_most(value, MAX_DEPTH):
        raise JsonInputError(f"nested deeper than {MAX_DEPTH} levels")
    return value
