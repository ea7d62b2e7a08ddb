"""Records in bulk: the games of a competition, as JSON Lines or a zip.

``GET /api/competitions/{id}/records`` gives every finished game of a
competition, each as the record ``GET /api/tables/{id}/record`` gives
(docs/formats.md), with an added key ``event`` saying where the game was
played: stage, round, match, game. This module does the parts that need
no server: which games a competition's view lists (:func:`event_games`),
the name of each one's file in the zip (:func:`file_names`), one JSON line
(:func:`json_line`) and a zip made one file at a time (:class:`ZipStream`),
so an export is sent as it is made and never held whole in memory.

    >>> view = {"id": "ev1", "name": "Spring", "stages": [{"kind": "league", "rounds": [
    ...     {"number": 1, "matches": [{"id": "1-1", "group": 0, "games": [
    ...         {"number": 1, "seats": ["Ann", "Bob"], "table": "t1"},
    ...         {"number": 2, "seats": ["Bob", "Ann"], "table": None}]}]}]}]}
    >>> [(g.stage, g.round, g.match, g.game, g.table) for g in event_games(view)]
    [(1, 1, 1, 1, 't1')]
    >>> file_names(event_games(view))
    ['s01-r01-m01-g01.json']
"""

from __future__ import annotations

import json
import zipfile
from dataclasses import dataclass
from datetime import datetime
from typing import Any


@dataclass(frozen=True)
class EventGame:
    """One game of a competition that has a table: where it was played.

    ``stage``, ``round``, ``match`` and ``game`` count from 1 in the order
    the competition's page shows them (``match`` is the match's place in its
    round; ``match_id`` the match's own id); ``seats`` are the entrants'
    names by seat."""

    stage: int
    kind: str
    group: int | None
    round: int
    match: int
    match_id: str
    game: int
    table: str
    seats: tuple[str | None, ...]

    def key(self, competition: str, name: str, ended: str | None) -> dict[str, Any]:
        """The ``event`` key a record of this game carries."""
        return {"competition": competition, "name": name, "stage": self.stage,
                "kind": self.kind, "group": self.group, "round": self.round,
                "match": self.match_id, "match_number": self.match, "game": self.game,
                "table": self.table, "seats": list(self.seats), "ended": ended}


def event_games(view: dict[str, Any]) -> list[EventGame]:
    """Every game of the ``COMPETITION`` view (docs/server.md) that was
    given a table, in order: stage, round, match, game."""
    out = []
    for stage_number, stage in enumerate(view.get("stages") or [], start=1):
        for one in stage.get("rounds") or []:
            for match_number, match in enumerate(one.get("matches") or [], start=1):
                for game in match.get("games") or []:
                    if not game.get("table"):
                        continue
                    out.append(EventGame(
                        stage_number, str(stage.get("kind")), match.get("group"),
                        int(one["number"]), match_number, str(match["id"]),
                        int(game["number"]), str(game["table"]),
                        tuple(game.get("seats") or ())))
    return out


def file_names(games: list[EventGame]) -> list[str]:
    """The name of each game's file in the zip, ``s01-r02-m03-g01.json``:
    numbers padded alike, so the names sort by stage, round, match, game.

        >>> wide = [EventGame(1, "swiss", 0, 12, 3, "x", 1, "t", ())]
        >>> file_names(wide)
        ['s01-r12-m03-g01.json']
    """
    if not games:
        return []
    widths = [max(2, len(str(max(getattr(g, part) for g in games))))
              for part in ("stage", "round", "match", "game")]
    return [f"s{g.stage:0{widths[0]}}-r{g.round:0{widths[1]}}-m{g.match:0{widths[2]}}"
            f"-g{g.game:0{widths[3]}}.json" for g in games]


def json_line(record: dict[str, Any]) -> bytes:
    """``record`` as one line of JSON Lines (UTF-8, no line break inside).

        >>> json_line({"a": [1, 2], "name": "Åsa"})
        b'{"a":[1,2],"name":"\\xc3\\x85sa"}\\n'
    """
    return json.dumps(record, ensure_ascii=False, separators=(",", ":")).encode() + b"\n"


#: The earliest time a zip entry can carry (its format counts from 1980).
_ZIP_EPOCH = (1980, 1, 1, 0, 0, 0)


class ZipStream:
    """A zip made one file at a time, its bytes taken as they are made.

    The zip is written to this object, which only collects what is
    written (``zipfile`` writes to a stream it cannot seek with data
    descriptors), so each :meth:`add` answers that file's bytes and
    :meth:`close` the closing directory: the whole zip is never in memory.

        >>> import io
        >>> out = ZipStream()
        >>> data = out.add("a.json", b"{}") + out.close()
        >>> zipfile.ZipFile(io.BytesIO(data)).read("a.json")
        b'{}'
    """

    def __init__(self) -> None:
        self._chunks: list[bytes] = []
        self._zip = zipfile.ZipFile(self, "w", compression=zipfile.ZIP_DEFLATED)  # type: ignore[arg-type]

    def write(self, data: bytes) -> int:
        """Collect bytes ``zipfile`` writes (the file-like side)."""
        self._chunks.append(bytes(data))
        return len(data)

    def flush(self) -> None:
        """Nothing to flush: the bytes are taken by :meth:`add` and :meth:`close`."""

    def _take(self) -> bytes:
        data = b"".join(self._chunks)
        self._chunks.clear()
        return data

    def add(self, name: str, data: bytes, when: datetime | None = None) -> bytes:
        """Add the file ``name`` holding ``data`` (dated ``when``, in UTC)
        and answer the bytes that make it."""
        stamp = _ZIP_EPOCH if when is None else max(_ZIP_EPOCH, when.timetuple()[:6])
        info = zipfile.ZipInfo(name, date_time=stamp)
        info.compress_type = zipfile.ZIP_DEFLATED
        self._zip.writestr(info, data)
        return self._take()

    def close(self) -> bytes:
        """End the zip: answer its last bytes (the central directory)."""
        self._zip.close()
        return self._take()
