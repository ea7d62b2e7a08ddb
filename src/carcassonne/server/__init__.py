"""The game server: an HTTP lobby, live tables over WebSocket, and storage.

``carcassonne serve`` runs :func:`create_app` under uvicorn. One process holds
every live table in memory; every table and every accepted move is committed
to the database (SQLite by default, PostgreSQL when configured) before anyone
is told, so a restarted server rebuilds each table by replaying its moves.
The protocol is described in ``docs/server.md``.

The parts, each in its own module:

- :mod:`~carcassonne.server.config`: settings and the database URL;
- :mod:`~carcassonne.server.models`, :mod:`~carcassonne.server.store`: the
  database tables, migrations (``migrations/``) and the storage calls;
- :mod:`~carcassonne.server.tables`: a table and its seats in memory;
- :mod:`~carcassonne.server.hall`: every table and what may happen to one
  (create, join, start, leave, play), one lock per table;
- :mod:`~carcassonne.server.lobby`: the HTTP API, reading bodies with
  :mod:`~carcassonne.server.bodies`, and the
  :mod:`~carcassonne.server.catalogue` answer;
- :mod:`~carcassonne.server.live`: the WebSocket of a table, sending the
  messages of :mod:`~carcassonne.server.views`;
- :mod:`~carcassonne.server.bots`: bot seats playing by themselves;
- :mod:`~carcassonne.server.tokens`, :mod:`~carcassonne.server.limits`,
  :mod:`~carcassonne.server.errors`: seat tokens, rate bounds, refusals;
- :mod:`~carcassonne.server.app`: the application put together.
"""

from carcassonne.extras import EXTRAS, require

# A missing package of the ``server`` extra is said in one line, here,
# before any module of the server imports it.
require(*EXTRAS["server"], extra="server", purpose="the server")

from carcassonne.server.app import create_app  # noqa: E402
from carcassonne.server.config import Settings  # noqa: E402

__all__ = ["Settings", "create_app"]
