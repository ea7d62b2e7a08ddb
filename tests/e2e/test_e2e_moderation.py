"""Match messages and moderation in a real browser: people write on a
competition's board and in their match's thread, a player reports a
message, an admin (made with ``carcassonne admin grant``) hides it from the
moderation page, and it is gone for the others. Every text people wrote
holds markup that would run a script if it were put on the page as HTML:
it must show as the very text written, on the competition page and on the
moderation page, in English and in Japanese."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from e2e_helpers import PASSWORD

from conftest import Server, new_page, serving

#: Markup that runs a script when parsed as HTML (the page's policy would
#: refuse the inline handler too: the test looks for the element itself).
BOARD = '<img src=x onerror="window.hacked=1" data-xss="board"> hello all'
THREAD = '<script data-xss="thread">window.hacked=2</script> tonight?'
REASON = '<b data-xss="reason">spam</b> & <i>"ads"</i>'


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, Path]]:
    """A server of its own, and its database's folder (for the admin command)."""
    folder = tmp_path_factory.mktemp("e2e-moderation")
    with serving(folder) as running:
        yield running, folder


def account(page, server: Server, name: str) -> None:
    """Sign ``name`` up in the page's browser (its cookie kept there)."""
    answer = page.request.post(server.url + "/api/accounts",
                               data={"name": name, "password": PASSWORD})
    assert answer.status == 201, answer.text()


def no_injected_markup(page) -> None:
    assert page.locator("[data-xss]").count() == 0
    assert page.evaluate("() => window.hacked === undefined")


def test_messages_reports_and_hiding_show_every_text_as_text(browser, page_errors, site):
    server, folder = site
    olga, ann = new_page(browser, page_errors), new_page(browser, page_errors)
    bob = new_page(browser, page_errors, locale="ja-JP")
    ada = new_page(browser, page_errors, locale="ja-JP")
    try:
        for page, name in ((olga, "Olga"), (ann, "Ann"), (bob, "Bob"), (ada, "Ada")):
            account(page, server, name)
        made = olga.request.post(server.url + "/api/competitions",
                                 data={"name": "Autumn", "format": "league", "games": 1})
        event_id = made.json()["id"]
        for page in (ann, bob):
            assert page.request.post(f"{server.url}/api/competitions/{event_id}/entrants",
                                     data={}).ok
        assert olga.request.post(f"{server.url}/api/competitions/{event_id}/start").ok
        url = f"{server.url}/competition/{event_id}"

        # Ann writes on the board and in her match's thread, in English
        ann.goto(url)
        ann.get_by_test_id("board-form").wait_for()
        assert ann.get_by_test_id("board").locator("h2").inner_text() == "Messages"
        ann.get_by_test_id("board-text").fill(BOARD)
        ann.get_by_test_id("board-send").click()
        ann.get_by_test_id("board-messages").get_by_test_id("message-text").wait_for()
        thread = ann.locator(".conversation[data-match]")
        thread.get_by_test_id("message-text").or_(thread.locator(".empty")).wait_for()
        assert "Ann – Bob" in thread.locator("h2").inner_text()
        thread.locator("textarea").fill(THREAD)
        thread.locator("button[type=submit], button").last.click()
        thread.get_by_test_id("message-text").wait_for()
        assert thread.get_by_test_id("message-text").inner_text() == THREAD
        assert ann.get_by_test_id("board-messages").get_by_test_id(
            "message-text").inner_text() == BOARD
        no_injected_markup(ann)

        # Bob reads both in Japanese, and reports the board's message
        bob.goto(url)
        board = bob.get_by_test_id("board-messages")
        board.get_by_test_id("message-text").wait_for()
        assert bob.get_by_test_id("board").locator("h2").inner_text() == "メッセージ"
        assert board.get_by_test_id("message-text").inner_text() == BOARD
        bob_thread = bob.locator(".conversation[data-match]")
        bob_thread.get_by_test_id("message-text").wait_for()
        assert bob_thread.get_by_test_id("message-text").inner_text() == THREAD
        assert "対戦スレッド" in bob_thread.locator("h2").inner_text()
        board.get_by_test_id("report-message").click()
        bob.get_by_test_id("report-reason").fill(REASON)
        bob.get_by_test_id("report-send").click()
        bob.get_by_text("通報しました").first.wait_for()
        no_injected_markup(bob)

        # Ada is made an admin on the command line; her page, in Japanese
        ada.goto(server.url + "/admin")
        ada.get_by_test_id("admin-refused").wait_for()  # not yet
        assert ada.get_by_test_id("admin-link").count() == 0
        database = f"sqlite:///{folder / 'db.sqlite'}"
        granted = subprocess.run([sys.executable, "-m", "carcassonne", "admin", "grant", "ada",
                                  "--database", database], capture_output=True, text=True,
                                 timeout=120)
        assert granted.returncode == 0 and "Ada is an admin now" in granted.stdout
        ada.goto(server.url + "/")  # the account bar leads an admin to the page
        ada.get_by_test_id("admin-link").click()
        report = ada.get_by_test_id("report")
        report.wait_for()
        assert ada.locator("h1").inner_text() == "モデレーション"
        assert report.get_by_test_id("report-reason-text").inner_text() == REASON
        assert report.get_by_test_id("reported-text").inner_text() == BOARD
        assert "Ann" in report.get_by_test_id("reported-account").inner_text()
        no_injected_markup(ada)
        report.get_by_test_id("hide-message").click()
        report.get_by_test_id("show-message").wait_for()  # hidden, and said so
        assert "非表示" in report.inner_text()

        # gone for everyone else; the thread stays
        for page in (olga, bob):
            page.goto(url)
            page.locator(".conversation").first.wait_for()
            page.get_by_test_id("board-messages").locator(".empty").wait_for()
            assert page.get_by_test_id("board-messages").get_by_test_id(
                "message-text").count() == 0
        assert olga.get_by_test_id("board-messages").locator(".empty").inner_text() == (
            "No messages yet.")
        olga_thread = olga.locator(".conversation[data-match]")
        olga_thread.get_by_test_id("message-text").wait_for()
        assert olga_thread.get_by_test_id("message-text").inner_text() == THREAD
        report.get_by_test_id("resolve").click()
        ada.get_by_text("未対応の通報はありません").wait_for()
    finally:
        for page in (olga, ann, bob, ada):
            page.context.close()
