"""Policy bots in server seats (``carcassonne serve --policy-bot NAME=MODULE:FUNCTION``):
the lobby offers them, a table with one plays to the end with the policy's
moves, and a spec that makes no bot is refused at start."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from server_helpers import RANDOM, wait_for

from carcassonne import Game
from carcassonne.cli import main
from carcassonne.cli_serve import policy_bot
from carcassonne.server import bots as seats

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "policy_bot.py"


@pytest.fixture
def offer() -> Iterator[list[str]]:
    """Names offered during the test, withdrawn after it."""
    names: list[str] = []
    yield names
    for name in names:
        seats.remove_outside_bot(name)


def test_a_table_with_a_policy_bot_plays_to_the_end(client: TestClient,
                                                    offer: list[str]) -> None:
    seats.add_policy_bot("figures", f"{EXAMPLE}:bot")
    offer.append("figures")
    catalogue = client.get("/api/catalogue").json()
    assert catalogue["bots"][-1] == "figures"
    assert catalogue["bot_kinds"]["figures"] == "outside"
    with pytest.raises(ValueError, match="already a bot called 'figures'"):
        seats.add_policy_bot("figures", f"{EXAMPLE}:bot")
    answer = client.post("/api/tables", json={"seats": [{"kind": "bot", "bot": "figures"},
                                                        RANDOM]})
    assert answer.status_code == 201, answer.text
    table = answer.json()["table"]
    done = wait_for(client, table["id"], "finished")
    game = Game.from_record(client.get(f"/api/tables/{table['id']}/record").json())
    assert list(game.scores) == done["scores"]
    ours = [move for move, seat in zip(game.moves, game.view(None)["movers"], strict=True)
            if seat == 0]
    # the example places a figure whenever it may: nearly every one of its tiles gets one
    with_figures = sum(1 for move in ours if move.figures)
    assert with_figures >= 7


def test_the_serve_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert policy_bot("mine=my_bot.py:bot") == ("mine", "my_bot.py:bot")
    for bad in ("my_bot.py:bot", "mine=my_bot.py", "two words=a:b"):
        with pytest.raises(Exception, match="NAME=MODULE:FUNCTION"):
            policy_bot(bad)
    assert main(["serve", "--database", f"sqlite:///{tmp_path / 'db.sqlite'}",
                 "--policy-bot", f"gone={EXAMPLE}:missing"]) == 2
    err = capsys.readouterr().err
    assert "policy bot gone" in err and "has no function called 'missing'" in err
    assert "gone" not in seats.POLICY_BOTS
