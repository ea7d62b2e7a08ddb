"""The HTTP side of accounts: sign up, log in, log out, who am I, profiles.

``POST /api/accounts`` ``{"name", "password", "seats"?, "email"?}`` signs up
and logs in (an ``email`` is given its verification mail, docs/mail.md);
``seats`` (``[{"table", "token"}]``, the seat tokens this browser holds
as a guest) become the new account's, so a guest who signs up keeps their
games. ``POST /api/session`` ``{"name", "password"}`` logs in,
``DELETE /api/session`` logs out, ``GET /api/session`` says who is logged in
(``{"name": null}`` for a visitor). ``GET /api/me`` is the logged-in player
and every table where they hold a seat (``your_turn`` first);
``GET /api/players/{name}`` is a player's public profile, with ratings, and
``GET /api/leaderboard?family=base`` the rated players of a family.

A session is the HttpOnly, SameSite=Lax cookie :data:`~carcassonne.server.
accounts.COOKIE` (Secure when the server is told it is behind HTTPS); the
database keeps only its hash. Wrong names and wrong passwords get the same
answer, and failed logins are slowed, then refused for a while
(:class:`~carcassonne.server.accounts.LoginGuard`; with many processes
counted in Redis for the whole site,
:class:`~carcassonne.server.site_limits.SiteLoginGuard`).
"""

from __future__ import annotations

import asyncio
import secrets
from datetime import UTC, datetime
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from carcassonne.engine.errors import shown
from carcassonne.server.accounts import (
    COOKIE,
    LoginGuard,
    check_password,
    clean_account_name,
    hash_password,
    login_keys,
    name_key,
    session_lifetime,
    unknown_account_hash,
    verify_password,
)
from carcassonne.server.bodies import mapping
from carcassonne.server.errors import Refusal
from carcassonne.server.event_actions import act
from carcassonne.server.http_input import account_of, accounts_of, body_of, hall_of
from carcassonne.server.level_ratings import waiting
from carcassonne.server.listings import games_of
from carcassonne.server.mail.settings import clean_email, set_email
from carcassonne.server.ratings import families, shown_rating
from carcassonne.server.seats import claim
from carcassonne.server.site_limits import SiteLoginGuard
from carcassonne.server.tables import bot_label
from carcassonne.server.tokens import new_token

router = APIRouter(prefix="/api")


def now() -> datetime:
    return datetime.now(UTC)


async def require_account(request: Request) -> dict[str, Any]:
    account = await account_of(request)
    if account is None:
        raise Refusal(401, "log in first")
    return account


async def _log_in(request: Request, account: dict[str, Any], status: int = 200,
                  ) -> JSONResponse:
    """Start a session for ``account``: a row holding the cookie's hash, and
    the cookie."""
    hall = hall_of(request)
    token = new_token()
    created = now()
    await accounts_of(request).add_session(token, account["id"], created,
                                           created + session_lifetime())
    answer = JSONResponse({"name": account["name"]}, status_code=status)
    answer.set_cookie(COOKIE, token, max_age=int(session_lifetime().total_seconds()),
                      httponly=True, samesite="lax", secure=hall.settings.https, path="/")
    return answer


def _seat_claims(value: Any) -> list[tuple[str, str]]:
    if value is None:
        return []
    if not isinstance(value, list) or len(value) > 200:
        raise Refusal(400, "seats must be a list of {table, token} (at most 200)")
    out = []
    for entry in value:
        entry = mapping(entry, "a seat")
        table, token = entry.get("table"), entry.get("token")
        if not isinstance(table, str) or not isinstance(token, str):
            raise Refusal(400, "a seat is {\"table\": id, \"token\": token}")
        out.append((table, token))
    return out


@router.post("/accounts", status_code=201)
async def sign_up(request: Request) -> JSONResponse:
    body = await body_of(request)
    name = clean_account_name(body.get("name"))
    password = check_password(body.get("password"))
    claims = _seat_claims(body.get("seats"))
    email = None if body.get("email") in (None, "") else clean_email(body.get("email"))
    hall = hall_of(request)
    row = {"id": secrets.token_urlsafe(9), "name": name, "name_key": name_key(name),
           "password_hash": await asyncio.to_thread(hash_password, password),
           "created": now()}
    if not await accounts_of(request).add_account(row):
        raise Refusal(409, f"the name {name} is taken")
    if claims:
        await claim(hall, row["id"], name, claims)
    if email is not None:  # the verification mail (docs/mail.md)
        await hall.db(set_email, hall.store.engine, row["id"], email, hall.now())
        request.app.state.mail.wake()
    return await _log_in(request, row, status=201)


@router.post("/session")
async def log_in(request: Request) -> JSONResponse:
    body = await body_of(request)
    name, password = body.get("name"), body.get("password")
    if not isinstance(name, str) or not isinstance(password, str) or len(password) > 200:
        raise Refusal(400, "log in with {\"name\": ..., \"password\": ...}")
    hall = hall_of(request)
    address = request.client.host if request.client else "unknown"
    keys = login_keys(name, address)  # never the name alone: see login_keys
    guard: LoginGuard | SiteLoginGuard = request.app.state.login_guard
    pause = await guard.check(keys)
    if pause:
        await asyncio.sleep(pause * hall.settings.login_pause)
    account = await accounts_of(request).account(name_key(name.strip()))
    digest = (account["password_hash"] if account
              else await asyncio.to_thread(unknown_account_hash))
    if not await asyncio.to_thread(verify_password, digest, password) or account is None:
        await guard.record(keys, ok=False)
        raise Refusal(401, "wrong name or password")
    await guard.record(keys, ok=True)
    if account["suspended"]:  # told only to whoever knows the password
        raise Refusal(403, "this account is suspended: it cannot log in")
    return await _log_in(request, account)


@router.get("/session")
async def who(request: Request) -> dict[str, Any]:
    """Who this browser is logged in as: ``{"name", "language"}`` (the
    account's chosen language, or null), nulls for a visitor. Never 401, so
    every page may ask (a browser logs a 401 as an error)."""
    account = await account_of(request)
    if account is None:
        return {"name": None, "language": None}
    return {"name": account["name"], "language": account.get("language")}


@router.delete("/session")
async def log_out(request: Request) -> JSONResponse:
    token = request.cookies.get(COOKIE)
    if token:
        await accounts_of(request).delete_session(token)
    answer = JSONResponse({"ok": True})
    answer.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax",
                         secure=hall_of(request).settings.https)
    return answer


@router.get("/me")
async def me(request: Request) -> dict[str, Any]:
    account = await require_account(request)
    hall = hall_of(request)
    return {"name": account["name"], "admin": account.get("role") == "admin",
            "games": games_of(hall, account["id"]),
            "matches": await act(hall, "matches", account["id"])}


@router.post("/me/seats")
async def claim_seats(request: Request) -> dict[str, Any]:
    """Make the guest seats this browser holds tokens for the account's."""
    account = await require_account(request)
    claims = _seat_claims((await body_of(request)).get("seats"))
    claimed = await claim(hall_of(request), account["id"], account["name"], claims)
    return {"claimed": claimed}


def rating_view(row: dict[str, Any]) -> dict[str, Any]:
    return {"family": row["family"], "rating": shown_rating(row["mu"], row["sigma"]),
            "games": row["games"]}


@router.get("/leaderboard")
async def leaderboard(request: Request, family: str = "base") -> dict[str, Any]:
    """Every rated player of a family, best first: accounts by name, bot
    levels as ``Easy bot`` (with ``bot``), so a newcomer sees where they stand.
    A level that has not played a rated game yet is listed at its
    calibrated rating (``calibrated``, :mod:`.level_ratings`)."""
    if family not in families():
        raise Refusal(400, f"unknown family {shown(family)} (one of {', '.join(families())})")
    accounts = accounts_of(request)
    rows = await accounts.ratings(family)
    names = await accounts.account_names()
    out = []
    for row in rows:
        kind, _, key = row["player"].partition(":")
        name = names.get(key, "?") if kind == "account" else bot_label(key)
        out.append({"name": name, "bot": key if kind == "bot" else None, "calibrated": False,
                    **rating_view(row)})
    # Levels that have not played a rated game yet, at their calibrated rating.
    for key, start in waiting(family, (row["player"] for row in rows)):
        out.append({"name": bot_label(key), "bot": key, "calibrated": True,
                    **rating_view({"family": family, **vars(start)})})
    out.sort(key=lambda player: -player["rating"])
    return {"family": family, "families": families(), "players": out}


@router.get("/players/{name}")
async def profile(request: Request, name: str) -> dict[str, Any]:
    """A player's games in progress (whose turn), finished (and abandoned)
    games with their replay, wins, mean score, ratings per family and their history."""
    hall, accounts = hall_of(request), accounts_of(request)
    account = await accounts.account(name_key(name.strip()))
    if account is None:
        raise Refusal(404, "there is no such player")
    player = f"account:{account['id']}"
    ratings = [rating_view(r) for r in await accounts.ratings(None, player)]
    history = [{"family": e["family"], "table": e["table_id"], "at": e["at"].isoformat(),
                "rating": shown_rating(e["mu"], e["sigma"])}
               for e in await accounts.rating_history(player)]
    games = games_of(hall, account["id"])
    finished = [g for g in games if g["status"] == "finished"]
    scores = [g["scores"][g["your_seat"]] for g in finished]
    return {
        "name": account["name"],
        "playing": [g for g in games if g["status"] == "playing"],
        # abandoned games are history too, with no result and no replay
        "finished": [{**g, "replay": f"/table/{g['id']}" if g["status"] == "finished" else None}
                     for g in games if g["status"] in ("finished", "abandoned")],
        "played": len(finished),
        "wins": sum(1 for g in finished if g["your_seat"] in g["winners"]),
        "mean_score": round(sum(scores) / len(scores), 1) if scores else None,
        "ratings": ratings, "history": history,
    }
