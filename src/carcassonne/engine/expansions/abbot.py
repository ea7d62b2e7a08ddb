"""The Abbot (docs/rules.md §16): the abbot, gardens, and taking the abbot back.

Most of the set is the ordinary engine once two things are known:

* **Gardens are tile data.** A garden tile (``tiles/gardens.toml``, set
  ``abbot``) is a copy of a plain tile with one more segment, of kind
  ``GARDEN``. With this set each one replaces a copy of its twin in the
  stack (``ABBOT-4``, ``SETUP-5``: :func:`~carcassonne.engine.setup.full_stack`).
  A garden touches no side, so it is a feature of one node, like a
  monastery: the position tracks it with the monasteries, the tile that
  fills its eighth neighbour completes it and it scores 9, or at the end
  1 + its neighbours (``ABBOT-SCORE``, ``ABBOT-FINAL``; ``scoring.py``).
* **The abbot is a follower** of strength 1 (:meth:`Abbot.figures`:
  ``SETUP-2``, ``ABBOT-1``), so majorities, ``MEEPLE-3``, towers and
  whatever eats a follower treat it as one. Where it may stand is a rule of
  the figure and the feature's kind: only on a monastery or a garden, and a
  garden takes nothing else (``ABBOT-2``, ``ABBOT-3``:
  :func:`~carcassonne.engine.joins.stand_refusal`, which lists and checks
  read alike, through a magic portal too, ``ABBOT-PD``).

What this module adds is the recall (``ABBOT-RECALL``): instead of placing a
figure, the player takes their abbot back from an incomplete monastery or
garden and scores it at once as at game end (``FINAL-3``). It is an action
(:class:`~carcassonne.engine.moves.ReturnAbbot`), listed beside the figure
options for every placement of a tile or a wonder, except when the abbot's
monastery or garden is one the placement completes (then it scores in step 4
as usual). The set keeps no state of its own: where the abbot stands is the
position's figures.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from carcassonne.engine.events import ScoreEvent
from carcassonne.engine.expansions.base import Expansion, PositionView
from carcassonne.engine.moves import ReturnAbbot
from carcassonne.tiles import KIND_NAMES, Turned
from carcassonne.tiles.geometry import RING, pack, unpack

if TYPE_CHECKING:
    from carcassonne.engine.events import Award
    from carcassonne.engine.moves import Action

#: The figure's name (``docs/formats.md``).
ABBOT = "abbot"


def abbots(position: PositionView, player: int) -> list[int]:
    """The nodes ``player``'s abbots stand on, in node order (none while the
    abbot is in supply: the quick answer of most placements)."""
    if position.supply[player].get(ABBOT, 1) > 0:
        return []
    return sorted(node for node, (owner, figure) in position.figures.items()
                  if owner == player and figure == ABBOT)


def completes(position: PositionView, square: int, placed: tuple[int, ...]) -> bool:
    """Whether the monastery or garden on ``square`` is complete once the
    squares ``placed`` hold tiles too (``FEAT-MON``, ``ABBOT-3``)."""
    tiles = position.board.tiles
    return all(square + d in tiles or square + d in placed for d in RING)


def recalls(position: PositionView, player: int, placed: tuple[int, ...]) -> list[Action]:
    """``ABBOT-RECALL``: a :class:`ReturnAbbot` for each abbot of ``player``
    on a monastery or garden still incomplete once ``placed`` lie (a tile's
    square, or a wonder's squares)."""
    node_pos = position.features.node_pos
    out: list[Action] = []
    for node in abbots(position, player):
        square = node_pos[node]
        if not completes(position, square, placed):
            out.append(ReturnAbbot(unpack(square)))
    return out


class Abbot(Expansion):
    set_name = "abbot"

    def figures(self) -> dict[str, tuple[int, int]]:
        return {ABBOT: (1, 1)}  # SETUP-2, ABBOT-1; ABBOT-2: a follower of strength 1

    # -- the recall: an action instead of a figure ----------------------------------

    def actions(self, position: PositionView, player: int, pos: int,
                turned: Turned) -> list[Action]:
        """``ABBOT-RECALL``, ``ABBOT-RECALL-2``: asked before the tile lies, in
        either part of a builder's turn."""
        return recalls(position, player, (pos,))

    def refuse_action(self, position: PositionView, player: int, action: Action, pos: int,
                      turned: Turned) -> str | None:
        if not isinstance(action, ReturnAbbot):
            return None
        x, y = action.on
        name = position.players[player]
        square = pack(x, y) if -2000 < x < 2000 and -2000 < y < 2000 else None
        node_pos = position.features.node_pos
        for node in abbots(position, player):
            if node_pos[node] == square:
                kind = KIND_NAMES[position.features.node_seg[node].kind]
                return (f"ABBOT-RECALL: the {kind} at {x},{y} is complete once this tile "
                        f"lies, so {name}'s abbot scores it as usual and cannot be recalled")
        if not abbots(position, player):
            return f"ABBOT-RECALL: {name}'s abbot is not on the board"
        return f"ABBOT-RECALL: {name} has no abbot on {x},{y}"

    def do_action(self, position: PositionView, player: int, action: Action, move: int,
                  award: Award) -> None:
        """Score the monastery or garden as at game end (``FINAL-3``), let
        the other sets hear of it as of any feature scored (the fairy's 3
        points beside the abbot, ``PD-FAIRY-4``), and take the abbot back to
        supply (``ABBOT-RECALL``). The tile just placed lies already, so it
        counts if it is a neighbour."""
        if not isinstance(action, ReturnAbbot):
            return
        features = position.features
        square = pack(*action.on)
        node = next(n for n in abbots(position, player) if features.node_pos[n] == square)
        r = features.root[node]
        kind = KIND_NAMES[features.node_seg[r].kind]
        tiles = position.board.tiles
        neighbours = sum(1 for d in RING if square + d in tiles)
        points = 1 + neighbours
        plural = "neighbour" if neighbours == 1 else "neighbours"
        award(ScoreEvent(move, player, points, kind, False,
                         f"abbot recalled from an incomplete {kind} with {neighbours} "
                         f"{plural}: {points}", points))
        position.feature_scored(r, move, False, award)  # PD-FAIRY-4: by an abbot recall
        position.return_figures(r)

    def piece_actions(self, position: PositionView, player: int,
                      squares: tuple[int, ...]) -> list[Action]:
        """``ABBOT-RECALL-2``: the recall on a Wonders turn, instead of the
        wonder's figures; a wonder that completes the abbot's monastery or
        garden leaves it to score as usual."""
        return recalls(position, player, squares)
