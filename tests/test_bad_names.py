"""Names that are not text, refused where they come in.

A lone surrogate (``"\\ud800x"``: half of a surrogate pair, from an
unpaired JSON escape, or from bytes a command line could not decode) is no
character: it cannot be written to a terminal, a file or a database. The
engine refuses such a player name at setup, a record holding one is
refused, and every command refuses it with one line on standard error and
no traceback, even when standard output is strict UTF-8. A command that
only echoes a path holding such bytes prints it escaped."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from carcassonne import Game, RecordError, SetupError

BAD = "\ud800x"
#: A file or argument byte that is not UTF-8: Python hands it on as "\udcff".
BAD_BYTE = b"\xff"


@pytest.mark.parametrize("names", [[BAD, "Bob"], ["Ann", "B\udcffob"], ["Ann", "\udfff"]])
def test_the_engine_refuses_a_player_name_that_is_not_text(names: list[str]) -> None:
    with pytest.raises(SetupError) as caught:
        Game.new(players=names, seed=1)
    message = str(caught.value)
    assert "is not text that can be written out" in message and "\n" not in message
    message.encode("utf-8")  # the message itself can be written out


def test_a_record_with_such_a_name_is_refused_as_a_setup_error() -> None:
    record = Game.new(players=["Ann", "Bob"], seed=1).to_record()
    record["setup"]["players"][1] = BAD
    with pytest.raises(RecordError) as caught:
        Game.from_record(record)
    assert caught.value.move is None
    assert str(caught.value).startswith("setup: the player name '\\ud800x'")


def test_names_beyond_ascii_are_text_and_kept() -> None:
    names = ["Zoë", "\U0001F409 Drache", "李"]
    game = Game.new(players=names, seed=1)
    assert Game.from_record(json.loads(json.dumps(game.to_record()))).players == tuple(names)


def run(*args: str | bytes, stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    """``carcassonne ARGS`` as a program whose standard output is strict UTF-8."""
    env = {**os.environ, "PYTHONIOENCODING": "utf-8", "CARCASSONNE_PURE": "1"}
    return subprocess.run([sys.executable, "-m", "carcassonne", *args], input=stdin,
                          capture_output=True, env=env, check=False, timeout=600)


def one_line_error(done: subprocess.CompletedProcess[bytes], status: int, words: str) -> None:
    err = done.stderr.decode("utf-8")
    assert done.returncode == status, err
    assert done.stdout == b""
    assert len(err.splitlines()) == 1 and "Traceback" not in err, err
    assert words in err, err


def test_replay_refuses_a_record_holding_a_lone_surrogate(tmp_path: Path) -> None:
    record = Game.new(players=["Ann", "Bob"], seed=1).to_record()
    record["setup"]["players"][0] = BAD
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record), "utf-8")  # the name travels as "\ud800x"
    one_line_error(run("replay", str(path)), 1, "\\ud800, half a surrogate pair: not text")
    one_line_error(run("replay", "-", stdin=path.read_bytes()), 1, "half a surrogate pair")


def test_replay_refuses_standard_input_that_is_not_utf8() -> None:
    one_line_error(run("replay", "-", stdin=b'{"format": "' + BAD_BYTE + b'"}'), 1,
                   "<stdin>: not a record")


@pytest.mark.parametrize("args", [
    (b"play", b"--names", BAD_BYTE + b",Bob", b"--seed", b"1"),
    (b"play", b"--names", b"Ann,B" + BAD_BYTE, b"--players", b"2"),
])
def test_play_refuses_a_name_that_is_not_text(args: tuple[bytes, ...]) -> None:
    one_line_error(run(*args), 2, "carcassonne play: error: the player name")


def test_arena_refuses_a_bot_name_that_is_not_text() -> None:
    one_line_error(run(b"arena", BAD_BYTE, b"random", b"--games", b"1"), 2,
                   "unknown bot '\\udcff'")


def test_a_path_that_is_not_utf8_is_used_and_echoed_escaped(tmp_path: Path) -> None:
    folder = os.fsencode(tmp_path)
    record = folder + b"/game" + BAD_BYTE + b".json"
    played = run(b"play", b"--seed", b"3", b"--record", record)
    assert played.returncode == 0, played.stderr
    assert b"Record written to " in played.stdout and b"\\udcff.json." in played.stdout
    replayed = run(b"replay", record)
    assert replayed.returncode == 0, replayed.stderr
    assert json.loads(replayed.stdout)["over"] is True
    runs = folder + b"/runs" + BAD_BYTE
    simulated = run(b"simulate", b"--games", b"1", b"--out", runs)
    assert simulated.returncode == 0, simulated.stderr
    assert b"records in " in simulated.stdout and b"\\udcff" in simulated.stdout
    assert os.listdir(runs) == [b"game-0001.json"]
