"""Rendering an outbox row: one mail, plain text with an HTML alternative.

Each kind takes these params (other parts queue rows with exactly these;
docs/mail.md says the same):

========== ==============================================================
kind       params
========== ==============================================================
verify     ``{"email"}``: the address to confirm (it must still be the
           account's when the mail is sent)
reset      ``{}``
your_turn  ``{"table": id, "name": table name}``
deadline   ``{"table": id}`` or ``{"event": id}``, ``"name"``, ``"at"``
           (ISO-8601 time of the deadline)
match      ``{"event": id, "name": competition name, "round"?: n}``
rematch    ``{"table": id of the finished table, "from": name}``
invitation ``{"table": id, "name": table name, "from": name}``
thread     ``{"event": id, "match": key, "name": competition name,
           "from": name, "text": the message}``
reminder   ``{"event": id, "match": key, "name": competition name,
           "from": opponents' names, "at": ISO-8601 agreed time,
           "local": the time written in the player's zone}``
========== ==============================================================

A value missing is shown empty, never an error; every value is escaped in
the HTML part and has its line breaks folded in the subject. Every notice
mail (not ``verify`` or ``reset``) carries the one-click unsubscribe link
of its kind in its text and in the ``List-Unsubscribe`` header, with
``List-Unsubscribe-Post: List-Unsubscribe=One-Click`` (RFC 8058). The
``Message-ID`` is made from the row's id and the site's host, so a mail
sent twice is recognisably the same mail.

    >>> to = Recipient("a1", "Ann", "ann@example.org", "en")
    >>> links = Links("https://games.example/table/t1",
    ...               "https://games.example/api/unsubscribe/TOKEN",
    ...               "https://games.example/settings")
    >>> mail = render(7, "your_turn", {"table": "t1", "name": "<b>Fun</b>"}, to, links,
    ...               site="https://games.example", sender="games@example.org")
    >>> mail["Subject"], mail["Message-ID"], mail["List-Unsubscribe"]
    ('Your turn: <b>Fun</b>', '<outbox.7@games.example>', '<https://games.example/api/unsubscribe/TOKEN>')
    >>> "&lt;b&gt;Fun&lt;/b&gt;" in mail.get_body(("html",)).get_content()
    True
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from datetime import UTC, datetime
from email.message import EmailMessage
from email.utils import format_datetime
from typing import Any
from urllib.parse import quote, urlsplit

from carcassonne.server.mail.texts import language_of, text
from carcassonne.server.outbox import NOTICE_KINDS

#: The longest message text quoted in a ``thread`` mail.
QUOTE_LENGTH = 300


@dataclass(frozen=True)
class Recipient:
    """Whom a mail goes to: the account, its name, the address, the language."""

    account_id: str
    name: str
    address: str
    language: str


@dataclass(frozen=True)
class Links:
    """A mail's links: its one action, the unsubscribe link (notices only)
    and the mail settings page."""

    action: str
    unsubscribe: str | None
    settings: str


def action_path(kind: str, params: dict[str, Any]) -> str:
    """Where a notice's link leads on the site: the table or the competition.

        >>> action_path("thread", {"event": "e1", "match": "r1m2"})
        '/competition/e1#match-r1m2'
        >>> action_path("deadline", {"table": "t/1"})
        '/table/t%2F1'
    """
    table, event = params.get("table"), params.get("event")
    if kind in ("your_turn", "rematch", "invitation") or (kind == "deadline" and table):
        return f"/table/{quote(str(table or ''), safe='')}"
    path = f"/competition/{quote(str(event or ''), safe='')}"
    if kind in ("thread", "reminder") and params.get("match"):
        path += f"#match-{quote(str(params['match']), safe='')}"
    return path


def message_id(mail_id: int, site: str) -> str:
    """The Message-ID of the outbox row ``mail_id``: the same however often it is sent.

        >>> message_id(12, "http://10.0.0.5:8080")
        '<outbox.12@10.0.0.5>'
    """
    host = urlsplit(site).hostname or "localhost"
    return f"<outbox.{mail_id}@{host}>"


def _one_line(value: Any) -> str:
    """A param as text on one line (control characters and breaks become spaces)."""
    return re.sub(r"[\x00-\x1f\x7f\u2028\u2029]+", " ", str(value)).strip()


def _when(value: Any) -> str:
    """An ISO time as ``2026-12-06 18:00 UTC`` (as given if it is not one)."""
    try:
        moment = datetime.fromisoformat(str(value))
    except ValueError:
        return _one_line(value)
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).strftime("%Y-%m-%d %H:%M UTC")


def _values(kind: str, params: dict[str, Any], to: Recipient, site: str) -> dict[str, str]:
    """The placeholders' values: every param on one line, the time readable."""
    values = {key: _one_line(params.get(key, "")) for key in
              ("name", "from", "round", "email", "table", "event", "match")}
    values["at"] = (_one_line(params["local"]) if params.get("local")
                    else _when(params.get("at", "")))
    values["account"] = to.name
    values["site"] = urlsplit(site).netloc or site
    return values


def _body_key(kind: str, params: dict[str, Any]) -> str:
    return "body_round" if kind == "match" and params.get("round") not in (None, "") else "body"


def render(mail_id: int, kind: str, params: dict[str, Any], to: Recipient, links: Links,
           *, site: str, sender: str, at: datetime | None = None) -> EmailMessage:
    """The mail of outbox row ``mail_id`` (``kind``, ``params``) to ``to``."""
    language = language_of(to.language)
    values = _values(kind, params, to, site)

    def say(group: str, key: str, fill: dict[str, str] = values) -> str:
        return text(language, group, key).format_map(fill)

    escaped = {key: html.escape(value) for key, value in values.items()}
    body_key = _body_key(kind, params)
    quoted = _one_line(params.get("text", ""))[:QUOTE_LENGTH] if kind == "thread" else ""
    notice = kind in NOTICE_KINDS and links.unsubscribe is not None
    kind_name = text(language, "kinds", kind) if kind in NOTICE_KINDS else ""

    plain = [say("common", "greeting"), "", say(kind, body_key)]
    rich = [f"<p>{say('common', 'greeting', escaped)}</p>",
            f"<p>{say(kind, body_key, escaped)}</p>"]
    if quoted:
        plain += ["", f"> {quoted}"]
        rich.append(f"<blockquote>{html.escape(quoted)}</blockquote>")
    action = say(kind, "action")
    plain += ["", f"{action}: {links.action}", "", "-- "]
    rich.append(f'<p><a href="{html.escape(links.action)}">{html.escape(action)}</a></p>')
    if notice:
        assert links.unsubscribe is not None
        fill = {"kind": kind_name, "unsubscribe": links.unsubscribe,
                "settings": links.settings}
        plain.append(say("common", "footer", fill))
        rich_fill = {"kind": html.escape(kind_name),
                     "unsubscribe": (f'<a href="{html.escape(links.unsubscribe)}">'
                                     f'{html.escape(text(language, "common", "stop"))}</a>'),
                     "settings": (f'<a href="{html.escape(links.settings)}">'
                                  f'{html.escape(links.settings)}</a>')}
        footer = text(language, "common", "footer").format_map(rich_fill)
        rich.append(f'<hr><p style="font-size:small">{footer.replace(chr(10), "<br>")}</p>')
    else:
        plain.append(say("common", "own"))
        rich.append(f'<hr><p style="font-size:small">{say("common", "own", escaped)}</p>')
    plain.append(say("common", "signature"))

    mail = EmailMessage()
    mail["Subject"] = say(kind, "subject")
    mail["From"] = sender
    mail["To"] = to.address
    mail["Date"] = format_datetime(at or datetime.now(UTC))
    mail["Message-ID"] = message_id(mail_id, site)
    mail["Auto-Submitted"] = "auto-generated"
    if notice:
        mail["List-Unsubscribe"] = f"<{links.unsubscribe}>"
        mail["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    mail.set_content("\n".join(plain) + "\n")
    page = (f'<!doctype html><html lang="{language}"><head><meta charset="utf-8"></head>'
            f'<body>{"".join(rich)}</body></html>')
    mail.add_alternative(page, subtype="html")
    return mail
