"""A naive flood fill of the board's features, to check the engine against.

The engine keeps features in a union-find that merges as tiles are placed
(``engine/features.py``). This module knows nothing of it: it rebuilds the
board from public data (``game.board()``, ``game.figures()``) plus the tile
or wonder about to be placed, and walks from a segment to every segment it
touches, side by side and half-side by half-side, and along the parts of a
wonder's segments. What it finds is the feature *after the tile is
connected*, the one ``MEEPLE-3``, ``TB-BUILD-1`` and ``TB-PIG-1`` speak of,
and the features a follower may reach through a magic portal
(``PD-PORTAL``: free and not complete once the tile lies, not on the
dragon's square, ``PD-DRAGON-BLOCK``; none on a volcano, ``PD-VOLCANO``).

:class:`Position` turns that into the figure options the rules allow for
each placement, as ``(figure, square, segment index)`` triples, to compare
with what ``game.legal_moves()`` lists and ``game.play`` accepts.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from itertools import combinations
from typing import Any

from carcassonne import Figure, Game, Move
from carcassonne.tiles import CITY, FIELD, MONASTERY, ROAD, TILES, Turned
from carcassonne.tiles.geometry import (
    INNER,
    LOCATION_INDEX,
    facing_location,
    side_of,
    unpack,
)
from carcassonne.tiles.loader import GARDEN
from carcassonne.tiles.pieces import PIECES

Square = tuple[int, int]
#: A segment on the board: its square and its index on that square's tile.
Node = tuple[Square, int]
#: One figure option: figure name, square, segment index.
Option = tuple[str, Square, int]

STEP = ((0, -1), (1, 0), (0, 1), (-1, 0))  # N E S W, y grows south
FOLLOWERS = ("meeple", "large", "abbot")
#: Where the abbot may stand, and the one figure a garden takes (``ABBOT-2``, ``ABBOT-3``).
CLOISTERS = (MONASTERY, GARDEN)


class Board:
    """Every placed square, its turned tile, and the joins between the parts
    of a wonder's segments."""

    def __init__(self) -> None:
        self.tiles: dict[Square, Turned] = {}
        self.joins: dict[Node, list[Node]] = {}

    @classmethod
    def of(cls, game: Game) -> Board:
        board = cls()
        for tile, at, rotation in game.board():
            board.lay(tile, at, rotation)
        return board

    def lay(self, tile: str, at: Square, rotation: int) -> list[Square]:
        """Put a tile or a wonder down; the squares it covers, in its order."""
        if tile not in PIECES:
            self.tiles[at] = TILES[tile].turned[rotation // 90]
            return [at]
        piece = PIECES[tile].turned[rotation // 90]
        squares = []
        for offset, turned in piece.squares:
            dx, dy = unpack(offset)
            square = (at[0] + dx, at[1] + dy)
            self.tiles[square] = turned
            squares.append(square)
        for feature in piece.piece.features:
            parts = [(squares[k], index) for k, index in feature.parts]
            for a in parts:
                self.joins.setdefault(a, []).extend(b for b in parts if b != a)
        return squares

    def touching(self, node: Node) -> Iterator[Node]:
        """The segments ``node`` touches directly."""
        (x, y), index = node
        segment = self.tiles[(x, y)].segments[index]
        if segment.kind != MONASTERY:
            for loc in segment.locations:
                if loc == INNER:
                    continue
                dx, dy = STEP[side_of(loc)]
                neighbour = self.tiles.get((x + dx, y + dy))
                if neighbour is not None:
                    other = neighbour.at[facing_location(loc)]
                    assert other >= 0, "placed tiles always match"
                    yield (x + dx, y + dy), other
        yield from self.joins.get(node, ())

    def feature(self, start: Node) -> set[Node]:
        """Every segment of the feature ``start`` belongs to (breadth first)."""
        seen = {start}
        todo = deque([start])
        while todo:
            for other in self.touching(todo.popleft()):
                if other not in seen:
                    seen.add(other)
                    todo.append(other)
        return seen

    def complete(self, nodes: set[Node]) -> bool:
        """A road or city with no side left open; a monastery or garden with
        its eight neighbours; never a field."""
        for (x, y), index in nodes:
            kind = self.tiles[(x, y)].segments[index].kind
            if kind == FIELD:
                return False
            if kind not in (CITY, ROAD):
                return all((x + dx, y + dy) in self.tiles
                           for dx in (-1, 0, 1) for dy in (-1, 0, 1))
            for loc in self.tiles[(x, y)].segments[index].locations:
                dx, dy = STEP[side_of(loc)]
                if (x + dx, y + dy) not in self.tiles:
                    return False
        return True


def followers(game: Game, board: Board) -> dict[Node, int]:
    """The segment each follower on ``board`` (``game``'s) stands on, and its owner."""
    out = {}
    for fig in game.figures():
        if fig["figure"] not in FOLLOWERS:
            continue
        turned = board.tiles[tuple(fig["at"])]
        index = segment_of(turned, fig["feature"], fig["spot"])
        out[(tuple(fig["at"]), index)] = fig["player"]
    return out


class Position:
    """The board and followers of one position, rebuilt once, with the
    placements of the current decision laid on copies of it."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.board = Board.of(game)
        self.standing = followers(game, self.board)

    def after(self, placement: Move) -> tuple[Board, list[Square]]:
        """The board once ``placement`` lies, and the squares it covers."""
        board = Board()
        board.tiles = dict(self.board.tiles)
        board.joins = {node: list(nodes) for node, nodes in self.board.joins.items()}
        return board, board.lay(placement.tile, placement.at, placement.rotation)

    def figure_options(self, placement: Move) -> set[Option]:
        """Every single figure the rules allow the current player on
        ``placement`` (a tile or a wonder, without figures)."""
        game = self.game
        player = game.current_player
        assert player is not None
        supply = [k for k, n in game.supply(player).items() if n > 0]
        board, squares = self.after(placement)
        wonder = placement.tile in PIECES
        out: set[Option] = set()
        data = {} if wonder else TILES[placement.tile].data
        if data.get("volcano") or self.princess_due(board, placement):
            return out  # PD-VOLCANO; PD-PRINCESS "must": only the princess
        if data.get("portal"):
            out |= self.portal_options(board, placement, supply)
        for square in squares:
            for segment in board.tiles[square].segments:
                if wonder and segment.spot is None and segment.kind != MONASTERY:
                    continue  # a part that touches no side cannot be named
                nodes = board.feature((square, segment.index))
                owners = [self.standing[n] for n in nodes if n in self.standing]
                field = segment.kind == FIELD
                for figure in supply:
                    if figure in FOLLOWERS:
                        allowed = not owners and (not field or game.options.farmers)
                        if figure == "abbot":  # ABBOT-2
                            allowed = allowed and segment.kind in CLOISTERS
                        elif segment.kind == GARDEN:  # ABBOT-3, ABBOT-IC
                            allowed = False
                    elif wonder:
                        allowed = False  # WON-MEEPLE-1: only followers
                    elif figure == "builder":  # TB-BUILD-1
                        allowed = (segment.kind in (CITY, ROAD) and player in owners
                                   and not board.complete(nodes))
                    else:  # TB-PIG-1
                        allowed = field and player in owners
                    if allowed:
                        out.add((figure, square, segment.index))
        return out

    def dragon(self) -> Square | None:
        state = self.game.view(None).get("princess_dragon")
        return None if state is None or state["dragon"] is None else tuple(state["dragon"])

    def portal_options(self, board: Board, placement: Move, supply: list[str]) -> set[Option]:
        """``PD-PORTAL``: followers on any free feature of another placed tile
        that is not complete once the tile lies, the dragon's square barred."""
        out: set[Option] = set()
        dragon = self.dragon()
        for square, turned in self.board.tiles.items():
            if square == dragon:
                continue
            for segment in turned.segments:
                if segment.spot is None and segment.kind_name not in ("monastery", "garden"):
                    continue  # a wonder's part that touches no side cannot be named
                if segment.kind == FIELD and not self.game.options.farmers:
                    continue
                nodes = board.feature((square, segment.index))
                if any(n in self.standing for n in nodes) or board.complete(nodes):
                    continue
                # ABBOT-PD: through a portal too, the abbot only on a monastery
                # or a garden (ABBOT-2), a garden only the abbot (ABBOT-3)
                out |= {(f, square, segment.index) for f in supply if f in FOLLOWERS
                        and (segment.kind in CLOISTERS if f == "abbot"
                             else segment.kind != GARDEN)}
        return out

    def princess_due(self, board: Board, placement: Move) -> bool:
        """``PD-PRINCESS`` with ``"must"``: the tile's princess city holds a knight."""
        if self.game.options.princess_action != "must" or placement.tile in PIECES:
            return False
        turned = board.tiles[placement.at]
        return any(n in self.standing
                   for seg in turned.segments if seg.attribute("princess")
                   for n in board.feature((placement.at, seg.index)))

    def pair_options(self, placement: Move, singles: set[Option]) -> set[frozenset[Option]]:
        """Two followers on a wonder (``WON-MEEPLE-1``, ``WON-MEEPLE-2``): any
        two single options on different features, if the supply holds both."""
        player = self.game.current_player
        assert player is not None
        supply = self.game.supply(player)
        board, _ = self.after(placement)
        feature = {option: frozenset(board.feature(option[1:])) for option in singles}
        out = set()
        for a, b in combinations(sorted(singles), 2):
            if feature[a] == feature[b]:
                continue
            if a[0] == b[0] and supply[a[0]] < 2:
                continue
            out.add(frozenset((a, b)))
        return out


def option_of(placement: Move, fig: Figure, placed: Board | None = None) -> Option:
    """A listed figure as ``(figure, square, segment index)``; ``placed``
    holds the board's tiles, for a figure through a portal."""
    board = Board()
    if placed is not None:
        board.tiles = dict(placed.tiles)
    squares = board.lay(placement.tile, placement.at, placement.rotation)
    square = tuple(fig.on) if fig.on is not None else squares[0]
    turned = board.tiles[square]
    return fig.figure, square, segment_of(turned, fig.feature, fig.spot)


def segment_of(turned: Turned, feature: str, spot: str | None) -> int:
    """The segment a figure names: a monastery or garden by its kind (one a
    tile), anything else by a side or half-side."""
    if feature in ("monastery", "garden"):
        return next(s.index for s in turned.segments if s.kind_name == feature)
    assert spot is not None
    return turned.at[LOCATION_INDEX[spot]]


def listed_options(moves: Any, placement: Move,
                   placed: Board | None = None) -> tuple[set[Option], set[frozenset[Option]]]:
    """The single and double figure options a listing holds for ``placement``
    (``placed``: the board, for figures through a portal)."""
    singles: set[Option] = set()
    pairs: set[frozenset[Option]] = set()
    for move in moves:
        if (move.tile, move.at, move.rotation) != tuple(placement[:3]) or not move.figures:
            continue
        options = [option_of(placement, fig, placed) for fig in move.figures]
        if len(options) == 1:
            singles.add(options[0])
        else:
            pairs.add(frozenset(options))
    return singles, pairs
