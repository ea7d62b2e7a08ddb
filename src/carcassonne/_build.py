"""Choosing the compiled engine or the pure Python one, before either loads.

A compiled build leaves C extensions beside the ``.py`` files of the
packages in ``_sources.COMPILED_PACKAGES`` (see ``setup.py``), and
Python imports an extension before a source file of the same name. This
module, imported by ``carcassonne/__init__.py`` before the engine, keeps
the sources instead when

- ``CARCASSONNE_PURE=1`` is set (to compare the two, or to debug), or
- the sources differ from the ones the build compiled (an editable install
  edited since it was built: a note on standard error says so once).

It does so with a finder, ahead of Python's own, that loads those
packages from their ``.py`` files only.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

from carcassonne._sources import COMPILED_PACKAGES, STAMP, digest

_PREFIXES = tuple(f"carcassonne.{name}" for name in COMPILED_PACKAGES)


class SourceOnly(importlib.abc.MetaPathFinder):
    """Finds the compiled packages' modules as source files, never as
    extensions."""

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if not fullname.startswith(_PREFIXES) or fullname.split(".")[1] not in COMPILED_PACKAGES:
            return None
        entries = path if path is not None else sys.modules[fullname.rpartition(".")[0]].__path__
        loader = (importlib.machinery.SourceFileLoader, importlib.machinery.SOURCE_SUFFIXES)
        for entry in entries:
            spec = importlib.machinery.FileFinder(str(entry), loader).find_spec(fullname)
            if spec is not None:
                return spec
        return None


def choose() -> str | None:
    """Keep the sources if the compiled build must not be used; return why
    (None when the compiled build, if there is one, may load)."""
    root = Path(__file__).resolve().parent
    why = None
    if os.environ.get("CARCASSONNE_PURE") == "1":
        why = "CARCASSONNE_PURE=1"
    elif (root / STAMP).exists():
        if (root / STAMP).read_text().strip() != digest(root.parent):
            why = "the sources changed since the compiled engine was built"
            print(f"carcassonne: {why}; using the pure Python engine "
                  "(build again with: pip install -e .)", file=sys.stderr)
    else:
        why = "no compiled build"
    if why is not None and not any(isinstance(f, SourceOnly) for f in sys.meta_path):
        sys.meta_path.insert(0, SourceOnly())
    return why


def is_compiled(module: ModuleType) -> bool:
    """Whether ``module`` was loaded from a C extension."""
    return not str(getattr(module, "__file__", "")).endswith(".py")
