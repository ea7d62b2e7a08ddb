"""Accessibility checks with axe-core (from npm; ./run-tests installs it in
.venv/axe): the lobby, the how-to page, the settings, the review page and a
table in play report no serious or critical violation, in English and in
Japanese. The pages forbid inline scripts (their Content-Security-Policy),
so the checking context bypasses it to inject axe; nothing else differs."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from e2e_helpers import quick_play, wait_turn_or_end

AXE = Path(os.environ.get("CARCASSONNE_AXE", Path(__file__).parents[2] / ".venv" / "axe"
                          / "node_modules" / "axe-core" / "axe.min.js"))

CHECK = """async () => {
    const found = await axe.run(document, {resultTypes: ['violations']});
    return found.violations.filter((v) => ['serious', 'critical'].includes(v.impact))
        .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}"""


@pytest.fixture(params=["en-US", "ja-JP"])
def checked(request: pytest.FixtureRequest, browser: Any) -> Iterator[Any]:
    if not AXE.exists():
        pytest.skip(f"axe-core is not installed ({AXE}): npm install --prefix .venv/axe "
                    "axe-core (./run-tests does)")
    context = browser.new_context(viewport={"width": 1280, "height": 800},
                                  locale=request.param, bypass_csp=True)
    yield context.new_page()
    context.close()


def violations(page: Any) -> list[str]:
    page.add_script_tag(path=str(AXE))
    return page.evaluate(CHECK)


def test_no_page_has_a_serious_accessibility_violation(checked, server) -> None:
    page = checked
    found: dict[str, list[str]] = {}
    page.goto(server.url + "/")
    page.wait_for_function("() => document.body.dataset.ready === 'true'")
    found["lobby"] = violations(page)
    for path, ready in (("/how-to-play", "document.body.dataset.ready === 'true'"),
                        ("/settings", "document.querySelector('main') !== null"),
                        ("/review", "document.querySelector('[data-testid=record-file]')")):
        page.goto(server.url + path)
        page.wait_for_function(f"() => {ready}")
        found[path] = violations(page)
    quick_play(page, server.url)
    assert wait_turn_or_end(page)
    page.get_by_test_id("legal-square").first.wait_for()
    found["table"] = violations(page)
    assert all(not v for v in found.values()), found
