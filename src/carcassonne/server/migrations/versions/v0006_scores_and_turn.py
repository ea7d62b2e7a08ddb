"""The scores and the seat to move, kept with each table.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-01

``tables.scores`` and ``tables.current`` are written with every move, so
the lobby can show a table (its scores, whose turn) without rebuilding its
game: a restarted server serves at once and rebuilds games as they are
needed. Tables stored before have them from their next move.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("scores", sa.JSON(), nullable=True))
        batch.add_column(sa.Column("current", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("current")
        batch.drop_column("scores")
