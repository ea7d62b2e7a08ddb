"""Players who reach each other: talk, mail, friends, safety.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-06

``accounts`` gains an optional e-mail address (verified or not), the
language its mail is written in, the kinds of notice it wants
(``notify``), a role (``player`` or ``admin``), whether it is suspended,
and when it was last seen. ``tables`` gains ``chat``: ``all`` (players
and spectators write) or ``players`` (spectators only read).

New tables: ``talk`` (every message: a table's chat, a competition's
board, a match's thread; ``channel`` says which), ``outbox`` (every mail
to send, queued in the transaction of the change that causes it),
``account_tokens`` (single-use links: e-mail verification, password
reset, unsubscribe), ``push_subscriptions`` (browsers reached by Web
Push), ``friends``, ``blocks``, ``reports`` and ``invitations``.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def _account(name: str, **kwargs: object) -> sa.Column:
    return sa.Column(name, sa.String(32), sa.ForeignKey("accounts.id", ondelete="CASCADE"),
                     **kwargs)


def upgrade() -> None:
    with op.batch_alter_table("accounts") as batch:
        batch.add_column(sa.Column("email", sa.String(254), nullable=True))
        batch.add_column(sa.Column("email_verified", sa.Boolean(), nullable=False,
                                   server_default=sa.false()))
        batch.add_column(sa.Column("language", sa.String(8), nullable=False,
                                   server_default="en"))
        batch.add_column(sa.Column("notify", sa.JSON(), nullable=True))
        batch.add_column(sa.Column("role", sa.String(16), nullable=False,
                                   server_default="player"))
        batch.add_column(sa.Column("suspended", sa.Boolean(), nullable=False,
                                   server_default=sa.false()))
        batch.add_column(sa.Column("last_seen", sa.DateTime(timezone=True), nullable=True))
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("chat", sa.String(16), nullable=False,
                                   server_default="all"))
    op.create_table(
        "talk",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("channel", sa.String(120), nullable=False),
        sa.Column("author_id", sa.String(32), nullable=True),
        sa.Column("author", sa.String(40), nullable=False),
        sa.Column("text", sa.String(2000), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("hidden", sa.Boolean(), nullable=False, server_default=sa.false()),
    )
    op.create_index("ix_talk_channel", "talk", ["channel", "id"])
    op.create_table(
        "outbox",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("key", sa.String(200), nullable=True, unique=True),
        _account("account_id", nullable=False),
        sa.Column("kind", sa.String(32), nullable=False),
        sa.Column("params", sa.JSON(), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("next_try", sa.DateTime(timezone=True), nullable=False),
        sa.Column("claimed_by", sa.String(64), nullable=True),
        sa.Column("claimed_until", sa.DateTime(timezone=True), nullable=True),
        sa.Column("done", sa.DateTime(timezone=True), nullable=True),
        sa.Column("outcome", sa.String(200), nullable=True),
    )
    op.create_index("ix_outbox_waiting", "outbox", ["done", "next_try"])
    op.create_table(
        "account_tokens",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        _account("account_id", nullable=False, index=True),
        sa.Column("purpose", sa.String(32), nullable=False),
        sa.Column("email", sa.String(254), nullable=True),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires", sa.DateTime(timezone=True), nullable=True),
        sa.Column("used", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_table(
        "push_subscriptions",
        sa.Column("endpoint", sa.String(1000), primary_key=True),
        _account("account_id", nullable=False, index=True),
        sa.Column("keys", sa.JSON(), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "friends",
        _account("account_id", primary_key=True),
        _account("friend_id", primary_key=True),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "blocks",
        _account("account_id", primary_key=True),
        _account("blocked_id", primary_key=True),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "reports",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        _account("reporter_id", nullable=False),
        sa.Column("message_id", sa.Integer(), sa.ForeignKey("talk.id", ondelete="CASCADE"),
                  nullable=True),
        sa.Column("account_id", sa.String(32), nullable=True),
        sa.Column("reason", sa.String(500), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("resolved", sa.DateTime(timezone=True), nullable=True),
        sa.Column("resolved_by", sa.String(32), nullable=True),
    )
    op.create_table(
        "invitations",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"),
                  nullable=False),
        _account("from_id", nullable=False),
        _account("to_id", nullable=False, index=True),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("seen", sa.DateTime(timezone=True), nullable=True),
    )


def downgrade() -> None:
    for table in ("invitations", "reports", "blocks", "friends", "push_subscriptions",
                  "account_tokens", "outbox", "talk"):
        op.drop_table(table)
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("chat")
    with op.batch_alter_table("accounts") as batch:
        for column in ("last_seen", "suspended", "role", "notify", "language",
                       "email_verified", "email"):
            batch.drop_column(column)
