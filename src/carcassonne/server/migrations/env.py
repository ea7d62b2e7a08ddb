"""Alembic environment of the server's database.

The server runs the migrations itself at start (:meth:`Store.migrate
<carcassonne.server.store.Store.migrate>`) and hands over its open
connection in ``config.attributes["connection"]``. Run by hand, Alembic
connects to the ``sqlalchemy.url`` of its configuration instead.

Imported outside Alembic (by a documentation or test tool) the module does
nothing: the Alembic context only exists while a command runs.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine
from sqlalchemy.engine import Connection

from carcassonne.server.models import Base


def run(connection: Connection) -> None:
    """Run the pending migrations on ``connection``."""
    context.configure(connection=connection, target_metadata=Base.metadata,
                      render_as_batch=connection.dialect.name == "sqlite")
    with context.begin_transaction():
        context.run_migrations()


def main() -> None:
    """Migrate the database Alembic was asked to (see the module docstring)."""
    config = context.config
    if context.is_offline_mode():
        context.configure(url=config.get_main_option("sqlalchemy.url"),
                          target_metadata=Base.metadata, literal_binds=True)
        with context.begin_transaction():
            context.run_migrations()
        return
    given = config.attributes.get("connection")
    if given is not None:
        run(given)
        return
    engine = create_engine(config.get_main_option("sqlalchemy.url") or "")
    with engine.begin() as connection:
        run(connection)
    engine.dispose()


def _inside_alembic() -> bool:
    try:
        context.config  # noqa: B018 (missing outside an Alembic command)
    except (AttributeError, NameError):
        return False
    return True


if _inside_alembic():
    main()
