"""The application: lobby, live tables and the web client, put together.

    >>> from carcassonne.server import Settings, create_app
    >>> app = create_app(Settings(database_url="sqlite://"))

Starting the application (its lifespan) migrates the database, loads every
table and lets waiting bots move; stopping it stops the bots and closes the
database. Paths: ``/api/...`` (:mod:`~carcassonne.server.lobby`),
``/ws/tables/{id}`` (:mod:`~carcassonne.server.live`), and the client:
``/`` (the lobby page), ``/table/{id}`` (a table's page), ``/static/...``.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from secure import (
    ContentSecurityPolicy,
    ReferrerPolicy,
    Secure,
    StrictTransportSecurity,
    XContentTypeOptions,
    XFrameOptions,
)
from secure.middleware import SecureASGIMiddleware
from starlette.exceptions import HTTPException

from carcassonne.server import (
    account_api,
    aids_api,
    analysis_api,
    board_api,
    chat_api,
    event_api,
    friend_api,
    invitation_api,
    live,
    lobby,
    mail_api,
    moderation_api,
    notice_api,
    records_api,
    referee_api,
    scheduling_api,
)
from carcassonne.server.account_store import AccountStore
from carcassonne.server.analyses import Analyses
from carcassonne.server.chat import Chat
from carcassonne.server.cluster import default_node
from carcassonne.server.config import Settings
from carcassonne.server.errors import Refusal
from carcassonne.server.hall import Hall
from carcassonne.server.hosts import HostCheck
from carcassonne.server.limits import Windows
from carcassonne.server.mail.sender import MailSender
from carcassonne.server.origin import foreign_origin
from carcassonne.server.site_limits import SiteWindows, login_guard
from carcassonne.server.store import Store

log = logging.getLogger(__name__)


def create_app(settings: Settings) -> FastAPI:
    """A server application for ``settings`` (nothing runs until it starts)."""
    hall = Hall(Store(settings.database_url), settings)
    #: Web Push (push.py), with the site's key only; needs the push extra.
    push = None
    if settings.vapid_key is not None:
        from carcassonne.server.push import PushSender, load_key

        push = PushSender(hall.store.engine, load_key(settings.vapid_key),
                          settings.vapid_subject, hall.db)
    #: The outbox's sender (docs/mail.md), named as the hall's process is;
    #: each notice it handles is pushed too, to the browsers that subscribed.
    mail = MailSender(hall.store.engine, settings, hall.db,
                      hall.node or settings.node or default_node(),
                      also=push.deliver if push is not None else None)

    #: Computer reviews of finished games (analyses.py), on a pool of their own.
    analyses = Analyses(hall, settings.analysis_workers,
                        hall.node or settings.node or default_node(), settings.analysis_work)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await hall.open()
        await mail.start()
        await analyses.start()
        try:
            yield
        finally:
            await analyses.stop()
            await mail.stop()
            await hall.close()

    app = FastAPI(title="Carcassonne", lifespan=lifespan, docs_url=None, redoc_url=None,
                  openapi_url=None)
    app.state.hall = hall
    app.state.mail = mail
    app.state.push = push
    app.state.analyses = analyses
    #: Accounts, sessions and ratings (account_api.py), in the hall's database threads.
    app.state.accounts = AccountStore(hall.store, hall.db)
    #: The tables' chat (chat.py): its lines per writer, heard from other processes.
    app.state.chat = Chat(hall)
    #: Failed logins per name and address: for the whole site with Redis.
    app.state.login_guard = login_guard(settings.redis_url)
    # Write requests per client address: counted in Redis for a site of many
    # processes, else in this process's memory.
    app.state.writes = (SiteWindows(settings.redis_url, *settings.http_rate)
                        if settings.redis_url else Windows(*settings.http_rate))
    app.include_router(lobby.router)
    app.include_router(aids_api.router)
    app.include_router(account_api.router)
    app.include_router(event_api.router)
    app.include_router(referee_api.router)
    app.include_router(friend_api.router)
    app.include_router(invitation_api.router)
    app.include_router(board_api.router)
    app.include_router(scheduling_api.router)
    app.include_router(moderation_api.router)
    app.include_router(live.router)
    app.include_router(notice_api.router)
    app.include_router(mail_api.router)
    app.include_router(chat_api.router)
    app.include_router(records_api.router)
    app.include_router(analysis_api.router)
    _same_origin(app)
    headers = security_headers(settings)
    _errors(app, headers)
    _client(app, settings)
    # Added last, so outermost of the middlewares: the Origin check's refusals get them too.
    app.add_middleware(SecureASGIMiddleware, secure=headers)
    # Outermost of all: a request naming another host (DNS rebinding) goes no
    # further, WebSocket upgrades included (hosts.py).
    app.add_middleware(HostCheck, hosts=settings.hosts, headers=headers)
    return app


def security_headers(settings: Settings) -> Secure:
    """The security headers of every HTTP answer (docs/server.md).

    The client loads its scripts, styles and images from this server only and
    talks to it alone (``'self'`` covers its WebSocket on the same host), with
    no inline script or style; its service worker (``/sw.js``) too; no page
    may frame it. HSTS only when the server
    is reached over HTTPS (``settings.https``).

        >>> print(security_headers(Settings(database_url="sqlite://")))
        ... # doctest: +NORMALIZE_WHITESPACE
        Content-Security-Policy: default-src 'self'; script-src 'self'; style-src 'self';
          img-src 'self' data:; connect-src 'self'; worker-src 'self'; object-src 'none';
          base-uri 'none'; frame-ancestors 'none'; form-action 'self'
        Referrer-Policy: same-origin
        X-Content-Type-Options: nosniff
        X-Frame-Options: DENY
    """
    csp = (ContentSecurityPolicy()
           .default_src("'self'")
           .script_src("'self'")
           .style_src("'self'")
           .img_src("'self'", "data:")
           .connect_src("'self'")
           .worker_src("'self'")
           .object_src("'none'")
           .base_uri("'none'")
           .frame_ancestors("'none'")
           .form_action("'self'"))
    hsts = StrictTransportSecurity().max_age(31_536_000) if settings.https else None
    return Secure(csp=csp, hsts=hsts, referrer=ReferrerPolicy().same_origin(),
                  xcto=XContentTypeOptions().nosniff(), xfo=XFrameOptions().deny())


#: Methods that change something, refused when another site sends them.
UNSAFE = frozenset({"POST", "PUT", "PATCH", "DELETE"})


def _same_origin(app: FastAPI) -> None:
    """Refuse a state-changing request that a page of another site sent.

    A browser names the page's origin (``Origin``) on every cross-site POST,
    a ``text/plain`` form included; it must be this server's own host.
    Programs (curl, bots) send no ``Origin`` and are not affected, and the
    session cookie is SameSite=Lax besides."""

    @app.middleware("http")
    async def same_origin(request: Request, call_next: Any) -> Response:
        if request.method in UNSAFE and foreign_origin(request.headers):
            return JSONResponse({"error": "a request from another site is refused",
                                 "rule": None}, status_code=403)
        answer: Response = await call_next(request)
        return answer


def _errors(app: FastAPI, headers: Secure) -> None:
    """Every error answer is ``{"error", "rule"}``.

    A failure is answered outside every middleware, so it gets the security
    headers here."""

    @app.exception_handler(Refusal)
    async def refused(request: Request, refusal: Refusal) -> Response:
        return JSONResponse(refusal.body(), status_code=refusal.status)

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, error: HTTPException) -> Response:
        return JSONResponse({"error": str(error.detail), "rule": None},
                            status_code=error.status_code, headers=error.headers)

    @app.exception_handler(Exception)
    async def failed(request: Request, error: Exception) -> Response:
        log.exception("%s %s failed", request.method, request.url.path)
        answer = JSONResponse({"error": "the server failed; nothing changed", "rule": None},
                              status_code=500)
        headers.set_headers(answer)
        return answer

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, error: RequestValidationError) -> Response:
        return JSONResponse({"error": "malformed request", "rule": None}, status_code=400)


#: The client's pages: the lobby, a table, one page for the profile,
#: the leaderboard, the competitions and a competition, one's settings and
#: setting a new password (js/pages.js), the rules in short (js/howto.js),
#: the moderators' page (js/admin.js), and many boards watched at once
#: (a competition round's, or any tables': js/watch.js), and the review of
#: an uploaded record (js/review-page.js).
PAGES = {"/": "index.html", "/table/{table_id}": "table.html",
         "/player/{name}": "pages.html", "/leaderboard": "pages.html",
         "/competitions": "pages.html", "/competition/{event_id}": "pages.html",
         "/how-to-play": "howto.html", "/settings": "pages.html",
         "/reset": "pages.html", "/reset/{token}": "pages.html", "/admin": "admin.html",
         "/competition/{event_id}/boards": "watch.html", "/watch": "watch.html",
         "/review": "review.html", "/review/{key}": "review.html"}

#: Other layouts of a page, by its ``?layout=``: a table for streaming
#: (js/broadcast.js). Any other value gets the page itself.
LAYOUTS = {("table.html", "broadcast"): "broadcast.html"}


def _client(app: FastAPI, settings: Settings) -> None:
    """The browser client: its pages and their static files."""
    web = settings.web_dir

    async def page(name: str, request: Request) -> Response:
        name = LAYOUTS.get((name, request.query_params.get("layout", "")), name)
        path = web / name
        if not path.is_file():
            raise Refusal(404, f"the web client has no {name}")
        return FileResponse(path, headers={"Cache-Control": "no-cache"})

    for path, name in PAGES.items():
        app.add_api_route(path, functools.partial(page, name), methods=["GET"],
                          include_in_schema=False)

    app.mount("/static", StaticFiles(directory=web, check_dir=False), name="static")
