"""``carcassonne play``: one game between random bots, told move by move.

Moves are numbered from 0, as in records and score events. Each line shows
the player and the move in the compact notation of docs/formats.md; the points a
move scores follow it, with the engine's own explanation; tiles that could
not be placed anywhere and were discarded (``PLACE-4``) are shown where they
happened; then final scoring and the result.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from carcassonne.cli_common import CliError, dump_record, play_out, setup_game
from carcassonne.engine import Game, Move, ScoreEvent


class Narrator:
    """Prints what happens in a game, keeping track of what it already told."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.width = max(len(name) for name in game.players)
        self.events = 0
        self.discards = 0
        self.totals = [0] * len(game.players)

    def event(self, event: ScoreEvent) -> None:
        """Tell one score event."""
        name = self.game.players[event.player]
        self.totals[event.player] += event.points
        print(f"         + {name:<{self.width}}  {event.detail} "
              f"(total {self.totals[event.player]})")

    def news(self) -> None:
        """Print the score events and discards not told yet."""
        game = self.game
        for event in game.events[self.events:]:
            if not event.final:
                self.event(event)
        self.events = len(game.events)  # final events are told by ending()
        for _before, seat, tile in game.discards[self.discards:]:
            print(f"         - {game.players[seat]} cannot place {tile} anywhere: "
                  f"discarded, the next tile is drawn (PLACE-4)")
        self.discards = len(game.discards)

    def move(self, game: Game, move: Move, seat: int) -> None:
        """Tell ``move``, just played by ``seat``, and what it caused."""
        index = len(game.moves) - 1
        print(f"  {index:>3}  {game.players[seat]:<{self.width}}  {move}")
        self.news()

    def ending(self) -> None:
        """Tell final scoring and the result."""
        game = self.game
        final = [e for e in game.events if e.final]
        print("Final scoring:" if final else "Final scoring: nothing to score.")
        for event in final:
            self.event(event)
        scores = ", ".join(f"{name} {score}" for name, score in zip(game.players, game.scores,
                                                                    strict=True))
        names = [game.players[seat] for seat in game.winners]
        won = f"winner: {names[0]}" if len(names) == 1 else f"shared win: {' and '.join(names)}"
        print(f"Result: {scores}; {won}.")


def run(players: int | list[str], seed: int | None, sets: list[str],
        options: dict[str, Any], record: str | None) -> int:
    """Play one game, tell it on standard output, and write its record if asked."""
    if seed is None:
        seed = random.SystemRandom().randrange(10**9)
    game, bots = setup_game(players, sets, options, seed)
    changed = game.options.changed()
    told = ",".join(f"{k}={str(v).lower()}" for k, v in changed.items())
    told = f"; options {told}" if changed else ""
    print(f"Carcassonne: {', '.join(game.players)}; sets {', '.join(game.sets)}{told}; "
          f"seed {seed}; {len(game.to_record()['stack'])} tiles to draw.")
    narrator = Narrator(game)
    narrator.news()
    play_out(game, bots, narrator.move)
    narrator.ending()
    if record is not None:
        try:
            Path(record).write_text(dump_record(game.to_record()), "utf-8")
        except OSError as err:
            raise CliError(f"{record}: cannot write the record: {err.strerror or err}") from None
        print(f"Record written to {record}.")
    return 0
