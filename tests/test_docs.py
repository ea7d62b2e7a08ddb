"""The project's copies of the shared contracts, and the links that lead to them.

``docs/rules.md`` (the rules contract, with the ids the code and the tests
quote) and ``docs/formats.md`` (records, notation, options, the command line)
are byte-identical copies of ``../shared/RULES.md`` and ``../shared/FORMATS.md``
whenever those sit beside the project, so a clone stands alone. Every local
link in the project's Markdown leads to a file the clone has.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
SHARED = ROOT.parent / "shared"
COPIES = {"docs/rules.md": "RULES.md", "docs/formats.md": "FORMATS.md"}
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")


@pytest.mark.skipif(not SHARED.is_dir(), reason="../shared is not beside the project")
@pytest.mark.parametrize(("copy", "reference"), COPIES.items())
def test_the_copy_is_byte_identical_to_the_shared_contract(copy: str, reference: str) -> None:
    assert (ROOT / copy).read_bytes() == (SHARED / reference).read_bytes(), (
        f"{copy} differs from ../shared/{reference}: copy it again")


def test_the_contracts_are_in_the_repository() -> None:
    for copy in COPIES:
        text = (ROOT / copy).read_text("utf-8")
        assert text.startswith("# "), copy
    assert "`PLACE-4`" in (ROOT / "docs/rules.md").read_text("utf-8")
    assert "carcassonne-record/1" in (ROOT / "docs/formats.md").read_text("utf-8")


def tracked_markdown() -> list[str]:
    listed = subprocess.run(["git", "ls-files", "*.md"], cwd=ROOT, capture_output=True,
                            text=True, check=False).stdout.split()
    copies = set(COPIES) | {"src/carcassonne/tiles/data/README.md",
                            "src/carcassonne/tiles/data/CATALOGUE.md"}
    return [name for name in listed if name not in copies] or ["README.md"]


@pytest.mark.parametrize("name", tracked_markdown())
def test_every_local_link_leads_to_a_file_of_the_clone(name: str) -> None:
    """The project's own pages (not the copies, whose links are the shared
    folder's) point only at files the repository holds."""
    page = ROOT / name
    text = page.read_text("utf-8")
    for target in LINK.findall(text):
        if "://" in target or target.startswith("mailto:"):
            continue
        assert (page.parent / target).exists(), f"{name} links to {target}, which is not there"
    assert "RULES.md" not in text and "FORMATS.md" not in text, (
        f"{name} names a contract from beside the project: link docs/rules.md or "
        f"docs/formats.md")
