"""The computer review of a finished game, as a player uses it: Ann plays
eight moves against the random bot and resigns; in the replay she requests
the analysis, sees it queued and weighed, then the evaluation graph, each
player's summary and the list of inaccuracies, mistakes and blunders; a
click on one jumps the replay to that move, whose line names the class and
the loss and the chance of winning, with the best move drawn on the board
as a ghost tile with its figures and its example line; a click on the
graph jumps too. "Learn from your mistakes" stops before each of Ann's
mistakes: she puts the best move found (its square, its turn, its figure)
and is told it is as good as the best, tries another and is told what it
loses, and asks to see the best; in English, then in Japanese."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from e2e_helpers import PATIENCE_MS

from conftest import Server, new_page, serving

CLASSES = ("inaccuracy", "mistake", "blunder")


@pytest.fixture(scope="module")
def reviewing(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server that reviews games, on one process, at a small budget."""
    with serving(tmp_path_factory.mktemp("e2e-review"), "--analysis-workers", "1",
                 "--analysis-work", "20000") as running:
        yield running


def play_and_resign(page: Any, server: Server, moves: int) -> str:
    made = server.post("/api/tables", {"seats": [{"kind": "human"},
                                                 {"kind": "bot", "bot": "random"}],
                                       "join": {"seat": 0, "name": "Ann"}})
    table_id = made["table"]["id"]
    page.goto(server.url + "/")
    page.evaluate("([id, seat, token]) => localStorage.setItem('carcassonne.seats',"
                  " JSON.stringify({[id]: {seat, token}}))",
                  [table_id, made["seat"], made["token"]])
    page.goto(f"{server.url}/table/{table_id}")
    for _ in range(moves):
        page.wait_for_function("() => document.body.dataset.myTurn === 'true'",
                               timeout=PATIENCE_MS)
        before = int(page.evaluate("document.body.dataset.last"))
        page.evaluate("""() => {
            const s = window.carcassonneTable.state();
            window.carcassonneTable.socket().send(JSON.stringify(
                {type: 'move', move: s.legal[s.legal.length - 1]}));
        }""")
        page.wait_for_function(f"() => Number(document.body.dataset.last) > {before}")
    server.post(f"/api/tables/{table_id}/resign", {}, token=made["token"])
    page.wait_for_function("() => document.body.dataset.over === 'true'", timeout=PATIENCE_MS)
    return table_id


def test_a_finished_game_is_reviewed_in_its_replay(page, browser, page_errors, reviewing,
                                                    artifacts) -> None:
    table_id = play_and_resign(page, reviewing, 8)
    page.get_by_test_id("replay-open").click()
    card = page.get_by_test_id("review")
    card.wait_for()
    page.get_by_test_id("review-ask").click()
    page.get_by_test_id("review-graph").wait_for(timeout=PATIENCE_MS)
    review = reviewing.get(f"/api/tables/{table_id}/analysis")["review"]
    record = reviewing.get(f"/api/tables/{table_id}/record")
    assert review["decisions"] and card.get_by_test_id("review-summary").count() == 2
    assert "Ann" in card.get_by_test_id("review-summary").first.inner_text()

    # the list holds every inaccuracy, mistake and blunder; a click jumps there
    marked = [d for d in review["decisions"] if d["class"] in CLASSES]
    assert marked, review["decisions"]  # random play makes some
    entries = card.locator("[data-testid^=review-]").filter(has_text=re.compile(r"^Move \d+"))
    assert entries.count() == len(marked)
    chosen = marked[0]
    card.get_by_test_id(f"review-{chosen['class']}").first.click()
    position = f"Move {chosen['move'] + 1} of {len(record['moves'])}"
    page.wait_for_function("(text) => document.querySelector('[data-testid=replay-position]')"
                           ".textContent === text", arg=position)
    line = card.get_by_test_id("review-line")
    assert line.get_attribute("data-class") == chosen["class"]
    assert f"gave up {chosen['loss']:.1f} points" in line.inner_text()
    assert chosen["class"].capitalize() in card.get_by_test_id("review-class").inner_text()
    assert chosen["best"] in card.get_by_test_id("review-best").inner_text()
    assert card.get_by_test_id("review-about").count() == (1 if chosen["about"] else 0)
    ann = review["summary"][0]["about"]
    if any(ann.values()):  # what Ann's losses were about, most often first
        assert card.get_by_test_id("review-themes").first.inner_text().startswith("Mostly: ")
    # the best move is drawn on the board: its tile, square and turn
    tile, x, y, turn = re.match(r"^(\S+)@(-?\d+),(-?\d+)r(\d+)", chosen["best"]).groups()
    ghost = page.get_by_test_id("ghost")
    assert ghost.get_attribute("data-tile") == tile
    assert (ghost.get_attribute("data-x"), ghost.get_attribute("data-y")) == (x, y)
    assert ghost.get_attribute("data-rotation") == turn
    # ...its figures on it, and its example line faint and numbered
    figures = [f.split("@")[0].split(":")[0] for f in chosen["best"].split(" ")[1:]
               if ":" in f.split("@")[0]]
    drawn = page.get_by_test_id("review-best-figure")
    assert [drawn.nth(i).get_attribute("data-figure") for i in range(drawn.count())] == figures
    placed = [m for m in chosen["line"] if "@" in m["move"].split(" ")[0]]
    steps = page.get_by_test_id("review-next")
    assert [steps.nth(i).get_attribute("data-step") for i in range(steps.count())] == [
        str(i + 1) for i in range(len(placed))]
    # two players: each value comes with the mover's chance of winning
    for key, part in (("played", "review-played"), ("best", "review-best")):
        shown = re.search(r"chance of winning (\d+)%$", card.get_by_test_id(part).inner_text())
        assert shown and abs(int(shown[1]) - 100 * chosen[f"{key}_chance"]) <= 0.5
    page.screenshot(path=str(artifacts / "review.png"))

    # a click near the graph's right end jumps to the last moves
    box = card.get_by_test_id("review-graph").bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + box["width"] * 0.97, box["y"] + box["height"] / 2)
    last = len(record["moves"])
    page.wait_for_function("(n) => /^Move (\\d+) of/.exec(document.querySelector("
                           "'[data-testid=replay-position]').textContent)[1] >= n - 1",
                           arg=last)

    # learn from Ann's mistakes: the replay stops before the first
    mistakes = [d for d in review["decisions"] if d["player"] == 0
                and d["class"] in ("mistake", "blunder")]
    assert mistakes  # Ann played the last legal move each time: figures thrown away
    card.get_by_test_id("review-learn").first.click()
    task = card.get_by_test_id("retry-task")
    assert f"(1 of {len(mistakes)})" in task.inner_text()
    first = mistakes[0]
    page.wait_for_function("(text) => document.querySelector('[data-testid=replay-position]')"
                           ".textContent === text",
                           arg=f"Move {first['move']} of {len(record['moves'])}")
    tile, x, y, turn = re.match(r"^(\S+)@(-?\d+),(-?\d+)r(\d+)", first["best"]).groups()
    figures = first["best"].split(" ")[1:]
    wanted = ", ".join(f"{f.split(':')[0]} · {f.split(':')[1]} {f.split(':')[2]}"
                       for f in figures) or "No figure"
    page.locator(f"[data-testid=legal-square][data-x='{x}'][data-y='{y}']").click()
    ghost = page.get_by_test_id("ghost")
    for _ in range(4):
        if ghost.get_attribute("data-rotation") == turn:
            break
        ghost.click()
    assert ghost.get_attribute("data-rotation") == turn and ghost.get_attribute("data-tile") == tile
    card.get_by_test_id("retry-option").filter(has_text=re.compile(f"^{re.escape(wanted)}$")).click()
    result = card.get_by_test_id("retry-result")
    result.wait_for(timeout=PATIENCE_MS)
    assert result.get_attribute("data-class") == "best"
    assert result.inner_text() == "As good as the best move found!"
    # another move: what it loses
    card.get_by_test_id("retry-again").click()
    squares = page.get_by_test_id("legal-square")
    other = next(i for i in range(squares.count())
                 if (squares.nth(i).get_attribute("data-x"), squares.nth(i).get_attribute("data-y"))
                 != (x, y))
    squares.nth(other).click()
    card.get_by_test_id("retry-option").first.click()
    result.wait_for(timeout=PATIENCE_MS)
    if result.get_attribute("data-class") != "best":
        assert re.match(r"^This loses \d+\.\d points against the best move found",
                        result.inner_text())
    card.get_by_test_id("retry-show-best").click()
    assert first["best"] in card.get_by_test_id("retry-best").inner_text()
    assert (ghost.get_attribute("data-x"), ghost.get_attribute("data-y")) == (x, y)
    page.screenshot(path=str(artifacts / "review-retry.png"))
    card.get_by_test_id("retry-end").click()
    card.get_by_test_id("review-graph").wait_for()

    # in Japanese: the stored review, at once, in the reader's language
    other = new_page(browser, page_errors, locale="ja-JP")
    other.goto(f"{reviewing.url}/table/{table_id}")
    other.get_by_test_id("replay-open").click()
    other.get_by_test_id("review-graph").wait_for(timeout=PATIENCE_MS)
    assert "コンピューター検討" in other.get_by_test_id("review").inner_text()
    other.get_by_test_id(f"review-{chosen['class']}").first.click()
    japanese = {"inaccuracy": "疑問手", "mistake": "悪手", "blunder": "大悪手"}[chosen["class"]]
    assert japanese in other.get_by_test_id("review-class").inner_text()
    other.context.close()


def test_an_uploaded_record_is_replayed_beside_its_review(page, reviewing, tmp_path) -> None:
    from carcassonne import Game
    from carcassonne.bots import make_bot

    game = Game.new(players=["Cid", "Dee"], seed=21)
    bots = [make_bot("random", seed=1), make_bot("greedy", seed=2)]
    while len(game.moves) < 14:
        game.play(bots[game.current_player].choose(game))
    record = game.to_record()
    good = tmp_path / "game.json"
    good.write_text(json.dumps(record), "utf-8")
    page.goto(reviewing.url + "/")
    page.get_by_test_id("review-link").click()
    page.wait_for_url("**/review")
    page.wait_for_function("() => document.body.dataset.ready === 'true'")
    # not JSON, then a record that does not replay: refused, saying why
    bad = tmp_path / "bad.json"
    bad.write_text("{nope", "utf-8")
    page.get_by_test_id("record-file").set_input_files(str(bad))
    # the file is read in the background: wait for its verdict
    page.wait_for_function("() => document.querySelector('[data-testid=upload-error]')"
                           ".textContent.includes('not JSON')")
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps({**record, "moves": record["moves"][:3] + record["moves"][:1]}),
                      "utf-8")
    page.get_by_test_id("record-file").set_input_files(str(broken))
    page.wait_for_function("() => document.querySelector('[data-testid=upload-error]')"
                           ".textContent.includes('move 3')")
    # the record itself: its page, the replay and the review once done
    page.get_by_test_id("record-file").set_input_files(str(good))
    page.wait_for_url("**/review/record*")
    page.get_by_test_id("review-graph").wait_for(timeout=PATIENCE_MS)
    key = page.url.rsplit("/", 1)[1].replace("%3A", ":")
    review = reviewing.get(f"/api/analyses/{key}")["review"]
    assert review["players"] == ["Cid", "Dee"]
    moves = len(record["moves"])
    assert page.get_by_test_id("replay-position").inner_text() == f"Move 0 of {moves}"
    assert "Cid" in page.get_by_test_id("players").inner_text()
    marked = [d for d in review["decisions"] if d["class"] in CLASSES]
    assert marked  # the random player's
    page.get_by_test_id(f"review-{marked[0]['class']}").first.click()
    page.wait_for_function("(text) => document.querySelector('[data-testid=replay-position]')"
                           ".textContent === text", arg=f"Move {marked[0]['move'] + 1} of {moves}")
    assert page.get_by_test_id("review-line").get_attribute("data-class") == marked[0]["class"]
