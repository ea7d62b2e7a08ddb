"""What reading JSON with the project's bounds costs, next to plain ``json.loads``.

Run by hand (never in CI)::

    python benchmarks/json_input.py               # 25 million integers, 5 runs
    python benchmarks/json_input.py --integers 2000000 --runs 3   # quicker
    PYTHONPATH=old python benchmarks/json_input.py --bounded old_json_input
                                         # another version of the module

Two texts are read:

- a *big record*: a finished game's record with one more key (readers
  ignore keys they do not know, docs/formats.md) holding a list of
  ``--integers`` one-digit integers: about two bytes each, so 25 million
  make a 50 MB file;
- a *normal record*: the same game's record alone (a few kilobytes), read
  ``--repeat`` times in a row.

Each reading runs in a fresh Python process that first reads the text from
a file, so the figures are the reading alone: the CPU time it takes
(``time.process_time``) and the memory it adds at its peak (the growth of
the process's peak resident size, ``ru_maxrss``, over what the process held
with the text read). Every figure is the median of ``--runs`` runs, taken in
turn (plain, bounded, plain, ...), so that a machine whose speed drifts
touches both sides alike.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from carcassonne import Game
from carcassonne.bots import make_bot

#: The child process: read the text, then parse it ``repeat`` times with
#: ``reader`` and print the CPU seconds and the peak growth in KiB.
CHILD = """
import resource, sys, time
from pathlib import Path
text = Path(sys.argv[1]).read_text("utf-8")
repeat = int(sys.argv[3])
if sys.argv[2] == "plain":
    from json import loads
else:
    from importlib import import_module
    loads = import_module(sys.argv[2]).loads
loads("[1]")  # imports and first-call costs out of the way
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
start = time.process_time()
for _ in range(repeat):
    value = loads(text)
seconds = time.process_time() - start
after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(seconds, after - before)
"""


def finished_record(seed: int) -> dict:
    """The record of a two-player game between random bots."""
    game = Game.new(players=["Ann", "Bob"], seed=seed)
    bots = [make_bot("random", seed + seat) for seat in range(2)]
    while not game.is_over:
        seat = game.current_player
        assert seat is not None
        game.play(bots[seat].choose(game))
    return game.to_record()


def big_text(record: dict, integers: int) -> str:
    """``record`` with an extra key holding a list of ``integers`` one-digit
    integers, as text (built from a block of 1,000 repeated, without a
    Python list that large)."""
    head = json.dumps(record)[:-1]
    rng = random.Random(1)
    blocks, rest = divmod(integers, 1000)
    block = ",".join(str(rng.randrange(10)) for _ in range(1000))
    parts = [block] * blocks + (["7"] * rest)
    return f'{head}, "padding": [{",".join(parts)}]}}'


def measure(path: Path, reader: str, repeat: int) -> tuple[float, float]:
    """(CPU seconds, peak growth in MiB) of one child reading ``path`` with
    ``reader``: ``plain`` or the name of a module with a ``loads``."""
    out = subprocess.run([sys.executable, "-c", CHILD, str(path), reader, str(repeat)],
                         check=True, capture_output=True, text=True).stdout.split()
    return float(out[0]), int(out[1]) / 1024


def compare(name: str, path: Path, repeat: int, runs: int, bounded: str) -> None:
    """Print the medians of plain and bounded reading of ``path``."""
    results: dict[str, list[tuple[float, float]]] = {"plain": [], "bounded": []}
    for _ in range(runs):
        for reader in results:
            module = "plain" if reader == "plain" else bounded
            results[reader].append(measure(path, module, repeat))
    size = path.stat().st_size / 1e6
    print(f"{name}: {size:.2f} MB, read {repeat} time(s) per run, median of {runs} runs")
    cpu = {r: statistics.median(s for s, _ in runs_) for r, runs_ in results.items()}
    memory = {r: statistics.median(m for _, m in runs_) for r, runs_ in results.items()}
    for reader, label in (("plain", "json.loads"), ("bounded", f"{bounded}.loads")):
        print(f"  {label:<28} {cpu[reader]:8.3f} s CPU   {memory[reader]:8.1f} MiB peak growth")
    print(f"  {'bounded / plain':<28} {cpu['bounded'] / cpu['plain']:8.2f} x CPU "
          f"{memory['bounded'] / max(memory['plain'], 0.1):8.2f} x memory")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--integers", type=int, default=25_000_000)
    parser.add_argument("--repeat", type=int, default=2000,
                        help="readings of the normal record per run")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--bounded", default="carcassonne.json_input",
                        help="the module whose loads is measured against json.loads")
    args = parser.parse_args()
    record = finished_record(7)
    with tempfile.TemporaryDirectory() as folder:
        normal = Path(folder) / "normal.json"
        normal.write_text(json.dumps(record), "utf-8")
        big = Path(folder) / "big.json"
        big.write_text(big_text(record, args.integers), "utf-8")
        compare("big record", big, 1, args.runs, args.bounded)
        compare("normal record", normal, args.repeat, args.runs, args.bounded)


if __name__ == "__main__":
    main()
