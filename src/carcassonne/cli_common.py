"""Helpers shared by the commands of ``carcassonne``: argument values,
seeds, setting up games, playing them out with bots, writing records.
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Callable
from typing import Any

from carcassonne.bots import Bot, make_bot
from carcassonne.engine import Game, Move, SetupError


class CliError(Exception):
    """A failure to report as one line on standard error, with an exit status."""

    def __init__(self, message: str, status: int = 1) -> None:
        super().__init__(" ".join(message.split()))  # always one line
        self.status = status


def option_value(text: str) -> bool | int | str:
    """``true``/``false`` become booleans, whole numbers ints, the rest stays text."""
    lowered = text.strip().lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    try:
        return int(text)
    except ValueError:
        return text.strip()


def parse_options(text: str) -> dict[str, Any]:
    """``"farmers=false,tiny_city=2"`` -> ``{"farmers": False, "tiny_city": 2}``.

    Only the syntax is checked here; the engine checks names and values
    against the chosen sets when the game is set up.
    """
    options: dict[str, Any] = {}
    for item in (part.strip() for part in text.split(",")):
        if not item:
            continue
        name, equals, value = item.partition("=")
        name = name.strip()
        if not equals or not name or not value.strip():
            raise argparse.ArgumentTypeError(
                f"{item!r} is not name=value (example: --options farmers=false,tiny_city=2)")
        if name in options:
            raise argparse.ArgumentTypeError(f"option {name!r} is given twice")
        options[name] = option_value(value)
    return options


def parse_list(text: str) -> list[str]:
    """A comma-separated list, blanks dropped: ``"base, inns_cathedrals"``."""
    return [part.strip() for part in text.split(",") if part.strip()]


def seconds(text: str, low: float, high: float, low_allowed: bool) -> float:
    """A number of seconds from ``low`` (allowed or not) to ``high``."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not (low <= value if low_allowed else low < value) or value > high:
        raise argparse.ArgumentTypeError(f"{value:g} is not between {low:g} and {high:g} "
                                         f"seconds")
    return value


def timeout_seconds(text: str) -> float:
    """How long a bot may think: more than 0 seconds and at most an hour."""
    return seconds(text, 0, 3600, low_allowed=False)


def positive_int(text: str) -> int:
    """An integer of at least 1, for counts given on the command line."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is not at least 1")
    return value


def derive_seed(seed: int, *parts: object) -> int:
    """A 63-bit seed that depends only on ``seed`` and ``parts``.

    Seeding ``random.Random`` with a string is stable across runs and Python
    versions (unlike ``hash()``), so the same command line always gives the
    same games.
    """
    key = ":".join(str(p) for p in (seed, *parts))
    return random.Random(key).getrandbits(63)


def setup_game(players: int | list[str], sets: list[str], options: dict[str, Any],
               seed: int, number: int = 1) -> tuple[Game, list[Bot]]:
    """Game ``number`` of a series started with ``seed``, and its random bots,
    one per seat. ``carcassonne play --seed S`` is game 1 of
    ``carcassonne simulate --seed S``."""
    try:
        game = Game.new(players=players, sets=sets, options=options,
                        seed=derive_seed(seed, number, "stack"))
    except SetupError as err:
        raise CliError(str(err), status=2) from None
    bots = [make_bot("random", derive_seed(seed, number, "bot", seat))
            for seat in range(len(game.players))]
    return game, bots


def play_out(game: Game, bots: list[Bot],
             after_move: Callable[[Game, Move, int], None] | None = None) -> None:
    """Let the bots play ``game`` to the end, calling ``after_move(game, move, seat)``
    after each move."""
    while not game.is_over:
        seat = game.current_player
        assert seat is not None
        move = bots[seat].choose(game)
        game.play(move)
        if after_move is not None:
            after_move(game, move, seat)


def dump_json(data: dict[str, Any], lists: tuple[str, ...] = ("moves",)) -> str:
    """``data`` as JSON text with one key per line, and one entry per line for
    the ``lists`` named, so records and results read well and differ line by
    line. The same data always gives the same text."""
    def text(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False)

    lines = ["{"]
    for n, (key, value) in enumerate(data.items()):
        comma = "," if n < len(data) - 1 else ""
        if key in lists and isinstance(value, list) and value:
            lines.append(f"  {text(key)}: [")
            lines += [f"    {text(entry)}," for entry in value[:-1]]
            lines += [f"    {text(value[-1])}", f"  ]{comma}"]
        else:
            lines.append(f"  {text(key)}: {text(value)}{comma}")
    lines.append("}")
    return "\n".join(lines) + "\n"


def dump_record(record: dict[str, Any]) -> str:
    """A game record as the text ``simulate`` and ``play --record`` write."""
    return dump_json(record, ("moves",))
