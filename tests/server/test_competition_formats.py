"""Competition formats run by the server through its HTTP API: a double
elimination of eight bots with best-of-3 series, from ``POST
/api/competitions`` to its winner (every entrant's losses, the matches'
count, the brackets); a league whose series stop once decided and seat the
loser of a game first in the next; and the refusals of bad series fields."""

from __future__ import annotations

from collections import Counter
from itertools import pairwise
from typing import Any

from fastapi.testclient import TestClient
from server_helpers import hall
from test_competitions import create, finished, matches, sign_up

WINNERS, LOSERS, FINAL = 0, 1, 2


def test_a_double_elimination_of_eight_bots_in_best_of_3_series(client: TestClient) -> None:
    sign_up(client, "Olga")
    bots = [{"bot": name} for name in ("greedy", "random", "easy", "random",
                                       "greedy", "random", "easy", "random")]
    event = create(client, format="double_elimination", games=3, entrants=bots)
    assert event["setup"]["format"] == "double_elimination"
    assert event["setup"]["best_of"] is None  # the stage's default: best of
    started = client.post(f"/api/competitions/{event['id']}/start")
    assert started.status_code == 200, started.text
    event = finished(client, event["id"])
    (stage,) = event["stages"]
    assert stage["kind"] == "double_elimination" and stage["done"]
    played = matches(event)
    names = [e["name"] for e in event["entrants"]]
    losses: Counter[str] = Counter()
    tables = hall(client).tables
    for match in played:
        assert match["best_of"]
        winner = match["result"]["winner"]
        assert winner in match["entrants"]
        losses.update(name for name in match["entrants"] if name != winner)
        games = [g for g in match["games"] if g["table"]]
        won: Counter[str] = Counter()
        for game in games:  # the result, read again from the tables
            scores = tables[game["table"]].result["scores"]
            best = max(scores)
            if scores.count(best) == 1:
                won[game["seats"][scores.index(best)]] += 1
        assert 2 <= len(games) <= 3
        if len(games) == 2:  # a best-of-3 stops once decided
            assert won[winner] == 2
    champion = event["winner"]
    assert champion in names
    assert all(losses[name] == 2 for name in names if name != champion), losses
    assert losses[champion] <= 1
    assert len(played) == (15 if losses[champion] else 14)
    brackets = Counter(m["group"] for m in played)
    assert brackets[WINNERS] == 7  # a knockout of 8
    assert brackets[LOSERS] == 6
    assert brackets[FINAL] in (1, 2)
    finals = [m for m in played if m["group"] == FINAL]
    assert finals[-1]["result"]["winner"] == champion
    for one in stage["rounds"]:  # nobody plays two matches at once
        seated = [name for m in one["matches"] for name in m["entrants"]]
        assert len(seated) == len(set(seated))


def test_a_league_series_stops_once_decided_and_the_loser_starts(client: TestClient) -> None:
    sign_up(client, "Olga")
    bots = [{"bot": "greedy"}, {"bot": "random"}, {"bot": "random"}]
    event = create(client, format="league", games=3, best_of=True, series_start="loser",
                   entrants=bots)
    assert (event["setup"]["best_of"], event["setup"]["series_start"]) == (True, "loser")
    client.post(f"/api/competitions/{event['id']}/start")
    event = finished(client, event["id"])
    tables = hall(client).tables
    for match in matches(event):
        assert match["best_of"]
        games = [g for g in match["games"] if g["table"]]
        assert games[0]["seats"] == match["entrants"]
        won: Counter[str] = Counter()
        for before, after in pairwise(games):
            scores = tables[before["table"]].result["scores"]
            if scores[0] != scores[1]:
                loser = before["seats"][scores.index(min(scores))]
                assert after["seats"][0] == loser
            else:
                assert after["seats"] == before["seats"][::-1]
        for game in games:
            scores = tables[game["table"]].result["scores"]
            if scores[0] != scores[1]:
                won[game["seats"][scores.index(max(scores))]] += 1
        if len(games) == 2:
            assert max(won.values()) == 2


def test_refusals_of_series_fields(client: TestClient) -> None:
    sign_up(client, "Olga")
    for body, words in [({"best_of": "yes"}, "best_of must be true or false"),
                        ({"series_start": "winner"}, "series_start must be one of"),
                        ({"tie_rules": ["seed"]}, "tie_rules must be an object"),
                        ({"tie_rules": {"final": "seed"}}, "unknown stage"),
                        ({"tie_rules": {"knockout": "coin"}}, "tie_rules knockout must be")]:
        answer: Any = client.post("/api/competitions", json={"name": "X", **body})
        assert answer.status_code == 400 and words in answer.json()["error"], answer.text
    assert client.get("/api/competitions").json()["competitions"] == []
    event = create(client, format="knockout", tie_rules={"knockout": "second_player"})
    assert event["setup"]["tie_rules"] == {"knockout": "second_player"}
