"""Shared helpers for the property tests: random setups, random play, snapshots.

A random game is described by a :class:`Setup` (players, sets, options, seed
and how much of the shuffled stack to keep). Moves are chosen by a
``random.Random`` seeded from the same example, so a failing example names
everything needed to replay it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from hypothesis import strategies as st

from carcassonne import AwardWonder, Figure, Game, Move, TakeWonder
from carcassonne.engine.moves import Action, AnyMove, DragonStep, Fairy, Princess, ReturnAbbot
from carcassonne.tiles import TILES
from carcassonne.tiles.pieces import PIECES

#: Rule variants the random games are played with (``{}`` is the plain game).
VARIANTS: tuple[dict[str, Any], ...] = (
    {},
    {"hand": 3},
    {"hand": 3, "hands_public": True},
    {"farm_scoring": "first_edition"},
    {"tiny_city": 2},
    {"farmers": False},
    {"hand": 3, "farmers": False, "tiny_city": 2},
    {"draw_ahead": True},
    {"draw_ahead": True, "hands_public": True},
)

#: Both expansions of docs/rules.md §8 and §9 with the base game.
ALL_SETS = ("base", "inns_cathedrals", "traders_builders")

#: Every playable set at once (at most 4 players with the Wonders).
EVERY_SET = (*ALL_SETS, "watchtowers", "wonders", "river", "princess_dragon")

#: The River with the base game (§15).
RIVER = ("base", "river")
#: Tiles a River game's stack holds at least: the course tiles and the lake
#: (``RIVER-REC``).
RIVER_HEAD = 11

#: The Princess & the Dragon with the base game.
DRAGON = ("base", "princess_dragon")
#: Its options set the other way (Z-Man's and Rio Grande's rules).
DRAGON_OTHER_WAY = {"dragon_moves": "after_scoring", "fairy_placement": "on_tile",
                    "princess_action": "must"}

#: Games with The Abbot (§16): alone, and with each other playable set.
ABBOT_GAMES: tuple[tuple[tuple[str, ...], tuple[int, ...], dict[str, Any]], ...] = (
    (("base", "abbot"), (2, 3, 5), {}),
    (("base", "abbot"), (2, 4), {"hand": 3, "farmers": False}),
    (("base", "inns_cathedrals", "abbot"), (3, 6), {}),
    (("base", "traders_builders", "abbot"), (2, 4), {}),
    (("base", "watchtowers", "abbot"), (2, 3), {}),
    (("base", "wonders", "abbot"), (2, 4), {}),
    (("base", "princess_dragon", "abbot"), (2, 3), {}),  # ABBOT-PD
    (("base", "princess_dragon", "abbot"), (2, 4), DRAGON_OTHER_WAY),
    ((*EVERY_SET, "abbot"), (2, 4), {}),
)

#: Expansion games: the sets, the numbers of players to try and the options.
#: Six players need Inns & Cathedrals; the options switch parts of the
#: expansions off and combine them with the variants.
EXPANSIONS: tuple[tuple[tuple[str, ...], tuple[int, ...], dict[str, Any]], ...] = (
    (ALL_SETS, (4, 6), {}),
    (ALL_SETS, (4, 6), {"hand": 3, "goods_need_follower": True,
                        "incomplete_inn_cathedral": "normal"}),
    (ALL_SETS, (4, 6), {"farm_scoring": "first_edition", "tiny_city": 2}),
    (ALL_SETS, (6,), {"builder": False, "large_meeple": False, "farmers": False}),
    (("base", "traders_builders"), (4,), {"pig": False, "goods": False}),
    (EVERY_SET, (2, 4), {}),
    (("base", "wonders"), (2, 3, 4), {"stonehenge_on_placing_turn": True}),
    (("base", "watchtowers", "wonders"), (2, 3), {"hand": 3, "farmers": False}),
    (RIVER, (2, 3, 5), {}),
    (RIVER, (2, 4), {"river_check": "jcz", "draw_ahead": True}),
    (RIVER, (3,), {"hand": 3, "hands_public": True}),
    (("base", "river", "traders_builders", "wonders"), (2, 4), {"draw_ahead": True}),
    *ABBOT_GAMES,
    (DRAGON, (2, 3, 5), {}),
    (DRAGON, (2, 4), DRAGON_OTHER_WAY),
    (DRAGON, (3,), {"hand": 3, "farm_scoring": "first_edition"}),
    ((*ALL_SETS, "watchtowers", "princess_dragon"), (2, 5), {"dragon_moves": "after_scoring"}),
    (("base", "river", "princess_dragon"), (2, 3), {"draw_ahead": True}),  # PD-RIVER
    (EVERY_SET, (2, 3), {"fairy_placement": "on_tile"}),
)

FIGURES = ("meeple", "large", "builder", "pig", "abbot")
FEATURES = ("city", "road", "field", "monastery", "garden")
SPOTS = ("N", "E", "S", "W", "NL", "NR", "EL", "ER", "SL", "SR", "WL", "WR", "inner")
ROTATIONS = (0, 90, 180, 270)


@dataclass(frozen=True)
class Setup:
    """Everything that fixes one random game."""

    players: int
    options: dict[str, Any] = field(default_factory=dict)
    seed: int = 0
    #: Keep only the first ``length`` tiles of the shuffled stack (None: all).
    length: int | None = None
    sets: tuple[str, ...] = ("base",)

    def game(self) -> Game:
        game = Game.new(players=self.players, sets=self.sets, options=self.options,
                        seed=self.seed)
        if self.length is None:
            return game
        # RIVER-REC: a River game's stack keeps at least the river tiles
        keep = max(self.length, RIVER_HEAD) if "river" in self.sets else self.length
        return Game.new(players=self.players, sets=self.sets, options=self.options,
                        stack=draw_order(game)[:keep], seed=self.seed)


def setups(min_length: int = 0, max_length: int = 71,
           expansions: bool = False) -> st.SearchStrategy[Setup]:
    """Random setups: 2 to 5 players, a variant, a seed; about half of them play
    the whole stack, the others a prefix of ``min_length`` to ``max_length`` tiles.
    With ``expansions``, about one setup in three is instead an expansion game
    of :data:`EXPANSIONS`."""
    length = st.one_of(st.none(), st.integers(min_length, max_length))
    base = st.builds(
        Setup,
        players=st.integers(2, 5),
        options=st.sampled_from(VARIANTS),
        seed=st.integers(0, 2**32 - 1),
        length=length,
    )
    if not expansions:
        return base
    expansion = st.sampled_from(EXPANSIONS).flatmap(lambda chosen: st.builds(
        Setup,
        players=st.sampled_from(chosen[1]),
        options=st.just(chosen[2]),
        seed=st.integers(0, 2**32 - 1),
        length=length,
        sets=st.just(chosen[0]),
    ))
    return st.one_of(base, base, expansion)


def choose(game: Game, rng: random.Random) -> Move:
    """A legal move: mostly ``legal_moves().random``, sometimes uniform over
    the full list (which favours placements with many figure options)."""
    moves = game.legal_moves()
    if rng.random() < 0.7:
        return moves.random(rng)
    return rng.choice(list(moves))


def play_out(game: Game, rng: random.Random, limit: int | None = None) -> list[Move]:
    """Play random legal moves until the game is over (or ``limit`` moves)."""
    played = []
    while not game.is_over and (limit is None or len(played) < limit):
        move = choose(game, rng)
        game.play(move)
        played.append(move)
    return played


def draw_order(game: Game) -> tuple[str, ...]:
    """The whole draw order of ``game``, first drawn first, as its record
    writes it: the game keeps it private (docs/formats.md puts it in the
    record, which only the game's end or its server may show)."""
    return tuple(game.to_record()["stack"])


def upcoming(game: Game) -> tuple[str, ...]:
    """The tiles still to be drawn, in order (what no player may see)."""
    order = draw_order(game)
    return order[len(order) - game.stack_size:]


def snapshot(game: Game) -> dict[str, Any]:
    """Everything observable about a game, as plain data, for equality checks."""
    seats = range(len(game.players))
    return {
        "views": [game.view(seat) for seat in seats],
        "scores": game.scores,
        "events": [e.to_dict() for e in game.events],
        "moves": [str(m) for m in game.moves],
        "board": game.board(),
        "figures": game.figures(),
        "supply": [game.supply(seat) for seat in seats],
        "hands": [game.hand(seat) for seat in seats],
        "discards": game.discards,
        "stack_size": game.stack_size,
        "tiles_left": game.tiles_left(),
        "current": game.current_player,
        "to_place": game.tiles_to_place,
        "legal": [str(m) for m in game.legal_moves()],
        "record": game.to_record(),
        "over": game.is_over,
        "winners": game.winners,
    }


def canonical_board(game: Game) -> list[tuple[str, tuple[int, int], int]]:
    """The board with each rotation replaced by the smallest rotation that looks
    the same, so two ways of writing one placement compare equal."""
    return [(tile, at, TILES[tile].turned[rotation // 90].canonical if tile in TILES
             else rotation) for tile, at, rotation in game.board()]


def outcome(game: Game) -> dict[str, Any]:
    """The state after a move, independent of how the move was written."""
    seats = range(len(game.players))
    return {
        "board": canonical_board(game),
        "figures": game.figures(),
        "scores": game.scores,
        "events": [e.to_dict() for e in game.events],
        "supply": [game.supply(seat) for seat in seats],
        "hands": [game.hand(seat) for seat in seats],
        "discards": game.discards,
        "stack_size": game.stack_size,
        "current": game.current_player,
        "over": game.is_over,
    }


def frontier(game: Game) -> list[tuple[int, int]]:
    """Empty squares next to a placed tile, in a stable order."""
    placed = {at for _, at, _ in game.board()}
    out = set()
    for x, y in placed:
        for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0)):
            if (x + dx, y + dy) not in placed:
                out.add((x + dx, y + dy))
    return sorted(out)


def random_figure(rng: random.Random, at: tuple[int, int]) -> Figure:
    """Any figure the notation can write, mostly meeples, sometimes with ``on``."""
    figure = "meeple" if rng.random() < 0.8 else rng.choice(FIGURES)
    feature = rng.choice(FEATURES)
    spot = None if feature in ("monastery", "garden") else rng.choice(SPOTS)
    on = None
    if rng.random() < 0.1:
        on = at if rng.random() < 0.5 else (at[0] + rng.choice((-1, 1)), at[1])
    return Figure(figure, feature, spot, on)


def segment_figure(rng: random.Random, tile: str, rotation: int) -> Figure:
    """A figure (mostly a meeple) on a real segment of ``tile`` turned
    ``rotation``, named by any of its sides or half-sides."""
    segment = rng.choice(TILES[tile].turned[rotation // 90].segments)
    figure = "meeple" if rng.random() < 0.6 else rng.choice(FIGURES)
    if segment.kind_name in ("monastery", "garden"):
        return Figure(figure, segment.kind_name)
    return Figure(figure, segment.kind_name, rng.choice(sorted(segment.spot_names)))


def random_recall(game: Game, rng: random.Random) -> ReturnAbbot:
    """An abbot recall that may or may not be legal (``ABBOT-RECALL``): from
    a square holding an abbot (anyone's), a monastery or garden, or any square."""
    figures = game.figures()
    abbots = [tuple(f["at"]) for f in figures if f["figure"] == "abbot"]
    cloisters = [tuple(f["at"]) for f in figures if f["feature"] in ("monastery", "garden")]
    roll = rng.random()
    if abbots and roll < 0.6:
        return ReturnAbbot(rng.choice(abbots))
    if cloisters and roll < 0.8:
        return ReturnAbbot(rng.choice(cloisters))
    return ReturnAbbot(rng.choice(game.board())[1])


def random_decision(game: Game, rng: random.Random) -> AnyMove:
    """A wonder decision or a dragon's step that may or may not be legal now."""
    if "princess_dragon" in game.sets and rng.random() < 0.5:
        return DragonStep(rng.choice(frontier(game) + [at for _, at, _ in game.board()]))
    if rng.random() < 0.5:
        return TakeWonder(rng.choice([*PIECES, "WO/petra"]))
    return AwardWonder(rng.randint(-1, len(game.players)))


def random_piece_move(game: Game, rng: random.Random) -> Move:
    """A wonder placement that may or may not be legal: a legal placement or a
    square next to the board, any rotation, 0 to 3 figures on its squares."""
    (piece,) = game.tiles_to_place
    if rng.random() < 0.6:
        at = rng.choice(game.legal_moves().placements()).at
    else:
        at = rng.choice(frontier(game))
    rotation = rng.choice(ROTATIONS)
    if "abbot" in game.sets and rng.random() < 0.2:  # ABBOT-RECALL-2
        return Move(piece, at, rotation, (), random_recall(game, rng))
    figures = []
    for _ in range(rng.choice((0, 1, 1, 2, 2, 3))):
        near = (at[0] + rng.randint(-2, 2), at[1] + rng.randint(-2, 2))
        figures.append(random_figure(rng, at)._replace(on=near))
    return Move(piece, at, rotation, tuple(figures))


def random_action(game: Game, rng: random.Random) -> Action:
    """A fairy move or a princess's removal (``PD-FAIRY-1``, ``PD-PRINCESS``)
    that may or may not be legal: mostly on a square holding a figure."""
    figures = game.figures()
    if figures and rng.random() < 0.8:
        fig = rng.choice(figures)
        at, feature, spot = tuple(fig["at"]), fig["feature"], fig["spot"]
    else:
        at = rng.choice(game.board())[1] if rng.random() < 0.9 else rng.choice(frontier(game))
        feature = rng.choice(FEATURES)
        spot = None if feature in ("monastery", "garden") else rng.choice(SPOTS)
    if rng.random() < 0.3:
        spot = rng.choice(SPOTS)
    roll = rng.random()
    if roll < 0.4:
        return Fairy.make(at, feature, spot if feature not in ("monastery", "garden") else None)
    if roll < 0.6:
        return Fairy(at)
    return Princess(at, spot or "N")


def portal_figure(game: Game, rng: random.Random) -> Figure:
    """A follower on a segment of any placed tile (``PD-PORTAL``), mostly
    on a real segment, legal or not."""
    tile, at, rotation = rng.choice(game.board())
    if tile in TILES:
        return segment_figure(rng, tile, rotation)._replace(on=at)
    return random_figure(rng, at)._replace(on=at)


def random_candidate(game: Game, rng: random.Random) -> AnyMove:
    """A move that may or may not be legal: a tile the player holds (rarely any
    tile) on a square next to the board (rarely elsewhere), with any rotation
    and figure. Half the time it starts from a legal placement, so that legal
    moves written in other ways (look-alike rotation, another spot name of the
    same segment) come up often. Wonder decisions and placements get
    candidates of their own kind (and sometimes a tile move)."""
    to_place = game.tiles_to_place
    if not to_place or rng.random() < 0.05:
        return random_decision(game, rng) if rng.random() < 0.9 else Move(
            "BA/Rr", rng.choice(frontier(game)), 0)
    if to_place[0] in PIECES:
        return random_piece_move(game, rng)
    if rng.random() < 0.5:
        placement = rng.choice(game.legal_moves().placements())
        rotation = placement.rotation if rng.random() < 0.5 else rng.choice(ROTATIONS)
        roll = rng.random()
        figures: tuple[Figure, ...] = ()
        if "princess_dragon" in game.sets and rng.random() < 0.3:
            if rng.random() < 0.5:
                return Move(placement.tile, placement.at, rotation, (),
                            random_action(game, rng))
            return Move(placement.tile, placement.at, rotation, (portal_figure(game, rng),))
        if roll < 0.5:
            figures = (segment_figure(rng, placement.tile, rotation),)
        elif roll < 0.8:
            figures = (random_figure(rng, placement.at),)
        elif roll < 0.9 and "abbot" in game.sets:
            return Move(placement.tile, placement.at, rotation, (),
                        random_recall(game, rng))
        return Move(placement.tile, placement.at, rotation, figures)
    tile = rng.choice(game.tiles_to_place) if rng.random() < 0.9 else rng.choice(list(TILES))
    roll = rng.random()
    if roll < 0.8:
        at = rng.choice(frontier(game))
    elif roll < 0.9:
        at = rng.choice(game.board())[1]
    else:
        at = (rng.randint(-80, 80), rng.randint(-80, 80))
    rotation = rng.choice(ROTATIONS) if rng.random() < 0.97 else rng.choice((45, 360, -90))
    figures = ()
    roll = rng.random()
    if roll < 0.6:
        figures = (random_figure(rng, at),)
    elif roll < 0.65:
        figures = (random_figure(rng, at), random_figure(rng, at))
    return Move(tile, at, rotation, figures)


def play_checked(game: Game, bots: list[Any]) -> Game:
    """Let ``bots`` (one per seat) play ``game`` to the end, checking that every
    chosen move is legal and listed before it is played."""
    while not game.is_over:
        seat = game.current_player
        assert seat is not None
        move = bots[seat].choose(game)
        assert game.is_legal(move), f"illegal move {move} chosen"
        assert move in game.legal_moves()
        game.play(move)
    return game
