"""Competitions: the rules of leagues, tournaments and title matches.

Pure rules, standard library only: no clock, no storage, no network. The
same input always gives the same answer; where a rule draws lots, the seed
is an argument. Entrants are named by text (an account id, a bot's name)
and listed best first wherever a seed or rating order matters.

The formats
-----------

**Match.** Two or more entrants play ``G`` games (1, 2, 3, 5...). The seat
order turns one place each game, so everyone moves first equally often
(once more for some when ``G`` does not share out). With duplicate decks,
one full turn of the seats shares one deck, so the luck of the deal
cancels: games 1 and 2 of a two-player match are dealt alike, seats
swapped. A game is won by the top score, drawn by those who share it. The
match goes to the most games won (½ for a game drawn), else it is drawn;
in a knockout, ties go to the score difference, then the better seed. A
best-of-``G`` stops once someone cannot be caught. A match not played by
its deadline is lost by whoever did not show up, and the one present wins
every game; if nobody came, both lose. A *title match* is one such match
between the holder and a challenger. (:mod:`.matches`)

**Round robin (league), two players.** Everyone meets everyone once per
cycle: ``n - 1`` rounds for an even count, ``n`` with one bye a round for an
odd count. A second cycle plays it again with the seats swapped.
(:mod:`.round_robin`)

**Round robin at tables of 3 to 5.** A given number of rounds of tables,
searched so that any two entrants share a table equally often, or as
nearly as can be. Counts that do not divide get tables one smaller, and
only when that cannot work, byes that go round. (:mod:`.multiplayer`)

**Swiss.** A set number of rounds (about ``log2 n``); each pairs entrants
with the same points who have not met yet, the top half of each score group
against the bottom half, an entrant with nobody left in its group floating
down to the next. With an odd count, the lowest-ranked entrant without a
bye has one, which counts as a win. When every pairing left would repeat a
match, the rules say so. (:mod:`.swiss`)

**Groups.** Seeded entrants are dealt into ``k`` groups by snake seeding
(1 2 3 3 2 1 1 2 3...), so each group gets a fair share of strength; each
group is then a round robin. (:mod:`.groups`)

**Single elimination (knockout, cup).** A bracket seeded 1 v ``N``, 2 v
``N - 1``..., so seeds 1 and 2 can meet only in the final; when the count
is not a power of two the top seeds have byes in round 1. Winners go on
until one is left, after ``ceil(log2 n)`` rounds. (:mod:`.knockout`)

**Double elimination.** A winners' bracket seeded as the knockout is;
each of its losers drops into a losers' bracket, whose survivors meet the
newly dropped; a second loss is out. The two brackets' winners meet in a
grand final, played again (the bracket reset) when the losers'-bracket
side wins it: ``2n - 2`` or ``2n - 1`` matches. (:mod:`.double_elimination`)

**Series.** In every stage a match may stop once decided (best of N, on
by default for the elimination stages), seat the loser of a game first in
the next, and break a level game or match by the seed, by giving a drawn
game to the second player, or by extra games. (:mod:`.series`,
:mod:`.match_run`)

**Groups, then a knockout.** The top ``K`` of each group go through, group
winners seeded first, then runners-up..., arranged so that a group winner
first meets a runner-up of another group, and nobody first meets someone
from its own group, where possible. (:mod:`.stages`)

**Standings.** For a league, a group or a Swiss: match points (win 2, draw
1, loss 0, a forfeit 0, a bye as a win, all configurable), then tiebreaks
in the order chosen from head to head, games won, score difference and
Buchholz, then the seed, so the order is always complete. (:mod:`.standings`)

Running one
-----------

A competition under way is a :class:`Progress` (stages, rounds, matches,
games and their tables, results), stored as JSON by whoever runs it
(:mod:`.progress`). What happens next is decided from it alone
(:mod:`.running`): :func:`begin` pairs the first stage, :func:`record_game`
notes a table's end, :func:`advance` decides matches, closes rounds, pairs
the next round or stage, names the winner and lists the games whose
tables are to open (:class:`Opening`), and :func:`no_shows` forfeits the
matches nobody started by their round's deadline.

A small league, start to finish::

    >>> names = ["ann", "bob", "cid"]
    >>> schedule = round_robin(names)
    >>> scores = {"ann": 90, "bob": 70, "cid": 50}
    >>> results = [match_result(fixture.entrants,
    ...                         [{name: scores[name] for name in fixture.entrants}])
    ...            for one in schedule for fixture in one.fixtures]
    >>> byes = [name for one in schedule for name in one.byes]
    >>> [(row.place, row.entrant, row.points) for row in standings(names, results, byes)]
    [(1, 'ann', 6.0), (2, 'bob', 4.0), (3, 'cid', 2.0)]
"""

from __future__ import annotations

from carcassonne.competitions.fixtures import Fixture, PairingError, Round, meetings
from carcassonne.competitions.groups import snake_groups
from carcassonne.competitions.knockout import (
    advancing,
    bracket_lines,
    bracket_order,
    champion,
    first_knockout_round,
    knockout_round,
    knockout_rounds,
    next_knockout_round,
)
from carcassonne.competitions.matches import (
    GamePlan,
    MatchLine,
    MatchResult,
    Outcome,
    clinched,
    deck_seed,
    first_to,
    forfeit,
    game_points,
    games_not_needed,
    match_plan,
    match_result,
    seat_orders,
)
from carcassonne.competitions.multiplayer import (
    least_rounds,
    multiplayer_round_robin,
    spread,
    table_sizes,
)
from carcassonne.competitions.progress import (
    Decided,
    GameEnd,
    GameSlot,
    Holder,
    Match,
    Progress,
    RoundState,
    Stage,
    round_state,
    stable_number,
)
from carcassonne.competitions.round_robin import round_robin
from carcassonne.competitions.running import (
    LEAGUE_TIEBREAKS,
    Opening,
    Rules,
    Step,
    advance,
    begin,
    current_match,
    no_shows,
    playing,
    record_game,
    stage_standings,
    with_ready,
    with_tables,
)
from carcassonne.competitions.stages import knockout_seeds
from carcassonne.competitions.standings import (
    BUCHHOLZ,
    GAMES,
    HEAD_TO_HEAD,
    ROUND_ROBIN_TIEBREAKS,
    SCORE,
    SWISS_TIEBREAKS,
    TIEBREAKS,
    MatchPoints,
    Standing,
    standings,
)
from carcassonne.competitions.swiss import swiss_round, swiss_rounds

__all__ = [
    "BUCHHOLZ", "GAMES", "HEAD_TO_HEAD", "LEAGUE_TIEBREAKS", "ROUND_ROBIN_TIEBREAKS", "SCORE",
    "SWISS_TIEBREAKS", "TIEBREAKS", "Decided", "Fixture", "GameEnd", "GamePlan", "GameSlot",
    "Holder", "Match", "MatchLine", "MatchPoints", "MatchResult", "Opening", "Outcome",
    "PairingError", "Progress", "Round", "RoundState", "Rules", "Stage", "Standing", "Step",
    "advance", "advancing", "begin", "bracket_lines", "bracket_order", "champion", "clinched",
    "current_match", "deck_seed", "first_knockout_round", "first_to", "forfeit", "game_points",
    "games_not_needed", "knockout_round", "knockout_rounds", "knockout_seeds", "least_rounds",
    "match_plan", "match_result", "meetings", "multiplayer_round_robin", "next_knockout_round",
    "no_shows", "playing", "record_game", "round_robin", "round_state", "seat_orders",
    "snake_groups", "spread", "stable_number", "stage_standings", "standings", "swiss_round",
    "swiss_rounds", "table_sizes", "with_ready", "with_tables",
]
