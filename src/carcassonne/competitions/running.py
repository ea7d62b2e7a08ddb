"""What a competition does next, decided from its progress alone.

A server running a competition only stores, opens tables and is told how
they ended; every decision is one of these functions, which read a
:class:`~carcassonne.competitions.progress.Progress` and answer a new one
(the one given is never changed), with no clock (``now`` is an argument),
no storage and no network:

- :func:`begin` pairs the first stage and opens its first round;
- :func:`record_game` notes how a game's table ended;
- :func:`advance` does everything that can be done now: decides the matches
  whose games are over (a best-of stops once someone cannot be caught),
  closes rounds, pairs the next round (a Swiss, a knockout) or the next
  stage (groups to a knockout, a title match against the holder) and names
  the winner; it lists the games whose tables are to open now
  (:class:`Opening`): every game of bots at once, a person's match once
  everyone of it pressed "play now" (:func:`with_ready`);
- :func:`no_shows` forfeits the matches of rounds past their deadline that
  never started;
- :func:`with_tables` names the tables opened for the openings.

A league of two bots, one game a match::

    >>> from datetime import UTC, datetime
    >>> rules = Rules.from_setup({"format": "league", "games": 1})
    >>> now = datetime(2026, 4, 1, tzinfo=UTC)
    >>> step = advance(begin(rules, "ev", ["bot:a", "bot:b"], None, now), rules, "ev", now)
    >>> [(o.match, o.game, o.seats) for o in step.openings]
    [('1.1.1', 1, ('bot:a', 'bot:b'))]
    >>> progress = with_tables(step.progress, {step.openings[0]: "t1"})
    >>> progress = record_game(progress, "t1", GameEnd((30, 20)))
    >>> step = advance(progress, rules, "ev", now)
    >>> step.finished, step.winner, step.openings
    (True, 'bot:a', ())
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from carcassonne.competitions.double_elimination import next_round
from carcassonne.competitions.double_elimination import winner as double_winner
from carcassonne.competitions.fixtures import Fixture, PairingError, Round
from carcassonne.competitions.groups import snake_groups
from carcassonne.competitions.knockout import (
    champion,
    first_knockout_round,
    next_knockout_round,
)
from carcassonne.competitions.match_run import settle
from carcassonne.competitions.matches import deck_seed, forfeit
from carcassonne.competitions.multiplayer import least_rounds, multiplayer_round_robin
from carcassonne.competitions.progress import (
    Decided,
    GameEnd,
    Holder,
    Match,
    Progress,
    RoundState,
    Stage,
    round_state,
    stable_number,
)
from carcassonne.competitions.round_robin import round_robin
from carcassonne.competitions.series import Series, stage_series
from carcassonne.competitions.stages import knockout_seeds
from carcassonne.competitions.standings import (
    GAMES,
    HEAD_TO_HEAD,
    SCORE,
    SWISS_TIEBREAKS,
    MatchPoints,
    Standing,
    standings,
)
from carcassonne.competitions.swiss import swiss_round, swiss_rounds

#: The order of the tiebreaks of a league or group, after match points.
LEAGUE_TIEBREAKS = (HEAD_TO_HEAD, GAMES, SCORE)


@dataclass(frozen=True, slots=True)
class Rules:
    """The parts of a competition's setup that decide how it runs."""

    format: str = "league"
    table_size: int = 2
    games: int = 2
    duplicate: bool = True
    groups: int = 1
    advance: int = 2
    rounds: int = 0
    title_games: int = 0
    round_deadline: int | None = None
    points: MatchPoints = field(default_factory=MatchPoints)
    best_of: bool | None = None
    series_start: str = "alternate"
    tie_rules: tuple[tuple[str, str], ...] = ()

    @classmethod
    def from_setup(cls, setup: Mapping[str, Any]) -> Rules:
        """The rules of a stored setup (the server's checked body)."""
        given = setup.get("points") or {}
        defaults = cls()
        values = {name: setup.get(name, getattr(defaults, name)) for name in (
            "format", "table_size", "games", "duplicate", "groups", "advance", "rounds",
            "title_games", "round_deadline", "best_of", "series_start")}
        ties = tuple(sorted((setup.get("tie_rules") or {}).items()))
        return cls(**values, points=MatchPoints(win=given.get("win", 2), draw=given.get(
            "draw", 1), loss=given.get("loss", 0)), tie_rules=ties)

    def series(self, kind: str) -> Series:
        """How the matches of a stage of kind ``kind`` are played."""
        planned = self.title_games if kind == "title" else self.games
        return stage_series(kind, self.format, planned, self.best_of, self.series_start,
                            dict(self.tie_rules))


@dataclass(frozen=True, slots=True)
class Opening:
    """A game whose table is to open now: the match, the game's number, its
    seats (entrants), the entrants a stand-in plays for (they forfeited),
    and the seed of its deck."""

    match: str
    game: int
    seats: tuple[str, ...]
    stand_ins: tuple[str, ...]
    deck_seed: int


@dataclass(frozen=True, slots=True)
class Step:
    """What :func:`advance` decided: the new progress, whether the
    competition is over (and its winner), and the tables to open."""

    progress: Progress
    finished: bool = False
    winner: str | None = None
    openings: tuple[Opening, ...] = ()


# -- starting ---------------------------------------------------------------------------


def begin(rules: Rules, event_id: str, seeds: Sequence[str], holder: Holder | None,
          now: datetime) -> Progress:
    """The progress of a competition started at ``now`` with ``seeds``
    (best first): its first stage paired, its first round opened."""
    stage = first_stage(rules, event_id, list(seeds))
    _open(rules, stage.rounds[0], now)
    return Progress(list(seeds), holder, [stage])


def first_stage(rules: Rules, event_id: str, seeds: list[str]) -> Stage:
    """A league (or groups), a Swiss or a knockout of ``seeds``."""
    if rules.format in ("league", "groups_knockout"):
        return league(rules, event_id, seeds)
    if rules.format == "swiss":
        planned = rules.rounds or swiss_rounds(len(seeds))
        first = round_state(swiss_round(seeds, {}), 0, rules.games, rules.duplicate,
                            event_id, best_of=rules.series("swiss").best_of)
        return Stage("swiss", [first], seeds=list(seeds), planned=planned)
    if rules.format == "double_elimination":
        first_double = double_round(rules, event_id, 0, seeds, [])
        assert first_double is not None  # two entrants or more always play
        return Stage("double_elimination", [first_double], seeds=list(seeds))
    first = round_state(first_knockout_round(seeds), 0, rules.games, rules.duplicate,
                        event_id, best_of=rules.series("knockout").best_of)
    return Stage("knockout", [first], seeds=list(seeds))


def league(rules: Rules, event_id: str, seeds: list[str]) -> Stage:
    """A round robin in the rules' groups (snake seeded), every round of
    every group scheduled at once: round ``n`` holds round ``n`` of each."""
    groups = [list(g) for g in snake_groups(seeds, rules.groups)]
    per_group = []
    for number, members in enumerate(groups):
        if rules.table_size == 2:
            per_group.append(round_robin(members))
        else:
            count = least_rounds(len(members), rules.table_size)
            per_group.append(multiplayer_round_robin(
                members, rules.table_size, count, seed=stable_number(f"{event_id}:{number}")))
    rounds = []
    for index in range(max(len(r) for r in per_group)):
        fixtures: list[Fixture] = []
        owners: list[int] = []
        byes: list[str] = []
        for number, schedule in enumerate(per_group):
            if index < len(schedule):
                fixtures += schedule[index].fixtures
                owners += [number] * len(schedule[index].fixtures)
                byes += schedule[index].byes
        merged = Round(index + 1, tuple(fixtures), tuple(byes))
        rounds.append(round_state(merged, 0, rules.games, rules.duplicate, event_id,
                                  best_of=rules.series("league").best_of, groups=owners))
    return Stage("league", rounds, groups=groups)


def round_winners(stage: Stage) -> list[set[str]]:
    """The winners of each round's matches, round by round."""
    return [{m.result.winner for m in r.matches if m.result and m.result.winner}
            for r in stage.rounds]


def double_round(rules: Rules, event_id: str, stage: int, seeds: Sequence[str],
                 played: Sequence[set[str]]) -> RoundState | None:
    """The next round of a double elimination (stage ``stage``, from 0),
    each match's ``group`` its bracket; None once the stage is done."""
    following = next_round(seeds, played)
    if following is None:
        return None
    return round_state(following.as_round(), stage, rules.games, rules.duplicate, event_id,
                       rules.series("double_elimination").best_of, groups=following.brackets)


def _open(rules: Rules, one: RoundState, now: datetime) -> None:
    one.opened = True
    if rules.round_deadline:
        one.deadline = now + timedelta(seconds=rules.round_deadline)


# -- being told -------------------------------------------------------------------------


def record_game(progress: Progress, table: str, end: GameEnd) -> Progress | None:
    """The progress with the game played at ``table`` ended as ``end``;
    None when no game of it is at that table, or its end is known."""
    for _, game in progress.games():
        if game.table == table:
            if game.ended is not None:
                return None
            changed = progress.copy()
            for _, other in changed.games():
                if other.table == table:
                    other.ended = end
            return changed
    return None


def playing(progress: Progress) -> list[str]:
    """The tables of the current stage's undecided matches whose end is not
    known yet (to ask how they stand after a restart: a progress stored
    before games kept their ends may name several of one match)."""
    out = []
    for one in progress.stages[-1].rounds:
        for match in one.matches:
            if one.opened and match.result is None:
                out += [game.table for game in match.games
                        if game.table and game.ended is None]
    return out


def current_match(progress: Progress, match_id: str) -> Match | None:
    """The match ``match_id`` of an opened round of the current stage."""
    for one in progress.stages[-1].rounds:
        if one.opened:
            for match in one.matches:
                if match.id == match_id:
                    return match
    return None


def with_ready(progress: Progress, match_id: str, entrant: str) -> Progress:
    """The progress with ``entrant`` there for match ``match_id`` ("play now")."""
    changed = progress.copy()
    match = current_match(changed, match_id)
    if match is None:
        raise KeyError(match_id)
    if entrant not in match.ready:
        match.ready.append(entrant)
    return changed


def with_tables(progress: Progress, tables: Mapping[Opening, str]) -> Progress:
    """The progress with each opening's game played at its table."""
    changed = progress.copy()
    for opening, table in tables.items():
        for match, game in changed.games():
            if match.id == opening.match and game.number == opening.game:
                game.table = table
    return changed


# -- deadlines --------------------------------------------------------------------------


def _late(progress: Progress, now: datetime) -> list[Match]:
    late = [r for r in progress.stages[-1].rounds
            if r.opened and r.deadline is not None and r.deadline <= now]
    return [m for r in late for m in r.matches if m.result is None and not m.games[0].table]


def no_shows(progress: Progress, now: datetime) -> Progress | None:
    """The progress with every match of a round past its deadline whose first
    game never started forfeited by whoever did not press "play now" (bots
    are always there): one there wins every game, nobody there is a double
    forfeit; with several there, they play and a stand-in sits for the
    others. None when no match is late."""
    if not _late(progress, now):
        return None
    changed = progress.copy()
    for match in _late(changed, now):
        present = [e for e in match.entrants if e.startswith("bot:") or e in match.ready]
        match.forfeit = [e for e in match.entrants if e not in present]
        if len(present) <= 1:
            result = forfeit(match.entrants, present, len(match.games))
            match.result = Decided(result, present[0] if present else None)
        else:
            match.ready = list(match.entrants)
    return changed


# -- going on ---------------------------------------------------------------------------


def advance(progress: Progress, rules: Rules, event_id: str, now: datetime) -> Step:
    """Everything that can be done now, as :class:`Step`: matches decided,
    rounds closed, the next round or stage paired and opened at ``now``,
    the winner named, and the games to open (see the module docstring)."""
    run = _Run(progress.copy(), rules, event_id, now)
    while not run.finished:
        stage = run.progress.stages[-1]
        one = [r for r in stage.rounds if r.opened][-1]
        for match in one.matches:
            run.match(stage, match)
        if any(m.result is None for m in one.matches):
            break
        run.close_round(stage, one)
    return Step(run.progress, run.finished, run.winner, tuple(run.openings))


def stage_standings(stage: Stage, points: MatchPoints) -> list[tuple[Standing, ...]]:
    """The standings of each group of a league stage, or of a Swiss (one
    group); none for a knockout or a title match."""
    if stage.kind == "league":
        groups = stage.groups or []
        tiebreaks: Sequence[str] = LEAGUE_TIEBREAKS
    elif stage.kind == "swiss":
        groups = [stage.seeds or []]
        tiebreaks = SWISS_TIEBREAKS
    else:
        return []
    out = []
    for index, members in enumerate(groups):
        results = [m.result.result for r in stage.rounds for m in r.matches
                   if m.result is not None and m.group == index]
        byes = [name for r in stage.rounds for name in r.byes if name in members]
        out.append(standings(members, results, byes, points, tiebreaks))
    return out


def tie_order(stage: Stage, entrants: Sequence[str]) -> list[str]:
    """Who is the better seed in a knockout tie: the stage's order (for a
    title match, the holder first: a drawn title match keeps the title)."""
    order = stage.seeds or entrants
    return [e for e in order if e in entrants] + [e for e in entrants if e not in order]


@dataclass
class _Run:
    """One :func:`advance`, changing its own copy of the progress."""

    progress: Progress
    rules: Rules
    event_id: str
    now: datetime
    finished: bool = False
    winner: str | None = None
    openings: list[Opening] = field(default_factory=list)

    def match(self, stage: Stage, match: Match) -> None:
        """Decide ``match`` if its games say so, or open its next game."""
        game = settle(match, self.rules.series(stage.kind), tie_order(stage, match.entrants))
        if game is not None:
            self.openings.append(Opening(
                match.id, game.number, tuple(game.seats),
                tuple(e for e in game.seats if e in (match.forfeit or [])),
                deck_seed(match.seed, game.deck)))

    def _round(self, fixtures: Round, kind: str, games: int | None = None) -> RoundState:
        return round_state(fixtures, len(self.progress.stages) - 1, games or self.rules.games,
                           self.rules.duplicate, self.event_id,
                           self.rules.series(kind).best_of)

    def _add_round(self, stage: Stage, fixtures: Round) -> None:
        one = self._round(fixtures, stage.kind)
        stage.rounds.append(one)
        _open(self.rules, one, self.now)

    def close_round(self, stage: Stage, one: RoundState) -> None:
        """Round ``one`` is decided: open the next round, the next stage, or
        end the competition."""
        index = next(i for i, r in enumerate(stage.rounds) if r is one)
        if index + 1 < len(stage.rounds):  # a league's next round
            _open(self.rules, stage.rounds[index + 1], self.now)
            return
        if stage.kind == "swiss" and len(stage.rounds) < (stage.planned or 0):
            table = stage_standings(stage, self.rules.points)[0]
            points = {row.entrant: row.points for row in table}
            try:
                paired: Round | None = swiss_round(stage.seeds or [], points,
                                                   [r.as_round() for r in stage.rounds])
            except PairingError:
                paired = None
            if paired is not None:
                self._add_round(stage, paired)
                return
        if stage.kind == "knockout":
            winners = [m.result.winner for m in one.matches
                       if m.result is not None and m.result.winner]
            previous = one.as_round()
            if len(previous.lines) > 2:
                self._add_round(stage, next_knockout_round(previous, winners))
                return
        if stage.kind == "double_elimination":
            following = double_round(self.rules, self.event_id, len(self.progress.stages) - 1,
                                     stage.seeds or [], round_winners(stage))
            if following is not None:
                stage.rounds.append(following)
                _open(self.rules, following, self.now)
                return
        stage.done = True
        self.next_stage(stage, one)

    def next_stage(self, stage: Stage, last: RoundState) -> None:
        """Stage ``stage`` is over (``last`` its last round): the knockout
        after the groups, a title match, or the end."""
        rules = self.rules
        stages = self.progress.stages
        if stage.kind == "league" and rules.format == "groups_knockout":
            tables = stage_standings(stage, rules.points)
            top = min(rules.advance, min(len(t) for t in tables))
            seeds = list(knockout_seeds([[row.entrant for row in t] for t in tables], top))
            if len(seeds) >= 2:
                stages.append(Stage("knockout", [], seeds=seeds))
                self._add_round(stages[-1], first_knockout_round(seeds))
                return
            self.finish(seeds[0] if seeds else None)
            return
        winners = [m.result.winner for m in last.matches
                   if m.result is not None and m.result.winner]
        if stage.kind == "title":
            self.finish(winners[0] if winners else None)
            return
        best: str | None
        if stage.kind == "double_elimination":
            best = double_winner(stage.seeds or [], round_winners(stage))
        elif stage.kind == "knockout":
            best = (champion(last.as_round(), winners) if len(last.lines) == 2
                    else winners[0] if winners else None)
        else:  # nobody wins a league nobody played
            top_row = stage_standings(stage, rules.points)[0][0]
            best = top_row.entrant if top_row.wins or top_row.draws or top_row.byes else None
        holder = self.progress.holder
        if rules.title_games and holder and best and holder.id != best:
            pair = Round(1, (Fixture((holder.id, best)),))
            stages.append(Stage("title", [], seeds=[holder.id, best]))
            title = self._round(pair, "title", games=rules.title_games)
            stages[-1].rounds.append(title)
            _open(rules, title, self.now)
            return
        self.finish(best)

    def finish(self, winner: str | None) -> None:
        self.finished = True
        self.winner = winner
