"""Time and rematches in the browser, as a person sees them: a real-time
clock that counts down and runs out (the stand-in bot finishes the game), a
turn-based game with its deadline, the your-turn notice and the title's
marker, resumed from a second browser after logging in, a rated game played
to the end by clicking and its rematch (seats rotated), and a rematch two
people accept, in Japanese; and how an abandoned game shows (the server
abandons an untimed game after 7 days without a move, so here the page is
told so by a stand-in for the server's answers)."""

from __future__ import annotations

import json
import math
import random
import re
import time
import uuid
from datetime import datetime

from e2e_helpers import (
    PATIENCE,
    PATIENCE_MS,
    check_final_scores,
    moves_played,
    page_id,
    play_to_the_end,
    play_turn,
    sign_in,
    wait_turn_or_end,
)

from conftest import new_page


def open_with_token(page, server, table_id: str, seat: int, token: str) -> None:
    """Open a table page holding the seat, the token kept as js/api.js keeps it."""
    page.goto(server.url + "/")
    page.evaluate("([id, seat, token]) => localStorage.setItem('carcassonne.seats',"
                  " JSON.stringify({[id]: {seat, token}}))", [table_id, seat, token])
    page.goto(f"{server.url}/table/{table_id}")


def seconds_of(clock: str) -> int:
    """The seconds a clock shows ("19:58" is 1198)."""
    minutes, seconds = clock.split(":")
    return int(minutes) * 60 + int(seconds)


def clock_of(server, table_id: str) -> dict:
    """The table's CLOCK (docs/server.md): time left, whose runs, until when."""
    clock: dict = server.get(f"/api/tables/{table_id}")["clock"]
    return clock


#: Notes in the page when the move it sends leaves it (performance.now()).
NOTE_MOVES_SENT = """() => {
    const send = WebSocket.prototype.send;
    WebSocket.prototype.send = function (data) {
        if (String(data).startsWith('{"type":"move"')) window.moveSentAt = performance.now();
        return send.call(this, data);
    };
}"""


def send_first_legal(page) -> None:
    """Send the first legal move straight over the page's socket (fast play)."""
    before = moves_played(page)
    page.evaluate("""() => {
        const s = window.carcassonneTable.state();
        const move = {type: 'move', move: s.legal[0], think: 5};
        window.carcassonneTable.socket().send(JSON.stringify(move));
    }""")
    page.wait_for_function(f"() => Number(document.body.dataset.last) > {before}"
                           " || document.body.dataset.over === 'true'")


def test_a_clock_runs_down_and_out_and_the_stand_in_finishes(page, server, artifacts):
    # Ann's page is open before the game starts (its second seat then goes
    # to the greedy bot), so her 5 s are not spent loading the page
    made = server.post("/api/tables", {
        "name": "Blitz", "seats": [{"kind": "human"}, {"kind": "human"}],
        "timing": {"kind": "clock", "base": 5, "increment": 0}, "join": {"seat": 0, "name": "Ann"}})
    table_id = made["table"]["id"]
    open_with_token(page, server, table_id, made["seat"], made["token"])
    page.wait_for_function("() => document.body.dataset.seat === '0'"
                           " && document.body.dataset.status === 'waiting'")
    server.post(f"/api/tables/{table_id}/start", {}, token=made["token"])
    clock = page.get_by_test_id("clock-0")
    clock.wait_for()
    assert "running" in clock.get_attribute("class")
    first = clock.inner_text()
    assert re.fullmatch(r"0:0[0-5]", first)
    assert page.get_by_test_id("clock-1").count() == 0  # bots have no clock
    assert page.get_by_test_id("your-turn-notice").is_visible()
    page.screenshot(path=str(artifacts / "clock.png"))
    # it counts down (or has run out already, on a very busy machine)
    page.wait_for_function(
        f"() => document.querySelector('[data-testid=clock-0]')?.textContent !== '{first}'")

    # nothing is played: the clock reaches zero, the seat goes to the stand-in
    page.get_by_test_id("time-out-0").wait_for()
    assert page.get_by_test_id("time-out-0").inner_text() == "time ran out"
    page.wait_for_function("() => document.body.dataset.over === 'true'", timeout=PATIENCE_MS)
    table = server.get(f"/api/tables/{table_id}")
    assert table["status"] == "finished" and table["moves"] > 30
    assert table["seats"][0]["kind"] == "bot" and table["clock"]["out"] == [0]
    assert page.get_by_test_id("bot-badge").count() == 2
    assert page.get_by_test_id("time-out-0").is_visible()
    assert page.get_by_test_id("clock-0").count() == 0
    assert page.get_by_test_id("your-turn-notice").is_hidden()
    assert not page.title().startswith("●")
    # the seat is gone: the page watches, and offers no rematch
    assert page.evaluate("document.body.dataset.seat") == ""
    page.get_by_test_id("final-scores").wait_for()
    assert page.get_by_test_id("rematch").count() == 0
    assert page.get_by_test_id("back-to-lobby").get_attribute("href") == "/"
    page.screenshot(path=str(artifacts / "clock-out.png"))


def test_a_turn_based_game_is_resumed_from_another_browser(page, another_page, server,
                                                           artifacts):
    name = f"Tess{uuid.uuid4().hex[:6]}"
    sent: list[dict] = []

    def watch(ws) -> None:
        ws.on("framesent", lambda frame: sent.append(json.loads(frame)) if isinstance(frame, str)
              else None)

    page.on("websocket", watch)
    page.goto(server.url + "/")
    sign_in(page, name, "sign-up")
    assert page.get_by_test_id("timing").input_value() == "none"
    page.get_by_test_id("timing").select_option("turn:86400")
    page.get_by_test_id("create-form").screenshot(path=str(artifacts / "time-form.png"))
    page.get_by_test_id("create-table").click()
    page.wait_for_url("**/table/*")
    table_id = page_id(page)
    table = server.get(f"/api/tables/{table_id}")
    assert table["timing"] == {"kind": "turn", "deadline": 86400}

    assert wait_turn_or_end(page)
    notice = page.get_by_test_id("your-turn-notice")
    assert notice.is_visible() and notice.inner_text().endswith("Your turn")
    assert page.title().startswith("● Your turn · ")
    deadline = page.get_by_test_id("deadline-0")  # a day, less the little time gone
    assert re.fullmatch(r"(1 day left|1 day 0 h left|23 h \d\d? min left)", deadline.inner_text())
    assert page.get_by_test_id("clock-0").count() == 0  # no clock at a turn-based table
    page.screenshot(path=str(artifacts / "turn-based.png"))
    played = moves_played(page)
    page.evaluate(NOTE_MOVES_SENT)
    start = page.evaluate("performance.now()")  # the decision was this page's before
    play_turn(page, random.Random(3))
    sent_at = page.evaluate("window.moveSentAt")
    moves = [m for m in sent if m.get("type") == "move"]
    assert len(moves) == 1 and isinstance(moves[0]["think"], int)
    # the time from receiving the decision to sending the move: at least the
    # clicking of the turn, at most the page's whole life
    assert sent_at - start - 1 <= moves[0]["think"] <= sent_at + 1, (start, sent_at, moves)
    assert wait_turn_or_end(page)  # the bot answered: my decision again
    assert moves_played(page) >= played + 2
    assert page.get_by_test_id("deadline-0").is_visible()
    assert page.title().startswith("● Your turn · ")

    # a second table of mine, waiting for a player: the game on my turn comes first
    page.goto(server.url + "/")
    page.get_by_test_id("seat-kind-1").select_option("human")
    page.get_by_test_id("create-table").click()
    page.wait_for_url("**/table/*")
    waiting_id = page_id(page)
    assert waiting_id != table_id
    page.wait_for_function("() => document.body.dataset.status === 'waiting'")
    assert page.get_by_test_id("your-turn-notice").is_hidden()
    assert not page.title().startswith("●")

    another_page.goto(server.url + "/")
    sign_in(another_page, name, "log-in")
    another_page.get_by_test_id(f"your-turn-{table_id}").wait_for()
    rows = another_page.locator("[data-testid=my-games] > li")
    assert rows.count() == 2
    assert rows.nth(0).get_attribute("data-table") == table_id
    assert rows.nth(1).get_attribute("data-table") == waiting_id
    assert another_page.get_by_test_id(f"timing-{table_id}").first.inner_text() == "1 day/move"
    another_page.screenshot(path=str(artifacts / "time-lobby.png"))
    another_page.get_by_test_id(f"open-{table_id}").click()
    another_page.wait_for_function("() => document.body.dataset.seat === '0'")
    assert wait_turn_or_end(another_page)
    assert another_page.get_by_test_id("your-turn-notice").is_visible()
    assert another_page.get_by_test_id("deadline-0").is_visible()
    before = moves_played(another_page)
    play_turn(another_page, random.Random(4))
    assert moves_played(another_page) > before
    assert server.get(f"/api/tables/{table_id}")["moves"] >= before + 1


def test_a_rated_game_to_the_end_then_a_rematch(page, server, artifacts):
    name = f"Remy{uuid.uuid4().hex[:6]}"
    page.goto(server.url + "/")
    sign_in(page, name, "sign-up")
    page.get_by_test_id("seat-kind-1").select_option("bot:random")
    page.get_by_test_id("rated").check()
    page.get_by_test_id("create-table").click()
    page.wait_for_url("**/table/*")
    table_id = page_id(page)
    assert server.get(f"/api/tables/{table_id}")["rated"] is True

    play_to_the_end(page, seed=11)
    check_final_scores(page, server, table_id)
    rematch = page.get_by_test_id("rematch")
    assert rematch.inner_text() == "Rematch" and rematch.is_enabled()
    assert page.get_by_test_id("back-to-lobby").get_attribute("href") == "/"
    assert page.get_by_test_id("rematch-status").count() == 0
    assert page.get_by_test_id("your-turn-notice").is_hidden()
    page.screenshot(path=str(artifacts / "rematch.png"))

    # the rating moved and the player is on the leaderboard
    page.goto(server.url + "/")
    page.get_by_test_id("account-link").click()
    page.get_by_test_id("rating-base").wait_for()
    rating = page.get_by_test_id("rating-base")
    assert rating.get_by_test_id("rating-value").inner_text() != "1500"
    assert "1 game" in rating.inner_text()
    assert page.get_by_test_id(f"game-{table_id}").count() == 1
    page.get_by_test_id("leaderboard-link").click()
    page.get_by_test_id(f"leader-{name}").wait_for()
    assert page.get_by_test_id("family").input_value() == "base"

    # back at the finished table: a rematch, seats rotated (the bot moves first)
    page.goto(f"{server.url}/table/{table_id}")
    page.get_by_test_id("rematch").click()
    page.wait_for_url(lambda url: table_id not in url)
    new_id = page_id(page)
    page.wait_for_function("() => document.body.dataset.seat === '1'")
    page.wait_for_function("() => document.body.dataset.status === 'playing'")
    again = server.get(f"/api/tables/{new_id}")
    assert again["rated"] is True
    assert [s["kind"] for s in again["seats"]] == ["bot", "human"]
    assert again["seats"][1]["account"] == name
    assert server.get(f"/api/tables/{table_id}")["rematch"]["table"] == new_id
    assert wait_turn_or_end(page)
    assert page.get_by_test_id("your-turn-notice").is_visible()
    seats = page.evaluate("JSON.parse(localStorage.getItem('carcassonne.seats'))")
    assert seats[new_id]["seat"] == 1
    assert page.evaluate("JSON.parse(localStorage.getItem('carcassonne.rematches') || '{}')") == {}

    # the old table now leads to the rematch, and back to the lobby
    page.goto(f"{server.url}/table/{table_id}")
    page.get_by_test_id("rematch-status").wait_for()
    assert page.get_by_test_id("rematch-status").inner_text() == "The rematch has started."
    assert page.get_by_test_id("rematch").count() == 0
    assert page.get_by_test_id("rematch-open").get_attribute("href") == f"/table/{new_id}"
    assert page_id(page) == table_id  # no jump away from a finished game opened later
    page.get_by_test_id("back-to-lobby").click()
    page.wait_for_url(server.url + "/")
    page.get_by_test_id("create-form").wait_for()


def test_two_people_accept_a_rematch_in_japanese(browser, page_errors, another_page, server,
                                                 artifacts):
    made = server.post("/api/tables", {
        "name": "再戦", "seats": [{"kind": "human"}, {"kind": "human"}],
        "timing": {"kind": "clock", "base": 1200, "increment": 20},
        "join": {"seat": 0, "name": "Aiko"}})
    table_id = made["table"]["id"]
    joined = time.monotonic()  # the clocks start when Bob takes his seat
    bob = server.post(f"/api/tables/{table_id}/join", {"seat": 1, "name": "Bob"})
    ja = new_page(browser, page_errors, locale="ja-JP")
    try:
        open_with_token(ja, server, table_id, 0, made["token"])
        open_with_token(another_page, server, table_id, 1, bob["token"])
        ja.wait_for_function("() => document.body.dataset.myTurn === 'true'")
        notice = ja.get_by_test_id("your-turn-notice")
        assert notice.is_visible() and notice.inner_text().endswith("あなたの番です")
        assert ja.title().startswith("● あなたの番 · ")
        # Aiko's clock runs down from 20 minutes, less the time since the start
        shown = seconds_of(ja.get_by_test_id("clock-0").inner_text())
        assert 1200 - (time.monotonic() - joined) - 1 <= shown <= 1200, shown
        assert ja.get_by_test_id("clock-1").inner_text() == "20:00"
        assert another_page.get_by_test_id("your-turn-notice").is_hidden()
        ja.screenshot(path=str(artifacts / "clock-ja.png"))
        hers = clock_of(server, table_id)
        play_turn(ja, random.Random(5))
        # Bob's clock runs now, and Aiko's got the increment after her move
        another_page.wait_for_function("() => document.body.dataset.myTurn === 'true'")
        assert another_page.get_by_test_id("your-turn-notice").inner_text().endswith("Your turn")
        assert ja.get_by_test_id("your-turn-notice").is_hidden()
        his = clock_of(server, table_id)
        assert (hers["running"], his["running"]) == (0, 1)
        # her move took the time between the two deadlines (each the running
        # seat's 20 minutes from the start of its decision): she has 20 s more
        # than that took, up to 1 s of lag forgiven (time left is said to 0.1 s)
        took = (datetime.fromisoformat(his["deadline"])
                - datetime.fromisoformat(hers["deadline"])).total_seconds()
        left = his["remaining"][0]
        assert 1220 - took - 0.06 <= left <= 1221 - took + 0.06, (took, left)
        assert seconds_of(ja.get_by_test_id("clock-0").inner_text()) == math.ceil(left - 1e-6)

        # the rest of the game, quickly: each sends its first legal move
        started = time.monotonic()
        pages = (ja, another_page)
        while not all(p.evaluate("document.body.dataset.over") == "true" for p in pages):
            moved = False
            for p in pages:
                if p.evaluate("document.body.dataset.myTurn") == "true":
                    send_first_legal(p)
                    moved = True
            if not moved:
                ja.wait_for_timeout(30)
            assert time.monotonic() - started < PATIENCE, "the game does not end"
        ja.get_by_test_id("final-scores").wait_for()
        assert ja.get_by_test_id("rematch").inner_text() == "再戦する"
        assert ja.get_by_test_id("back-to-lobby").inner_text() == "ロビーに戻る"

        # Bob offers; Aiko's page says so and offers to accept
        another_page.get_by_test_id("rematch").click()
        another_page.wait_for_function(
            "() => document.querySelector('[data-testid=rematch-status]')?.textContent"
            " === 'Rematch offered: 1 of 2 accepted'")
        assert another_page.get_by_test_id("rematch").is_disabled()
        ja.wait_for_function(
            "() => document.querySelector('[data-testid=rematch]')?.textContent === '再戦を受ける'")
        assert ja.get_by_test_id("rematch-status").inner_text() == "再戦の申し込み：2人中1人が承諾"
        # a reload keeps Bob's promised seat
        another_page.reload()
        another_page.get_by_test_id("rematch-status").wait_for()
        ja.screenshot(path=str(artifacts / "rematch-ja.png"))
        ja.get_by_test_id("rematch").click()

        # both land on the rematch: seats rotated, Bob moves first, same clock
        ja.wait_for_url(lambda url: table_id not in url)
        another_page.wait_for_url(lambda url: table_id not in url)
        new_id = page_id(ja)
        assert page_id(another_page) == new_id
        ja.wait_for_function("() => document.body.dataset.seat === '1'")
        another_page.wait_for_function("() => document.body.dataset.seat === '0'")
        again = server.get(f"/api/tables/{new_id}")
        assert [s["name"] for s in again["seats"]] == ["Bob", "Aiko"]
        assert again["timing"] == {"kind": "clock", "base": 1200, "increment": 20}
        another_page.wait_for_function("() => document.body.dataset.myTurn === 'true'")
        assert ja.get_by_test_id("clock-1").inner_text() == "20:00"
    finally:
        ja.context.close()


def test_an_abandoned_game_says_so_in_the_table_the_lobby_and_the_profile(page, server,
                                                                          artifacts):
    made = server.post("/api/tables", {
        "name": "Forgotten", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}],
        "join": {"seat": 0, "name": "Zed"}})
    table_id = made["table"]["id"]
    gone = {**server.get(f"/api/tables/{table_id}"), "status": "abandoned", "clock": None}

    def abandon(ws) -> None:  # the server's states, as they read once the game was abandoned
        real = ws.connect_to_server()

        def forward(message) -> None:
            data = json.loads(message)
            if data.get("type") == "state":
                data["table"] = {**data["table"], "status": "abandoned"}
                data["legal"] = None
            ws.send(json.dumps(data))

        real.on_message(forward)

    page.route_web_socket(re.compile(r".*/ws/tables/.*"), abandon)
    open_with_token(page, server, table_id, made["seat"], made["token"])
    page.get_by_test_id("abandoned").wait_for()
    assert page.evaluate("document.body.dataset.status") == "abandoned"
    assert "Nobody moved for 7 days" in page.get_by_test_id("abandoned").inner_text()
    assert page.get_by_test_id("status").inner_text() == "This game was abandoned."
    assert page.get_by_test_id("turn").is_hidden()
    assert page.get_by_test_id("your-turn-notice").is_hidden()
    assert page.get_by_test_id("legal-square").count() == 0
    assert page.get_by_test_id("leave").is_hidden()
    assert page.get_by_test_id("abandoned-lobby").get_attribute("href") == "/"
    page.screenshot(path=str(artifacts / "abandoned.png"))

    # the lobby lists it with the finished games, marked, to look at (no replay)
    page.route("**/api/tables?status=abandoned", lambda route: route.fulfill(
        json={"tables": [gone]}))
    page.goto(server.url + "/")
    page.get_by_test_id(f"abandoned-{table_id}").wait_for()
    row = page.locator(f"[data-testid=finished-tables] [data-testid=table-{table_id}]")
    assert "abandoned" in row.inner_text()
    assert row.get_by_test_id(f"look-{table_id}").get_attribute("href") == f"/table/{table_id}"
    assert row.get_by_test_id(f"replay-{table_id}").count() == 0

    # a profile: the game on the player's turn first, the abandoned one in the history
    later = {**made["table"], "id": "later", "name": "Later", "your_turn": False}
    now = {**made["table"], "id": "now", "name": "Now", "your_turn": True,
           "timing": {"kind": "clock", "base": 600, "increment": 10}}
    profile = {"name": "Zed", "playing": [later, now], "finished": [{**gone, "replay": None}],
               "played": 0, "wins": 0, "mean_score": None, "ratings": [], "history": []}
    page.route("**/api/players/Zed", lambda route: route.fulfill(json=profile))
    page.goto(server.url + "/player/Zed")
    page.get_by_test_id("player-playing").wait_for()
    rows = page.locator("[data-testid=player-playing] > li")
    order = [rows.nth(i).get_attribute("data-testid") for i in range(2)]
    assert order == ["game-now", "game-later"]
    assert page.get_by_test_id("your-turn-now").is_visible()
    assert page.get_by_test_id("timing-now").inner_text() == "10+10"
    old = page.get_by_test_id(f"game-{table_id}")
    assert old.get_by_test_id(f"abandoned-{table_id}").inner_text() == "abandoned"
    assert old.locator("a.btn").get_attribute("href") == f"/table/{table_id}"
