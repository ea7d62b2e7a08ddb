"""The ints ``0, 1, 2, ...`` as objects, made once and shared.

Compiled code keeps an ``int`` unboxed; handing it to a list, or as an
index to a ``bytearray``, makes an int object each time (unless it is
below 257), and frees it after: about as long as the write itself. The
hot loops that list actions or write cells by index take the object from
here instead::

    >>> table = ints(1000)
    >>> table[999] == 999 and table[999] is ints(10)[999]
    True
"""

from __future__ import annotations

from typing import Any, Final

#: The table's largest size (about 8 MB of int objects): indexes past it
#: are made as they come.
LIMIT: Final = 1 << 18

_INTS: Final[list[Any]] = []


def ints(size: int) -> list[Any]:
    """The shared table, grown to hold at least ``size`` ints (up to
    :data:`LIMIT`: check an index against its length)."""
    have = len(_INTS)
    if have < size and have < LIMIT:
        _INTS.extend(range(have, min(size, LIMIT)))
    return _INTS
