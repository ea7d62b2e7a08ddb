"""The action space: one ``Discrete(N)`` cut into blocks of fixed meaning.

An engine move is made of one or more environment actions (see
``decision.py``). Every action index falls into exactly one block::

    place   slot (3) x window row dy (W) x window column dx (W) x quarter turn (4)
    figure  figure kind (4) x square of the piece (5) x spot (14)
    stop    1: no further figure, play the placement as chosen so far
    take    one per wonder id (sorted), ``take:WO/...``
    award   one per seat relative to the deciding player, ``award:p``
    elsewhere  window square (W x W): a follower goes through a magic
            portal to that square (``PD-PORTAL``); a ``figure`` action on
            square 0 follows, naming its kind and spot
    return  window square (W x W): take the abbot back from there
            (``ABBOT-RECALL``)
    fairy   window square (W x W): move the fairy there (``PD-FAIRY-1``);
            a ``spot`` action follows naming the follower's segment, except
            with ``fairy_placement`` ``"on_tile"``
    princess  window square (W x W): the princess removes a knight there
            (``PD-PRINCESS``); a ``spot`` action follows
    spot    one per spot (15): the segment of a fairy or princess action
    dragon  window square (W x W): the dragon's next step (``PD-DRAGON-TILE``)

The numbers in brackets do not depend on the game's sets or options, so one
policy network fits every game::

    >>> layout = ActionLayout(window=40)
    >>> layout.size
    27601
    >>> layout.describe(layout.place(slot=0, dx=20, dy=19, quarter=1))
    ('place', 0, 20, 19, 1)
    >>> layout.describe(layout.stop)
    ('stop',)

``slot`` indexes ``game.tiles_to_place`` (the drawn tile, the hand of the
3-tile variant, a wonder piece or the helper tile of ``WON-PLACE-3``);
``dx, dy`` are the square's column and row in the observation window whose
corner is the board square ``origin`` (see ``carcassonne.env.observations``). A wonder
piece is placed by its anchor square.
"""

from __future__ import annotations

from typing import Final

from carcassonne.engine.moves import FIGURE_NAMES
from carcassonne.engine.setup import SUPPORTED_SETS
from carcassonne.tiles.geometry import LOCATION_NAMES
from carcassonne.tiles.pieces import PIECES

#: The sets whose decisions this layout can write as actions: every set the
#: engine plays (the abbot and its garden spot, its recall, the portal, the
#: fairy, the princess and the dragon's steps have their blocks).
ENCODED_SETS: Final[tuple[str, ...]] = SUPPORTED_SETS
#: Figure kinds in the order of the figure block.
FIGURE_KINDS: Final[tuple[str, ...]] = FIGURE_NAMES
#: Spots in the order of the figure and spot blocks: the 13 locations, then
#: a monastery and a garden (``ABBOT-3``: spotless features, one per tile).
SPOTS: Final[tuple[str, ...]] = (*LOCATION_NAMES, "monastery", "garden")
MONASTERY_SPOT: Final = len(LOCATION_NAMES)
GARDEN_SPOT: Final = len(LOCATION_NAMES) + 1
#: The blocks of one window square each, after the award block, in order.
SQUARE_BLOCKS: Final[tuple[str, ...]] = ("elsewhere", "return", "fairy", "princess")
#: Every wonder of the catalogue, sorted: the order of the take block.
WONDER_IDS: Final[tuple[str, ...]] = tuple(sorted(PIECES))
#: The most squares any piece covers: the square axis of the figure block.
PIECE_SQUARES: Final = max(len(p.turned[0].squares) for p in PIECES.values())
#: The most seats any combination of sets allows (6 with Inns & Cathedrals).
MAX_SEATS: Final = 6
#: Tiles a player may choose from: 3 in the hand variant (``VAR-HAND-1``).
HAND_SLOTS: Final = 3
#: Quarter turns of a placement (0, 90, 180, 270 degrees).
QUARTERS: Final = 4
#: The default window side, in squares. Measured over 25,000 random games
#: of every set (2 to 6 players, with and without the 3-tile hand): no legal
#: placement (wonder anchors included) lay more than 17 squares from the
#: centre of the board's bounding box (17 once, 16 in a few games), and no board
#: spanned more than 30 squares. A window of 44 reaches 22 squares left and
#: up and 21 right and down of the centre: 4 squares of margin (docs/env.md).
DEFAULT_WINDOW: Final = 44


class ActionLayout:
    """Where each block of the action space starts, for one window size."""

    __slots__ = ("award_base", "dragon_base", "elsewhere_base", "fairy_base", "figure_base",
                 "place_count", "princess_base", "return_base", "size", "spot_base", "stop",
                 "take_base", "window")

    def __init__(self, window: int = DEFAULT_WINDOW) -> None:
        if type(window) is not int or window < 3:
            raise ValueError(f"window must be an int of at least 3 squares, not {window!r}")
        self.window = window
        self.place_count = HAND_SLOTS * window * window * QUARTERS
        self.figure_base = self.place_count
        self.stop = self.figure_base + len(FIGURE_KINDS) * PIECE_SQUARES * len(SPOTS)
        self.take_base = self.stop + 1
        self.award_base = self.take_base + len(WONDER_IDS)
        area = window * window
        self.elsewhere_base = self.award_base + MAX_SEATS
        self.return_base = self.elsewhere_base + area
        self.fairy_base = self.return_base + area
        self.princess_base = self.fairy_base + area
        self.spot_base = self.princess_base + area
        self.dragon_base = self.spot_base + len(SPOTS)
        self.size = self.dragon_base + area

    def place(self, slot: int, dx: int, dy: int, quarter: int) -> int:
        """The action placing tile ``slot`` on window square ``(dx, dy)``."""
        w = self.window
        return ((slot * w + dy) * w + dx) * QUARTERS + quarter

    def figure(self, kind: int, square: int, spot: int) -> int:
        """The action putting figure ``FIGURE_KINDS[kind]`` on ``SPOTS[spot]``
        of the ``square``-th square of the piece (0 on a tile)."""
        return self.figure_base + (kind * PIECE_SQUARES + square) * len(SPOTS) + spot

    def take(self, wonder: int) -> int:
        """The action taking ``WONDER_IDS[wonder]``."""
        return self.take_base + wonder

    def award(self, relative_seat: int) -> int:
        """The action giving the next wonder to the seat ``relative_seat``
        places after the deciding player (0 is the decider)."""
        return self.award_base + relative_seat

    def square(self, base: int, dx: int, dy: int) -> int:
        """The action of window square ``(dx, dy)`` in the square block
        starting at ``base`` (``elsewhere_base``, ``return_base``,
        ``fairy_base``, ``princess_base``, ``dragon_base``)."""
        return base + dy * self.window + dx

    def spot(self, spot: int) -> int:
        """The action naming ``SPOTS[spot]`` for a fairy or princess action."""
        return self.spot_base + spot

    def squared(self, action: int) -> tuple[str, int, int]:
        """A square block action's block name and window square ``dx``,
        ``dy`` (unchecked: ``action`` must lie in one of those blocks)."""
        w = self.window
        if action >= self.dragon_base:
            index = action - self.dragon_base
            return "dragon", index % w, index // w
        block = (action - self.elsewhere_base) // (w * w)
        index = action - self.elsewhere_base - block * w * w
        return SQUARE_BLOCKS[block], index % w, index // w

    def placed(self, action: int) -> tuple[int, int, int, int]:
        """A ``place`` action's tile slot, window square ``dx``, ``dy`` and
        quarter turns (the inverse of :meth:`place`; unchecked)."""
        w = self.window  # (``//`` and ``%``: compiled, ``divmod`` makes a tuple of objects)
        rest = action // QUARTERS
        square = rest // w
        return square // w, rest % w, square % w, action % QUARTERS

    def figured(self, action: int) -> tuple[int, int, int]:
        """A figure action's kind, square and spot indexes (the inverse of
        :meth:`figure`; unchecked)."""
        index = action - self.figure_base
        rest = index // len(SPOTS)
        return rest // PIECE_SQUARES, rest % PIECE_SQUARES, index % len(SPOTS)

    def describe(self, action: int) -> tuple[str | int, ...]:
        """What an action index means, as a tuple naming its block first."""
        if not 0 <= action < self.size:
            raise ValueError(f"action {action} is outside the action space (0..{self.size - 1})")
        if action < self.figure_base:
            slot, dx, dy, quarter = self.placed(action)
            return ("place", slot, dx, dy, quarter)
        if action < self.stop:
            kind, square, spot = self.figured(action)
            return ("figure", FIGURE_KINDS[kind], square, SPOTS[spot])
        if action == self.stop:
            return ("stop",)
        if action < self.award_base:
            return ("take", WONDER_IDS[action - self.take_base])
        if action < self.elsewhere_base:
            return ("award", action - self.award_base)
        if self.spot_base <= action < self.dragon_base:
            return ("spot", SPOTS[action - self.spot_base])
        block, dx, dy = self.squared(action)
        return (block, dx, dy)
