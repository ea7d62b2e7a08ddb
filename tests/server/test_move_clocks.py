"""The clock on every move (move_clocks.py), on a clock the test moves by
hand: each stored move keeps when the server accepted it, the time its
mover took, the lag credit and every seat's time left; the record carries
them (after a restart too) and still replays with ``carcassonne replay`` to
the stored result; a clock that runs out keeps the moment it reached zero;
the stand-in's moves, bots' moves and decisions have clocks too."""

from __future__ import annotations

import json
import random
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from server_helpers import HUMAN, RANDOM, Serve, hall, my_turn, new_table
from test_time import FakeTime, keep_time, timed

from carcassonne import Game
from carcassonne.cli import main
from carcassonne.server.move_clocks import with_clocks

GREEDY: dict[str, Any] = {"kind": "bot", "bot": "greedy"}
KEYS = {"at", "taken", "left", "credit"}


def at(moment: datetime) -> str:
    """A time as a move's clock says it."""
    return moment.isoformat(timespec="milliseconds")


def replayed(record: dict[str, Any], tmp_path: Path,
             capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    """What ``carcassonne replay`` prints of ``record`` (it checks the result)."""
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    capsys.readouterr()
    assert main(["replay", str(path)]) == 0
    printed: dict[str, Any] = json.loads(capsys.readouterr().out)
    return printed


def test_every_move_keeps_its_clock_and_the_record_replays(
        serve: Serve, database_url: str, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    clock = FakeTime()
    start = clock.now()
    with timed(serve, clock, url=database_url) as client:
        table_id, token = new_table(client, seats=[HUMAN, GREEDY], sets=["base", "wonders"],
                                    timing={"kind": "clock", "base": 60, "increment": 5})
        with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:
            state = my_turn(ws)
            clock.advance(20)  # thought 19.5 s: 0.5 s was the connection's
            ws.send_json({"type": "move", "move": state["legal"][0], "think": 19_500})
            state = my_turn(ws)
            clock.advance(10)  # claims to think nothing: 1 s is forgiven at most
            ws.send_json({"type": "move", "move": state["legal"][0], "think": 0})
            state = my_turn(ws)
            clock.advance(100)  # Ann's clock runs out: the stand-in plays for her
            assert keep_time(client) == 1
            final = my_turn(ws)
        assert final["view"]["is_over"]
        table = client.get(f"/api/tables/{table_id}").json()
        # the flag: the moment Ann's clock reached zero, by the server's clock
        # (her third decision began at 12:00:30 with 41.5 s left)
        assert table["clock"]["out"] == [0]
        assert table["clock"]["out_at"] == [at(start + timedelta(seconds=71.5))]
        stored = hall(client).store.moves(table_id)
        assert all(set(move["clock"]) == KEYS for move in stored)
    with timed(serve, clock, url=database_url) as client:  # read again after a restart
        record = client.get(f"/api/tables/{table_id}/record").json()
    movers = final["view"]["movers"]
    moves = record["moves"]
    assert [m["clock"] for m in moves] == [m["clock"] for m in stored]
    assert any("take_wonder" in m for m in moves)  # decisions are timed like any move
    ann = [i for i, seat in enumerate(movers) if seat == 0]
    first, second = moves[ann[0]]["clock"], moves[ann[1]]["clock"]
    assert first == {"at": at(start + timedelta(seconds=20)), "taken": 20.0,
                     "left": [60 - 19.5 + 5, None], "credit": 0.5}
    assert second == {"at": at(start + timedelta(seconds=30)), "taken": 10.0,
                      "left": [45.5 - 9 + 5, None], "credit": 1.0}
    # the bot's moves: its time is measured too, it has no clock to charge
    bots = [moves[i]["clock"] for i, seat in enumerate(movers) if seat == 1]
    assert all(c["left"][1] is None and c["credit"] == 0 for c in bots)
    # after the flag the stand-in moves for Ann on no clock: her time reads 0
    assert all(m["clock"]["left"] == [41.5, None] for m in moves[ann[1]:ann[2]])
    after = [m["clock"] for m in moves[ann[2]:]]
    assert all(c["left"] == [0.0, None] for c in after)
    assert after[0]["at"] == at(start + timedelta(seconds=130))
    # the record is still a record: it replays to the stored result
    assert replayed(record, tmp_path, capsys)["scores"] == table["scores"]
    assert list(Game.from_record(record).scores) == table["scores"]


def test_taken_and_left_follow_the_clocks_charging(serve: Serve) -> None:
    """Each timed move: time before, less what was taken net of the credit,
    plus the increment, is the time left; the other seats' clocks stand."""
    clock = FakeTime()
    with timed(serve, clock) as client:
        table_id, token = new_table(client, timing={"kind": "clock", "base": 300,
                                                    "increment": 7})
        thinking = [(12.0, 11_000), (3.0, None), (41.0, 40_800), (0.0, 0), (8.0, 2_000)]
        with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:
            state = my_turn(ws)
            for seconds, think in thinking:
                clock.advance(seconds)
                message: dict[str, Any] = {"type": "move", "move": state["legal"][0]}
                if think is not None:
                    message["think"] = think
                ws.send_json(message)
                state = my_turn(ws)
        mine = [m["clock"] for m, seat in zip(hall(client).store.moves(table_id),
                                              state["view"]["movers"], strict=False)
                if seat == 0]
    assert [c["taken"] for c in mine] == [seconds for seconds, _ in thinking]
    # credit: what the client did not think, up to 1 s a move
    assert [c["credit"] for c in mine] == [1.0, 0.0, 0.2, 0.0, 1.0]
    left = 300.0
    for c in mine:
        left = max(0.0, left - (c["taken"] - c["credit"])) + 7
        assert c["left"][0] == pytest.approx(left) and c["left"][1] is None
    kept = hall(client).tables[table_id].clock
    assert kept is not None and kept.remaining[0] == pytest.approx(left)


def test_turn_based_and_untimed_moves_have_clocks_without_time_left(serve: Serve) -> None:
    clock = FakeTime()
    start = clock.now()
    day = 86400
    with timed(serve, clock) as client:
        turn_id, token = new_table(client, timing={"kind": "turn", "deadline": day})
        with client.websocket_connect(f"/ws/tables/{turn_id}?token={token}") as ws:
            my_turn(ws)
            clock.advance(day)  # missed: the stand-in plays Ann's move, then the bot
            assert keep_time(client) == 1
            my_turn(ws)
        stand_in, bot = hall(client).store.moves(turn_id)
        assert stand_in["clock"] == {"at": at(start + timedelta(seconds=day)),
                                     "taken": float(day), "left": [None, None], "credit": 0.0}
        assert bot["clock"]["left"] == [None, None] and bot["clock"]["taken"] == 0.0
        untimed_id, token = new_table(client, seats=[HUMAN, RANDOM])
        with client.websocket_connect(f"/ws/tables/{untimed_id}?token={token}") as ws:
            state = my_turn(ws)
            clock.advance(2.24)
            ws.send_json({"type": "move", "move": state["legal"][0], "think": 100})
            my_turn(ws)
        mine = hall(client).store.moves(untimed_id)[0]["clock"]
        assert mine == {"at": at(clock.now()), "taken": 2.2, "left": [None, None],
                        "credit": 0.0}  # (2.24 s, to the tenth)


def test_a_move_stored_without_a_clock_has_none_in_the_record() -> None:
    """Moves stored before moves had clocks: the record simply lacks them."""
    game = Game.new(players=2, seed=4)
    rng = random.Random(4)
    for _ in range(3):
        game.play(game.legal_moves().random(rng))
    plain = game.to_record()["moves"]
    stamp = {"at": datetime(2026, 1, 1, tzinfo=UTC).isoformat(), "taken": 1.0,
             "left": [None, None], "credit": 0.0}
    stored = [plain[0], {**plain[1], "clock": stamp}, plain[2]]
    record = with_clocks(game, stored)
    assert ["clock" in m for m in record["moves"]] == [False, True, False]
    assert record["moves"][1]["clock"] == stamp
    assert list(Game.from_record(record).moves) == list(game.moves)
