"""Every language of the client fits its boxes: the lobby, the how-to page
and a table in play, rendered in each language of web/i18n/languages.js
at a desktop size and a phone size. No text may stick out of the box that
holds it (measured: an element with text of its own whose content is
wider than the element, unless it is meant to scroll or to end in "…"),
no control or heading may go past the screen's edge, and no page may
scroll sideways. Each view is saved as a screenshot under
tests/e2e/artifacts/ (language-<code>-<page>-<size>.png).

Chinese, Korean and Japanese are drawn with the CJK fonts ./run-tests
installs (fonts-noto-cjk), as a player's system would."""

from __future__ import annotations

import json
import uuid
from pathlib import Path
from typing import Any

import pytest
from e2e_helpers import PHONE, quick_play, sign_in, wait_turn_or_end

SIZES = {"desktop": {"viewport": {"width": 1280, "height": 800}}, "phone": PHONE}

STUCK_OUT = (Path(__file__).parent / "stuck_out.js").read_text()


def languages(page: Any) -> list[str]:
    codes: list[str] = page.evaluate(
        "async () => (await import('/static/i18n/languages.js')).LANGUAGES.map((l) => l.code)")
    return codes


def _look(page: Any, url: str, code: str, ready: str, shot: Path) -> list[str]:
    page.evaluate("(code) => localStorage.setItem('carcassonne.language', code)", code)
    page.goto(url)
    page.wait_for_function("(code) => document.documentElement.lang === code", arg=code)
    page.wait_for_function(f"() => {ready}")
    page.evaluate("document.fonts.ready")
    page.screenshot(path=str(shot))
    found: list[str] = page.evaluate(STUCK_OUT)
    return found


@pytest.mark.parametrize("size", SIZES)
def test_no_text_sticks_out_in_any_language(browser, server, artifacts, size: str) -> None:
    context = browser.new_context(**SIZES[size], locale="en-US")
    page = context.new_page()
    table = quick_play(page, server.url)
    assert wait_turn_or_end(page)
    found: dict[str, list[str]] = {}
    codes = languages(page)
    assert len(codes) == 13
    for code in codes:
        for name, path, ready in (
                ("lobby", "/", "document.body.dataset.ready === 'true'"),
                ("howto", "/how-to-play", "document.body.dataset.ready === 'true'"),
                ("table", f"/table/{table}",
                 "document.querySelector('[data-testid=legal-square]')")):
            shot = artifacts / f"language-{code}-{name}-{size}.png"
            stuck = _look(page, server.url + path, code, ready, shot)
            if stuck:
                found[f"{code} {name}"] = stuck
    context.close()
    (artifacts / f"language-overflow-{size}.json").write_text(
        json.dumps(found, indent=1, ensure_ascii=False))
    assert found == {}


def test_the_language_is_kept_per_account(browser, server) -> None:
    """A German browser shows German; the player chooses French; on another
    device (a Japanese browser) their log-in brings French back, and their
    mails are French too. A visitor's choice made before signing up becomes
    the account's."""
    name = f"Lu{uuid.uuid4().hex[:6]}"
    first = browser.new_context(locale="de-DE")
    page = first.new_page()
    page.goto(server.url + "/")
    page.wait_for_function("() => document.documentElement.lang === 'de'")
    assert page.get_by_test_id("quick-play").inner_text() != "Play against a bot"
    sign_in(page, name, "sign-up")
    page.get_by_test_id("language").select_option("fr")
    page.wait_for_function("() => document.documentElement.lang === 'fr'")
    page.wait_for_function(
        "async () => (await (await fetch('/api/session')).json()).language === 'fr'")
    first.close()

    other = browser.new_context(locale="ja-JP")
    page = other.new_page()
    page.goto(server.url + "/")
    page.wait_for_function("() => document.documentElement.lang === 'ja'")
    sign_in(page, name, "log-in")
    page.wait_for_function("() => document.documentElement.lang === 'fr'")
    assert page.get_by_test_id("language").input_value() == "fr"
    settings = page.evaluate("async () => (await fetch('/api/me/settings')).json()")
    assert settings["language"] == "fr"
    other.close()

    # a visitor who chose Polish, then signs up: the account keeps Polish
    third = browser.new_context(locale="en-US")
    page = third.new_page()
    page.goto(server.url + "/")
    page.wait_for_function("() => document.body.dataset.ready === 'true'")
    page.get_by_test_id("language").select_option("pl")
    page.wait_for_function("() => document.documentElement.lang === 'pl'")
    sign_in(page, f"Po{uuid.uuid4().hex[:6]}", "sign-up")
    page.wait_for_function(
        "async () => (await (await fetch('/api/session')).json()).language === 'pl'")
    third.close()


def test_the_servers_refusals_are_said_in_the_pages_language(browser, server) -> None:
    """The server refuses in English (with its rule); the page says it in
    its own language when it is a refusal a player meets (a wrong password,
    a name taken), with what the English carried (the name)."""
    context = browser.new_context(locale="de-DE")
    page = context.new_page()
    page.goto(server.url + "/")
    page.wait_for_function("() => document.documentElement.lang === 'de'")
    german = page.evaluate("async () => (await import('/static/js/i18n.js')).messagesOf('de')")
    page.get_by_test_id("account-name").fill(f"No{uuid.uuid4().hex[:6]}")
    page.get_by_test_id("account-password").fill("not the password")
    page.get_by_test_id("log-in").click()
    toast = page.locator("#toast.show")
    toast.wait_for()
    assert toast.inner_text() == german["serverError.wrongLogin"] != "Wrong name or password."
    taken = f"Ta{uuid.uuid4().hex[:6]}"
    server.post("/api/accounts", {"name": taken, "password": "x" * 12})
    page.get_by_test_id("account-name").fill(taken)
    page.get_by_test_id("account-password").fill("y" * 12)
    page.get_by_test_id("sign-up").click()
    want = german["serverError.nameTaken"].replace("{name}", taken)
    page.wait_for_function("(want) => document.getElementById('toast').textContent === want",
                           arg=want)
    context.close()
