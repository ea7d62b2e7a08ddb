"""Computer reviews of games.

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-07

New table: ``analyses``, one row per game reviewed or waiting to be (a
table's id, or a hash of an uploaded record): the record, the state of the
work, who holds it and until when, and the review once done.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "analyses",
        sa.Column("key", sa.String(40), primary_key=True),
        sa.Column("status", sa.String(16), nullable=False, index=True),
        sa.Column("record", sa.JSON(), nullable=False),
        sa.Column("requested", sa.DateTime(timezone=True), nullable=False, index=True),
        sa.Column("updated", sa.DateTime(timezone=True), nullable=False),
        sa.Column("claimed_by", sa.String(64), nullable=True),
        sa.Column("claimed_until", sa.DateTime(timezone=True), nullable=True),
        sa.Column("done", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("total", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("review", sa.JSON(), nullable=True),
        sa.Column("error", sa.String(300), nullable=True),
    )


def downgrade() -> None:
    op.drop_table("analyses")
