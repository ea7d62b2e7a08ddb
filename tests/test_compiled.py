"""The compiled engine (mypyc, see ``setup.py``) against the pure one.

Both builds come from the same source, so everything observable must agree:
random games of every set play the same moves to the same scores and
events, each build replays the other's records to the same result, and
ill-typed input at the API edge is refused with the same error. The build
in use is named by ``carcassonne.compiled`` and ``--version``; an edited
source is never shadowed by an older compiled module.

These tests need a compiled build (``pip install -e .`` with a C compiler);
without one they are skipped and say so. The rest of the suite runs on
whichever build is installed, and ``./run-tests`` runs the engine's tests a
second time on the pure one.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import carcassonne

HERE = Path(__file__).resolve().parent
SRC = Path(carcassonne.__file__).resolve().parent.parent
GAMES_PER_SETUP = 40

needs_compiled = pytest.mark.skipif(
    not carcassonne.compiled,
    reason="no compiled engine in this install (CARCASSONNE_PURE=1, or no C compiler "
           "when it was built): nothing to compare the pure one with")


def run(args: list[str], pure: bool, stdin: str | None = None,
        path: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "CARCASSONNE_PURE"}
    if pure:
        env["CARCASSONNE_PURE"] = "1"
    if path is not None:
        env["PYTHONPATH"] = str(path)
    done = subprocess.run([sys.executable, *args], input=stdin, capture_output=True,
                          text=True, env=env, timeout=600)
    assert done.returncode == 0, done.stderr
    return done


def which(pure: bool, path: Path | None = None) -> tuple[bool, str]:
    done = run(["-c", "import carcassonne; print(carcassonne.compiled, carcassonne.__file__)"],
               pure, path=path)
    flag, where = done.stdout.split()
    return flag == "True", done.stderr + where


@needs_compiled
def test_each_build_is_what_it_says() -> None:
    assert which(pure=False)[0] is True
    assert which(pure=True)[0] is False
    version = run(["-m", "carcassonne", "--version"], pure=False).stdout
    assert "compiled" in version
    assert "pure Python" in run(["-m", "carcassonne", "--version"], pure=True).stdout


@needs_compiled
def test_random_games_of_every_set_agree_in_both_builds() -> None:
    script = str(HERE / "replays.py")
    pure = run([script, "play", str(GAMES_PER_SETUP)], pure=True).stdout
    compiled = run([script, "play", str(GAMES_PER_SETUP)], pure=False).stdout
    games = pure.splitlines()
    assert len(games) >= 500
    assert sum(len(json.loads(g)["events"]) for g in games) > 10 * len(games)
    assert compiled == pure  # the same moves (same legal lists), scores and events
    assert run([script, "replay"], pure=False, stdin=pure).stdout == pure
    assert run([script, "replay"], pure=True, stdin=compiled).stdout == compiled


@needs_compiled
def test_ill_typed_input_is_refused_alike_in_both_builds() -> None:
    script = str(HERE / "edges.py")
    pure = [json.loads(line) for line in run([script], pure=True).stdout.splitlines()]
    compiled = [json.loads(line) for line in run([script], pure=False).stdout.splitlines()]
    assert len(pure) > 80
    assert compiled == pure
    raised = [o["raised"] for o in pure if "raised" in o]
    assert len(raised) > 70
    # The engine's own words, not a compiled module's "str object expected".
    assert not [r for r in raised if "object expected" in r]


@needs_compiled
def test_an_edited_source_is_not_shadowed_by_the_compiled_module(tmp_path: Path) -> None:
    copy = tmp_path / "src"
    shutil.copytree(SRC / "carcassonne", copy / "carcassonne",
                    ignore=shutil.ignore_patterns("__pycache__", "web"))
    for shared in SRC.glob("carcassonne_compiled*"):
        shutil.copy(shared, copy)
    assert which(pure=False, path=copy) == (True, str(copy / "carcassonne" / "__init__.py"))
    view = copy / "carcassonne" / "engine" / "view.py"
    view.write_text(view.read_text() + "\n# edited\n")
    compiled, said = which(pure=False, path=copy)
    assert compiled is False
    assert "the sources changed since the compiled engine was built" in said
