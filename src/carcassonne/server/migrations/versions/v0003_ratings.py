"""Rated tables and the ratings they give.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01

``tables.rated`` says whether a table counts toward ratings (every table
stored before is casual). ``ratings`` holds each player's rating per family
(a player is ``account:ID`` or ``bot:NAME``); ``rating_events`` every
change, in order, with the table that caused it: the rating history, and
what a recomputation must give again.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("rated", sa.Boolean(), nullable=False,
                                   server_default=sa.false()))
    op.create_table(
        "ratings",
        sa.Column("player", sa.String(48), primary_key=True),
        sa.Column("family", sa.String(48), primary_key=True),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
    )
    op.create_table(
        "rating_events",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32),
                  sa.ForeignKey("tables.id", ondelete="CASCADE"), nullable=False),
        sa.Column("player", sa.String(48), nullable=False),
        sa.Column("family", sa.String(48), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_rating_events_player", "rating_events", ["player", "family"])


def downgrade() -> None:
    op.drop_index("ix_rating_events_player", "rating_events")
    op.drop_table("rating_events")
    op.drop_table("ratings")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("rated")
