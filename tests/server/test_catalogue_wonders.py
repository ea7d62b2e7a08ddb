"""The catalogue of The Watchtowers and The Wonders of Humanity, and their tables.

The client draws a tower's sign from the tile's ``watchtower`` and a whole
wonder piece from ``wonders`` (squares, monument, segments): both must be in
``GET /api/catalogue`` exactly as the tile files give them. A table with the
wonders has at most four seats (WON-1).
"""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from server_helpers import HUMAN

from carcassonne.engine.setup import SUPPORTED_SETS
from carcassonne.tiles import TILES, TILES_BY_SET, WONDERS

GREEDY = {"kind": "bot", "bot": "greedy"}


def test_each_watchtower_tile_says_what_its_tower_counts(client: TestClient) -> None:
    if "watchtowers" not in SUPPORTED_SETS:
        pytest.skip("The Watchtowers are not playable")
    tiles = client.get("/api/catalogue").json()["tiles"]
    for tile in TILES_BY_SET["watchtowers"]:
        assert tiles[tile.id]["watchtower"] == tile.data["watchtower"]
    # the other tiles carry no tower
    assert "watchtower" not in tiles["BA/RCr"]
    assert sum(1 for t in tiles.values() if "watchtower" in t) == len(TILES_BY_SET["watchtowers"])


def test_the_wonders_come_whole_as_the_file_gives_them(client: TestClient) -> None:
    if "wonders" not in SUPPORTED_SETS:
        pytest.skip("The Wonders of Humanity are not playable")
    data = client.get("/api/catalogue").json()
    assert "wonders" in data["sets"]
    assert set(data["wonders"]) == set(WONDERS)
    for wonder_id, raw in WONDERS.items():
        piece = data["wonders"][wonder_id]
        assert set(piece) == {"name", "ability", "squares", "monument", "cities", "roads",
                              "fields", "provisional"}
        for key in ("name", "ability", "squares", "monument"):
            assert piece[key] == raw[key], (wonder_id, key)
        for key in ("cities", "roads", "fields"):
            assert piece[key] == raw.get(key, []), (wonder_id, key)
        assert len(piece["squares"]) == 5
        # the shapes are a stand-in until the printed pieces are known (WON-SHAPE)
        assert piece["provisional"] is True
    # wonders are pieces, not tiles of the stack
    assert not set(WONDERS) & set(data["tiles"])
    assert set(data["tiles"]) <= set(TILES)
    stonehenge = data["wonders"]["WO/stonehenge"]
    assert stonehenge["name"] == "Stonehenge" and stonehenge["monument"] == ["0,0"]
    assert stonehenge["roads"] == [{"at": ["-1,0:W"], "squares": ["-1,0", "0,0"]}]


def test_a_wonders_table_has_four_seats_at_most(client: TestClient) -> None:
    if "wonders" not in SUPPORTED_SETS:
        pytest.skip("The Wonders of Humanity are not playable")
    answer = client.post("/api/tables", json={"seats": [HUMAN] + [GREEDY] * 4,
                                              "sets": ["base", "wonders"]})
    assert answer.status_code == 400, answer.text
    assert "4" in answer.json()["error"]
    answer = client.post("/api/tables", json={"seats": [HUMAN] + [GREEDY] * 3,
                                              "sets": ["base", "wonders"]})
    assert answer.status_code == 201, answer.text
    assert answer.json()["table"]["sets"] == ["base", "wonders"]
