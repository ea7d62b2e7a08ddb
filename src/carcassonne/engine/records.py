"""Game records (docs/formats.md): written from a position, read and checked.

A record holds the setup, the whole stack order and every decision, so it
replays to exactly the same game. Readers ignore keys they do not know;
everything they do know is checked, and a record that cannot be replayed is
refused with a :class:`RecordError` naming the move and the rule.

This module writes a record (:func:`record_of`) and reads one up to the
replay (:func:`read_setup`, :func:`check_result`); ``Game.from_record``
replays it. :mod:`carcassonne.record` is the public face of both.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from carcassonne.engine.draws import hidden_order
from carcassonne.engine.errors import shown
from carcassonne.tiles import TILE_LIST

if TYPE_CHECKING:
    from carcassonne.engine.position import Position

FORMAT = "carcassonne-record/1"


class RecordError(ValueError):
    """A record that is malformed, cannot be replayed, or whose result differs.

    ``move`` is the index of the offending move, or None for the setup."""

    def __init__(self, message: str, move: int | None = None) -> None:
        super().__init__(message if move is None else f"move {move}: {message}")
        self.move = move


def written_stack(position: Position) -> list[str]:
    """The draw order a record holds: the position's, unless an expansion
    reordered it as it drew and writes the order that replays the same
    draws (``PD-REC``: dragon tiles skipped where they were set aside)."""
    stack = position.record_stack()
    for expansion in position.drawers:
        order = expansion.written_order(position, hidden_order(position)[0])
        if order is not None:
            stack = [TILE_LIST[t].id for t in order]
    return stack


def record_of(position: Position) -> dict[str, Any]:
    """The record of the game at ``position`` as a JSON-ready dict.

    It holds the whole draw order, which the game keeps private: write it
    once the game is over, or keep it where no player reads it (the
    server). A copy whose hidden hands were dealt again
    (``Game.determinized``) has none: a ``ValueError`` says so, as its
    record would show the hands as they were really dealt."""
    if position.dealt_again:
        raise ValueError("a copy whose hidden hands were dealt again (determinized) has no "
                         "record: it would show the hands as they were really dealt")
    setup: dict[str, Any] = {"players": list(position.players), "sets": list(position.sets)}
    changed = position.options.changed()
    if changed:
        setup["options"] = changed
    for expansion in position.expansions:
        setup.update(expansion.setup_record(position.state[expansion.set_name]))
    record: dict[str, Any] = {
        "format": FORMAT,
        "setup": setup,
        "stack": written_stack(position),
        "moves": [m.to_dict() for m in position.history],
    }
    if position.over:
        record["result"] = {"scores": list(position.scores),
                            "winners": list(position.winners())}
    return record


def _setup(record: Any) -> tuple[dict[str, Any], list[Any], list[Any]]:
    if not isinstance(record, dict):
        raise RecordError(f"a record must be a JSON object, not {type(record).__name__}")
    fmt = record.get("format")
    if fmt != FORMAT:
        raise RecordError(f"unknown record format {shown(fmt)} (expected {shown(FORMAT)})")
    setup = record.get("setup")
    if not isinstance(setup, dict):
        raise RecordError("the record has no 'setup' object")
    stack = record.get("stack")
    if not isinstance(stack, list) or not all(isinstance(t, str) for t in stack):
        raise RecordError("'stack' must be a list of tile ids")
    moves = record.get("moves", [])
    if not isinstance(moves, list):
        raise RecordError("'moves' must be a list")
    return setup, stack, moves


class Setup:
    """A record's arguments for ``Game.new``, as the record gives them."""

    __slots__ = ("options", "players", "sets", "stack", "wonders")

    def __init__(self, players: list[Any], sets: list[str], options: Any, stack: list[Any],
                 wonders: Any) -> None:
        self.players = players
        self.sets = sets
        self.options = options
        self.stack = stack
        self.wonders = wonders


def read_setup(record: Any) -> tuple[Setup, list[Any]]:
    """A record's arguments for ``Game.new``, checked as far as a record's
    shape goes, and its moves."""
    setup, stack, moves = _setup(record)
    players = setup.get("players")
    if not isinstance(players, list):
        raise RecordError("'setup.players' must be a list of names")
    sets = setup.get("sets", ["base"])
    if not isinstance(sets, list) or not all(isinstance(s, str) for s in sets):
        raise RecordError("'setup.sets' must be a list of set names")
    options = setup.get("options", {})
    wonders = setup.get("wonders")
    if "wonders" in sets and wonders is None and len(players) != 4:
        raise RecordError("setup: 'setup.wonders' must list the wonders laid out (one per player)")
    return Setup(players, sets, options, stack, wonders), moves


def check_result(record: Any, position: Position, moves: int) -> None:
    """Raise :class:`RecordError` if the record's ``result`` differs from the
    replay, which ended at ``position`` after ``moves`` moves."""
    result = record.get("result")
    if result is None:
        return
    if not isinstance(result, dict) or not isinstance(result.get("scores"), list):
        raise RecordError("'result' must be an object with 'scores'")
    if not position.over:
        raise RecordError(f"the record has a result but the game is not over after "
                          f"{moves} moves")
    if list(result["scores"]) != list(position.scores):
        raise RecordError(f"the record says scores {shown(result['scores'])}, the replay gives "
                          f"{list(position.scores)}")
    winners = result.get("winners")
    if winners is not None and not isinstance(winners, list):
        raise RecordError(f"'result.winners' must be a list of seats, not {shown(winners)}")
    if winners is not None and winners != list(position.winners()):
        raise RecordError(f"the record says winners {winners}, the replay gives "
                          f"{list(position.winners())}")
