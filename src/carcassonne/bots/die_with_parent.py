"""Imported in a helper process: be killed when the process that started it dies.

The pool of search processes (:mod:`carcassonne.bots.pool`) has the fork
server import this module when it starts, and calls :func:`arrange` in each
worker, so neither outlives the program, however it ends (Linux only; a
no-op elsewhere). Never import it in the program itself.
"""

from __future__ import annotations

import ctypes
import signal
import sys

#: Linux's prctl option that sends the child a signal when its parent dies.
PR_SET_PDEATHSIG = 1


def arrange() -> None:
    """Ask the kernel to kill this process when its parent dies."""
    if sys.platform.startswith("linux"):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)


if __name__ != "__main__":
    arrange()
