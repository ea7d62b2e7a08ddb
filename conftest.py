"""Collection shared by every test run.

With the compiled engine installed, ``carcassonne.engine`` and
``carcassonne.tiles`` are imported from their C extensions, so pytest cannot
collect the doctests of their ``.py`` files (the module imported is not the
file). Those doctests are left out then; ``./run-tests`` runs them on the
pure build (``CARCASSONNE_PURE=1``), with the engine's tests.

``carcassonne.openspiel`` needs OpenSpiel (the ``openspiel`` extra): without
it its modules are not collected either, and ``tests/openspiel/test_openspiel.py`` is
skipped and says why.

Hypothesis runs with no deadline per example and without its "too slow"
health check: tests assert behaviour, never speed, and a busy machine must
not fail them.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

from hypothesis import HealthCheck, settings

import carcassonne
from carcassonne._sources import COMPILED_PACKAGES
from carcassonne.extras import EXTRAS

settings.register_profile("patient", deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("patient")

_COMPILED_DIRS = tuple(Path(__file__).resolve().parent / "src" / "carcassonne" / name
                       for name in COMPILED_PACKAGES)
_PACKAGES = Path(__file__).resolve().parent / "src" / "carcassonne"
#: The packages that need extras, and the modules those bring.
_NEEDS = {_PACKAGES / "env": (*EXTRAS["env"],),
          _PACKAGES / "openspiel": (*EXTRAS["env"], *EXTRAS["openspiel"])}


def _installed(module: str) -> bool:
    return importlib.util.find_spec(module) is not None


def pytest_ignore_collect(collection_path: Path) -> bool | None:
    """Skip the compiled packages' sources while their extensions are in use,
    and those of a package whose extra is not installed."""
    if carcassonne.compiled and collection_path.suffix == ".py" and any(
            collection_path.is_relative_to(d) for d in _COMPILED_DIRS):
        return True
    for package, modules in _NEEDS.items():
        if collection_path.is_relative_to(package) and not all(map(_installed, modules)):
            return True
    return None
