"""A position as flat integers, for learning code: compiled with the engine.

The environments (:mod:`carcassonne.env`) turn a position into arrays at
every step. The loops that read the engine for them live here, in typed
Python of the standard library only, so that the compiled build compiles
them with the engine (mypyc: ``carcassonne.compiled``) and the pure build
runs the same source. Each function answers plain ints: indexes into an
observation or an action layout, which the environments write into numpy
arrays in one step each.

* :func:`~carcassonne.encoding.placements.place_codes`: every legal
  placement's number in a window (the ``place`` block of an action layout);
* :func:`~carcassonne.encoding.figures.figure_cells`: where each figure on
  the board sits in a window of planes;
* :func:`~carcassonne.encoding.counts.unseen_counts`: the tiles nobody has
  seen yet, per tile index.
"""
