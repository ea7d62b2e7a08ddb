"""What a competition does next, decided without a server: each format
played to its winner from told game ends, best-of matches stopping once
decided, deadlines forfeiting, abandoned tables, and the progress given
never changed."""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from datetime import UTC, datetime, timedelta

import pytest

from carcassonne.competitions import (
    GameEnd,
    Holder,
    Opening,
    Progress,
    Rules,
    Step,
    advance,
    begin,
    current_match,
    no_shows,
    playing,
    record_game,
    stage_standings,
    with_ready,
    with_tables,
)

NOW = datetime(2026, 4, 1, tzinfo=UTC)
EVENT = "ev"
#: How strong each entrant is: the stronger scores more, always.
STRENGTH = {f"bot:{name}": value for value, name in enumerate("abcdefghij", start=1)}


def strength(seats: tuple[str, ...], _game: int) -> tuple[int, ...]:
    return tuple(10 * STRENGTH.get(seat, 0) for seat in seats)


def rules(**setup: object) -> Rules:
    return Rules.from_setup({"games": 1, **setup})


def play_out(progress: Progress, given: Rules,
             scores: Callable[[tuple[str, ...], int], tuple[int, ...] | None] = strength,
             ) -> tuple[Step, list[Opening]]:
    """Advance, open every game asked for at a table of its own, tell each
    its end from ``scores`` (None: abandoned), until the competition ends;
    the last step and every game opened."""
    opened: list[Opening] = []
    for _ in range(500):
        step = advance(progress, given, EVENT, NOW)
        if step.finished:
            return step, opened
        assert step.openings, "a running competition with nothing to play"
        named = {o: f"t{len(opened) + i}" for i, o in enumerate(step.openings)}
        opened += step.openings
        progress = with_tables(step.progress, named)
        for opening, table in named.items():
            told = scores(opening.seats, opening.game)
            changed = record_game(progress, table, GameEnd(told))
            assert changed is not None
            progress = changed
    raise AssertionError("the competition never ended")


def test_a_league_is_won_by_the_strongest_and_every_pair_meets_once() -> None:
    names = ["bot:a", "bot:b", "bot:c", "bot:d"]
    given = rules(format="league", games=2)
    step, opened = play_out(begin(given, EVENT, names, None, NOW), given)
    assert step.winner == "bot:d"
    matches = {o.match for o in opened}
    assert len(matches) == 6 and len(opened) == 12  # two games a match
    table = stage_standings(step.progress.stages[0], given.points)[0]
    assert [row.entrant for row in table] == ["bot:d", "bot:c", "bot:b", "bot:a"]
    by_match: dict[str, list[Opening]] = {}
    for opening in opened:
        by_match.setdefault(opening.match, []).append(opening)
    for first, second in by_match.values():  # seats swapped, the same deck
        assert second.seats == first.seats[::-1] and second.deck_seed == first.deck_seed


def test_a_knockout_best_of_three_stops_once_decided() -> None:
    given = rules(format="knockout", games=3)
    step, opened = play_out(begin(given, EVENT, ["bot:a", "bot:b"], None, NOW), given)
    assert step.winner == "bot:b" and len(opened) == 2  # 2-0: the third is not played
    match = step.progress.stages[0].rounds[0].matches[0]
    assert match.result is not None and match.result.result.played == 2
    assert step.progress.stages[0].done


def test_groups_then_a_knockout_then_a_title_match_against_the_holder() -> None:
    given = rules(format="groups_knockout", groups=2, advance=1, title_games=3)
    holder = Holder("bot:j", "J")
    step, _ = play_out(begin(given, EVENT, ["bot:a", "bot:b", "bot:c", "bot:d"], holder, NOW),
                       given)
    kinds = [stage.kind for stage in step.progress.stages]
    assert kinds == ["league", "knockout", "title"]
    title = step.progress.stages[2]
    assert title.seeds == ["bot:j", "bot:d"] and step.winner == "bot:j"


def test_a_swiss_of_five_never_repeats_a_pairing() -> None:
    given = rules(format="swiss")
    step, opened = play_out(begin(given, EVENT, [f"bot:{n}" for n in "abcde"], None, NOW),
                            given)
    stage = step.progress.stages[0]
    assert len(stage.rounds) == 3 and stage.planned == 3
    pairs = [frozenset(o.seats) for o in opened]
    assert len(pairs) == len(set(pairs)) == 6
    assert step.winner == stage_standings(stage, given.points)[0][0].entrant


def test_an_abandoned_table_loses_the_match_for_everyone() -> None:
    given = rules(format="league")
    step, _ = play_out(begin(given, EVENT, ["bot:a", "bot:b"], None, NOW), given,
                       lambda seats, game: None)
    match = step.progress.stages[0].rounds[0].matches[0]
    assert match.forfeit == ["bot:a", "bot:b"] and match.result is not None
    assert match.result.winner is None and step.winner is None  # nobody wins


def test_a_person_plays_once_there_and_the_progress_given_never_changes() -> None:
    given = rules(format="league")
    start = begin(given, EVENT, ["account:1", "bot:a"], None, NOW)
    kept = copy.deepcopy(start)
    waiting = advance(start, given, EVENT, NOW)
    assert waiting.openings == () and not waiting.finished
    ready = with_ready(waiting.progress, "1.1.1", "account:1")
    step = advance(ready, given, EVENT, NOW)
    assert [o.seats for o in step.openings] == [("account:1", "bot:a")]
    assert start == kept  # every function answers a new progress
    named = with_tables(step.progress, {step.openings[0]: "t1"})
    assert playing(named) == ["t1"]
    match = current_match(named, "1.1.1")
    assert match is not None and match.table_now == "t1"
    ended = record_game(named, "t1", GameEnd((5, 9)))
    assert ended is not None and playing(ended) == []
    assert record_game(ended, "t1", GameEnd((9, 5))) is None  # told once
    assert record_game(ended, "nowhere", GameEnd((9, 5))) is None
    assert advance(ended, given, EVENT, NOW).winner == "bot:a"
    with pytest.raises(KeyError):
        with_ready(ended, "9.9.9", "account:1")


def test_a_round_past_its_deadline_forfeits_those_who_did_not_come() -> None:
    given = rules(format="league", round_deadline=3600)
    start = begin(given, EVENT, ["account:1", "account:2"], None, NOW)
    first = start.stages[0].rounds[0]
    assert first.deadline == NOW + timedelta(hours=1)
    assert no_shows(start, NOW + timedelta(minutes=59)) is None
    match_id = first.matches[0].id
    present = first.matches[0].entrants[0]
    late = no_shows(with_ready(start, match_id, present), NOW + timedelta(hours=1))
    assert late is not None
    match = late.stages[0].rounds[0].matches[0]
    absent = [e for e in match.entrants if e != present]
    assert match.forfeit == absent and match.result is not None
    assert match.result.winner == present and match.result.result.played == 0
    assert advance(late, given, EVENT, NOW).winner == present


def test_several_there_play_with_a_stand_in_for_the_one_missing() -> None:
    given = rules(format="league", table_size=3, round_deadline=3600)
    start = begin(given, EVENT, ["account:1", "account:2", "bot:a"], None, NOW)
    match = start.stages[0].rounds[0].matches[0]
    there = with_ready(start, match.id, "account:1")
    late = no_shows(there, NOW + timedelta(days=1))
    assert late is not None
    step = advance(late, given, EVENT, NOW)
    assert len(step.openings) == 1 and step.openings[0].stand_ins == ("account:2",)


STORED: Mapping[str, object] = {
    # a progress as stored before games recorded their ends ("ended")
    "seeds": ["bot:a", "bot:b"], "holder": {"id": "bot:c", "name": "Cid"},
    "stages": [{"kind": "knockout", "seeds": ["bot:a", "bot:b"], "rounds": [{
        "number": 1, "deadline": "2026-04-02T00:00:00+00:00", "byes": [],
        "lines": ["bot:a", "bot:b"], "opened": True, "matches": [{
            "id": "1.1.1", "group": 0, "entrants": ["bot:a", "bot:b"], "seed": 7,
            "best_of": True, "ready": [], "forfeit": None, "result": None,
            "games": [{"number": 1, "seats": ["bot:a", "bot:b"], "deck": 1, "table": "t1"},
                      {"number": 2, "seats": ["bot:b", "bot:a"], "deck": 1,
                       "table": None}]}]}]}]}


def test_a_stored_progress_reads_and_writes_back_the_same() -> None:
    progress = Progress.from_json(copy.deepcopy(dict(STORED)))
    assert progress.to_json() == STORED
    assert progress.holder == Holder("bot:c", "Cid") and playing(progress) == ["t1"]
    ended = record_game(progress, "t1", GameEnd((3, 8)))
    assert ended is not None
    again = Progress.from_json(ended.to_json())
    assert again == ended
    assert again.to_json()["stages"][0]["rounds"][0]["matches"][0]["games"][0]["ended"] == {
        "scores": [3, 8]}
    step = advance(again, rules(format="knockout", games=2), EVENT, NOW)
    assert [(o.match, o.game) for o in step.openings] == [("1.1.1", 2)]
    decided = advance(with_tables(step.progress, {step.openings[0]: "t2"}), rules(),
                      EVENT, NOW)
    assert Progress.from_json(decided.progress.to_json()) == decided.progress


def test_every_game_of_an_old_progress_is_asked_for_after_a_restart() -> None:
    data = copy.deepcopy(dict(STORED))
    games = data["stages"][0]["rounds"][0]["matches"][0]["games"]  # type: ignore[index]
    games[1]["table"] = "t2"  # both games were played while nobody organized
    progress = Progress.from_json(data)
    assert playing(progress) == ["t1", "t2"]
    for table, scores in (("t1", (3, 8)), ("t2", (9, 2))):
        changed = record_game(progress, table, GameEnd(scores))
        assert changed is not None
        progress = changed
    step = advance(progress, rules(format="knockout", games=2), EVENT, NOW)
    assert step.finished and step.winner == "bot:b"  # 2-0 in games
