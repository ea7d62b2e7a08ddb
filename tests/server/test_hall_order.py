"""The hall's one ordering method (hall.py, Hall.order): a change stores its
steps inside it, and the table's connections are told once it ends, done or
refused after a step was stored; a store step outside it is refused."""

from __future__ import annotations

import asyncio
import concurrent.futures
from typing import Any

import pytest
from server_helpers import HUMAN

from carcassonne.server.bodies import table_setup
from carcassonne.server.config import Settings
from carcassonne.server.errors import Refusal
from carcassonne.server.hall import Hall
from carcassonne.server.seats import create
from carcassonne.server.store import Store
from carcassonne.server.tables import Listener, Table


class Told:
    """A connection as the hall sees one (tables.Listener): it counts its states."""

    def __init__(self) -> None:
        self.states: list[dict[str, Any]] = []

    def seat_at(self, table: Table) -> int | None:
        return None

    def send(self, message: Any) -> None:
        raise AssertionError("a state is sent with send_state")

    def send_state(self, state: Any, made: dict[Any, Any] | None = None,
                   whole: bool = False) -> None:
        self.states.append(state)


def run(scenario: Any) -> None:
    async def main() -> None:
        hall = Hall(Store("sqlite://"), Settings(database_url="sqlite://", bot_delay=0,
                                                 time_check=None))
        await hall.open()
        try:
            await scenario(hall)
        finally:
            await hall.close()

    # A browser test may leave this thread's loop running: use a thread of its own.
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, main()).result()


def test_a_change_is_told_once_it_ends_and_never_stored_outside_an_order() -> None:
    async def scenario(hall: Hall) -> None:
        table, _, _ = await create(hall, table_setup({"seats": [HUMAN, HUMAN]}))
        told = Told()
        listener: Listener = told
        table.connections.add(listener)
        with pytest.raises(RuntimeError, match=r"outside Hall\.order"):
            await hall.write(table, name="Renamed")
        assert table.name != "Renamed" and not told.states

        async def two_steps() -> None:  # two stored steps: one state, at the end
            await hall.write(table, name="First")
            assert not told.states
            await hall.write(table, name="Second")

        await hall.order(table, two_steps)
        assert [state["table"]["name"] for state in told.states] == ["Second"]

        async def stored_then_refused() -> None:
            await hall.write(table, name="Third")
            raise Refusal(409, "refused after a step was stored")

        with pytest.raises(Refusal):
            await hall.order(table, stored_then_refused)
        assert [state["table"]["name"] for state in told.states] == ["Second", "Third"]

        async def refused() -> None:
            raise Refusal(409, "refused before anything was stored")

        with pytest.raises(Refusal):
            await hall.order(table, refused)
        assert len(told.states) == 2 and hall.store.table(table.id)["name"] == "Third"

    run(scenario)
