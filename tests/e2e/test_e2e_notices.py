"""The notices of a turn in a real browser: two players of a turn-based
game, each in a browser context of their own that was granted
notifications. Ann moves; Bob, on the lobby with no table open, is shown a
Notification naming the table (recorded by an init script that wraps
``window.Notification``), whose click opens it, and the lobby tab's title
counts the game; in English and in Japanese. The service worker shows a
push as a notification (the push delivered with the DevTools protocol's
``ServiceWorker.deliverPushMessage``, as a push service would)."""

from __future__ import annotations

import json
import random
import uuid
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pytest
from e2e_helpers import play_turn, sign_in, wait_turn_or_end

from conftest import STEP_TIMEOUT_MS, PageErrors, Server

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

#: Records every Notification the page makes, and still makes it.
RECORD = """
(() => {
  const Real = window.Notification;
  if (!Real) return;
  window.__notices = [];
  class Recorded extends Real {
    constructor(title, options = {}) {
      super(title, options);
      window.__notices.push({ title, body: options.body, tag: options.tag, note: this });
    }
  }
  window.Notification = Recorded;
})();
"""

TEXTS = {
    "en-US": {"title": "Your turn · Carcassonne", "body": "It is your turn at {name}.",
              "lobby": "Carcassonne · Lobby", "ask": "Tell me when it's my turn",
              "invited": "{who} invites you to {name}."},
    "ja-JP": {"title": "あなたの番です · カルカソンヌ", "body": "{name} であなたの番です。",
              "lobby": "カルカソンヌ · ロビー", "ask": "自分の番になったら知らせる",
              "invited": "{who} さんから {name} への招待が届きました。"},
}


@pytest.fixture
def player(browser: Browser, page_errors: PageErrors) -> Iterator[Any]:
    """``player(locale)``: a page in a context of its own, notifications granted."""
    contexts = []

    def open_page(locale: str) -> Page:
        context = browser.new_context(viewport={"width": 1280, "height": 800}, locale=locale,
                                      permissions=["notifications"])
        context.add_init_script(RECORD)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(STEP_TIMEOUT_MS)
        page.on("pageerror", lambda e: page_errors.errors.append(str(e)))
        return page

    yield open_page
    for context in contexts:
        context.close()


def call(page: Page, method: str, path: str, body: dict[str, Any]) -> Any:
    """A request from the page (its session cookie and origin)."""
    return page.evaluate("""async ([method, path, body]) => {
        const res = await fetch(path, {method, headers: {'Content-Type': 'application/json'},
                                       body: JSON.stringify(body)});
        return await res.json(); }""", [method, path, body])


@pytest.mark.parametrize("locale", ["en-US", "ja-JP"])
def test_a_turn_is_told_in_another_tab_and_counted_in_the_lobby_title(
        server: Server, player: Any, locale: str) -> None:
    texts = TEXTS[locale]
    ann, bob = player("en-US"), player(locale)
    suffix = uuid.uuid4().hex[:6]
    ann.goto(server.url)
    sign_in(ann, f"Ann{suffix}", "sign-up")
    name = f"Sunday <b>{suffix}</b>"
    made = call(ann, "POST", "/api/tables", {
        "name": name, "seats": [{"kind": "human"}, {"kind": "human"}],
        "timing": {"kind": "turn", "deadline": 86400}, "join": {"seat": 0}})
    table_id = made["table"]["id"]
    bob.goto(server.url)
    sign_in(bob, f"Bob{suffix}", "sign-up")
    call(bob, "POST", f"/api/tables/{table_id}/join", {"seat": 1})
    bob.reload()  # the lobby, with no table open; its first poll sees nothing new
    bob.wait_for_function("() => document.body.dataset.ready === 'true'")
    ask = bob.get_by_test_id("notify-ask")  # Bob has a turn-based game
    ask.wait_for()
    bob.wait_for_function(f"() => document.title === {json.dumps(texts['lobby'])}")

    ann.goto(f"{server.url}/table/{table_id}")
    assert wait_turn_or_end(ann)
    asked = ann.get_by_test_id("notify-ask")  # her seat at a turn-based table
    asked.wait_for()
    assert asked.is_disabled() and asked.get_attribute("data-state") == "granted"
    play_turn(ann, random.Random(1))

    bob.evaluate("window.carcassonneNotices.poll()")
    bob.wait_for_function("() => window.__notices.length > 0")
    told = bob.evaluate("window.__notices.map(({title, body, tag}) => ({title, body, tag}))")
    assert told == [{"title": texts["title"], "body": texts["body"].format(name=name),
                     "tag": f"turn-{table_id}"}]
    bob.wait_for_function(f"() => document.title === {json.dumps('(1) ' + texts['lobby'])}")
    assert bob.get_by_test_id("notify-ask").inner_text() != texts["ask"]  # already granted
    bob.evaluate("window.carcassonneNotices.poll()")  # told once, however often asked
    bob.wait_for_timeout(500)
    assert bob.evaluate("window.__notices.length") == 1
    bob.evaluate("window.__notices[0].note.dispatchEvent(new Event('click'))")
    bob.wait_for_url(f"**/table/{table_id}")
    assert wait_turn_or_end(bob)

    # an invitation from a recent opponent is told too, from the table's page
    again = f"Again <i>{suffix}</i>"
    waiting = call(ann, "POST", "/api/tables", {
        "name": again, "seats": [{"kind": "human"}, {"kind": "human"}], "join": {"seat": 0}})
    invited = call(ann, "POST", f"/api/tables/{waiting['table']['id']}/invitations",
                   {"name": f"Bob{suffix}"})
    bob.evaluate("window.carcassonneNotices.poll()")
    bob.wait_for_function("() => window.__notices.length > 0")
    told = bob.evaluate("window.__notices.map(({body, tag}) => ({body, tag}))")
    assert told == [{"body": texts["invited"].format(who=f"Ann{suffix}", name=again),
                     "tag": f"invitation-{invited['id']}"}]


def test_the_service_worker_shows_a_push(server: Server, player: Any) -> None:
    page = player("en-US")
    page.goto(server.url)
    sign_in(page, f"Cy{uuid.uuid4().hex[:6]}", "sign-up")
    page.reload()  # permission granted: the page registers the service worker
    assert page.evaluate("""async () => {  // the page registers it once it loaded
        for (let look = 0; look < 1200; look++) {  // up to two minutes
          if (await navigator.serviceWorker.getRegistration()) return true;
          await new Promise(done => setTimeout(done, 100));
        }
        return false; }""")
    cdp = page.context.new_cdp_session(page)
    registrations: list[dict[str, Any]] = []
    cdp.on("ServiceWorker.workerRegistrationUpdated",
           lambda event: registrations.extend(event["registrations"]))
    cdp.send("ServiceWorker.enable")
    assert page.evaluate("navigator.serviceWorker.ready.then(r => Boolean(r.active))")
    deadline_polls = 0
    while not registrations and deadline_polls < 600:
        page.wait_for_timeout(100)
        deadline_polls += 1
    # The newest live registration of the page's scope (a reload may have
    # reported an older one, deleted since).
    registration = [r for r in registrations
                    if r["scopeURL"] == f"{server.url}/" and not r.get("isDeleted")][-1]
    notice = {"title": "Your turn", "body": "It is your turn at <i>Sunday</i>.",
              "url": "/table/abc"}
    cdp.send("ServiceWorker.deliverPushMessage", {
        "origin": server.url, "registrationId": registration["registrationId"],
        "data": json.dumps(notice)})
    # (an evaluate awaits a promise; a waited-for function would take one as true at once)
    shown = page.evaluate("""async () => {
        const registration = await navigator.serviceWorker.ready;
        for (let look = 0; look < 1200; look++) {  // up to two minutes
          const shown = await registration.getNotifications();
          if (shown.length)
            return shown.map(x => ({title: x.title, body: x.body, url: x.data.url}));
          await new Promise(done => setTimeout(done, 100));
        }
        return []; }""")
    assert shown == [{"title": "Your turn", "body": "It is your turn at <i>Sunday</i>.",
                      "url": f"{server.url}/table/abc"}]
