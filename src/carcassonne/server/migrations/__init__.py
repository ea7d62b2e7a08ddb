"""Alembic migrations of the server's database (``env.py`` and ``versions/``)."""
