"""The review of a whole game: every decision weighed and classed, and each player's summary.

:func:`analyse` replays a record (docs/formats.md) move by move, and at
every *decision* (a move whose player had more than one legal move; a
forced move teaches nothing) weighs the move played against the best moves
found (:mod:`.decisions`). Each decision gets the value after the move
played and after the best move, the loss between them, and its class
(:mod:`.classes`). Each player's summary gives their decisions, the
average loss a decision, how many fell in each class, and their largest
losses.

The same record, settings and seed give the same review, whatever the
machine, unless a time limit (``seconds``) cut a decision short.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass, field
from typing import Any

from carcassonne.analysis.chances import to_come, win_chance
from carcassonne.analysis.classes import BOUNDS, CLASSES, classify
from carcassonne.analysis.decisions import main_line, weigh
from carcassonne.analysis.themes import THEMES, themes
from carcassonne.bots.expectimax import Plan
from carcassonne.engine import Game
from carcassonne.engine.moves import AnyMove
from carcassonne.engine.records import RecordError

#: How many of a player's largest losses their summary lists.
LARGEST = 3
#: Decisions with at most this many tiles left to place (the one in hand
#: included) are solved exactly when the solution fits its budget
#: (:mod:`.endgame`; docs/analysis.md measures the cost).
EXACT = 3


@dataclass(frozen=True)
class Decision:
    """One decision of the game, weighed. ``index`` is the move's index in
    the record (counted from 0); values are the mover's expected final lead
    in points (see :mod:`.decisions`)."""

    index: int
    player: int
    played: str
    best: str
    played_value: float
    best_value: float
    loss: float
    klass: str
    choices: int
    tiles: int
    exact: bool = False
    #: What the loss was about (:mod:`.themes`), for an inaccuracy or worse.
    about: tuple[str, ...] = ()
    #: For an inaccuracy or worse, an example of what may follow the best
    #: move: ``(player, move)`` on the likeliest tiles (:func:`.main_line`).
    line: tuple[tuple[int, str], ...] = ()
    #: With two players, the mover's chance of winning after the move
    #: played and after the best move (:mod:`.chances`); ``None`` with more.
    played_chance: float | None = None
    best_chance: float | None = None

    def to_dict(self) -> dict[str, Any]:
        """As the JSON of ``carcassonne analyse --json`` gives it."""
        return {"move": self.index, "player": self.player, "played": self.played,
                "best": self.best, "played_value": round(self.played_value, 2),
                "best_value": round(self.best_value, 2), "loss": round(self.loss, 2),
                "class": self.klass, "choices": self.choices, "tiles": self.tiles,
                "exact": self.exact, "about": list(self.about),
                "line": [{"player": p, "move": m} for p, m in self.line],
                "played_chance": _rounded(self.played_chance),
                "best_chance": _rounded(self.best_chance)}


def _rounded(chance: float | None) -> float | None:
    return None if chance is None else round(chance, 3)


@dataclass
class Review:
    """A game's review: its players and final scores, and its decisions in
    the order they were made."""

    players: list[str]
    scores: list[int]
    decisions: list[Decision] = field(default_factory=list)

    def summary(self) -> list[dict[str, Any]]:
        """Per player: decisions, average loss a decision, the count of each
        class, what their inaccuracies and worse were about (the count of
        each theme, :mod:`.themes`), and the largest losses (at least an
        inaccuracy), largest first."""
        out = []
        for seat, name in enumerate(self.players):
            own = [d for d in self.decisions if d.player == seat]
            worst = sorted((d for d in own if d.klass not in ("best", "good")),
                           key=lambda d: (-d.loss, d.index))[:LARGEST]
            out.append({
                "player": seat, "name": name, "score": self.scores[seat],
                "decisions": len(own),
                "average_loss": round(sum(d.loss for d in own) / len(own), 2) if own else 0.0,
                "classes": {k: sum(1 for d in own if d.klass == k) for k in CLASSES},
                "about": {k: sum(1 for d in own if k in d.about) for k in THEMES},
                "largest": [{"move": d.index, "loss": round(d.loss, 2), "class": d.klass}
                            for d in worst],
            })
        return out

    def to_dict(self) -> dict[str, Any]:
        """The whole review as JSON-ready data."""
        return {"players": self.players, "scores": self.scores,
                "decisions": [d.to_dict() for d in self.decisions],
                "summary": self.summary()}


def start_of(record: Any) -> Game:
    """The game of ``record`` before its first move (the record is assumed
    replayable: :func:`replayed` checks it first)."""
    empty = {key: value for key, value in record.items() if key != "result"}
    empty["moves"] = []
    return Game.from_record(empty, check_result=False)


def replayed(record: Any) -> Game:
    """The game of ``record`` replayed and checked, or :class:`RecordError`
    naming the move and the rule."""
    whole = Game.from_record(record, check_result=True)
    if not isinstance(record, dict):  # (from_record refuses these first)
        raise RecordError("a record is a JSON object")
    return whole


@dataclass(frozen=True)
class Step:
    """A decision to weigh: its index in the record, its player, the game
    just before it (a copy of its own), the move played and how many legal
    moves there were; ``also``, moves weighed besides the candidates (the
    move really played, when another is tried in its place)."""

    index: int
    player: int
    game: Game
    move: AnyMove
    choices: int
    also: tuple[AnyMove, ...] = ()


def steps(record: Any, whole: Game, seats: Collection[int] | None = None) -> Iterator[Step]:
    """The decisions of ``record`` (replayed as ``whole``, :func:`replayed`),
    those of ``seats`` only when given, in the order they were made."""
    game = start_of(record)
    for index, move in enumerate(whole.moves):
        choices = len(game.legal_moves())
        player = whole.movers[index]
        if choices > 1 and (seats is None or player in seats):
            yield Step(index, player, game.copy(), move, choices)
        game.play(move)


def step_at(record: Any, index: int, move: AnyMove | None = None) -> Step:
    """Decision ``index`` of ``record`` (replayable), with ``move`` in
    place of the move played when given: the position "try again" weighs
    another move in. ``ValueError`` for an index that is no decision of
    the record (out of range, or a forced move) and for a ``move`` that is
    not legal there (:class:`IllegalMove`, naming the rule)."""
    whole = replayed(record)
    if not 0 <= index < len(whole.moves):
        raise ValueError(f"the record has no move {index} (it has {len(whole.moves)})")
    game = start_of(record)
    for played in whole.moves[:index]:
        game.play(played)
    choices = len(game.legal_moves())
    if choices < 2:
        raise ValueError(f"move {index} was forced: there was nothing else to play")
    played = whole.moves[index]
    if move is None:
        return Step(index, whole.movers[index], game, played, choices)
    game.copy().play(move)  # raises IllegalMove, naming the rule
    # the move played is weighed too, so the candidates are the review's own
    return Step(index, whole.movers[index], game, move, choices, (played,))


def decide(step: Step, plan: Plan, seed: int, seconds: float | None = None,
           exact: int = EXACT) -> Decision:
    """Weigh one decision (:func:`.decisions.weigh`), seeded by ``seed`` and
    its index: the same in any process."""
    weighed = weigh(step.game, step.move, plan, seed * 1_000_003 + step.index, seconds, exact,
                    step.also)
    best_value, played_value = weighed.values[weighed.best], weighed.values[step.move]
    loss = max(0.0, weighed.loss(step.move))
    about: tuple[str, ...] = ()
    line: tuple[tuple[int, str], ...] = ()
    if loss >= BOUNDS["good"]:
        about = themes(step.game, step.move, weighed.best)
        line = tuple((p, str(m)) for p, m in main_line(step.game, weighed.best, plan,
                                                         seed * 1_000_003 + step.index))
    chance: tuple[float | None, float | None] = (None, None)
    if len(step.game.players) == 2:
        left = to_come(step.game)
        chance = (win_chance(played_value, left), win_chance(best_value, left))
    return Decision(step.index, step.player, str(step.move), str(weighed.best), played_value,
                    best_value, loss, classify(loss), step.choices, weighed.tiles,
                    weighed.exact, about, line, *chance)


def analyse(record: Any, plan: Plan | None = None, seed: int = 0,
            seconds: float | None = None, exact: int = EXACT,
            progress: Callable[[int, int], None] | None = None,
            seats: Collection[int] | None = None) -> Review:
    """Review the game of ``record``: every decision weighed with ``plan``
    (the expert's by default), each seeded by ``seed`` and its index, and
    cut to ``seconds`` when given; solved exactly once at most ``exact``
    tiles are left to place (:mod:`.endgame`). ``progress(done, total)`` is
    called after each decision weighed. With ``seats``, only those players'
    decisions are weighed (a player reviewing their own moves). Raises
    :class:`RecordError` for a record that does not replay, naming the move
    and the rule."""
    plan = plan or Plan()
    whole = replayed(record)
    review = Review(list(whole.players), list(whole.scores))
    todo = list(steps(record, whole, seats))
    for step in todo:
        review.decisions.append(decide(step, plan, seed, seconds, exact))
        if progress is not None:
            progress(len(review.decisions), len(todo))
    return review
