"""One match under way: decide it once its games say so, or name its next game.

:func:`settle` reads a :class:`~carcassonne.competitions.progress.Match`
of a running competition and the stage's :class:`~carcassonne.competitions.series.Series`:

- a game being played: nothing to do yet;
- a game abandoned: the match is forfeited by everyone;
- the games decide it (all planned games played, or, best of N, someone
  cannot be caught): its result under the tie rule, and its winner (in an
  elimination stage there must be one: the most games, then the score
  difference, then the better seed);
- level after its planned games under ``"extra_game"``: one more game is
  added (a deck of its own), up to :data:`~carcassonne.competitions.series.EXTRA_GAMES`;
- otherwise its next game, seated by the series' start order now that the
  game before it is known (a game's seats stored before are only planned).
"""

from __future__ import annotations

from collections.abc import Sequence

from carcassonne.competitions.matches import forfeit
from carcassonne.competitions.progress import Decided, GameSlot, Match
from carcassonne.competitions.series import (
    EXTRA_GAMES,
    Played,
    Series,
    clinched_by,
    level,
    next_seats,
    points_of_game,
    series_result,
)


def _decide(match: Match, series: Series, played: Sequence[Played],
            order: Sequence[str]) -> None:
    result = series_result(match.entrants, played, series.tie)
    winner = result.knockout_winner(order) if series.elimination else result.winner
    match.result = Decided(result, winner)


def settle(match: Match, series: Series, order: Sequence[str]) -> GameSlot | None:
    """Decide ``match`` (changing it) or answer the game to open now; None
    when a game is being played, the players are awaited, or it is decided.
    ``order`` is the stage's entrants best first (for the seed rule)."""
    if match.result is not None:
        return None
    entrants = match.entrants
    played: list[Played] = []
    for game in match.games:
        if not game.table:
            break
        if game.ended is None:
            return None  # being played
        if game.ended.scores is None:  # abandoned: nobody wins
            match.result = Decided(forfeit(entrants, [], len(match.games)), None)
            match.forfeit = list(entrants)
            return None
        played.append((tuple(game.seats), game.ended.scores))
    points = [points_of_game(seats, scores, series.tie) for seats, scores in played]
    planned = min(series.planned, len(match.games)) if series.planned else len(match.games)
    if len(played) >= planned:
        extra = len(played) - planned
        if not (series.tie == "extra_game" and extra < EXTRA_GAMES
                and level(entrants, points)):
            _decide(match, series, played, order)
            return None
        if len(match.games) == len(played):
            deck = max(game.deck for game in match.games) + 1
            match.games.append(GameSlot(len(played) + 1, list(entrants), deck))
    elif series.best_of and played and clinched_by(entrants, points, planned):
        _decide(match, series, played, order)
        return None
    if not played and not all(e in match.ready for e in entrants if e.startswith("account:")):
        return None  # waiting for the players
    game = match.games[len(played)]
    game.seats = list(next_seats(entrants, played, series.start, series.tie))
    return game
