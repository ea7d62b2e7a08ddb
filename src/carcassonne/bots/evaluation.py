"""How good a position looks to each player: the evaluation bots share.

The estimate is built from public information only:

- the *projected* scores, :meth:`Game.projected_scores`: points scored so far
  plus every unfinished road, city, monastery and field at its end-of-game
  value;
- a bonus per follower still in supply (a follower kept back can still claim
  something), fading over the last tiles of the stack.

:func:`worths` gives each player's worth in hundredths of a point;
:func:`rewards` turns worths into a number between 0 and 1 per player (how
far ahead of the best rival they are, squashed), which is what a search bot
averages.
"""

from __future__ import annotations

import math

from carcassonne.engine import Game

#: Hundredths of a point per projected point.
PROJECTED = 100
#: Hundredths per follower in supply while the stack still holds :data:`FADE` tiles.
FIGURE = 200
#: Over the last this-many tiles of the stack the figure bonus fades to zero.
FADE = 10
#: Figures that claim features; the others (builder, pig) only help them.
FOLLOWERS = ("meeple", "large")


def followers(supply: dict[str, int]) -> int:
    """How many followers a supply holds."""
    return sum(supply.get(name, 0) for name in FOLLOWERS)


def figure_bonus(stack_size: int) -> int:
    """Hundredths per follower in supply with ``stack_size`` tiles left."""
    return FIGURE * min(stack_size, FADE) // FADE


def worths(game: Game, figure: int | None = None) -> list[int]:
    """Each player's worth in hundredths of a point: projected points plus
    ``figure`` per follower in supply (by default from the stack left)."""
    if figure is None:
        figure = figure_bonus(game.stack_size) if not game.is_over else 0
    projected = game.projected_scores()
    return [PROJECTED * projected[p] + figure * followers(game.supply(p))
            for p in range(len(projected))]


#: Chance that a city with this many open sides is completed when plenty of
#: tiles are left (more open sides: less likely).
CITY_CHANCE = (1.0, 0.8, 0.55, 0.35, 0.2, 0.1)
#: Chance that a monastery missing this many neighbours gets all of them.
MONASTERY_CHANCE = (1.0, 0.9, 0.75, 0.6, 0.45, 0.35, 0.25, 0.15, 0.1)
#: Points a field earns per city it borders once that city is completed.
PER_CITY = 3
#: Tiles per open side needed before the chances above hold in full.
TILES_PER_SIDE = 4


def chance(table: tuple[float, ...], missing: int, left: int) -> float:
    """The chance of completing a feature ``missing`` sides (or neighbours)
    short, with ``left`` tiles still to come."""
    if missing <= 0:
        return 1.0
    base = table[min(missing, len(table) - 1)]
    return base * min(1.0, left / (TILES_PER_SIDE * missing))


def expected_worths(game: Game, figure: int | None = None) -> list[int]:
    """Like :func:`worths`, with what unfinished features may still become:
    a city or monastery counts its end-of-game value plus its chance of
    completion times what completion would add, and a field counts each
    unfinished city it borders at its chance of completion. The chances
    (:data:`CITY_CHANCE`, :data:`MONASTERY_CHANCE`) fall with the open sides
    and with the tiles left; they are estimates, not rules."""
    if game.is_over:
        return [PROJECTED * s for s in game.scores]
    if figure is None:
        figure = figure_bonus(game.stack_size)
    left = game.stack_size
    worth = [PROJECTED * s + figure * followers(game.supply(p))
             for p, s in enumerate(game.scores)]
    for feature in game.claimed_features():
        power = feature["strength"]
        best = max(power.values())
        owners = [p for p, s in power.items() if s == best]
        if feature["kind"] == "field":
            value = 0.0
            for open_sides in feature["cities"]:
                value += PER_CITY * chance(CITY_CHANCE, open_sides, left)
        elif feature["kind"] == "monastery":
            value = feature["end"] + chance(MONASTERY_CHANCE, feature["open"], left) * (
                feature["complete"] - feature["end"])
        elif feature["kind"] == "city":
            value = feature["end"] + chance(CITY_CHANCE, feature["open"], left) * (
                feature["complete"] - feature["end"])
        else:
            value = feature["end"]
        for p in owners:
            worth[p] += int(PROJECTED * value)
    return worth


def rewards(game: Game, scale: float = 1500.0, expected: bool = False,
            extra: list[int] | None = None) -> list[float]:
    """Per player, between 0 and 1: 0.5 when level with the best rival, towards
    1 when ahead (``scale`` hundredths ahead gives about 0.88). A finished
    game is judged by its final scores alone. ``extra`` adds hundredths to
    each player's worth (a search's bonus for points scored on its way)."""
    worth = expected_worths(game) if expected else worths(game)
    if extra is not None:
        worth = [w + e for w, e in zip(worth, extra, strict=True)]
    out = []
    for p, mine in enumerate(worth):
        rival = max(w for q, w in enumerate(worth) if q != p)
        out.append(0.5 + 0.5 * math.tanh((mine - rival) / scale))
    return out
