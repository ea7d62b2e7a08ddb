"""Which process owns each table, till when, and how often the table changed.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-01

Many server processes may share one database (cluster.py). Each table
being played is owned by one of them, ``owner``, until ``lease_until``;
the owner renews its leases every second, and once a lease has run out
any other process may take the table. ``version`` counts the stored
changes of a table (every move, seat change, start, end), so a process
that mirrors a table sees at once whether it missed one.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("owner", sa.String(64), nullable=True))
        batch.add_column(sa.Column("lease_until", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("version", sa.Integer(), nullable=False,
                                   server_default="0"))
        batch.create_index("ix_tables_owner", ["owner"])


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_index("ix_tables_owner")
        batch.drop_column("version")
        batch.drop_column("lease_until")
        batch.drop_column("owner")
