"""Friends in the browser, as two people click: Ann follows Bob from his
profile and sees him online in her friends list, invites him to her table
from the lobby, Bob's lobby shows the invitation and he joins; Bob blocks
Ann and her next invitation reaches him no more; the same pages in
Japanese. A table's name is shown as text, never read as markup."""

from __future__ import annotations

import uuid

from e2e_helpers import page_id, sign_in

#: A table name that would be an element if it were read as HTML.
MARKUP_NAME = "<b>Ann's</b> table"


def open_table(page, server, name: str) -> str:
    """From the lobby, open a table for two people, sitting in seat 0; its id."""
    page.goto(server.url + "/")
    page.wait_for_function("() => document.body.dataset.ready === 'true'")
    page.get_by_test_id("table-name").fill(name)
    page.get_by_test_id("seat-kind-1").select_option("human")
    page.get_by_test_id("create-table").click()
    page.wait_for_url("**/table/*")
    return page_id(page)


def toast_says(page, words: str) -> None:
    page.wait_for_function(
        "(words) => document.getElementById('toast').textContent.includes(words)", arg=words)


def test_follow_invite_join_and_block(page, another_page, server, artifacts):
    suffix = uuid.uuid4().hex[:5]
    ann, bob = f"Ann{suffix}", f"Bob{suffix}"
    another_page.goto(server.url + "/")
    sign_in(another_page, bob, "sign-up")  # Bob stays in the lobby: online
    page.goto(server.url + "/")
    sign_in(page, ann, "sign-up")

    # Ann follows Bob from his profile
    page.goto(f"{server.url}/player/{bob}")
    page.get_by_test_id("follow").click()
    page.get_by_test_id("unfollow").wait_for()
    toast_says(page, f"You follow {bob}")
    assert page.get_by_test_id("block").is_visible()

    # she opens a table; in the lobby her friends list shows Bob online, with "Invite"
    table = open_table(page, server, MARKUP_NAME)
    page.goto(server.url + "/")
    page.locator(f"[data-testid='online-{bob}'][data-online='true']").wait_for()
    assert page.get_by_test_id("invite-table").locator("option").first.inner_text() == MARKUP_NAME
    page.get_by_test_id("friends-card").screenshot(path=str(artifacts / "friends-lobby.png"))
    page.get_by_test_id(f"invite-{bob}").click()
    toast_says(page, f"{bob} is invited")

    # Bob's lobby shows the invitation, the table's name as text; he joins
    invitation = another_page.get_by_test_id(f"invitation-{table}")
    invitation.wait_for()
    assert MARKUP_NAME in invitation.inner_text()
    assert another_page.locator("[data-testid=friends-card] b").count() == 0
    another_page.get_by_test_id("friends-card").screenshot(
        path=str(artifacts / "friends-invitation.png"))
    another_page.get_by_test_id(f"invitation-join-{table}").click()
    another_page.wait_for_url(f"**/table/{table}")
    another_page.wait_for_function("() => document.body.dataset.status === 'playing'")
    assert server.get(f"/api/tables/{table}")["seats"][1]["account"] == bob

    # Ann invites Bob to a second table; Bob blocks her from her profile
    second = open_table(page, server, "Second")
    page.goto(server.url + "/")
    page.get_by_test_id(f"invite-{bob}").click()
    toast_says(page, f"{bob} is invited")
    another_page.goto(f"{server.url}/player/{ann}")
    another_page.get_by_test_id("block").click()
    another_page.get_by_test_id("unblock").wait_for()
    assert another_page.get_by_test_id("follow").count() == 0

    # the invitation is gone from Bob's lobby, and Bob from Ann's friends
    another_page.goto(server.url + "/")
    another_page.get_by_test_id("friends-list").wait_for()
    assert another_page.get_by_test_id(f"invitation-{second}").count() == 0
    page.reload()
    page.get_by_test_id("friends-list").wait_for()
    page.wait_for_function(f"() => !document.querySelector(\"[data-testid='friend-{bob}']\")")
    # a new invitation is refused as if Bob were nobody
    status = page.evaluate("""async ([table, name]) => (await fetch(
        `/api/tables/${table}/invitations`, {method: 'POST',
        headers: {'Content-Type': 'application/json'}, body: JSON.stringify({name})})).status""",
                           [second, bob])
    assert status == 404
    another_page.reload()
    another_page.get_by_test_id("friends-list").wait_for()
    assert another_page.get_by_test_id(f"invitation-{second}").count() == 0


def test_friends_pages_in_japanese(page, another_page, server):
    suffix = uuid.uuid4().hex[:5]
    ann, bob = f"Ann{suffix}", f"Bob{suffix}"
    another_page.goto(server.url + "/")
    sign_in(another_page, bob, "sign-up")
    page.goto(server.url + "/")
    sign_in(page, ann, "sign-up")
    page.get_by_test_id("language").select_option("ja")
    page.wait_for_function("() => document.documentElement.lang === 'ja'")
    page.goto(f"{server.url}/player/{bob}")
    page.get_by_test_id("follow").wait_for()
    assert page.get_by_test_id("follow").inner_text() == "フォロー"
    assert page.get_by_test_id("block").inner_text() == "ブロック"
    page.get_by_test_id("follow").click()
    page.get_by_test_id("unfollow").wait_for()
    assert page.get_by_test_id("unfollow").inner_text() == "フォロー解除"

    # the lobby's friends card, and one's own profile: friends, opponents, blocks
    page.goto(server.url + "/")
    page.locator(f"[data-testid='online-{bob}'][data-online='true']").wait_for()
    card = page.get_by_test_id("friends-card")
    assert "フレンド" in card.inner_text()
    assert "テーブルを作ると" in page.get_by_test_id("invite-hint").inner_text()
    assert page.get_by_test_id(f"online-{bob}").get_attribute("title") == "オンライン"
    page.goto(f"{server.url}/player/{ann}")
    page.get_by_test_id("social").wait_for()
    page.get_by_test_id(f"friend-{bob}").wait_for()
    social = page.get_by_test_id("social").inner_text()
    assert "最近の対戦相手" in social and "ブロック中のプレイヤー" in social
    assert page.get_by_test_id("follow").count() == 0  # not on one's own profile


def test_play_again_from_the_profile(page, another_page, server, artifacts):
    suffix = uuid.uuid4().hex[:5]
    ann, bob = f"Ann{suffix}", f"Bob{suffix}"
    another_page.goto(server.url + "/")
    sign_in(another_page, bob, "sign-up")
    page.goto(server.url + "/")
    sign_in(page, ann, "sign-up")
    # they meet at a table (Bob joins it through the lobby's list of open tables)
    table = open_table(page, server, "First meeting")
    another_page.goto(server.url + "/")
    another_page.get_by_test_id(f"join-{table}-1").click()
    another_page.wait_for_url(f"**/table/{table}")

    page.goto(f"{server.url}/player/{ann}")
    page.get_by_test_id(f"opponent-{bob}").wait_for()
    page.get_by_test_id("social").screenshot(path=str(artifacts / "friends-profile.png"))
    page.get_by_test_id(f"play-again-{bob}").click()
    page.wait_for_url("**/table/*")
    again = page_id(page)
    assert again != table
    made = server.get(f"/api/tables/{again}")
    assert made["status"] == "waiting" and made["seats"][0]["account"] == ann
    another_page.goto(server.url + "/")
    another_page.get_by_test_id(f"invitation-join-{again}").click()
    another_page.wait_for_url(f"**/table/{again}")
    another_page.wait_for_function("() => document.body.dataset.status === 'playing'")
