"""What a lost point was about (carcassonne/analysis/themes.py), on positions of greedy games:
each theme found where the board shows it, and only there."""

from __future__ import annotations

from collections.abc import Iterator

from carcassonne import Game
from carcassonne.analysis.themes import THEMES, effects, themes
from carcassonne.bots import GreedyBot
from carcassonne.engine.moves import AnyMove, Move


def _positions(seeds: range, every: int = 3) -> Iterator[Game]:
    """Every ``every``-th position of greedy two-player base games."""
    for seed in seeds:
        game = Game.new(players=2, seed=seed)
        bot = GreedyBot(seed=seed)
        while game.stack_size > 2:
            if len(game.moves) % every == 0:
                yield game
            game.play(bot.choose(game))


def _scored_now(game: Game, move: AnyMove) -> int:
    seat, before = game.current_player, len(game.events)
    game.play(move)
    points = sum(e.points for e in game.events[before:] if e.player == seat and not e.final)
    game.undo()
    return points


def _bare(move: AnyMove) -> AnyMove:
    """The same tile placement with no figure."""
    data = move.to_dict()
    data.pop("figures", None)
    return Move.from_dict(data)


def test_a_feature_left_open_that_the_best_move_completes_is_unfinished() -> None:
    found = 0
    for game in _positions(range(1, 4)):
        moves = list(game.legal_moves())
        scoring = [m for m in moves if _scored_now(game, m) >= 4]
        quiet = [m for m in moves if _scored_now(game, m) == 0]
        if scoring and quiet:
            assert "unfinished" in themes(game, quiet[0], scoring[0])
            assert "unfinished" not in themes(game, scoring[0], quiet[0])
            found += 1
    assert found >= 3


def test_a_follower_put_where_the_best_keeps_it_is_spent_and_the_other_way_missed() -> None:
    found = 0
    for game in _positions(range(4, 6)):
        for move in game.legal_moves():
            if getattr(move, "figures", None) and move.figures[0].figure == "meeple":
                bare = _bare(move)
                if _scored_now(game, move) == _scored_now(game, bare) == 0:
                    assert "spent_follower" in themes(game, move, bare)
                    assert "missed_claim" in themes(game, bare, move)
                    assert "spent_follower" not in themes(game, bare, move)
                    found += 1
                    break
    assert found >= 5


def test_a_follower_on_a_field_touching_no_city_is_dead_and_gifts_are_measured() -> None:
    dead = gifts = 0
    for game in _positions(range(6, 12), every=2):
        seat = game.current_player
        fields = [f for f in game.claimed_features()
                  if seat in f["strength"] and f["kind"] == "field" and not f["cities"]]
        for move in game.legal_moves():
            figures = getattr(move, "figures", ())
            if figures and figures[0].feature == "field":
                game.play(move)
                now = [f for f in game.claimed_features()
                       if seat in f["strength"] and f["kind"] == "field" and not f["cities"]]
                game.undo()
                if len(now) > len(fields):
                    assert "dead_follower" in themes(game, move, _bare(move))
                    dead += 1
                    break
        moves = list(game.legal_moves())
        gain = {m: effects(game, m).gift for m in moves}
        low, high = min(moves, key=gain.__getitem__), max(moves, key=gain.__getitem__)
        assert ("gift" in themes(game, high, low)) == (gain[high] - gain[low] >= 3)
        gifts += gain[high] - gain[low] >= 3
    assert dead >= 1 and gifts >= 1


def test_the_same_move_is_about_nothing_and_themes_keep_their_order() -> None:
    game = next(_positions(range(1, 2)))
    move = next(iter(game.legal_moves()))
    assert themes(game, move, move) == ()
    for other in list(game.legal_moves())[:20]:
        found = themes(game, other, move)
        assert list(found) == [t for t in THEMES if t in found]
