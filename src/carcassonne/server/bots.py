"""Bot seats: they play by themselves, off the event loop, like people do.

When a table's decision falls to a bot seat, :meth:`BotPlayers.wake` starts
one task for that table. The task waits ``bot_delay`` seconds (so people can
follow), lets the bot choose in a worker thread on a copy of the game, and
plays the move through :meth:`Hall.play <carcassonne.server.hall.Hall.play>`:
checked by the engine, stored, then broadcast, exactly like a person's move.
It goes on while bot seats are to move.

The bots come from :data:`carcassonne.bots.BOTS`, read when needed: a seat
whose player leaves during a game goes to the ``greedy`` bot, or to
``random`` where no ``greedy`` bot exists.
"""

from __future__ import annotations

import asyncio
import logging
import random
from typing import TYPE_CHECKING

from carcassonne.engine import Game, Move
from carcassonne.server.errors import Refusal

if TYPE_CHECKING:
    from carcassonne.bots import Bot
    from carcassonne.server.hall import Hall
    from carcassonne.server.tables import Table

log = logging.getLogger(__name__)


def bot_names() -> list[str]:
    """The bots a seat may have, by name."""
    from carcassonne.bots import BOTS

    return sorted(BOTS)


def stand_in() -> str:
    """The bot that takes over a seat: ``greedy``, or ``random`` without it."""
    return "greedy" if "greedy" in bot_names() else "random"


def choose(bot: Bot, game: Game) -> Move:
    """The bot's move, chosen on a copy (the table's game is never touched)."""
    return bot.choose(game.copy())


class BotPlayers:
    """The bot tasks of every table of one hall."""

    def __init__(self, hall: Hall, delay: float) -> None:
        self.hall = hall
        self.delay = delay
        self._tasks: dict[str, asyncio.Task[None]] = {}
        self._bots: dict[tuple[str, int, str], Bot] = {}

    def _to_move(self, table: Table) -> int | None:
        """The bot seat whose decision it is at ``table``, if any."""
        game = table.game
        if table.status != "playing" or game is None or game.current_player is None:
            return None
        seat = game.current_player
        return seat if table.seats[seat].kind == "bot" else None

    def wake(self, table: Table) -> None:
        """Start ``table``'s bot task if a bot is to move and none runs."""
        if self._to_move(table) is None:
            return
        task = self._tasks.get(table.id)
        if task is None or task.done():
            self._tasks[table.id] = asyncio.get_running_loop().create_task(
                self._play(table), name=f"bots of table {table.id}")

    def _bot(self, table: Table, seat: int, name: str) -> Bot:
        from carcassonne.bots import make_bot

        if name not in bot_names():  # a bot this version no longer has
            name = stand_in()
        key = (table.id, seat, name)
        if key not in self._bots:
            self._bots[key] = make_bot(name, seed=f"{table.id}:{seat}")
        return self._bots[key]

    async def _play(self, table: Table) -> None:
        try:
            while (seat := self._to_move(table)) is not None:
                await asyncio.sleep(self.delay)
                game = table.game
                if game is None or self._to_move(table) != seat:
                    continue
                name = table.seats[seat].bot or stand_in()
                move = await asyncio.to_thread(choose, self._bot(table, seat, name), game)
                await self._submit(table, seat, move, game)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("the bots of table %s stopped", table.id)
        finally:
            if table.status == "finished":
                for key in [k for k in self._bots if k[0] == table.id]:
                    del self._bots[key]

    async def _submit(self, table: Table, seat: int, move: Move, game: Game) -> None:
        expect = len(game.moves)
        try:
            await self.hall.play(table.id, seat, move.to_dict(), expect=expect)
        except Refusal as refusal:
            if table.game is not game:
                return  # the position changed meanwhile: think again
            log.error("bot %s at table %s played %s: %s; playing a random move",
                      table.seats[seat].bot, table.id, move, refusal.message)
            fallback = game.legal_moves().random(random.Random(f"{table.id}:{expect}"))
            await self.hall.play(table.id, seat, fallback.to_dict(), expect=expect)

    async def stop(self) -> None:
        """Cancel every bot task (the server is shutting down)."""
        tasks = [t for t in self._tasks.values() if not t.done()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._tasks.clear()
