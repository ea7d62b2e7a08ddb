"""``carcassonne simulate``: many games between random bots, one record each.

Game ``i`` (from 1) of a run with seed ``S`` gets its stack order and its
bots' seeds from ``S`` and ``i`` alone (:func:`~carcassonne.cli_common.derive_seed`),
so the same command line writes byte-identical records, and any one game can
be reproduced on its own with ``carcassonne play --seed S`` (game 1).
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from carcassonne.cli_common import CliError, dump_record, play_out, setup_game


def record_name(number: int, games: int) -> str:
    """``game-0001.json``; wider numbers when there are more than 9999 games."""
    width = max(4, len(str(games)))
    return f"game-{number:0{width}d}.json"


def run(games: int, seed: int, players: int, sets: list[str], options: dict[str, Any],
        out: str) -> int:
    """Play ``games`` games, write their records to ``out`` and print a summary."""
    setup_game(players, sets, options, seed)  # refuse a bad setup before writing anything
    folder = Path(out)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise CliError(f"{out}: cannot create the folder: {err.strerror or err}") from None
    start = time.perf_counter()
    totals = [0] * players
    wins = [0] * players
    moves = 0
    for number in range(1, games + 1):
        game, bots = setup_game(players, sets, options, seed, number)
        play_out(game, bots)
        path = folder / record_name(number, games)
        try:
            path.write_text(dump_record(game.to_record()), "utf-8")
        except OSError as err:
            raise CliError(f"{path}: cannot write the record: {err.strerror or err}") from None
        moves += len(game.moves)
        for seat, score in enumerate(game.scores):
            totals[seat] += score
        for seat in game.winners:
            wins[seat] += 1
    seconds = time.perf_counter() - start
    means = ", ".join(f"{total / games:.1f}" for total in totals)
    print(f"{games} games, {players} players, sets {','.join(sets)}, seed {seed}")
    print(f"mean scores by seat: {means}")
    print(f"wins by seat (ties count for each winner): {', '.join(map(str, wins))}")
    print(f"{moves / games:.1f} moves a game; {seconds:.2f} s "
          f"({games / seconds:.0f} games/s); records in {folder}")
    return 0
