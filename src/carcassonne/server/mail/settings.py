"""An account's mail: its address, its language, the notices it wants, and
what its links do (confirm the address, set a new password, stop a kind).

Each call is blocking and runs one transaction on ``engine``; the routes
run them in a database thread. An address is checked for its form only
(:func:`clean_email`); whether it works is what the verification mail
finds out. Addresses need not be unique: two accounts may share one, and
nothing tells an account that another uses its address.

    >>> from datetime import UTC, datetime
    >>> from carcassonne.server.store import Store
    >>> store = Store("sqlite://"); store.migrate()
    >>> at = datetime(2026, 12, 6, tzinfo=UTC)
    >>> store.add_account({"id": "a1", "name": "Ann", "name_key": "ann",
    ...                    "password_hash": "x", "created": at})
    True
    >>> set_email(store.engine, "a1", "ann@example.org", at)
    True
    >>> mail_settings(store.engine, "a1")["email_verified"]
    False
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

from sqlalchemy import delete, select, update
from sqlalchemy.engine import Engine

from carcassonne.engine.errors import shown
from carcassonne.server.errors import Refusal
from carcassonne.server.mail.links import unsubscribe_kind, use_token
from carcassonne.server.mail.texts import LANGUAGES
from carcassonne.server.models import AccountRow, SessionRow
from carcassonne.server.outbox import NOTICE_KINDS, notify_of, queue_mail

#: The longest address (RFC 5321's bound on a path).
EMAIL_LENGTH = 254
_LOCAL = re.compile(r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]{1,64}")
_LABEL = re.compile(r"(?!-)[A-Za-z0-9-]{1,63}(?<!-)")


def clean_email(value: object) -> str:
    """``value`` as an address to store, or a 400 refusal.

    The check is of form only: one ``@``; before it 1 to 64 of the
    characters RFC 5322 allows unquoted (letters, digits,
    ``!#$%&'*+/=?^_`{|}~.-``), not starting or ending with a dot nor with
    two dots in a row; after it a domain of at least two labels of
    letters, digits and ``-`` (a domain in another script is checked in
    its IDNA form); 254 characters at most. Spaces around are dropped.

        >>> clean_email(" ann+games@example.org ")
        'ann+games@example.org'
        >>> clean_email("アン@例え.jp")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        carcassonne.server.errors.Refusal: an e-mail address is name@domain.example ...
        >>> clean_email("ann@例え.jp")
        'ann@例え.jp'
    """
    problem = Refusal(400, f"an e-mail address is name@domain.example (letters, digits "
                           f"and . _ + - before the @), not {shown(value)}")
    if not isinstance(value, str):
        raise problem
    address = value.strip()
    local, at, domain = address.rpartition("@")
    if not at or len(address) > EMAIL_LENGTH or not _LOCAL.fullmatch(local) \
            or local.startswith(".") or local.endswith(".") or ".." in local:
        raise problem
    try:
        ascii_domain = domain.encode("idna").decode("ascii")
    except (UnicodeError, ValueError):
        raise problem from None
    labels = ascii_domain.split(".")
    if len(labels) < 2 or not all(_LABEL.fullmatch(label) for label in labels):
        raise problem
    return address


def _account(connection: Any, account_id: str) -> dict[str, Any]:
    row = connection.execute(select(AccountRow.__table__).where(
        AccountRow.id == account_id)).mappings().first()
    if row is None:
        raise Refusal(404, "there is no such account")
    return dict(row)


def view(account: dict[str, Any]) -> dict[str, Any]:
    """The settings an account's owner sees (``GET /api/me/settings``)."""
    return {"email": account["email"], "email_verified": bool(account["email_verified"]),
            "language": account["language"], "notify": notify_of(account["notify"])}


def mail_settings(engine: Engine, account_id: str) -> dict[str, Any]:
    """The mail settings of ``account_id`` (:func:`view`)."""
    with engine.connect() as connection:
        return view(_account(connection, account_id))


def set_email(engine: Engine, account_id: str, email: str | None, at: datetime) -> bool:
    """Give ``account_id`` the address ``email`` (checked by the caller), not
    verified, and queue its verification mail in the same transaction;
    None removes the address. False when nothing changed (the address was
    already the account's and verified)."""
    with engine.begin() as connection:
        account = _account(connection, account_id)
        if email is not None and email == account["email"] and account["email_verified"]:
            return False
        connection.execute(update(AccountRow).where(AccountRow.id == account_id).values(
            email=email, email_verified=False))
        if email is not None:
            queue_mail(connection, account_id, "verify", {"email": email}, at=at)
    return True


def set_preferences(engine: Engine, account_id: str, language: object,
                    notify: object) -> dict[str, Any]:
    """Change the language (of the pages and the mail) and which notices
    are wanted (either may be None: unchanged); the settings after. 400 for
    an unknown language or kind, or a choice that is not true or false."""
    values: dict[str, Any] = {}
    if language is not None:
        if language not in LANGUAGES:
            raise Refusal(400, f"the language is one of {', '.join(LANGUAGES)}, "
                               f"not {shown(language)}")
        values["language"] = language
    with engine.begin() as connection:
        account = _account(connection, account_id)
        if notify is not None:
            if not isinstance(notify, dict):
                raise Refusal(400, "notify is {kind: true or false}")
            for kind, wanted in notify.items():
                if kind not in NOTICE_KINDS or not isinstance(wanted, bool):
                    raise Refusal(400, f"notify is {{kind: true or false}} with kinds "
                                       f"{', '.join(NOTICE_KINDS)}; not {shown(kind)}: "
                                       f"{shown(wanted)}")
            values["notify"] = {**notify_of(account["notify"]), **notify}
        if values:
            connection.execute(update(AccountRow).where(AccountRow.id == account_id)
                               .values(**values))
            account.update(values)
    return view(account)


def verify_email(engine: Engine, token: str, at: datetime) -> bool:
    """Follow a verification link: the address it was sent to becomes the
    account's verified address, if it still is the account's. Single use."""
    with engine.begin() as connection:
        row = use_token(connection, token, "verify", at)
        if row is None:
            return False
        return bool(connection.execute(update(AccountRow).where(
            AccountRow.id == row["account_id"], AccountRow.email == row["email"],
        ).values(email_verified=True)).rowcount)


def reset_password(engine: Engine, token: str, password_hash: str, at: datetime) -> str | None:
    """Follow a reset link: the account gets ``password_hash`` and every
    session of it ends, in one transaction; its name, or None when the link
    is unknown, used or expired."""
    with engine.begin() as connection:
        row = use_token(connection, token, "reset", at)
        if row is None:
            return None
        account_id = row["account_id"]
        connection.execute(update(AccountRow).where(AccountRow.id == account_id)
                           .values(password_hash=password_hash))
        connection.execute(delete(SessionRow).where(SessionRow.account_id == account_id))
        return str(_account(connection, account_id)["name"])


def unsubscribe(engine: Engine, row: dict[str, Any], at: datetime) -> None:
    """Switch off the kind of the unsubscribe token ``row`` (link.find_token)."""
    kind = unsubscribe_kind(row)
    if kind is None or kind not in NOTICE_KINDS:
        return
    with engine.begin() as connection:
        account = _account(connection, row["account_id"])
        connection.execute(update(AccountRow).where(AccountRow.id == account["id"]).values(
            notify={**notify_of(account["notify"]), kind: False}))


def account_for(engine: Engine, account_id: str) -> dict[str, Any]:
    """The account row of ``account_id`` (404 if there is none)."""
    with engine.connect() as connection:
        return _account(connection, account_id)
