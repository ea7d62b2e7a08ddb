"""Agreeing on a match's time in the browser, across two time zones: Ann
(in Tokyo) proposes two times in the match's thread, Bob (in New York)
sees them in his own zone and accepts one; both see the agreed time on the
competition page in their zones, "Play now" says when it opens, Bob's
lobby lists the game, Ann's calendar feed holds it, and both pressing the
button still play at once."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

from e2e_helpers import page_id, sign_in

from conftest import STEP_TIMEOUT_MS

TOKYO, NEW_YORK = "Asia/Tokyo", "America/New_York"


def person(browser, page_errors, zone: str):
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-US",
                                  timezone_id=zone)
    page = context.new_page()
    page.set_default_timeout(STEP_TIMEOUT_MS)
    page.on("pageerror", lambda e: page_errors.errors.append(str(e)))
    return page


def shown(moment: datetime, zone: str) -> str:
    """How en-US's Intl writes ``moment`` in ``zone`` (medium date, short time)."""
    local = moment.astimezone(ZoneInfo(zone))
    hour = local.hour % 12 or 12
    return (f"{local.strftime('%b')} {local.day}, {local.year}, {hour}:{local.minute:02d} "
            f"{'AM' if local.hour < 12 else 'PM'} ({zone})")


def text_of(locator) -> str:
    return locator.inner_text().replace("\u202f", " ").replace("\xa0", " ")


def test_propose_and_accept_in_two_time_zones(browser, page_errors, server):
    ann_page, bob_page = (person(browser, page_errors, zone) for zone in (TOKYO, NEW_YORK))
    try:
        ann, bob = f"Ann{uuid.uuid4().hex[:6]}", f"Bob{uuid.uuid4().hex[:6]}"
        ann_page.goto(server.url + "/competitions")
        sign_in(ann_page, ann, "sign-up")
        made = ann_page.request.post(server.url + "/api/competitions",
                                     data={"name": "Across the sea", "games": 1})
        assert made.status == 201, made.text()
        event_id = made.json()["id"]
        ann_page.goto(f"{server.url}/competition/{event_id}")
        ann_page.get_by_test_id("enter-competition").click()
        ann_page.get_by_test_id(f"entrant-{ann}").wait_for()
        bob_page.goto(f"{server.url}/competition/{event_id}")
        bob_page.get_by_test_id("log-in-to-enter").wait_for()
        sign_in(bob_page, bob, "sign-up")
        bob_page.get_by_test_id("enter-competition").click()
        bob_page.get_by_test_id(f"entrant-{bob}").wait_for()
        ann_page.get_by_test_id(f"entrant-{bob}").wait_for()
        ann_page.get_by_test_id("start-competition").click()
        ann_page.locator("[data-testid=competition-status][data-status=running]").wait_for()
        (match,) = [m for r in server.get(f"/api/competitions/{event_id}")["stages"][0]["rounds"]
                    for m in r["matches"]]
        key = match["id"]

        # Ann proposes two evenings, written in Tokyo's time
        tomorrow = (datetime.now(UTC) + timedelta(days=2)).astimezone(ZoneInfo(TOKYO)).date()
        walls = [datetime(tomorrow.year, tomorrow.month, tomorrow.day, 21, 0,
                          tzinfo=ZoneInfo(TOKYO)) + timedelta(days=d) for d in (0, 1)]
        form = ann_page.get_by_test_id(f"propose-{key}")
        form.wait_for()
        assert TOKYO in form.inner_text()
        for index, wall in enumerate(walls):
            form.get_by_test_id(f"propose-time-{index}").fill(wall.strftime("%Y-%m-%dT%H:%M"))
        ann_page.get_by_test_id(f"propose-send-{key}").click()
        thread = ann_page.get_by_test_id(f"thread-{key}")
        thread.get_by_test_id("schedule-proposal").wait_for()
        assert thread.get_by_test_id("schedule-proposal").get_by_role("button").count() == 0
        times = [text_of(li) for li in thread.get_by_test_id("proposed-time").all()]
        assert times == [shown(wall, TOKYO) for wall in walls]

        # Bob reads them in New York's time and accepts the second
        bob_thread = bob_page.get_by_test_id(f"thread-{key}")
        bob_thread.get_by_test_id("schedule-proposal").wait_for(timeout=STEP_TIMEOUT_MS * 2)
        offered = bob_thread.get_by_test_id("proposed-time")
        assert [text_of(li.locator("b")) for li in offered.all()] == [
            shown(wall, NEW_YORK) for wall in walls]
        agreed = walls[1].astimezone(UTC)
        offered.nth(1).get_by_role("button").click()
        bob_thread.get_by_test_id("schedule-accept").wait_for()
        assert bob_thread.locator("[data-status=accepted]").count() == 1

        # the agreed time on the competition page, in each one's zone
        for page, zone in ((ann_page, TOKYO), (bob_page, NEW_YORK)):
            line = page.get_by_test_id(f"agreed-{key}")
            line.wait_for(timeout=STEP_TIMEOUT_MS * 2)
            assert datetime.fromisoformat(line.get_attribute("data-at")) == agreed
            assert text_of(line) == f"Agreed: {shown(agreed, zone)}"
            button = page.get_by_test_id(f"play-now-{key}")
            assert button.get_attribute("data-early") == "true"
            assert text_of(button) == f"Opens {shown(agreed, zone)}"

        # Ann's calendar feed holds the game; Bob's lobby lists it
        ann_page.goto(server.url + "/settings")
        feed = ann_page.get_by_test_id("calendar-feed")
        ann_page.wait_for_function(
            "() => document.querySelector('[data-testid=calendar-feed]')?.value.includes('key=')")
        ics = ann_page.request.get(feed.input_value()).text()
        assert f"DTSTART:{agreed.strftime('%Y%m%dT%H%M%SZ')}" in ics
        assert f"SUMMARY:Across the sea: {bob}" in ics.replace("\r\n ", "")
        bob_page.goto(server.url + "/")
        line = bob_page.get_by_test_id(f"next-game-{event_id}-{key}")
        line.wait_for()
        assert text_of(line.get_by_test_id("next-game-time")) == shown(agreed, NEW_YORK)

        # both press the button before the time: they play at once
        ann_page.goto(f"{server.url}/competition/{event_id}")
        ann_page.get_by_test_id(f"play-now-{key}").click()
        ann_page.get_by_test_id(f"waiting-{key}").wait_for()
        bob_page.get_by_test_id(f"my-match-play-{key}").click()
        bob_page.wait_for_url("**/table/*")
        ann_page.wait_for_url("**/table/*")
        assert page_id(ann_page) == page_id(bob_page)
    finally:
        ann_page.context.close()
        bob_page.context.close()
