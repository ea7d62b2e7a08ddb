"""The ``carcassonne`` command line, as docs/formats.md "The command line contract" says."""

from __future__ import annotations

import copy
import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import carcassonne
from carcassonne import __version__
from carcassonne.cli import main
from carcassonne.cli_common import parse_options

RECORDS = Path(__file__).parent / "records"
SCENARIOS = sorted(RECORDS.rglob("*.json"))
GOOD = [p for p in SCENARIOS if "error" not in json.loads(p.read_text("utf-8"))["test"]]
BAD = [p for p in SCENARIOS if "error" in json.loads(p.read_text("utf-8"))["test"]]
ROAD = RECORDS / "base" / "road_completed.json"


def load(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text("utf-8"))


def write(tmp_path: Path, record: Any, name: str = "game.json") -> str:
    path = tmp_path / name
    path.write_text(record if isinstance(record, str) else json.dumps(record), "utf-8")
    return str(path)


def fails(capsys: pytest.CaptureFixture[str], argv: list[str], status: int = 1) -> str:
    """Run ``argv``, expect ``status``, nothing on stdout and one line on stderr."""
    assert main(argv) == status
    out, err = capsys.readouterr()
    assert out == ""
    assert len(err.splitlines()) == 1, err
    return err


# -- replay ----------------------------------------------------------------


@pytest.mark.parametrize("path", GOOD, ids=lambda p: str(p.relative_to(RECORDS)))
def test_replay_scenario(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = load(path)
    assert main(["replay", str(path)]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    result = json.loads(out)
    assert result["scores"] == record["result"]["scores"]
    best = max(result["scores"])
    assert result["winners"] == [i for i, s in enumerate(result["scores"]) if s == best]
    for event in result["events"]:
        assert {"move", "player", "points", "reason", "final"} <= set(event)
    assert sum(e["points"] for e in result["events"]) == sum(result["scores"])
    if "events" in record["test"]:
        keys = ("move", "player", "points", "reason", "final")
        assert [{k: e[k] for k in keys} for e in result["events"]] == record["test"]["events"]


@pytest.mark.parametrize("path", BAD, ids=lambda p: str(p.relative_to(RECORDS)))
def test_replay_scenario_with_illegal_move(path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    error = load(path)["test"]["error"]
    err = fails(capsys, ["replay", str(path)])
    assert f"move {error['move']}" in err
    assert error["rule"] in err


def test_replay_reads_standard_input(monkeypatch: pytest.MonkeyPatch,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(ROAD.read_text("utf-8")))
    assert main(["replay", "-"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["scores"] == [3, 0]
    assert result["winners"] == [0]
    assert result["events"][0]["detail"] == "incomplete road of 3 tiles: 3"


def test_replay_illegal_move_names_move_and_rule(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    record = load(ROAD)
    del record["result"]
    record["moves"][1]["rotation"] = 0  # a curve whose east side is a field meets the road
    err = fails(capsys, ["replay", write(tmp_path, record)])
    assert "move 1: PLACE-2" in err


def mutations() -> dict[str, Any]:
    record = load(ROAD)
    unknown_tile = copy.deepcopy(record)
    unknown_tile["stack"][0] = "BA/Nope"
    bad_option = copy.deepcopy(record)
    bad_option["setup"]["options"] = {"tiny_city": 3}
    unknown_option = copy.deepcopy(record)
    unknown_option["setup"]["options"] = {"dragons": True}
    changed_result = copy.deepcopy(record)
    changed_result["result"]["scores"] = [0, 3]
    changed_winners = copy.deepcopy(record)
    changed_winners["result"]["winners"] = [1]
    no_format = copy.deepcopy(record)
    del no_format["format"]
    bad_move = copy.deepcopy(record)
    bad_move["moves"][0]["at"] = "1,0"
    return {
        "malformed JSON": ('{"format": "carcassonne-record/1", "setup": ', "invalid JSON"),
        "not an object": ("[1, 2]", "must be a JSON object"),
        "unknown tile": (unknown_tile, "unknown tile id 'BA/Nope'"),
        "bad option value": (bad_option, "option 'tiny_city'"),
        "unknown option": (unknown_option, "unknown option 'dragons'"),
        "changed result": (changed_result, "the replay gives [3, 0]"),
        "changed winners": (changed_winners, "winners"),
        "no format": (no_format, "unknown record format"),
        "malformed move": (bad_move, "move 0: at must be"),
    }


@pytest.mark.parametrize("case", list(mutations()))
def test_replay_refuses_invalid_record(case: str, tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    record, message = mutations()[case]
    path = write(tmp_path, record)
    err = fails(capsys, ["replay", path])
    assert message in err
    assert err.startswith(path)


def test_replay_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    err = fails(capsys, ["replay", str(tmp_path / "absent.json")])
    assert "no such file" in err


# -- simulate --------------------------------------------------------------


def simulate(out: Path, *extra: str) -> list[str]:
    return ["simulate", "--games", "4", "--seed", "11", "--players", "3",
            "--sets", "base", *extra, "--out", str(out)]


def test_simulate_is_reproducible_and_replays(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    assert main(simulate(tmp_path / "a")) == 0
    summary = capsys.readouterr().out
    assert "4 games" in summary and "mean scores" in summary
    assert main(simulate(tmp_path / "b")) == 0
    capsys.readouterr()
    names = sorted(p.name for p in (tmp_path / "a").iterdir())
    assert names == ["game-0001.json", "game-0002.json", "game-0003.json", "game-0004.json"]
    for name in names:
        first = (tmp_path / "a" / name).read_bytes()
        assert first == (tmp_path / "b" / name).read_bytes()
        record = json.loads(first)
        assert len(record["setup"]["players"]) == 3
        assert main(["replay", str(tmp_path / "a" / name)]) == 0
        replayed = json.loads(capsys.readouterr().out)
        assert replayed["scores"] == record["result"]["scores"]
        assert replayed["winners"] == record["result"]["winners"]
    stacks = {tuple(json.loads((tmp_path / "a" / n).read_text("utf-8"))["stack"]) for n in names}
    assert len(stacks) == 4, "every game has its own stack order"


def test_simulate_other_seed_other_games(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    assert main(simulate(tmp_path / "a")) == 0
    argv = simulate(tmp_path / "b")
    argv[argv.index("--seed") + 1] = "12"
    assert main(argv) == 0
    capsys.readouterr()
    assert ((tmp_path / "a" / "game-0001.json").read_bytes()
            != (tmp_path / "b" / "game-0001.json").read_bytes())


def test_simulate_with_options(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(simulate(tmp_path, "--options", "farmers=false,tiny_city=2")) == 0
    capsys.readouterr()
    record = load(tmp_path / "game-0001.json")
    assert record["setup"]["options"] == {"farmers": False, "tiny_city": 2}
    assert all(f["feature"] != "field" for m in record["moves"] for f in m.get("figures", []))


@pytest.mark.parametrize(("extra", "message"), [
    (["--options", "dragons=true"], "unknown option 'dragons'"),
    (["--options", "farmers"], "not name=value"),
    (["--sets", "base,elves"], "unknown set 'elves'"),
    (["--players", "9"], "2 to 5 players"),
])
def test_simulate_refuses_bad_setup(extra: list[str], message: str, tmp_path: Path,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    assert main(simulate(tmp_path / "out", *extra)) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert message in err
    assert err.splitlines()[-1].startswith("carcassonne simulate: error:")
    assert not (tmp_path / "out").exists()


# -- play ------------------------------------------------------------------


def test_play_tells_the_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record_path = tmp_path / "played.json"
    assert main(["play", "--names", "Ann,Bob", "--seed", "7", "--record", str(record_path)]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0].startswith("Carcassonne: Ann, Bob;")
    assert "seed 7" in lines[0]
    record = load(record_path)
    scores = record["result"]["scores"]
    winner = "Ann" if scores[0] > scores[1] else "Bob"
    assert f"Result: Ann {scores[0]}, Bob {scores[1]}; winner: {winner}." in lines
    assert "Final scoring:" in lines
    first = record["moves"][0]
    assert lines[1].split()[:2] == ["0", "Ann"]
    assert first["tile"] in lines[1]
    assert any(line.strip().startswith("+ ") for line in lines)
    assert f"Record written to {record_path}." in lines
    assert main(["replay", str(record_path)]) == 0


def test_play_is_game_one_of_simulate(tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--players", "3", "--seed", "11", "--record",
                 str(tmp_path / "one.json")]) == 0
    assert main(simulate(tmp_path / "many")) == 0
    capsys.readouterr()
    played = (tmp_path / "one.json").read_bytes()
    assert played == (tmp_path / "many" / "game-0001.json").read_bytes()


def test_play_without_seed_prints_one(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play"]) == 0
    out = capsys.readouterr().out
    assert "; seed " in out.splitlines()[0]
    assert out.splitlines()[-1].startswith("Result: Player 1 ")


def test_play_shows_discards_and_options(capsys: pytest.CaptureFixture[str]) -> None:
    # Seed 1: after two moves, no square borders only fields, so the
    # monastery BA/L drawn third is discarded (PLACE-4).
    assert main(["play", "--seed", "1", "--options", "tiny_city=2,farmers=false"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "; options farmers=false,tiny_city=2;" in lines[0]
    assert lines[2].split()[0] == "1"
    assert "Player 1 cannot place BA/L anywhere: discarded" in lines[3]
    assert lines[4].split()[:3] == ["2", "Player", "1"]


def test_play_refuses_names_and_players_that_differ(capsys: pytest.CaptureFixture[str]) -> None:
    err = fails(capsys, ["play", "--players", "3", "--names", "Ann,Bob"], status=2)
    assert "--players 3 but 2 --names" in err


# -- options, help, version, entry points -------------------------------------


def test_parse_options() -> None:
    assert parse_options("farmers=false, tiny_city=2,farm_scoring=first_edition") == {
        "farmers": False, "tiny_city": 2, "farm_scoring": "first_edition"}
    assert parse_options("hands_public=TRUE") == {"hands_public": True}
    assert parse_options("") == {}


@pytest.mark.parametrize("command", [[], ["replay"], ["simulate"], ["play"]])
def test_help(command: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*command, "--help"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: carcassonne")
    assert "examples:" in out


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    build = "compiled" if carcassonne.compiled else "pure Python"
    assert capsys.readouterr().out.strip() == f"carcassonne {__version__} ({build} engine)"


def test_no_command_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2
    assert "required: COMMAND" in capsys.readouterr().err


def test_entry_points_run_as_programs(tmp_path: Path) -> None:
    module = subprocess.run([sys.executable, "-m", "carcassonne", "replay", str(ROAD)],
                            capture_output=True, text=True, check=False)
    assert module.returncode == 0, module.stderr
    assert json.loads(module.stdout)["scores"] == [3, 0]
    bad = write(tmp_path, "not json")
    script = Path(sys.executable).parent / "carcassonne"
    command = [str(script)] if script.exists() else [sys.executable, "-m", "carcassonne"]
    failed = subprocess.run([*command, "replay", bad], capture_output=True, text=True,
                            check=False)
    assert failed.returncode == 1
    assert failed.stdout == ""
    assert len(failed.stderr.splitlines()) == 1
    assert "invalid JSON" in failed.stderr
