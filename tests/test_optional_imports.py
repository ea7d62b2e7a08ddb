"""Optional packages: a missing one is said in one line naming the extra.

The engine needs only the standard library; the server, the environments,
OpenSpiel, Ray and PostgreSQL need the packages of an extra. Each check
runs Python in a process of its own in which some packages cannot be
imported (``tests/blocked_imports.py``), as on a machine where they were
never installed, and imports every module of ``carcassonne``, runs the
command line, or collects the tests.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from carcassonne.extras import EXTRAS, extra_of

ROOT = Path(__file__).resolve().parents[1]
BLOCKER = ROOT / "tests" / "blocked_imports.py"
#: Packages no extra brings, which the project may use where asked (an
#: example's trainer, a policy given by the user), never on import.
OUTSIDE = ("torch", "tianshou", "sb3_contrib", "stable_baselines3")
EVERY_PACKAGE = sorted({name for names in EXTRAS.values() for name in names} | set(OUTSIDE))
#: The extras that bring another's packages too (pyproject.toml).
INCLUDES = {"openspiel": {"env"}}
INSTALL = re.compile(r"pip install 'carcassonne\[(\w+)\]'")

pytestmark = pytest.mark.skipif(
    os.environ.get("CARCASSONNE_PURE") == "1",
    reason="imports are checked once, on the build that is installed")


def blocked(packages: str, *args: str, timeout: float = 600) -> subprocess.CompletedProcess[str]:
    """Run ``tests/blocked_imports.py`` with ``packages`` made unimportable."""
    return subprocess.run([sys.executable, str(BLOCKER), packages, *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=timeout, check=False)


Outcomes = dict[str, dict[str, str] | None]


def import_outcomes(packages: str) -> Outcomes:
    """How importing each module went, with ``packages`` unimportable."""
    done = blocked(packages, "modules")
    assert done.returncode == 0, done.stderr
    outcomes: Outcomes = json.loads(done.stdout)
    return outcomes


@pytest.fixture(scope="module")
def every_outcome() -> dict[str, Outcomes]:
    """:func:`import_outcomes` with nothing blocked, and with each package
    blocked in turn: processes run side by side, one per core."""
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        return dict(zip(["", *EVERY_PACKAGE],
                        pool.map(import_outcomes, ["", *EVERY_PACKAGE]), strict=True))


def extras_naming(package: str) -> set[str]:
    """The extras whose install brings ``package``."""
    extra = extra_of(package)
    assert extra is not None, package
    return {extra} | {big for big, small in INCLUDES.items() if extra in small}


def test_every_module_imports_when_everything_is_installed(
        every_outcome: dict[str, Outcomes]) -> None:
    outcomes = every_outcome[""]
    failed = {name: outcome for name, outcome in outcomes.items() if outcome}
    # Only an extra this machine lacks may be missing, and then said clearly.
    assert all(outcome["type"] == "MissingExtra" for outcome in failed.values()), failed
    assert outcomes["carcassonne.engine"] is None and "carcassonne.server.hall" in outcomes


@pytest.mark.parametrize("package", EVERY_PACKAGE)
def test_a_missing_package_is_said_in_one_line_naming_its_extra(
        package: str, every_outcome: dict[str, Outcomes]) -> None:
    outcomes = every_outcome[package]
    assert outcomes["carcassonne.engine"] is None  # the engine needs none of them
    assert outcomes["carcassonne.cli"] is None     # nor does the command line
    failed = {name: outcome for name, outcome in outcomes.items() if outcome}
    for name, outcome in failed.items():
        assert outcome["type"] == "MissingExtra", (name, outcome)
        message = outcome["message"]
        assert "\n" not in message and f"needs {package}" in message, (name, message)
        named = INSTALL.search(message)
        assert named is not None, (name, message)
        assert named.group(1) in extras_naming(package), (name, message)
    if package in OUTSIDE or package == "ray":  # imported only where they are used
        assert not failed
    else:
        assert failed, f"no module needs {package}: is it still in its extra?"


def test_the_extras_are_those_of_pyproject() -> None:
    """:data:`~carcassonne.extras.EXTRAS` names every package of each extra
    of pyproject.toml, by the name it is imported by."""
    import tomllib

    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())
    extras = declared["project"]["optional-dependencies"]
    imported_as = {"argon2-cffi": "argon2", "open_spiel": "pyspiel"}
    for extra, names in EXTRAS.items():
        distributions = {re.split(r"[<>=\[ ]", requirement)[0] for requirement in extras[extra]}
        wanted = {imported_as.get(d, d) for d in distributions if d != "carcassonne"}
        assert wanted == set(names) - {"starlette"}, extra  # (starlette comes with fastapi)


COMMANDS = [
    ("fastapi", ["serve", "--port", "1"], "server"),
    ("sqlalchemy", ["ratings", "--recompute"], "server"),
    ("psycopg", ["serve", "--port", "1", "--database", "postgresql://a:b@127.0.0.1:1/x"],
     "postgres"),
    ("psycopg", ["ratings", "--recompute", "--database", "postgresql://a:b@127.0.0.1:1/x"],
     "postgres"),
    ("ray", ["arena", "random", "greedy", "--games", "2", "--ray"], "ray"),
]


@pytest.mark.parametrize(("package", "args", "extra"), COMMANDS,
                         ids=[f"{p}-{a[0]}" for p, a, _ in COMMANDS])
def test_the_command_line_says_which_extra_to_install(package: str, args: list[str], extra: str,
                                                       tmp_path: Path) -> None:
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path)}
    done = subprocess.run([sys.executable, str(BLOCKER), package, "cli", *args], cwd=tmp_path,
                          capture_output=True, text=True, timeout=600, check=False, env=env)
    assert done.returncode == 1, done
    assert "Traceback" not in done.stderr
    # (an editable install whose engine sources were edited since it was
    # compiled says so first: not this test's matter)
    lines = [line for line in done.stderr.strip().splitlines()
             if not line.startswith("carcassonne: the sources changed")]
    assert len(lines) == 1, done.stderr
    assert f"pip install 'carcassonne[{extra}]'" in lines[0]


def test_the_tests_are_collected_without_the_env_extra() -> None:
    """Without numpy, gymnasium and pettingzoo the environments' tests are
    skipped, each saying why, and nothing fails to be collected."""
    done = blocked("numpy,gymnasium,pettingzoo,pyspiel,ray", "pytest", "--collect-only",
                   "-p", "no:cacheprovider", "tests", "src")
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert "tests collected" in done.stdout.strip().splitlines()[-1], done.stdout[-2000:]
    assert "tests/test_records.py::" in done.stdout
    assert "tests/env/test_env_aec.py::" not in done.stdout  # skipped, not collected
