"""The browsers reached by Web Push, each a subscription of one account.

A browser that lets the site notify it gives the site its push service's
``endpoint`` (a URL of the browser vendor's service, unique to that
browser) and two keys (``p256dh``, ``auth``) with which the server encrypts
what it sends there (push.py). Each call here is a blocking storage call
(run it in a database thread).

    >>> from datetime import UTC, datetime
    >>> from carcassonne.server.store import Store
    >>> store = Store("sqlite://"); store.migrate()
    >>> at = datetime(2026, 12, 6, tzinfo=UTC)
    >>> _ = store.add_account({"id": "a1", "name": "Ann", "name_key": "ann",
    ...                        "password_hash": "x", "created": at})
    >>> keys = {"p256dh": "BKey", "auth": "secret"}
    >>> subscribe(store.engine, "a1", "https://push.example/1", keys, at)
    >>> [s["endpoint"] for s in subscriptions_of(store.engine, "a1")]
    ['https://push.example/1']
    >>> unsubscribe(store.engine, "https://push.example/1", "a1")
    True
    >>> subscriptions_of(store.engine, "a1")
    []
"""

from __future__ import annotations

import base64
import binascii
from datetime import datetime
from typing import Any
from urllib.parse import urlsplit

from sqlalchemy import delete, select
from sqlalchemy.engine import Engine

from carcassonne.engine.errors import shown
from carcassonne.server.errors import Refusal
from carcassonne.server.models import AccountRow, PushSubscriptionRow

#: The most subscriptions (browsers) one account keeps; the oldest go first.
MOST = 20


def checked(body: dict[str, Any]) -> tuple[str, dict[str, str]]:
    """The endpoint and keys of a subscription's body (``PushSubscription.toJSON()``
    of the browser), or a 400 refusal. The endpoint must be an https URL:
    the server sends to it, and a push service is never reached otherwise
    (nor may a player have the server post to a host of its own network).

        >>> checked({"endpoint": "https://push.example/x", "keys": {"p256dh": "BA", "auth": "AQ"}})
        ('https://push.example/x', {'p256dh': 'BA', 'auth': 'AQ'})
        >>> checked({"endpoint": "http://10.0.0.1/", "keys": {}})
        Traceback (most recent call last):
        ...
        carcassonne.server.errors.Refusal: a push endpoint must be an https URL, not 'http://10.0.0.1/'
    """
    endpoint, keys = body.get("endpoint"), body.get("keys")
    if not isinstance(endpoint, str) or len(endpoint) > 1000:
        raise Refusal(400, "a subscription needs its endpoint (an https URL of at most "
                           "1000 characters)")
    parts = urlsplit(endpoint)
    if parts.scheme != "https" or not parts.hostname:
        raise Refusal(400, f"a push endpoint must be an https URL, not {shown(endpoint)}")
    if not isinstance(keys, dict):
        raise Refusal(400, "a subscription needs its keys: {\"p256dh\", \"auth\"}")
    out = {}
    for name in ("p256dh", "auth"):
        value = keys.get(name)
        if not isinstance(value, str) or not 0 < len(value) <= 200 or not _base64url(value):
            raise Refusal(400, f"the subscription's key {name} must be base64url text")
        out[name] = value
    return endpoint, out


def _base64url(text: str) -> bool:
    try:
        base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        return False
    return True


def subscribe(engine: Engine, account_id: str, endpoint: str, keys: dict[str, str],
              at: datetime) -> None:
    """Keep the subscription ``endpoint`` for ``account_id`` (a browser
    subscribed again, or by another account, is that account's now); an
    account keeps its :data:`MOST` newest."""
    with engine.begin() as connection:
        connection.execute(delete(PushSubscriptionRow).where(
            PushSubscriptionRow.endpoint == endpoint))
        connection.execute(PushSubscriptionRow.__table__.insert().values(
            endpoint=endpoint, account_id=account_id, keys=keys, created=at))
        old = connection.execute(select(PushSubscriptionRow.endpoint).where(
            PushSubscriptionRow.account_id == account_id).order_by(
            PushSubscriptionRow.created.desc()).offset(MOST)).scalars().all()
        if old:
            connection.execute(delete(PushSubscriptionRow).where(
                PushSubscriptionRow.endpoint.in_(old)))


def unsubscribe(engine: Engine, endpoint: str, account_id: str | None = None) -> bool:
    """Forget the subscription ``endpoint`` (of ``account_id`` only, if
    given); whether there was one."""
    condition = [PushSubscriptionRow.endpoint == endpoint]
    if account_id is not None:
        condition.append(PushSubscriptionRow.account_id == account_id)
    with engine.begin() as connection:
        return bool(connection.execute(delete(PushSubscriptionRow).where(*condition)).rowcount)


def subscriptions_of(engine: Engine, account_id: str) -> list[dict[str, Any]]:
    """The subscriptions of ``account_id``: ``{"endpoint", "keys"}`` each."""
    with engine.connect() as connection:
        rows = connection.execute(select(PushSubscriptionRow.endpoint,
                                         PushSubscriptionRow.keys).where(
            PushSubscriptionRow.account_id == account_id)).all()
    return [{"endpoint": endpoint, "keys": keys} for endpoint, keys in rows]


def reach(engine: Engine, account_id: str) -> tuple[dict[str, Any] | None, list[dict[str, Any]]]:
    """What a push to ``account_id`` needs: its ``notify`` settings and
    ``language`` (None if there is no such account), and its subscriptions."""
    with engine.connect() as connection:
        row = connection.execute(select(AccountRow.notify, AccountRow.language,
                                        AccountRow.suspended).where(
            AccountRow.id == account_id)).first()
    if row is None:
        return None, []
    account = {"notify": row[0], "language": row[1], "suspended": row[2]}
    return account, subscriptions_of(engine, account_id)
