"""A position as flat integers, for learning code: compiled with the engine.

The environments (:mod:`carcassonne.env`) turn a position into arrays at
every step. The loops that read the engine for them live here, in typed
Python of the standard library only, so that the compiled build compiles
them with the engine (mypyc: ``carcassonne.compiled``) and the pure build
runs the same source. What they answer is plain Python: ints (indexes
into an observation or an action layout), or the bytes of a whole array,
which the environments hand to numpy (``numpy.frombuffer``) without a copy.

* :mod:`~carcassonne.encoding.layout`: the action space's blocks
  (:class:`~carcassonne.encoding.layout.ActionLayout`);
* :mod:`~carcassonne.encoding.decision`: one engine decision as a tree of
  actions (what each mask allows, and the move a path names);
* :func:`~carcassonne.encoding.placements.place_actions`: every legal
  placement's number in a window, increasing (the ``place`` block of an
  action layout), in one pass over the board's open spots kept in row
  order (:mod:`~carcassonne.encoding.spots`),
  and :func:`~carcassonne.encoding.placements.placement_cells` their cells
  in the ``legal_*`` planes (from a :func:`~carcassonne.encoding.placements.
  cell_table` made once per layout);
* :func:`~carcassonne.encoding.figures.figure_cells`: where each figure on
  the board sits in a window of planes, and
  :func:`~carcassonne.encoding.markers.dragon_markers` the squares of the
  Princess & the Dragon's dragon and fairy and of the flight under way;
* :func:`~carcassonne.encoding.vector.seat_counts`: a seat's public counts
  (scores, supplies, goods, hands, the tiles it has not seen) as slots of
  the observation vector, and :func:`~carcassonne.encoding.vector.seat_vector`
  the whole vector's start for a position;
* :mod:`~carcassonne.encoding.buffers`: an observation (planes,
  vector, mask) kept as bytes that numpy wraps without a copy, brought up
  to date in place, and squares drawn into planes;
* :mod:`~carcassonne.encoding.window`: the board's static planes over a
  window, kept from move to move and followed by each seat's observation;
* :mod:`~carcassonne.encoding.observation`: a seat's observation brought
  up to date in one call per step, and :mod:`~carcassonne.encoding.memories`
  the memory it is written in (one per seat, or a few that are reused
  once let go), with the observation's dict, in one call;
* :mod:`~carcassonne.encoding.ints`: int objects made once, for the hot
  loops that index bytes or list actions;
* :mod:`~carcassonne.encoding.squares`: the board's placed squares with
  their static planes, kept move by move;
* :mod:`~carcassonne.encoding.table`: the table the environments share
  (one game, its action tree, the actions chosen so far, the scores paid
  out as rewards).
"""
