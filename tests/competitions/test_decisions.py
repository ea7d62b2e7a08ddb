"""A referee's decisions, decided without a server: a game or a match
decided, an entrant disqualified (their matches forfeited, later rounds
never playing them), a bot standing in for an entrant, a game reopened, the
limits of each, and the progress given never changed."""

from __future__ import annotations

import copy
from collections.abc import Collection
from datetime import UTC, datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from carcassonne.competitions import (
    GameEnd,
    Opening,
    Progress,
    Rules,
    Step,
    begin,
    record_game,
    stage_standings,
    with_tables,
)
from carcassonne.competitions.decisions import (
    DecisionError,
    advance_officiated,
    decide_game,
    decide_match,
    disqualify,
    interrupted,
    is_decided_table,
    reopen,
)

NOW = datetime(2026, 4, 1, tzinfo=UTC)
EVENT = "ev"
STRENGTH = {f"bot:{name}": value for value, name in enumerate("abcdefghij", start=1)}


def rules(**setup: object) -> Rules:
    return Rules.from_setup({"games": 1, **setup})


def step_of(progress: Progress, given: Rules, out: Collection[str] = (),
            bots: Collection[str] = ()) -> Step:
    return advance_officiated(progress, given, EVENT, NOW, out, bots)


def open_all(step: Step, start: int = 0) -> tuple[Progress, dict[Opening, str]]:
    named = {o: f"t{start + i}" for i, o in enumerate(step.openings)}
    return with_tables(step.progress, named), named


def play_out(progress: Progress, given: Rules, out: Collection[str] = (),
             bots: Collection[str] = ()) -> tuple[Step, list[Opening]]:
    """Advance (officiated), open every game, the stronger always scoring
    more, until the competition ends."""
    opened: list[Opening] = []
    for match, game in list(progress.games()):  # the games under way end first
        if match.result is None and game.table and game.ended is None:
            scores = tuple(10 * STRENGTH.get(seat, 0) for seat in game.seats)
            progress = record_game(progress, game.table, GameEnd(scores)) or progress
    for _ in range(500):
        step = step_of(progress, given, out, bots)
        if step.finished:
            return step, opened
        assert step.openings, "a running competition with nothing to play"
        progress, named = open_all(step, 100 + len(opened))
        opened += step.openings
        for opening, table in named.items():
            scores = tuple(10 * STRENGTH.get(seat, 0) for seat in opening.seats)
            changed = record_game(progress, table, GameEnd(scores))
            assert changed is not None
            progress = changed
    raise AssertionError("the competition never ended")


def started(given: Rules, names: list[str]) -> tuple[Progress, dict[Opening, str]]:
    return open_all(step_of(begin(given, EVENT, names, None, NOW), given))


def test_a_game_decided_goes_on_as_if_its_table_had_ended_so() -> None:
    given = rules(format="knockout", games=3)
    progress, _ = started(given, ["bot:a", "bot:b"])
    kept = copy.deepcopy(progress)
    decided = decide_game(progress, "1.1.1", 1, {"bot:a": 50, "bot:b": 10})
    assert progress == kept  # the progress given never changes
    assert interrupted(progress, decided) == ["t0"]  # the server ends that table
    step = step_of(decided, given)
    assert [(o.match, o.game) for o in step.openings] == [("1.1.1", 2)]
    match = step.progress.stages[0].rounds[0].matches[0]
    assert match.games[0].ended == GameEnd((50, 10))


def test_a_game_never_played_is_decided_without_a_table() -> None:
    given = rules(format="league", games=2)
    progress, _ = started(given, ["bot:a", "bot:b"])
    decided = decide_game(progress, "1.1.1", 2, {"bot:a": 7, "bot:b": 3})
    assert is_decided_table(decided.stages[0].rounds[0].matches[0].games[1].table)
    progress = record_game(decided, "t0", GameEnd((9, 1)))
    assert progress is not None
    step = step_of(progress, given)
    assert step.finished and step.winner == "bot:a"  # won both games, one by decision


def test_a_match_decided_needs_no_game_and_ends_the_table_being_played() -> None:
    given = rules(format="knockout")
    progress, _ = started(given, ["bot:a", "bot:b"])
    decided = decide_match(progress, "1.1.1", "bot:a")
    assert interrupted(progress, decided) == ["t0"]
    step = step_of(decided, given)
    assert step.finished and step.winner == "bot:a"
    result = step.progress.stages[0].rounds[0].matches[0].result
    assert result is not None and result.result.forfeited == frozenset()
    with pytest.raises(DecisionError, match="must have a winner"):
        decide_match(progress, "1.1.1", None)
    with pytest.raises(DecisionError, match="not in match"):
        decide_match(progress, "1.1.1", "bot:z")


def test_a_drawn_match_by_decision_counts_as_a_draw_in_a_league() -> None:
    given = rules(format="league")
    progress, _ = started(given, ["bot:a", "bot:b"])
    step = step_of(decide_match(progress, "1.1.1", None), given)
    table = stage_standings(step.progress.stages[0], given.points)[0]
    assert [row.draws for row in table] == [1, 1]


def test_bad_decisions_are_refused_naming_why() -> None:
    given = rules(format="league", games=2)
    progress, _ = started(given, ["bot:a", "bot:b", "bot:c", "bot:d"])
    with pytest.raises(DecisionError, match=r"no match 9\.9\.9"):
        decide_game(progress, "9.9.9", 1, {})
    with pytest.raises(DecisionError, match="no game 3"):
        decide_game(progress, "1.1.1", 3, {})
    seats = progress.stages[0].rounds[0].matches[0].games[0].seats
    with pytest.raises(DecisionError, match="a score for each"):
        decide_game(progress, "1.1.1", 1, {seats[0]: 1})
    with pytest.raises(DecisionError, match="whole numbers"):
        decide_game(progress, "1.1.1", 1, {seats[0]: 1, seats[1]: -4})
    later = progress.stages[0].rounds[1].matches[0].id
    with pytest.raises(DecisionError, match="not opened yet"):
        decide_match(progress, later, None)
    with pytest.raises(DecisionError, match="is being played"):
        reopen(progress, "1.1.1", 1)
    with pytest.raises(DecisionError, match="has not been played"):
        reopen(progress, "1.1.1", 2)


def test_a_round_over_is_never_changed() -> None:
    given = rules(format="swiss", rounds=2)
    names = ["bot:a", "bot:b", "bot:c", "bot:d"]
    progress, named = started(given, names)
    for table in named.values():
        ended = record_game(progress, table, GameEnd((1, 2)))
        assert ended is not None
        progress = ended
    step = step_of(progress, given)
    assert len(step.progress.stages[0].rounds) == 2
    with pytest.raises(DecisionError, match="round that is over"):
        reopen(step.progress, "1.1.1", 1)


def test_a_reopened_game_opens_again_at_a_new_table() -> None:
    given = rules(format="league")
    progress, _ = started(given, ["bot:a", "bot:b", "bot:c"])  # a bye a round
    progress = record_game(progress, "t0", GameEnd(None)) or progress  # abandoned
    step = step_of(progress, given)
    match = step.progress.stages[0].rounds[0].matches[0]
    assert match.result is not None and match.forfeit  # a double forfeit
    again = reopen(step.progress, match.id, 1)
    reopened = again.stages[0].rounds[0].matches[0]
    assert reopened.result is None and reopened.forfeit is None
    step = step_of(again, given)  # round 2 is under way, and the match of round 1 again
    assert sorted((o.match, o.game) for o in step.openings) == [("1.1.1", 1), ("1.2.1", 1)]
    progress, named = open_all(step, 10)
    table = {o.match: t for o, t in named.items()}
    progress = record_game(progress, table["1.2.1"], GameEnd((3, 4))) or progress
    step = step_of(progress, given)  # round 2 waits for the reopened match
    assert step.openings == () and not step.progress.stages[0].rounds[2].opened
    assert step.progress.stages[0].rounds[0].matches[0].id == "1.1.1"  # in its own round
    step = step_of(record_game(step.progress, table["1.1.1"], GameEnd((8, 2))) or progress,
                   given)
    assert [o.match for o in step.openings] == ["1.3.1"]
    progress, _ = open_all(step, 20)
    step = step_of(record_game(progress, "t20", GameEnd((8, 2))) or progress, given)
    assert step.finished and step.progress.stages[0].done


def test_a_disqualified_entrant_forfeits_now_and_is_never_played_later() -> None:
    given = rules(format="league", games=2)
    names = ["bot:a", "bot:b", "bot:c", "bot:d"]
    progress, named = started(given, names)
    playing_d = [t for o, t in named.items() if "bot:d" in o.seats]
    out = disqualify(progress, "bot:d")
    assert interrupted(progress, out) == playing_d
    step, opened = play_out(out, given, out={"bot:d"})
    assert all("bot:d" not in o.seats for o in opened)
    table = stage_standings(step.progress.stages[0], given.points)[0]
    last = table[-1]
    assert last.entrant == "bot:d" and last.points == 0 and last.losses == 3
    assert step.winner == "bot:c"  # d was the strongest, and is out
    with pytest.raises(DecisionError, match="forfeited by a disqualified"):
        decide_match(out, next(m.id for m in out.stages[0].rounds[0].matches
                               if "bot:d" in m.entrants), "bot:d", {"bot:d"})
    with pytest.raises(DecisionError, match="disqualified already"):
        disqualify(step.progress, "bot:d", {"bot:d"})


def test_at_a_table_of_three_a_stand_in_plays_for_the_disqualified() -> None:
    given = rules(format="league", table_size=3)
    names = ["bot:a", "bot:b", "bot:c"]
    progress, _ = started(given, names)
    out = disqualify(progress, "bot:c")
    step, _ = play_out(out, given, out={"bot:c"})
    result = step.progress.stages[0].rounds[0].matches[0].result
    assert result is not None and result.result.forfeited == {"bot:c"}
    assert result.winner == "bot:b"  # c scored most, but forfeited


def test_a_person_a_bot_plays_for_is_always_there() -> None:
    given = rules(format="league")
    start = begin(given, EVENT, ["account:1", "bot:a"], None, NOW)
    assert step_of(start, given).openings == ()  # waits for "play now"
    step = step_of(start, given, bots={"account:1"})
    assert [o.seats for o in step.openings] == [("account:1", "bot:a")]


@settings(max_examples=40, deadline=None)
@given(count=st.integers(3, 9), kind=st.sampled_from(["league", "swiss", "knockout",
                                                      "groups_knockout"]),
       chosen=st.integers(0, 8), games=st.integers(1, 3))
def test_any_format_ends_without_the_disqualified(count: int, kind: str, chosen: int,
                                                  games: int) -> None:
    names = [f"bot:{n}" for n in "abcdefghij"[:count]]
    given = rules(format=kind, games=games, groups=2 if kind == "groups_knockout" else 1)
    if kind == "groups_knockout" and count < 4:
        return
    progress, _ = started(given, names)
    gone = names[chosen % count]
    step, opened = play_out(disqualify(progress, gone), given, out={gone})
    assert step.finished and step.winner != gone
    assert all(gone not in o.seats for o in opened)
