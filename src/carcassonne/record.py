"""Game records (docs/formats.md): write a game out, read one back and replay it.

A record holds the setup, the whole stack order and every decision, so it
replays to exactly the same game. Readers ignore keys they do not know;
everything they do know is checked, and a record that cannot be replayed is
refused with a :class:`RecordError` naming the move and the rule.

The work is done in the engine (:mod:`carcassonne.engine.records`, and
``Game.from_record``); this module is its public face.
"""

from __future__ import annotations

from typing import Any

from carcassonne.engine.game import Game
from carcassonne.engine.records import FORMAT, RecordError

__all__ = ["FORMAT", "RecordError", "game_from_record", "record_of"]


def record_of(game: Game) -> dict[str, Any]:
    """The record of ``game`` as a JSON-ready dict (see ``Game.to_record``:
    it holds the whole draw order; a copy whose hidden hands were dealt
    again has none)."""
    return game.to_record()


def game_from_record(record: Any, check_result: bool = True) -> Game:
    """Replay a record. With ``check_result``, a ``result.scores`` that differs
    from the replay is an error."""
    return Game.from_record(record, check_result=check_result)
