"""The Wonders of Humanity, set I (docs/rules.md §11): earning, placing and using wonders.

The pieces themselves come from data (``tiles/wonders.toml``, read by
``tiles/pieces.py``) and are placed by the engine like any piece; this module
holds the rest:

* setup: 6 meeples each, one wonder laid out per player (``WON-SETUP-*``);
* the pairs beside 10, 15, 20, 25 and the decisions of who takes which
  wonder (``WON-GET-*``, ``WON-PAIR``);
* the wonder a player holds, placed on their next turn instead of drawing
  (``WON-PLACE-1``);
* the abilities, by the ``ability`` named in the data (``WON-STONE``,
  ``WON-CIRCUS``, ``WON-ALHAMBRA``, ``WON-NOTRE``).

State kept per game (``position.state["wonders"]``): the wonders laid out and
still available, who owns, holds (taken, not placed) and has placed which,
each pair's space (None once taken), and the seat chosen by the active
player to take the next wonder.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Final

from carcassonne.engine.errors import SetupError, shown
from carcassonne.engine.events import ScoreEvent
from carcassonne.engine.expansions.base import Expansion, PositionView
from carcassonne.engine.moves import AnyMove, AwardWonder, TakeWonder
from carcassonne.tiles import CITY, FIELD, ROAD
from carcassonne.tiles.geometry import unpack
from carcassonne.tiles.pieces import PIECES

if TYPE_CHECKING:
    from carcassonne.engine.events import Award

#: The first pair space and how far pairs move on, up to the last (``WON-GET-1``, ``-2``).
FIRST_PAIR, PAIR_STEP, LAST_PAIR = 10, 5, 25
#: Meeples in supply with this set (``WON-SETUP-1``).
MEEPLES: Final = 6
#: Points per completed road for Stonehenge's owner (``WON-STONE``).
STONEHENGE: Final = 3
#: Points per own farmer for the Alhambra's owner (``WON-ALHAMBRA``).
ALHAMBRA: Final = 4


def laid_out(players: int, given: Any, seed: Any) -> tuple[str, ...]:
    """The wonders of a game (``WON-SETUP-2``): ``given``, checked, or all of
    them with as many players as wonders, else a selection drawn with ``seed``."""
    known = list(PIECES)
    if given is None:
        if players >= len(known):
            return tuple(known[:players])
        chosen = random.Random(f"wonders:{seed}").sample(known, players)
        return tuple(w for w in known if w in chosen)
    if not isinstance(given, list | tuple) or not all(isinstance(w, str) for w in given):
        raise SetupError(f"wonders must be a list of wonder ids, not {shown(given)}")
    given = list(given)
    for wonder in given:
        if wonder not in PIECES:
            raise SetupError(f"unknown wonder {shown(wonder)} (known: {', '.join(known)})")
    if len(set(given)) != len(given):
        raise SetupError(f"a wonder is laid out twice in {given}")
    if len(given) != players:
        raise SetupError(f"lay out one wonder per player: {players} players, "
                         f"{len(given)} wonders (WON-SETUP-2)")
    return tuple(given)


class Wonders(Expansion):
    set_name = "wonders"
    player_cap = 4  # WON-1: one wonder per player, four wonders

    def figures(self) -> dict[str, tuple[int, int]]:
        return {"meeple": (MEEPLES, 1)}  # WON-SETUP-1: the pair waits beside 10

    # -- state -----------------------------------------------------------------------

    def new_state(self, players: int, setup: dict[str, Any]) -> Any:
        wonders = laid_out(players, setup.get("wonders"), setup.get("seed"))
        return {"laid_out": wonders, "available": list(wonders),
                "owner": [None] * players, "held": [None] * players, "placed": [],
                "pairs": [FIRST_PAIR] * players, "chosen": None}

    def copy_state(self, state: Any) -> Any:
        return {**state, "available": state["available"].copy(),
                "owner": state["owner"].copy(), "held": state["held"].copy(),
                "placed": state["placed"].copy(), "pairs": state["pairs"].copy()}

    def setup_record(self, state: Any) -> dict[str, Any]:
        return {"wonders": list(state["laid_out"])}

    # -- earning a wonder -----------------------------------------------------------

    def _qualifiers(self, position: PositionView) -> list[int]:
        """Seats whose score reached their pair, without a wonder (``WON-GET-1``, ``-4``)."""
        state = position.state["wonders"]
        return [p for p, pair in enumerate(state["pairs"])
                if pair is not None and state["owner"][p] is None and position.scores[p] >= pair]

    def decision(self, position: PositionView, active: int) -> tuple[int, list[AnyMove]] | None:
        state = position.state["wonders"]
        if not state["available"]:
            return None  # WON-GET-5
        chosen = state["chosen"]
        if chosen is None:
            qualifiers = self._qualifiers(position)  # asked after every move: no wonder first
            if not qualifiers:
                return None
            if len(qualifiers) > 1:
                return active, [AwardWonder(p) for p in qualifiers]  # WON-GET-3
            chosen = qualifiers[0]
        takes: list[AnyMove] = [TakeWonder(w) for w in state["available"]]
        return chosen, takes

    def refuse_decision(self, position: PositionView, move: AnyMove) -> str | None:
        state = position.state["wonders"]
        if isinstance(move, TakeWonder):
            if move.wonder not in state["laid_out"]:
                return f"WON-GET-1: {move.wonder} is not laid out in this game"
            if move.wonder not in state["available"]:
                return f"WON-GET-1: {move.wonder} is already taken"
            return "WON-GET-3: first the active player decides who takes the next wonder"
        if isinstance(move, AwardWonder):
            return (f"WON-GET-3: seat {move.player} cannot take a wonder now (qualifying: "
                    f"{', '.join(str(p) for p in self._qualifiers(position))})")
        return None

    def decide(self, position: PositionView, move: AnyMove) -> None:
        state = position.state["wonders"]
        if isinstance(move, AwardWonder):
            state["chosen"] = move.player
            return
        assert isinstance(move, TakeWonder)
        seat = position.current
        state["chosen"] = None
        state["owner"][seat] = state["held"][seat] = move.wonder
        state["available"].remove(move.wonder)
        pairs = state["pairs"]
        pairs[seat] = None
        position.change_supply(seat, "meeple", 1)  # WON-PAIR: one of the pair joins the supply
        for p, pair in enumerate(pairs):  # WON-GET-1 (c), WON-GET-2
            if pair is not None:
                pairs[p] = min(pair + PAIR_STEP, LAST_PAIR)

    # -- placing it --------------------------------------------------------------------

    def piece_to_place(self, position: PositionView, player: int) -> str | None:
        held: str | None = position.state["wonders"]["held"][player]
        return held  # WON-PLACE-1, WON-PLACE-5

    def piece_placed(self, position: PositionView, player: int, piece: str, anchor: int,
                     rotation: int, move: int) -> None:
        state = position.state["wonders"]
        state["held"][player] = None
        # WON-PLACE-4: the marker stands on the wonder from now on.
        state["placed"].append({"wonder": piece, "player": player, "at": list(unpack(anchor)),
                                "rotation": rotation, "move": move, "turn": position.turn})

    # -- abilities ----------------------------------------------------------------------

    def _placed(self, position: PositionView, ability: str) -> list[dict[str, Any]]:
        return [p for p in position.state["wonders"]["placed"]
                if PIECES[p["wonder"]].ability == ability]

    def before_scoring(self, position: PositionView, roots: list[int], move: int,
                       award: Award) -> None:
        """``WON-STONE``: 3 points per completed road with a follower, on
        the owner's turns, from the turn after Stonehenge was placed."""
        active = position.current
        features = position.features
        for placed in self._placed(position, "stonehenge"):
            if placed["player"] != active:
                continue
            if placed["turn"] == position.turn and not self.options.stonehenge_on_placing_turn:
                continue
            for r in roots:
                if features.node_seg[r].kind == ROAD and features.followers[r]:
                    name = PIECES[placed["wonder"]].name
                    award(ScoreEvent(move, active, STONEHENGE, "wonder", False,
                                     f"{name}: road completed: {STONEHENGE}"))

    def opening_final_scoring(self, position: PositionView, award: Award) -> None:
        """``WON-ORDER``: placed wonders score first, owners in seat order."""
        placed = sorted(position.state["wonders"]["placed"], key=lambda p: p["player"])
        for entry in placed:
            ability = PIECES[entry["wonder"]].ability
            name = PIECES[entry["wonder"]].name
            if ability == "circus_maximus":
                self._circus(position, entry["player"], name, award)
            elif ability == "alhambra":
                self._alhambra(position, entry["player"], name, award)
            elif ability == "notre_dame":
                self._notre_dame(position, entry["player"], name, award)

    def _followers_on(self, position: PositionView, kind: int) -> list[int]:
        """The owner of each follower standing in a feature of ``kind``."""
        node_seg, strength = position.features.node_seg, position.strength
        return [p for node, (p, figure) in position.figures.items()
                if strength[figure] and node_seg[node].kind == kind]

    def _circus(self, position: PositionView, owner: int, name: str, award: Award) -> None:
        """``WON-CIRCUS``: per opponent's knight, as many points as players."""
        knights = sum(1 for p in self._followers_on(position, CITY) if p != owner)
        each = len(position.players)
        if knights:
            award(ScoreEvent(None, owner, knights * each, "wonder", True,
                             f"{name}: {knights} "
                             f"{'knight' if knights == 1 else 'knights'} of opponents, "
                             f"{each} each: {knights * each}"))

    def _alhambra(self, position: PositionView, owner: int, name: str, award: Award) -> None:
        """``WON-ALHAMBRA``: 4 points per own farmer."""
        farmers = sum(1 for p in self._followers_on(position, FIELD) if p == owner)
        if farmers:
            award(ScoreEvent(None, owner, farmers * ALHAMBRA, "wonder", True,
                             f"{name}: {farmers} {'farmer' if farmers == 1 else 'farmers'}, "
                             f"{ALHAMBRA} each: {farmers * ALHAMBRA}"))

    def _notre_dame(self, position: PositionView, owner: int, name: str, award: Award) -> None:
        """``WON-NOTRE``: no ability is known; this is where it goes."""

    # -- view ---------------------------------------------------------------------------

    def view(self, position: PositionView, player: int | None) -> dict[str, Any]:
        state = position.state["wonders"]
        return {"wonders": {
            "laid_out": list(state["laid_out"]), "available": list(state["available"]),
            "owner": list(state["owner"]), "held": list(state["held"]),
            "placed": [{k: p[k] for k in ("wonder", "player", "at", "rotation")}
                       for p in state["placed"]],
            "pairs": list(state["pairs"]),
            "deciding": _deciding(position),
        }}


def _deciding(position: PositionView) -> dict[str, Any] | None:
    """The wonder decision being made now: who decides and whether they
    ``take`` a wonder or ``award`` the next one to a player; None otherwise."""
    mode = position.mode
    if mode is None or mode[0] != "decide" or position.over:
        return None
    kind = "award" if isinstance(mode[3][0], AwardWonder) else "take"
    return {"seat": mode[2], "kind": kind}
