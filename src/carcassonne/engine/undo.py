"""The undo frame: what one move changed, with named fields.

python-chess keeps a ``_BoardState`` per move, OpenSpiel a
``TurnHistoryInfo``; a game here keeps an :class:`UndoFrame` per move
(unless it keeps no undo), made by
:meth:`~carcassonne.engine.position.Position.save` before the move and read
by :meth:`~carcassonne.engine.position.Position.restore` to take it back.
What is small is saved whole, what only grows (features, board, figures,
events) as its length before the move, cut back to on undo.
"""

from __future__ import annotations

from typing import Any


class UndoFrame:
    """What one move changed, to take it back (:meth:`Position.restore`).

    Saved whole: the seat to move, how many tiles were drawn, the hands,
    scores and supplies (tuples and dicts never changed in place), whether
    the game was over, the turn part, the expansions' state (a copy), and the
    decision under way (``mode``, ``resume``, ``turn``), and the draw order
    when an expansion reorders it (``stack``). Saved as a length,
    cut back to on undo: the score events, discards, feature nodes and the
    journals of features, board and figures. ``square`` is where the move
    put a tile (its monastery is forgotten on undo), or None.

    Made once per move, so made with its fields in order, not by keyword
    (cheaper in the pure Python engine)."""

    __slots__ = ("board_journal", "current", "discards", "draw", "events", "feature_journal",
                 "figure_journal", "hands", "mode", "nodes", "over", "part", "resume",
                 "scores", "square", "stack", "state", "supply", "turn")

    def __init__(self, current: int, draw: int, hands: tuple[tuple[int, ...], ...],
                 scores: tuple[int, ...], supply: tuple[dict[str, int], ...], events: int,
                 discards: int, over: bool, nodes: int, feature_journal: int,
                 board_journal: int, figure_journal: int, square: int | None, part: int,
                 state: dict[str, Any], mode: tuple[Any, ...] | None,
                 resume: tuple[int, bool, str | None, int | None] | None, turn: int,
                 stack: list[int] | None) -> None:
        #: The seat to move, and how many tiles of the stack were drawn.
        self.current = current
        self.draw = draw
        #: Hands, scores and supplies as they were (never changed in place).
        self.hands = hands
        self.scores = scores
        self.supply = supply
        #: How many score events and discards there were.
        self.events = events
        self.discards = discards
        self.over = over
        #: Feature nodes, and the lengths of the features', board's and
        #: figures' journals.
        self.nodes = nodes
        self.feature_journal = feature_journal
        self.board_journal = board_journal
        self.figure_journal = figure_journal
        #: Where the move put a tile or a piece's anchor (None: a decision).
        self.square = square
        self.part = part
        #: The expansions' state (a copy, or shared while there is none).
        self.state = state
        #: The decision under way, and the turn count.
        self.mode = mode
        self.resume = resume
        self.turn = turn
        #: The draw order (a list never changed in place) when an expansion
        #: may change it as tiles are drawn (``PD-REC``), else None.
        self.stack = stack


