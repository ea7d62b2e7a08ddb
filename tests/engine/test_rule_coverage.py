"""Every rule of the base game and of the variants is shown by a scenario.

docs/rules.md gives each rule an id (``PLACE-4``, ``FINAL-5``, ``VAR-HAND-3``).
The base game and its variants are §1-§7 and §12, Inns & Cathedrals is §8,
Traders & Builders §9, The Watchtowers §10, The Wonders of Humanity §11,
The River §15, The Abbot §16, The Princess & the Dragon §17 and the next
tile drawn ahead §18;
every id of those sections must be named in the ``test.rules`` of at least
one scenario record under ``tests/records`` (see ``test_records.py``). A rule
that no scenario names is a rule nobody has checked.

The ids are written out below, and compared with the ids read from the
project's copy of the rules contract (``docs/rules.md``, kept identical to
the shared one by ``test_docs.py``), so a rule added or renamed there shows
up here at once.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from test_records import SCENARIOS, covered_rules, load

from carcassonne import Game

#: The rule ids of docs/rules.md §1-§7 (base game) and §12 (variants), in order.
BASE_AND_VARIANT_RULES = (
    # §1 Setup
    "SETUP-1", "SETUP-2", "SETUP-3", "SETUP-4", "SETUP-5",
    # §3 Tile placement (§2, the turn structure, has no ids of its own)
    "PLACE-1", "PLACE-2", "PLACE-3", "PLACE-4", "PLACE-5", "PLACE-6",
    # §4 Features and completion
    "FEAT-ROAD", "FEAT-CITY", "FEAT-MON", "FEAT-FIELD", "FEAT-TERM",
    # §5 Placing figures
    "MEEPLE-1", "MEEPLE-2", "MEEPLE-3", "MEEPLE-4", "MEEPLE-5", "MEEPLE-6", "MEEPLE-7",
    "MEEPLE-8",
    # §6 Scoring during the game
    "SCORE-1", "SCORE-2", "SCORE-3", "SCORE-4", "SCORE-5", "SCORE-6",
    # §7 Final scoring
    "FINAL-1", "FINAL-2", "FINAL-3", "FINAL-4", "FINAL-5", "FINAL-6", "FINAL-7", "FINAL-8",
    "FINAL-9",
    # §12 Variants: 3-tile hand, first-edition farms, 2-point small city
    "VAR-HAND-1", "VAR-HAND-2", "VAR-HAND-3", "VAR-HAND-4", "VAR-HAND-5", "VAR-HAND-6",
    "VAR-FARM1-1", "VAR-FARM1-2", "VAR-FARM1-3",
    "VAR-TINY-1", "VAR-TINY-2",
)

#: The sections of docs/rules.md whose rules the base game engine must show.
SECTIONS = {1, 2, 3, 4, 5, 6, 7, 12}

#: The rule ids of docs/rules.md §8 (Inns & Cathedrals), in order.
INNS_CATHEDRALS_RULES = (
    "IC-TILES", "IC-LARGE-1", "IC-LARGE-2", "IC-INN-1", "IC-INN-2", "IC-INN-3",
    "IC-CATH-1", "IC-CATH-2", "IC-FIELD", "IC-TINY", "IC-CROSS", "IC-VERSION",
)

#: The rule ids of docs/rules.md §9 (Traders & Builders), in order.
TRADERS_BUILDERS_RULES = (
    # Trade goods
    "TB-GOODS-1", "TB-GOODS-2", "TB-GOODS-3", "TB-GOODS-4", "TB-GOODS-BGA",
    # Builder
    "TB-BUILD-1", "TB-BUILD-2", "TB-BUILD-3", "TB-BUILD-4", "TB-BUILD-5", "TB-BUILD-6",
    "TB-BUILD-7", "TB-BUILD-8",
    # Pig
    "TB-PIG-1", "TB-PIG-2", "TB-PIG-3", "TB-PIG-4",
)

#: The rule ids of docs/rules.md §10 (The Watchtowers), in order.
WATCHTOWERS_RULES = (
    "WT-TILES", "WT-PLACE", "WT-TRIGGER", "WT-AREA", "WT-WHO", "WT-TIMING", "WT-FINAL",
    "WT-EDITIONS",
)

#: The rule ids of docs/rules.md §11 (The Wonders of Humanity), in order.
WONDERS_RULES = (
    # Components and setup
    "WON-1", "WON-2", "WON-SETUP-1", "WON-SETUP-2",
    # Obtaining a wonder
    "WON-GET-1", "WON-GET-2", "WON-GET-3", "WON-GET-4", "WON-GET-5", "WON-PAIR",
    # Placing the wonder tile
    "WON-PLACE-1", "WON-PLACE-2", "WON-PLACE-3", "WON-PLACE-4", "WON-PLACE-5",
    # Figures on the wonder tile
    "WON-MEEPLE-1", "WON-MEEPLE-2", "WON-COUNT", "WON-NEUTRAL",
    # Abilities
    "WON-STONE", "WON-CIRCUS", "WON-ALHAMBRA", "WON-NOTRE", "WON-ORDER",
    # Geometry
    "WON-SHAPE",
)

#: The rule ids of docs/rules.md §15 (The River), in order.
RIVER_RULES = (
    # Components and setup
    "RIVER-1", "RIVER-SETUP-1", "RIVER-SETUP-2", "RIVER-SETUP-3",
    # Placing river tiles
    "RIVER-PLACE-1", "RIVER-UTURN", "RIVER-LOOKAHEAD", "RIVER-UNPLACEABLE", "RIVER-WONDER",
    "RIVER-BUILDER",
    # Figures and features on river tiles
    "RIVER-FEAT-1", "RIVER-FEAT-2", "RIVER-FEAT-3", "RIVER-SCORE",
    # Record
    "RIVER-REC",
)

#: The rule ids of docs/rules.md §18 (the next tile drawn ahead), in order.
DRAW_AHEAD_RULES = ("VAR-AHEAD-1", "VAR-AHEAD-2", "VAR-AHEAD-3", "VAR-AHEAD-4", "VAR-AHEAD-5")

#: The rule ids of docs/rules.md §16 (The Abbot), in order.
ABBOT_RULES = (
    # Figure, gardens, setup
    "ABBOT-1", "ABBOT-2", "ABBOT-3", "ABBOT-4",
    # Placing, scoring, recalling
    "ABBOT-PLACE", "ABBOT-SCORE", "ABBOT-RECALL", "ABBOT-RECALL-2", "ABBOT-FINAL",
    # Interaction with the other sets
    "ABBOT-IC", "ABBOT-TB", "ABBOT-WT", "ABBOT-WON", "ABBOT-PD", "ABBOT-RIVER",
)

#: The rule ids of docs/rules.md §17 (The Princess & the Dragon), in order.
PRINCESS_DRAGON_RULES = (
    # Components and setup
    "PD-1", "PD-SETUP-1", "PD-SETUP-2",
    # Volcano and dragon
    "PD-VOLCANO", "PD-DRAGON-TILE", "PD-DRAGON-EAT", "PD-DRAGON-BLOCK", "PD-DRAGON-WHEN",
    "PD-DRAGON-SQUARE",
    # The fairy
    "PD-FAIRY-1", "PD-FAIRY-2", "PD-FAIRY-3", "PD-FAIRY-4", "PD-FAIRY-5",
    # Magic portal and princess
    "PD-PORTAL", "PD-PRINCESS",
    # Scoring, final scoring, other sets
    "PD-SCORE", "PD-IC", "PD-TB", "PD-WT", "PD-WON", "PD-RIVER", "PD-REC",
)

RULES_MD = Path(__file__).parents[2] / "docs" / "rules.md"

_SECTION = re.compile(r"^## (\d+)\.")
_RULE_BULLET = re.compile(r"^\s*[*-] `([A-Z0-9]+(?:-[A-Z0-9]+)+)`")


def rules_in_spec(text: str, sections: set[int]) -> list[str]:
    """The rule ids that open a bullet (``* `PLACE-4` ...``) inside the
    given top-level sections (``## 4. ...``) of a docs/rules.md text."""
    ids: list[str] = []
    section: int | None = None
    for line in text.splitlines():
        heading = _SECTION.match(line)
        if heading:
            section = int(heading.group(1))
            continue
        bullet = _RULE_BULLET.match(line)
        if bullet and section in sections:
            ids.append(bullet.group(1))
    return ids


def test_reading_the_spec_finds_rule_bullets_only() -> None:
    text = "\n".join([
        "## 3. Tile placement",
        "* `PLACE-1` The new tile must share an edge.",
        "* Plain bullet, no id; `PLACE-9` mentioned later is no rule.",
        "### 3.1 A subsection",
        "- `PLACE-2` Edges must match.",
        "## 8. Inns & Cathedrals",
        "* `IC-TILES` 18 tiles.",
    ])
    assert rules_in_spec(text, {3}) == ["PLACE-1", "PLACE-2"]
    assert rules_in_spec(text, {8}) == ["IC-TILES"]


@pytest.mark.parametrize(("sections", "listed"), [
    (SECTIONS, BASE_AND_VARIANT_RULES),
    ({8}, INNS_CATHEDRALS_RULES),
    ({9}, TRADERS_BUILDERS_RULES),
    ({10}, WATCHTOWERS_RULES),
    ({11}, WONDERS_RULES),
    ({15}, RIVER_RULES),
    ({16}, ABBOT_RULES),
    ({17}, PRINCESS_DRAGON_RULES),
    ({18}, DRAW_AHEAD_RULES),
], ids=["base and variants", "inns_cathedrals", "traders_builders", "watchtowers", "wonders",
        "river", "abbot", "princess_dragon", "draw_ahead"])
def test_rule_list_matches_the_contract(sections: set[int], listed: tuple[str, ...]) -> None:
    assert rules_in_spec(RULES_MD.read_text("utf-8"), sections) == list(listed)


def _all_rules() -> list[str]:
    """The ids written out here, then any the contract has beside them."""
    ids = [*BASE_AND_VARIANT_RULES, *INNS_CATHEDRALS_RULES, *TRADERS_BUILDERS_RULES,
           *WATCHTOWERS_RULES, *WONDERS_RULES, *RIVER_RULES, *ABBOT_RULES,
           *PRINCESS_DRAGON_RULES, *DRAW_AHEAD_RULES]
    text = RULES_MD.read_text("utf-8")
    for sections in (SECTIONS, {8}, {9}, {10}, {11}, {15}, {16}, {17}, {18}):
        ids += [r for r in rules_in_spec(text, sections) if r not in ids]
    return ids


@pytest.mark.parametrize("rule", _all_rules())
def test_rule_has_a_scenario(rule: str) -> None:
    assert rule in covered_rules(), f"no record under tests/records names {rule} in test.rules"


@pytest.mark.parametrize(
    "path",
    [p for p in SCENARIOS if "winners" in load(p).get("result", {})],
    ids=lambda p: p.stem,
)
def test_recorded_winners(path: Path) -> None:
    """``FINAL-9``: the winners a record states are the top scorers of its
    replay, every one of them when several tie."""
    record = load(path)
    game = Game.from_record(record)
    assert list(game.winners) == record["result"]["winners"]
