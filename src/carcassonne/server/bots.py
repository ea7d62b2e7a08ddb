"""Bot seats: they play by themselves, off the event loop, like people do.

When a table's decision falls to a bot seat, :meth:`BotPlayers.wake` starts
one task for that table. The task waits ``bot_delay`` seconds (so people can
follow; at least ``bot_pace`` at a table of bots only), lets the bot choose
(in a worker thread on a copy of the game, or at once for a ``quick`` bot:
:func:`choose`), and plays the move as its seat through its host
(:class:`~carcassonne.server.host.BotHost`, the hall: moves.py): checked by
the engine, stored, then broadcast, exactly like a person's move, but
always in the process that owns the table. It goes on while bot seats are
to move.

The bots come from :data:`carcassonne.bots.BOTS`, read when needed, and from
the outside bots the server was started with (``carcassonne serve
--outside-bot NAME=COMMAND``, :func:`add_outside_bot`): programs that play
through a pipe (``docs/bots.md``), and from the server's own code
(``--policy-bot NAME=MODULE:NAME``, :func:`add_policy_bot`: a bot or a
trained policy, :mod:`carcassonne.bots.from_code`). A seat whose player leaves during a game
goes to the ``greedy`` bot, or to ``random`` where no ``greedy`` bot exists.

An outside bot's program is started at its seat's first decision (one
program per seat and game) and told the result when the game ends. When it
fails (no answer in time, a malformed or illegal answer, a crash), the
failure is logged with the bot's name and the reason, a random legal move is
played in its place, and the program is started again at the seat's next
decision.
"""

from __future__ import annotations

import asyncio
import logging
import random
from typing import TYPE_CHECKING

from carcassonne.bots.from_code import PREFIX
from carcassonne.bots.outside import OutsideBot, OutsideBotError
from carcassonne.engine import Game, Move
from carcassonne.server.errors import Moved, Refusal
from carcassonne.server.stopping import cancel_and_wait

if TYPE_CHECKING:
    from carcassonne.bots import Bot
    from carcassonne.server.host import BotHost
    from carcassonne.server.tables import Table

log = logging.getLogger(__name__)


#: Outside bots offered besides :data:`carcassonne.bots.BOTS`: name -> command.
OUTSIDE_BOTS: dict[str, tuple[str, ...]] = {}
#: Bots of the server's own code (``--policy-bot NAME=MODULE:NAME``): name -> spec.
POLICY_BOTS: dict[str, str] = {}
#: Seconds an outside bot has for each decision.
OUTSIDE_TIMEOUT = 10.0
#: Seconds before the bots of a table try again after a failure.
RETRY = 2.0


def _check_free(name: str) -> None:
    """``ValueError`` if some bot, built-in, outside or policy, is called ``name``."""
    from carcassonne.bots import BOTS

    if name in BOTS or name in OUTSIDE_BOTS or name in POLICY_BOTS:
        raise ValueError(f"there is already a bot called {name!r}")


def add_outside_bot(name: str, command: list[str] | tuple[str, ...]) -> None:
    """Offer the program ``command`` as the bot ``name`` in every lobby of
    this process (``ValueError`` if a bot of that name exists)."""
    _check_free(name)
    if not command:
        raise ValueError(f"the outside bot {name!r} needs a command")
    OUTSIDE_BOTS[name] = tuple(command)


def add_policy_bot(name: str, spec: str) -> None:
    """Offer the bot your code's ``MODULE:NAME`` makes (a bot or a trained
    policy, :mod:`carcassonne.bots.from_code`) as the bot ``name``
    (``ValueError`` if that name is taken or the code makes no bot)."""
    from carcassonne.bots import make_bot

    _check_free(name)
    make_bot(PREFIX + spec, seed=0)  # it must load and make a bot now, not at a table
    POLICY_BOTS[name] = spec


def remove_outside_bot(name: str) -> None:
    """Stop offering the outside or policy bot ``name`` (seats already given
    keep their name and get the stand-in bot)."""
    OUTSIDE_BOTS.pop(name, None)
    POLICY_BOTS.pop(name, None)


#: The built-in bots that are not levels, weakest first: ``random`` plays
#: any legal move, ``greedy`` the move worth most at once. They are the
#: yardsticks the levels are measured against (docs/bots.md), and a seat a
#: person left goes to ``greedy``.
TRAINING = ("random", "greedy")


def bot_kinds() -> dict[str, str]:
    """Every bot a seat may have, in the order a lobby offers them, with its kind.

    First the ``level`` bots, weakest first (the order of
    :data:`carcassonne.bots.LEVELS`, which docs/bots.md measures: each
    level wins most of its games against the one below it); then the
    ``training`` bots
    (:data:`TRAINING`, then any other built-in bot by name); then the
    ``outside`` bots the server was started with, by name::

        >>> list(bot_kinds().items())[:4]
        [('easy', 'level'), ('friendly', 'level'), ('medium', 'level'), ('hard', 'level')]
    """
    from carcassonne.bots import BOTS, LEVELS

    kinds = {name: "level" for name in LEVELS if name in BOTS}
    kinds.update((name, "training") for name in TRAINING if name in BOTS)
    kinds.update((name, "training") for name in sorted(BOTS) if name not in kinds)
    others = sorted([*OUTSIDE_BOTS, *POLICY_BOTS])
    kinds.update((name, "outside") for name in others if name not in kinds)
    return kinds


def bot_names() -> list[str]:
    """The bots a seat may have, by name, in the order of :func:`bot_kinds`:
    the levels, the training bots, then the outside ones."""
    return list(bot_kinds())


def stand_in() -> str:
    """The bot that takes over a seat: ``greedy``, or ``random`` without it."""
    return "greedy" if "greedy" in bot_names() else "random"


async def choose(bot: Bot, game: Game) -> Move:
    """The bot's move in ``game`` (a table's game, its position stored).

    A bot that says it is ``quick`` (it answers in microseconds and only
    reads the game, like ``random``) chooses on the event loop, on the
    game itself. Any other thinks in a worker thread, on a copy made here:
    the table's game is played on in place (tables.py), so no other thread
    may ever read it."""
    if getattr(bot, "quick", False):
        return bot.choose(game)
    return await asyncio.to_thread(bot.choose, game.copy())


class BotPlayers:
    """The bot tasks of every table of one host (the hall)."""

    def __init__(self, host: BotHost, delay: float, pace: float = 0.0) -> None:
        self.host = host
        self.delay = delay
        self.pace = pace
        self._tasks: dict[str, asyncio.Task[None]] = {}
        self._bots: dict[tuple[str, int, str], Bot] = {}
        self._closing: list[asyncio.Task[None]] = []
        self._stopped = False

    def pause(self, table: Table) -> float:
        """The pause before a bot's move: ``delay``, and at least ``pace`` at
        a table where no person plays."""
        if any(seat.kind == "human" for seat in table.seats):
            return self.delay
        return max(self.delay, self.pace)

    def _to_move(self, table: Table) -> int | None:
        """The bot seat whose decision it is at ``table``, if any."""
        game = table.game
        if (table.status != "playing" or game is None or game.current_player is None
                or table.paused):  # a paused game's bots wait (pause.py)
            return None
        seat = game.current_player
        return seat if table.seats[seat].kind == "bot" else None

    def wake(self, table: Table) -> None:
        """Start ``table``'s bot task if a bot is to move and none runs; let
        go of a finished or abandoned table's bots."""
        if self._stopped:
            return
        if self._to_move(table) is None:
            if table.status in ("finished", "abandoned"):
                self._release(table.id, table.game)
            return
        task = self._tasks.get(table.id)
        if task is None or task.done():
            self._tasks[table.id] = asyncio.get_running_loop().create_task(
                self._play(table), name=f"bots of table {table.id}")

    def stand_in_bot(self, table: Table, seat: int) -> Bot:
        """The stand-in that plays a missed move at ``seat`` (the seat stays
        its player's)."""
        return self._bot(table, seat, stand_in())

    def _bot(self, table: Table, seat: int, name: str) -> Bot:
        from carcassonne.bots import make_bot

        if name not in bot_names():  # a bot this version no longer has
            name = stand_in()
        key = (table.id, seat, name)
        if key not in self._bots:
            seed = f"{table.id}:{seat}"
            command = OUTSIDE_BOTS.get(name)
            if command is not None:
                bot: Bot = OutsideBot(command, timeout=OUTSIDE_TIMEOUT, label=name,
                                      seed=random.Random(seed).getrandbits(63))
            elif name in POLICY_BOTS:
                bot = make_bot(PREFIX + POLICY_BOTS[name], seed=seed)
                if hasattr(bot, "on_illegal"):  # a policy's forbidden action: the first allowed
                    bot.on_illegal = "first"
            else:
                bot = make_bot(name, seed=seed)
            self._bots[key] = bot
        return self._bots[key]

    async def _play(self, table: Table) -> None:
        try:
            while (seat := self._to_move(table)) is not None:
                await asyncio.sleep(self.pause(table))
                if not self.host.owns(table):
                    return  # another process plays this table now (cluster.py)
                game = table.game
                if game is None or self._to_move(table) != seat:
                    continue
                name = table.seats[seat].bot or stand_in()
                bot = self._bot(table, seat, name)
                expect = len(game.moves)
                try:
                    move = await choose(bot, game)
                except OutsideBotError as err:
                    move = self._instead(table, seat, game, err)
                await self._submit(table, seat, move, expect)
        except asyncio.CancelledError:
            raise
        except Exception:  # a failure of the moment (the database, say): try again
            log.exception("the bots of table %s failed; they try again in %s s",
                          table.id, RETRY)
            asyncio.get_running_loop().call_later(RETRY, self.wake, table)
        finally:
            if table.status in ("finished", "abandoned"):
                self._release(table.id, table.game)

    def _instead(self, table: Table, seat: int, game: Game, err: OutsideBotError) -> Move:
        """A random legal move in place of a failed outside bot's; its program
        is dropped, to be started again at the seat's next decision."""
        log.error("outside bot %s at table %s, seat %s, move %s failed (%s): %s; "
                  "playing a random move", err.bot, table.id, seat, len(game.moves),
                  err.kind, err.reason)
        for key in [k for k in self._bots if k[:2] == (table.id, seat)]:
            del self._bots[key]
        return game.legal_moves().random(random.Random(f"{table.id}:{len(game.moves)}"))

    def _release(self, table_id: str, game: Game | None) -> None:
        """Forget a table's bots; outside programs are told the result (when
        the game is over) and stopped, in a worker thread."""
        for key in [k for k in self._bots if k[0] == table_id]:
            bot = self._bots.pop(key)
            if isinstance(bot, OutsideBot):
                self._closing = [task for task in self._closing if not task.done()]
                self._closing.append(asyncio.get_running_loop().create_task(
                    asyncio.to_thread(bot.close, game)))

    async def _submit(self, table: Table, seat: int, move: Move, expect: int) -> None:
        """Play the bot's move, chosen after ``expect`` moves, here (a
        table's bots play where it is owned: never sent to another process)."""
        try:
            await self.host.play_as(table.id, seat, move.to_dict(), expect)
        except Moved:  # another process plays this table now: its bots go on
            return
        except Refusal as refusal:
            game = table.game
            if (table.status != "playing" or game is None or len(game.moves) != expect
                    or self._to_move(table) != seat):
                return  # the position changed meanwhile (a resignation, a pause)
            log.error("bot %s at table %s played %s: %s; playing a random move",
                      table.seats[seat].bot, table.id, move, refusal.message)
            fallback = game.legal_moves().random(random.Random(f"{table.id}:{expect}"))
            await self.host.play_as(table.id, seat, fallback.to_dict(), expect)

    async def stop(self) -> None:
        """Cancel every bot task (the server is shutting down)."""
        self._stopped = True
        await cancel_and_wait(list(self._tasks.values()))
        self._tasks.clear()
        outside = [bot for bot in self._bots.values() if isinstance(bot, OutsideBot)]
        self._bots.clear()
        await asyncio.gather(*self._closing, *(asyncio.to_thread(bot.close) for bot in outside),
                             return_exceptions=True)
        self._closing.clear()
