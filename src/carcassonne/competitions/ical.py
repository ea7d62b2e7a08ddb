"""A player's agreed games as an iCalendar feed (RFC 5545).

:func:`calendar` writes one ``VCALENDAR`` with one ``VEVENT`` per
:class:`Game`: its ``UID`` is made from the competition and the match, so
a calendar application that fetches the feed again updates the same
event (a new agreed time moves it, ``SEQUENCE`` counting the agreements);
``DTSTART`` is in UTC; ``SUMMARY`` names the competition and the
opponents; ``URL`` leads to the match. Text values are escaped
(:func:`escape`), lines end in CRLF and are folded at 75 octets
(:func:`fold`), never inside a UTF-8 character.

    >>> from datetime import UTC, datetime
    >>> at = datetime(2026, 12, 7, 18, 0, tzinfo=UTC)
    >>> game = Game("e1", "1.1.2", "Spring Cup", ("Bob",), at, at, 1,
    ...             "https://games.example/competition/e1#match-1.1.2")
    >>> text = calendar([game], "games.example", "Ann's games")
    >>> [line for line in text.split("\\r\\n") if line.startswith(("UID", "DTSTART", "SUMMARY"))]
    ['UID:e1-1.1.2@games.example', 'DTSTART:20261207T180000Z', 'SUMMARY:Spring Cup: Bob']
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

#: The longest line, in octets, CRLF not counted (RFC 5545, 3.1).
LINE_OCTETS = 75
#: How long an event lasts in the feed: about a game.
LENGTH = timedelta(hours=1)


@dataclass(frozen=True, slots=True)
class Game:
    """An agreed game: competition ``event`` and its ``name``, ``match``
    key, the ``opponents``' names, the agreed time ``at``, when it was
    agreed (``stamp``), how many agreements the match had (``sequence``)
    and the match's page ``url``."""

    event: str
    match: str
    name: str
    opponents: tuple[str, ...]
    at: datetime
    stamp: datetime
    sequence: int
    url: str


def escape(value: str) -> str:
    """A TEXT value (RFC 5545, 3.3.11): ``\\``, ``;`` and ``,`` escaped,
    line breaks as ``\\n``, other control characters dropped.

        >>> escape("a;b,c\\\\d\\r\\ne")
        'a\\\\;b\\\\,c\\\\\\\\d\\\\ne'
    """
    value = value.replace("\r\n", "\n").replace("\r", "\n")
    out = []
    for char in value:
        if char in "\\;,":
            out.append("\\" + char)
        elif char == "\n":
            out.append("\\n")
        elif ord(char) < 32 or ord(char) == 127:
            continue
        else:
            out.append(char)
    return "".join(out)


def fold(line: str) -> str:
    """``line`` folded (RFC 5545, 3.1): at most 75 octets a line, each next
    line starting with a space, never splitting a character's UTF-8 octets.

        >>> fold("X:" + "a" * 80).split("\\r\\n")[1]
        ' aaaaaaa'
        >>> all(len(part.encode()) <= 75 for part in fold("S:" + "城" * 60).split("\\r\\n"))
        True
    """
    parts: list[str] = []
    current, size, limit = [], 0, LINE_OCTETS
    for char in line:
        octets = len(char.encode("utf-8"))
        if size + octets > limit:
            parts.append("".join(current))
            current, size, limit = [" "], 1, LINE_OCTETS
        current.append(char)
        size += octets
    parts.append("".join(current))
    return "\r\n".join(parts)


def stamp(moment: datetime) -> str:
    """A UTC DATE-TIME: ``20261207T180000Z``."""
    return moment.astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")


def _uid_part(value: str) -> str:
    return "".join(c if c.isascii() and (c.isalnum() or c in ".-_") else "-" for c in value)


def event_lines(game: Game, host: str) -> list[str]:
    """The lines of one ``VEVENT``."""
    versus = ", ".join(game.opponents)
    return ["BEGIN:VEVENT",
            f"UID:{_uid_part(game.event)}-{_uid_part(game.match)}@{_uid_part(host)}",
            f"DTSTAMP:{stamp(game.stamp)}",
            f"SEQUENCE:{game.sequence}",
            f"DTSTART:{stamp(game.at)}",
            f"DTEND:{stamp(game.at + LENGTH)}",
            f"SUMMARY:{escape(f'{game.name}: {versus}')}",
            f"URL:{game.url}",
            "END:VEVENT"]


def calendar(games: Iterable[Game], host: str, title: str) -> str:
    """The feed of ``games``: a whole iCalendar object, CRLF line ends."""
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Carcassonne//Match times//EN",
             "CALSCALE:GREGORIAN", "METHOD:PUBLISH", f"X-WR-CALNAME:{escape(title)}"]
    for game in sorted(games, key=lambda one: (one.at, one.event, one.match)):
        lines += event_lines(game, host)
    lines.append("END:VCALENDAR")
    return "".join(fold(line) + "\r\n" for line in lines)
