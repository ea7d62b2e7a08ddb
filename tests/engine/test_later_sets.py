"""Sets the contract names before the engine plays them.

Every set the contract names is played today (``LATER_SETS`` is empty);
these tests stay for the next set named before it plays: its rules in
docs/rules.md, its name in docs/formats.md and its tile data in the
package (as ``river.toml``, ``gardens.toml``, ``princess_dragon.toml``
were). Until the engine plays it, a game, a record or a command that asks
for it is refused with words that say it is not playable yet.
"""

from __future__ import annotations

import subprocess
import sys
import tomllib
from importlib import resources

import pytest

from carcassonne import Game
from carcassonne.engine import SetupError
from carcassonne.engine.setup import LATER_SETS, SUPPORTED_SETS
from carcassonne.tiles import SET_NAMES, TILES, TILES_BY_SET

DATA = resources.files("carcassonne.tiles").joinpath("data")
LATER_FILES = {"river.toml": "tiles", "gardens.toml": "gardens",
               "princess_dragon.toml": "tiles"}


@pytest.mark.parametrize("name", sorted(LATER_FILES))
def test_the_data_of_later_sets_is_carried_and_reads_as_toml(name: str) -> None:
    data = tomllib.loads(DATA.joinpath(name).read_text("utf-8"))
    entries = data[LATER_FILES[name]]
    assert entries and all("id" in entry for entry in entries)


def test_the_loader_reads_every_set_and_the_engine_names_those_it_plays() -> None:
    assert set(TILES_BY_SET) == set(SET_NAMES) == set(SUPPORTED_SETS) | set(LATER_SETS)
    assert any(tile_id.startswith("RI") for tile_id in TILES)
    assert any(tile_id.startswith("DG/") for tile_id in TILES)


@pytest.mark.parametrize("later", LATER_SETS)
def test_a_game_of_a_later_set_is_refused_as_not_playable_yet(later: str) -> None:
    with pytest.raises(SetupError, match=f"the set '{later}' is not playable yet"):
        Game.new(players=2, sets=["base", later])


@pytest.mark.skipif(not LATER_SETS, reason="every set is playable")
def test_a_record_of_a_later_set_is_refused_with_the_same_words() -> None:
    later = LATER_SETS[-1]
    record = Game.new(players=2, seed=1).to_record()
    record["setup"]["sets"] = ["base", later]
    with pytest.raises(ValueError, match=f"'{later}' is not playable yet"):
        Game.from_record(record)


@pytest.mark.skipif(not LATER_SETS, reason="every set is playable")
def test_the_command_line_says_so_in_one_line() -> None:
    later = LATER_SETS[-1]
    done = subprocess.run([sys.executable, "-m", "carcassonne", "play", "--sets",
                           f"base,{later}"], capture_output=True, text=True,
                          timeout=300, check=False)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert f"'{later}' is not playable yet" in done.stderr
