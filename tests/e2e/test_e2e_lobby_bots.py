"""Bots in the lobby and their names: the bot choices in order of strength,
each with a line about it; quick play at the level chosen (remembered); the
names the server gives bots and tables, in Japanese; and "Games being
played", which a game nobody plays any more leaves."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from e2e_helpers import page_id, play_turn, quick_play, wait_turn_or_end

from conftest import Server, new_page, serving

#: The bots as the create form offers them: (group, value, text).
CHOICES = [
    ("", "human", "Human player"),
    ("Levels", "bot:easy", "Easy: a gentle opponent: looks one move ahead and often settles"
                           " for a move a little short of the best"),
    ("Levels", "bot:friendly", "Friendly: for building, not fighting: finishes its own cities and"
                               " roads and seldom takes or blocks yours; wins about three games in"
                               " five against Easy"),
    ("Levels", "bot:medium", "Medium: a real challenge: searches ahead and beats Friendly in"
                             " most games"),
    ("Levels", "bot:hard", "Hard: a strong opponent: also knows which squares the tiles left"
                           " can fill, and beats Medium seven games in ten"),
    ("Levels", "bot:expert", "Expert: the strongest level: weighs every tile you might draw next,"
                             " your best answer to each and its own next move, and beats Hard"
                             " about seven games in ten"),
    ("Training bots", "bot:random", "Random: training bot, plays any legal move"),
    ("Training bots", "bot:greedy", "Greedy: training bot, takes the most points now"),
]

#: How long a live game may go without a move and still be listed, at the
#: server of the last test (a few lobby refreshes, which come every 5 s).
IDLE = 6


def choices(page, testid: str) -> list[tuple[str, str, str]]:
    """The options of a <select>: the label of their group, value and text."""
    return [tuple(c) for c in page.evaluate(
        """(id) => [...document.querySelector(`[data-testid=${id}]`).options].map((o) => [
            o.parentElement.tagName === 'OPTGROUP' ? o.parentElement.label : '',
            o.value, o.text])""",
        testid)]


def quick_levels(page) -> list[tuple[str, bool]]:
    """Quick play's levels, in order: (bot, whether it is the one chosen)."""
    page.locator("[data-testid^=quick-level-]").first.wait_for(state="attached")
    return [tuple(c) for c in page.evaluate(
        "() => [...document.querySelectorAll('[data-testid^=quick-level-]')]"
        ".map((r) => [r.value, r.checked])")]


def test_the_bots_are_offered_in_order_of_strength_each_with_a_line(page, server):
    assert server.get("/api/catalogue")["bots"] == ["easy", "friendly", "medium", "hard", "expert",
                                                   "random", "greedy"]
    page.goto(server.url + "/")
    page.get_by_test_id("seat-kind-1").wait_for()
    assert choices(page, "seat-kind-1") == CHOICES
    # a new seat has the stand-in bot, as the server gives free seats
    page.get_by_test_id("player-count").select_option("3")
    assert page.get_by_test_id("seat-kind-2").input_value() == "bot:greedy"
    assert choices(page, "seat-kind-2") == CHOICES
    # quick play: the three levels, Medium on a first visit, with its line
    assert quick_levels(page) == [("easy", False), ("friendly", False), ("medium", True),
                                  ("hard", False), ("expert", False)]
    assert [page.locator(f"[data-testid=quick-level-{bot}] + span").inner_text()
            for bot in ("easy", "friendly", "medium", "hard", "expert")] == [
        "Easy", "Friendly", "Medium", "Hard", "Expert"]
    assert page.get_by_test_id("quick-help").inner_text() == CHOICES[3][2]


def test_quick_play_seats_the_level_chosen_and_remembers_it(page, server):
    page.goto(server.url + "/")
    page.wait_for_function("() => document.body.dataset.ready === 'true'")  # catalogue in
    page.get_by_test_id("player-name").fill("Ann")
    page.get_by_test_id("quick-level-expert").check()
    assert page.get_by_test_id("quick-help").inner_text() == CHOICES[5][2]
    page.get_by_test_id("quick-play").click()
    page.wait_for_url("**/table/*")
    table_id = page_id(page)
    table = server.get(f"/api/tables/{table_id}")
    assert [(s["kind"], s["bot"], s["name"]) for s in table["seats"]] == [
        ("human", None, "Ann"), ("bot", "expert", "Expert bot")]
    assert table["name"] == "Ann vs Expert bot"
    assert wait_turn_or_end(page)
    assert "Expert bot" in page.get_by_test_id("player-1").inner_text()
    play_turn(page, random.Random(1))
    assert wait_turn_or_end(page)  # the expert answered (its search runs in the pool)
    assert "Expert bot" in page.get_by_test_id("log").inner_text()

    # back in the lobby the choice stands, after a reload too; the game is
    # listed by its name, the bot's seat by its name alone
    page.goto(server.url + "/")
    assert quick_levels(page) == [("easy", False), ("friendly", False), ("medium", False),
                                  ("hard", False), ("expert", True)]
    page.reload()
    assert quick_levels(page) == [("easy", False), ("friendly", False), ("medium", False),
                                  ("hard", False), ("expert", True)]
    row = page.get_by_test_id("playing-tables").get_by_test_id(f"table-{table_id}")
    assert row.locator(".tname").inner_text() == "Ann vs Expert bot"
    assert [c.inner_text() for c in row.locator(".chip").all()] == ["Ann", "Expert bot"]
    # the next quick play seats the remembered level
    page.get_by_test_id("quick-play").click()
    page.wait_for_url("**/table/*")
    assert server.get(f"/api/tables/{page_id(page)}")["seats"][1]["bot"] == "expert"


def test_in_japanese_the_names_the_server_gives_are_translated(page, server):
    page.goto(server.url + "/")
    page.wait_for_function("() => document.body.dataset.ready === 'true'")  # catalogue in
    page.get_by_test_id("language").select_option("ja")
    page.wait_for_function("() => document.documentElement.lang === 'ja'")
    assert choices(page, "seat-kind-1")[1:6] == [
        ("レベル", "bot:easy",
         "やさしい：穏やかな相手。一手先だけを見て、"
         "いちばんよい手より少し劣る手で満足することがよくあります"),
        ("レベル", "bot:friendly",
         "なかよし：戦うより作りたい人に。自分の都市や道を完成させ、"
         "あなたの横取りや邪魔はめったにしません。やさしいボットには5回に3回ほど勝ちます"),
        ("レベル", "bot:medium",
         "ふつう：手ごたえのある相手。先を読み、なかよしボットにはたいてい勝ちます"),
        ("レベル", "bot:hard",
         "強い：手ごわい相手。残りのタイルで埋められるマスまで知っていて、"
         "ふつうのボットに10回に7回勝ちます"),
        ("レベル", "bot:expert",
         "達人：いちばん強いレベル。あなたが次に引くかもしれないタイルすべてと、"
         "それぞれへのあなたの最善手、さらに自分の次の手まで読み、強いボットに10回に7回ほど勝ちます")]
    page.get_by_test_id("player-name").fill("Ann")
    page.get_by_test_id("quick-level-hard").check()
    page.get_by_test_id("quick-play").click()
    page.wait_for_url("**/table/*")
    table_id = page_id(page)
    assert server.get(f"/api/tables/{table_id}")["name"] == "Ann vs Hard bot"  # stored in English
    assert wait_turn_or_end(page)
    player = page.get_by_test_id("player-1").inner_text()
    assert "強いボット" in player and "Hard bot" not in player
    play_turn(page, random.Random(2))
    assert wait_turn_or_end(page)
    log = page.get_by_test_id("log").inner_text()
    assert "強いボット" in log and "Hard bot" not in log

    # the lobby: the generated table name and the bot's seat in Japanese
    page.goto(server.url + "/")
    row = page.get_by_test_id("playing-tables").get_by_test_id(f"table-{table_id}")
    assert row.locator(".tname").inner_text() == "Ann 対 強いボット"
    assert [c.inner_text() for c in row.locator(".chip").all()] == ["Ann", "強いボット"]

    # a waiting room: two greedy bots (the second with its seat number), a
    # bot a person named, and a table named by the server
    made = server.post("/api/tables", {"seats": [
        {"kind": "human"}, {"kind": "bot", "bot": "greedy"}, {"kind": "bot", "bot": "greedy"},
        {"kind": "bot", "bot": "random", "name": "Robo"}]})["table"]
    assert [s["name"] for s in made["seats"][1:]] == ["Greedy bot", "Greedy bot 3", "Robo"]
    page.goto(server.url + "/")
    row = page.get_by_test_id("open-tables").get_by_test_id(f"table-{made['id']}")
    assert row.locator(".tname").inner_text() == f"テーブル {made['id']}"
    assert [c.inner_text() for c in row.locator(".chip").all()] == [
        "空席", "貪欲ボット", "貪欲ボット 3", "Robo (ランダム)"]
    page.goto(f"{server.url}/table/{made['id']}")
    waiting = page.get_by_test_id("waiting")
    waiting.wait_for()
    seats = [" ".join(li.inner_text().split()) for li in waiting.locator(".seats li").all()]
    assert seats[1:] == ["貪欲ボット ボット：貪欲", "貪欲ボット 3 ボット：貪欲",
                         "Robo ボット：ランダム"]


@pytest.fixture(scope="module")
def resting_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server of its own at which a live game with no move for IDLE
    seconds is no longer listed as being played."""
    with serving(tmp_path_factory.mktemp("e2e-resting"), "--idle-after", str(IDLE)) as running:
        yield running


def test_a_game_nobody_plays_any_more_leaves_games_being_played(
        browser, page_errors, resting_server):
    server = resting_server
    player, lobby = new_page(browser, page_errors), new_page(browser, page_errors)
    try:
        # (the lobby is ready for the click once its catalogue is in)
        table_id = quick_play(player, server.url, "Ann")
        assert wait_turn_or_end(player)
        # a turn-based game waits days for its move: it is being played all along
        by_post = server.post("/api/tables", {
            "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}],
            "timing": {"kind": "turn", "deadline": 86400},
            "join": {"seat": 0, "name": "Ken"}})["table"]["id"]

        lobby.goto(server.url + "/")
        playing = lobby.get_by_test_id("playing-tables")
        playing.get_by_test_id(f"watch-{table_id}").wait_for()
        # Ann stops playing: her game leaves the list at a refresh of the
        # lobby, though it is still a game in progress at the server
        playing.get_by_test_id(f"watch-{table_id}").wait_for(state="detached",
                                                           timeout=(IDLE + 10) * 1000)
        assert server.get(f"/api/tables/{table_id}")["status"] == "playing"
        assert playing.get_by_test_id(f"watch-{by_post}").is_visible()
        listed = [t["id"] for t in server.get("/api/tables?status=playing")["tables"]]
        assert listed == [by_post]

        # she comes back and moves: her game is being played again
        play_turn(player, random.Random(3))
        assert wait_turn_or_end(player)
        lobby.reload()
        lobby.get_by_test_id("playing-tables").get_by_test_id(f"watch-{table_id}").wait_for()
    finally:
        player.context.close()
        lobby.context.close()
