"""Open records: a competition's games and a player's games for anyone,
as JSON Lines or a zip, each record replaying with ``carcassonne replay``
to the result the server stored; a player's pages (oldest first, a cursor,
``since``); a live game never given; the bound on reading (429 with
``Retry-After``); bad parameters and unknown names."""

from __future__ import annotations

import asyncio
import concurrent.futures
import io
import json
import subprocess
import sys
import zipfile
from contextlib import redirect_stdout
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from server_helpers import HUMAN, PATIENCE, RANDOM, Serve, new_table, wait_for
from test_competitions import finished

from carcassonne.cli import main as carcassonne
from carcassonne.server.read_limits import SiteReads
from carcassonne.server.record_pages import after_of, cursor_of

PASSWORD = "correct horse battery"
#: The keys the open records add to a table's record.
ADDED = ("event", "table", "player")


def sign_up(client: TestClient, name: str) -> None:
    answer = client.post("/api/accounts", json={"name": name, "password": PASSWORD})
    assert answer.status_code == 201, answer.text


def lines(answer: Any) -> list[dict[str, Any]]:
    """The records of a JSON Lines answer."""
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"].startswith("application/x-ndjson")
    return [json.loads(line) for line in answer.text.splitlines()]


def refused(answer: Any, status: int, words: str) -> None:
    assert answer.status_code == status, answer.text
    body = answer.json()
    assert words in body["error"] and body["rule"] is None, body


def plain(record: dict[str, Any]) -> dict[str, Any]:
    """The record without the keys the open records add."""
    return {k: v for k, v in record.items() if k not in ADDED}


def replayed_in_process(record: dict[str, Any], folder: Path) -> dict[str, Any]:
    """What ``carcassonne replay`` prints for ``record`` (its function)."""
    path = folder / "record.json"
    path.write_text(json.dumps(record), "utf-8")
    out = io.StringIO()
    with redirect_stdout(out):
        assert carcassonne(["replay", str(path)]) == 0
    summary: dict[str, Any] = json.loads(out.getvalue())
    return summary


def test_a_competitions_records_as_lines_and_as_a_zip_replay_to_the_stored_results(
        serve: Serve, database_url: str, tmp_path: Path) -> None:
    with serve(url=database_url) as client:
        a_competitions_records(client, tmp_path)


def a_competitions_records(client: TestClient, tmp_path: Path) -> None:
    sign_up(client, "Olga")
    bots = [{"bot": "random"}, {"bot": "greedy"}, {"bot": "random"}]
    created = client.post("/api/competitions", json={
        "name": "Spring", "format": "league", "games": 2, "entrants": bots})
    assert created.status_code == 201, created.text
    event_id = created.json()["id"]
    assert lines(client.get(f"/api/competitions/{event_id}/records")) == []  # not started
    started = client.post(f"/api/competitions/{event_id}/start")
    assert started.status_code == 200, started.text
    event = finished(client, event_id)

    # every game with a table, in the order of the page: stage, round, match, game
    expected = [(stage_number, one["number"], match_number, match["id"], game)
                for stage_number, stage in enumerate(event["stages"], start=1)
                for one in stage["rounds"]
                for match_number, match in enumerate(one["matches"], start=1)
                for game in match["games"]]
    assert len(expected) == 6  # three matches of two games
    records = lines(client.get(f"/api/competitions/{event_id}/records"))
    assert len(records) == len(expected)
    for record, (stage, number, match_number, match_id, game) in zip(
            records, expected, strict=True):
        key = record["event"]
        assert (key["competition"], key["name"], key["stage"], key["kind"]) == (
            event_id, "Spring", stage, "league")
        assert (key["round"], key["match"], key["match_number"], key["game"]) == (
            number, match_id, match_number, game["number"])
        assert key["table"] == record["table"]["id"] == game["table"]
        assert key["seats"] == game["seats"] == record["setup"]["players"]
        table = client.get(f"/api/tables/{game['table']}").json()
        assert key["ended"] == record["table"]["ended"] == table["ended"]
        # exactly the table's own record, with the added keys
        assert plain(record) == client.get(f"/api/tables/{game['table']}/record").json()
        summary = replayed_in_process(record, tmp_path)
        assert summary["over"] and summary["scores"] == table["scores"] == game["scores"]
        assert summary["winners"] == table["winners"]

    answer = client.get(f"/api/competitions/{event_id}/records", params={"format": "zip"})
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"] == "application/zip"
    assert f"competition-{event_id}-records.zip" in answer.headers["content-disposition"]
    archive = zipfile.ZipFile(io.BytesIO(answer.content))
    assert archive.testzip() is None
    names = sorted(archive.namelist())
    assert names[0] == "index.json"
    files = names[1:]
    assert len(files) == len(records)
    index = json.loads(archive.read("index.json"))
    assert index["competition"]["id"] == event_id
    assert index["competition"]["winner"] == event["winner"]
    # the names sort as the games go, and hold the same records as the lines
    assert [entry["file"] for entry in index["games"]] == files
    for name, line in zip(files, records, strict=True):
        assert json.loads(archive.read(name)) == line
        entry = next(e for e in index["games"] if e["file"] == name)
        assert entry["event"] == line["event"] and entry["result"] == line["result"]
    folder = tmp_path / "zip"
    archive.extractall(folder)
    for name, line in zip(files, records, strict=True):
        done = subprocess.run([sys.executable, "-m", "carcassonne", "replay",
                               str(folder / name)], capture_output=True, text=True,
                              timeout=PATIENCE)
        assert done.returncode == 0, done.stderr
        summary = json.loads(done.stdout)
        assert summary["scores"] == line["result"]["scores"]
        assert summary["winners"] == line["result"]["winners"]


def test_a_game_being_played_is_not_given_nor_its_stack(client: TestClient) -> None:
    sign_up(client, "Ann")
    created = client.post("/api/competitions", json={
        "name": "Duel", "games": 1, "entrants": [{"player": "Ann"}, {"bot": "random"}]})
    event_id = created.json()["id"]
    client.post(f"/api/competitions/{event_id}/start")
    match = client.get("/api/me").json()["matches"][0]
    ready = client.post(f"/api/competitions/{event_id}/matches/{match['match']}/play").json()
    assert ready["table"] is not None
    assert client.get(f"/api/tables/{ready['table']}").json()["status"] == "playing"
    assert lines(client.get(f"/api/competitions/{event_id}/records")) == []
    answer = client.get(f"/api/competitions/{event_id}/records?format=zip")
    archive = zipfile.ZipFile(io.BytesIO(answer.content))
    assert archive.namelist() == ["index.json"]
    assert json.loads(archive.read("index.json"))["games"] == []
    assert lines(client.get("/api/players/Ann/records")) == []


class FakeTime:
    def __init__(self) -> None:
        self.moment = datetime(2026, 3, 1, 12, tzinfo=UTC)

    def now(self) -> datetime:
        return self.moment


def test_a_players_records_come_oldest_first_in_pages_and_since_a_time(
        serve: Serve, database_url: str, tmp_path: Path) -> None:
    clock = FakeTime()
    start = clock.moment
    with serve(url=database_url, now=clock.now, time_check=None) as client:
        sign_up(client, "Ann")  # this client is Ann from now on
        new_table(client, [HUMAN, HUMAN], name="Ann")  # waiting: no game yet
        others, _ = new_table(client, [RANDOM, RANDOM], join=None)  # not hers
        wait_for(client, others, "finished")
        mine = []
        for hour in range(3):
            clock.moment = start + timedelta(hours=hour)
            table_id, _ = new_table(client, [HUMAN, RANDOM], name="Ann")
            left = client.post(f"/api/tables/{table_id}/leave")  # the stand-in plays on
            assert left.status_code == 200, left.text
            wait_for(client, table_id, "finished")
            mine.append(table_id)
        live, _ = new_table(client, [HUMAN, RANDOM], name="Ann")  # being played: not given

    # a restart, and a visitor with no account reads them
    with serve(url=database_url, now=clock.now, time_check=None) as client:
        every = lines(client.get("/api/players/ann/records"))  # any case of the name
        assert [r["table"]["id"] for r in every] == mine
        assert [r["table"]["ended"] for r in every] == [
            (start + timedelta(hours=h)).isoformat() for h in range(3)]
        for record in every:
            assert record["player"]["name"] == "Ann" and record["player"]["seat"] == 0
            assert record["setup"]["players"][0] == "Ann"
            table = client.get(f"/api/tables/{record['table']['id']}").json()
            assert plain(record) == client.get(
                f"/api/tables/{record['table']['id']}/record").json()
            summary = replayed_in_process(record, tmp_path)
            assert summary["scores"] == table["scores"]
            assert summary["winners"] == table["winners"]
        assert live not in [r["table"]["id"] for r in every]

        # pages of two: a Link to the next page, none after the last
        first = client.get("/api/players/Ann/records", params={"limit": 2})
        assert [r["table"]["id"] for r in lines(first)] == mine[:2]
        assert first.links["next"]["url"].startswith("/api/players/Ann/records?")
        second = client.get(first.links["next"]["url"])
        assert [r["table"]["id"] for r in lines(second)] == mine[2:]
        assert "link" not in second.headers
        # a record's cursor goes on from it, later too
        cursor = every[0]["player"]["cursor"]
        after = lines(client.get("/api/players/Ann/records", params={"after": cursor}))
        assert [r["table"]["id"] for r in after] == mine[1:]
        last = every[-1]["player"]["cursor"]
        assert lines(client.get("/api/players/Ann/records", params={"after": last})) == []

        # since: games that ended at that time or later, whatever its zone
        since = start + timedelta(hours=1)
        for text in (since.isoformat(), since.strftime("%Y-%m-%dT%H:%M:%SZ"),
                     since.astimezone(UTC).replace(tzinfo=None).isoformat(),
                     (since + timedelta(hours=9)).strftime("%Y-%m-%dT%H:%M:%S+09:00")):
            found = lines(client.get("/api/players/Ann/records", params={"since": text}))
            assert [r["table"]["id"] for r in found] == mine[1:], text
        later = (start + timedelta(days=1)).date().isoformat()
        assert lines(client.get("/api/players/Ann/records", params={"since": later})) == []
        sign_up(client, "Bob")
        assert lines(client.get("/api/players/Bob/records")) == []


def test_bad_parameters_and_unknown_names_are_refused_with_reasons(
        client: TestClient) -> None:
    sign_up(client, "Ann")
    event_id = client.post("/api/competitions", json={"name": "Cup"}).json()["id"]
    base = f"/api/competitions/{event_id}/records"
    refused(client.get(base, params={"format": "xml"}), 400, "format must be jsonl or zip")
    refused(client.get(base, params={"page": "2"}), 400, "unknown parameter 'page'")
    refused(client.get(f"{base}?format=zip&format=jsonl"), 400, "more than once")
    refused(client.get("/api/competitions/nothing/records"), 404, "no competition")
    mine = "/api/players/Ann/records"
    for limit in ("0", "101", "ten", "-1", "1.5", "٣"):
        refused(client.get(mine, params={"limit": limit}), 400, "limit must be a whole number")
    for since in ("yesterday", "2026-13-01", ""):
        refused(client.get(mine, params={"since": since}), 400, "since must be an ISO-8601")
    for after in ("nonsense!", "YWJj", ""):
        refused(client.get(mine, params={"after": after}), 400, "after must be a cursor")
    refused(client.get(mine, params={"format": "zip"}), 400, "unknown parameter 'format'")
    refused(client.get("/api/players/Nobody/records"), 404, "no such player")
    assert lines(client.get(mine)) == []


def test_beyond_the_bound_on_reading_the_answer_is_429_with_retry_after(
        serve: Serve) -> None:
    with serve(records_rate=(3, 60.0)) as client:
        sign_up(client, "Ann")
        assert client.get("/api/players/Ann/records").status_code == 200
        assert client.get("/api/players/Nobody/records").status_code == 404  # counted too
        event_id = client.post("/api/competitions", json={"name": "Cup"}).json()["id"]
        assert client.get(f"/api/competitions/{event_id}/records").status_code == 200
        for path in ("/api/players/Ann/records", f"/api/competitions/{event_id}/records"):
            answer = client.get(path)
            refused(answer, 429, "too many requests for records")
            assert 1 <= int(answer.headers["retry-after"]) <= 60
        # other routes are not bound by it
        assert client.get(f"/api/competitions/{event_id}").status_code == 200


def test_the_bound_on_reading_is_counted_in_redis_for_a_site(redis_url: str) -> None:
    async def asks() -> list[float]:
        reads = SiteReads(redis_url, 3, 60.0)
        return [await reads.allow(key) for key in ("a", "a", "a", "b", "a")]

    # A browser test may leave this thread's loop running: a thread of its own.
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        waits = pool.submit(asyncio.run, asks()).result()
    assert waits[:4] == [0.0, 0.0, 0.0, 0.0]
    assert 1.0 <= waits[4] <= 60.0


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(key=st.sampled_from(["since", "limit", "after", "format"]),
       value=st.text(max_size=40) | st.sampled_from(["1" * 5000, "2026-03-01T25:00Z",
                                                    "MjAyNnw=", "fA", "=" * 8]))
def test_any_parameter_gets_an_answer_or_a_reason_never_a_failure(
        client: TestClient, key: str, value: str) -> None:
    if client.get("/api/players/Fuzzer").status_code == 404:
        sign_up(client, "Fuzzer")
    answer = client.get("/api/players/Fuzzer/records", params={key: value})
    assert answer.status_code in (200, 400), answer.text
    if answer.status_code == 400:
        assert answer.json()["error"] and len(answer.json()["error"]) < 300


@given(moment=st.datetimes(timezones=st.timezones()), table_id=st.text(min_size=1))
def test_a_cursor_reads_back_as_the_place_it_names(moment: datetime, table_id: str) -> None:
    assert after_of(cursor_of(moment, table_id)) == (moment.astimezone(UTC), table_id)
