"""A referee's decision in the browser: the organizer names a referee on
the competition page, the referee records a match's result with a written
reason from the referee's desk, and the decision appears in the "Referee's
log" card and beside the match's result ("by decision", with the reason),
in English and in Japanese."""

from __future__ import annotations

import uuid

from e2e_helpers import PASSWORD, PATIENCE_MS, page_id, sign_in

CREATE = """async ([body]) => {
  const res = await fetch('/api/competitions', {method: 'POST', credentials: 'same-origin',
    headers: {'Content-Type': 'application/json'}, body: JSON.stringify(body)});
  const event = await res.json();
  await fetch(`/api/competitions/${event.id}/start`, {method: 'POST',
    credentials: 'same-origin', headers: {'Content-Type': 'application/json'}, body: '{}'});
  return event.id;
}"""


def test_a_referee_decision_appears_in_the_log(page, another_page, server, artifacts):
    tag = uuid.uuid4().hex[:6]
    olga, rita, ann, bob = (f"{name}{tag}" for name in ("Olga", "Rita", "Ann", "Bob"))
    for name in (ann, bob):
        server.post("/api/accounts", {"name": name, "password": PASSWORD})
    page.goto(server.url + "/competitions")
    sign_in(page, olga, "sign-up")
    another_page.goto(server.url + "/competitions")
    sign_in(another_page, rita, "sign-up")
    event_id = page.evaluate(CREATE, [{
        "name": f"Cup {tag}", "format": "league", "games": 1,
        "entrants": [{"player": ann}, {"player": bob}]}])
    page.goto(f"{server.url}/competition/{event_id}")
    page.wait_for_url(f"**/competition/{event_id}")
    assert page_id(page) == event_id

    # the organizer names the referee on the page
    page.get_by_test_id("referee-log").wait_for()
    page.get_by_test_id("referee-name").fill(rita)
    page.get_by_test_id("add-referee").click()
    page.get_by_test_id(f"official-{rita}").wait_for()
    entry = page.get_by_test_id("audit-entry").first
    assert entry.get_attribute("data-kind") == "referee_added" and rita in entry.inner_text()

    # the referee records the match's result, with a reason
    another_page.goto(f"{server.url}/competition/{event_id}")
    desk = another_page.get_by_test_id("decision-form")
    desk.wait_for(timeout=PATIENCE_MS)
    (match,) = [m for r in server.get(f"/api/competitions/{event_id}")["stages"][0]["rounds"]
                for m in r["matches"]]
    desk.get_by_test_id("decision-match").select_option(match["id"])
    desk.get_by_test_id("decision-winner").select_option(ann)
    reason = f"{bob} could not connect all week; agreed by both on the board."
    desk.get_by_test_id("decision-reason").fill(reason)
    desk.get_by_test_id("decision-submit").click()
    another_page.locator("[data-testid=audit-entry][data-kind=result]").wait_for(
        timeout=PATIENCE_MS)
    logged = another_page.locator("[data-testid=audit-entry][data-kind=result]")
    assert reason in logged.get_by_test_id("audit-reason").inner_text()
    assert rita in logged.inner_text()
    mark = another_page.get_by_test_id(f"match-decision-{match['id']}")
    mark.wait_for(timeout=PATIENCE_MS)
    assert mark.inner_text() == "by decision" and mark.get_attribute("title") == reason
    another_page.locator("[data-testid=competition-status][data-status=finished]").wait_for(
        timeout=PATIENCE_MS)
    assert another_page.get_by_test_id("competition-winner").inner_text().endswith(ann)
    another_page.screenshot(path=str(artifacts / "referee-log.png"), full_page=True)

    # the organizer's page shows it too (it asks again by itself), in Japanese
    page.locator("[data-testid=audit-entry][data-kind=result]").wait_for(timeout=PATIENCE_MS)
    page.get_by_test_id("language").select_option("ja")
    page.wait_for_function(
        "() => document.querySelector('[data-testid=referee-log] h2').textContent"
        " === '審判記録'", timeout=PATIENCE_MS)
    assert page.get_by_test_id(f"match-decision-{match['id']}").inner_text() == "裁定による"
    event = server.get(f"/api/competitions/{event_id}")
    assert [e["kind"] for e in event["audit"]] == ["referee_added", "result"]
    assert event["audit"][-1]["reason"] == reason and event["audit"][-1]["by"] == rita
