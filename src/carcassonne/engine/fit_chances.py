"""How likely the next tile drawn is to fit each open square: a training aid.

For every empty square next to the board, the share of the next draw's
outcomes (:func:`~carcassonne.engine.draws.outcome_counts`, the very tiles
and counts ``Game.chance_outcomes()`` turns into probabilities) that fit it
in some rotation: whose edges match every neighbour (``PLACE-2``, the same
table, ``ALL_FITS``, that checks a move and finds the dead squares). The
answer is counts, so it is exact: ``fits / tiles`` is the probability.

It is the chance player's view, like ``chance_outcomes()``: while no hand
is hidden (``Position.hidden_hands``) the stack holds exactly the tiles left
that every seat can count, so it tells nobody anything new; with hidden
hands it would tell what the stack holds, and a caller that shows it to a
player must not ask then.
"""

from __future__ import annotations

from typing import Any

from carcassonne.engine.board import ALL_FITS
from carcassonne.engine.draws import outcome_counts
from carcassonne.engine.position import Position
from carcassonne.tiles.geometry import unpack


def fit_chances(position: Position) -> dict[str, Any]:
    """``{"tiles": n, "squares": [{"at": [x, y], "fits": k}, ...]}``: ``n``
    tiles the next draw chooses from (0 once the stack is empty), and for
    each open square, sorted by square, how many of them fit it.

    A square the same edges surround asks the same of a tile, so each edge
    key is counted once::

        >>> from carcassonne import Game
        >>> game = Game.new(players=2, stack=["BA/C", "BA/Rr", "BA/C"])
        >>> answer = fit_chances(game.position())
        >>> answer["tiles"], answer["squares"][0]
        (2, {'at': [-1, 0], 'fits': 1})
    """
    counts = outcome_counts(position)
    tiles = sum(counts.values())
    per_key: dict[int, int] = {}
    found: list[tuple[tuple[int, int], int]] = []
    for pos, key in position.board.spots.items():
        fits = per_key.get(key)
        if fits is None:
            fits = per_key[key] = sum(count for tile, count in counts.items()
                                      if ALL_FITS[tile][key])
        found.append((unpack(pos), fits))
    found.sort()
    return {"tiles": tiles, "squares": [{"at": [x, y], "fits": fits} for (x, y), fits in found]}
