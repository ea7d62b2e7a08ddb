"""A tournament as an organiser runs one, through the HTTP API only: an
"International" double elimination of eight bots in best-of-3 series, to
its winner; then its records, downloaded as JSON Lines, each replaying with
``carcassonne replay`` to the result the server stored, with the server's
clock on every move. Also: the "Japan" preset's knockout tie rule reaches
the competition's setup, where the series code reads it."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from fastapi.testclient import TestClient
from test_competitions import create, finished, matches, sign_up
from test_open_records import lines, plain, replayed_in_process

BOTS = ["greedy", "random", "easy", "random", "greedy", "random", "easy", "random"]


def test_an_international_double_elimination_runs_to_its_winner_and_its_records_replay(
        client: TestClient, tmp_path: Path) -> None:
    sign_up(client, "Olga")
    event = create(client, preset="international", format="double_elimination", games=3,
                   entrants=[{"bot": name} for name in BOTS])
    setup = event["setup"]
    assert setup["sets"] == ["base"] and setup["options"] == {}  # farmers, 3 a city, 4-point
    assert setup["timing"] == {"kind": "clock", "base": 900, "increment": 0, "flag": "loss"}
    started = client.post(f"/api/competitions/{event['id']}/start")
    assert started.status_code == 200, started.text
    event = finished(client, event["id"])
    names = [entrant["name"] for entrant in event["entrants"]]
    champion = event["winner"]
    assert champion in names
    losses: Counter[str] = Counter()
    played = matches(event)
    for match in played:
        assert match["best_of"] and match["result"]["winner"] in match["entrants"]
        losses.update(name for name in match["entrants"] if name != match["result"]["winner"])
    # double elimination: two match losses put an entrant out, the winner has at most one
    assert all(losses[name] == 2 for name in names if name != champion), losses
    assert losses[champion] <= 1

    games = {game["table"]: game for match in played for game in match["games"]
             if game["table"]}
    records = lines(client.get(f"/api/competitions/{event['id']}/records"))
    assert sorted(record["table"]["id"] for record in records) == sorted(games)
    for record in records:
        table_id = record["table"]["id"]
        table = client.get(f"/api/tables/{table_id}").json()
        assert plain(record) == client.get(f"/api/tables/{table_id}/record").json()
        assert record["setup"]["players"] == games[table_id]["seats"]
        summary = replayed_in_process(record, tmp_path)
        assert summary["over"] and summary["scores"] == table["scores"]
        assert summary["winners"] == table["winners"]
        for move in record["moves"]:  # the server's clock, bots included
            clock = move["clock"]
            assert clock["taken"] >= 0 and clock["left"] == [None, None]


def test_the_japan_preset_gives_a_drawn_knockout_game_to_the_second_player(
        client: TestClient) -> None:
    sign_up(client, "Olga")
    event = create(client, preset="japan", format="knockout",
                   entrants=[{"bot": "random"}, {"bot": "greedy"}])
    setup = event["setup"]
    assert setup["tie_rules"] == {"knockout": "second_player"}
    assert setup["timing"]["flag"] == "loss" and setup["timing"]["time_loss_margin"] == 50
    # the body's own fields win over the preset's, key by key
    mine = create(client, preset="japan", format="knockout", tie_rules={"knockout": "seed"},
                  timing={"base": 60}, entrants=[{"bot": "random"}, {"bot": "greedy"}])
    assert mine["setup"]["tie_rules"] == {"knockout": "seed"}
    assert mine["setup"]["timing"] == {"kind": "clock", "base": 60, "increment": 0,
                                       "flag": "loss", "time_loss_margin": 50}
