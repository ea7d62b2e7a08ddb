"""``carcassonne replay``: replay and check a record, print the result as JSON.

This is the command line contract of docs/formats.md: on success the result goes
to standard output and the exit status is 0; a record that cannot be read or
replayed, or whose ``result`` differs from the replay, gives exit status 1 and
exactly one line on standard error (naming the move, when a move is at fault)
and nothing on standard output.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from carcassonne import json_input
from carcassonne.cli_common import CliError, dump_json
from carcassonne.engine import Game
from carcassonne.record import RecordError


def read_record(source: str) -> Any:
    """The parsed JSON of ``source``, a path or ``-`` for standard input."""
    name = "<stdin>" if source == "-" else source
    try:
        text = sys.stdin.read() if source == "-" else Path(source).read_text("utf-8")
    except FileNotFoundError:
        raise CliError(f"{name}: no such file") from None
    except IsADirectoryError:
        raise CliError(f"{name}: is a directory, not a record") from None
    except OSError as err:
        raise CliError(f"{name}: cannot read it: {err.strerror or err}") from None
    except UnicodeDecodeError:
        raise CliError(f"{name}: not a record: the file is not UTF-8 text") from None
    try:
        return json_input.loads(text)
    except json_input.JsonInputError as err:
        raise CliError(f"{name}: not a record: {err}") from None


def replay(record: Any, source: str) -> Game:
    """Replay ``record`` and check its result (scores, and winners if given)."""
    try:
        game = Game.from_record(record, check_result=True)
    except RecordError as err:
        raise CliError(f"{source}: {err}") from None
    except (ValueError, TypeError, KeyError, IndexError) as err:
        # Every malformed record should raise RecordError; this keeps the
        # contract (one line, exit 1) even for a case the reader missed.
        raise CliError(f"{source}: invalid record: {err}") from None
    return game


def summary(game: Game) -> dict[str, Any]:
    """The replayed game as the JSON object ``replay`` prints."""
    return {
        "players": list(game.players),
        "scores": list(game.scores),
        "winners": list(game.winners),
        "over": game.is_over,
        "moves": len(game.moves),
        "events": [event.to_dict() for event in game.events],
        "discards": [{"before_move": before, "player": seat, "tile": tile}
                     for before, seat, tile in game.discards],
    }


def run(source: str) -> int:
    """Replay the record at ``source`` (``-``: standard input) and print its summary."""
    game = replay(read_record(source), "<stdin>" if source == "-" else source)
    print(dump_json(summary(game), ("events", "discards")), end="")
    return 0
