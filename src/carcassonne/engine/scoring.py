"""Scoring: completed features during the game, and final scoring.

Every point is paid through a :class:`ScoreEvent` that says who scored,
what, and why ("city of 5 tiles with 2 coats of arms: 14"), so the log, the
tests and the client show the same truth.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from carcassonne.tiles import FIELD, KIND_NAMES, MONASTERY, ROAD
from carcassonne.tiles.geometry import DELTA, INNER, RING, side_of

if TYPE_CHECKING:
    from carcassonne.engine.game import Game

class ScoreEvent:
    """Points paid to one player, with the reason in words and in numbers.

    Read-only, compared and hashed by value. (A plain class rather than a
    frozen dataclass: compiled, a frozen dataclass builds each event in
    interpreted code, and games make many.)"""

    __slots__ = ("_cities", "_detail", "_final", "_move", "_player", "_points", "_reason",
                 "_shields", "_tiles")

    def __init__(self, move: int | None, player: int, points: int, reason: str, final: bool,
                 detail: str, tiles: int = 0, shields: int = 0, cities: int = 0) -> None:
        self._move = move
        self._player = player
        self._points = points
        self._reason = reason
        self._final = final
        self._detail = detail
        self._tiles = tiles
        self._shields = shields
        self._cities = cities

    @property
    def move(self) -> int | None:
        """Index of the move that caused it, or None for final scoring."""
        return self._move

    @property
    def player(self) -> int:
        return self._player

    @property
    def points(self) -> int:
        return self._points

    @property
    def reason(self) -> str:
        """``road``, ``city``, ``monastery``, ``field`` (and, with expansions, more)."""
        return self._reason

    @property
    def final(self) -> bool:
        return self._final

    @property
    def detail(self) -> str:
        return self._detail

    @property
    def tiles(self) -> int:
        return self._tiles

    @property
    def shields(self) -> int:
        return self._shields

    @property
    def cities(self) -> int:
        return self._cities

    def _key(self) -> tuple[int | None, int, int, str, bool, str, int, int, int]:
        return (self._move, self._player, self._points, self._reason, self._final,
                self._detail, self._tiles, self._shields, self._cities)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ScoreEvent):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (f"ScoreEvent(move={self._move!r}, player={self._player!r}, "
                f"points={self._points!r}, reason={self._reason!r}, final={self._final!r}, "
                f"detail={self._detail!r}, tiles={self._tiles!r}, shields={self._shields!r}, "
                f"cities={self._cities!r})")

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"move": self._move, "player": self._player,
                               "points": self._points, "reason": self._reason,
                               "final": self._final, "detail": self._detail}
        if self._tiles:
            out["tiles"] = self._tiles
        if self._shields:
            out["shields"] = self._shields
        if self._cities:
            out["cities"] = self._cities
        return out


def _plural(n: int, word: str) -> str:
    if n == 1:
        return f"{n} {word}"
    return f"{n} {word[:-1]}ies" if word.endswith("y") else f"{n} {word}s"


def strengths(game: Game, r: int) -> dict[int, int]:
    """Each player's follower strength in feature ``r`` (§0 Strength)."""
    figures, strength_of = game._figures, game._strength
    out: dict[int, int] = {}
    for n in game._features.members[r]:
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


def feature_value(game: Game, r: int, final: bool) -> tuple[int, str, int, int]:
    """Points, words, tiles and shields of feature ``r`` scored now."""
    features = game._features
    kind = features.node_seg[r].kind
    if kind == MONASTERY:
        if not final:
            return 9, "monastery complete: 9", 9, 0  # SCORE-3
        neighbours = monastery_ring(game._board.tiles, features.node_pos[r])
        return 1 + neighbours, f"incomplete monastery with " \
                               f"{_plural(neighbours, 'neighbour')}: {1 + neighbours}", \
            1 + neighbours, 0  # FINAL-3
    tiles, shields = len(features.squares(r)), features.shields(r)
    for expansion in game._expansions:
        changed = expansion.feature_value(game, kind, r, final, tiles, shields)
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
    elif tiles == 2 and game.options.tiny_city == 2:
        points = tiles + shields  # VAR-TINY-1
        what += " (small city rule)"
    else:
        points = 2 * (tiles + shields)  # SCORE-3
    return points, f"{what}: {points}", tiles, shields


Award = Callable[[ScoreEvent], None]


def pay(game: Game, r: int, move: int | None, final: bool, award: Award) -> None:
    """Score feature ``r`` for the players with the majority in it."""
    winners = majority(strengths(game, r))
    if not winners:
        return
    points, detail, tiles, shields = feature_value(game, r, final)
    if not points:
        return
    reason = KIND_NAMES[game._features.node_seg[r].kind]
    for p in winners:
        award(ScoreEvent(move, p, points, reason, final, detail, tiles, shields))


def final_scoring(game: Game, award: Award) -> None:
    """Score everything still on the board at game end (§7): incomplete roads,
    cities and monasteries, then fields, passing each event to ``award``.
    Nothing on the board changes: figures stay where they are."""
    features = game._features
    root, node_seg = features.root, features.node_seg
    seen: dict[int, None] = {}
    fields: dict[int, None] = {}
    for n in sorted(game._figures, key=features.placement_order):
        r = root[n]
        if node_seg[r].kind == FIELD:
            fields[r] = None
        else:
            seen[r] = None
    for r in seen:
        pay(game, r, None, True, award)  # FINAL-1, FINAL-2, FINAL-3, FINAL-4
    if game.options.farm_scoring == "first_edition":
        _first_edition_fields(game, list(fields), award)
    else:
        for r in fields:
            _current_field(game, r, award)


def _complete_cities(game: Game, field: int) -> list[int]:
    features = game._features
    return [c for c in features.bordering_cities(field) if features.open[c] == 0]


def _bonus(game: Game, fields: list[int], player: int) -> int:
    return sum(e.field_bonus(game, fields, player) for e in game._expansions)


def _current_field(game: Game, r: int, award: Award) -> None:
    """``FINAL-5``: 3 per completed city bordering the field, to its majority
    (``FINAL-6``: expansions may add per city, the pig)."""
    winners = majority(strengths(game, r))
    cities = len(_complete_cities(game, r))
    if not winners or not cities:
        return
    tiles = len(game._features.squares(r))
    for p in winners:
        per_city = 3 + _bonus(game, [r], p)
        points = per_city * cities
        extra = f", {per_city} per city" if per_city != 3 else ""
        detail = (f"field of {_plural(tiles, 'tile')} bordering "
                  f"{_plural(cities, 'completed city')}{extra}: {points}")
        award(ScoreEvent(None, p, points, "field", True, detail, tiles, 0, cities))


def _first_edition_fields(game: Game, fields: list[int], award: Award) -> None:
    """``VAR-FARM1-1``, ``VAR-FARM1-2``: each completed city pays 3 to the
    players with the most farmers in all the fields bordering it together."""
    per_city: dict[int, dict[int, int]] = {}
    fields_of: dict[int, list[int]] = {}
    for r in fields:
        power = strengths(game, r)
        for c in _complete_cities(game, r):
            total = per_city.setdefault(c, {})
            fields_of.setdefault(c, []).append(r)
            for p, s in power.items():
                total[p] = total.get(p, 0) + s
    for c in sorted(per_city, key=game._features.feature_order):
        power = per_city[c]
        tiles = len(game._features.squares(c))
        for p in majority(power):
            points = 3 + _bonus(game, fields_of[c], p)  # VAR-FARM1-3
            detail = f"farmers supplying a completed city of {_plural(tiles, 'tile')}: {points}"
            award(ScoreEvent(None, p, points, "field", True, detail, tiles, 0, 1))



def claimed(game: Game) -> list[dict[str, Any]]:
    """Every feature holding a follower, as plain data (see
    :meth:`Game.claimed_features`)."""
    features = game._features
    root, node_seg, open_ = features.root, features.node_seg, features.open
    seen: dict[int, None] = {}
    for n in sorted(game._figures, key=features.placement_order):
        seen[root[n]] = None
    out = []
    tiles = game._board.tiles
    fitting: _Fitting | None = None
    for r in seen:
        power = strengths(game, r)
        if not power:
            continue
        kind = node_seg[r].kind
        entry: dict[str, Any] = {"kind": KIND_NAMES[kind], "strength": power}
        if kind == FIELD:
            cities = features.bordering_cities(r)
            entry["cities"] = [open_[c] for c in cities]
            if fitting is None:
                fitting = _Fitting(game)
            entry["city_fits"] = [min(fitting.feature(c), default=None) if open_[c] else None
                                  for c in cities]
        else:
            entry["end"] = feature_value(game, r, True)[0]
            entry["complete"] = feature_value(game, r, False)[0]
            entry["open"] = (8 - monastery_ring(tiles, features.node_pos[r])
                             if kind == MONASTERY else open_[r])
            if fitting is None:
                fitting = _Fitting(game)
            entry["fits"] = fitting.feature(r)
        out.append(entry)
    return out


def unplaced_counts(game: Game) -> dict[int, int]:
    """The tile types still to be placed by someone, each with how many of
    it are left: the rest of the stack, every hand (the drawn tile of the
    player to move included) and a tile drawn to make room for a wonder
    (``WON-PLACE-3``)."""
    left: dict[int, int] = {}
    for t in game._stack[game._draw:]:
        left[t] = left.get(t, 0) + 1
    for hand in game._hands:
        for t in hand:
            left[t] = left.get(t, 0) + 1
    mode = game._mode
    if mode is not None and mode[0] == "helper":
        left[mode[1]] = left.get(mode[1], 0) + 1
    return left


class _Fitting:
    """How many tiles still to be placed fit each empty square a feature
    needs filled: the tiles of :func:`unplaced_counts`, each counted as
    often as it is left, against what the square's neighbours demand
    (``PLACE-2``).
    The counts follow from the tile distribution, never the stack order."""

    def __init__(self, game: Game) -> None:
        from carcassonne.engine.board import ALL_FITS

        self.left = [(ALL_FITS[t], count) for t, count in unplaced_counts(game).items()]
        self.game = game
        self.by_key: dict[int, int] = {}

    def square(self, pos: int) -> int:
        """Tiles left that fit the empty square ``pos`` next to the board."""
        key = self.game._board.spots[pos]
        count = self.by_key.get(key)
        if count is None:
            count = self.by_key[key] = sum(n for fits, n in self.left if fits[key])
        return count

    def feature(self, r: int) -> list[int]:
        """Per empty square next to the board that feature ``r`` needs
        filled (a road's or city's open sides face it, or it lies around a
        monastery), the tiles left that fit it: fewest first."""
        features = self.game._features
        tiles = self.game._board.tiles
        spots = self.game._board.spots
        node_pos, node_seg = features.node_pos, features.node_seg
        wanted: set[int] = set()
        if node_seg[r].kind == MONASTERY:
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
