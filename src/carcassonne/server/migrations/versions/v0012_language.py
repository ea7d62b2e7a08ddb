"""An account's language is the whole site's, and may be unchosen.

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-07

``accounts.language`` was the language of the account's mail, English
unless changed. It is now the language of everything the account sees
(pages and mail), and null until the player chooses one: the pages then
follow the browser, and mail is in English. The old default, ``en``,
becomes null, since nobody chose it.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("accounts") as batch:
        batch.alter_column("language", existing_type=sa.String(8), nullable=True,
                           server_default=None)
    op.execute("UPDATE accounts SET language = NULL WHERE language = 'en'")


def downgrade() -> None:
    op.execute("UPDATE accounts SET language = 'en' WHERE language IS NULL")
    with op.batch_alter_table("accounts") as batch:
        batch.alter_column("language", existing_type=sa.String(8), nullable=False,
                           server_default="en")
