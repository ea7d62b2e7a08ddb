"""Setting a game up: players, sets and the stack, checked before play starts."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Final

from carcassonne.engine.errors import SetupError, shown
from carcassonne.tiles import SET_NAMES, START_TILE, TILE_LIST, TILES, TILES_BY_SET

if TYPE_CHECKING:
    from carcassonne.engine.expansions.base import Expansion

#: Sets the contract names (docs/formats.md) whose rules and tile data are
#: carried but not played yet: named as such, not as unknown.
LATER_SETS: Final[tuple[str, ...]] = ()
#: The sets this engine plays today.
SUPPORTED_SETS: Final[tuple[str, ...]] = tuple(s for s in SET_NAMES if s not in LATER_SETS)


def max_players(sets: tuple[str, ...]) -> int:
    """How many players the sets allow: 5, or more with an expansion that says so
    (6 with Inns & Cathedrals), or fewer with one that caps it (4 with the
    Wonders, ``WON-1``)."""
    from carcassonne.engine.expansions import EXPANSIONS

    chosen = [EXPANSIONS[s] for s in sets if s in EXPANSIONS]
    most = max([5, *(e.max_players for e in chosen)])
    return min([most, *(e.player_cap for e in chosen if e.player_cap is not None)])


def player_names(players: object, most: int = 5) -> list[str]:
    """Player names from a count or a list, checked: 2 to ``most`` players."""
    if isinstance(players, int) and not isinstance(players, bool):
        if not 2 <= players <= most:
            raise SetupError(f"these sets are for 2 to {most} players, not {players}")
        names: list[Any] = [f"Player {i + 1}" for i in range(players)]
    elif isinstance(players, str) or not isinstance(players, Iterable):
        raise SetupError(f"players must be a number or a list of names, not {shown(players)}")
    else:
        names = list(players)
    if not all(isinstance(name, str) and name.strip() for name in names):
        raise SetupError(f"player names must be non-empty strings, not {shown(names)}")
    for name in names:
        if not is_text(name):
            raise SetupError(f"the player name {shown(name)} is not text that can be written "
                             f"out (it holds half of a surrogate pair alone)")
    if not 2 <= len(names) <= most:
        raise SetupError(f"these sets are for 2 to {most} players, not {len(names)}")
    return names


def is_text(name: str) -> bool:
    """Whether ``name`` can be written out anywhere (a file, a terminal, JSON,
    a database): whether it is Unicode text, which a lone surrogate such as
    ``"\\ud800"`` (from an unpaired JSON escape, or bytes a command line could
    not decode) is not::

        >>> is_text("Ann"), is_text("Zoë 🐉"), is_text("\\ud800x")
        (True, True, False)
    """
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def choose_sets(sets: object) -> tuple[str, ...]:
    if isinstance(sets, str):
        sets = [s for s in sets.split(",") if s]
    if not isinstance(sets, Iterable):
        raise SetupError(f"sets must be a list of set names, not {shown(sets)}")
    chosen: list[Any] = list(sets)
    for name in chosen:
        if name not in SET_NAMES:
            raise SetupError(f"unknown set {shown(name)} (known: {', '.join(SET_NAMES)})")
        if name not in SUPPORTED_SETS:
            raise SetupError(f"the set {shown(name)} is not playable yet "
                             f"(playable: {', '.join(SUPPORTED_SETS)})")
    if "base" not in chosen:
        raise SetupError("the set 'base' is always part of a game")
    if len(set(chosen)) != len(chosen):
        raise SetupError(f"a set is named twice in {chosen}")
    return tuple(name for name in SET_NAMES if name in chosen)


def _expansions(sets: tuple[str, ...]) -> list[type[Expansion]]:
    from carcassonne.engine.expansions import EXPANSIONS

    return [EXPANSIONS[s] for s in EXPANSIONS if s in sets]


def start_tile(sets: tuple[str, ...]) -> str:
    """The tile at ``[0, 0]``: ``BA/RCr``, or the River's spring (``RIVER-SETUP-1``)."""
    return next((e.start_tile for e in _expansions(sets) if e.start_tile), START_TILE)


def full_stack(sets: tuple[str, ...]) -> list[str]:
    """Every tile of the sets once per copy, less the start tile, in catalogue order.

    With the ``abbot`` set each garden tile whose twin's set is chosen takes
    the place of one copy of its twin (``ABBOT-4``, ``SETUP-5``): the last
    one, so the set keeps its count. The ``abbot`` set has no tiles of its
    own; without it the gardens are not used."""
    gardens = garden_tiles(sets)
    tiles: list[str] = []
    for name in sets:
        if name == "abbot":
            continue
        for t in TILES_BY_SET[name]:
            garden = gardens.get(t.id)
            plain = t.count - (garden is not None)
            tiles.extend(t.id for _ in range(plain))
            if garden is not None:
                tiles.append(garden)
    tiles.remove(start_tile(sets))
    return tiles


def garden_tiles(sets: tuple[str, ...]) -> dict[str, str]:
    """The garden tile of each twin in a game of ``sets`` (``ABBOT-4``):
    none without the ``abbot`` set, else every garden whose twin's set is chosen."""
    if "abbot" not in sets:
        return {}
    return {t.garden_of: t.id for t in TILES_BY_SET["abbot"]
            if t.garden_of is not None and TILES[t.garden_of].set in sets}


def head_parts(sets: tuple[str, ...]) -> list[list[str]]:
    """The parts of the stack drawn before the rest, in order, each in its
    own order (``RIVER-SETUP-2``: the river course, then the lake); empty
    for most games."""
    full = full_stack(sets)
    return [part for e in _expansions(sets) for part in e.head(full)]


def stack_parts(sets: tuple[str, ...]) -> tuple[int, ...]:
    """Where each head part of the stack ends (see :func:`head_parts`)."""
    ends: list[int] = []
    for part in head_parts(sets):
        ends.append((ends[-1] if ends else 0) + len(part))
    return tuple(ends)


def shuffled_stack(sets: tuple[str, ...], rng: random.Random) -> list[str]:
    """A new game's stack: the head parts, each shuffled on its own, then
    the rest shuffled (``SETUP-1``, ``RIVER-SETUP-2``). Without a head, the
    full stack shuffled once, as ever."""
    tiles = full_stack(sets)
    parts = head_parts(sets)
    if not parts:
        shuffle(rng, tiles)
        return tiles
    out: list[str] = []
    for part in parts:
        part = list(part)
        for tile in part:
            tiles.remove(tile)
        shuffle(rng, part)
        out.extend(part)
    shuffle(rng, tiles)
    return out + tiles


def check_stack(stack: list[Any], sets: tuple[str, ...]) -> None:
    """Refuse unknown ids, tiles of other sets, more copies than the sets
    hold (a garden tile at most once, its twin once less, ``ABBOT-4``), and
    a stack that does not begin with its head (``RIVER-REC``)."""
    if not all(isinstance(t, str) for t in stack):
        raise SetupError("the stack must be a list of tile ids (strings)")
    counts = Counter(stack)
    start = start_tile(sets)
    counts[start] += 1
    gardens = garden_tiles(sets)
    for tile_id, count in counts.items():
        tile = TILES.get(tile_id) if isinstance(tile_id, str) else None
        if tile is None:
            raise SetupError(f"unknown tile id {shown(tile_id)} in the stack")
        if tile.set not in sets:
            raise SetupError(f"tile {tile_id} belongs to the set {shown(tile.set)}, "
                             f"which is not in this game")
        twin = tile.garden_of
        if twin is not None and TILES[twin].set not in sets:
            raise SetupError(f"tile {tile_id} is a garden copy of {twin}, whose set "
                             f"{shown(TILES[twin].set)} is not in this game")
        held = tile.count - (tile_id in gardens)
        if count > held:
            extra = " (the start tile takes one)" if tile_id == start else ""
            garden = f" (the garden tile {gardens[tile_id]} takes one)" \
                if tile_id in gardens else ""
            raise SetupError(f"the stack holds {count - (tile_id == start)} copies of "
                             f"{tile_id}, the sets only {held}{extra}{garden}")
    parts = head_parts(sets)
    for expansion in _expansions(sets):
        expansion.check_head(stack, parts)


def shuffle(rng: random.Random, items: list[Any]) -> None:
    """Shuffle ``items`` in place exactly as ``rng.shuffle(items)`` does.

    The same Fisher-Yates walk and the same draws (``getrandbits`` of the
    bound's bit length, drawn again while too large), so a seed gives the
    same order as :meth:`random.Random.shuffle` (the same code in CPython
    3.11 to 3.13, the versions checked; a test compares them), written here
    so that a compiled engine runs it as compiled code (the standard
    library's is interpreted, a few percent of a short game). A subclass of
    ``Random`` may draw otherwise: it gets its own ``shuffle``."""
    if type(rng) is not random.Random:
        rng.shuffle(items)
        return
    bits = rng.getrandbits
    i = len(items) - 1
    while i > 0:
        n = i + 1
        k = n.bit_length()
        j: int = bits(k)
        while j >= n:
            j = bits(k)
        items[i], items[j] = items[j], items[i]
        i -= 1


def tile_index(tile: object) -> int:
    """The catalogue index of ``tile``, given as an id or an index; a
    ``ValueError`` when it is neither."""
    if type(tile) is int and 0 <= tile < len(TILE_LIST):
        return tile
    if isinstance(tile, str) and tile in TILES:
        return TILES[tile].index
    raise ValueError(f"{shown(tile)} is no tile id or index")
