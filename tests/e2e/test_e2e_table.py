"""The table page around the game: coming back after a reload or a dropped
connection, watching, replaying, the Japanese text, and two people meeting
at a table made in the lobby."""

from __future__ import annotations

import json
import random
import time

from e2e_helpers import (
    PATIENCE,
    in_reach,
    moves_played,
    play_turn,
    quick_play,
    tile_count,
    wait_turn_or_end,
)


def wait_finished(server, table_id: str, timeout: float = PATIENCE) -> dict:
    deadline = time.monotonic() + timeout
    while True:
        table = server.get(f"/api/tables/{table_id}")
        if table["status"] == "finished":
            return table
        assert time.monotonic() < deadline, "the bots did not finish their game"
        time.sleep(0.1)


def record_traffic(page) -> dict:
    """From now on, every address ``page`` asks for over HTTP and every
    WebSocket it opens, with the text frames it sends there."""
    traffic: dict = {"requests": [], "sockets": []}
    page.on("request", lambda request: traffic["requests"].append(request.url))

    def opened(ws) -> None:
        socket = {"url": ws.url, "sent": []}
        ws.on("framesent", lambda payload: socket["sent"].append(payload))
        traffic["sockets"].append(socket)

    page.on("websocket", opened)
    return traffic


def test_a_reload_mid_game_keeps_the_seat_and_the_game_goes_on(page, server):
    traffic = record_traffic(page)
    table_id = quick_play(page, server.url)
    rng = random.Random(3)
    for _ in range(2):
        assert wait_turn_or_end(page)
        play_turn(page, rng)
    assert wait_turn_or_end(page)
    played, tiles = moves_played(page), tile_count(page)
    in_reach(page, page.get_by_test_id("legal-square").first).click()  # put down, not confirmed
    page.reload()
    page.wait_for_function(f"() => document.body.dataset.last === '{played}'")
    assert page.evaluate("document.body.dataset.seat") == "0"
    assert tile_count(page) == tiles
    assert page.get_by_test_id("ghost").count() == 0  # the unconfirmed tile is back in hand
    assert wait_turn_or_end(page)
    play_turn(page, rng)
    assert moves_played(page) > played
    assert server.get(f"/api/tables/{table_id}")["moves"] >= played + 1
    # the seat token went in each connection's first message, never in an address
    token = page.evaluate(f"() => JSON.parse(localStorage.getItem('carcassonne.seats'))"
                          f"[{json.dumps(table_id)}].token")
    assert token and len(traffic["sockets"]) >= 2  # before and after the reload
    for socket in traffic["sockets"]:
        assert "token" not in socket["url"] and token not in socket["url"], socket["url"]
        assert json.loads(socket["sent"][0]) == {"type": "seat", "token": token}
    assert traffic["requests"] and not [url for url in traffic["requests"]
                                        if "token" in url or token in url]


def test_a_dropped_connection_comes_back_by_itself(page, server):
    quick_play(page, server.url)
    rng = random.Random(5)
    assert wait_turn_or_end(page)
    play_turn(page, rng)
    page.wait_for_function("() => document.querySelector('[data-testid=connection]')"
                           ".dataset.state === 'online'")
    page.evaluate("window.carcassonneTable.socket().close()")
    page.wait_for_function("() => document.querySelector('[data-testid=connection]')"
                           ".dataset.state !== 'online'")
    page.wait_for_function("() => document.querySelector('[data-testid=connection]')"
                           ".dataset.state === 'online'")
    assert wait_turn_or_end(page)
    before = moves_played(page)
    play_turn(page, rng)
    assert moves_played(page) > before


def test_japanese_is_chosen_remembered_and_used_for_the_game(page, server):
    page.goto(server.url + "/")
    assert page.get_by_test_id("quick-play").inner_text() == "Play against a bot"
    page.get_by_test_id("language").select_option("ja")
    page.wait_for_function("() => document.documentElement.lang === 'ja'")
    assert page.get_by_test_id("quick-play").inner_text() == "ボットと対戦する"
    assert "新しいテーブル" in page.locator("body").inner_text()
    page.reload()
    page.wait_for_function("() => document.documentElement.lang === 'ja'")
    assert page.get_by_test_id("quick-play").inner_text() == "ボットと対戦する"
    page.get_by_test_id("quick-play").click()
    page.wait_for_url("**/table/*")
    assert wait_turn_or_end(page)
    assert "あなたの番" in page.get_by_test_id("status").inner_text()
    assert page.get_by_test_id("confirm").inner_text() == "決定"
    assert "プレイヤー" in page.get_by_test_id("players").inner_text()
    play_turn(page, random.Random(1))
    assert "置いた" in page.get_by_test_id("log").inner_text()


def test_every_language_has_every_text(page, server):
    """Each language's files (its main file, one per area, the how-to
    page's) have exactly the keys of English's same file: none missing,
    none extra, none in another file."""
    page.goto(server.url + "/")
    missing = page.evaluate("""async () => {
        const { AREAS, LANGUAGES } = await import('/static/i18n/languages.js');
        const out = {};
        for (const file of ['', ...AREAS.map((a) => `${a}-`), 'howto-']) {
            const en = (await import(`/static/i18n/${file}en.js`)).default;
            for (const { code } of LANGUAGES) {
                const table = (await import(`/static/i18n/${file}${code}.js`)).default;
                const off = Object.keys(en).filter((k) => !(k in table))
                    .concat(Object.keys(table).filter((k) => !(k in en)));
                if (off.length) out[`${file}${code}`] = off;
            }
        }
        return [LANGUAGES.length, out];
    }""")
    assert missing == [13, {}]


def test_every_translation_fills_the_same_places(page, server):
    """A text's {placeholders} are the English one's, in the page's messages
    and the how-to page's: a text written out in full may leave out a place
    that English fills only to choose a plural, never add one."""
    page.goto(server.url + "/")
    wrong = page.evaluate("""async () => {
        const { AREAS, LANGUAGES } = await import('/static/i18n/languages.js');
        const places = (v) => typeof v === 'function'
            ? new Set((/^\\(\\{([^}]*)\\}\\)/.exec(v.toString())?.[1] || '')
                .split(',').map((p) => p.trim()).filter(Boolean))
            : new Set([...String(v).matchAll(/\\{(\\w+)\\}/g)].map((m) => m[1]));
        const out = [];
        for (const file of ['', ...AREAS.map((a) => `${a}-`), 'howto-']) {
            const en = (await import(`/static/i18n/${file}en.js`)).default;
            for (const { code } of LANGUAGES) {
                const table = (await import(`/static/i18n/${file}${code}.js`)).default;
                for (const [key, text] of Object.entries(table)) {
                    if (!(key in en)) continue;
                    const want = places(en[key]);
                    const got = places(text);
                    const extra = [...got].filter((p) => !want.has(p));
                    const lost = typeof en[key] === 'function' ? []
                        : [...want].filter((p) => !got.has(p));
                    const off = [...extra, ...lost];
                    if (off.length) out.push(`${file}${code} ${key}: ${off}`);
                }
            }
        }
        return out;
    }""")
    assert wrong == [], wrong


def test_a_spectator_watches_a_game_being_played(page, another_page, server):
    table_id = quick_play(page, server.url)
    watcher = another_page
    watcher.goto(server.url + "/")
    watcher.get_by_test_id(f"watch-{table_id}").click()
    watcher.wait_for_url(f"**/table/{table_id}")
    watcher.wait_for_function("() => document.body.dataset.status === 'playing'")
    assert watcher.evaluate("document.body.dataset.seat") == ""
    assert "Watching" in watcher.get_by_test_id("status").inner_text()
    assert watcher.get_by_test_id("legal-square").count() == 0
    assert watcher.get_by_test_id("confirm").is_hidden()
    assert wait_turn_or_end(page)
    play_turn(page, random.Random(2))
    assert wait_turn_or_end(page)  # the bot has answered: nothing moves until the player does
    played = moves_played(page)
    watcher.wait_for_function(f"() => document.body.dataset.last === '{played}'")
    assert tile_count(watcher) == played + 1
    for seat in (0, 1):
        shown = watcher.get_by_test_id(f"score-{seat}").inner_text()
        assert shown == page.get_by_test_id(f"score-{seat}").inner_text()


def test_a_finished_game_is_replayed_move_by_move(page, server):
    made = server.post("/api/tables", {"name": "Bots only",
                                       "seats": [{"kind": "bot", "bot": "random"},
                                                 {"kind": "bot", "bot": "random"}]})
    table_id = made["table"]["id"]
    table = wait_finished(server, table_id)
    record = server.get(f"/api/tables/{table_id}/record")
    total = len(record["moves"])
    page.goto(server.url + "/")
    page.get_by_test_id(f"replay-{table_id}").click()
    page.wait_for_url(f"**/table/{table_id}?replay=1")
    page.get_by_test_id("replay").wait_for()
    assert page.get_by_test_id("replay-position").inner_text() == f"Move 0 of {total}"
    assert tile_count(page) == 1
    page.get_by_test_id("replay-next").click()
    page.get_by_test_id("replay-next").click()
    assert tile_count(page) == 3
    first = record["moves"][0]
    x, y = first["at"]
    tile = page.locator(f"[data-testid=board-tile][data-x='{x}'][data-y='{y}']")
    assert tile.get_attribute("data-tile") == first["tile"]
    assert tile.get_attribute("data-rotation") == str(first["rotation"])
    page.get_by_test_id("replay-prev").click()
    assert tile_count(page) == 2
    page.get_by_test_id("replay-last").click()
    assert tile_count(page) == 1 + total
    assert page.get_by_test_id("replay-position").inner_text() == f"Move {total} of {total}"
    for seat, score in enumerate(table["scores"]):
        assert page.get_by_test_id(f"score-{seat}").inner_text() == str(score)
    page.locator("[data-testid=replay-move][data-move='9']").click()  # jump from the log
    assert page.get_by_test_id("replay-position").inner_text() == f"Move 10 of {total}"
    assert tile_count(page) == 11
    page.get_by_test_id("replay-play").click()
    page.wait_for_function(
        "() => document.querySelectorAll('[data-testid=board-tile]').length > 12")
    page.get_by_test_id("replay-play").click()
    page.get_by_test_id("replay-close").click()
    assert page.get_by_test_id("replay").is_hidden()
    assert tile_count(page) == 1 + total
    page.get_by_test_id("final-scores").wait_for()


def test_two_people_meet_at_a_table_made_in_the_lobby(page, another_page, server):
    host, guest = page, another_page
    host.goto(server.url + "/")
    host.get_by_test_id("player-name").fill("Hana")
    host.get_by_test_id("table-name").fill("Friends")
    host.get_by_test_id("seat-kind-1").select_option("human")
    host.get_by_test_id("option-tiny_city").select_option(label="2 (variant)")
    host.get_by_test_id("hide-distribution").check()
    host.get_by_test_id("create-table").click()
    host.wait_for_url("**/table/*")
    table_id = host.url.rstrip("/").split("/")[-1]
    host.get_by_test_id("waiting").wait_for()
    assert host.get_by_test_id("share-link").input_value().endswith(f"/table/{table_id}")
    table = server.get(f"/api/tables/{table_id}")
    assert table["status"] == "waiting" and table["options"] == {"tiny_city": 2}
    assert table["hide_distribution"] is True

    guest.goto(server.url + "/")
    guest.get_by_test_id("player-name").fill("Ken")
    guest.get_by_test_id(f"join-{table_id}-1").click()
    guest.wait_for_url(f"**/table/{table_id}")
    for p in (host, guest):
        p.wait_for_function("() => document.body.dataset.status === 'playing'")
        p.get_by_test_id("distribution-hidden").wait_for()
        assert p.get_by_test_id("distribution").count() == 0
    assert host.evaluate("document.body.dataset.seat") == "0"
    assert guest.evaluate("document.body.dataset.seat") == "1"
    assert "Hana" in guest.get_by_test_id("player-0").inner_text()
    rng = random.Random(11)
    assert wait_turn_or_end(host)
    play_turn(host, rng)
    assert wait_turn_or_end(guest)
    assert tile_count(guest) == 2
    play_turn(guest, rng)
    assert wait_turn_or_end(host)
    assert tile_count(host) == 3


def test_a_guest_sits_down_from_the_link_and_start_now_gives_the_rest_to_bots(
        page, another_page, server):
    host, guest = page, another_page
    host.goto(server.url + "/")
    host.get_by_test_id("player-count").select_option("3")
    host.get_by_test_id("seat-kind-1").select_option("human")
    host.get_by_test_id("seat-kind-2").select_option("human")
    host.get_by_test_id("create-table").click()
    host.wait_for_url("**/table/*")
    link = host.get_by_test_id("share-link").input_value()
    table_id = link.rstrip("/").split("/")[-1]
    assert host.get_by_test_id("bot-badge").count() == 0

    guest.goto(link)
    guest.get_by_test_id("waiting").wait_for()
    guest.locator("#join-name").fill("Mio")
    guest.get_by_test_id("join-seat-1").click()
    guest.wait_for_function("() => document.body.dataset.seat === '1'")
    host.wait_for_function("() => document.querySelector('[data-testid=waiting]')"
                           ".innerText.includes('Mio')")
    host.get_by_test_id("start-now").click()
    for p in (host, guest):
        p.wait_for_function("() => document.body.dataset.status === 'playing'")
        assert p.get_by_test_id("waiting").is_hidden()
        assert p.get_by_test_id("bot-badge").count() == 1
    seats = server.get(f"/api/tables/{table_id}")["seats"]
    assert [s["kind"] for s in seats] == ["human", "human", "bot"]
    assert seats[1]["name"] == "Mio"
    assert wait_turn_or_end(host)
    play_turn(host, random.Random(4))
    assert wait_turn_or_end(guest)
