"""Build the engine, tile and encoding packages compiled with mypyc, when it can.

The compiled build is the same source: mypyc turns the typed modules of
``carcassonne.engine``, ``carcassonne.tiles`` and ``carcassonne.encoding``
into C extensions that sit beside the ``.py`` files and are imported instead
of them. It is skipped
(pure Python, with a note on standard error) when ``CARCASSONNE_PURE=1`` is
set, when mypyc cannot be imported, or when no C compiler works; the
engine needs nothing beyond the standard library either way.

Beside the extensions the build writes ``carcassonne/_compiled.txt``, a
digest of the sources it compiled: :mod:`carcassonne._build` imports the
extensions only while the sources still match it, so an edited ``.py`` in
an editable install is never shadowed by an older compiled module.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT / "src"))

from carcassonne._sources import COMPILED_PACKAGES, STAMP, digest, sources  # noqa: E402


def _note(text: str) -> None:
    print(f"carcassonne build: {text}", file=sys.stderr)


def _extensions() -> list:
    if os.environ.get("CARCASSONNE_PURE") == "1":
        _note("CARCASSONNE_PURE=1: pure Python engine")
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        _note("mypyc is not installed: pure Python engine")
        return []
    root = ROOT / "src"
    paths = [str(path.relative_to(ROOT)) for path in sources(root)]
    extensions = mypycify(paths, opt_level="3", group_name="carcassonne_compiled")
    for extension in extensions:
        extension.optional = True  # no working compiler: pure Python
    return extensions


class BuildExt(build_ext):
    """Builds the extensions, then stamps what they were built from."""

    def run(self) -> None:
        super().run()
        if not self.extensions:
            return
        built = [Path(self.get_ext_fullpath(ext.name)) for ext in self.extensions]
        if not all(path.exists() for path in built):
            _note("the C compiler failed: pure Python engine")
            return
        target = (ROOT / "src" if self.inplace else Path(self.build_lib)) / "carcassonne" / STAMP
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(digest(ROOT / "src") + "\n")
        _note(f"compiled {len(COMPILED_PACKAGES)} packages with mypyc")


setup(ext_modules=_extensions(), cmdclass={"build_ext": BuildExt})
