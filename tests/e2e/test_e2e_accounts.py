"""Accounts in the browser, as a person clicks: sign up in the lobby, open a
rated table, find and play it again from a second browser after logging in
there, the profile and the leaderboard pages, logging out; in English and
Japanese."""

from __future__ import annotations

import uuid

from e2e_helpers import page_id, sign_in


def test_an_account_plays_a_rated_table_from_two_browsers(page, another_page, server,
                                                          artifacts):
    name = f"Ann{uuid.uuid4().hex[:6]}"
    page.goto(server.url + "/")
    assert page.get_by_test_id("rated").is_disabled()  # a guest plays casual tables
    sign_in(page, name, "sign-up")
    assert page.get_by_test_id("rated").is_enabled()
    page.get_by_test_id("seat-kind-1").select_option("bot:random")
    page.get_by_test_id("rated").check()
    page.get_by_test_id("create-table").click()
    page.wait_for_url("**/table/*")
    table_id = page_id(page)
    table = server.get(f"/api/tables/{table_id}")
    assert table["rated"] is True and table["seats"][0]["account"] == name

    # the lobby lists it among "your games", your turn
    page.goto(server.url + "/")
    page.get_by_test_id(f"your-turn-{table_id}").wait_for()
    assert page.get_by_test_id(f"rated-{table_id}").count() >= 1
    page.screenshot(path=str(artifacts / "accounts-lobby.png"))

    # a second browser, logged in, finds the game and plays the seat without its token
    another_page.goto(server.url + "/")
    sign_in(another_page, name, "log-in")
    another_page.get_by_test_id(f"open-{table_id}").click()
    another_page.wait_for_function("() => document.body.dataset.seat === '0'")
    another_page.locator("[data-testid=legal-square]").first.wait_for()

    # the profile shows the game in progress; the leaderboard has the rules' families
    another_page.goto(server.url + "/")
    another_page.get_by_test_id("account-link").click()
    another_page.get_by_test_id("player-name").wait_for()
    assert another_page.get_by_test_id("player-name").inner_text() == name
    assert table_id in another_page.get_by_test_id("player-playing").inner_html()
    another_page.screenshot(path=str(artifacts / "accounts-profile.png"))
    another_page.get_by_test_id("leaderboard-link").click()
    another_page.get_by_test_id("leaderboard").wait_for()
    assert another_page.get_by_test_id("family").input_value() == "base"
    # the bot levels are listed at their calibrated ratings before anyone played them
    expert = another_page.get_by_test_id("leader-Expert bot")
    assert expert.get_by_test_id("leader-calibrated").inner_text() == "(calibrated)"
    assert another_page.locator("[data-testid=leader-calibrated]").count() == 5
    another_page.screenshot(path=str(artifacts / "accounts-leaderboard.png"))
    another_page.get_by_test_id("language").select_option("ja")
    another_page.wait_for_function(
        "() => document.querySelector('[data-testid=leaderboard-page] h1').textContent"
        " === 'ランキング'")
    assert expert.get_by_test_id("leader-calibrated").inner_text() == "（推定）"
    assert "ログアウト" in another_page.get_by_test_id("log-out").inner_text()

    # logging out there ends that session only
    another_page.get_by_test_id("log-out").click()
    another_page.get_by_test_id("account-form").wait_for()
    page.reload()
    page.get_by_test_id("account-link").wait_for()


def test_a_wrong_password_is_refused_in_the_page(page, server):
    name = f"Bob{uuid.uuid4().hex[:6]}"
    page.goto(server.url + "/")
    sign_in(page, name, "sign-up")
    page.get_by_test_id("log-out").click()
    page.get_by_test_id("account-name").fill(name)
    page.get_by_test_id("account-password").fill("not the password")
    page.get_by_test_id("log-in").click()
    page.wait_for_function(
        "() => document.getElementById('toast').textContent.includes('Wrong name or password')")
    assert page.get_by_test_id("account-link").count() == 0
