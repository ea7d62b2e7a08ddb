"""Reading JSON that comes from outside: records, request bodies, messages.

``json.loads`` accepts more than a game ever needs and fails in ways that are
not ``JSONDecodeError``: an array nested thousands deep raises
``RecursionError``, an integer of thousands of digits ``ValueError`` (Python
refuses to convert it), ``NaN`` and ``Infinity`` are read although JSON has
no such values, ``1e999`` becomes infinity, and ``"\\ud800"`` becomes a
string that cannot be written out again (half of a surrogate pair is no
character). :func:`loads` reads the same text but refuses all of that with
one :class:`JsonInputError` (a ``ValueError``) whose message says, in a
line, what is wrong::

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
    >>> loads('[1e999]')
    Traceback (most recent call last):
    ...
    carcassonne.json_input.JsonInputError: the number 1e999 is too large
    >>> loads('{"name": "\\\\ud800x"}')
    Traceback (most recent call last):
    ...
    carcassonne.json_input.JsonInputError: a string holds \\ud800, half a surrogate pair: not text

Nothing a game holds comes near these bounds: a record is nested 5 deep and
its largest number is a seat, a square or a score.

The bounds cost little: the text is read by ``json.loads`` alone, with no
Python call per value, and checked beforehand by scans of its bytes that
run at the speed of ``bytes.translate`` and ``in``. Only a text that might
break a bound (a run of 41 digits, an exponent of 3 digits, ``NaN`` or
``Infinity``, a surrogate's escape) is looked at more closely, outside its
strings, to tell a real breach from a look-alike. benchmarks/json_input.py
measures it.
"""

from __future__ import annotations

import json
import re
from typing import Any

#: How deep arrays and objects may be nested.
MAX_DEPTH = 32
#: The most digits an integer may have: any 128-bit number, so that a key
#: another program adds (a seed, a time) never gets a record refused.
MAX_DIGITS = 40


class JsonInputError(ValueError):
    """JSON text that is malformed or beyond the bounds of :func:`loads`."""


def _number_marks() -> bytes:
    """A ``bytes.translate`` table: digits become ``0``, ``e``/``E`` become
    ``e``, signs ``+``, everything else a space; so that ``b"0" * 41 in
    marked`` finds a run of 41 digits and ``b"e000"`` a 3-digit exponent."""
    table = bytearray(b" " * 256)
    for byte in b"0123456789":
        table[byte] = ord("0")
    for byte in b"eE":
        table[byte] = ord("e")
    for byte in b"+-":
        table[byte] = ord("+")
    return bytes(table)


_NUMBER_MARKS = _number_marks()
#: Every byte but the brackets and quotes (deleted to measure the depth).
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b'[]{}"')
#: Braces written as brackets: the depth counts both alike.
_ONE_KIND = bytes.maketrans(b"{}", b"[]")
#: A JSON string, escapes included.
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
#: An escape in a string (``\\"``, ``\\\\``, ``\\n``...), as bytes.
_ESCAPE = re.compile(rb"\\.", re.DOTALL)
#: A quoted run once only quotes and brackets are left.
_QUOTED = re.compile(rb'"[^"]*"')
#: A whole number token (not a fraction's or an exponent's digits) of more
#: than MAX_DIGITS digits.
_LONG_INTEGER = re.compile(rf"(?<![\d.eE+-])-?\d{{{MAX_DIGITS + 1},}}(?![\d.eE])")
#: A number token that could be beyond a float: a 3-digit exponent, or more
#: than MAX_DIGITS digits before the point.
_BIG_NUMBER = re.compile(rf"(?<![\d.eE+-])-?(?:\d+(?:\.\d+)?[eE][-+]?\d{{3,}}"
                         rf"|\d{{{MAX_DIGITS + 1},}}(?:\.\d+)?(?:[eE][-+]?\d+)?)(?![\d.eE])")
_CONSTANT = re.compile(r"-?Infinity|NaN")
_SURROGATE = re.compile("[\ud800-\udfff]")
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


def loads(text: str | bytes) -> Any:
    """The value of JSON ``text``, or :class:`JsonInputError` saying why not."""
    if isinstance(text, str):
        raw = text.encode("utf-8", "surrogatepass")
        if not text.isascii():
            _refuse_surrogate(text)
    else:
        raw = bytes(text)
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise JsonInputError("not UTF-8 text") from None
    _check_numbers(text, raw)
    # Only the brackets are kept, so the text's copy is gone before the value is built.
    brackets = _brackets(raw) if raw.count(b"[") + raw.count(b"{") > MAX_DEPTH else b""
    del raw
    try:
        value = json.loads(text)
    except json.JSONDecodeError as err:
        raise JsonInputError(f"invalid JSON at line {err.lineno} column {err.colno}: "
                             f"{err.msg}") from None
    except RecursionError:
        raise JsonInputError(f"nested deeper than {MAX_DEPTH} levels") from None
    except ValueError as err:  # pragma: no cover - json's own other refusals
        raise JsonInputError(f"invalid JSON: {err}") from None
    if brackets and _deeper_than(brackets, MAX_DEPTH):
        raise JsonInputError(f"nested deeper than {MAX_DEPTH} levels")
    if _SURROGATE_ESCAPE.search(text):
        _refuse_surrogate(json.dumps(value, ensure_ascii=False))
    return value


def _check_numbers(text: str, raw: bytes) -> None:
    """Refuse an integer of more than MAX_DIGITS digits, a number beyond a
    float, ``NaN`` and ``Infinity``, outside strings. The bytes are scanned
    first; only a text where one might be is searched with its strings left
    out (digits or words in a string are no numbers)."""
    marks = raw.translate(_NUMBER_MARKS)
    # A short needle is found much faster than a long one: look for 8 digits first.
    long_run = b"0" * 8 in marks and b"0" * (MAX_DIGITS + 1) in marks
    exponent = b"e000" in marks or b"e+000" in marks
    del marks
    constant = "NaN" in text or "Infinity" in text
    if not (long_run or exponent or constant):
        return
    outside = _STRING.sub('""', text)
    if long_run:
        found = _LONG_INTEGER.search(outside)
        if found:
            digits = len(found.group().lstrip("-"))
            raise JsonInputError(f"a number of {digits} digits (at most {MAX_DIGITS})")
    if long_run or exponent:
        for number in _BIG_NUMBER.finditer(outside):
            if float(number.group()) in (float("inf"), float("-inf")):
                shown = number.group()
                shown = shown if len(shown) <= 20 else f"{shown[:20]}..."
                raise JsonInputError(f"the number {shown} is too large")
    if constant:
        word = _CONSTANT.search(outside)
        if word:
            raise JsonInputError(f"{word.group()} is not a JSON value")


def _brackets(raw: bytes) -> bytes:
    """The brackets and braces of JSON text ``raw`` outside its strings, in
    order, all written as brackets."""
    if b"\\" in raw:
        raw = _ESCAPE.sub(b"", raw)  # an escaped quote would seem to end a string
    marks = raw.translate(_ONE_KIND, _NOT_BRACKETS).replace(b'""', b"")
    # Taking two quotes side by side away leaves every bracket as much inside
    # or outside a string as it was; what is left in quotes is in a string.
    return _QUOTED.sub(b"", marks) if b'"' in marks else marks


def _deeper_than(brackets: bytes, limit: int) -> bool:
    """Whether balanced ``brackets`` nest deeper than ``limit``: each round
    takes away the innermost level (the pairs with nothing between, found
    in the round's text, not in what taking them away makes), so they are
    gone after as many rounds as they are deep."""
    for _ in range(limit):
        if not brackets:
            return False
        brackets = brackets.replace(b"[]", b"")
    return bool(brackets)


def _refuse_surrogate(text: str) -> None:
    """Refuse ``text`` if it holds half of a surrogate pair alone (a pair
    read from JSON escapes is one character by then)."""
    found = _SURROGATE.search(text)
    if found:
        raise JsonInputError(f"a string holds \\u{ord(found.group()):04x}, "
                             f"half a surrogate pair: not text")
