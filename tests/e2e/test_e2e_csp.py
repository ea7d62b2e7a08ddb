"""The pages under the server's Content-Security-Policy, as a person uses them.

The policy allows no inline script or style: a style attribute in markup is
refused, and the browser reports each refusal. The pages are opened as a
person goes through them (the lobby, a waiting room, a game against a bot
turn by turn, finished games with their final scores and log, base and with
the expansions and the wonders, a profile, the leaderboard, the
competitions and a competition's page); not one refusal may be reported,
and the players' colours must still be the ones the pages draw with.
"""

from __future__ import annotations

import random
import uuid
from typing import Any

from e2e_helpers import (
    PATIENCE_MS,
    finished_table,
    play_turn,
    quick_play,
    show_whole_board,
    sign_in,
    wait_turn_or_end,
)

#: Records every refusal on the page, from before its first script runs.
RECORDER = """
window.cspViolations = [];
document.addEventListener('securitypolicyviolation', (e) => {
  window.cspViolations.push(`${e.effectiveDirective} refused ${e.blockedURI || 'inline'}`
    + ` at ${e.sourceFile}:${e.lineNumber} ${e.sample}`);
});
"""


class Refusals:
    """The refusals of one page: reported in the page and in its console."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.console: list[str] = []
        page.add_init_script(RECORDER)
        page.on("console", self._console)

    def _console(self, message: Any) -> None:
        if "Content Security Policy" in message.text:
            self.console.append(message.text)

    def check(self, where: str) -> None:
        seen = self.page.evaluate("window.cspViolations")
        assert seen == [], f"{where}: {len(seen)} refused, such as {sorted(set(seen))[:5]}"
        assert self.console == [], f"{where}: {sorted(set(self.console))[:5]}"


def goto(page: Any, url: str) -> None:
    """Open ``url``: the answer must carry the policy."""
    answer = page.goto(url)
    policy = answer.headers["content-security-policy"]
    assert "style-src 'self'" in policy and "unsafe-inline" not in policy


def seat_colours(page: Any, selector: str) -> list[str]:
    """The ``--c`` each element of ``selector`` is drawn with."""
    return page.eval_on_selector_all(
        selector, "els => els.map(e => getComputedStyle(e).getPropertyValue('--c').trim())")


BOTS = [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "greedy"}]


def test_the_detector_sees_an_inline_style(page, server):
    """The checks below can fail: a style attribute put into the page is refused
    and reported, a colour set through the element's style is not."""
    refusals = Refusals(page)
    goto(page, server.url + "/")
    page.get_by_test_id("quick-play").wait_for()
    page.evaluate("document.body.insertAdjacentHTML('beforeend',"
                  " '<i id=inline style=\"color: red\">x</i>')")
    page.wait_for_function("() => window.cspViolations.length > 0")
    assert page.evaluate("getComputedStyle(document.getElementById('inline')).color") != \
        "rgb(255, 0, 0)"
    assert "style-src-attr" in page.evaluate("window.cspViolations")[0]
    page.evaluate("window.cspViolations = []")
    page.wait_for_function("() => window.cspViolations.length === 0")
    refusals.console.clear()
    page.evaluate("document.getElementById('inline').style.setProperty('color', 'red')")
    assert page.evaluate("getComputedStyle(document.getElementById('inline')).color") == \
        "rgb(255, 0, 0)"
    refusals.check("a colour set through the element's style")


def test_the_seat_classes_have_the_player_colours(page, server):
    goto(page, server.url + "/")
    page.get_by_test_id("quick-play").wait_for()
    colours = page.evaluate("""async () => {
      const t = await import('/static/js/tiles.js');
      return t.PLAYER_COLOURS.map((colour, seat) => {
        const el = document.createElement('span');
        el.className = t.seatClass(seat + t.PLAYER_COLOURS.length);  // seats wrap round
        document.body.append(el);
        return [colour, getComputedStyle(el).getPropertyValue('--c').trim()];
      });
    }""")
    assert len(colours) == 6
    for wanted, drawn in colours:
        assert drawn == wanted
    page.locator("#carc-defs").wait_for(state="attached")  # installed by the page's script
    assert page.evaluate(
        "getComputedStyle(document.getElementById('carc-defs')).position") == "absolute"


def test_every_page_keeps_to_the_policy(page, server, artifacts):
    refusals = Refusals(page)
    palette = ["#d7342b", "#2f6fd8", "#2c9a45", "#e9c31c", "#3a3a3a", "#b455c4"]

    # the lobby, with its seats in the players' colours
    goto(page, server.url + "/")
    page.get_by_test_id("seat-kind-1").wait_for()
    assert seat_colours(page, "#seat-list li")[:2] == palette[:2]
    page.screenshot(path=str(artifacts / "csp-lobby.png"))
    refusals.check("the lobby")

    # a waiting room: its seats in colour, a free seat to join
    waiting = server.post("/api/tables", {"seats": [{"kind": "human"}, BOTS[0]]})["table"]
    goto(page, f"{server.url}/table/{waiting['id']}")
    page.get_by_test_id("join-seat-0").wait_for()
    assert seat_colours(page, "#waiting li") == palette[:2]
    refusals.check("the waiting room")

    # a game against a bot, a few turns by clicking, over the WebSocket
    quick_play(page, server.url)
    rng = random.Random(3)
    for _ in range(3):
        assert wait_turn_or_end(page)
        play_turn(page, rng)
    assert wait_turn_or_end(page)
    assert seat_colours(page, "#players .player")[:2] == palette[:2]
    assert seat_colours(page, "[data-testid=log] .chip")[0] in palette[:2]
    page.screenshot(path=str(artifacts / "csp-table.png"))
    refusals.check("a game against a bot")

    # a finished game: its final scores and its log with the final scoring
    done = finished_table(server, {"seats": BOTS})
    goto(page, f"{server.url}/table/{done}")
    page.get_by_test_id("final-scores").wait_for()
    page.wait_for_function("() => document.querySelector('[data-testid=log]')"
                           ".textContent.includes('Final scoring')")
    for seat in (0, 1):  # the rows stand in the order of the result
        assert seat_colours(page, f"[data-testid=final-row-{seat}] th") == [palette[seat]]
    show_whole_board(page)
    page.wait_for_timeout(500)
    page.screenshot(path=str(artifacts / "csp-final.png"))
    refusals.check("a finished game")

    # finished games with the expansions and with the wonders: goods, wonders panel
    for sets, name in ((["base", "inns_cathedrals", "traders_builders"], "expansions"),
                       (["base", "watchtowers", "wonders"], "wonders")):
        done = finished_table(server, {"seats": BOTS, "sets": sets})
        goto(page, f"{server.url}/table/{done}")
        page.get_by_test_id("final-scores").wait_for()
        if name == "wonders":
            page.get_by_test_id("wonders").wait_for()
        page.wait_for_timeout(500)  # let the tiles fade in
        page.screenshot(path=str(artifacts / f"csp-final-{name}.png"), full_page=True)
        refusals.check(f"a finished game with the {name}")

    # the lobby again, its lists of tables with their players in colour
    goto(page, server.url + "/")
    page.get_by_test_id(f"table-{done}").wait_for()
    assert seat_colours(page, f"[data-testid=table-{done}] .chip") == palette[:2]
    # links drawn as buttons (Watch, Replay, Competitions...) are not underlined
    lines = page.eval_on_selector_all(
        "a.btn", "els => els.map((e) => getComputedStyle(e).textDecorationLine)")
    assert lines and set(lines) == {"none"}, lines
    page.screenshot(path=str(artifacts / "csp-lobby-tables.png"))
    refusals.check("the lobby's tables")

    # an account: its profile, the leaderboard
    name = f"Csp{uuid.uuid4().hex[:6]}"
    sign_in(page, name, "sign-up")
    goto(page, f"{server.url}/player/{name}")
    page.get_by_test_id("player-name").wait_for()
    page.screenshot(path=str(artifacts / "csp-profile.png"))
    refusals.check("a profile")
    goto(page, server.url + "/leaderboard")
    page.get_by_test_id("leaderboard").wait_for()
    page.screenshot(path=str(artifacts / "csp-leaderboard.png"))
    refusals.check("the leaderboard")

    # the competitions, and a knockout of bots drawn as a bracket
    goto(page, server.url + "/competitions")
    page.get_by_test_id("competitions").wait_for()
    page.get_by_test_id("new-competition").wait_for()
    refusals.check("the competitions")
    made = page.request.post(server.url + "/api/competitions", data={
        "name": "Policy cup", "format": "knockout",
        "entrants": [{"bot": "random"}, {"bot": "greedy"}, {"bot": "random"}, {"bot": "easy"}]})
    assert made.status == 201, made.text()
    event_id = made.json()["id"]
    assert page.request.post(f"{server.url}/api/competitions/{event_id}/start",
                             data={}).status == 200
    goto(page, f"{server.url}/competition/{event_id}")
    page.get_by_test_id("bracket-0").wait_for()
    page.locator("[data-testid=competition-status][data-status=finished]").wait_for(
        timeout=PATIENCE_MS)
    page.screenshot(path=str(artifacts / "csp-competition.png"), full_page=True)
    refusals.check("a competition's page")
