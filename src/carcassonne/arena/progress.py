"""A plain-text progress bar on standard error, with no dependency.

On a terminal the bar is redrawn in place, at most ten times a second::

    [##########----------]  50/100 games  12.3 games/s  about 4 s left

Elsewhere (a log file, CI) a line is written at every tenth of the run
instead, so logs stay short.
"""

from __future__ import annotations

import sys
import time
from typing import TextIO

WIDTH = 20


def bar(done: int, total: int, seconds: float) -> str:
    """The progress line for ``done`` of ``total`` games after ``seconds``::

        >>> bar(50, 100, 4.0)
        '[##########----------]  50/100 games  12.5 games/s  about 4 s left'
    """
    filled = WIDTH * done // total if total else WIDTH
    rate = done / seconds if seconds > 0 else 0.0
    width = len(str(total))
    text = f"[{'#' * filled}{'-' * (WIDTH - filled)}] {done:>{width}}/{total} games"
    if rate > 0:
        text += f"  {rate:.1f} games/s"
        if done < total:
            text += f"  about {(total - done) / rate:.0f} s left"
    return text


class ProgressBar:
    """Call it with the number of games done; :meth:`finish` ends the line."""

    def __init__(self, total: int, stream: TextIO | None = None) -> None:
        self.total = total
        self.stream = stream if stream is not None else sys.stderr
        self.live = bool(getattr(self.stream, "isatty", lambda: False)())
        self.start = time.perf_counter()
        self._shown = 0.0
        self._tenth = 0
        self._width = 0

    def __call__(self, done: int) -> None:
        now = time.perf_counter()
        if self.live:
            if now - self._shown >= 0.1 or done == self.total:
                self._shown = now
                text = bar(done, self.total, now - self.start)
                self.stream.write("\r" + text.ljust(self._width))  # covers a longer line
                self._width = len(text)
                self.stream.flush()
            return
        tenth = 10 * done // self.total if self.total else 10
        if tenth > self._tenth:
            self._tenth = tenth
            self.stream.write(bar(done, self.total, now - self.start) + "\n")
            self.stream.flush()

    def finish(self) -> None:
        """End the bar's line (on a terminal)."""
        if self.live:
            self.stream.write("\n")
            self.stream.flush()
