"""The board surveyed: every feature as plain data, and the squares nothing can fill.

A client that highlights a feature when a player points at it asks
:func:`feature_map` (``Game.feature_map()``); one that greys out the holes
no tile will ever fill asks :func:`dead_squares` (``Game.dead_squares()``).
Both only read the game, and both say what the engine itself would say:
the features are the union-find's (``features.py``), their points come from
``scoring.py`` (with the expansions' hooks, which ``feature_value``
consults), and a square fits a tile by the edge keys of ``board.py``.

Ann lays a city tile south of the start tile, its city facing south; Bob
extends the start tile's road east and puts a meeple on it. The road is the
start tile's second feature (its city comes first)::

    >>> from carcassonne import Game
    >>> game = Game.new(players=["Ann", "Bob"], stack=["BA/C", "BA/RFr", "BA/Rr"])
    >>> game.play("BA/C@0,1r180")
    >>> game.play("BA/RFr@1,0r0 meeple:road:E")
    >>> city, road = game.feature_map()[:2]
    >>> road["parts"]
    [{'at': [0, 0], 'spot': 'E'}, {'at': [1, 0], 'spot': 'E'}]
    >>> road["owners"], road["points"], road["detail"], road["open"]
    ([1], 2, 'incomplete road of 2 tiles: 2', 2)
    >>> city["complete"], city["owners"], city["points"], city["detail"]
    (False, [], 1, 'incomplete city of 1 tile: 1')
    >>> game.tiles_to_place, game.dead_squares()  # both cities end where no city is left
    (('BA/Rr',), [[0, -1], [0, 2]])

A spot names a segment by its first side or half-side as seen on the board
(the start tile's road, west to east, is ``E``), as ``figures(position)`` and
moves do, so the client finds a part by its square and spot.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from carcassonne.engine import scoring
from carcassonne.engine.board import ALL_FITS
from carcassonne.engine.events import ScoreEvent
from carcassonne.engine.view import figures
from carcassonne.tiles import FIELD, KIND_NAMES, MONASTERY
from carcassonne.tiles.geometry import unpack
from carcassonne.tiles.loader import GARDEN
from carcassonne.tiles.pieces import PIECES

if TYPE_CHECKING:
    from carcassonne.engine.position import Position


def feature_map(position: Position) -> list[dict[str, Any]]:
    """Every feature on the board now, as JSON-ready data, in placement order
    (the feature whose first segment was placed first comes first; within a
    tile, segments go by their first side as seen on the board).

    Each entry holds:

    - ``kind``: ``road``, ``city``, ``field``, ``monastery`` or, with The
      Abbot, ``garden`` (a one-tile feature read as a monastery,
      ``ABBOT-3``) (the names of ``figures(position)``; the other
      expansions add no kind of their own: an inn,
      a cathedral, goods or a tower are parts of roads and cities, and a
      wonder's squares are ordinary tiles to the engine, ``WON-COUNT``);
    - ``parts``: one ``{"at": [x, y], "spot": S}`` per segment, ``S`` being
      the segment's spot as seen on the board, exactly as ``figures(position)``
      names it. ``S`` is null for a monastery or a garden, and for the part of a
      wonder's road or city lying on a square where it touches no side;
    - ``figures``: the figures standing in it, each the dict
      ``figures(position)`` gives for it (special figures, the builder and
      the pig, included);
    - ``complete``: a road or city with no open side (``FEAT-ROAD``,
      ``FEAT-CITY``), a monastery with all eight squares around it taken
      (``FEAT-MON``); a field never is (``FEAT-FIELD``);
    - ``open``: the sides still open of a road or city, the empty squares
      around a monastery; null for a field;
    - ``owners``: the seats with the greatest follower strength
      (``SCORE-2``, ``FINAL-4``), who would score it; empty when nobody;
    - ``points`` and ``detail``: what an owner scores for it and the
      engine's words for that, as the score event would give them: for a
      complete road, city or monastery its value when completed
      (``SCORE-3``), otherwise its value at the end of the game
      (``FINAL-1`` to ``FINAL-3``; inns and cathedrals included,
      ``IC-INN-2``, ``IC-CATH-1``). Nobody owning it changes nothing: the
      value is what a follower there would bring. For a field, see
      :func:`field_points`.

    Not in ``points``: what is paid beside a feature rather than for it: a
    watchtower's points (``WT-TRIGGER``, to the follower on the tower
    tile), Stonehenge's 3 per road (``WON-STONE``), trade goods
    (``TB-GOODS-2``, to the player who completes the city), the wonders'
    points at the end. A complete feature has no figures any more: they
    went home when it scored (``SCORE-4``).
    """
    features = position.features
    root, node_seg, node_pos, open_ = (features.root, features.node_seg, features.node_pos,
                                       features.open)
    members: dict[int, list[int]] = {}
    for node in sorted(range(len(root)), key=features.placement_order):
        members.setdefault(root[node], []).append(node)
    standing = dict(zip(sorted(position.figures), figures(position), strict=True))
    tiles = position.board.tiles
    probe: list[Position] = []  # a copy to try a field with a farmer, made once if needed
    out: list[dict[str, Any]] = []
    for r, nodes in members.items():
        kind = node_seg[r].kind
        owners = scoring.majority(scoring.strengths(position, r))
        points: int | None
        detail: str | None
        open_sides: int | None
        if kind == FIELD:
            complete, open_sides = False, None
            points, detail = field_points(position, r, owners, probe)
        else:
            if kind in (MONASTERY, GARDEN):  # ABBOT-3
                open_sides = 8 - scoring.monastery_ring(tiles, node_pos[r])
            else:
                open_sides = open_[r]
            complete = open_sides == 0
            value = scoring.feature_value(position, r, not complete)
            points, detail = value[0], value[1]
        out.append({
            "kind": KIND_NAMES[kind],
            "parts": [{"at": list(unpack(node_pos[n])), "spot": node_seg[n].spot}
                      for n in nodes],
            "figures": [standing[n] for n in nodes if n in standing],
            "complete": complete, "open": open_sides, "owners": owners,
            "points": points, "detail": detail,
        })
    return out


def field_points(position: Position, r: int, owners: list[int],
                 probe: list[Position]) -> tuple[int | None, str | None]:
    """What field ``r`` would pay an owner at the end of the game, and the
    engine's words for it, from scoring's own field code (``FINAL-5``,
    ``FINAL-6``) with the events collected instead of paid.

    - A field with owners: the points its owners would get. The pig can make
      them differ (``TB-PIG-3``: 4 instead of 3 per city for the pig's
      owner); then there is no one number, so the points are None and the
      words name each owner with theirs.
    - A field nobody holds: what a single farmer there would bring. It is
      asked of a copy of the game (``probe``, made once and kept for the next
      field) with a meeple of seat 0 on the field; without farmers
      (``farmers = false``) a field pays nobody: 0.
    - 0 points and no words for a field bordering no completed city: the
      engine pays nothing and says nothing.
    - None, no words, with first-edition farm scoring (``VAR-FARM1-1``):
      there each completed city pays the farmers of all the fields
      bordering it together, so points belong to cities, not to one field.
      (``owners`` is then still the field's own majority.)
    """
    if position.options.farm_scoring == "first_edition":
        return None, None
    events: list[ScoreEvent] = []
    if owners:
        scoring.current_field(position, r, events.append)
    elif position.options.farmers:
        if not probe:
            probe.append(position.copy())
        figures = probe[0].figures
        before = figures.get(r)
        figures[r] = (0, "meeple")
        scoring.current_field(probe[0], r, events.append)
        if before is None:
            del figures[r]
        else:
            figures[r] = before
    events = [e for e in events if e.reason == "field"]  # not a fairy's bonus (PD-FAIRY-4)
    if not events:
        return 0, None
    if all(e.points == events[0].points for e in events):
        return events[0].points, events[0].detail
    return None, "; ".join(f"{position.players[e.player]}: {e.detail}" for e in events)


def unplaced_tiles(position: Position) -> set[int]:
    """The tile types still to be placed by someone: the rest of the stack,
    every hand (the drawn tile of the player to move included) and a tile
    drawn to make room for a wonder (``WON-PLACE-3``)."""
    return set(scoring.unplaced_counts(position))


def pieces_to_come(position: Position) -> list[str]:
    """The pieces (wonders) that may still be placed: those the game's setup
    lays out (``setup.wonders`` of the record) and the board does not hold
    yet, whether still available or held by a player. Empty once the game is
    over: nothing is placed any more."""
    if position.over:
        return []
    laid_out: list[str] = []
    for expansion in position.expansions:
        for value in expansion.setup_record(position.state[expansion.set_name]).values():
            if isinstance(value, list):
                laid_out.extend(p for p in value if isinstance(p, str) and p in PIECES)
    placed = {turned.tile.data.get("piece") for _, turned in position.board.tiles.values()}
    return [p for p in laid_out if p not in placed]


def dead_squares(position: Position) -> list[list[int]]:
    """The empty squares next to the board that nothing still to be placed
    can fill, as sorted ``[x, y]`` lists.

    A square is dead when no tile of :func:`unplaced_tiles` fits it in any
    rotation: what its neighbours demand of it (its edge key, ``board.py``)
    matches no turn of any of them (``PLACE-2``, the same table,
    ``ALL_FITS``, that checks a move). With The Wonders of Humanity a square
    that a wonder still to come (:func:`pieces_to_come`) could cover, lying
    where it fits now (``WON-PLACE-1``, ``board.piece_misfit``), is not
    dead. Once the game is over every square next to the board is dead.

    The stack and the hands together hold every tile neither placed nor
    discarded: what any player can work out from the tile distribution
    (``game.tiles_left()`` and the hands shown). So the answer never depends
    on the stack order, nor on who holds which tile.
    """
    board = position.board
    left = [ALL_FITS[t] for t in unplaced_tiles(position)]
    fits: dict[int, bool] = {}
    candidates: list[int] = []
    for pos, key in board.spots.items():
        alive = fits.get(key)
        if alive is None:
            alive = fits[key] = any(turns[key] for turns in left)
        if not alive:
            candidates.append(pos)
    if candidates:
        covered = coverable(position, candidates)
        candidates = [pos for pos in candidates if pos not in covered]
    return sorted(list(unpack(pos)) for pos in candidates)


def coverable(position: Position, squares: list[int]) -> set[int]:
    """Which of ``squares`` a piece still to come could cover now: some
    square of the piece lies there in a rotation and position where the
    whole piece fits (``WON-PLACE-1``)."""
    board = position.board
    wanted = set(squares)
    out: set[int] = set()
    for piece_id in pieces_to_come(position):
        for turned in PIECES[piece_id].turned:
            offsets = [offset for offset, _ in turned.squares]
            for anchor in sorted({pos - offset for pos in wanted for offset in offsets}):
                hits = {anchor + offset for offset in offsets} & wanted
                if hits - out and board.piece_misfit(anchor, turned, False) is None:
                    out |= hits
    return out
