"""Accessibility checks with axe-core (from npm; ./run-tests installs it in
.venv/axe): every page (the lobby, how-to, settings, review, a profile, the
leaderboard, the competitions and a competition, the admin page, the live
boards, a table waiting and in play, the broadcast layout) reports no
serious or critical violation, in English and in Japanese. The pages
forbid inline scripts (their Content-Security-Policy), so the checking
context bypasses it to inject axe; nothing else differs."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from e2e_helpers import quick_play, sign_in, wait_turn_or_end

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
    """The serious and critical violations of the page as it is now."""
    page.add_script_tag(path=str(AXE))
    found: list[str] = page.evaluate(CHECK)
    return found


LANDMARKS = """async () => {
    const found = await axe.run(document, {runOnly: ['region', 'landmark-one-main',
        'landmark-no-duplicate-banner', 'landmark-unique', 'page-has-heading-one', 'label',
        'select-name', 'button-name', 'link-name']});
    return found.violations.map((v) =>
        `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}"""


def landmarks(page: Any) -> list[str]:
    """The landmark and label rules, whatever their impact (region and
    page-has-heading-one are "moderate")."""
    found: list[str] = page.evaluate(LANDMARKS)
    return found


def test_no_page_has_a_serious_accessibility_violation(checked, server) -> None:
    """Every page, a table both waiting for players and in play; the lobby,
    profile and competition pages also keep all their content in
    landmarks, with a level-one heading and every control labelled."""
    page = checked
    found: dict[str, list[str]] = {}
    page.goto(server.url + "/")
    page.wait_for_function("() => document.body.dataset.ready === 'true'")
    found["lobby"] = violations(page) + landmarks(page)
    sign_in(page, f"Axe{uuid.uuid4().hex[:6]}", "sign-up")
    name = page.get_by_test_id("account-link").inner_text()
    made = page.request.post(server.url + "/api/competitions", data={
        "name": "Axe cup", "format": "knockout", "entrants": [{"bot": "random"}, {"bot": "easy"}]})
    assert made.status == 201, made.text()
    waiting = page.request.post(server.url + "/api/tables", data={
        "seats": [{"kind": "human"}, {"kind": "human"}], "join": {"seat": 0, "name": name}})
    assert waiting.status == 201, waiting.text()
    main = "document.querySelector('main')?.children.length > 0"
    pages = [
        ("/how-to-play", "document.body.dataset.ready === 'true'", False),
        ("/settings", main, False),
        ("/review", "document.querySelector('[data-testid=record-file]')", False),
        (f"/player/{name}", "document.querySelector('[data-testid=player-page] h1')", True),
        ("/leaderboard", main, True),
        ("/competitions", main, True),
        (f"/competition/{made.json()['id']}",
         "document.querySelector('[data-testid=competition-status]')", True),
        ("/admin", main, False),
        ("/watch", "document.querySelector('[data-testid=watch-title]').textContent", False),
        (f"/table/{waiting.json()['table']['id']}",
         "document.body.dataset.status === 'waiting'", False),
    ]
    for path, ready, strict in pages:
        page.goto(server.url + path)
        page.wait_for_function(f"() => {ready}")
        found[path] = violations(page) + (landmarks(page) if strict else [])
    page.context.clear_cookies()
    table_id = quick_play(page, server.url)
    assert wait_turn_or_end(page)
    page.get_by_test_id("legal-square").first.wait_for()
    found["table"] = violations(page)
    page.goto(f"{server.url}/table/{table_id}?layout=broadcast")
    page.wait_for_function("() => document.querySelector('[data-testid=board-tile]') !== null")
    found["broadcast"] = violations(page)
    assert {k: v for k, v in found.items() if v} == {}
