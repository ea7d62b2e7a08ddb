"""``GET /api/tables/{id}/placements``: where the tile in play can go and
what each placement would join and score, the text form of the
highlighted squares (analysis/placements.py). Public for a tile everyone
sees; a tile in a hidden hand only for its player."""

from __future__ import annotations

import json
from typing import Any

from fastapi.testclient import TestClient
from server_helpers import HUMAN, RANDOM, auth, hall, new_table

from carcassonne import Game, Move
from carcassonne.analysis.placements import placements


def engine_game(client: TestClient, table_id: str) -> Game:
    """The table's game as the server holds it (seat 0, a human, is to
    play: nothing moves meanwhile), replayed afresh from its stack."""
    held = hall(client).get(table_id).game
    assert held is not None
    record = held.to_record()
    setup = record["setup"]
    game = Game.new(players=setup["players"], sets=setup["sets"],
                    options=setup.get("options", {}), stack=record["stack"])
    for move in record["moves"]:
        game.play(Move.from_dict(move))
    return game


def answer_of(client: TestClient, table_id: str, token: str | None = None) -> dict[str, Any]:
    answer = client.get(f"/api/tables/{table_id}/placements",
                        headers=auth(token) if token else {})
    assert answer.status_code == 200, answer.text
    data: dict[str, Any] = answer.json()
    return data


def test_the_tile_in_play_is_described_for_anyone(client: TestClient) -> None:
    table_id, token = new_table(client, [HUMAN, RANDOM])
    data = answer_of(client, table_id)  # (it loads the game)
    game = engine_game(client, table_id)
    assert data["last"] == len(game.moves)
    assert data["placements"] == json.loads(json.dumps(placements(game)))
    assert data["placements"] and all(p["tile"] == game.tiles_to_place[0]
                                      for p in data["placements"])
    assert answer_of(client, table_id, token) == data  # the tile is public


def test_with_the_aids_off_no_points_are_told(client: TestClient) -> None:
    table_id, _ = new_table(client, [HUMAN, RANDOM], aids="off")
    found = answer_of(client, table_id)["placements"]
    assert found
    for placement in found:
        assert placement["scores"] is None and placement["scored"] is None
        assert all(f["points"] is None for f in placement["features"])


def test_a_hidden_hand_is_described_only_to_its_player(client: TestClient) -> None:
    table_id, token = new_table(client, [HUMAN, RANDOM], options={"hand": 3})
    spectator = answer_of(client, table_id)["placements"]
    game = engine_game(client, table_id)
    held = set(game.view(0)["to_place"] or [])
    player = answer_of(client, table_id, token)["placements"]
    assert {p["tile"] for p in player} == {m.tile for m in game.legal_moves() if m.tile}
    assert len({p["tile"] for p in player}) > 1 or len(held) == 1
    public = set(game.view(None)["to_place"] or [])
    assert {p["tile"] for p in spectator} <= public
    assert len(spectator) < len(player)


def test_a_waiting_table_has_nothing_to_place(client: TestClient) -> None:
    table_id, _ = new_table(client, [HUMAN, HUMAN])
    answer = client.get(f"/api/tables/{table_id}/placements")
    assert answer.status_code == 409
    assert "not started" in answer.json()["error"]
