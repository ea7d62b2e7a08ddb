"""Mail in the browser, against ``carcassonne serve --smtp`` and a real SMTP
server: add an address on the settings page, confirm it from the mailed
link, choose the mails' language and kinds; forget the password, have a
link mailed, set a new one and log in with it; in English and Japanese."""

from __future__ import annotations

import sys
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from e2e_helpers import PASSWORD, sign_in

from conftest import serving

sys.path.insert(0, str(Path(__file__).parents[1] / "server"))
from mail_helpers import Mailbox, links, smtp_server


@pytest.fixture(scope="module")
def mailing(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Mailbox, str]]:
    """A server whose mails go to a test SMTP server: both, and the server's address."""
    with smtp_server() as box, serving(tmp_path_factory.mktemp("e2e-mail"),
                                       "--smtp", box.url) as server:
        yield box, server.url


def test_an_address_is_added_confirmed_and_its_mails_chosen(page, mailing, artifacts):
    box, url = mailing
    name = f"Ann{uuid.uuid4().hex[:6]}"
    address = f"{name.lower()}@example.org"
    page.goto(url + "/")
    sign_in(page, name, "sign-up")
    page.get_by_test_id("settings-link").click()
    page.get_by_test_id("email-address").fill(address)
    page.get_by_test_id("email-save").click()
    page.wait_for_function(
        "() => document.querySelector('[data-testid=email-status]')?.dataset.verified"
        " === 'false' && document.querySelector('[data-testid=email-address]').value !== ''")
    mail = box.wait(1, to=address)[0]
    link = next(u for u in links(mail) if "/api/email/verify/" in u)
    assert link.startswith(url)
    page.goto(link)
    page.wait_for_url("**/settings")
    page.wait_for_function(
        "() => document.querySelector('[data-testid=email-status]')?.dataset.verified"
        " === 'true'")
    assert "confirmed" in page.locator("#toast").inner_text()
    page.get_by_test_id("mail-language").select_option("ja")
    page.get_by_test_id("notify-thread").uncheck()
    page.wait_for_function("() => document.getElementById('toast').textContent === 'Saved.'")
    page.reload()
    page.get_by_test_id("notify-thread").wait_for()
    assert page.get_by_test_id("mail-language").input_value() == "ja"
    assert not page.get_by_test_id("notify-thread").is_checked()
    assert page.get_by_test_id("notify-your_turn").is_checked()
    page.screenshot(path=str(artifacts / "mail-settings.png"))
    page.get_by_test_id("language").select_option("ja")
    page.wait_for_function(
        "() => document.querySelector('[data-testid=settings] h1').textContent === '設定'")
    assert page.get_by_test_id("email-status").inner_text() == "確認済み"


def test_a_forgotten_password_is_set_again_from_the_mailed_link(page, another_page, mailing):
    box, url = mailing
    name = f"Bob{uuid.uuid4().hex[:6]}"
    address = f"{name.lower()}@example.org"
    another_page.goto(url + "/")
    sign_in(another_page, name, "sign-up")  # a browser that stays logged in, for now
    another_page.goto(url + "/settings")
    another_page.get_by_test_id("email-address").fill(address)
    another_page.get_by_test_id("email-save").click()
    another_page.goto(next(u for u in links(box.wait(1, to=address)[0])
                           if "/api/email/verify/" in u))
    another_page.wait_for_function(
        "() => document.querySelector('[data-testid=email-status]')?.dataset.verified"
        " === 'true'")

    page.goto(url + "/")
    page.get_by_test_id("forgot-password").click()
    page.get_by_test_id("reset-name").fill(name)
    page.get_by_test_id("reset-ask").click()
    page.get_by_test_id("reset-sent").wait_for()
    reset = box.wait(2, to=address)[1]
    page.goto(next(u for u in links(reset) if "/reset/" in u))
    page.get_by_test_id("reset-password").fill("a new password here")
    page.get_by_test_id("reset-set").click()
    page.get_by_test_id("reset-done").wait_for()
    assert name in page.get_by_test_id("reset-done").inner_text()
    # the old password no longer opens the account, the new one does
    page.get_by_test_id("account-name").fill(name)
    page.get_by_test_id("account-password").fill(PASSWORD)
    page.get_by_test_id("log-in").click()
    page.wait_for_function(
        "() => document.getElementById('toast').textContent.includes('Wrong name or password')")
    page.get_by_test_id("account-password").fill("a new password here")
    page.get_by_test_id("log-in").click()
    page.get_by_test_id("account-link").wait_for()
    # the other browser was logged out
    another_page.reload()
    another_page.get_by_test_id("settings-log-in").wait_for()
