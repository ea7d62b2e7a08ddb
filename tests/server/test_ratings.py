"""Ratings (docs/server.md "Ratings"): rated tables, OpenSkill per family,
updated once per finished rated game, surviving restarts, recomputable."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import HUMAN, RANDOM, Serve, hall, new_table, play_turns

from carcassonne.cli import main
from carcassonne.server.ratings import Rating, families, family, ranks, rate, shown_rating

PASSWORD = "correct horse battery"


def test_families_follow_the_sets_and_the_scoring_variants() -> None:
    assert family(["base"], {}) == "base"
    assert family(["base", "inns_cathedrals"], {}) == "expansions"
    assert family(["base", "inns_cathedrals", "traders_builders"], {"tiny_city": 2}) == (
        "expansions")
    assert family(["base", "watchtowers"], {}) == "towers_wonders"
    assert family(["base"], {"farm_scoring": "first_edition", "hand": 3}) == (
        "base+first_edition+hand")
    assert len(set(families())) == len(families()) == 12


def test_winners_gain_shared_wins_are_equal_and_a_timed_out_seat_ranks_last() -> None:
    new = [Rating(), Rating(), Rating()]
    first, second, third = rate(new, [50, 40, 30])
    assert first.mu > second.mu > third.mu and first.games == 1
    shared = rate(new, [40, 40, 10])
    assert shared[0] == shared[1] and shared[0].mu > shared[2].mu
    assert ranks([60, 10], last=[0]) == [1, 0]
    assert rate(new[:2], [60, 10], last=[0])[0].mu < 25
    assert shown_rating(25, 25 / 3) == 1500


def account(client: TestClient, name: str) -> None:
    answer = client.post("/api/accounts", json={"name": name, "password": PASSWORD})
    assert answer.status_code == 201


def rated_game(client: TestClient, seed: int, bot: dict[str, Any] = RANDOM,
               rated: bool = True) -> dict[str, Any]:
    """A game of the logged-in player against ``bot``, played to its end."""
    table_id, _ = new_table(client, [HUMAN, bot], rated=rated)
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        final, _ = play_turns(ws, seed=seed)
    assert final["view"]["is_over"]
    return final


def board(client: TestClient, name: str = "base") -> list[tuple[str, int, int]]:
    """The leaderboard's rated players (not the levels listed at their
    calibrated rating until they play)."""
    players = client.get(f"/api/leaderboard?family={name}").json()["players"]
    return [(p["name"], p["rating"], p["games"]) for p in players if not p["calibrated"]]


def test_a_rated_game_rates_both_seats_once_and_a_casual_one_does_not(
        serve: Serve) -> None:
    with serve() as client:
        account(client, "Ann")
        rated_game(client, seed=1, rated=False)
        assert board(client) == []
        final = rated_game(client, seed=2)
        assert final["table"]["rated"] is True
        rows = board(client)
        assert sorted((name, games) for name, _, games in rows) == [("Ann", 1),
                                                                    ("Random bot", 1)]
        winners = final["view"]["winners"]
        ratings = {name: value for name, value, _ in rows}
        if len(winners) == 1:
            winner = "Ann" if winners == [0] else "Random bot"
            loser = "Random bot" if winner == "Ann" else "Ann"
            assert ratings[winner] > ratings[loser]
        profile = client.get("/api/players/Ann").json()
        assert [r["family"] for r in profile["ratings"]] == ["base"]
        assert profile["ratings"][0]["games"] == 1 and len(profile["history"]) == 1
        assert profile["history"][0]["rating"] == ratings["Ann"]
        assert profile["played"] == 2 and len(profile["finished"]) == 2
    with serve() as client:  # a restart keeps them, and rates nothing twice
        assert board(client) == rows


def test_recomputing_gives_the_same_numbers(serve: Serve, sqlite_url: str,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    with serve() as client:
        account(client, "Ann")
        for seed in (3, 4):
            rated_game(client, seed)
        client.post("/api/session", json={"name": "Ann", "password": PASSWORD})
        rated_game(client, 5, bot={"kind": "bot", "bot": "greedy"})
        before = hall(client).store.ratings()
        history = hall(client).store.rating_history(before[0]["player"])
    assert main(["ratings", "--recompute", "--database", sqlite_url]) == 0
    assert "rated 3 games again" in capsys.readouterr().out
    with serve() as client:
        assert hall(client).store.ratings() == before
        again = hall(client).store.rating_history(before[0]["player"])
        assert [(e["mu"], e["sigma"], e["table_id"]) for e in again] == [
            (e["mu"], e["sigma"], e["table_id"]) for e in history]


def test_a_guest_cannot_sit_at_a_rated_table(client: TestClient) -> None:
    refused = client.post("/api/tables", json={"seats": [HUMAN, RANDOM], "rated": True,
                                               "join": {"seat": 0}})
    assert refused.status_code == 403 and "log in" in refused.json()["error"]
    open_table = client.post("/api/tables", json={"seats": [HUMAN, HUMAN], "rated": True})
    table_id = open_table.json()["table"]["id"]
    joined = client.post(f"/api/tables/{table_id}/join", json={"seat": 0})
    assert joined.status_code == 403
    assert client.post("/api/tables", json={"seats": [HUMAN], "rated": "yes"}).status_code == 400
    assert client.get("/api/leaderboard?family=nonsense").status_code == 400
