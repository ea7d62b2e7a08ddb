"""Outside bots in server seats (``carcassonne serve --outside-bot NAME=COMMAND``):
the lobby offers them, a table with one plays to the end, the program hears
the protocol's messages, and a program that fails does not stop the game."""

from __future__ import annotations

import json
import logging
import sys
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from server_helpers import PATIENCE, RANDOM, wait_for

from carcassonne import Game
from carcassonne.bots import BOTS
from carcassonne.cli import main
from carcassonne.cli_serve import outside_bot
from carcassonne.server import bots as seats

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "outside_bot.py"


@pytest.fixture
def offer() -> Iterator[list[str]]:
    """``offer.append`` names registered with ``add_outside_bot``; all are
    withdrawn after the test."""
    names: list[str] = []
    yield names
    for name in names:
        seats.remove_outside_bot(name)


def add(offer: list[str], name: str, command: list[str]) -> None:
    seats.add_outside_bot(name, command)
    offer.append(name)


def test_the_lobby_offers_outside_bots(client: TestClient, offer: list[str]) -> None:
    add(offer, "city", [sys.executable, str(EXAMPLE)])
    add(offer, "afar", [sys.executable, str(EXAMPLE)])
    catalogue = client.get("/api/catalogue").json()
    # after every built-in bot, by name
    assert catalogue["bots"] == ["easy", "friendly", "medium", "hard", "expert", "random",
                                  "greedy", "afar", "city"]
    assert sorted(catalogue["bots"][:-2]) == sorted(BOTS)
    assert catalogue["bot_kinds"]["afar"] == catalogue["bot_kinds"]["city"] == "outside"
    with pytest.raises(ValueError, match="already a bot called 'city'"):
        seats.add_outside_bot("city", ["true"])
    with pytest.raises(ValueError, match="already a bot called 'random'"):
        seats.add_outside_bot("random", ["true"])


def test_a_table_with_the_example_bot_plays_to_the_end(client: TestClient,
                                                      offer: list[str]) -> None:
    add(offer, "city", [sys.executable, str(EXAMPLE)])
    answer = client.post("/api/tables", json={"seats": [{"kind": "bot", "bot": "city"},
                                                        RANDOM]})
    assert answer.status_code == 201, answer.text
    table = answer.json()["table"]
    assert table["seats"][0]["bot"] == "city" and table["seats"][0]["name"] == "City bot"
    done = wait_for(client, table["id"], "finished")
    record = client.get(f"/api/tables/{table['id']}/record").json()
    game = Game.from_record(record)
    assert list(game.scores) == done["scores"]
    ours = [move for move, seat in zip(game.moves, game.view(None)["movers"], strict=True)
            if seat == 0]
    assert any(f.feature == "city" for move in ours for f in move.figures)


def test_the_program_hears_hello_moves_and_the_end(client: TestClient, offer: list[str],
                                                   tmp_path: Path) -> None:
    log = tmp_path / "log.jsonl"
    script = tmp_path / "recorder.py"
    script.write_text(textwrap.dedent(f"""
        import json, sys
        log = open({str(log)!r}, "w")
        for line in sys.stdin:
            message = json.loads(line)
            log.write(json.dumps({{k: v for k, v in message.items() if k != "view"}}) + "\\n")
            log.flush()
            if message["type"] == "hello":
                print(json.dumps({{"name": "recorder"}}), flush=True)
            elif message["type"] == "move":
                print(json.dumps(message["legal"][0]), flush=True)
        log.write('"closed"\\n')
    """), "utf-8")
    add(offer, "recorder", [sys.executable, str(script)])
    answer = client.post("/api/tables", json={"seats": [RANDOM, {"kind": "bot",
                                                                 "bot": "recorder"}],
                                              "options": {"farmers": False}})
    done = wait_for(client, answer.json()["table"]["id"], "finished")
    deadline = time.monotonic() + PATIENCE  # the program is told the end in a worker thread
    while not (log.exists() and log.read_text("utf-8").endswith('"closed"\n')):
        assert time.monotonic() < deadline, "the program was not told the end"
        time.sleep(0.05)
    hello, *moves, end, closed = [json.loads(x) for x in log.read_text("utf-8").splitlines()]
    assert hello["type"] == "hello" and hello["seat"] == 1
    assert hello["players"] == ["Random bot", "Recorder bot"]
    assert hello["options"] == {"farmers": False} and isinstance(hello["seed"], int)
    assert moves and all(m["type"] == "move" and m["legal"] for m in moves)
    assert end == {"type": "end", "scores": done["scores"], "winners": done["winners"]}
    assert closed == "closed"


def test_a_failing_program_does_not_stop_the_game(client: TestClient, offer: list[str],
                                                  tmp_path: Path,
                                                  caplog: pytest.LogCaptureFixture) -> None:
    script = tmp_path / "dies.py"
    script.write_text("import json\ninput()\nprint(json.dumps({'name': 'x'}), flush=True)\n"
                      "input()\nraise SystemExit('gave up')\n", "utf-8")
    add(offer, "quitter", [sys.executable, str(script)])
    with caplog.at_level(logging.ERROR, logger="carcassonne.server.bots"):
        answer = client.post("/api/tables", json={"seats": [{"kind": "bot", "bot": "quitter"},
                                                            RANDOM]})
        done = wait_for(client, answer.json()["table"]["id"], "finished")
    assert done["moves"] > 60
    failures = [r.getMessage() for r in caplog.records if "outside bot quitter" in
                r.getMessage()]
    assert failures, caplog.text
    assert "(crash)" in failures[0] and "gave up" in failures[0]
    assert "playing a random move" in failures[0]
    # started again at each of its decisions, and failing each time
    assert len(failures) > 30


def test_the_serve_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert outside_bot("mine=python3 'my bot.py' --fast") == (
        "mine", ["python3", "my bot.py", "--fast"])
    for bad in ("python3 bot.py", "=python3", "two words=python3", "mine="):
        with pytest.raises(Exception, match=r"NAME=COMMAND|which program"):
            outside_bot(bad)
    missing = tmp_path / "missing"
    assert main(["serve", "--database", f"sqlite:///{tmp_path / 'db.sqlite'}",
                 "--outside-bot", f"gone={missing}"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("carcassonne serve: outside bot gone cannot play: cannot start")
    assert "gone" not in seats.OUTSIDE_BOTS
