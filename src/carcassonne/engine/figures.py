"""Figures on a tile being placed: which may go where, and why one may not.

:func:`figure_options` lists the figures a placement allows (``MEEPLE-1``
to ``MEEPLE-6``, the abbot's rules, a special figure's expansion rule,
a follower through a magic portal); :func:`check_figure` says why one figure
of a move is refused, naming the rule. Both read the same rules so that they
cannot drift apart; :mod:`carcassonne.engine.legal` lists and checks whole
moves with them.

Rules kept elsewhere and read here: where a figure may never stand, whoever
holds it (the abbot and gardens, :func:`~carcassonne.engine.joins.stand_refusal`),
how a tile about to be placed joins the features around it
(:mod:`carcassonne.engine.joins`), and a follower through a portal
(:mod:`carcassonne.engine.elsewhere`). Sets that bar figures from a tile
(a volcano, ``PD-VOLCANO``) say so through :func:`barred`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from carcassonne.engine import elsewhere
from carcassonne.engine.errors import IllegalMove
from carcassonne.engine.features import garden
from carcassonne.engine.joins import ABBOT, free, joined, refusal, stand_refusal, touching
from carcassonne.engine.moves import Figure, Move
from carcassonne.tiles import FIELD, KIND_NAMES, MONASTERY, Segment, Turned
from carcassonne.tiles.geometry import LOCATION_INDEX
from carcassonne.tiles.loader import GARDEN

if TYPE_CHECKING:
    from carcassonne.engine.position import Position

_FIGURES: Final[dict[tuple[str, Segment], Figure]] = {}


def figure_value(figure: str, segment: Segment) -> Figure:
    """The (shared) :class:`Figure` value for a figure on a segment."""
    key = (figure, segment)
    fig = _FIGURES.get(key)
    if fig is None:
        fig = _FIGURES[key] = Figure(figure, KIND_NAMES[segment.kind], segment.spot)
    return fig


def figure_options(position: Position, pos: int, turned: Turned) -> list[Figure]:
    """The figures the current player may put on ``turned`` placed on ``pos``
    (``MEEPLE-1`` to ``MEEPLE-6``), "no figure" not included."""
    player = position.current
    supply = position.supply[player]
    strength = position.strength
    followers: list[str] = []
    specials: list[str] = []
    for k, n in supply.items():
        if n > 0:
            (followers if strength[k] else specials).append(k)
    if not followers and not specials:
        return []  # MEEPLE-6
    placers = position.placers
    if placers and barred(position, pos, turned) is not None:
        return []  # PD-VOLCANO
    touched = touching(position, pos, turned)
    empty = free(position, pos, turned, touched)
    farmers = position.farmers
    joins = joined(position, pos, turned, touched) if specials else None
    out = []
    for seg in turned.in_order:
        kind = seg.kind
        if followers and empty[seg.index] and (kind != FIELD or farmers):
            for figure in followers:
                # as stand_refusal says: the abbot on a monastery or a garden
                # only (ABBOT-2), nothing else on a garden (ABBOT-3)
                if figure == ABBOT:
                    if kind != MONASTERY and kind != GARDEN:
                        continue
                elif kind == GARDEN:
                    continue
                out.append(figure_value(figure, seg))
        if joins is not None:
            for figure in specials:
                if refusal(position, player, figure, joins[seg.index]) is None:
                    out.append(figure_value(figure, seg))
    if placers:  # PD-PORTAL: on another placed tile
        out.extend(fig for _, fig in elsewhere.options(position, player, pos, turned))
    return out


def barred(position: Position, pos: int, turned: Turned) -> str | None:
    """Why no figure may go on ``turned`` placed on ``pos`` (``PD-VOLCANO``), or None."""
    for expansion in position.placers:
        reason = expansion.figures_barred(position, pos, turned)
        if reason is not None:
            return reason
    return None


def segment_index(turned: Turned, fig: Figure) -> int:
    """The segment of ``turned`` that ``fig`` (one of its figure options) stands on."""
    if fig.feature == "garden":
        return garden(turned)
    if fig.feature == "monastery" or fig.spot is None:
        return int(turned.monastery)
    return int(turned.at[LOCATION_INDEX[fig.spot]])


def check_figure(position: Position, fig: Figure, move: Move, turned: Turned,
                 pos: int) -> tuple[int, str]:
    """Resolve one figure of a tile move to (segment, figure), or raise
    :class:`IllegalMove` naming the rule (``MEEPLE-1`` to ``MEEPLE-6``, or an
    expansion's rule for a special figure)."""
    player = position.current
    supply = position.supply[player]
    if fig.figure not in supply:
        raise IllegalMove("MEEPLE-2", f"there is no {fig.figure} in this game")
    if supply[fig.figure] <= 0:
        raise IllegalMove("MEEPLE-6", f"{position.players[player]} has no {fig.figure} left "
                                      f"in supply")
    if position.placers:
        no_figure = barred(position, pos, turned)
        if no_figure is not None:
            raise IllegalMove.from_reason(no_figure)
    if fig.on is not None and tuple(fig.on) != tuple(move.at):
        if position.placers:  # PD-PORTAL: a node of another tile, written -1 - node
            found = elsewhere.place(position, player, pos, turned, fig)
            if isinstance(found, str):
                raise IllegalMove.from_reason(found)
            return -1 - found, fig.figure
        raise IllegalMove("MEEPLE-1", f"a figure goes on the tile just placed "
                                      f"({move.at[0]},{move.at[1]}), not on {fig.on}")
    if fig.feature == "monastery" or fig.feature == "garden":
        index = turned.monastery if fig.feature == "monastery" else garden(turned)
        if index < 0:
            raise IllegalMove("MEEPLE-2", f"{move.tile} has no {fig.feature}")
    else:
        loc = LOCATION_INDEX[fig.spot] if fig.spot is not None else -1
        index = turned.at[loc] if loc >= 0 else -1
        if index < 0 or turned.segments[index].kind_name != fig.feature:
            raise IllegalMove("MEEPLE-2", f"{move.tile} turned {move.rotation} has no "
                                          f"{fig.feature} at {fig.spot}")
    segment = turned.segments[index]
    reason = stand_refusal(fig.figure, segment.kind)
    if reason is not None:
        raise IllegalMove.from_reason(reason)
    if position.strength[fig.figure]:
        if segment.kind == FIELD and not position.farmers:
            raise IllegalMove("MEEPLE-2", "farmers are switched off in this game "
                                          "(option farmers = false)")
        if not free(position, pos, turned)[index]:
            raise IllegalMove("MEEPLE-3", f"the {fig.feature} at {fig.spot}, once the tile "
                                          f"is connected, already holds a follower")
    else:
        reason = refusal(position, player, fig.figure, joined(position, pos, turned)[index])
        if reason is not None:
            raise IllegalMove.from_reason(reason)
    return index, fig.figure
