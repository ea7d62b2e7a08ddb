"""One engine decision as a small tree of actions (compiled with the engine).

An engine move is reached by one or more actions (``layout.py`` numbers them):

1. the **first action** places a tile or piece (``place`` block) or makes a
   wonder decision (``take``, ``award``);
2. after a placement that offers figures, **figure actions** add figures one
   at a time, in increasing action order, and ``stop`` plays the placement
   with the figures chosen so far. A tile takes 0 or 1 figure, a wonder
   piece 0 to 2 (``WON-MEEPLE-1``). Instead of a figure on the tile, the
   second action may name a window square: a follower through a magic
   portal (``elsewhere``, then the figure action on square 0,
   ``PD-PORTAL``), the abbot taken back (``return``, ``ABBOT-RECALL``), the
   fairy moved (``fairy``, then a ``spot`` action naming the follower's
   segment unless ``fairy_placement`` is ``"on_tile"``, ``PD-FAIRY-1``), a
   knight removed (``princess``, then its ``spot``, ``PD-PRINCESS``);
3. each step of a dragon's flight is a decision of its own: one ``dragon``
   action naming the square (``PD-DRAGON-TILE``).

A move is played as soon as its actions are complete: when the chosen
actions name one listed move alone (nothing else begins with them). So a
placement without figure options is one action, a tile with a figure is two
(``place``, ``figure``), a tile without its possible figure is two
(``place``, ``stop``), and a forced step is skipped (a placement whose only
move removes the one knight the princess must remove is one action).

The masks (``carcassonne.env.actions.action_mask``) come from the
engine's legal moves only, never from rules of their own: the first mask
holds the encoded placements and decisions (a land tile's placements are
listed as ``LegalMoves`` lists them, each tile of the hand on each open
spot whose key it fits, in the engine's fit tables, ``placements.py``;
``tests/encoding/test_encoding.py`` checks they are the same), and once a
placement is chosen, its listed options (``legal.options(placement)``; a
land tile's are made as that method makes them, from the engine's
``figure_options``) are encoded and the mask shows the figure actions that
extend the choice towards one of them, plus ``stop`` if the choice itself
is listed. Every complete
path through the masks therefore names exactly one listed move, and every
listed move has exactly one path::

    >>> from carcassonne import Game
    >>> game = Game.new(players=2, seed=1)
    >>> decision = Decision(game, ActionLayout(window=20), origin=(-10, -10))
    >>> paths = dict(decision.paths())
    >>> sorted(map(str, paths.values())) == sorted(map(str, game.legal_moves()))
    True
"""

from __future__ import annotations

import operator
from collections.abc import Iterator
from typing import Any, Final

from carcassonne.encoding.keys import (
    Prefix,
    WindowError,
    figure_action,
    move_key,
    named_alone,
    piece_squares,
    square_action,
    window_square,
)
from carcassonne.encoding.layout import WONDER_IDS, ActionLayout
from carcassonne.encoding.placements import place_actions
from carcassonne.encoding.spots import OpenSpots
from carcassonne.engine.board import _index
from carcassonne.engine.choices import ChoiceMoves
from carcassonne.engine.figures import figure_options, segment_index
from carcassonne.engine.game import Game
from carcassonne.engine.legal import LegalMoves, _move
from carcassonne.engine.moves import AnyMove, AwardWonder, DragonStep, Figure, Move, TakeWonder
from carcassonne.tiles import TILE_LIST, Turned
from carcassonne.tiles.geometry import pack

__all__ = ["FAST_SETS", "Decision", "IllegalAction", "Prefix", "WindowError", "piece_squares"]

_WONDER_INDEX: Final = {name: i for i, name in enumerate(WONDER_IDS)}
#: A land tile figure's action, per the layout's first figure action and the
#: figure (a few hundred entries at most: figures are few and shared).
_TILE_FIGURE_ACTIONS: Final[dict[tuple[int, Figure], int]] = {}
#: The sets whose land tile decisions take the fast path (placements from
#: the engine's fit tables, figures from ``figure_options``). A game with
#: another set (the River's placement rules, the abbot's recall, the
#: dragon's blocked squares, the portal's figures elsewhere, the fairy and
#: the princess) has its tree made from ``legal_moves()`` itself:
#: ``placements()`` and each one's ``options()``, whatever rules made them.
FAST_SETS: Final[frozenset[str]] = frozenset(
    ("base", "inns_cathedrals", "traders_builders", "watchtowers", "wonders"))


class IllegalAction(ValueError):
    """An action the current mask does not allow; the environment is unchanged."""


def _holds(items: list[int], value: int) -> bool:
    """Whether the increasing list ``items`` holds ``value`` (the board's
    binary search)."""
    at = _index(items, value)
    return at < len(items) and items[at] == value


class _Spot:
    """A land tile's placement chosen by a first action, and its figure
    options: what its moves are made of (one figure at most on a tile)."""

    def __init__(self, tile: int, tile_id: str, at: tuple[int, int], rotation: int, pos: int,
                 turned: Turned) -> None:
        self.tile, self.tile_id, self.at, self.rotation = tile, tile_id, at, rotation
        self.pos, self.turned = pos, turned
        #: The figure options' actions, increasing, and the figures in the same order.
        self.actions: list[int] = []
        self.figures: list[Figure] = []

    def move(self, figure: Figure | None) -> Move:
        """The placement with ``figure`` on it (None: without a figure)."""
        return _move((self.tile_id, self.at, self.rotation, () if figure is None else (figure,)))


class Decision:
    """The action tree of the current decision of ``game`` (see the module
    docstring). ``origin`` is the board square at window column 0, row 0;
    ``spots``, the board's open spots in step with the game, if kept
    (:class:`~carcassonne.encoding.spots.OpenSpots`; else read from the game).

    Build one per engine decision: the first mask costs one pass over the
    placements; a placement's figure options are listed only when it is
    chosen.
    """

    def __init__(self, game: Game, layout: ActionLayout, origin: tuple[int, int],
                 spots: OpenSpots | None = None) -> None:
        self.layout = layout
        self.origin = origin
        self.seat = game.current_player
        self.players = len(game.players)
        self._game = game
        #: The game's version for this decision (its moves are legal only then).
        self._version = game.position().version
        #: ``game.legal_moves()``, made when first asked for (:attr:`legal`).
        self._legal: LegalMoves | ChoiceMoves | None = None
        self._to_place = game.tiles_to_place
        #: Whether the first actions place land tiles (``game.legal_moves()``
        #: is a ``LegalMoves``): each then spells out its placement (:meth:`root`).
        position = game.position()
        self._placing = position.mode is None or position.over
        #: Whether the tree of land tiles comes from the fit tables and
        #: ``figure_options`` (only the sets of :data:`FAST_SETS`).
        self._fast = self._placing and FAST_SETS.issuperset(game.sets)
        #: Otherwise: first action -> the placement or decision it chooses.
        self._firsts: dict[int, AnyMove] = {}
        if self._fast:
            # The hot loop of every decision, compiled with the engine.
            if spots is None:
                spots = OpenSpots.of(position.board.spots)
            actions = place_actions(game, spots, origin[0], origin[1], layout.window)
            if actions is None:  # some placement lies outside the window
                for move in self.legal.placements():
                    self.first_action(move)  # raises WindowError at the first
            assert actions is not None
            #: The first actions, increasing (``allowed(())``).
            self._root_actions = actions
        else:
            for placement in self.legal.placements():
                self._firsts[self.first_action(placement)] = placement
            self._root_actions = sorted(self._firsts)
        self._roots: dict[int, AnyMove] | None = None
        self._branches: dict[int, dict[Prefix, AnyMove]] = {}
        #: A land tile's first action -> its placement and figure options
        #: (made when the action is first taken or asked about).
        self._spots: dict[int, _Spot] = {}
        #: The prefix :meth:`kept_allowed` answered last, and its answer.
        self._allowed_at: Prefix = ()
        self._allowed: list[int] = []

    @property
    def placing(self) -> bool:
        """Whether the first actions place land tiles (the game's legal
        moves are a ``LegalMoves``, not a ``ChoiceMoves``)."""
        return self._placing

    @property
    def legal(self) -> LegalMoves | ChoiceMoves:
        """The decision's legal moves (``game.legal_moves()`` then)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._fresh().legal_moves()
        return legal

    def _fresh(self) -> Game:
        """The game, still in the position of this decision (else RuntimeError)."""
        game = self._game
        if game.position().version != self._version:
            raise RuntimeError("the game changed since this decision was made")
        return game

    @property
    def first_actions(self) -> list[int]:
        """The first actions, increasing (read-only: kept for the decision;
        :meth:`allowed` gives a copy)."""
        return self._root_actions

    @property
    def roots(self) -> dict[int, AnyMove]:
        """First action -> the figure-less placement or decision it chooses,
        by increasing action (made when first asked for)."""
        if self._roots is None:
            self._roots = {first: self.root(first) for first in self._root_actions}
        return self._roots

    def root(self, first: int) -> AnyMove:
        """The figure-less placement or decision that ``first`` chooses."""
        if self._fast:
            # A land tile's placement, read back from its action (as
            # ``legal.placement(i)`` would make it, without finding ``i``).
            self._fresh()
            slot, x, y, quarter = self._placed(first)
            return _move((self._to_place[slot], (x, y), 90 * quarter, ()))
        return self._firsts[first]

    def _placed(self, first: int) -> tuple[int, int, int, int]:
        """A land tile's first action of this decision: its tile slot,
        board square and quarter turns (``layout.placed`` with the window's
        origin added). Raises ValueError for another action."""
        if not _holds(self._root_actions, first):
            raise ValueError(f"{first} is not a first action of this decision")
        slot, dx, dy, quarter = self.layout.placed(first)
        return slot, self.origin[0] + dx, self.origin[1] + dy, quarter

    @property
    def kind(self) -> str:
        """What the first action decides: ``place`` (a tile or piece),
        ``take`` or ``award`` (a wonder decision), ``dragon`` (a step of the
        dragon's flight)."""
        if not self._root_actions:
            return "place"
        first, layout = self._root_actions[0], self.layout  # the blocks' order: place, take, award
        if first < layout.take_base:
            return "place"
        if first >= layout.dragon_base:
            return "dragon"
        return "take" if first < layout.award_base else "award"

    # -- encoding -------------------------------------------------------------------

    def first_action(self, move: AnyMove) -> int:
        """The first action of ``move``: its placement or decision."""
        layout = self.layout
        if isinstance(move, TakeWonder):
            return layout.take(_WONDER_INDEX[move.wonder])
        if isinstance(move, AwardWonder):
            assert self.seat is not None
            return layout.award((move.player - self.seat) % self.players)
        if isinstance(move, DragonStep):
            return self.square_action(layout.dragon_base, move.to, move)
        slot = self._to_place.index(move.tile)
        dx, dy = window_square(layout, self.origin, move.at, move)
        return layout.place(slot, dx, dy, move.rotation // 90)

    def square_action(self, base: int, at: tuple[int, int], move: AnyMove) -> int:
        """The action of board square ``at`` in the square block from
        ``base`` (``layout.square``), for ``move``."""
        return square_action(self.layout, self.origin, base, at, move)

    def key(self, move: AnyMove) -> Prefix:
        """The actions after the first that name ``move`` among the listed
        moves of its placement (:func:`~carcassonne.encoding.keys.move_key`)."""
        return move_key(self.layout, self.origin, move)

    def figure_action(self, move: Move, figure: Figure) -> int:
        """The action putting ``figure`` (as listed in ``move``) on the board."""
        return figure_action(self.layout, move, figure)

    def _tile_figure_action(self, spot: _Spot, figure: Figure) -> int:
        """:meth:`figure_action` for a figure option of a land tile's
        placement ``spot``, remembered per figure and layout (the action
        depends on nothing else: a tile has one square)."""
        key = (self.layout.figure_base, figure)
        action = _TILE_FIGURE_ACTIONS.get(key)
        if action is None:
            action = _TILE_FIGURE_ACTIONS[key] = self.figure_action(spot.move(None), figure)
        return action

    def encode(self, move: AnyMove) -> Prefix:
        """The full action sequence of a listed move (``stop`` included
        when the move needs it). ``move`` must be written as listed."""
        first = self.first_action(move)
        branch = self.branch(first)
        figures = self.key(move)
        if branch.get(figures) != move:
            raise IllegalAction(f"{move} is not a listed move of this decision")
        for n in range(len(figures) + 1):  # played once the actions name it alone
            if named_alone(branch, figures[:n]):
                return (first, *figures[:n])
        return (first, *figures, self.layout.stop)

    # -- the tree ----------------------------------------------------------------------

    def branch(self, first: int) -> dict[Prefix, AnyMove]:
        """The listed moves of one first action, by their (sorted) figure actions."""
        found = self._branches.get(first)
        if found is None:
            found = self._branches[first] = (self._tile_branch(first) if self._fast
                                             else self._listed_branch(first))
        return found

    def _listed_branch(self, first: int) -> dict[Prefix, AnyMove]:
        """:meth:`branch` from ``legal.options`` of the placement or decision."""
        placement = self.root(first)
        found: dict[Prefix, AnyMove] = {}
        for move in self.legal.options(placement):
            key = self.key(move)
            if key in found:
                raise RuntimeError(f"two listed moves share the actions {key}: "
                                   f"{found[key]} and {move}")
            found[key] = move
        return found

    def _tile_branch(self, first: int) -> dict[Prefix, AnyMove]:
        """:meth:`branch` of a land tile's placement: the moves
        ``LegalMoves.options`` lists (the placement, then each of the
        engine's ``figure_options``, one figure on the tile's only square)."""
        spot = self._spot(first)
        found: dict[Prefix, AnyMove] = {(): spot.move(None)}
        for action, figure in zip(spot.actions, spot.figures, strict=True):
            found[(action,)] = spot.move(figure)
        return found

    def _spot(self, first: int) -> _Spot:
        """The placement of land tile action ``first`` and its figure
        options (the engine's ``figure_options``, each with its action),
        made once, from the placement's tile, square and turn."""
        spot = self._spots.get(first)
        if spot is not None:
            return spot
        game = self._fresh()
        slot, x, y, quarter = self._placed(first)
        pos = pack(x, y)
        position = game.position()
        tile = position.hands[position.current][slot]
        turned = TILE_LIST[tile].turned[quarter]
        spot = self._spots[first] = _Spot(tile, self._to_place[slot], (x, y), 90 * quarter,
                                          pos, turned)
        actions, figures = spot.actions, spot.figures
        for figure in figure_options(position, pos, turned):
            action = self._tile_figure_action(spot, figure)
            i = len(actions)  # (kept in increasing order: a few options at most)
            while i > 0 and actions[i - 1] > action:
                i -= 1
            if i > 0 and actions[i - 1] == action:
                raise RuntimeError(f"two listed moves share the action {action}: "
                                   f"the figures {figures[i - 1]} and {figure}")
            actions.insert(i, action)
            figures.insert(i, figure)
        return spot

    @staticmethod
    def _extensions(branch: dict[Prefix, AnyMove], figures: Prefix) -> set[int]:
        n = len(figures)
        return {key[n] for key in branch if len(key) > n and key[:n] == figures}

    def allowed(self, prefix: Prefix) -> list[int]:
        """The actions the mask allows after ``prefix``, in increasing order."""
        return list(self.kept_allowed(prefix))

    def kept_allowed(self, prefix: Prefix) -> list[int]:
        """:meth:`allowed`, kept: the same list while ``prefix`` is the one
        last asked for (read-only)."""
        if not prefix:
            return self._root_actions
        if prefix == self._allowed_at:
            return self._allowed
        if self._fast and len(prefix) == 1:  # a land tile: its figure options, then stop
            out = self._allowed = [*self._spot(prefix[0]).actions, self.layout.stop]
            self._allowed_at = prefix
            return out
        branch = self.branch(prefix[0])
        figures = prefix[1:]
        found = self._extensions(branch, figures)
        if figures in branch and found:
            found.add(self.layout.stop)
        out = self._allowed = sorted(found)
        self._allowed_at = prefix
        return out

    def advance(self, prefix: Prefix, action: Any) -> tuple[Prefix, AnyMove | None]:
        """Take ``action`` after ``prefix``: the new prefix and, once the
        actions are complete, the move they name (the prefix is then ``()``).
        Raises :class:`IllegalAction` for an action the mask does not allow.

        A land tile's move named here is vouched for to the game (listed in
        this very position, so legal): ``game.play`` of that move object then
        skips its checks, as for a move ``legal_moves().random`` drew."""
        try:
            index = operator.index(action)
        except TypeError:
            raise IllegalAction(f"an action is an integer index, not {action!r}") from None
        if self._fast:
            return self._advance_tile(prefix, index)
        if not prefix:
            if not _holds(self._root_actions, index):
                raise IllegalAction(self._refusal(prefix, index))
            branch = self.branch(index)
            if len(branch) == 1:  # the only move of this placement or decision
                return (), next(iter(branch.values()))
            return (index,), None
        branch = self.branch(prefix[0])
        figures = prefix[1:]
        if index == self.layout.stop:
            if figures in branch and self._extensions(branch, figures):
                return (), branch[figures]
            raise IllegalAction(self._refusal(prefix, index))
        if index not in self._extensions(branch, figures):
            raise IllegalAction(self._refusal(prefix, index))
        chosen = (*figures, index)
        found = named_alone(branch, chosen)
        if found:
            return (), branch[found[0]]
        return (prefix[0], *chosen), None

    def _advance_tile(self, prefix: Prefix, index: int) -> tuple[Prefix, AnyMove | None]:
        """:meth:`advance` in a decision placing land tiles: a placement
        without figure options is played at once; with some, the next
        action is one of them or ``stop`` (no figure)."""
        if not prefix:
            if not _holds(self._root_actions, index):
                raise IllegalAction(self._refusal(prefix, index))
            spot = self._spot(index)
            if not spot.actions:
                return (), self._vouched(spot, None)
            return (index,), None
        spot = self._spot(prefix[0])
        if len(prefix) == 1:
            if index == self.layout.stop:
                return (), self._vouched(spot, None)
            actions = spot.actions
            for i in range(len(actions)):
                if actions[i] == index:
                    return (), self._vouched(spot, spot.figures[i])
        raise IllegalAction(self._refusal(prefix, index))

    def _vouched(self, spot: _Spot, figure: Figure | None) -> Move:
        """The move of ``spot`` with ``figure`` (or none), a listed move of
        this decision, once the game knows it is legal: what ``Game.play``
        would find in its checks, the tile, square, turned tile and the
        figure's segment."""
        move = spot.move(figure)
        position = self._game.position()
        if position.version == self._version:  # (else play refuses it as ever)
            chosen = [] if figure is None else \
                [(segment_index(spot.turned, figure), figure.figure)]
            position.remember_legal(move, spot.tile, spot.pos, spot.turned, chosen)
        return move

    def paths(self, prefix: Prefix = ()) -> Iterator[tuple[Prefix, AnyMove]]:
        """Every complete action sequence from ``prefix`` with the move it
        names, found by walking the masks (for tests and tools)."""
        for action in self.allowed(prefix):
            after, move = self.advance(prefix, action)
            if move is not None:
                yield (*prefix, action), move
            else:
                yield from self.paths(after)

    def _refusal(self, prefix: Prefix, index: int) -> str:
        try:
            what = self.layout.describe(index)
        except ValueError as err:
            return str(err)
        allowed = self.allowed(prefix)
        stage = "first action (a placement or decision)" if not prefix else \
            f"choice after {[self.layout.describe(a) for a in prefix]}"
        return (f"action {index} {what} is not allowed now: the mask of this "
                f"{stage} allows {len(allowed)} actions (e.g. {allowed[:5]})")
