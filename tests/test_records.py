"""Scenario games: every record under tests/records replays to its expected result.

A scenario is a game record (docs/formats.md) with one extra key, ``test``:

* ``rules``: the rule ids of docs/rules.md the scenario shows;
* ``about``: one sentence on what happens;
* ``events`` (optional): the exact score events, in order, each
  ``{move, player, points, reason, final}``;
* ``error`` (optional): ``{"move": i, "rule": "PLACE-2"}`` when move ``i``
  is illegal: replaying must refuse it, naming that rule.

Without ``error``, ``result.scores`` holds the expected final scores.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from carcassonne import Game, RecordError

RECORDS = Path(__file__).parent / "records"
SCENARIOS = sorted(RECORDS.rglob("*.json"))


def load(path: Path) -> dict:
    return json.loads(path.read_text("utf-8"))


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: str(p.relative_to(RECORDS)))
def test_scenario(path: Path) -> None:
    record = load(path)
    spec = record["test"]
    assert spec.get("rules"), "a scenario names the rules it shows"
    if "error" in spec:
        with pytest.raises(RecordError) as caught:
            Game.from_record(record)
        assert caught.value.move == spec["error"]["move"]
        assert spec["error"]["rule"] in str(caught.value)
        return
    game = Game.from_record(record, check_result=False)
    assert game.is_over, "a scenario plays until its stack runs out"
    assert list(game.scores) == record["result"]["scores"]
    if "events" in spec:
        keys = ("move", "player", "points", "reason", "final")
        got = [{k: e.to_dict()[k] for k in keys} for e in game.events]
        assert got == spec["events"]


def covered_rules() -> set[str]:
    return {rule for path in SCENARIOS for rule in load(path)["test"]["rules"]}
