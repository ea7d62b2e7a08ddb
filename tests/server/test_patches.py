"""State patches (patches.py, ``?patches=1``): a client of patches holds, after
every message, exactly the state a client of whole states is sent, at every
seat and as a spectator, in every set of rules; and it is sent less than half
as much (the legal moves, sent whole, are most of what is left)."""

from __future__ import annotations

import json
import random
from typing import Any

from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from server_helpers import HUMAN, RANDOM, new_table, receive

from carcassonne import Game
from carcassonne.server import patches


def _text(state: dict[str, Any]) -> str:
    return json.dumps(state, sort_keys=True)


class Assembled:
    """The states a client of patches holds, checked as it goes."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.state: dict[str, Any] | None = None
        self.got = 0
        self.sizes: list[int] = []
        self.kind = ""

    def next(self) -> dict[str, Any]:
        raw = self.ws.receive_text()
        message = json.loads(raw)
        self.kind = message["type"]
        if message["type"] == "patch":
            assert self.state is not None and message["base"] == self.got, message
            self.state = patches.apply(self.state, message["ops"])
            self.sizes.append(len(raw))
        else:
            assert message["type"] == "state", message
            self.state = message
        self.got += 1
        return self.state


def test_a_client_of_patches_holds_the_states_of_a_client_of_whole_ones(
        client: TestClient) -> None:
    table_id, token = new_table(client, [HUMAN, RANDOM], name="Ann")
    url = f"/ws/tables/{table_id}"
    with client.websocket_connect(url + "?patches=1") as a, \
            client.websocket_connect(url) as b, \
            client.websocket_connect(url + "?patches=1") as c, \
            client.websocket_connect(url) as d:
        mine, watching = Assembled(a), Assembled(c)
        for assembled, whole in ((mine, b), (watching, d)):
            assert _text(assembled.next()) == _text(receive(whole))  # on connecting
        for ws in (a, b):
            ws.send_json({"type": "seat", "token": token})
        assert mine.next()["seat"] == 0 and receive(b)["seat"] == 0
        rng = random.Random(3)
        whole_sizes: list[int] = []
        state = mine.state
        assert state is not None
        moves = 0
        while not state["view"]["is_over"]:
            if state["legal"]:
                if moves == 10:  # a sync in the middle: the whole state, then patches again
                    a.send_json({"type": "sync"})
                    assert mine.next() == state and mine.kind == "state"
                a.send_json({"type": "move", "move": rng.choice(state["legal"])})
                moves += 1
            state = mine.next()
            raw = b.receive_text()
            whole_sizes.append(len(raw))
            assert _text(state) == _text(json.loads(raw))
            assert _text(watching.next()) == _text(receive(d))
        assert moves > 20 and mine.kind == "patch"
        assert sum(mine.sizes) * 2 < sum(whole_sizes)


def test_a_patch_to_a_state_not_held_is_refused_by_apply() -> None:
    state = {"view": {"board": [1]}}
    for bad in (["*", ["view"], 1], ["=", [], 1], "=", ["=", "view", 1]):
        try:
            patches.apply(state, [bad])
        except ValueError:
            continue
        raise AssertionError(f"{bad!r} was applied")
    assert state == {"view": {"board": [1]}}


SETS = [("base",), ("base", "inns_cathedrals"), ("base", "traders_builders"),
        ("base", "watchtowers"), ("base", "wonders"),
        ("base", "inns_cathedrals", "traders_builders", "watchtowers", "wonders")]


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), sets=st.sampled_from(SETS),
       hand=st.sampled_from([1, 3]), seat=st.sampled_from([None, 0, 1]))
def test_patches_between_successive_views_rebuild_each_view_exactly(
        seed: int, sets: tuple[str, ...], hand: int, seat: int | None) -> None:
    """Each view is patched onto a copy of the one before as it was when it
    was made, so a view that shared and later changed an object of the one
    before would be caught."""
    game = Game.new(players=2, sets=sets, seed=seed,
                    options={"hand": hand} if hand > 1 else None)
    rng = random.Random(seed)
    old = {"view": game.view(seat), "legal": None}
    held = json.loads(json.dumps(old))
    while not game.is_over:
        game.play(game.legal_moves().random(rng))
        legal = [m.to_dict() for m in game.legal_moves()] if not game.is_over else None
        new = {"view": game.view(seat), "legal": legal}
        ops = patches.diff(old, new)
        in_place = patches.apply(json.loads(json.dumps(held)), ops, in_place=True)
        held = patches.apply(held, ops)
        assert _text(held) == _text(new) == _text(in_place)
        old = new
