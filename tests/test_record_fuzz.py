"""Malformed records are refused with one line naming what is wrong.

docs/formats.md "The command line contract": an invalid record gives exit status
1, one line on standard error and nothing on standard output. The reader
itself (``Game.from_record``) refuses every malformed record with a
``RecordError``, never another exception; the scenario records, each with
one part replaced by anything (:mod:`fuzz`), and the two inputs that once
printed a Python traceback (JSON nested thousands deep, an integer of
thousands of digits) are the examples.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from fuzz import DEEP, HUGE, mutated, texts
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from carcassonne import Game, RecordError
from carcassonne.cli import main

RECORDS = sorted((Path(__file__).parent / "records").rglob("*.json"))
#: Short scenarios of every set, so that a mutated record replays quickly.
SAMPLES = [json.loads(p.read_text("utf-8")) for p in RECORDS
           if p.parent.name in ("figures", "placement", "wonders", "traders_builders",
                                "watchtowers", "variants")][::3]

fuzzing = settings(max_examples=1000, deadline=None,
                   suppress_health_check=[HealthCheck.too_slow,
                                          HealthCheck.function_scoped_fixture])


def check_refusal(message: str) -> None:
    """One short line: what the input holds is shown cut short (a player's
    name of 300 characters is the longest part a message repeats)."""
    assert "\n" not in message and "Traceback" not in message
    assert 0 < len(message) <= 500, message


@fuzzing
@given(record=st.sampled_from(SAMPLES).flatmap(mutated))
def test_the_reader_refuses_a_malformed_record_with_a_record_error(record: object) -> None:
    try:
        game = Game.from_record(record)  # type: ignore[arg-type]
    except RecordError as err:
        check_refusal(str(err))
    else:  # the part replaced did not matter (an unknown key, a note)
        assert game.to_record()["moves"] == [m.to_dict() for m in game.moves]


@fuzzing
@given(text=st.sampled_from(SAMPLES).flatmap(texts))
def test_replay_answers_any_text_with_a_result_or_one_line(
        text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "record.json"
    path.write_text(text, "utf-8", errors="surrogatepass")
    status = main(["replay", str(path)])
    out, err = capsys.readouterr()
    if status == 0:
        assert json.loads(out)["scores"] is not None and not err
        return
    assert status == 1 and out == ""
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith(f"{path}: ")
    check_refusal(lines[0][len(f"{path}: "):])


@pytest.mark.parametrize(("text", "reason"), [
    (DEEP, "nested deeper than 32 levels"),
    (HUGE, "a number of 5000 digits (at most 40)"),
    ('{"format": "carcassonne-record/1", "setup": {"players": ["Ann", "Bob"]}, "stack": [], '
     '"moves": [{"tile": "BA/Rr", "at": [' + HUGE + ', 0], "rotation": 0}]}',
     "a number of 5000 digits"),
    ('{"format": "carcassonne-record/1", "setup": {"players": ["Ann", "Bob"]}, '
     '"stack": ["BA/Rr"], "moves": [{"tile": "BA/Rr", "at": [1, 0], "rotation": 0, '
     '"figures": [{"figure": "meeple", "feature": "road", "spot": ["W"]}]}]}',
     "move 0: a road figure needs a spot (N, E, ..., NL, ..., inner), not ['W']"),
])
def test_the_command_refuses_what_once_printed_a_traceback(
        tmp_path: Path, text: str, reason: str) -> None:
    """The real command, in a process of its own: exit 1, one line."""
    path = tmp_path / "bad.json"
    path.write_text(text, "utf-8")
    done = subprocess.run([sys.executable, "-m", "carcassonne", "replay", str(path)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert reason in done.stderr
