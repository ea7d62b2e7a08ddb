"""Outside bots: programs in any language that play through a pipe.

An outside bot is a program that reads one JSON message per line on its
standard input and answers on its standard output, as ``docs/bots.md``
describes (protocol ``carcassonne-bot/1``). :class:`OutsideBot` runs such a
program and offers the same ``choose(game) -> Move`` as every other bot, so
the arena and the server can seat it like a built-in one::

    with OutsideBot(["python3", "examples/outside_bot.py"], timeout=5) as bot:
        while not game.is_over:
            game.play(bot.choose(game))    # for every seat, in this sketch
        bot.close(game)                    # tells the program the result

One program runs per bot per game: it starts at the first decision (the
``hello`` message carries the seat, the players, sets and options, and a
seed), answers one ``move`` message per decision, and gets an ``end``
message with the result when the game is over, then its standard input
closes. Whatever it writes on its standard error is kept (the last lines
only) to explain a failure.

Every way a program can fail is an :class:`OutsideBotError` naming the bot
and the reason: it could not be started, it answered something that is not
a move (``malformed``), a move the rules forbid (``illegal``, with the
engine's rule id), it ended (``crash``), or it did not answer in time
(``timeout``). The program is then stopped; what happens to the game is the
host's choice (the arena and the server play a random legal move instead,
``docs/bots.md``).
"""

from __future__ import annotations

import collections
import contextlib
import json
import os
import queue
import shlex
import signal
import subprocess
import threading
import time
from collections.abc import Sequence
from typing import Any, NoReturn, TextIO

from carcassonne import json_input
from carcassonne.engine import Game, IllegalMove, Move, NotationError
from carcassonne.engine.errors import shown
from carcassonne.engine.moves import AnyMove

#: The protocol this host speaks, sent in every ``hello``.
PROTOCOL = "carcassonne-bot/1"
#: The longest answer line read, in characters.
MAX_LINE = 1 << 20
#: Seconds a program gets to answer ``hello``, at least.
START_TIMEOUT = 10.0
#: Seconds a program gets to end by itself once its input is closed.
GRACE = 2.0
#: How many lines of the program's standard error are kept.
STDERR_LINES = 20

#: The kinds of failure, as :attr:`OutsideBotError.kind`.
FAILURES = ("start", "malformed", "illegal", "crash", "timeout")


class OutsideBotError(Exception):
    """An outside bot failed: ``bot`` names it, ``kind`` is one of
    :data:`FAILURES`, ``reason`` says what happened in words."""

    def __init__(self, bot: str, kind: str, reason: str) -> None:
        super().__init__(f"outside bot {bot}: {reason}")
        self.bot = bot
        self.kind = kind
        self.reason = reason

    def __reduce__(self) -> tuple[type[OutsideBotError], tuple[str, str, str]]:
        return (OutsideBotError, (self.bot, self.kind, self.reason))  # survives pickling


def split_command(command: str | Sequence[str]) -> list[str]:
    """A command as a list of arguments; text is split like a shell does."""
    parts = shlex.split(command) if isinstance(command, str) else list(command)
    if not parts or not parts[0]:
        raise ValueError("an outside bot needs a command to run")
    return parts


def hello_message(game: Game, seat: int, seed: int | None, timeout: float) -> dict[str, Any]:
    """The first message a program gets (``docs/bots.md``)."""
    return {"type": "hello", "protocol": PROTOCOL, "seat": seat,
            "players": list(game.players), "sets": list(game.sets),
            "options": game.options.changed(), "seed": seed, "timeout": timeout}


def move_message(game: Game, seat: int) -> dict[str, Any]:
    """The message asking ``seat`` for its decision: its view and the legal moves."""
    return {"type": "move", "view": game.view(seat),
            "legal": [move.to_dict() for move in game.legal_moves()]}


def end_message(game: Game) -> dict[str, Any]:
    """The last message: the final scores and the winners."""
    return {"type": "end", "scores": list(game.scores), "winners": list(game.winners)}


def read_answer(line: str) -> AnyMove:
    """The move an answer line holds: a move in record form (a JSON object) or
    in compact notation (a JSON string). ``NotationError`` if it holds none::

        >>> str(read_answer('"BA/Rr@1,0r0"'))
        'BA/Rr@1,0r0'
        >>> read_answer('{"tile": "BA/Rr", "at": [1, 0], "rotation": 0}').at
        (1, 0)
    """
    try:
        data = json_input.loads(line)
    except ValueError:
        raise NotationError(f"the answer is not JSON: {_shorten(line)}") from None
    if isinstance(data, str):
        return Move.parse(data)
    if isinstance(data, dict):
        return Move.from_dict(data)
    raise NotationError(f"the answer must be a JSON object or string, not {_shorten(line)}")


def _shorten(text: str, limit: int = 120) -> str:
    """A line a program wrote, stripped and cut short for a message."""
    return shown(text.strip(), limit)


class OutsideBot:
    """A bot played by an outside program (see the module docstring).

    ``command`` is the program and its arguments (text is split like a
    shell does); ``timeout`` the seconds it gets for each decision;
    ``seed`` is passed on in ``hello`` for the program's own random choices;
    ``label`` names the bot in reports (default: the command). ``cwd`` and
    ``env`` are those of the program.
    """

    name = "outside"

    def __init__(self, command: str | Sequence[str], timeout: float = 10.0,
                 seed: int | None = None, label: str | None = None,
                 cwd: str | None = None, env: dict[str, str] | None = None) -> None:
        self.command = split_command(command)
        self.timeout = timeout
        self.seed = seed
        self.label = label or shlex.join(self.command)
        self.cwd = cwd
        self.env = env
        #: The name the program gave in its answer to ``hello``.
        self.bot_name: str | None = None
        self._process: subprocess.Popen[str] | None = None
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._stderr: collections.deque[str] = collections.deque(maxlen=STDERR_LINES)
        self._threads: list[threading.Thread] = []
        self._seat: int | None = None

    def __repr__(self) -> str:
        return f"OutsideBot({self.command!r}, timeout={self.timeout!r})"

    def __enter__(self) -> OutsideBot:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def running(self) -> bool:
        """Whether the program is started and has not been stopped."""
        return self._process is not None

    # -- the conversation -------------------------------------------------------

    def start(self, game: Game, seat: int) -> str:
        """Start the program for ``seat`` of ``game`` and greet it; answer the
        name it gives. Done by the first :meth:`choose` when not called."""
        self.close()
        self._seat = seat
        self._lines = queue.Queue()
        self._stderr.clear()
        try:
            process = subprocess.Popen(
                self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.PIPE, text=True, encoding="utf-8", errors="replace",
                bufsize=1, cwd=self.cwd, env=self.env,
                start_new_session=hasattr(os, "killpg"))  # a group of its own to stop
        except OSError as err:
            raise OutsideBotError(self.label, "start",
                                  f"cannot start {self.command[0]!r}: "
                                  f"{err.strerror or err}") from None
        self._process = process
        assert process.stdout is not None and process.stderr is not None
        self._threads = [
            threading.Thread(target=_read_lines, args=(process.stdout, self._lines),
                             daemon=True, name=f"{self.label} stdout"),
            threading.Thread(target=_keep_tail, args=(process.stderr, self._stderr),
                             daemon=True, name=f"{self.label} stderr")]
        for thread in self._threads:
            thread.start()
        self._send(hello_message(game, seat, self.seed, self.timeout), "start")
        line = self._receive(max(self.timeout, START_TIMEOUT), "start", "hello")
        try:
            answer = json_input.loads(line)
        except ValueError:
            answer = None
        if not isinstance(answer, dict) or not isinstance(answer.get("name", ""), str):
            self._fail("start", f"the answer to hello must be an object like "
                                f'{{"name": "..."}}, not {_shorten(line)}')
        protocol = answer.get("protocol", PROTOCOL)
        if protocol != PROTOCOL:
            self._fail("start", f"it speaks {protocol!r}, this host {PROTOCOL!r}")
        self.bot_name = answer.get("name") or None
        return self.bot_name or self.label

    def choose(self, game: Game) -> AnyMove:
        """The program's move for ``game.current_player``; ``game`` is not changed.

        Raises :class:`OutsideBotError` when the program fails (it is stopped
        then), ``IndexError`` when the game is over.
        """
        seat = game.current_player
        if seat is None:
            raise IndexError("no legal move: the game is over")
        if self._process is None or self._seat != seat:
            self.start(game, seat)
        unasked = self._unasked()
        if unasked is not None:
            self._fail("malformed", f"it wrote a line nobody asked for: {_shorten(unasked)}")
        self._send(move_message(game, seat), "crash")
        line = self._receive(self.timeout, "timeout", "move")
        try:
            move = read_answer(line)
        except NotationError as err:
            self._fail("malformed", str(err))
        if not game.is_legal(move):
            self._fail("illegal", f"{move} is illegal: {_why_illegal(game, move)}")
        return move

    def close(self, game: Game | None = None) -> None:
        """Stop the program: first the ``end`` message when ``game`` is over,
        then its input is closed and it gets :data:`GRACE` seconds to end by
        itself before it is killed. Safe to call at any time, more than once."""
        process, self._process = self._process, None
        if process is None:
            return
        with contextlib.suppress(OSError, ValueError):  # it may be gone already
            if game is not None and game.is_over and process.poll() is None:
                _write(process, end_message(game))
        self._stop(process, GRACE)

    # -- the pipes -----------------------------------------------------------------

    def _send(self, message: dict[str, Any], kind: str) -> None:
        process = self._process
        if process is None:
            self._fail(kind, "it was stopped")
        try:
            _write(process, message)
        except (OSError, ValueError):  # a closed pipe, or closed meanwhile
            self._fail(kind, self._ended())

    def _receive(self, seconds: float, kind: str, what: str) -> str:
        """The next non-blank line within ``seconds``, else a failure of ``kind``."""
        deadline = time.monotonic() + seconds
        while True:
            try:
                line = self._lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                self._fail(kind, f"no answer to {what} within {seconds:g} s")
            if line is None:
                self._fail("crash", f"{self._ended()} without answering {what}")
            if not line.endswith("\n") and len(line) >= MAX_LINE:
                self._fail("malformed", f"the answer to {what} is longer than "
                                        f"{MAX_LINE} characters")
            if line.strip():
                return line

    def _unasked(self) -> str | None:
        """A line the program wrote before being asked, if any."""
        while True:
            try:
                line = self._lines.get_nowait()
            except queue.Empty:
                return None
            if line is None:
                self._fail("crash", self._ended())
            if line.strip():
                return line

    def _ended(self) -> str:
        """How the program ended, with its last words on standard error."""
        process = self._process
        if process is None:
            return "it was stopped"
        try:
            status = process.wait(GRACE)
            text = f"it ended (exit status {status})"
        except subprocess.TimeoutExpired:
            text = "it closed its output"
        for thread in self._threads[1:]:
            thread.join(0.5)
        last = [line.rstrip() for line in self._stderr if line.strip()]
        if last:
            text += f"; its last words on standard error: {_shorten(last[-1], 200)}"
        return text

    def _fail(self, kind: str, reason: str) -> NoReturn:
        """Stop the program and raise the failure."""
        process, self._process = self._process, None
        if process is not None:
            self._stop(process, 0.0)
        raise OutsideBotError(self.label, kind, reason)

    def _stop(self, process: subprocess.Popen[str], grace: float) -> None:
        """Close the program's input, give it ``grace`` seconds to end, then
        kill it and whatever it started (its process group, where systems
        have them). Its output streams are closed once their readers are done."""
        with contextlib.suppress(OSError, ValueError):
            assert process.stdin is not None
            process.stdin.close()
        try:
            process.wait(grace)
        except subprocess.TimeoutExpired:
            if hasattr(os, "killpg"):  # the group: children would keep the pipes open
                with contextlib.suppress(OSError):
                    os.killpg(process.pid, signal.SIGKILL)
            process.kill()
            process.wait()
        for thread in self._threads:
            thread.join(1.0)
        readers = zip((process.stdout, process.stderr), self._threads, strict=False)
        for stream, thread in readers:
            if stream is not None and not thread.is_alive():
                stream.close()


def _write(process: subprocess.Popen[str], message: dict[str, Any]) -> None:
    assert process.stdin is not None
    process.stdin.write(json.dumps(message, separators=(",", ":"), ensure_ascii=False) + "\n")
    process.stdin.flush()


def _read_lines(stream: TextIO, lines: queue.Queue[str | None]) -> None:
    """Pass every line of ``stream`` on to ``lines``; ``None`` at the end."""
    try:
        while line := stream.readline(MAX_LINE):
            lines.put(line)
    except (OSError, ValueError):
        pass
    lines.put(None)


def _keep_tail(stream: TextIO, tail: collections.deque[str]) -> None:
    """Keep the last lines of ``stream``."""
    try:
        while line := stream.readline(MAX_LINE):
            tail.append(line[:1000])
    except (OSError, ValueError):
        pass


def _why_illegal(game: Game, move: AnyMove) -> str:
    """The engine's reason for refusing ``move`` (it starts with the rule id)."""
    try:
        game.copy().play(move)
    except (IllegalMove, ValueError) as err:
        return str(err)
    return "the engine refuses it"  # pragma: no cover: is_legal and play agree


def probe(command: str | Sequence[str], timeout: float = START_TIMEOUT,
          cwd: str | None = None) -> str:
    """Start ``command``, greet it as seat 0 of a 2-player base game, and stop
    it; answer the name it gives. Raises :class:`OutsideBotError` when it
    cannot be started or does not answer ``hello`` properly: hosts call this
    once before relying on a program."""
    bot = OutsideBot(command, timeout=timeout, cwd=cwd)
    try:
        return bot.start(Game.new(players=2, seed=0), 0)
    finally:
        bot.close()
