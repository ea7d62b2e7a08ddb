"""Ill-typed calls at the engine's public edge, and what each one raises.

Run as a script it prints one JSON line per call: the call, and the name
and message of what it raised (or what it returned). ``test_compiled.py``
runs it on the pure and on the compiled engine and requires the same lines:
compiled code checks argument types itself, so the edge must check first.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

from carcassonne import Figure, Game, Move, Options


def calls() -> list[tuple[str, Callable[[], Any]]]:
    """(label, call) pairs, each given a value of the wrong type or shape."""
    game = Game.new(seed=5)
    legal = game.legal_moves()
    rng = random.Random(1)
    out: list[tuple[str, Callable[[], Any]]] = []
    for bad in (None, 2.5, "two", [1, 2], ["", "Bob"], True, 9):
        out.append((f"new(players={bad!r})", lambda bad=bad: Game.new(players=bad)))
    for bad in (None, 5, "base", ["nope"], [3]):
        out.append((f"new(sets={bad!r})", lambda bad=bad: Game.new(sets=bad)))
    for bad in ([], "hand=3", {"hand": "x"}, {3: 1}, {"nope": 1}):
        out.append((f"new(options={bad!r})", lambda bad=bad: Game.new(options=bad)))
    for bad in ("x", 2.5, [1]):
        out.append((f"new(seed={bad!r})", lambda bad=bad: Game.new(seed=bad)))
    for bad in (5, "A", [1, 2], ["Z9"]):
        out.append((f"new(stack={bad!r})", lambda bad=bad: Game.new(stack=bad)))
    for bad in (5, ["nope"]):
        out.append((f"new(wonders={bad!r})",
                    lambda bad=bad: Game.new(sets=["base", "wonders"], wonders=bad)))
    for bad in (None, [], "x", {}, {"players": 5}, {"players": ["A", "B"], "moves": 3}):
        out.append((f"from_record({bad!r})", lambda bad=bad: Game.from_record(bad)))
    for bad in ("x", True, 1.0, 7, -1, None):
        out.append((f"view({bad!r})", lambda bad=bad: sorted(game.view(bad))))
    for name in ("supply", "hand", "goods"):
        for bad in ("x", 9, None, 1.0):
            out.append((f"{name}({bad!r})", lambda bad=bad, name=name: getattr(game, name)(bad)))
    for bad in (None, 5, ["A"], "garbage", b"x", ("A", (0, 1), 0, ()), ("D", "0,1", 0, ())):
        out.append((f"play({bad!r})", lambda bad=bad: game.copy().play(bad)))
        out.append((f"is_legal({bad!r})", lambda bad=bad: game.is_legal(bad)))
    for bad in ("x", 9, 1.5):
        out.append((f"determinized({bad!r})", lambda bad=bad: game.determinized(bad, rng).scores))
    out.append(("determinized(0, None)", lambda: game.determinized(0, None).scores))
    for bad in (None, 42, ["A"], b"x"):
        out.append((f"Move.parse({bad!r})", lambda bad=bad: Move.parse(bad)))
        out.append((f"Figure.parse({bad!r})", lambda bad=bad: Figure.parse(bad)))
    for bad in (None, [], {"tile": 5}, {"tile": "D", "at": "0,1"}, {"tile": "D", "at": [0]}):
        out.append((f"Move.from_dict({bad!r})", lambda bad=bad: Move.from_dict(bad)))
        out.append((f"Figure.from_dict({bad!r})", lambda bad=bad: Figure.from_dict(bad)))
    for bad in (None, "x", 5):
        out.append((f"legal.options({bad!r})", lambda bad=bad: legal.options(bad)))
        out.append((f"legal[{bad!r}]", lambda bad=bad: legal[bad]))
    out.append(("legal.random(None)", lambda: legal.random(None)))
    for bad in (None, 0, "no"):
        out.append((f"undoable = {bad!r}",
                    lambda bad=bad: setattr(game.copy(), "undoable", bad)))
    for bad in ([], "x", {"hand": None}):
        out.append((f"Options.build({bad!r})", lambda bad=bad: Options.build(bad, ("base",))))
    return out


def outcomes() -> list[dict[str, str]]:
    """What each call did: ``raised`` (type and message) or ``returned``."""
    out = []
    for label, call in calls():
        try:
            value = call()
        except Exception as error:
            out.append({"call": label, "raised": f"{type(error).__name__}: {error}"})
        else:
            out.append({"call": label, "returned": repr(value)[:200]})
    return out


if __name__ == "__main__":
    for line in outcomes():
        print(json.dumps(line))
