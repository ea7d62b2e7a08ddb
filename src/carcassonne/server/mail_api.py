"""The HTTP side of mail: an account's address and settings, the links in
mails (confirm an address, stop a kind of mail), and setting a new password.

``PUT /api/me/email`` ``{"email"}`` gives the logged-in account an address
(null or ``""`` removes it), not verified, and queues the verification
mail; ``GET /api/email/verify/{token}`` (the mail's link) confirms it and
sends the browser on to ``/settings?email=verified`` (or ``=invalid``).
``GET /api/me/settings`` is ``{"email", "email_verified", "language",
"notify": {kind: bool}}``; ``PUT`` changes ``language``, ``notify`` (some
kinds or all) and ``email`` (as ``PUT /api/me/email``). ``GET
/api/unsubscribe/{token}`` is a small page with one button; ``POST`` (the
button, or a mail client's one-click request, RFC 8058) switches the kind
off. ``POST /api/password-reset`` ``{"name"}`` answers 202 at once, the
same whatever the name, and queues the mail afterwards if the account
exists; ``POST /api/password-reset/{token}`` ``{"password"}`` sets the new
password and ends every session of the account. docs/mail.md has it all.
"""

from __future__ import annotations

import asyncio
import html
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from sqlalchemy import select
from starlette.background import BackgroundTask

from carcassonne.server import texts
from carcassonne.server.accounts import check_password, hash_password, name_key
from carcassonne.server.errors import Refusal
from carcassonne.server.http_input import account_of, body_of, client_address, hall_of
from carcassonne.server.limits import Windows
from carcassonne.server.mail import settings as mail
from carcassonne.server.mail.links import find_token, unsubscribe_kind
from carcassonne.server.mail.texts import language_of, text
from carcassonne.server.models import AccountRow
from carcassonne.server.outbox import NOTICE_KINDS, queue_mail
from carcassonne.server.site_limits import SiteWindows

router = APIRouter(prefix="/api")

#: ``(count, seconds)``: reset requests per name and per client address,
#: and verification mails per account.
BOUNDS = {"reset-name": (3, 3600.0), "reset-address": (10, 3600.0),
          "verify": (5, 3600.0)}


async def _allow(request: Request, bound: str, key: str) -> None:
    """Count a request against ``bound`` for ``key``; 429 beyond it. The
    windows are counted in Redis for a site of many processes."""
    state = request.app.state
    if not hasattr(state, "mail_bounds"):
        redis = hall_of(request).settings.redis_url
        state.mail_bounds = {name: SiteWindows(redis, *limit) if redis else Windows(*limit)
                             for name, limit in BOUNDS.items()}
    if not await state.mail_bounds[bound].allow(f"{bound}:{key}"):
        raise Refusal(429, "too many requests of this kind: try again in an hour")


def _wake(request: Request) -> None:
    """Have the outbox's sender look now (a mail was queued)."""
    sender = getattr(request.app.state, "mail", None)
    if sender is not None:
        sender.wake()


async def _me(request: Request) -> dict[str, Any]:
    account = await account_of(request)
    if account is None:
        raise Refusal(401, "log in first")
    return account


async def _set_email(request: Request, account_id: str, value: object) -> None:
    email = None if value in (None, "") else mail.clean_email(value)
    if email is not None:
        await _allow(request, "verify", account_id)
    hall = hall_of(request)
    await hall.db(mail.set_email, hall.store.engine, account_id, email, hall.now())
    _wake(request)


@router.put("/me/email")
async def put_email(request: Request) -> dict[str, Any]:
    account = await _me(request)
    await _set_email(request, account["id"], (await body_of(request)).get("email"))
    hall = hall_of(request)
    settings: dict[str, Any] = await hall.db(mail.mail_settings, hall.store.engine,
                                             account["id"])
    return settings


@router.get("/me/settings")
async def get_settings(request: Request) -> dict[str, Any]:
    account = await _me(request)
    return mail.view(account)


@router.put("/me/settings")
async def put_settings(request: Request) -> dict[str, Any]:
    account = await _me(request)
    body = await body_of(request)
    hall = hall_of(request)
    if "email" in body and body["email"] != account["email"]:
        await _set_email(request, account["id"], body["email"])
    settings: dict[str, Any] = await hall.db(
        mail.set_preferences, hall.store.engine, account["id"], body.get("language"),
        body.get("notify"))
    return settings


@router.get("/email/verify/{token}")
async def verify(request: Request, token: str) -> Response:
    hall = hall_of(request)
    done = await hall.db(mail.verify_email, hall.store.engine, token, hall.now())
    return RedirectResponse(f"/settings?email={'verified' if done else 'invalid'}",
                            status_code=303)


def _page(language: str, body: str, status: int = 200) -> HTMLResponse:
    """A small page of the server's own (no script; the site's style sheets)."""
    title = html.escape(text(language, "page", "title"))
    return HTMLResponse(
        f'<!doctype html><html lang="{language}"><head><meta charset="utf-8">'
        f'<meta name="viewport" content="width=device-width, initial-scale=1">'
        f'<title>{title}</title><link rel="stylesheet" href="/static/style.css">'
        f'<link rel="stylesheet" href="/static/preferences.css"></head>'
        f'<body class="lobby-page"><main class="lobby" data-testid="unsubscribe-page">'
        f'<h1>{title}</h1>{body}</main></body></html>', status_code=status,
        headers={"Cache-Control": "no-store"})


async def _unsubscribe_row(request: Request, token: str,
                           ) -> tuple[dict[str, Any], dict[str, Any], str, str] | None:
    """The token's row, its account, the account's language and the kind's
    name, or None for a link that is not an unsubscribe link."""
    hall = hall_of(request)

    def read() -> tuple[dict[str, Any], dict[str, Any]] | None:
        with hall.store.engine.connect() as connection:
            row = find_token(connection, token)
            if unsubscribe_kind(row) not in NOTICE_KINDS or row is None:
                return None
            account = connection.execute(select(AccountRow.__table__).where(
                AccountRow.id == row["account_id"])).mappings().first()
            return None if account is None else (row, dict(account))

    found = await hall.db(read)
    if found is None:
        return None
    row, account = found
    language = language_of(account["language"])
    return row, account, language, text(language, "kinds", str(unsubscribe_kind(row)))


def _unknown(request: Request) -> HTMLResponse:
    language = texts.from_header(request.headers.get("accept-language", ""))
    return _page(language, f'<p>{html.escape(text(language, "page", "unknown"))}</p>', 404)


@router.get("/unsubscribe/{token}")
async def unsubscribe_page(request: Request, token: str) -> Response:
    found = await _unsubscribe_row(request, token)
    if found is None:
        return _unknown(request)
    _, account, language, kind = found
    ask = text(language, "page", "ask").format(kind=kind, account=account["name"])
    button = text(language, "page", "button")
    return _page(language, f'<p>{html.escape(ask)}</p><form method="post"><button '
                           f'class="btn" type="submit" data-testid="unsubscribe">'
                           f'{html.escape(button)}</button></form>')


@router.post("/unsubscribe/{token}")
async def unsubscribe(request: Request, token: str) -> Response:
    """One click: the button of the page, or a mail client's POST with
    ``List-Unsubscribe=One-Click`` (the body is not needed)."""
    if not await request.app.state.writes.allow(client_address(request)):
        raise Refusal(429, "too many requests: wait a few seconds")
    found = await _unsubscribe_row(request, token)
    if found is None:
        return _unknown(request)
    row, _, language, kind = found
    hall = hall_of(request)
    await hall.db(mail.unsubscribe, hall.store.engine, row, hall.now())
    done = html.escape(text(language, "page", "done").format(kind=kind))
    settings = html.escape(text(language, "page", "settings"))
    return _page(language, f'<p data-testid="unsubscribed">{done}</p>'
                           f'<p><a class="btn" href="/settings">{settings}</a></p>')


@router.post("/password-reset", status_code=202)
async def ask_reset(request: Request) -> JSONResponse:
    """Answer at once, the same for every name; the mail is queued after
    the answer went out, if the account exists (the sender drops it if the
    account has no verified address)."""
    name = (await body_of(request)).get("name")
    if not isinstance(name, str) or not 0 < len(name.strip()) <= 40:
        raise Refusal(400, "ask with {\"name\": your account's name}")
    key = name_key(name.strip())
    await _allow(request, "reset-address", client_address(request))
    await _allow(request, "reset-name", key)
    hall = hall_of(request)

    def queue() -> None:
        with hall.store.engine.begin() as connection:
            found = connection.execute(select(AccountRow.id).where(
                AccountRow.name_key == key)).scalar()
            if found is not None:
                queue_mail(connection, found, "reset", {}, at=hall.now())

    async def later() -> None:
        await hall.db(queue)
        _wake(request)

    return JSONResponse({"ok": True, "message": "if this account has a verified e-mail "
                                                "address, a link is on its way"},
                        status_code=202, background=BackgroundTask(later))


@router.post("/password-reset/{token}")
async def reset(request: Request, token: str) -> dict[str, Any]:
    password = check_password((await body_of(request)).get("password"))
    digest = await asyncio.to_thread(hash_password, password)
    hall = hall_of(request)
    name = await hall.db(mail.reset_password, hall.store.engine, token, digest, hall.now())
    if name is None:
        raise Refusal(410, "this link to set a new password was used already or has "
                           "expired: ask for a new one")
    return {"name": name}
