"""The accounts' storage, as the HTTP side and the WebSocket ask it: each
call a blocking storage call (store.py) run in a database thread, so the
event loop goes on meanwhile. The application makes one
(``app.state.accounts``) from the store and the hall's database threads;
account_api.py, http_input.py and live.py ask it, never the hall.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from carcassonne.server.presence import mark_seen, stale
from carcassonne.server.tokens import token_hash

if TYPE_CHECKING:
    from carcassonne.server.store import Store


class AccountStore:
    """Accounts, sessions and ratings, read and written off the event loop."""

    def __init__(self, store: Store, db: Callable[..., Awaitable[Any]]) -> None:
        self._store = store
        #: Runs a blocking storage call in a database thread.
        self._db = db

    async def add_account(self, row: dict[str, Any]) -> bool:
        """Store a new account; False if its name is taken."""
        added: bool = await self._db(self._store.add_account, row)
        return added

    async def account(self, key: str) -> dict[str, Any] | None:
        """The account whose name's key is ``key`` (accounts.name_key), or None."""
        found: dict[str, Any] | None = await self._db(self._store.account, key)
        return found

    async def add_session(self, cookie: str, account_id: str, created: datetime,
                          expires: datetime) -> None:
        """Store a session of ``account_id`` (only the cookie's hash)."""
        await self._db(self._store.add_session, token_hash(cookie), account_id, created,
                       expires)

    async def session_account(self, cookie: str | None) -> dict[str, Any] | None:
        """The account whose unexpired session the cookie ``cookie`` holds, or None."""
        if not cookie or len(cookie) > 100:
            return None
        found: dict[str, Any] | None = await self._db(
            self._store.session_account, token_hash(cookie), datetime.now(UTC))
        return found

    async def seen(self, account: dict[str, Any], now: datetime) -> None:
        """Note that ``account`` (a row as :meth:`session_account` gives it)
        asked something at ``now``: who is online (presence.py). Written at
        most once a minute per account."""
        if stale(account.get("last_seen"), now):
            await self._db(mark_seen, self._store.engine, account["id"], now)

    async def delete_session(self, cookie: str) -> None:
        """End the session the cookie ``cookie`` holds."""
        await self._db(self._store.delete_session, token_hash(cookie))

    async def ratings(self, family: str | None = None,
                      player: str | None = None) -> list[dict[str, Any]]:
        """The ratings of a family or of a player, best first."""
        rows: list[dict[str, Any]] = await self._db(self._store.ratings, family, player)
        return rows

    async def rating_history(self, player: str) -> list[dict[str, Any]]:
        """Every rating ``player`` had after a game, oldest first."""
        rows: list[dict[str, Any]] = await self._db(self._store.rating_history, player)
        return rows

    async def account_names(self) -> dict[str, str]:
        """Every account's name by id."""
        names: dict[str, str] = await self._db(self._store.account_names)
        return names
