"""Reading a new competition's body: its format, its games' rules, its entrants.

Everything is checked before anything is stored; a bad field is a 400
:class:`Refusal` naming it. The games' sets and options are checked by the
engine exactly as a table's are::

    >>> setup = competition_setup({"name": "Spring league", "format": "league"})
    >>> setup["games"], setup["duplicate"], setup["points"]
    (2, True, {'win': 2, 'draw': 1, 'loss': 0})
"""

from __future__ import annotations

from typing import Any

from carcassonne.engine import Game, SetupError
from carcassonne.engine.errors import shown
from carcassonne.server.aids import aids_setting, check_training
from carcassonne.server.bodies import clean_name, mapping, optional_name, whole_number
from carcassonne.server.bots import bot_names
from carcassonne.server.errors import Refusal
from carcassonne.server.series_setup import series_setup
from carcassonne.server.timing import Timing

#: What the server runs: a league (round robin, in one or more groups), a
#: Swiss, a knockout, groups then a knockout, or a double elimination; any
#: of them may end with a title match against the series' holder.
FORMATS = ("league", "swiss", "knockout", "groups_knockout", "double_elimination")
#: The most entrants of one competition.
MAX_ENTRANTS = 64
#: Bounds of a round's deadline (seconds): an hour to 30 days.
ROUND_DEADLINE = (3600, 30 * 86400)


def _bounded(body: dict[str, Any], key: str, low: int, high: int, default: int) -> int:
    value = body.get(key, default)
    number = whole_number(value, key)
    if not low <= number <= high:
        raise Refusal(400, f"{key} must be from {low} to {high}, not {shown(value)}")
    return number


def _flag(body: dict[str, Any], key: str, default: bool) -> bool:
    value = body.get(key, default)
    if not isinstance(value, bool):
        raise Refusal(400, f"{key} must be true or false, not {shown(value)}")
    return value


def _points(value: Any) -> dict[str, float]:
    given = mapping(value if value is not None else {}, "points")
    extra = sorted(set(given) - {"win", "draw", "loss"})
    if extra:
        raise Refusal(400, f"points: unknown field {shown(extra[0])} (win, draw, loss)")
    out: dict[str, float] = {}
    for key, default in (("win", 2), ("draw", 1), ("loss", 0)):
        number = given.get(key, default)
        if type(number) not in (int, float) or not 0 <= number <= 100:
            raise Refusal(400, f"points {key} must be a number from 0 to 100, "
                               f"not {shown(number)}")
        out[key] = number
    if not out["win"] >= out["draw"] >= out["loss"]:
        raise Refusal(400, "points must give a win at least a draw, and a draw at least a loss")
    return out


def competition_setup(body: dict[str, Any]) -> dict[str, Any]:
    """The checked setup of ``POST /api/competitions`` (entrants apart)."""
    name = clean_name(body.get("name"), "the competition's name", 80)
    series = optional_name(body, "series", "the series", 80)
    kind = body.get("format", "league")
    if kind not in FORMATS:
        raise Refusal(400, f"format must be one of {', '.join(FORMATS)}, not {shown(kind)}")
    table_size = _bounded(body, "table_size", 2, 5, 2)
    if table_size > 2 and kind != "league":
        raise Refusal(400, "tables of 3 to 5 are for leagues; the other formats pair two")
    sets = body.get("sets", ["base"])
    options = mapping(body.get("options", {}), "options")
    try:
        game = Game.new(players=table_size, sets=sets, options=options, seed=0)
    except SetupError as err:
        raise Refusal(400, str(err)) from None
    if body.get("groups", 1) != 1 and kind != "groups_knockout":
        raise Refusal(400, "groups are for the groups_knockout format")
    aids = aids_setting(body, "aids")
    check_training(aids, game.options, False, "aids")
    deadline = body.get("round_deadline")
    if deadline is not None:
        deadline = _bounded(body, "round_deadline", *ROUND_DEADLINE, 0)
    return {
        "name": name, "series": series, "format": kind, "table_size": table_size,
        "games": _bounded(body, "games", 1, 9,
                          1 if kind in ("knockout", "double_elimination") else 2),
        "duplicate": _flag(body, "duplicate", True),
        "groups": _bounded(body, "groups", 1, 16, 1),
        "advance": _bounded(body, "advance", 1, 16, 2),
        "rounds": _bounded(body, "rounds", 0, 20, 0),
        "title_games": _bounded(body, "title_games", 0, 9, 0),
        "sets": list(game.sets), "options": game.options.changed(),
        "rated": _flag(body, "rated", False),
        "timing": Timing.from_body(body.get("timing")).public(),
        "round_deadline": deadline, "points": _points(body.get("points")),
        "open": _flag(body, "open", True), "aids": aids,
        **series_setup(body),
    }


def entrant_requests(body: dict[str, Any]) -> list[tuple[str, str]]:
    """The entrants a body names, as ``("bot", NAME)`` or ``("player", NAME)``."""
    value = body.get("entrants", [])
    if not isinstance(value, list):
        raise Refusal(400, "entrants must be a list of {\"bot\": NAME} or {\"player\": NAME}")
    if len(value) > MAX_ENTRANTS:
        raise Refusal(400, f"at most {MAX_ENTRANTS} entrants")
    return [entrant_request(mapping(item, f"entrant {i}"), f"entrant {i}")
            for i, item in enumerate(value)]


def entrant_request(item: dict[str, Any], what: str = "the entrant") -> tuple[str, str]:
    """``{"bot": NAME}`` or ``{"player": NAME}``, checked."""
    if set(item) == {"bot"}:
        bot = item["bot"]
        if bot not in bot_names():
            raise Refusal(400, f"{what}: unknown bot {shown(bot)} "
                               f"(known: {', '.join(bot_names())})")
        return "bot", bot
    if set(item) == {"player"}:
        return "player", clean_name(item["player"], f"{what}'s name")
    raise Refusal(400, f"{what} must be {{\"bot\": NAME}} or {{\"player\": NAME}}, "
                       f"not {shown(item)}")
