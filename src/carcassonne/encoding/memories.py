"""Where each seat's observations are written, and what is returned of them.

The environments' observer (``carcassonne.env.observations.Observer``)
keeps, per seat, the memory its observations are written in
(:class:`~carcassonne.encoding.buffers.SeatBuffers`, each with the numpy
arrays that share its bytes). :class:`SeatMemories` picks the memory for
the next observation, has the writer bring it up to date and returns the
observation's dict: one compiled call per observation, since an
environment asks for one at its every step.

With ``copy=False`` a seat has one memory, refilled at each observation.
With ``copy=True`` an observation never changes once returned: it is
written in the seat's memory written last that nothing refers to any more
(:func:`~carcassonne.encoding.buffers.free_index`), or, when every kept
one is held, in a copy of the last written (kept first, the oldest left to
its holders past :data:`POOL`).
"""

from __future__ import annotations

from array import array
from collections.abc import Callable
from typing import Any, Final

from carcassonne.encoding.buffers import SeatBuffers, free_index, holders
from carcassonne.encoding.observation import SeatWriter
from carcassonne.encoding.table import Table
from carcassonne.engine.game import Game

#: How many observations of one seat are kept to write into with
#: ``copy=True``. The one returned last is often still held when the seat
#: next observes (a loop keeps it in a variable until the next one
#: arrives), so another is ready; a third covers a learner that keeps one
#: more.
POOL: Final = 3


class SeatMemories:
    """Per seat, the memories its observations are written in (see the
    module docstring). ``wrap`` gives new buffers their arrays: it sets
    ``views``, what an observation returns (``planes``, ``vector``, ``mask``;
    or with ``flat_size`` > 0, the flat array written, its read-only view,
    ``mask``, the planes as one row and ``vector``), and ``watched``, every
    array through which something outside could still see the memory;
    ``first``, ``depth`` and ``fixed`` are :meth:`SeatWriter.observe`'s."""

    def __init__(self, writer: SeatWriter, wrap: Callable[[SeatBuffers], None], *,
                 copy: bool, first: bool, depth: int, fixed: Callable[[Game], array[float]],
                 flat_size: int) -> None:
        self.writer, self.wrap = writer, wrap
        self.copy, self.first, self.depth, self.fixed = copy, first, depth, fixed
        #: The planes' length in a flat observation (0: the dict form).
        self.flat_size = flat_size
        #: Per seat, its memories, the one written last first.
        self.pools: dict[int, list[SeatBuffers]] = {}

    def observe(self, table: Table, seat: int) -> dict[str, Any]:
        """The observation of ``seat`` now, written in its next memory."""
        buffers = self.memory(seat)
        self.writer.observe(table, seat, self.first, self.depth, self.fixed, buffers)
        views = buffers.views
        size = self.flat_size
        if size:
            flat: Any = views[0]
            flat[0:size] = views[3]
            flat[size:] = views[4]
            return {"observation": views[1], "action_mask": views[2]}
        return {"observation": {"planes": views[0], "vector": views[1]},
                "action_mask": views[2]}

    def memory(self, seat: int) -> SeatBuffers:
        """Where ``seat``'s next observation is written (see the module docstring)."""
        pool = self.pools.get(seat)
        if pool is None:
            buffers = self._wrapped(self.writer.new_buffers())
            self.pools[seat] = [buffers]
            return buffers
        if not self.copy:
            return pool[0]
        i = free_index(pool)
        if i == 0:
            return pool[0]
        if i > 0:
            buffers = pool.pop(i)
            pool.insert(0, buffers)
            return buffers
        buffers = self._wrapped(pool[0].copy())
        pool.insert(0, buffers)
        del pool[POOL:]
        return buffers

    def _wrapped(self, buffers: SeatBuffers) -> SeatBuffers:
        """``buffers`` given their arrays (``wrap``), and the sum of the
        watched arrays' reference counts measured now, when only they hold
        them (here, where no other variable refers to an array)."""
        self.wrap(buffers)
        buffers.alone = holders(buffers)
        return buffers
