"""Competitions: leagues, tournaments and title matches run by the server.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01

``competitions`` holds one row per event: its setup (format, stages, rules
of its games), its entrants and its progress (stages, rounds, matches and
the tables of their games). Results are never stored here by hand: they
are read from the finished tables the games were played at.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "competitions",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(100), nullable=False),
        sa.Column("series", sa.String(100), nullable=True),
        sa.Column("organizer", sa.String(32), nullable=True),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("setup", sa.JSON(), nullable=False),
        sa.Column("entrants", sa.JSON(), nullable=False),
        sa.Column("progress", sa.JSON(), nullable=True),
        sa.Column("winner", sa.String(64), nullable=True),
    )
    op.create_index("ix_competitions_series", "competitions", ["series"])


def downgrade() -> None:
    op.drop_index("ix_competitions_series", "competitions")
    op.drop_table("competitions")
