"""The bot levels on the leaderboard before and after their first rated game
(carcassonne/server/level_ratings.py, docs/server.md "Ratings")."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from server_helpers import Serve, hall
from test_ratings import account, rated_game

from carcassonne.bots import LEVELS
from carcassonne.server.level_ratings import ANCHOR, FLOOR, calibrate, calibrated, start
from carcassonne.server.ratings import MU, Rating, rate, shown_rating


def test_every_level_is_calibrated_for_the_base_game_and_the_stronger_rate_higher() -> None:
    levels = calibrated()["families"]["base"]
    assert set(levels) == set(LEVELS)
    assert levels[ANCHOR]["mu"] == MU
    # the order the arena measured: each level beats the one below
    order = ["easy", "friendly", "medium", "hard", "expert"]
    assert [levels[name]["mu"] for name in order] == sorted(
        levels[name]["mu"] for name in order)
    assert start("bot:hard", "base") == Rating(levels["hard"]["mu"],
                                               max(levels["hard"]["sigma"], FLOOR), 0)
    assert start("bot:random", "base") == start("account:1", "base") == Rating()
    assert start("bot:hard", "no such family") == Rating()


@settings(max_examples=30, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["easy", "a", "b"]), st.sampled_from(["easy", "a", "b"]),
                          st.integers(0, 100), st.integers(0, 100)), min_size=1, max_size=30))
def test_calibration_anchors_easy_and_counts_every_game(
        games: list[tuple[str, str, int, int]]) -> None:
    played = [((first, second), (p, q)) for first, second, p, q in games if first != second]
    levels = calibrate(played, orders=2)
    for name, level in levels.items():
        assert level["games"] == sum(1 for seated, _ in played if name in seated)
        assert 0 < level["sigma"] <= Rating().sigma
    if "easy" in levels:
        assert levels["easy"]["mu"] == MU


def test_a_level_that_always_wins_rates_above_one_that_always_loses() -> None:
    games = [(("easy", "hard"), (50, 80)), (("hard", "easy"), (90, 70))] * 20
    games += [(("easy", "medium"), (60, 65)), (("medium", "easy"), (70, 40))] * 20
    games += [(("medium", "hard"), (60, 75)), (("hard", "medium"), (70, 40))] * 20
    levels = calibrate(games, orders=4)
    assert levels["hard"]["mu"] > levels["medium"]["mu"] > levels["easy"]["mu"] == MU


def test_levels_wait_on_the_leaderboard_then_start_from_their_calibrated_rating(
        serve: Serve) -> None:
    with serve() as client:
        listed = client.get("/api/leaderboard?family=base").json()["players"]
        # nobody has played: the levels are there, calibrated, strongest first
        assert [p["bot"] for p in listed] == sorted(
            LEVELS, key=lambda name: -shown_rating(start(f"bot:{name}", "base").mu,
                                                   start(f"bot:{name}", "base").sigma))
        assert all(p["calibrated"] and p["games"] == 0 for p in listed)
        assert listed[0]["name"] == "Expert bot"
        # a family without calibrated levels lists only its rated players
        assert client.get("/api/leaderboard?family=base%2Bhand").json()["players"] == []
        account(client, "Ann")
        final = rated_game(client, seed=4, bot={"kind": "bot", "bot": "friendly"})
        scores = final["view"]["scores"]
        expected = rate([Rating(), start("bot:friendly", "base")], scores)
        stored = {row["player"]: row for row in hall(client).store.ratings("base")}
        friendly = stored["bot:friendly"]
        assert (friendly["mu"], friendly["sigma"], friendly["games"]) == (
            expected[1].mu, expected[1].sigma, 1)
        listed = client.get("/api/leaderboard?family=base").json()["players"]
        rows = {p["name"]: p for p in listed}
        assert not rows["Friendly bot"]["calibrated"] and rows["Friendly bot"]["games"] == 1
        assert rows["Hard bot"]["calibrated"] and not rows["Ann"]["calibrated"]
        assert [p["rating"] for p in listed] == sorted((p["rating"] for p in listed),
                                                       reverse=True)
