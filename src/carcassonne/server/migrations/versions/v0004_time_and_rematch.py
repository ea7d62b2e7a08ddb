"""Timed tables, their clocks, and rematches.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01

``tables.timing`` is how a table is timed (null: untimed, as every table
stored before), ``tables.clock`` what time did since the start (when the
pending decision began, time left, missed deadlines) and
``tables.rematch`` a rematch offered at the end. A game being played when
the database is upgraded is untimed and gets its clock when the server
first loads it: its 7 days without a move count from then.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("timing", sa.JSON(), nullable=True))
        batch.add_column(sa.Column("clock", sa.JSON(), nullable=True))
        batch.add_column(sa.Column("rematch", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("rematch")
        batch.drop_column("clock")
        batch.drop_column("timing")
