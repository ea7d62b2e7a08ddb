"""The time of each move in a replay, as a referee reads it: a real-time
game where Ann moves twice, then lets her clock run out (the stand-in and
the bot finish it); the finished table shows when her clock reached zero,
and its replay shows, move by move, who moved, when, the time taken and
each player's time left, with a graph of time left over the moves (the
current move marked, the flag drawn, a click jumps to a move); in English
on a desktop and in Japanese on a phone."""

from __future__ import annotations

import re

from e2e_helpers import PATIENCE_MS, PHONE, moves_played

from conftest import new_page

BASE = 15


def open_with_token(page, server, table_id: str, seat: int, token: str) -> None:
    """Open a table page holding the seat, the token kept as js/api.js keeps it."""
    page.goto(server.url + "/")
    page.evaluate("([id, seat, token]) => localStorage.setItem('carcassonne.seats',"
                  " JSON.stringify({[id]: {seat, token}}))", [table_id, seat, token])
    page.goto(f"{server.url}/table/{table_id}")


def move_when_my_turn(page, think_ms: int) -> None:
    """Wait for this page's turn, then send the first legal move over its
    socket at once, saying it thought ``think_ms``."""
    page.wait_for_function("() => document.body.dataset.myTurn === 'true'")
    before = moves_played(page)
    page.evaluate("""(think) => {
        const s = window.carcassonneTable.state();
        const move = {type: 'move', move: s.legal[0], think};
        window.carcassonneTable.socket().send(JSON.stringify(move));
    }""", think_ms)
    page.wait_for_function(f"() => Number(document.body.dataset.last) > {before}")


def clock_text(seconds: float) -> str:
    """Time left as the replay shows it: m:ss.s."""
    tenths = round(seconds * 10)
    return f"{tenths // 600}:{(tenths % 600) / 10:04.1f}"


def line(page) -> str:
    return str(page.get_by_test_id("replay-clock-line").inner_text())


def marker(page) -> int:
    return int(page.get_by_test_id("replay-clock-marker").get_attribute("data-pos"))


def wait_marker(page, test: str) -> None:
    """Wait until the graph's marker's position passes ``test`` ("=== 3", "< 9")."""
    page.wait_for_function("() => { const m = document.querySelector("
                           "'[data-testid=replay-clock-marker]');"
                           f" return m != null && Number(m.dataset.pos) {test}; }}")


def left_of(page, seat: int) -> str:
    """A seat's time left as the card shows it, on one line."""
    return " ".join(page.get_by_test_id(f"replay-clock-left-{seat}").inner_text().split())


def test_the_replay_shows_each_moves_time_and_the_flag(page, browser, page_errors,
                                                        server, artifacts):
    made = server.post("/api/tables", {
        "name": "Proof", "seats": [{"kind": "human"}, {"kind": "human"}],
        "timing": {"kind": "clock", "base": BASE, "increment": 1},
        "join": {"seat": 0, "name": "Ann"}})
    table_id = made["table"]["id"]
    open_with_token(page, server, table_id, made["seat"], made["token"])
    page.wait_for_function("() => document.body.dataset.status === 'waiting'")
    server.post(f"/api/tables/{table_id}/start", {}, token=made["token"])  # seat 1: the stand-in
    move_when_my_turn(page, 50)
    move_when_my_turn(page, 50)
    # Ann moves no more: her clock runs out, the stand-in plays on for her
    page.get_by_test_id("time-out-0").wait_for(timeout=PATIENCE_MS)
    page.wait_for_function("() => document.body.dataset.over === 'true'", timeout=PATIENCE_MS)
    table = server.get(f"/api/tables/{table_id}")
    record = server.get(f"/api/tables/{table_id}/record")
    moves = record["moves"]
    flagged_at = table["clock"]["out_at"][0]
    assert table["clock"]["out"] == [0]
    # the finished table shows when the clock reached zero, beside "time ran out"
    shown_at = page.get_by_test_id("time-out-at-0")
    assert shown_at.get_attribute("datetime") == flagged_at
    assert re.search(r"\d\d:\d\d:\d\d\.\d", shown_at.inner_text())

    page.get_by_test_id("replay-open").click()
    card = page.get_by_test_id("replay-clock")
    card.wait_for()
    assert line(page) == "Before the first move" and marker(page) == 0
    assert left_of(page, 0) == f"Ann {clock_text(BASE)}"
    assert page.get_by_test_id("replay-clock-left-1").count() == 0  # a bot has no clock
    assert page.get_by_test_id("replay-clock-path-0").count() == 1
    assert page.get_by_test_id("replay-clock-path-1").count() == 0
    assert page.get_by_test_id("replay-clock-flag-0").count() == 1
    flag_line = page.get_by_test_id("replay-clock-flag-line-0").inner_text()
    assert flag_line.startswith("⚑") and "Ann's clock ran out at" in flag_line

    # move by move: who moved, when, the time taken, each one's time left
    movers = page.evaluate("window.carcassonneTable.state().view.movers")
    ann = [i for i, seat in enumerate(movers) if seat == 0]
    for number in range(1, ann[1] + 2):
        page.get_by_test_id("replay-next").click()
        wait_marker(page, f"=== {number}")
        clock = moves[number - 1]["clock"]
        name = record["setup"]["players"][movers[number - 1]]
        assert line(page).startswith(f"Move {number}: {name}"), line(page)
        assert float(page.get_by_test_id("replay-clock-taken").get_attribute(
            "data-taken")) == clock["taken"]
        assert f"took {clock['taken']:.1f} s" in line(page)
        assert page.get_by_test_id("replay-clock-at").get_attribute("datetime") == clock["at"]
        assert left_of(page, 0) == f"Ann {clock_text(clock['left'][0])}"
    # Ann's own moves took time by the server's clock and kept some time
    assert all(moves[i]["clock"]["left"][0] > 0 for i in ann[:2])

    # the last move: Ann's time reads zero, flagged; the marker is at the end
    page.get_by_test_id("replay-last").click()
    wait_marker(page, f"=== {len(moves)}")
    assert left_of(page, 0) == "Ann 0:00.0 ⚑"
    assert line(page).startswith(f"Move {len(moves)}: ")
    if movers[-1] == 0:  # after the flag Ann's moves are the stand-in's
        assert line(page).startswith(f"Move {len(moves)}: Ann (the stand-in) · took ")
    page.screenshot(path=str(artifacts / "replay-clock.png"))

    # a click on the graph's left part jumps back to the early moves
    graph = page.get_by_test_id("replay-clock-graph")
    box = graph.bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + box["width"] * 0.15, box["y"] + box["height"] / 2)
    wait_marker(page, f"< {len(moves) // 2}")
    assert page.get_by_test_id("replay-position").inner_text().startswith(f"Move {marker(page)} of")

    # in Japanese, on a phone: the same card, legible in the bar under the board
    phone = new_page(browser, page_errors, locale="ja-JP")
    phone.set_viewport_size(PHONE["viewport"])  # (the narrow layout: the card in the bar)
    try:
        phone.goto(f"{server.url}/table/{table_id}?replay=1")
        phone.get_by_test_id("replay-clock").wait_for()
        phone.get_by_test_id("replay-last").click()
        wait_marker(phone, f"=== {len(moves)}")
        assert re.match(r"\d+手目: ", line(phone)) and "消費" in line(phone)
        assert "持ち時間が" in phone.get_by_test_id("replay-clock-flag-line-0").inner_text()
        card_box = phone.get_by_test_id("replay-clock").bounding_box()
        graph_box = phone.get_by_test_id("replay-clock-graph").bounding_box()
        assert card_box is not None and graph_box is not None
        assert card_box["x"] >= 0 and card_box["x"] + card_box["width"] <= 390 + 0.5
        assert graph_box["width"] >= 250 and graph_box["y"] + graph_box["height"] <= 844
        # its text is set at a readable size
        size = phone.evaluate("parseFloat(getComputedStyle(document.querySelector("
                              "'[data-testid=replay-clock-line]')).fontSize)")
        assert size >= 12
        phone.screenshot(path=str(artifacts / "replay-clock-phone.png"))
    finally:
        phone.context.close()
