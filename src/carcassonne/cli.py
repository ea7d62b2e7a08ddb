"""The ``carcassonne`` command: replay records, simulate games, watch one.

    carcassonne replay game.json          check a record, print the result as JSON
    carcassonne simulate --games 100 --seed 1 --out runs/
    carcassonne play --names Ann,Bob --seed 7
    carcassonne serve --port 8000         the game server and web client
    carcassonne arena random greedy --games 200   bots against each other
    carcassonne analyse game.json         the computer review of a game

Run ``carcassonne COMMAND --help`` for each command's options. The exit
status is 0 on success, 1 when a record is invalid or a move illegal, and 2
for a bad command line (unknown option, set or player count included).
"""

from __future__ import annotations

import argparse
import os
import sys
import textwrap

from carcassonne import __version__, compiled
from carcassonne.cli_admin import add_parser as add_admin_parser
from carcassonne.cli_analyse import add_parser as add_analyse_parser
from carcassonne.cli_arena import add_parser as add_arena_parser
from carcassonne.cli_common import CliError, parse_list, parse_options, positive_int
from carcassonne.cli_ratings import add_parser as add_ratings_parser
from carcassonne.cli_serve import add_parser as add_serve_parser
from carcassonne.extras import MissingExtra

SETUP_HELP = """
setup options:
  --sets takes a comma-separated list of sets; 'base' is always one of them.
  --options takes name=value pairs separated by commas; true/false are
  booleans, whole numbers are integers, anything else is text. The options
  (docs/formats.md) are farmers, farm_scoring (current, first_edition),
  tiny_city (4, 2), hand (1, 3), hands_public and draw_ahead; each set's own
  (river_check: uturn, jcz with the River) only with its set.
"""


def _wrap(text: str) -> str:
    return textwrap.fill(text, 78)


def _formatter(prog: str) -> argparse.HelpFormatter:
    return argparse.RawDescriptionHelpFormatter(prog, max_help_position=32)


def _add_setup(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--sets", type=parse_list, default=["base"], metavar="SET,...",
                        help="sets to play with (default: base)")
    parser.add_argument("--options", type=parse_options, default={}, metavar="NAME=VALUE,...",
                        help="rule options that differ from the defaults")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``carcassonne`` and its commands."""
    parser = argparse.ArgumentParser(
        prog="carcassonne", formatter_class=_formatter,
        description=_wrap("A rules-exact Carcassonne engine: replay and check game records, "
                          "simulate games between random bots, or watch one game."),
        epilog="examples:\n"
               "  carcassonne replay game.json\n"
               "  carcassonne simulate --games 100 --seed 1 --players 3 --out runs/\n"
               "  carcassonne play --names Ann,Bob --seed 7 --record game.json\n\n"
               "Run 'carcassonne COMMAND --help' for the options of each command.")
    parser.add_argument("--version", action="version", version=f"carcassonne {__version__} "
                        f"({'compiled' if compiled else 'pure Python'} engine)")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    replay = commands.add_parser(
        "replay", formatter_class=_formatter, help="replay and check a game record",
        description=_wrap("Replay a game record (docs/formats.md), check every move and the "
                          "recorded result, and print scores, winners and every score "
                          "event as JSON."),
        epilog=_wrap("exit status: 0 if the record replays; 1 if it cannot be read, is "
                     "malformed, holds an illegal move or a result that differs from the "
                     "replay. Errors are one line on standard error, naming the move "
                     "(counted from 0) and the rule.") + "\n\n"
               "examples:\n"
               "  carcassonne replay game.json\n"
               "  carcassonne replay - < game.json\n"
               "  carcassonne replay game.json | jq .scores")
    replay.add_argument("record", metavar="RECORD.json", help="the record to replay, "
                        "or - to read it from standard input")

    simulate = commands.add_parser(
        "simulate", formatter_class=_formatter, help="play many games between random bots",
        description=_wrap("Play games between bots that pick uniformly random legal moves "
                          "and write one record per game, result included, as "
                          "DIR/game-0001.json, ... The same arguments always give the "
                          "same records."),
        epilog=SETUP_HELP + "\nexamples:\n"
               "  carcassonne simulate --games 100 --seed 1 --out runs/\n"
               "  carcassonne simulate --games 10 --seed 4 --players 4 "
               "--options farmers=false --out runs/no-farmers")
    simulate.add_argument("--games", type=positive_int, required=True, metavar="N",
                          help="how many games to play")
    simulate.add_argument("--seed", type=int, default=0, metavar="S",
                          help="seed of the whole run (default: 0)")
    simulate.add_argument("--players", type=positive_int, default=2, metavar="P",
                          help="players per game (default: 2)")
    _add_setup(simulate)
    simulate.add_argument("--out", required=True, metavar="DIR",
                          help="folder for the records (created if needed)")

    play = commands.add_parser(
        "play", formatter_class=_formatter, help="watch one game between random bots",
        description=_wrap("Play one game between random bots and tell it move by move: "
                          "each move in record notation, the points it scores, discarded "
                          "tiles, final scoring and the result. 'play --seed S' is game 1 "
                          "of 'simulate --seed S'."),
        epilog=SETUP_HELP + "\nexamples:\n"
               "  carcassonne play\n"
               "  carcassonne play --names Ann,Bob,Cid --seed 7\n"
               "  carcassonne play --seed 7 --options tiny_city=2 --record game.json")
    play.add_argument("--players", type=positive_int, default=None, metavar="P",
                      help="number of players (default: 2, or as many as --names)")
    play.add_argument("--names", type=parse_list, default=None, metavar="NAME,...",
                      help="player names in turn order (default: Player 1, Player 2, ...)")
    play.add_argument("--seed", type=int, default=None, metavar="S",
                      help="seed of the game (default: a random one, printed)")
    _add_setup(play)
    play.add_argument("--record", default=None, metavar="FILE",
                      help="also write the game record to FILE")
    add_serve_parser(commands, _formatter)
    add_arena_parser(commands, _formatter)
    add_analyse_parser(commands, _formatter)
    add_ratings_parser(commands, _formatter)
    add_admin_parser(commands, _formatter)
    return parser


def _players(args: argparse.Namespace) -> int | list[str]:
    if args.names is None:
        return args.players or 2
    if args.players is not None and args.players != len(args.names):
        raise CliError(f"--players {args.players} but {len(args.names)} --names given", 2)
    return list(args.names)


def run(args: argparse.Namespace) -> int:
    """Run the command ``args`` asks for."""
    if args.command == "replay":
        from carcassonne.cli_replay import run as replay

        return replay(args.record)
    if args.command == "simulate":
        from carcassonne.cli_simulate import run as simulate

        return simulate(args.games, args.seed, args.players, args.sets, args.options, args.out)
    if args.command == "serve":
        from carcassonne.cli_serve import run as serve

        return serve(args)
    if args.command == "arena":
        from carcassonne.cli_arena import run as arena

        return arena(args)
    if args.command == "analyse":
        from carcassonne.cli_analyse import run as analyse

        return analyse(args)
    if args.command == "ratings":
        from carcassonne.cli_ratings import run as ratings

        return ratings(args)
    if args.command == "admin":
        from carcassonne.cli_admin import run as admin

        return admin(args)
    from carcassonne.cli_play import run as play

    return play(_players(args), args.seed, args.sets, args.options, args.record)


def _never_fail_to_print() -> None:
    """Let standard output write what it cannot encode as escapes (``\\udcff``).

    A command line argument holding bytes that are not UTF-8 (a file name,
    say) reaches Python as text with lone surrogates, which a strict
    standard output refuses to print, with a traceback. Names are refused
    where they enter (the engine's setup); a path is only echoed, so it is
    echoed escaped. Standard error escapes already."""
    stream = sys.stdout
    if getattr(stream, "errors", None) == "strict" and hasattr(stream, "reconfigure"):
        stream.reconfigure(errors="backslashreplace")


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``carcassonne`` command; returns the exit status."""
    _never_fail_to_print()
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as stop:  # --help, --version, or a usage error (status 2)
        return 0 if stop.code is None else stop.code if isinstance(stop.code, int) else 2
    try:
        return run(args)
    except BrokenPipeError:  # the reader went away (`carcassonne play | head`)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except CliError as err:
        prefix = f"carcassonne {args.command}: error: " if err.status == 2 else ""
        print(f"{prefix}{err}", file=sys.stderr)
        return err.status
    except MissingExtra as err:  # an optional package: one line naming the extra
        print(f"carcassonne {args.command}: {err}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
