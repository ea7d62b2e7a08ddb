"""A table's chat in a real browser: two players talk and a spectator reads;
what people write is shown as text, never run (stored XSS); muting a player
hides their lines for the one who muted; a report is sent and answered
politely; who may not write is told why; the panel in Japanese; flooding
shows the refusal."""

from __future__ import annotations

import json
import uuid
from typing import Any

from e2e_helpers import sign_in

HUMAN: dict[str, Any] = {"kind": "human"}
XSS = ['<img src=x onerror="window.hacked=1">', "<script>window.hacked=2</script>",
       '"><svg onload="window.hacked=3">']


def two_players(server: Any, **extra: Any) -> tuple[str, str, str]:
    """A casual table of two guests, Ann and Bob: its id and their tokens."""
    created = server.post("/api/tables", {"seats": [HUMAN, HUMAN],
                                          "join": {"seat": 0, "name": "Ann"}, **extra})
    table_id = created["table"]["id"]
    bob = server.post(f"/api/tables/{table_id}/join", {"seat": 1, "name": "Bob"})
    return table_id, created["token"], bob["token"]


def open_table(page: Any, server: Any, table_id: str, seat: int | None = None,
               token: str | None = None, language: str = "en") -> None:
    """Open the table's page, playing ``seat`` with ``token`` (else watching)."""
    page.goto(server.url + "/how-to-play")
    seats = {table_id: {"seat": seat, "token": token}} if token else {}
    page.evaluate("([seats, language]) => { localStorage.setItem('carcassonne.seats', seats);"
                  " localStorage.setItem('carcassonne.language', language); }",
                  [json.dumps(seats), language])
    page.goto(f"{server.url}/table/{table_id}")
    wanted = "" if seat is None else str(seat)
    page.wait_for_function("(seat) => document.body.dataset.status === 'playing'"
                           " && document.body.dataset.seat === seat", arg=wanted)


def say(page: Any, text: str) -> None:
    page.get_by_test_id("chat-input").fill(text)
    page.get_by_test_id("chat-send").click()


def lines(page: Any) -> list[str]:
    texts: list[str] = page.get_by_test_id("chat-text").all_inner_texts()
    return texts


def wait_lines(page: Any, count: int) -> None:
    page.wait_for_function("(n) => document.querySelectorAll("
                           "'[data-testid=chat-line]').length === n", arg=count)


def test_two_players_chat_and_a_spectator_reads(page: Any, another_page: Any, browser: Any,
                                                server: Any) -> None:
    table_id, ann, bob = two_players(server)
    open_table(page, server, table_id, 0, ann)
    open_table(another_page, server, table_id, 1, bob)
    watcher = browser.new_context().new_page()
    try:
        open_table(watcher, server, table_id)
        say(page, "Good luck, Bob!")
        wait_lines(another_page, 1)
        say(another_page, "Thanks, Ann")
        for each in (page, another_page, watcher):
            wait_lines(each, 2)
            assert lines(each) == ["Good luck, Bob!", "Thanks, Ann"]
            froms = each.locator("[data-testid=chat-line] .chat-from").all_inner_texts()
            assert froms == ["Ann", "Bob"]
        # a visitor reads, and is told how to write
        assert watcher.get_by_test_id("chat-input").is_hidden()
        assert "Log in or take a seat" in watcher.get_by_test_id("chat-note").inner_text()
        # no mute or report on one's own line
        own = page.get_by_test_id("chat-line").first
        assert own.get_by_test_id("chat-mute").count() == 0
        # a page opened later gets the lines so far
        watcher.reload()
        wait_lines(watcher, 2)
    finally:
        watcher.context.close()


def test_what_people_write_is_shown_as_text_and_never_runs(page: Any, another_page: Any,
                                                            server: Any) -> None:
    table_id, ann, bob = two_players(server)
    open_table(page, server, table_id, 0, ann)
    open_table(another_page, server, table_id, 1, bob)
    for text in XSS:
        say(page, text)
    wait_lines(another_page, len(XSS))
    another_page.reload()  # stored, and shown again from the history
    another_page.wait_for_function("() => document.body.dataset.seat === '1'")
    wait_lines(another_page, len(XSS))
    for each in (page, another_page):
        assert lines(each) == XSS
        panel = each.get_by_test_id("chat")
        assert panel.locator("img, script, svg").count() == 0
        assert each.evaluate("() => window.hacked") is None


def test_muting_a_player_hides_their_lines_for_me_only(page: Any, another_page: Any,
                                                       server: Any) -> None:
    table_id, ann, bob = two_players(server)
    open_table(page, server, table_id, 0, ann)
    open_table(another_page, server, table_id, 1, bob)
    say(page, "first from Ann")
    say(another_page, "from Bob")
    wait_lines(another_page, 2)
    another_page.get_by_test_id("chat-line").first.get_by_test_id("chat-mute").click()
    wait_lines(another_page, 1)
    assert lines(another_page) == ["from Bob"]
    say(page, "second from Ann")  # muted lines keep coming, unseen
    wait_lines(page, 3)
    say(another_page, "still here")
    wait_lines(another_page, 2)
    assert lines(another_page) == ["from Bob", "still here"]
    another_page.reload()  # kept in this browser, for this table
    another_page.wait_for_function("() => document.body.dataset.seat === '1'")
    wait_lines(another_page, 2)
    wait_lines(page, 4)
    assert lines(page) == ["first from Ann", "from Bob", "second from Ann", "still here"]
    another_page.get_by_test_id("chat-unmute").click()
    wait_lines(another_page, 4)


def test_a_report_is_sent_with_its_reason_and_answered_politely(page: Any, another_page: Any,
                                                                 server: Any) -> None:
    table_id, ann, bob = two_players(server)
    open_table(page, server, table_id, 0, ann)
    open_table(another_page, server, table_id, 1, bob)
    say(page, "something rude")
    wait_lines(another_page, 1)
    line_id = int(another_page.get_by_test_id("chat-line").first.get_attribute("data-id"))
    another_page.get_by_test_id("chat-report").click()
    another_page.get_by_test_id("chat-report-reason").fill("insults")
    with another_page.expect_request("**/api/reports") as sent:
        another_page.get_by_test_id("chat-report-send").click()
    assert json.loads(sent.value.post_data or "{}") == {"message": line_id, "reason": "insults"}
    said = another_page.get_by_test_id("chat-report-said")
    said.wait_for()
    another_page.wait_for_function(
        "() => document.querySelector('[data-testid=chat-report-said]').textContent !== ''")
    assert said.inner_text() in ("Thank you: the moderators will look at it.",
                                 "Reports cannot be sent yet; please try again later.",
                                 "Log in to report a message.")


def test_spectators_of_a_players_only_table_read_and_are_told_why(
        page: Any, another_page: Any, server: Any) -> None:
    table_id, ann, _ = two_players(server, chat="players")
    another_page.goto(server.url + "/")
    sign_in(another_page, f"Cid{uuid.uuid4().hex[:6]}", "sign-up")  # a logged-in spectator
    open_table(page, server, table_id, 0, ann)
    open_table(another_page, server, table_id)
    say(page, "only players here")
    wait_lines(another_page, 1)
    assert another_page.get_by_test_id("chat-input").is_hidden()
    assert another_page.get_by_test_id("chat").get_attribute("data-can-write") == "false"
    note = another_page.get_by_test_id("chat-note")
    assert note.inner_text() == "Only the players write at this table; spectators read."


def test_the_panel_in_japanese(page: Any, another_page: Any, server: Any) -> None:
    table_id, ann, _ = two_players(server, chat="players")
    open_table(page, server, table_id, 0, ann, language="ja")
    open_table(another_page, server, table_id, language="ja")
    chat = page.get_by_test_id("chat")
    assert chat.locator("h3").inner_text() == "チャット"
    assert page.get_by_test_id("chat-send").inner_text() == "送信"
    assert page.get_by_test_id("chat-input").get_attribute("placeholder") == "メッセージを入力…"
    assert "まだメッセージはありません" in chat.inner_text()
    say(page, "よろしくお願いします")
    wait_lines(another_page, 1)
    assert lines(another_page) == ["よろしくお願いします"]
    note = another_page.get_by_test_id("chat-note").inner_text()
    assert note == "この卓では対局者だけが書き込めます。観戦者は読むことだけができます。"
    assert another_page.get_by_test_id("chat-mute").inner_text() == "ミュート"


def test_flooding_the_chat_shows_the_refusal(page: Any, server: Any) -> None:
    table_id, ann, _ = two_players(server)
    open_table(page, server, table_id, 0, ann)
    # many lines at once, faster than a person types: the bound (5 in 10 s) refuses the rest
    page.evaluate("""() => {
        const input = document.querySelector('[data-testid=chat-input]');
        const form = input.form;
        for (let i = 0; i < 8; i += 1) {
            input.value = `line ${i}`;
            form.requestSubmit();
        }
    }""")
    error = page.get_by_test_id("chat-error")
    error.wait_for()
    assert "too many chat messages: at most 5 in 10 s" in error.inner_text()
    wait_lines(page, 5)
    assert page.get_by_test_id("chat-input").input_value().startswith("line")  # given back


def test_the_chat_works_on_a_phone(browser: Any, page: Any, server: Any) -> None:
    table_id, ann, bob = two_players(server)
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                  has_touch=True, locale="en-US")
    phone = context.new_page()
    errors: list[str] = []
    phone.on("pageerror", lambda e: errors.append(str(e)))
    try:
        open_table(page, server, table_id, 0, ann)
        open_table(phone, server, table_id, 1, bob)
        say(page, "a long line that must wrap on a narrow screen " * 5)
        phone.get_by_test_id("sheet-toggle").tap()  # the sheet over the board holds the chat
        wait_lines(phone, 1)
        phone.get_by_test_id("chat-input").scroll_into_view_if_needed()
        phone.get_by_test_id("chat-input").tap()
        phone.get_by_test_id("chat-input").fill("sent from a phone")
        phone.get_by_test_id("chat-send").tap()
        wait_lines(page, 2)
        assert lines(page)[1] == "sent from a phone"
        # nothing of the chat reaches past the screen's width
        assert phone.evaluate("""() => [...document.querySelectorAll('[data-testid=chat] *')]
            .every((el) => el.getBoundingClientRect().right <= innerWidth + 1)""")
        box = phone.get_by_test_id("chat-send").bounding_box()
        assert box is not None and box["height"] >= 24  # big enough to tap
    finally:
        context.close()
    assert not errors, errors
