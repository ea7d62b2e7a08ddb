"""``carcassonne analyse`` (carcassonne/cli_analyse.py): the review as a table and as JSON,
and one line on standard error for a record it cannot review."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from carcassonne import Game
from carcassonne.bots import GreedyBot
from carcassonne.cli import main


def _record(tmp_path: Path, moves: int = 6) -> tuple[str, dict[str, Any]]:
    game = Game.new(players=["Ann", "Bob"], seed=11)
    bot = GreedyBot(seed=11)
    while len(game.moves) < moves:
        game.play(bot.choose(game))
    record = game.to_record()
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record), "utf-8")
    return str(path), record


def test_the_review_as_json_gives_each_decision_by_its_move_index(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, record = _record(tmp_path)
    assert main(["analyse", path, "--work", "5000", "--json"]) == 0
    out, _ = capsys.readouterr()
    data = json.loads(out)
    assert data["players"] == ["Ann", "Bob"]
    assert [d["move"] for d in data["decisions"]] == list(range(len(record["moves"])))
    for d in data["decisions"]:
        assert d["loss"] == pytest.approx(max(0.0, d["best_value"] - d["played_value"]), abs=0.02)
        assert d["class"] in ("best", "good", "inaccuracy", "mistake", "blunder")
        # two players: the chance of winning follows the value, move by move
        assert 0 < d["played_chance"] < 1 and 0 < d["best_chance"] < 1
        assert (d["best_chance"] >= d["played_chance"]) == (d["best_value"] >= d["played_value"])
    assert [s["name"] for s in data["summary"]] == ["Ann", "Bob"]


def test_the_review_as_a_table_names_moves_players_and_classes(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, record = _record(tmp_path, moves=4)
    assert main(["analyse", path, "--work", "5000", "--seconds", "5"]) == 0
    out, _ = capsys.readouterr()
    lines = out.splitlines()
    assert lines[0].split() == ["move", "player", "played", "best", "loss", "class", "win"]
    first = lines[1].split()
    assert first[0] == "0" and first[1] == "Ann"
    assert lines[1].index(str(Game.from_record(record).moves[0])) == lines[0].index("played")
    klass = lines[1][lines[0].index("class"):lines[0].index("win")].strip()
    assert klass in ("best", "good", "inaccuracy", "mistake", "blunder")
    assert lines[1][lines[0].index("win"):].split()[0].endswith("%")
    assert any(line.startswith("Bob: ") and "decisions" in line for line in lines)


def test_a_record_it_cannot_review_is_one_line_on_standard_error(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, record = _record(tmp_path, moves=3)
    record["moves"][2] = record["moves"][0]
    Path(path).write_text(json.dumps(record), "utf-8")
    assert main(["analyse", path]) == 1
    out, err = capsys.readouterr()
    assert out == "" and len(err.splitlines()) == 1 and "move 2" in err
    assert main(["analyse", str(tmp_path / "missing.json")]) == 1
    assert "no such file" in capsys.readouterr().err
    assert main(["analyse", path, "--seconds", "0"]) == 2
    assert "--seconds" in capsys.readouterr().err
