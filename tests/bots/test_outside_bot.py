"""Outside bots (docs/bots.md): the example program plays whole games through
:class:`OutsideBot`, the messages are those the protocol describes, and every
way a program can fail is reported as documented, naming the bot and why."""

from __future__ import annotations

import ast
import importlib.util
import json
import os
import shlex
import sys
import textwrap
import time
from pathlib import Path
from typing import Any

import pytest

from carcassonne import Game
from carcassonne.arena import Setup, entrants, play_game
from carcassonne.arena.pairing import schedule
from carcassonne.bots import make_bot
from carcassonne.bots.outside import PROTOCOL, OutsideBot, OutsideBotError, probe, read_answer
from carcassonne.cli import main
from carcassonne.engine import NotationError
from carcassonne.engine.setup import SUPPORTED_SETS

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "outside_bot.py"
EXAMPLE_COMMAND = [sys.executable, str(EXAMPLE)]
SETS = [("base",), *[("base", name) for name in SUPPORTED_SETS if name != "base"],
        tuple(SUPPORTED_SETS)]


def example_module() -> Any:
    """The example program, loaded as a module to ask it for its choices."""
    spec = importlib.util.spec_from_file_location("outside_bot_example", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def program(tmp_path: Path, body: str, name: str = "bot.py") -> list[str]:
    """A small bot program written for a test, and the command that runs it."""
    path = tmp_path / name
    path.write_text(textwrap.dedent(body), "utf-8")
    return [sys.executable, str(path)]


#: The start of every test program: greet, then answer each move with ``answer(message)``.
GREETING = """
    import json, sys
    def send(data):
        sys.stdout.write(json.dumps(data) + "\\n"); sys.stdout.flush()
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "hello":
            send({"name": "tester"})
        elif message["type"] == "move":
            answer(message)
        else:
            break
"""


def answering(tmp_path: Path, answer_body: str) -> list[str]:
    """A program whose answer to each move is ``answer_body`` (a function body)."""
    body = "def answer(message):\n" + textwrap.indent(textwrap.dedent(answer_body), "    ")
    return program(tmp_path, body + textwrap.dedent(GREETING))


def play_with(bot: OutsideBot, game: Game, seat: int = 0) -> None:
    """Play ``game`` to the end, ``bot`` in ``seat`` and random bots elsewhere."""
    others = make_bot("random", 1)
    while not game.is_over:
        mover = bot if game.current_player == seat else others
        game.play(mover.choose(game))
    bot.close(game)


# -- the example bot ---------------------------------------------------------------


def test_the_example_uses_the_standard_library_only() -> None:
    tree = ast.parse(EXAMPLE.read_text("utf-8"))
    imported = {alias.name.split(".")[0] for node in ast.walk(tree)
                if isinstance(node, ast.Import) for alias in node.names}
    imported |= {str(node.module).split(".")[0] for node in ast.walk(tree)
                 if isinstance(node, ast.ImportFrom)}
    assert imported <= set(sys.stdlib_module_names), imported
    assert "carcassonne" not in imported


@pytest.mark.parametrize("sets", SETS, ids=lambda s: "+".join(s))
def test_the_example_plays_whole_games_as_it_says(sets: tuple[str, ...]) -> None:
    """Every move is the one its rule picks: the first claiming a city, else
    a road, else a monastery, else the first legal move."""
    example = example_module()
    game = Game.new(players=2, sets=sets, seed=11)
    others = make_bot("random", 2)
    with OutsideBot(EXAMPLE_COMMAND, timeout=10, seed=5) as bot:
        ours = 0
        while not game.is_over:
            if game.current_player == 1:
                legal = [m.to_dict() for m in game.legal_moves()]
                move = bot.choose(game)
                assert move.to_dict() == example.choose(legal)
                ours += 1
            else:
                move = others.choose(game)
            game.play(move)
        bot.close(game)
        assert bot.bot_name == "city lover"
        assert not bot.running
    assert ours > 10
    Game.from_record(game.to_record())  # the game replays, result included


def test_the_example_on_both_seats_claims_cities() -> None:
    game = Game.new(players=2, seed=3)
    with OutsideBot(EXAMPLE_COMMAND) as first, OutsideBot(EXAMPLE_COMMAND) as second:
        bots = [first, second]
        while not game.is_over:
            game.play(bots[game.current_player].choose(game))
        first.close(game)
        second.close(game)
    cities = [m for m in game.moves if any(f.feature == "city" for f in m.figures)]
    assert len(cities) >= 5


def test_probe_answers_the_name() -> None:
    assert probe(EXAMPLE_COMMAND) == "city lover"


# -- the messages --------------------------------------------------------------------


def test_the_messages_are_those_of_the_protocol(tmp_path: Path) -> None:
    log = tmp_path / "log.jsonl"
    command = program(tmp_path, f"""
        import json, sys
        log = open({str(log)!r}, "w")
        for line in sys.stdin:
            message = json.loads(line)
            log.write(json.dumps(message) + "\\n"); log.flush()
            if message["type"] == "hello":
                print(json.dumps({{"name": "recorder", "protocol": message["protocol"]}}),
                      flush=True)
            elif message["type"] == "move":
                print(json.dumps(message["legal"][-1]), flush=True)
        log.write('"closed"\\n')
    """)
    game = Game.new(players=["Ann", "Bob", "Cid"], options={"tiny_city": 2}, seed=4)
    play_with(OutsideBot(command, timeout=10, seed=99), game, seat=2)
    messages = [json.loads(line) for line in log.read_text("utf-8").splitlines()]
    hello, *moves, end, closed = messages
    assert hello == {"type": "hello", "protocol": PROTOCOL, "seat": 2,
                     "players": ["Ann", "Bob", "Cid"], "sets": ["base"],
                     "options": {"tiny_city": 2}, "seed": 99, "timeout": 10}
    assert moves and all(m["type"] == "move" for m in moves)
    assert all(m["view"]["you"] == 2 and m["view"]["current"] == 2 for m in moves)
    assert all(m["legal"] for m in moves)
    assert "stack" not in moves[0]["view"]
    assert end == {"type": "end", "scores": list(game.scores), "winners": list(game.winners)}
    assert closed == "closed"  # its input was closed after the end
    assert len(moves) == sum(1 for seat in _movers(game) if seat == 2)


def _movers(game: Game) -> list[int]:
    """The seat that made each move of ``game``."""
    return game.view(None)["movers"]


def test_answers_in_compact_notation_are_accepted(tmp_path: Path) -> None:
    command = answering(tmp_path, """
        first = message["legal"][0]
        x, y = first["at"]
        send(f"{first['tile']}@{x},{y}r{first['rotation']}")
    """)
    game = Game.new(players=2, seed=2)
    play_with(OutsideBot(command), game)
    assert game.is_over


def test_read_answer() -> None:
    assert str(read_answer('"take:WO/alhambra"')) == "take:WO/alhambra"
    assert read_answer('{"wonder_goes_to": 1}').to_dict() == {"wonder_goes_to": 1}
    for bad in ("BA/Rr@1,0r0", "[1, 2]", "12", '"nonsense"', '{"tile": 3}'):
        with pytest.raises(NotationError):
            read_answer(bad)


# -- failures --------------------------------------------------------------------------


def failure(command: list[str], timeout: float = 5.0) -> OutsideBotError:
    """The failure of ``command`` at its first decision; it is stopped after."""
    bot = OutsideBot(command, timeout=timeout, label="tester")
    with pytest.raises(OutsideBotError) as caught:
        bot.choose(Game.new(players=2, seed=1))
    assert not bot.running
    assert caught.value.bot == "tester"
    assert str(caught.value).startswith("outside bot tester: ")
    return caught.value


def test_garbage_is_malformed(tmp_path: Path) -> None:
    err = failure(answering(tmp_path, 'print("e4", flush=True)'))
    assert err.kind == "malformed"
    assert err.reason == "the answer is not JSON: 'e4'"


def test_a_move_that_does_not_parse_is_malformed(tmp_path: Path) -> None:
    err = failure(answering(tmp_path, 'send({"tile": "BA/Rr", "at": "here"})'))
    assert err.kind == "malformed"


def test_an_illegal_move_names_the_rule(tmp_path: Path) -> None:
    err = failure(answering(tmp_path, """
        move = dict(message["legal"][0], at=[5, 5], figures=[])
        send(move)
    """))
    assert err.kind == "illegal"
    assert "@5,5r" in err.reason and "is illegal: PLACE-1" in err.reason


def test_a_bot_that_dies_is_a_crash_with_its_last_words(tmp_path: Path) -> None:
    err = failure(answering(tmp_path, 'raise SystemExit("out of ideas")'))
    assert err.kind == "crash"
    assert "exit status 1" in err.reason and "out of ideas" in err.reason


def test_a_slow_bot_times_out(tmp_path: Path) -> None:
    err = failure(answering(tmp_path, "import time; time.sleep(30)"), timeout=0.5)
    assert err.kind == "timeout"
    assert "within 0.5 s" in err.reason


def test_a_slow_program_started_by_a_shell_is_stopped_with_its_children(
        tmp_path: Path) -> None:
    """The shell waits for its child, which holds the pipes: both are
    stopped, and the failure is told without waiting for the child's
    sleep of ten minutes to end."""
    inner = answering(tmp_path, "import time; time.sleep(600)")
    child = tmp_path / "child.pid"
    script = Path(inner[1])
    script.write_text(f"import os; open({str(child)!r}, 'w').write(str(os.getpid()))\n"
                      + script.read_text("utf-8"), "utf-8")
    started = time.monotonic()
    err = failure(["sh", "-c", shlex.join(inner) + "; true"], timeout=0.5)
    assert err.kind == "timeout"
    assert time.monotonic() - started < 300  # not the child's 600 s
    pid = int(child.read_text())  # written before the child greeted
    deadline = time.monotonic() + 300
    while running(pid):
        assert time.monotonic() < deadline, f"the shell's child {pid} still runs"
        time.sleep(0.05)


def running(pid: int) -> bool:
    """Whether process ``pid`` runs (neither gone nor a zombie)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        try:  # no /proc: ask the system
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        return True
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def test_a_bad_greeting_fails_the_start(tmp_path: Path) -> None:
    err = failure(program(tmp_path, 'input(); print("hi", flush=True); input()'))
    assert err.kind == "start"
    other = failure(program(tmp_path, """
        import json
        input(); print(json.dumps({"name": "x", "protocol": "carcassonne-bot/9"}), flush=True)
        input()
    """))
    assert other.kind == "start" and "carcassonne-bot/9" in other.reason


def test_a_missing_program_fails_the_start(tmp_path: Path) -> None:
    err = failure([str(tmp_path / "no-such-program")])
    assert err.kind == "start" and "cannot start" in err.reason


def test_unasked_lines_are_malformed(tmp_path: Path) -> None:
    command = answering(tmp_path, 'send(message["legal"][0]); send(message["legal"][0])')
    bot = OutsideBot(command, label="chatty")
    game = Game.new(players=2, seed=1)
    game.play(bot.choose(game))
    game.play(make_bot("random", 1).choose(game))
    deadline = time.monotonic() + 300
    while bot._lines.empty():  # the second line, read by the bot's reader thread
        assert time.monotonic() < deadline, "the program's second line never came"
        time.sleep(0.01)
    with pytest.raises(OutsideBotError) as caught:
        bot.choose(game)
    assert caught.value.kind == "malformed" and "nobody asked for" in caught.value.reason


def test_the_arena_finishes_a_failed_bots_games_with_random_moves(tmp_path: Path) -> None:
    command = answering(tmp_path, """
        if len(message["view"]["moves"]) >= 6:
            raise SystemExit("tired")
        send(message["legal"][0])
    """)
    found = entrants(["random", "tired=cmd:" + shlex.join(command)])
    setup = Setup(tuple(found), seed=3, timeout=5)
    results = [play_game(job) for job in schedule(setup, 2)]
    for result in results:
        assert result.moves > 60  # played to the end
        [failed] = result.failures
        assert failed.bot == "tired" and failed.kind == "crash"
        assert failed.move in (6, 7) and "tired" in failed.reason
        assert result.seats[failed.seat] == 1


def test_the_arena_command_reports_failures_and_strict_stops(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    command = shlex.join(answering(tmp_path, 'print("nonsense", flush=True)'))
    assert main(["arena", "random", f"cmd:{command}", "--games", "2", "--workers", "1",
                 "--quiet", "--timeout", "5"]) == 0
    out = capsys.readouterr().out
    assert "outside-bot failures: 2" in out
    assert "tester: stack 1, seating 0, move 1: the answer is not JSON: 'nonsense'" in out
    assert "failures" in out.splitlines()[1]  # the table has the column
    assert main(["arena", "random", f"cmd:{command}", "--games", "2", "--workers", "1",
                 "--quiet", "--strict"]) == 1
    err = capsys.readouterr().err
    assert "bot tester failed in stack 1" in err and "not JSON" in err
