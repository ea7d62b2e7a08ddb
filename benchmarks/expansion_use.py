"""How each bot uses the expansions' pieces, read from arena records.

Run by hand (never in CI), on the records of ``carcassonne arena --records``::

    EVERY=base,inns_cathedrals,traders_builders,watchtowers,wonders
    carcassonne arena hard greedy --sets $EVERY --games 200 --seed 3 --records /tmp/hard-greedy
    carcassonne arena random greedy --sets $EVERY --games 200 --seed 3 --records /tmp/random-greedy
    python benchmarks/expansion_use.py /tmp/hard-greedy /tmp/random-greedy

(``python benchmarks/search_bot.py ladder --sets every --records DIR`` writes
the ladder's records the same way, one folder per match.)

Each record is replayed move by move. For every bot (a record's player
name), per game: how often it placed its large meeple, builder and pig, a
cathedral tile and a wonder; the double turns its builder gave; and what the
pieces brought: the pig's extra point per city (``TB-PIG-3``), the points of
inn roads and cathedral cities it scored (``IC-INN-1``, ``IC-CATH-1``), the
followers it left in inn roads and cathedral cities that were still open at
the end (they score 0, ``IC-INN-2``), goods tokens and their points
(``TB-GOODS-4``), watchtower points (``WT-TRIGGER``) and wonder points
(``WON-STONE``, ``WON-CIRCUS``, ``WON-ALHAMBRA``). A bot that uses a piece on
purpose gets more from each use than one that uses it at random.

With The Abbot and The Princess & the Dragon a second table counts, per
game: abbots placed (``ABBOT-PLACE``), abbots recalled and the points the
recalls scored (``ABBOT-RECALL``), fairy moves and fairy points
(``PD-FAIRY-1``, ``PD-FAIRY-3``, ``PD-FAIRY-4``), the figures the dragon ate
in the steps the bot chose, an opponent's or its own (``PD-DRAGON-EAT``),
knights the princess removed (``PD-PRINCESS``) and followers placed through
a magic portal on another tile (``PD-PORTAL``)::

    carcassonne arena hard greedy --sets base,abbot,princess_dragon --games 20 --records DIR
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from pathlib import Path
from typing import Any

from carcassonne import Game
from carcassonne.engine.moves import DragonStep, Fairy, Move, Princess, ReturnAbbot
from carcassonne.record import game_from_record

CATHEDRAL = "IC/Cccc.c"

#: The columns: a key and its heading, per game unless it says otherwise.
COLUMNS = (
    ("large", "large"), ("builder", "builder"), ("double", "double turns"),
    ("pig", "pig"), ("pig_points", "pig pts"), ("cathedral", "cathedrals"),
    ("cathedral_points", "cath. pts"), ("inn_points", "inn pts"),
    ("stranded", "stranded"), ("goods", "goods"), ("goods_points", "goods pts"),
    ("tower_points", "tower pts"), ("wonder", "wonders"), ("wonder_points", "wonder pts"),
    ("score", "score"),
)
#: The columns of The Abbot and The Princess & the Dragon.
NEW_COLUMNS = (
    ("abbot", "abbots"), ("recall", "recalls"), ("recall_points", "recall pts"),
    ("fairy", "fairy moves"), ("fairy_points", "fairy pts"),
    ("ate_other", "ate rival"), ("ate_own", "ate own"), ("princess", "princess"),
    ("portal", "portal"), ("score", "score"),
)


def _standing(game: Game) -> list[tuple[Any, ...]]:
    """The figures on the board, each as a comparable tuple (owner first)."""
    return [(f["player"], f["figure"], tuple(f["at"]), f["feature"], f.get("spot"))
            for f in game.figures()]


def replay(record: dict[str, Any]) -> tuple[Game, list[dict[str, int]]]:
    """The finished game of ``record`` and, per seat, its counts."""
    game = game_from_record({**record, "moves": [], "result": None})
    counts: list[dict[str, int]] = [defaultdict(int) for _ in game.players]
    for entry in record["moves"]:
        move = Move.from_dict(entry)  # a tile placement or a wonder decision
        seat = game.current_player
        assert seat is not None
        second = game.extra_turn
        seen = len(game.events)
        before = _standing(game) if isinstance(move, DragonStep) else []
        game.play(move)
        mine = counts[seat]
        if isinstance(move, DragonStep):  # PD-DRAGON-EAT: whose figures the step ate
            after = _standing(game)
            for figure in before:
                if figure not in after:
                    mine["ate_own" if figure[0] == seat else "ate_other"] += 1
        if isinstance(move, Move):
            action = move.action
            mine["recall"] += isinstance(action, ReturnAbbot)
            mine["fairy"] += isinstance(action, Fairy)
            mine["princess"] += isinstance(action, Princess)
            if isinstance(action, ReturnAbbot):  # ABBOT-RECALL: scored at once
                mine["recall_points"] += next(
                    (e.points for e in game.events[seen:] if e.player == seat
                     and e.reason in ("monastery", "garden")), 0)
            for figure in move.figures:
                mine["abbot"] += figure.figure == "abbot"
                mine["portal"] += figure.on is not None and not move.tile.startswith("WO/") \
                    and tuple(figure.on) != tuple(move.at)
            for figure in move.figures:
                if figure.figure in ("large", "builder", "pig"):
                    mine[figure.figure] += 1
            mine["cathedral"] += move.tile == CATHEDRAL
            mine["wonder"] += move.tile.startswith("WO/")
            # TB-BUILD-3: the first part of a turn that earns a second tile
            mine["double"] += int(game.extra_turn and not second)
    return game, counts


def points(game: Game, counts: list[dict[str, int]]) -> None:
    """Add each seat's points by piece, from the game's score events and the
    features still open at its end."""
    for event in game.events:
        mine = counts[event.player]
        if event.reason == "field" and event.cities and event.points == 4 * event.cities:
            mine["pig_points"] += event.cities  # TB-PIG-3: 4 instead of 3
        elif event.reason == "road" and "inn" in event.detail:
            mine["inn_points"] += event.points
        elif event.reason == "city" and "cathedral" in event.detail:
            mine["cathedral_points"] += event.points
        elif event.reason == "fairy":
            mine["fairy_points"] += event.points
        elif event.reason in ("goods", "watchtower", "wonder"):
            mine[f"{event.reason.replace('watchtower', 'tower')}_points"] += event.points
    for feature in game.claimed_features():
        # an inn road or a cathedral city still open at the end scores 0
        if feature["kind"] in ("road", "city") and feature["end"] == 0 and feature["complete"]:
            for seat, strength in feature["strength"].items():
                counts[seat]["stranded"] += strength
    for seat, mine in enumerate(counts):
        mine["goods"] += sum(game.goods(seat).values()) if "traders_builders" in game.sets else 0
        mine["score"] += game.scores[seat]


def table(dirs: list[Path], columns: tuple[tuple[str, str], ...] = COLUMNS,
          ) -> list[tuple[str, int, dict[str, float]]]:
    """Per records folder and bot: its games and its means per game."""
    rows = []
    for folder in dirs:
        totals: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
        games: dict[str, int] = defaultdict(int)
        for path in sorted(folder.glob("*.json")):
            record = json.loads(path.read_text())
            game, counts = replay(record)
            points(game, counts)
            for name, mine in zip(game.players, counts, strict=True):
                games[name] += 1
                for key, value in mine.items():
                    totals[name][key] += value
        for name in sorted(games):
            rows.append((f"{folder.name}: {name}", games[name],
                         {key: totals[name][key] / games[name] for key, _ in columns}))
    return rows


def show(rows: list[tuple[str, int, dict[str, float]]], columns: tuple[tuple[str, str], ...],
         markdown: bool) -> None:
    """Print the rows, as text or as a Markdown table."""
    if markdown:
        print("| bot | games | " + " | ".join(head for _, head in columns) + " |")
        print("|---|---|" + "---|" * len(columns))
        for label, games, means in rows:
            print(f"| {label} | {games} | "
                  + " | ".join(f"{means[key]:.2f}" for key, _ in columns) + " |")
        return
    width = max(len(label) for label, _, _ in rows)
    print(f"{'bot':<{width}} {'games':>5} " + " ".join(f"{head:>11}" for _, head in columns))
    for label, games, means in rows:
        print(f"{label:<{width}} {games:>5} "
              + " ".join(f"{means[key]:>11.2f}" for key, _ in columns))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("dirs", nargs="+", type=Path, help="folders of arena records")
    parser.add_argument("--markdown", action="store_true", help="print a Markdown table")
    parser.add_argument("--new", action="store_true",
                        help="the columns of The Abbot and The Princess & the Dragon")
    args = parser.parse_args()
    columns = NEW_COLUMNS if args.new else COLUMNS
    show(table(args.dirs, columns), columns, args.markdown)


if __name__ == "__main__":
    main()
