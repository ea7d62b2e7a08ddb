"""Friends, blocks and invitations in the database: each call one
transaction, so a check and the write it guards cannot be split by another
request (of this process or another).

Every call is blocking (the routes run them in the hall's database
threads) and takes the engine. A name is looked up whatever its case; an
unknown name and a player who blocked the asker get the same refusal, so
nobody learns that they were blocked.

    >>> from datetime import UTC, datetime
    >>> from carcassonne.server.store import Store
    >>> store = Store("sqlite://"); store.migrate()
    >>> at = datetime(2026, 12, 6, tzinfo=UTC)
    >>> for key in ("ann", "bob"):
    ...     _ = store.add_account({"id": key, "name": key.title(), "name_key": key,
    ...                            "password_hash": "x", "created": at})
    >>> follow(store.engine, "ann", "BOB", at)["name"]
    'Bob'
    >>> [row["name"] for row in following(store.engine, "ann")]
    ['Bob']
    >>> block_account(store.engine, "bob", "ann", at)["name"]
    'Ann'
    >>> following(store.engine, "ann"), [b["name"] for b in blocks_of(store.engine, "bob")]
    ([], ['Ann'])
    >>> follow(store.engine, "ann", "bob", at)
    Traceback (most recent call last):
    ...
    carcassonne.server.errors.Refusal: there is no player 'bob'
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import and_, delete, func, insert, or_, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Connection, Engine

from carcassonne.engine.errors import shown
from carcassonne.server import blocks
from carcassonne.server.accounts import clean_account_name, name_key
from carcassonne.server.errors import Refusal
from carcassonne.server.models import (
    AccountRow,
    BlockRow,
    FriendRow,
    InvitationRow,
    OutboxRow,
    utc,
)
from carcassonne.server.outbox import queue_mail

#: The most players one account may follow.
MOST_FRIENDS = 500


def invitation_key(table_id: str, to_id: str) -> str:
    """The outbox key of the invitation mail to ``to_id`` for a table: one
    mail per table and invitee, however often they are invited."""
    return f"invite:{table_id}:{to_id}"


def _account(connection: Connection, name: str, asker: str) -> dict[str, Any]:
    """The account named ``name`` (any case) as ``asker`` may see it: 400 for
    what cannot be a name, 404 for no such player and for one who blocked
    ``asker`` (the same words)."""
    clean = clean_account_name(name)
    row = connection.execute(select(AccountRow.id, AccountRow.name).where(
        AccountRow.name_key == name_key(clean))).mappings().first()
    if row is None or blocks.blocked(connection, row["id"], asker):
        raise Refusal(404, f"there is no player {shown(clean)}")
    return dict(row)


def _not_self(account: dict[str, Any], asker: str, doing: str) -> None:
    if account["id"] == asker:
        raise Refusal(400, f"you cannot {doing} yourself")


def _upsert(connection: Connection) -> Any:
    return postgresql if connection.dialect.name == "postgresql" else sqlite


# -- following -----------------------------------------------------------------------------


def follow(engine: Engine, asker: str, name: str, at: datetime) -> dict[str, Any]:
    """``asker`` follows the player ``name`` (again: nothing changes). Refused
    for oneself, a player ``asker`` blocked (unblock first), and past
    :data:`MOST_FRIENDS`."""
    with engine.begin() as connection:
        target = _account(connection, name, asker)
        _not_self(target, asker, "follow")
        if blocks.blocked(connection, asker, target["id"]):
            raise Refusal(409, f"you blocked {target['name']}: unblock them first")
        count = connection.execute(select(func.count()).select_from(FriendRow).where(
            FriendRow.account_id == asker)).scalar_one()
        if count >= MOST_FRIENDS:
            raise Refusal(409, f"you follow {MOST_FRIENDS} players already: "
                               f"unfollow some first")
        connection.execute(_upsert(connection).insert(FriendRow).values(
            account_id=asker, friend_id=target["id"], created=at).on_conflict_do_nothing())
    return target


def unfollow(engine: Engine, asker: str, name: str) -> dict[str, Any]:
    """``asker`` no longer follows ``name`` (if it did)."""
    with engine.begin() as connection:
        target = _account(connection, name, asker)
        connection.execute(delete(FriendRow).where(
            FriendRow.account_id == asker, FriendRow.friend_id == target["id"]))
    return target


def following(engine: Engine, asker: str) -> list[dict[str, Any]]:
    """The players ``asker`` follows: ``{"id", "name", "last_seen",
    "follows_you"}`` by name."""
    back = select(FriendRow.account_id).where(FriendRow.friend_id == asker)
    with engine.connect() as connection:
        rows = connection.execute(
            select(AccountRow.id, AccountRow.name, AccountRow.last_seen,
                   AccountRow.id.in_(back).label("follows_you"))
            .join(FriendRow, FriendRow.friend_id == AccountRow.id)
            .where(FriendRow.account_id == asker)
            .order_by(AccountRow.name_key)).mappings().all()
    return [{**row, "follows_you": bool(row["follows_you"])} for row in rows]


def seen_of(engine: Engine, account_ids: list[str]) -> dict[str, dict[str, Any]]:
    """``{"name", "last_seen"}`` of each of the accounts ``account_ids``."""
    with engine.connect() as connection:
        rows = connection.execute(select(AccountRow.id, AccountRow.name, AccountRow.last_seen)
                                  .where(AccountRow.id.in_(account_ids))).mappings().all()
    return {row["id"]: {"name": row["name"], "last_seen": row["last_seen"]} for row in rows}


# -- blocks ----------------------------------------------------------------------------------


def block_account(engine: Engine, asker: str, name: str, at: datetime) -> dict[str, Any]:
    """``asker`` blocks ``name``: from then on no message, invitation or
    follow of theirs reaches ``asker``. Neither follows the other any more,
    and the invitations between them not yet answered are dropped, with
    their mails not yet sent."""
    with engine.begin() as connection:
        clean = clean_account_name(name)
        row = connection.execute(select(AccountRow.id, AccountRow.name).where(
            AccountRow.name_key == name_key(clean))).mappings().first()
        if row is None:  # one may block whoever blocked them: no 404 for that
            raise Refusal(404, f"there is no player {shown(clean)}")
        target = dict(row)
        _not_self(target, asker, "block")
        blocks.block(connection, asker, target["id"], at)
        connection.execute(delete(FriendRow).where(or_(
            and_(FriendRow.account_id == asker, FriendRow.friend_id == target["id"]),
            and_(FriendRow.account_id == target["id"], FriendRow.friend_id == asker))))
        between = or_(and_(InvitationRow.from_id == asker, InvitationRow.to_id == target["id"]),
                      and_(InvitationRow.from_id == target["id"], InvitationRow.to_id == asker))
        dropped = connection.execute(select(InvitationRow.table_id, InvitationRow.to_id).where(
            between, InvitationRow.seen.is_(None))).all()
        connection.execute(delete(InvitationRow).where(between, InvitationRow.seen.is_(None)))
        keys = [invitation_key(table_id, to_id) for table_id, to_id in dropped]
        if keys:  # a mail a sender has claimed is its to finish
            connection.execute(delete(OutboxRow).where(
                OutboxRow.key.in_(keys), OutboxRow.done.is_(None),
                OutboxRow.claimed_by.is_(None)))
    return target


def unblock_account(engine: Engine, asker: str, name: str) -> dict[str, Any]:
    """``asker`` no longer blocks ``name`` (if it did)."""
    with engine.begin() as connection:
        clean = clean_account_name(name)
        row = connection.execute(select(AccountRow.id, AccountRow.name).where(
            AccountRow.name_key == name_key(clean))).mappings().first()
        if row is None:
            raise Refusal(404, f"there is no player {shown(clean)}")
        blocks.unblock(connection, asker, row["id"])
    return dict(row)


def blocks_of(engine: Engine, asker: str) -> list[dict[str, Any]]:
    """The players ``asker`` blocked: ``{"name", "since"}`` by name."""
    with engine.connect() as connection:
        rows = connection.execute(
            select(AccountRow.name, BlockRow.created)
            .join(BlockRow, BlockRow.blocked_id == AccountRow.id)
            .where(BlockRow.account_id == asker).order_by(AccountRow.name_key)).all()
    return [{"name": name, "since": utc(created).isoformat()} for name, created in rows]


def blocked_either_way(engine: Engine, asker: str) -> set[str]:
    """The accounts ``asker`` blocked and those that blocked ``asker``."""
    with engine.connect() as connection:
        return set(connection.execute(
            select(BlockRow.blocked_id).where(BlockRow.account_id == asker)
            .union(select(BlockRow.account_id).where(BlockRow.blocked_id == asker))).scalars())


# -- invitations -------------------------------------------------------------------------


def invite(engine: Engine, table: dict[str, Any], inviter: tuple[str, str], name: str,
           met: set[str], at: datetime) -> tuple[dict[str, Any], bool]:
    """``inviter`` (``(id, name)``) invites the player ``name`` to ``table``
    (``{"id", "name", "accounts"}``: the accounts seated there), and the
    invitation's mail is queued in the same transaction. The invitee must be
    followed by the inviter or among ``met`` (its recent opponents), not
    blocked by the inviter, and not seated already. An open invitation of
    the same player to the same table is answered again. The invitation,
    and whether it is new."""
    asker, asker_name = inviter
    with engine.begin() as connection:
        target = _account(connection, name, asker)
        _not_self(target, asker, "invite")
        if blocks.blocked(connection, asker, target["id"]):
            raise Refusal(409, f"you blocked {target['name']}: unblock them first")
        if target["id"] in table["accounts"]:
            raise Refusal(409, f"{target['name']} holds a seat at this table already")
        follows = connection.execute(select(FriendRow.created).where(
            FriendRow.account_id == asker, FriendRow.friend_id == target["id"])).first()
        if follows is None and target["id"] not in met:
            raise Refusal(403, f"you may invite the players you follow and your recent "
                               f"opponents; {target['name']} is neither")
        found = connection.execute(select(InvitationRow.id, InvitationRow.created).where(
            InvitationRow.table_id == table["id"], InvitationRow.to_id == target["id"],
            InvitationRow.seen.is_(None))).first()
        if found is not None:
            return _invitation(found[0], table, asker_name, target["name"], found[1]), False
        number = connection.execute(insert(InvitationRow).values(
            table_id=table["id"], from_id=asker, to_id=target["id"], created=at,
        ).returning(InvitationRow.id)).scalar_one()
        queue_mail(connection, target["id"], "invitation",
                   {"table": table["id"], "name": table["name"], "from": asker_name},
                   key=invitation_key(table["id"], target["id"]), at=at)
    return _invitation(number, table, asker_name, target["name"], at), True


def _invitation(number: int, table: dict[str, Any], inviter: str, invitee: str,
                at: datetime) -> dict[str, Any]:
    return {"id": number, "table": table["id"], "name": table["name"], "from": inviter,
            "to": invitee, "created": utc(at).isoformat()}


def invitations_to(engine: Engine, account: str) -> list[dict[str, Any]]:
    """The invitations ``account`` has not dismissed, newest first:
    ``{"id", "table", "from", "created"}`` (the route adds the table's name
    and drops those whose table no longer waits)."""
    with engine.connect() as connection:
        rows = connection.execute(
            select(InvitationRow.id, InvitationRow.table_id, AccountRow.name,
                   InvitationRow.created)
            .join(AccountRow, AccountRow.id == InvitationRow.from_id)
            .where(InvitationRow.to_id == account, InvitationRow.seen.is_(None))
            .order_by(InvitationRow.id.desc()).limit(200)).all()
    return [{"id": number, "table": table_id, "from": name, "created": utc(at).isoformat()}
            for number, table_id, name, at in rows]


def dismiss(engine: Engine, account: str, number: int, at: datetime) -> None:
    """``account`` dismisses its invitation ``number``; 404 if it has none such."""
    with engine.begin() as connection:
        done = connection.execute(update(InvitationRow).where(
            InvitationRow.id == number, InvitationRow.to_id == account,
            InvitationRow.seen.is_(None)).values(seen=at))
    if not done.rowcount:
        raise Refusal(404, f"you have no open invitation {number}")
