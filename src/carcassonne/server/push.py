"""Web Push: a notice reaches a subscribed browser with no tab of the site open.

The browser subscribes at its vendor's push service with the site's public
key (the *applicationServerKey*, ``GET /api/push/key``) and gives the site
the subscription (subscriptions.py). For each notice (an outbox row, the
same that is mailed: outbox.py) :meth:`PushSender.deliver` sends every
subscription of its account a short JSON payload ``{"title", "body",
"url"}``, encrypted for that browser (RFC 8291, ``aes128gcm``) and signed
with the site's VAPID key (RFC 8292), through pywebpush. The browser wakes
the site's service worker (``/sw.js``), which shows it as a notification.

A push service that answers 404 or 410 says the subscription is gone (the
player unsubscribed, or the browser forgot it): it is forgotten here too.
An account that switched a kind of notice off (``notify``) gets no push of
that kind either.

The key is an EC P-256 private key in PEM, made once for the site::

    openssl ecparam -name prime256v1 -genkey -noout -out vapid.pem
    carcassonne serve --vapid-key vapid.pem

This module needs the ``push`` extra (pywebpush).
"""

from __future__ import annotations

import asyncio
import base64
import json
import logging
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from carcassonne.extras import require

require("pywebpush", extra="push", purpose="Web Push (carcassonne serve --vapid-key)")

from cryptography.hazmat.primitives import serialization  # noqa: E402 (pywebpush brings it)
from cryptography.hazmat.primitives.asymmetric import ec  # noqa: E402
from py_vapid import Vapid  # noqa: E402 (pywebpush brings it)
from pywebpush import WebPushException, webpush_async  # noqa: E402
from sqlalchemy.engine import Engine  # noqa: E402

from carcassonne.server import texts  # noqa: E402
from carcassonne.server.outbox import notify_of  # noqa: E402
from carcassonne.server.subscriptions import reach, unsubscribe  # noqa: E402

log = logging.getLogger(__name__)

#: How long a push service keeps a notice for a browser that is offline (s).
TIME_TO_LIVE = 24 * 3600
#: The push services' answers that say a subscription is gone.
GONE = (404, 410)

class _Blank(dict[str, Any]):
    """Values to fill a text with; a value missing is left empty."""

    def __missing__(self, key: str) -> str:
        return ""


def payload(kind: str, params: dict[str, Any], language: str = "en") -> dict[str, str]:
    """The ``{"title", "body", "url"}`` of a notice of ``kind`` in ``language``.

        >>> payload("your_turn", {"table": "t1", "name": "Sunday game"})
        {'title': 'Your turn', 'body': 'It is your turn at Sunday game.', 'url': '/table/t1'}
        >>> payload("match", {"event": "e1", "name": "Cup", "round": 2}, "ja")["url"]
        '/competition/e1'
    """
    known = kind in texts.table("en")["push"]
    title = texts.text(language, "push", kind, "title") if known else kind
    body = texts.text(language, "push", kind, "body") if known else ""
    values = _Blank({k: str(v) for k, v in params.items() if v is not None})
    if "table" in params:
        url = f"/table/{params['table']}"
    elif "event" in params:
        url = f"/competition/{params['event']}"
    else:
        url = "/"
    return {"title": title, "body": body.format_map(values), "url": url}


def load_key(path: Path) -> Vapid:
    """The VAPID key in the PEM file ``path`` (an EC P-256 private key);
    ValueError, saying how to make one, if it is not one."""
    how = "make one with: openssl ecparam -name prime256v1 -genkey -noout -out vapid.pem"
    try:
        key = serialization.load_pem_private_key(path.read_bytes(), password=None)
    except (OSError, ValueError, TypeError) as err:
        raise ValueError(f"cannot read the VAPID key {path}: {err}; {how}") from None
    if not isinstance(key, ec.EllipticCurvePrivateKey) or key.curve.name != "secp256r1":
        raise ValueError(f"the VAPID key {path} is not an EC P-256 private key; {how}")
    return Vapid(private_key=key)


def application_server_key(vapid: Vapid) -> str:
    """The public key browsers subscribe with: the uncompressed point, base64url."""
    raw = vapid.public_key.public_bytes(serialization.Encoding.X962,
                                        serialization.PublicFormat.UncompressedPoint)
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")


Runner = Callable[..., Awaitable[Any]]


class PushSender:
    """Sends each notice to its account's browsers (see the module docstring).

    ``subject`` is the contact the push services may write to about this
    site (``mailto:ADDRESS`` or its https URL); ``run`` runs a blocking
    storage call off the event loop (the hall's database threads)."""

    def __init__(self, engine: Engine, vapid: Vapid, subject: str,
                 run: Runner | None = None, timeout: float = 10.0) -> None:
        self._engine = engine
        self._vapid = vapid
        self._subject = subject
        self._run: Runner = run or asyncio.to_thread
        self._timeout = timeout
        #: The applicationServerKey (``GET /api/push/key``).
        self.public_key = application_server_key(vapid)

    async def deliver(self, row: dict[str, Any]) -> None:
        """Push the outbox row ``row`` (``id``, ``account_id``, ``kind``,
        ``params``) to each subscription of its account, unless the account
        switched that kind off or is suspended; forget the subscriptions
        the push service says are gone. A push that fails otherwise is
        logged, not raised: the mail of the same row goes on."""
        account, subscriptions = await self._run(reach, self._engine, row["account_id"])
        if (account is None or account["suspended"]
                or not notify_of(account["notify"]).get(row["kind"], True)):
            return
        text = json.dumps(payload(row["kind"], row.get("params") or {},
                                  account["language"] or "en"), ensure_ascii=False)
        for subscription in subscriptions:
            await self._push(subscription, text, row)

    async def _push(self, subscription: dict[str, Any], text: str, row: dict[str, Any]) -> None:
        try:
            await webpush_async(subscription, data=text, vapid_private_key=self._vapid,
                                vapid_claims={"sub": self._subject}, ttl=TIME_TO_LIVE,
                                timeout=self._timeout)
        except WebPushException as err:
            status = getattr(err.response, "status", None) or getattr(
                err.response, "status_code", None)
            if status in GONE:
                await self._run(unsubscribe, self._engine, subscription["endpoint"])
                return
            log.warning("push of notice %s to %s failed: %s", row.get("id"),
                        subscription["endpoint"][:60], str(err).splitlines()[0])
        except Exception as err:  # the push service unreachable: the notice goes on
            log.warning("push of notice %s to %s failed: %r", row.get("id"),
                        subscription["endpoint"][:60], err)
