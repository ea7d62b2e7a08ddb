"""The builder's second tile in the 3-tile hand variant (VAR-HAND-4, TB-BUILD-8).

With a hand, the second tile comes from the refilled hand, so a second part
happens even when the refill emptied the stack.
"""

from __future__ import annotations

from carcassonne import Game

STACK = ["BA/RFr"] * 3 + ["BA/C", "BA/L", "BA/L"] + ["BA/RFr"] * 5
MOVES = ["BA/RFr@1,0r0 meeple:road:E", "BA/C@0,-1r180", "BA/RFr@2,0r0 builder:road:W",
         "BA/L@0,1r0"]


def test_second_part_from_the_hand_when_the_stack_is_empty() -> None:
    game = Game.new(players=["Ann", "Bob"], sets=["base", "traders_builders"],
                    options={"hand": 3}, stack=STACK)
    for move in MOVES:
        game.play(move)
    game.play("BA/RFr@3,0r0")  # extends Ann's road, which holds her builder
    assert game.stack_size == 0
    assert game.current_player == 0
    assert game.extra_turn
    assert game.hand(0) == ("BA/RFr", "BA/RFr", "BA/RFr")
    game.play("BA/RFr@4,0r0")  # TB-BUILD-4: extends it again, but no chaining
    assert game.current_player == 1
    assert not game.extra_turn


def test_no_second_part_without_a_hand_when_the_stack_is_empty() -> None:
    game = Game.new(players=["Ann", "Bob"], sets=["base", "traders_builders"],
                    stack=["BA/RFr", "BA/C", "BA/RFr", "BA/L", "BA/RFr"])
    for move in ["BA/RFr@1,0r0 meeple:road:E", "BA/C@0,-1r180",
                 "BA/RFr@2,0r0 builder:road:W", "BA/L@0,1r0"]:
        game.play(move)
    game.play("BA/RFr@3,0r0")  # the last tile: TB-BUILD-8, nothing left to draw
    assert game.is_over
