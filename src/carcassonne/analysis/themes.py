"""What a lost point was about: the move played against the best one, one move deep.

A review says how much a move gave up; a player also wants to know *why*.
Each theme compares what the move played and the best move found do at
once, so it names what a player can see on the board:

- ``dead_follower``: a follower put (or left) where it can never score: a
  field touching no city, a road or city with a square no tile left fits;
- ``gift``: the best-placed rival's projected score rises by at least
  :data:`GIFT` points more than after the best move (a feature joined to
  a stronger opponent's, a field handed over);
- ``unfinished``: the best move scores the mover at least :data:`SCORED`
  points now (a feature completed) that the move played leaves open;
- ``spent_follower``: the move played puts a follower the best move keeps
  in hand;
- ``missed_claim``: the best move claims a feature with a follower and the
  move played claims none.

A decision may have several themes, or none (a loss the search sees only
further ahead).
"""

from __future__ import annotations

from dataclasses import dataclass

from carcassonne.bots.evaluation import FOLLOWERS
from carcassonne.engine import Game
from carcassonne.engine.moves import AnyMove

#: The themes, in the order they are listed.
THEMES: tuple[str, ...] = ("dead_follower", "gift", "unfinished", "spent_follower",
                           "missed_claim")
#: Points more for a rival that make a move a gift.
GIFT = 3
#: Points scored now that make a move left unfinished worth a theme.
SCORED = 2


def dead_features(game: Game, seat: int) -> int:
    """How many features ``seat`` holds that can never score: a field
    touching no city, a road or city a square of which no tile left fits."""
    return sum(1 for f in game.claimed_features() if seat in f["strength"] and (
        (f["kind"] == "field" and not f["cities"])
        or (f["kind"] in ("city", "road") and 0 in f["fits"])))


@dataclass(frozen=True)
class Effects:
    """What a move does at once, for its mover: features that can never
    score, the best-placed rival's projected gain, points scored now, and
    followers put on the board."""

    dead: int
    gift: int
    scored: int
    placed: int


def effects(game: Game, move: AnyMove) -> Effects:
    """The :class:`Effects` of ``move`` for ``game``'s current player;
    ``game`` is left as it was."""
    seat = game.current_player
    assert seat is not None
    projected = game.projected_scores()
    on_board = _followers(game, seat)
    events = len(game.events)
    game.play(move)
    try:
        after = game.projected_scores()
        gift = max((after[p] - projected[p] for p in range(len(after)) if p != seat), default=0)
        scored = sum(e.points for e in game.events[events:] if e.player == seat and not e.final)
        placed = _followers(game, seat) - on_board
        return Effects(dead_features(game, seat), gift, scored, placed)
    finally:
        game.undo()


def _followers(game: Game, seat: int) -> int:
    return sum(1 for f in game.figures() if f["player"] == seat and f["figure"] in FOLLOWERS)


def themes(game: Game, played: AnyMove, best: AnyMove) -> tuple[str, ...]:
    """The themes of playing ``played`` instead of ``best`` in ``game``."""
    if played == best:
        return ()
    mine, better = effects(game, played), effects(game, best)
    found = {
        "dead_follower": mine.dead > better.dead,
        "gift": mine.gift - better.gift >= GIFT,
        "unfinished": better.scored - mine.scored >= SCORED,
        "spent_follower": mine.placed > max(0, better.placed),
        "missed_claim": better.placed > 0 and mine.placed <= 0,
    }
    return tuple(name for name in THEMES if found[name])
