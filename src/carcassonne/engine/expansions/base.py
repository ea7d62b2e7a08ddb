"""The hooks an expansion may fill in; each does nothing by default.

A hook receives the game's position as a :class:`PositionView`: what an
expansion may read (the board, its features, the figures, scores, whose turn
it is) and the changes it may make besides its own ``state`` entry
(:meth:`PositionView.change_supply`, :meth:`PositionView.return_figures`,
:meth:`PositionView.remove_figure`, :meth:`PositionView.close_square`) and
what it must tell the other sets (:meth:`PositionView.feature_scored`).
It never receives the :class:`~carcassonne.engine.game.Game`: an expansion
plays no moves and reaches no private field. Points are paid through the ``award`` a hook is
given.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from carcassonne.engine.board import Board
from carcassonne.engine.features import Features
from carcassonne.engine.options import Options
from carcassonne.tiles import Segment, Turned

if TYPE_CHECKING:
    from carcassonne.engine.events import Award
    from carcassonne.engine.moves import Action, AnyMove


class PositionView:
    """What an expansion's hooks see of a game: the
    :class:`~carcassonne.engine.position.Position` (a subclass), narrowed to
    what they may read and the supply they may change. Read-only but for
    ``state`` (each set its own entry, ``state[set_name]``) and the
    changes named in this module's docstring.

    A class, not a protocol: compiled, a hook then reads these fields
    directly, as the engine does, instead of looking each one up by name."""

    __slots__ = ("board", "current", "features", "figures", "mode", "over", "players",
                 "scores", "state", "strength", "supply", "turn")

    #: The player names in seat order.
    players: tuple[str, ...]
    #: The placed tiles and the open squares around them.
    board: Board
    #: Roads, cities, fields and monasteries: nodes, roots and members.
    features: Features
    #: The figure on each node: (player, figure name).
    figures: dict[int, tuple[int, str]]
    #: Majority strength of each figure (0: a special figure).
    strength: dict[str, int]
    #: Each player's score, and figures in supply.
    scores: list[int]
    supply: list[dict[str, int]]
    #: The seat whose move it is, and how many turns have begun.
    current: int
    turn: int
    over: bool
    #: The decision under way when it is not a tile from the hand (see
    #: :mod:`carcassonne.engine.special`), or None.
    mode: tuple[Any, ...] | None
    #: Per-game state of the expansions, by set name.
    state: dict[str, Any]

    def change_supply(self, player: int, figure: str, change: int) -> None:
        """Add ``change`` to ``player``'s supply of ``figure``."""
        raise NotImplementedError

    def close_square(self, pos: int, reason: str) -> None:
        """Make the empty square ``pos`` unusable for good: no tile or piece
        may ever lie there (``RIVER-UNPLACEABLE``: the square before an open
        river end). ``reason`` (``"RULE-ID: words"``) is what a move there is
        refused with."""

    def return_figures(self, r: int) -> None:
        """Send every figure standing in feature ``r`` back to its owner's
        supply, as scoring does (``SCORE-4``; an abbot recalled, ``ABBOT-RECALL``)."""
        raise NotImplementedError

    def remove_figure(self, node: int) -> None:
        """Send the figure on ``node`` back to its owner's supply (the dragon
        eats it, the princess removes it: ``PD-DRAGON-EAT``, ``PD-PRINCESS``)."""
        raise NotImplementedError

    def feature_scored(self, r: int, move: int | None, final: bool, award: Award) -> None:
        """Tell every set that feature ``r`` was just scored, its figures
        still on it (:meth:`Expansion.scored`, ``PD-FAIRY-4``): what scoring
        does after each feature, and what a set that scores a feature itself
        calls too (an abbot's recall, ``ABBOT-RECALL``)."""
        raise NotImplementedError


class Joined:
    """A segment of a tile about to be placed, as its feature would be once
    the tile lies: whether that feature would be complete, and each player's
    follower strength in it. Placement rules of special figures ask this.

    A plain class, read only by convention: the figure options of a special
    figure make several per move, and a frozen dataclass's ``__init__`` runs
    as interpreted Python even in the compiled engine (about 0.9 µs each)."""

    __slots__ = ("complete", "segment", "strength")

    def __init__(self, segment: Segment, complete: bool, strength: dict[int, int]) -> None:
        self.segment = segment
        self.complete = complete
        self.strength = strength


class Expansion:
    """One set's rules. Subclasses override the hooks they need."""

    set_name: ClassVar[str] = ""
    #: Most players a game with this set allows (the base game allows 5).
    max_players: ClassVar[int] = 5
    #: A limit below 5 this set imposes on any game it is in, or None.
    player_cap: ClassVar[int | None] = None
    #: The tile this set lays at ``[0, 0]``, rotation 0, instead of the base
    #: start tile (``RIVER-SETUP-1``), or None.
    start_tile: ClassVar[str | None] = None

    def __init__(self, options: Options) -> None:
        self.options = options

    def gives_pieces(self) -> bool:
        """Whether this set fills in :meth:`piece_to_place` (the turn machine
        asks only those sets at the start of each turn)."""
        return type(self).piece_to_place is not Expansion.piece_to_place

    def decides(self) -> bool:
        """Whether this set fills in :meth:`decision`."""
        return type(self).decision is not Expansion.decision

    def acts(self) -> bool:
        """Whether this set fills in :meth:`actions`."""
        return type(self).actions is not Expansion.actions

    def places(self) -> bool:
        """Whether this set has rules of its own on where things go: it fills
        in :meth:`own_placements` (where its tiles lie; it then hears of every
        tile laid, :meth:`placed`, and every tile removed, :meth:`discarded`)
        or :meth:`figures_barred` (where figures may go besides the usual
        segments of the tile just placed, and may fill in :meth:`portal`).
        The hooks of either kind do nothing by default, so one list of such
        sets (``position.placers``) serves both."""
        return (type(self).own_placements is not Expansion.own_placements
                or type(self).figures_barred is not Expansion.figures_barred)

    def orders_draws(self) -> bool:
        """Whether this set fills in :meth:`next_draws`."""
        return type(self).next_draws is not Expansion.next_draws

    # -- the stack (class methods: asked before a game is set up) ----------------------

    @classmethod
    def head(cls, tiles: list[str]) -> list[list[str]]:
        """The parts of the stack this set has drawn before all other tiles,
        in order, each shuffled on its own (``RIVER-SETUP-2``: the river
        course, then the lake), taken from ``tiles``, a game's full stack in
        catalogue order (which this does not change). Empty for most sets."""
        return []

    @classmethod
    def check_head(cls, stack: list[str], parts: list[list[str]]) -> None:
        """Raise a ``SetupError`` if a given ``stack`` does not begin with
        the tiles of :meth:`head`'s ``parts``, part by part (``RIVER-REC``)."""

    # -- tiles placed by this set's own rules -------------------------------------------

    def own_placements(self, position: PositionView,
                       tile: int) -> list[tuple[int, int]] | None:
        """If this set places ``tile`` (a catalogue index) by rules of its
        own (a river tile, ``RIVER-PLACE-1``): every legal (square, quarter
        turn), one per look (rotations that look alike are listed at the
        smallest), sorted; otherwise None, and the board's edge matching
        decides."""
        return None

    def refuse_placement(self, position: PositionView, tile: int, pos: int,
                         turned: Turned) -> str | None:
        """For a tile :meth:`own_placements` lists: why ``turned`` may not lie
        on ``pos`` (``"RULE-ID: words"``), or None if it may."""
        return None

    def placed(self, position: PositionView, pos: int, turned: Turned) -> None:
        """Called once any tile lies on ``pos`` (sets that :meth:`places` only)."""

    def discarded(self, position: PositionView, tile: int) -> None:
        """Called once ``tile`` was removed from the game as unplaceable
        (``PLACE-4``; sets that :meth:`places` only)."""

    # -- figures ----------------------------------------------------------------

    def figures(self) -> dict[str, tuple[int, int]]:
        """Figures this set gives each player: ``name -> (how many, strength)``.
        A strength above 0 makes a follower (it claims features, ``MEEPLE-3``
        applies); 0 is a special figure whose placement :meth:`refusal` decides."""
        return {}

    def refusal(self, position: PositionView, player: int, figure: str,
                joined: Joined) -> str | None:
        """Why ``player`` may not put special ``figure`` on that segment
        (``"RULE-ID: words"``), or None if they may."""
        return None

    def figures_barred(self, position: PositionView, pos: int, turned: Turned) -> str | None:
        """Why no figure at all may go on ``turned`` placed on ``pos``
        (``"RULE-ID: words"``: ``PD-VOLCANO``), or None."""
        return None

    def portal(self, position: PositionView, pos: int, turned: Turned) -> tuple[int, ...] | None:
        """For a tile that lets a follower go on another placed tile (a magic
        portal, ``PD-PORTAL``): the squares it still may not go to (the
        dragon's, ``PD-DRAGON-BLOCK``); None for any other tile."""
        return None

    # -- a turn part ---------------------------------------------------------

    def turn_started(self, position: PositionView, player: int, move: int | None,
                     award: Award) -> None:
        """Called when ``player``'s turn begins (not a builder's second part),
        before they place anything (``PD-FAIRY-3``); ``move`` is the index of
        the move being played, None at the start of the game."""

    def tile_placed(self, position: PositionView, player: int, pos: int, turned: Turned,
                    move: int) -> bool:
        """Called once a tile lies and its figure step is done (figures
        stood, action carried out), before scoring (``PD-VOLCANO``,
        ``PD-DRAGON-TILE``). True when this set now asks a decision that
        comes before the scoring (``PD-DRAGON-WHEN``): the turn machine then
        scores the tile only once :meth:`decision` has nothing more to ask."""
        return False

    def extra_part(self, position: PositionView, player: int, pos: int, turned: Turned,
                   first: int) -> bool:
        """Called once the tile lies, before figures and scoring: whether this
        placement earns the player a second turn part."""
        return False

    def feature_value(self, position: PositionView, kind: int, r: int, final: bool, tiles: int,
                      shields: int) -> tuple[int, str] | None:
        """Points and words for feature ``r`` if this set changes them, else None."""
        return None

    def before_scoring(self, position: PositionView, roots: list[int], move: int,
                       award: Award) -> None:
        """Called when this tile completed features, before they are scored,
        with every figure still on the board (``SCORE-5`` step a)."""

    def completed(self, position: PositionView, roots: list[int], move: int) -> None:
        """Called after completed features were scored, before their figures
        return (``SCORE-5``)."""

    def scored(self, position: PositionView, r: int, move: int | None, final: bool,
               award: Award) -> None:
        """Called right after feature ``r`` was scored (during the game, at
        final scoring, or by an abbot's recall), whether it paid anyone or
        not, with its figures still on it (``PD-FAIRY-4``)."""

    # -- actions instead of a figure ------------------------------------------------

    def must_act(self, position: PositionView, player: int, pos: int,
                 turned: Turned) -> str | None:
        """Why ``player`` placing ``turned`` on ``pos`` must take one of this
        set's :meth:`actions`, neither a figure nor nothing (the princess with
        ``princess_action`` ``"must"``), as ``"RULE-ID: words"``; else None."""
        return None

    def actions(self, position: PositionView, player: int, pos: int,
                turned: Turned) -> list[Action]:
        """What ``player``, placing ``turned`` on ``pos``, may do instead of
        putting a figure on it (``ABBOT-RECALL``, ``PD-FAIRY-1``,
        ``PD-PRINCESS``), in a canonical order. Asked before the tile lies."""
        return []

    def refuse_action(self, position: PositionView, player: int, action: Action, pos: int,
                      turned: Turned) -> str | None:
        """Why ``action`` (not among :meth:`actions`) is refused, as
        ``"RULE-ID: words"``, when it is this set's kind of action; else None."""
        return None

    def do_action(self, position: PositionView, player: int, action: Action, move: int,
                  award: Award) -> None:
        """Carry out a checked action of this set's kind (ignore the others),
        once the tile lies, before the completed features are scored;
        ``move`` is the move's index in the record."""

    def piece_actions(self, position: PositionView, player: int,
                      squares: tuple[int, ...]) -> list[Action]:
        """What ``player``, placing a piece (a wonder) on ``squares``, may do
        instead of putting figures on it (``ABBOT-RECALL-2``). Asked before
        the piece lies; refused and carried out as :meth:`actions` are."""
        return []

    # -- the end -------------------------------------------------------------------

    def field_bonus(self, position: PositionView, fields: list[int], player: int) -> int:
        """Extra points per city for ``player`` scoring a city through ``fields``."""
        return 0

    def opening_final_scoring(self, position: PositionView, award: Award) -> None:
        """Scoring of this set before the usual final scoring (``WON-ORDER``)."""

    def final_scoring(self, position: PositionView, award: Award) -> None:
        """Scoring of this set after fields (``FINAL-7``)."""

    # -- pieces and decisions ------------------------------------------------------------

    def piece_to_place(self, position: PositionView, player: int) -> str | None:
        """The piece ``player`` must place this turn instead of drawing a tile
        (a wonder), or None. Asked at the start of each turn's first part."""
        return None

    def piece_placed(self, position: PositionView, player: int, piece: str, anchor: int,
                     rotation: int, move: int) -> None:
        """Called once a piece lies, before figures are counted and scoring."""

    def decision(self, position: PositionView, active: int) -> tuple[int, list[AnyMove]] | None:
        """A decision this set needs now, after a move and its scoring, before
        play goes on: ``(the seat deciding, its choices)``. ``active`` is the
        player whose turn it is. None when there is nothing to decide. Also
        asked before the scoring when :meth:`tile_placed` said so (the
        dragon's flight, ``PD-DRAGON-WHEN``), until it has nothing to ask."""
        return None

    def refuse_decision(self, position: PositionView, move: AnyMove) -> str | None:
        """Why ``move`` is not one of the current decision's choices
        (``"RULE-ID: words"``), when this set can say more than "not a choice"."""
        return None

    def decide(self, position: PositionView, move: AnyMove) -> None:
        """Carry out a choice listed by :meth:`decision`."""

    # -- the draws ------------------------------------------------------------------

    def next_draws(self, position: PositionView, stack: list[int], start: int) -> list[int]:
        """The draw order to take the next tile from: ``stack`` itself
        (``stack[start]`` is drawn next), or a new list with the same first
        ``start`` entries and the tile that may be drawn now at ``start``
        (``PD-SETUP-2``, ``PD-REC``). Asked before every draw."""
        return stack

    def written_order(self, position: PositionView, stack: list[int]) -> list[int] | None:
        """The draw order a record writes instead of ``stack`` (the order
        the position draws from), when :meth:`next_draws` reordered it and
        the order before replays the same draws; else None."""
        return None

    def drawable(self, position: PositionView, tile: int) -> bool:
        """Whether tile index ``tile`` may be drawn now if tiles that may
        are left (the chance of the next draw, ``PD-REC``)."""
        return True

    # -- state and view ---------------------------------------------------------------

    def new_state(self, players: int, setup: dict[str, Any]) -> Any:
        """This set's per-game state at the start, or None. ``setup`` holds
        what a record's setup says beyond players, sets and options (the
        wonders laid out) and the game's ``seed``."""
        return None

    def setup_record(self, state: Any) -> dict[str, Any]:
        """What this set adds to a record's ``setup``."""
        return {}

    def copy_state(self, state: Any) -> Any:
        return state

    def view(self, position: PositionView, player: int | None) -> dict[str, Any]:
        """What this set adds to every player's view."""
        return {}
