"""Scoring: completed features during the game, and final scoring.

Every point is paid through a :class:`~carcassonne.engine.events.ScoreEvent`
(kept in :mod:`carcassonne.engine.events`, named here too) that says who
scored, what, and why ("city of 5 tiles with 2 coats of arms: 14"), so the
log, the tests and the client show the same truth. The functions here read a
:class:`~carcassonne.engine.position.Position` and hand their events to an
``award``: they change nothing themselves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from carcassonne.engine.events import Award, ScoreEvent
from carcassonne.tiles import FIELD, KIND_NAMES, MONASTERY, ROAD
from carcassonne.tiles.geometry import DELTA, INNER, RING, side_of
from carcassonne.tiles.loader import GARDEN

if TYPE_CHECKING:
    from carcassonne.engine.position import Position

def _plural(n: int, word: str) -> str:
    if n == 1:
        return f"{n} {word}"
    return f"{n} {word[:-1]}ies" if word.endswith("y") else f"{n} {word}s"


def strengths(position: Position, r: int) -> dict[int, int]:
    """Each player's follower strength in feature ``r`` (§0 Strength)."""
    figures, strength_of = position.figures, position.strength
    out: dict[int, int] = {}
    for n in position.features.members[r]:
        fig = figures.get(n)
        if fig is not None:
            strength = strength_of[fig[1]]
            if strength:
                out[fig[0]] = out.get(fig[0], 0) + strength
    return out


def majority(power: dict[int, int]) -> list[int]:
    """The players with the greatest strength, if any (``SCORE-2``, ``FINAL-4``)."""
    if not power:
        return []
    best = max(power.values())
    return sorted(p for p, s in power.items() if s == best)


def monastery_ring(tiles: dict[int, Any], pos: int) -> int:
    """How many of the eight squares around ``pos`` hold a tile (``FEAT-MON``)."""
    return sum(1 for d in RING if pos + d in tiles)


def feature_value(position: Position, r: int, final: bool) -> tuple[int, str, int, int]:
    """Points, words, tiles and shields of feature ``r`` scored now."""
    features = position.features
    kind = features.node_seg[r].kind
    if kind in (MONASTERY, GARDEN):  # ABBOT-SCORE: a garden as a monastery
        name = KIND_NAMES[kind]
        if not final:
            return 9, f"{name} complete: 9", 9, 0  # SCORE-3
        neighbours = monastery_ring(position.board.tiles, features.node_pos[r])
        return 1 + neighbours, f"incomplete {name} with " \
                               f"{_plural(neighbours, 'neighbour')}: {1 + neighbours}", \
            1 + neighbours, 0  # FINAL-3, ABBOT-FINAL
    tiles, shields = len(features.squares(r)), features.shields(r)
    for expansion in position.expansions:
        changed = expansion.feature_value(position, kind, r, final, tiles, shields)
        if changed is not None:
            return changed[0], changed[1], tiles, shields
    state = "incomplete " if final else ""
    if kind == ROAD:
        what = f"{state}road of {_plural(tiles, 'tile')}"
        return tiles, f"{what}: {tiles}", tiles, 0  # SCORE-3, FINAL-1
    what = f"{state}city of {_plural(tiles, 'tile')}"
    if shields:
        what += f" with {_plural(shields, 'coat')} of arms"
    if final:
        points = tiles + shields  # FINAL-2
    elif tiles == 2 and position.options.tiny_city == 2:
        points = tiles + shields  # VAR-TINY-1
        what += " (small city rule)"
    else:
        points = 2 * (tiles + shields)  # SCORE-3
    return points, f"{what}: {points}", tiles, shields


def pay(position: Position, r: int, move: int | None, final: bool, award: Award) -> None:
    """Score feature ``r`` for the players with the majority in it, then let
    the expansions add to it (``PD-FAIRY-4``, even when it paid nobody)."""
    winners = majority(strengths(position, r))
    if winners:
        points, detail, tiles, shields = feature_value(position, r, final)
        if points:
            reason = KIND_NAMES[position.features.node_seg[r].kind]
            for p in winners:
                award(ScoreEvent(move, p, points, reason, final, detail, tiles, shields))
    position.feature_scored(r, move, final, award)


def final_scoring(position: Position, award: Award) -> None:
    """Score everything still on the board at game end (§7): incomplete roads,
    cities, monasteries and gardens (``ABBOT-FINAL``), then fields, passing each event to ``award``.
    Nothing on the board changes: figures stay where they are."""
    features = position.features
    root, node_seg = features.root, features.node_seg
    seen: dict[int, None] = {}
    fields: dict[int, None] = {}
    for n in sorted(position.figures, key=features.placement_order):
        r = root[n]
        if node_seg[r].kind == FIELD:
            fields[r] = None
        else:
            seen[r] = None
    for r in seen:
        pay(position, r, None, True, award)  # FINAL-1, FINAL-2, FINAL-3, FINAL-4
    if position.options.farm_scoring == "first_edition":
        _first_edition_fields(position, list(fields), award)
        for r in fields:
            position.feature_scored(r, None, True, award)  # PD-FAIRY-4
    else:
        for r in fields:
            current_field(position, r, award)


def _complete_cities(position: Position, field: int) -> list[int]:
    features = position.features
    return [c for c in features.bordering_cities(field) if features.open[c] == 0]


def _bonus(position: Position, fields: list[int], player: int) -> int:
    return sum(e.field_bonus(position, fields, player) for e in position.expansions)


def current_field(position: Position, r: int, award: Award) -> None:
    """``FINAL-5``: 3 per completed city bordering the field, to its majority
    (``FINAL-6``: expansions may add per city, the pig)."""
    winners = majority(strengths(position, r))
    cities = len(_complete_cities(position, r))
    if winners and cities:
        tiles = len(position.features.squares(r))
        for p in winners:
            per_city = 3 + _bonus(position, [r], p)
            points = per_city * cities
            extra = f", {per_city} per city" if per_city != 3 else ""
            detail = (f"field of {_plural(tiles, 'tile')} bordering "
                      f"{_plural(cities, 'completed city')}{extra}: {points}")
            award(ScoreEvent(None, p, points, "field", True, detail, tiles, 0, cities))
    position.feature_scored(r, None, True, award)  # PD-FAIRY-4


def _first_edition_fields(position: Position, fields: list[int], award: Award) -> None:
    """``VAR-FARM1-1``, ``VAR-FARM1-2``: each completed city pays 3 to the
    players with the most farmers in all the fields bordering it together."""
    per_city: dict[int, dict[int, int]] = {}
    fields_of: dict[int, list[int]] = {}
    for r in fields:
        power = strengths(position, r)
        for c in _complete_cities(position, r):
            total = per_city.setdefault(c, {})
            fields_of.setdefault(c, []).append(r)
            for p, s in power.items():
                total[p] = total.get(p, 0) + s
    for c in sorted(per_city, key=position.features.feature_order):
        power = per_city[c]
        tiles = len(position.features.squares(c))
        for p in majority(power):
            points = 3 + _bonus(position, fields_of[c], p)  # VAR-FARM1-3
            detail = f"farmers supplying a completed city of {_plural(tiles, 'tile')}: {points}"
            award(ScoreEvent(None, p, points, "field", True, detail, tiles, 0, 1))


def claimed(position: Position) -> list[dict[str, Any]]:
    """Every feature holding a follower, as plain data (see
    :meth:`Game.claimed_features`)."""
    features = position.features
    root, node_seg, open_ = features.root, features.node_seg, features.open
    seen: dict[int, None] = {}
    for n in sorted(position.figures, key=features.placement_order):
        seen[root[n]] = None
    out = []
    tiles = position.board.tiles
    fitting: _Fitting | None = None
    for r in seen:
        power = strengths(position, r)
        if not power:
            continue
        kind = node_seg[r].kind
        entry: dict[str, Any] = {"kind": KIND_NAMES[kind], "strength": power}
        if kind == FIELD:
            cities = features.bordering_cities(r)
            entry["cities"] = [open_[c] for c in cities]
            if fitting is None:
                fitting = _Fitting(position)
            entry["city_fits"] = [min(fitting.feature(c), default=None) if open_[c] else None
                                  for c in cities]
        else:
            entry["end"] = feature_value(position, r, True)[0]
            entry["complete"] = feature_value(position, r, False)[0]
            entry["open"] = (8 - monastery_ring(tiles, features.node_pos[r])
                             if kind in (MONASTERY, GARDEN) else open_[r])
            if fitting is None:
                fitting = _Fitting(position)
            entry["fits"] = fitting.feature(r)
        out.append(entry)
    return out


def unplaced_counts(position: Position) -> dict[int, int]:
    """The tile types still to be placed by someone, each with how many of
    it are left: the rest of the stack, every hand (the drawn tile of the
    player to move included) and a tile drawn to make room for a wonder
    (``WON-PLACE-3``). Public: it follows from the tile distribution."""
    left = {t: count for t, count in enumerate(position.undrawn_counts()) if count}
    for hand in position.hands:
        for t in hand:
            left[t] = left.get(t, 0) + 1
    mode = position.mode
    if mode is not None and mode[0] == "helper":
        left[mode[1]] = left.get(mode[1], 0) + 1
    return left


class _Fitting:
    """How many tiles still to be placed fit each empty square a feature
    needs filled: the tiles of :func:`unplaced_counts`, each counted as
    often as it is left, against what the square's neighbours demand
    (``PLACE-2``).
    The counts follow from the tile distribution, never the stack order."""

    def __init__(self, position: Position) -> None:
        from carcassonne.engine.board import ALL_FITS

        self.left = [(ALL_FITS[t], count) for t, count in unplaced_counts(position).items()]
        self.position = position
        self.by_key: dict[int, int] = {}

    def square(self, pos: int) -> int:
        """Tiles left that fit the empty square ``pos`` next to the board."""
        key = self.position.board.spots[pos]
        count = self.by_key.get(key)
        if count is None:
            count = self.by_key[key] = sum(n for fits, n in self.left if fits[key])
        return count

    def feature(self, r: int) -> list[int]:
        """Per empty square next to the board that feature ``r`` needs
        filled (a road's or city's open sides face it, or it lies around a
        monastery), the tiles left that fit it: fewest first."""
        features = self.position.features
        tiles = self.position.board.tiles
        spots = self.position.board.spots
        node_pos, node_seg = features.node_pos, features.node_seg
        wanted: set[int] = set()
        if node_seg[r].kind == MONASTERY or node_seg[r].kind == GARDEN:
            pos = node_pos[r]
            wanted = {pos + d for d in RING if pos + d in spots}
        else:
            for n in features.members[r]:
                pos = node_pos[n]
                for loc in node_seg[n].locations:
                    if loc < INNER:
                        square = pos + DELTA[side_of(loc)]
                        if square not in tiles and square in spots:
                            wanted.add(square)
        return sorted(self.square(pos) for pos in wanted)
