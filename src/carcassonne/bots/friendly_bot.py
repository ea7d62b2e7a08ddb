"""The friendly bot: a casual opponent that builds, and rarely fights.

Every other bot values a move by how far it puts the mover ahead of the
best rival, so taking points from a rival counts as much as earning them:
it joins rivals' cities to share or take them over, and places tiles that
leave a rival's feature impossible to finish ("killing" it). People who
play to build find that joyless. The friendly bot looks one move ahead, as
``easy`` does, but values a move by what it does for the bot itself, and
counts against it whatever it takes from the others:

- its own worth after the move, under the fitting estimate
  (:data:`~carcassonne.bots.evaluation.FITTING`: projected points, each
  open feature's chance of completion knowing which squares the tiles left
  can fill, followers kept back);
- minus :attr:`FriendlyBot.spare` times every point of worth a rival loses
  by the move (a city blocked, a road cut off, a feature taken over);
- minus :attr:`FriendlyBot.join` for each rival feature it moves into (a
  follower of its own sharing a feature a rival's follower holds).

Helping a rival costs nothing: finishing a rival's city along with one's own
is fine. It plays any move within ``slack`` hundredths of its best at random,
like ``easy``, so it does not always play the same game.

    >>> from carcassonne import Game
    >>> game = Game.new(players=2, seed=1)
    >>> game.is_legal(FriendlyBot(seed=2).choose(game))
    True
"""

from __future__ import annotations

from carcassonne.bots.evaluation import FITTING, Evaluation
from carcassonne.bots.greedy_bot import SCORED, GreedyBot
from carcassonne.bots.weighing import bounded_values
from carcassonne.engine import Game
from carcassonne.engine.moves import AnyMove


class FriendlyBot(GreedyBot):
    """Builds its own features and finishes them, rarely steals or blocks
    (see the module docstring)."""

    name = "friendly"

    def __init__(self, seed: int | str | None = None, evaluation: Evaluation = FITTING,
                 slack: int = 100, cap: int | None = 1500, spare: float = 1.5,
                 join: int = 800) -> None:
        super().__init__(seed, evaluation=evaluation, slack=slack, cap=cap)
        #: Hundredths counted against a move per hundredth a rival's worth falls.
        self.spare = spare
        #: Hundredths counted against a move per rival feature it moves into.
        self.join = join

    def values(self, game: Game) -> dict[AnyMove, int]:  # type: ignore[override]
        """Every legal move (at most :attr:`cap` of them) with its friendly
        value for the player to move, in hundredths of a point."""
        seat = game.current_player
        if seat is None:
            return {}
        # Worths before the move, counted as the moves' worths after it are:
        # with the figure bonus they are judged by, and SCORED hundredths per
        # point scored so far.
        before = [w + SCORED * s for w, s in
                  zip(self.evaluation.worths(game), game.scores, strict=True)]
        shared = sharing(game, seat)

        def friendly(worth: list[int], after: Game) -> int:
            lost = sum(max(0, b - a) for q, (b, a) in enumerate(zip(before, worth, strict=True))
                       if q != seat)
            joined = max(0, sharing(after, seat) - shared)
            return worth[seat] - round(self.spare * lost) - self.join * joined

        return bounded_values(game, self.evaluation, SCORED, self.cap, self.rng, friendly)


def sharing(game: Game, seat: int) -> int:
    """How many claimed features ``seat`` holds together with a rival."""
    return sum(1 for feature in game.claimed_features()
               if seat in feature["strength"] and len(feature["strength"]) > 1)
