"""Scheduling a match's games: proposals, agreed times, calendars.

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-06

New tables: ``schedule`` (each proposal of times and each acceptance, in
a match's thread), ``agreed_times`` (a match's agreed time, one row per
player: the calendar feed, the lobby and the reminders read it) and
``calendars`` (an account's feed key and time zone).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def _account(name: str, **kwargs: object) -> sa.Column:
    return sa.Column(name, sa.String(32), sa.ForeignKey("accounts.id", ondelete="CASCADE"),
                     **kwargs)


def upgrade() -> None:
    op.create_table(
        "schedule",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("event_id", sa.String(32), nullable=False, index=True),
        sa.Column("match", sa.String(40), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("account_id", sa.String(32), nullable=False),
        sa.Column("author", sa.String(40), nullable=False),
        sa.Column("times", sa.JSON(), nullable=False),
        sa.Column("zone", sa.String(64), nullable=True),
        sa.Column("proposal_id", sa.Integer(), nullable=True),
        sa.Column("message_id", sa.Integer(), nullable=True),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "agreed_times",
        sa.Column("event_id", sa.String(32), primary_key=True),
        sa.Column("match", sa.String(40), primary_key=True),
        _account("account_id", primary_key=True),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False, index=True),
        sa.Column("name", sa.String(100), nullable=False),
        sa.Column("opponents", sa.JSON(), nullable=False),
        sa.Column("agreed", sa.DateTime(timezone=True), nullable=False),
        sa.Column("sequence", sa.Integer(), nullable=False),
    )
    op.create_table(
        "calendars",
        _account("account_id", primary_key=True),
        sa.Column("key", sa.String(64), nullable=True, unique=True),
        sa.Column("zone", sa.String(64), nullable=True),
    )


def downgrade() -> None:
    op.drop_table("calendars")
    op.drop_table("agreed_times")
    op.drop_table("schedule")
