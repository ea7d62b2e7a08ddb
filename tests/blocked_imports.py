"""Run Python as if some packages were not installed.

    python tests/blocked_imports.py numpy,psycopg modules
        prints, as JSON, how importing each module of ``carcassonne`` went
    python tests/blocked_imports.py psycopg cli serve --database postgresql://...
        runs the ``carcassonne`` command
    python tests/blocked_imports.py numpy pytest --collect-only -q
        runs pytest

The packages named first (comma-separated, by the name they are imported
by) cannot be imported: a finder placed before every other one refuses
them as Python refuses a package that is not installed
(``ModuleNotFoundError`` with its ``name``). Whatever needs them must then
say, in one line, which extra to install (:mod:`carcassonne.extras`).
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.util
import json
import sys
from pathlib import Path
from typing import Any


class Blocker(importlib.abc.MetaPathFinder):
    """Refuses the packages it holds, and everything inside them."""

    def __init__(self, packages: set[str]) -> None:
        self.packages = packages

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> None:
        if name.partition(".")[0] in self.packages:
            raise ModuleNotFoundError(f"No module named '{name}'", name=name)
        return None


def block(packages: set[str]) -> None:
    """Make ``packages`` unimportable in this process from now on; and, as
    for a package that is not installed, ``importlib.util.find_spec`` finds
    none of them (a finder cannot say "not found" for the finders after it,
    only raise, so that function is wrapped)."""
    for name in [n for n in sys.modules if n.partition(".")[0] in packages]:
        del sys.modules[name]
    sys.meta_path.insert(0, Blocker(packages))
    find_spec = importlib.util.find_spec

    def find_unblocked(name: str, package: str | None = None) -> Any:
        if name.partition(".")[0] in packages:
            return None
        return find_spec(name, package)

    importlib.util.find_spec = find_unblocked


def module_names() -> list[str]:
    """Every module of the ``carcassonne`` package, by its source files
    (not the migration scripts, which Alembic runs, nor ``__main__``)."""
    import carcassonne

    root = Path(carcassonne.__file__).resolve().parent
    names = []
    for path in sorted(root.rglob("*.py")):
        parts = path.relative_to(root.parent).with_suffix("").parts
        if "migrations" in parts or parts[-1] == "__main__":
            continue
        names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


def import_each() -> dict[str, dict[str, str] | None]:
    """Import every module; for each, None or the exception it raised."""
    outcome: dict[str, dict[str, str] | None] = {}
    for name in module_names():
        try:
            importlib.import_module(name)
        except BaseException as err:  # every failure is reported, none hidden
            outcome[name] = {"type": type(err).__name__, "message": str(err)}
        else:
            outcome[name] = None
    return outcome


def main(argv: list[str]) -> int:
    blocked, command, rest = argv[0], argv[1], argv[2:]
    block({name for name in blocked.split(",") if name})
    if command == "modules":
        print(json.dumps(import_each()))
        return 0
    if command == "cli":
        from carcassonne.cli import main as cli

        return cli(rest)
    if command == "pytest":
        import pytest

        return int(pytest.main(rest))
    raise SystemExit(f"unknown command {command!r}")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
