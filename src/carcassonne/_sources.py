"""Which sources the compiled build covers, and a digest of them.

Shared by the build (``setup.py``) and by :mod:`carcassonne._build`, which
compares the digest the build stamped with the sources as they are now.
Standard library only: the build imports it before anything is installed.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

#: The packages under ``carcassonne`` that mypyc compiles.
COMPILED_PACKAGES = ("engine", "tiles", "encoding")

#: The file, beside ``carcassonne/__init__.py``, that holds the digest of
#: the sources a compiled build was made from.
STAMP = "_compiled.txt"


def sources(root: Path) -> list[Path]:
    """The compiled modules' sources under ``root`` (the folder holding the
    ``carcassonne`` package), in a fixed order."""
    package = root / "carcassonne"
    return sorted(path for name in COMPILED_PACKAGES
                  for path in (package / name).rglob("*.py"))


def digest(root: Path) -> str:
    """A SHA-256 of every compiled module's path and text."""
    sha = hashlib.sha256()
    for path in sources(root):
        sha.update(path.relative_to(root).as_posix().encode() + b"\0")
        sha.update(path.read_bytes() + b"\0")
    return sha.hexdigest()
