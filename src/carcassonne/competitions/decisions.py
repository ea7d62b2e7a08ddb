"""What a referee's decision does to a competition's progress, decided purely.

A competition's results come from its tables; a referee (or the organizer)
may decide instead, with a written reason the server keeps. Each decision
is a function of the stored :class:`~carcassonne.competitions.progress.Progress`
answering a new one (the one given is never changed), or refusing with a
:class:`DecisionError` that says why, nothing changed:

- :func:`decide_game`: a game ended with these scores, as if its table had
  ended so. A table still being played is no longer awaited (the server
  ends it). A game that never had a table is given the name
  :func:`decided_table` in place of one, so :func:`~.running.advance` reads
  it as played. The match's result is worked out again from its games.
- :func:`decide_match`: the match is won by one entrant (or drawn, where a
  match may be): every game counts as won by the winner, nobody forfeits.
- :func:`disqualify`: an entrant's matches not decided yet, in the stage
  being played, are forfeited by them (the others win every game; at a
  table of three or more the others play on and a stand-in plays the
  entrant's seats, who counts as having forfeited). :func:`without_out`
  does the same to the matches paired later, so later rounds never have
  them play.
- :func:`reopen`: a game's end is forgotten and its match undecided, so
  :func:`~.running.advance` opens a new table for it.

Decisions act on the stage being played, while it is not closed: in a
league (and the groups of a groups-then-knockout), any opened round of it,
its rounds' results only adding up to the standings (the stage closes only
once a reopened match is decided again); in a Swiss, a knockout or a
title match, the round being played alone, since the next round's
pairing is built on a closed round's results.

The server keeps who is out and who plays for whom beside the progress;
:func:`advance_officiated` is :func:`~.running.advance` with those applied
after each step.

A knockout game of two bots decided by a referee::

    >>> from datetime import UTC, datetime
    >>> from carcassonne.competitions.running import Rules, advance, begin, with_tables
    >>> rules = Rules.from_setup({"format": "knockout", "games": 1})
    >>> now = datetime(2026, 4, 1, tzinfo=UTC)
    >>> step = advance(begin(rules, "ev", ["bot:a", "bot:b"], None, now), rules, "ev", now)
    >>> progress = with_tables(step.progress, {step.openings[0]: "t1"})
    >>> decided = decide_game(progress, "1.1.1", 1, {"bot:a": 10, "bot:b": 30})
    >>> step = advance(decided, rules, "ev", now)
    >>> step.finished, step.winner
    (True, 'bot:b')
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from datetime import datetime

from carcassonne.competitions.matches import MatchLine, MatchResult, forfeit, match_result
from carcassonne.competitions.progress import Decided, GameEnd, GameSlot, Match, Progress
from carcassonne.competitions.running import Rules, Step, advance

#: What a game decided without a table is named in place of a table id
#: (table ids never hold a colon).
DECIDED = "decided:"


class DecisionError(ValueError):
    """A decision that cannot be made (the reason is the message)."""


def decided_table(match_id: str, game: int) -> str:
    """The name a game decided without a table has in place of its table."""
    return f"{DECIDED}{match_id}:{game}"


def is_decided_table(table: str | None) -> bool:
    """Whether ``table`` is no table but a game decided without one."""
    return bool(table) and str(table).startswith(DECIDED)


# -- finding what is decided --------------------------------------------------------------


def _being_played(progress: Progress, match_id: str) -> Match:
    """The match ``match_id`` of the round being played, in ``progress``."""
    for index, stage in enumerate(progress.stages):
        opened = [one for one in stage.rounds if one.opened]
        for one in stage.rounds:
            for match in one.matches:
                if match.id != match_id:
                    continue
                if index != len(progress.stages) - 1 or stage.done:
                    raise DecisionError(f"match {match_id} is in a stage that is over")
                if not one.opened:
                    raise DecisionError(f"match {match_id} is in a round not opened yet")
                if one is not opened[-1] and stage.kind != "league":
                    raise DecisionError(f"match {match_id} is in a round that is over")
                return match
    raise DecisionError(f"there is no match {match_id}")


def _check_not_out(match: Match, out: Collection[str]) -> None:
    """A match of two that an entrant out forfeited stays forfeited."""
    if len(match.entrants) == 2 and any(e in out for e in match.entrants):
        raise DecisionError(f"match {match.id} was forfeited by a disqualified entrant")


def _game(match: Match, number: int) -> GameSlot:
    for game in match.games:
        if game.number == number:
            return game
    raise DecisionError(f"match {match.id} has no game {number} "
                        f"(games 1 to {len(match.games)})")


def under_way(progress: Progress) -> dict[str, str]:
    """The tables being played (opened, end not known) of undecided
    matches, each with its match's id."""
    out = {}
    for match, game in progress.games():
        if match.result is None and game.table and game.ended is None \
                and not is_decided_table(game.table):
            out[game.table] = match.id
    return out


def interrupted(before: Progress, after: Progress) -> list[str]:
    """The tables being played in ``before`` that ``after`` no longer
    awaits (their game decided, their match decided, or a new table named):
    the server ends them."""
    waiting = under_way(after)
    return sorted(table for table in under_way(before) if table not in waiting)


# -- the decisions ------------------------------------------------------------------------


def _undecide(match: Match, out: Collection[str]) -> None:
    """Forget ``match``'s result, to be worked out again from its games;
    only the forfeits of entrants who are out stay."""
    match.result = None
    kept = [e for e in match.forfeit or [] if e in out]
    match.forfeit = kept or None


def decide_game(progress: Progress, match_id: str, number: int, scores: Mapping[str, int],
                out: Collection[str] = ()) -> Progress:
    """The progress with game ``number`` of match ``match_id`` ended with
    ``scores`` (each seat's entrant to their score): its match's result is
    worked out again by :func:`~.running.advance`. ``out``: the entrants
    disqualified, whose forfeits stand."""
    changed = progress.copy()
    match = _being_played(changed, match_id)
    _check_not_out(match, out)
    game = _game(match, number)
    if set(scores) != set(game.seats):
        raise DecisionError(f"game {number} needs a score for each of its seats, "
                            f"no more: {', '.join(game.seats)}")
    if any(type(value) is not int or not 0 <= value <= 10000 for value in scores.values()):
        raise DecisionError("scores must be whole numbers from 0 to 10000")
    if game.table is None:
        game.table = decided_table(match_id, number)
    game.ended = GameEnd(tuple(scores[seat] for seat in game.seats))
    _undecide(match, out)
    return changed


def decided_result(match: Match, winner: str | None, best_of: bool) -> Decided:
    """A match won by ``winner`` by decision (every game counts as theirs),
    or drawn (``winner`` None: every game a draw), nobody forfeiting."""
    if winner is not None and winner not in match.entrants:
        raise DecisionError(f"{winner} is not in match {match.id}")
    if winner is None and best_of:
        raise DecisionError(f"match {match.id} must have a winner")
    count = len(match.games)
    played = sum(1 for game in match.games if game.ended is not None and game.ended.scores)
    lines = []
    for entrant in match.entrants:
        if winner is None:
            lines.append(MatchLine(entrant, count / 2, 0, count, 0, 0))
        elif entrant == winner:
            lines.append(MatchLine(entrant, float(count), count, 0, 0, 0))
        else:
            lines.append(MatchLine(entrant, 0.0, 0, 0, 0, 0))
    return Decided(MatchResult(tuple(lines), played), winner)


def decide_match(progress: Progress, match_id: str, winner: str | None,
                 out: Collection[str] = ()) -> Progress:
    """The progress with match ``match_id`` won by ``winner`` (None: drawn,
    not for a best-of) by decision: its games under way are no longer awaited."""
    changed = progress.copy()
    match = _being_played(changed, match_id)
    _check_not_out(match, out)
    match.result = decided_result(match, winner, match.best_of)
    match.forfeit = None
    return changed


def _forfeit_out(match: Match, out: Collection[str]) -> bool:
    """Forfeit ``match`` (undecided) for the entrants of it who are out;
    whether it changed."""
    gone = [e for e in match.entrants if e in out]
    if match.result is not None or not gone:
        return False
    if set(gone) <= set(match.forfeit or []) and len(match.entrants) - len(gone) > 1:
        return False  # already played on without them
    present = [e for e in match.entrants if e not in out]
    match.forfeit = sorted(set(match.forfeit or []) | set(gone))
    if len(present) <= 1:
        result = forfeit(match.entrants, present, len(match.games))
        match.result = Decided(result, present[0] if present else None)
    return True


def disqualify(progress: Progress, entrant: str, out: Collection[str] = ()) -> Progress:
    """The progress with ``entrant`` out (besides ``out``): each of their
    undecided matches of the stage being played is forfeited by them."""
    if entrant not in progress.seeds:
        raise DecisionError(f"{entrant} is not an entrant")
    if entrant in out:
        raise DecisionError(f"{entrant} is disqualified already")
    if not progress.stages or progress.stages[-1].done:
        raise DecisionError("no stage is being played")
    changed = progress.copy()
    gone = {*out, entrant}
    for one in changed.stages[-1].rounds:
        for match in one.matches:
            _forfeit_out(match, gone)
    return changed


def without_out(progress: Progress, out: Collection[str]) -> Progress | None:
    """The progress with every undecided match of the stage being played
    forfeited by the entrants of ``out`` in it (matches paired after they
    were disqualified), and every decided match they were marked as
    forfeiting counting them so; None when nothing changes."""
    if not out or not progress.stages:
        return None
    changed = progress.copy()
    touched = False
    for one in changed.stages[-1].rounds:
        for match in one.matches:
            touched = _forfeit_out(match, out) or touched
            touched = _count_forfeits(match, out) or touched
    return changed if touched else None


def _count_forfeits(match: Match, out: Collection[str]) -> bool:
    """A match played on without some of its entrants who are out (a
    stand-in in their seats) counts them as having forfeited it; whether it
    changed."""
    if match.result is None or not match.forfeit:
        return False
    result = match.result.result
    missing = frozenset(e for e in match.forfeit if e in out) - result.forfeited
    if not missing:
        return False
    gone = result.forfeited | missing
    lines = result.lines
    present = [e for e in result.entrants if e not in gone]
    if result.scores and len(present) > 1:  # the games counted among those present
        column = {e: i for i, e in enumerate(result.entrants)}
        among = match_result(present, [{e: game[column[e]] for e in present}
                                       for game in result.scores])
        lines = tuple(among.line(e) if e in present else MatchLine(e, 0.0, 0, 0, 0, 0)
                      for e in result.entrants)
    marked = MatchResult(lines, result.played, gone, result.scores)
    match.result = Decided(marked, marked.winner)
    return True


def reopen(progress: Progress, match_id: str, number: int,
           out: Collection[str] = ()) -> Progress:
    """The progress with game ``number`` of match ``match_id`` to be played
    again at a new table: its table and end forgotten, its match undecided."""
    changed = progress.copy()
    match = _being_played(changed, match_id)
    game = _game(match, number)
    if game.table is None:
        raise DecisionError(f"game {number} of match {match_id} has not been played")
    if game.ended is None and not is_decided_table(game.table):
        raise DecisionError(f"game {number} of match {match_id} is being played")
    _check_not_out(match, out)
    game.table = None
    game.ended = None
    _undecide(match, out)
    return changed


# -- going on with the officials' decisions ---------------------------------------------


def with_stand_ins_ready(progress: Progress, bots: Collection[str]) -> Progress | None:
    """The progress with every entrant a bot now plays for (``bots``)
    there for the opened matches they are in ("play now" pressed for them,
    as a bot always is); None when nothing changes."""
    if not progress.stages:
        return None
    changed = progress.copy()
    touched = False
    for stage in changed.stages[-1:]:
        for one in stage.rounds:
            for match in one.matches:
                if not one.opened or match.result is not None:
                    continue
                for entrant in match.entrants:
                    if entrant in bots and entrant not in match.ready:
                        match.ready.append(entrant)
                        touched = True
    return changed if touched else None


def _gathered(progress: Progress) -> tuple[Progress, list[tuple[int, int, str]]]:
    """A league's undecided matches of rounds before the last opened one
    (reopened, or decided again, by a referee), moved into that round, so
    that :func:`~.running.advance` plays them and closes that round only
    once they are decided too; with where each came from (round index,
    place, match id) to put them back (:func:`_put_back`)."""
    stage = progress.stages[-1] if progress.stages else None
    if stage is None or stage.kind != "league" or stage.done:
        return progress, []
    opened = [i for i, one in enumerate(stage.rounds) if one.opened]
    places = [(i, place, match.id) for i in opened[:-1]
              for place, match in enumerate(stage.rounds[i].matches) if match.result is None]
    if not places:
        return progress, []
    changed = progress.copy()
    rounds = changed.stages[-1].rounds
    for i, _, match_id in places:
        match = next(m for m in rounds[i].matches if m.id == match_id)
        rounds[i].matches.remove(match)
        rounds[opened[-1]].matches.append(match)
    return changed, places


def _put_back(progress: Progress, stage: int, places: list[tuple[int, int, str]]) -> None:
    """Put the matches :func:`_gathered` moved back into their rounds."""
    rounds = progress.stages[stage].rounds
    for i, place, match_id in sorted(places):
        match = next(m for one in rounds for m in one.matches if m.id == match_id)
        next(one for one in rounds if match in one.matches).matches.remove(match)
        rounds[i].matches.insert(place, match)


def _advance(progress: Progress, rules: Rules, event_id: str, now: datetime) -> Step:
    """:func:`~.running.advance`, a league's earlier rounds' undecided
    matches played as part of the round being played."""
    gathered, places = _gathered(progress)
    step = advance(gathered, rules, event_id, now)
    if not places:
        return step
    _put_back(step.progress, len(progress.stages) - 1, places)
    return step


def advance_officiated(progress: Progress, rules: Rules, event_id: str, now: datetime,
                       out: Collection[str] = (), bots: Collection[str] = ()) -> Step:
    """:func:`~.running.advance`, with the entrants disqualified (``out``)
    forfeiting every match paired for them, the entrants a bot now plays
    for (``bots``) always there, and a league's reopened matches of earlier
    rounds played before its stage closes. Without any it is ``advance``."""
    for _ in range(10000):
        ready = with_stand_ins_ready(progress, bots) if bots else None
        step = _advance(ready or progress, rules, event_id, now)
        fixed = without_out(step.progress, out)
        if bots and not step.finished:
            fixed = with_stand_ins_ready(fixed or step.progress, bots) or fixed
        if fixed is None:
            return step
        progress = fixed
    raise AssertionError("the officials' decisions did not settle")
