"""The aids a table shows.

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-06

``tables`` gains ``aids``: ``on`` (every aid: the tiles left, the squares
nothing fits, what a feature is worth), ``off`` (tournament play: none of
these while the game is played) or ``training`` (the aids, and the chance
that the next tile fits each open square). Every table there was keeps
its aids: ``on``.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("aids", sa.String(16), nullable=False, server_default="on"))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("aids")
