"""Collection shared by every test run.

With the compiled engine installed, ``carcassonne.engine`` and
``carcassonne.tiles`` are imported from their C extensions, so pytest cannot
collect the doctests of their ``.py`` files (the module imported is not the
file). Those doctests are left out then; ``./run-tests`` runs them on the
pure build (``CARCASSONNE_PURE=1``), with the engine's tests.

``carcassonne.openspiel`` needs OpenSpiel (the ``openspiel`` extra): without
it its modules are not collected either, and ``tests/test_openspiel.py`` is
skipped and says why.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import carcassonne
from carcassonne._sources import COMPILED_PACKAGES

_COMPILED_DIRS = tuple(Path(__file__).resolve().parent / "src" / "carcassonne" / name
                       for name in COMPILED_PACKAGES)
_OPENSPIEL = Path(__file__).resolve().parent / "src" / "carcassonne" / "openspiel"


def pytest_ignore_collect(collection_path: Path) -> bool | None:
    """Skip the compiled packages' sources while their extensions are in use,
    and the OpenSpiel game's without OpenSpiel."""
    if carcassonne.compiled and collection_path.suffix == ".py" and any(
            collection_path.is_relative_to(d) for d in _COMPILED_DIRS):
        return True
    if collection_path.is_relative_to(_OPENSPIEL) and importlib.util.find_spec("pyspiel") is None:
        return True
    return None
