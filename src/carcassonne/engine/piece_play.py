"""Placing a piece (a wonder): checking the move, its figure options, doing it.

A piece lies on the board as one tile per square (``tiles/pieces.py``), so
once placed everything else (fitting, features, scoring) is the ordinary
engine. What differs is the move: an anchor square and a rotation for the
whole piece (``WON-PLACE-1``), and up to :data:`PIECE_FIGURES` followers as
one figure action, each on a different feature (``WON-MEEPLE-1``,
``WON-MEEPLE-2``). A figure names a segment's part by its board square
(``on``) and a side or half-side there, and stands on that part: a road or
city across several squares offers one spot per square, as a tile offers its
sides, and a watchtower nearby counts the figure where it was put
(``WT-AREA``).

Also here: the land tile of ``WON-PLACE-3``, drawn when a piece fits nowhere
and placed (without figures) only where the piece then fits.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from carcassonne.engine.board import ALL_FITS
from carcassonne.engine.errors import IllegalMove
from carcassonne.engine.figures import figure_value
from carcassonne.engine.joins import refuse_action, stand_refusal
from carcassonne.engine.moves import Action, AnyMove, Figure, Move
from carcassonne.tiles import FIELD, KIND_CODES, TILE_LIST
from carcassonne.tiles.geometry import LOCATION_INDEX, QUARTER_OF, pack, unpack
from carcassonne.tiles.pieces import PIECE_FIGURES, PIECES, PieceTurn

if TYPE_CHECKING:
    from carcassonne.engine.position import Position

#: Per square of a placed piece, per segment: (feature root, already claimed).
Claims = list[list[tuple[int, bool]]]


def claims(position: Position, anchor: int, piece: PieceTurn) -> Claims:
    """What each part of ``piece`` would join if its anchor lay on ``anchor``:
    the feature's root and whether a follower already stands in it. The nodes
    are made for a moment, joined, read, and rolled back."""
    features = position.features
    journal, nodes = len(features.journal), len(features.root)
    keep, features.keep = features.keep, True  # rolled back below, even without undo
    tiles = position.board.tiles
    firsts = [features.add_tile(anchor + offset, turned, tiles)
              for offset, turned in piece.squares]
    base = firsts[0]
    for a, b in piece.joins:
        features.join(base + a, base + b)
    root, followers = features.root, features.followers
    out = [[(root[first + seg.index], followers[root[first + seg.index]] > 0)
            for seg in turned.segments]
           for first, (_, turned) in zip(firsts, piece.squares, strict=True)]
    features.rollback(journal, nodes)
    features.keep = keep
    return out


def check(position: Position, move: object, piece_id: str,
          ) -> tuple[int, PieceTurn, list[tuple[int, int, str]]]:
    """Resolve a piece move to (anchor, turned piece, [(square, segment,
    figure)]) or raise :class:`IllegalMove` naming the rule."""
    player = position.current
    if not isinstance(move, Move) or move.tile != piece_id:
        raise IllegalMove("WON-PLACE-1", f"{position.players[player]} must place {piece_id} "
                                         f"this turn, not {move}")
    quarter = QUARTER_OF.get(move.rotation)
    if quarter is None:
        raise IllegalMove("PLACE-3", f"rotation must be 0, 90, 180 or 270, not {move.rotation}")
    x, y = move.at
    if not (-2000 < x < 2000 and -2000 < y < 2000):
        raise IllegalMove("WON-PLACE-1", f"square {x},{y} touches no placed tile")
    anchor = pack(x, y)
    piece = PIECES[piece_id].turned[quarter]
    reason = position.board.piece_misfit(anchor, piece)
    if reason is not None:
        raise IllegalMove.from_reason(reason, f"{piece_id} at {x},{y} turned {move.rotation}")
    if move.action is not None:  # ABBOT-RECALL-2: instead of the figures
        if move.figures:
            raise IllegalMove("MEEPLE-1", "an action replaces the wonder's figures: not both")
        check_action(position, move, anchor, piece)
        return anchor, piece, []
    if len(move.figures) > PIECE_FIGURES:
        raise IllegalMove("WON-MEEPLE-1", f"at most {PIECE_FIGURES} figures go on a wonder")
    if not move.figures:
        return anchor, piece, []
    supply, strength = position.supply[player], position.strength
    claimed = claims(position, anchor, piece)
    squares = {anchor + offset: k for k, (offset, _) in enumerate(piece.squares)}
    wanted: Counter[str] = Counter()
    used: set[int] = set()
    out = []
    for fig in move.figures:
        if fig.figure not in supply:
            raise IllegalMove("MEEPLE-2", f"there is no {fig.figure} in this game")
        if not strength[fig.figure]:
            raise IllegalMove("WON-MEEPLE-1", f"only followers go on a wonder, not a "
                                              f"{fig.figure}")
        wanted[fig.figure] += 1
        if supply[fig.figure] < wanted[fig.figure]:
            raise IllegalMove("MEEPLE-6", f"{position.players[player]} has not enough "
                                          f"{fig.figure}s in supply")
        on = fig.on if fig.on is not None else move.at
        k = squares.get(pack(*on))
        if k is None:
            raise IllegalMove("MEEPLE-1", f"square {on[0]},{on[1]} is not part of {piece_id}")
        turned = piece.squares[k][1]
        if fig.feature == "monastery":
            index = turned.monastery
        else:
            loc = LOCATION_INDEX[fig.spot] if fig.spot is not None else -1
            index = turned.at[loc] if loc >= 0 else -1
            if index >= 0 and turned.segments[index].kind_name != fig.feature:
                index = -1
        if index < 0:
            raise IllegalMove("MEEPLE-2", f"{piece_id} has no {fig.feature} at "
                                          f"{fig.spot} on {on[0]},{on[1]}")
        reason = stand_refusal(fig.figure, turned.segments[index].kind)  # ABBOT-WON
        if reason is not None:
            raise IllegalMove.from_reason(reason)
        if turned.segments[index].kind == FIELD and not position.options.farmers:
            raise IllegalMove("MEEPLE-2", "farmers are switched off in this game "
                                          "(option farmers = false)")
        root, taken = claimed[k][index]
        if taken:
            raise IllegalMove("MEEPLE-3", f"the {fig.feature} at {fig.spot} on "
                                          f"{on[0]},{on[1]} already holds a follower")
        if root in used:
            raise IllegalMove("WON-MEEPLE-2", "two figures may not stand in the same feature")
        used.add(root)
        out.append((k, index, fig.figure))
    return anchor, piece, out


def action_options(position: Position, anchor: int, piece: PieceTurn) -> list[Action]:
    """What the current player may do instead of putting figures on ``piece``
    laid on ``anchor`` (``ABBOT-RECALL-2``): each acting set's list."""
    squares = tuple(anchor + offset for offset, _ in piece.squares)
    out: list[Action] = []
    for expansion in position.actors:
        out.extend(expansion.piece_actions(position, position.current, squares))
    return out


def check_action(position: Position, move: Move, anchor: int, piece: PieceTurn) -> None:
    """Raise :class:`IllegalMove` unless ``move``'s action is one of
    :func:`action_options`, naming the rule the expansion gives."""
    action = move.action
    assert action is not None  # the caller checks a move with an action only
    if action not in action_options(position, anchor, piece):
        refuse_action(position, action, anchor, piece.squares[0][1], "on a wonder")


def placements(piece_id: str, spots: list[tuple[int, int]]) -> list[AnyMove]:
    """The placements ``spots`` (anchor, quarter) as figure-less moves."""
    return [Move(piece_id, unpack(anchor), 90 * quarter) for anchor, quarter in spots]


def options(position: Position, move: Move) -> list[AnyMove]:
    """Every legal move of one piece placement: no figure, one figure on each
    free feature, then two figures on two different free features."""
    piece = PIECES[move.tile].turned[move.rotation // 90]
    anchor = pack(*move.at)
    claimed = claims(position, anchor, piece)
    supply, strength = position.supply[position.current], position.strength
    kinds = [k for k, n in supply.items() if n > 0 and strength[k]]
    targets: list[tuple[int, Figure]] = []  # (root, a figure on one part), in piece order
    for feature in piece.piece.features:
        for k, index in feature.parts:
            offset, turned = piece.squares[k]
            seg = turned.segments[index]
            root, taken = claimed[k][index]
            if seg.spot is None or taken or (seg.kind == FIELD and not position.options.farmers):
                continue
            named = figure_value("meeple", seg)
            targets.append((root, named._replace(on=unpack(anchor + offset))))
    out: list[AnyMove] = [move]
    # ABBOT-WON: the abbot only on a monastery of the wonder (none has one)
    singles = [(root, named._replace(figure=kind)) for root, named in targets for kind in kinds
               if stand_refusal(kind, KIND_CODES[named.feature]) is None]
    out.extend(move._replace(figures=(fig,)) for _, fig in singles)
    if PIECE_FIGURES >= 2:
        for i, (ra, fa) in enumerate(singles):
            for rb, fb in singles[i + 1:]:
                if ra == rb:
                    continue
                if fa.figure == fb.figure and supply[fa.figure] < 2:
                    continue
                out.append(move._replace(figures=(fa, fb)))
    if position.actors:
        out.extend(move._replace(action=action)
                   for action in action_options(position, anchor, piece))
    return out


def helper_spots(position: Position, tile: int, piece_id: str) -> set[tuple[int, int]]:
    """``WON-PLACE-3``: where land tile ``tile`` may go (square, quarter turn)
    so that the piece fits afterwards; every rotation, alike-looking ones
    included."""
    board = position.board
    piece = PIECES[piece_id]
    fits = ALL_FITS[tile]
    out = set()
    keep, board.keep = board.keep, True  # each trial is taken back, even without undo
    for key in list(board.active):
        bits = fits[key]
        if not bits:
            continue
        for pos in list(board.groups[key]):
            for quarter in range(4):
                if not bits >> quarter & 1:
                    continue
                board.place(pos, TILE_LIST[tile].turned[quarter], -1)
                if board.piece_placements(piece):
                    out.add((pos, quarter))
                board.unplace()
    board.keep = keep
    return out
