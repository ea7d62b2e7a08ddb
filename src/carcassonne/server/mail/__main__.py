"""The outbox's sender alone, without the game server:

    python -m carcassonne.server.mail --database postgresql://... \\
        --smtp smtp://user:pass@mail.example:587 --public-url https://games.example \\
        [--mail-from ADDRESS] [--node NAME]

It sends what the server queues, as the sender inside ``carcassonne
serve`` does, until stopped (SIGTERM or Ctrl-C); any number may run
beside the servers, each mail is sent by one. ``--node`` names it: a
sender started again under the same name takes back at once the mails it
had claimed when it stopped (two living senders must never share a name).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import signal
from typing import Any

from carcassonne.server.cluster import default_node
from carcassonne.server.config import Settings, database_url
from carcassonne.server.mail.sender import MailSender
from carcassonne.server.store import Store


async def serve(settings: Settings, node: str) -> None:
    """Send until SIGTERM or SIGINT."""
    store = Store(settings.database_url)
    await asyncio.to_thread(store.migrate)

    async def db(call: Any, *args: Any) -> Any:
        return await asyncio.to_thread(call, *args)

    sender = MailSender(store.engine, settings, db, node)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(signum, stop.set)
    await sender.start()
    try:
        await stop.wait()
    finally:
        await sender.stop()
        store.close()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m carcassonne.server.mail",
                                     description="Send the mails the server queues.")
    parser.add_argument("--database", default=None, metavar="URL")
    parser.add_argument("--smtp", default=None, metavar="URL",
                        help="smtp://user:pass@host:port (default: write mails to the log)")
    parser.add_argument("--mail-from", default="Carcassonne <carcassonne@localhost>")
    parser.add_argument("--public-url", default=None, metavar="URL")
    parser.add_argument("--node", default=None, metavar="NAME")
    parser.add_argument("--lease", type=float, default=120.0, metavar="SECONDS",
                        help="how long a claimed mail is held (default: 120)")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    settings = Settings(database_url=database_url(args.database), smtp_url=args.smtp,
                        mail_from=args.mail_from, public_url=args.public_url,
                        mail_lease=args.lease)
    asyncio.run(serve(settings, args.node or default_node()))


if __name__ == "__main__":
    main()
