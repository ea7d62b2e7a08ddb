"""The game server: an HTTP lobby, live tables over WebSocket, and storage.

``carcassonne serve`` runs :func:`create_app` under uvicorn. One process holds
every live table in memory; every table and every accepted move is committed
to the database (SQLite by default, PostgreSQL when configured) before anyone
is told, so a restarted server rebuilds each table by replaying its moves.
The protocol is described in ``docs/server.md``.

The parts, each in its own module (``docs/server.md``, "Inside the server"):

- :mod:`~carcassonne.server.config`: settings and the database URL;
- :mod:`~carcassonne.server.models`, :mod:`~carcassonne.server.store`: the
  database tables, migrations (``migrations/``) and the storage calls;
- :mod:`~carcassonne.server.tables`: a table and its seats in memory;
- :mod:`~carcassonne.server.hall`: every table, and the one method that
  orders each change (check, store, apply, tell); the changes themselves in
  :mod:`~carcassonne.server.seats`, :mod:`~carcassonne.server.moves`,
  :mod:`~carcassonne.server.resign`, :mod:`~carcassonne.server.rematch` and
  :mod:`~carcassonne.server.deadlines`; what the other parts may ask of the
  hall in :mod:`~carcassonne.server.host`;
- :mod:`~carcassonne.server.lobby`, :mod:`~carcassonne.server.account_api`,
  :mod:`~carcassonne.server.event_api`: the HTTP API, reading requests with
  :mod:`~carcassonne.server.http_input` and bodies with
  :mod:`~carcassonne.server.bodies`;
- :mod:`~carcassonne.server.live`: the WebSocket of a table, sending the
  messages of :mod:`~carcassonne.server.messages`;
- :mod:`~carcassonne.server.bots`: bot seats playing by themselves;
- :mod:`~carcassonne.server.cluster` (with :mod:`~carcassonne.server.routing`
  and :mod:`~carcassonne.server.mirrors`): many processes, one site;
- :mod:`~carcassonne.server.ratings`: ratings and the rated result;
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
