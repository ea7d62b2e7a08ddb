#!/usr/bin/env python3
"""Prove the README's quick start as a newcomer would meet it.

    python3 .ci/quickstart.py            the README's first command
    python3 .ci/quickstart.py --compose  the README's `docker compose` path
                                         (where a Docker engine runs)

The first: a fresh clone of this repository in a temporary folder, and
there the README's first command exactly as written (found in the README,
so the two cannot drift apart), with ``--port`` added: it makes a fresh
virtual environment, installs what that one line installs and nothing
else, and serves. Then, as a visitor: ``GET /`` and ``GET /api/health``,
a table against a bot, one move through the WebSocket and the bot's answer.
Then the server is stopped. Any failure prints what went wrong and exits 1.

The second does the same with ``docker compose up --build`` in the clone,
on the port compose.yaml publishes, and ``docker compose down -v`` after.

This script runs on the machine's own Python (standard library only); the
WebSocket part runs in the fresh environment, with the ``websockets``
package the server extra installed there.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: Time for the install (the engine is compiled), then for the server to answer.
INSTALL_DEADLINE = 3600.0
PLAY_DEADLINE = 300.0


def say(text: str) -> None:
    print(f"quickstart: {text}", flush=True)


def fail(text: str) -> None:
    print(f"quickstart: FAILED: {text}", file=sys.stderr, flush=True)
    sys.exit(1)


def readme_command(readme: str, starts: str) -> str:
    """The README's first indented command line that begins with ``starts``."""
    for line in readme.splitlines():
        if line.startswith("    ") and line.strip().startswith(starts):
            return line.strip()
    fail(f"the README has no command beginning {starts!r}")
    raise AssertionError  # (fail exits)


def fresh_clone(into: Path) -> Path:
    """A clone of this repository's committed state (or, outside git, a
    copy of its tracked files)."""
    clone = into / "carcassonne"
    if (ROOT / ".git").exists():
        subprocess.run(["git", "clone", "--quiet", str(ROOT), str(clone)], check=True)
    else:
        shutil.copytree(ROOT, clone, ignore=shutil.ignore_patterns(
            ".venv", "__pycache__", "*.so", "build", "*.egg-info", ".pytest_cache"))
    return clone


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def get(url: str) -> tuple[int, bytes]:
    with urllib.request.urlopen(url, timeout=30) as answer:
        return answer.status, answer.read()


def wait_for_health(base: str, process: subprocess.Popen[bytes] | None, log: Path,
                    deadline: float) -> None:
    """Wait until ``GET /api/health`` answers, the process is gone, or the deadline."""
    while time.monotonic() < deadline:
        if process is not None and process.poll() is not None:
            fail(f"the command ended with status {process.returncode} before serving:\n"
                 f"{log.read_text(errors='replace')[-4000:]}")
        try:
            status, body = get(f"{base}/api/health")
            if status == 200 and json.loads(body) == {"ok": True}:
                return
        except (OSError, ValueError):
            pass
        time.sleep(2)
    fail(f"no answer from {base}/api/health in time:\n{log.read_text(errors='replace')[-4000:]}")


def visit(base: str, python: Path) -> None:
    """What a visitor does: the page, the health answer, one move against a bot."""
    status, page = get(f"{base}/")
    if status != 200 or b"<html" not in page.lower():
        fail(f"GET / answered {status}: {page[:200]!r}")
    say("GET / answered the lobby page")
    status, body = get(f"{base}/api/health")
    if status != 200 or json.loads(body) != {"ok": True}:
        fail(f"GET /api/health answered {status}: {body[:200]!r}")
    say("GET /api/health answered {\"ok\": true}")
    played = subprocess.run([str(python), str(Path(__file__).with_name("play_one_move.py")),
                             base], capture_output=True, text=True, timeout=PLAY_DEADLINE,
                            check=False)
    if played.returncode != 0:
        fail(f"playing one move failed:\n{played.stdout}{played.stderr}")
    say(played.stdout.strip())


def stop(process: subprocess.Popen[bytes]) -> None:
    """Stop the command and everything it started (its process group)."""
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGINT)
        try:
            process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def first_command(work: Path) -> None:
    clone = fresh_clone(work)
    command = readme_command((clone / "README.md").read_text(), "python3 -m venv")
    if not command.rstrip().endswith("carcassonne serve"):
        fail(f"the README's first command does not end by serving: {command}")
    port = free_port()
    line = f"{command} --port {port}"
    say(f"in a fresh clone: {line}")
    env = {key: value for key, value in os.environ.items()
           if key not in ("VIRTUAL_ENV", "PYTHONPATH", "PYTHONHOME", "DATABASE_URL",
                          "REDIS_URL", "CARCASSONNE_PURE")}
    env["XDG_DATA_HOME"] = str(work / "data")  # the embedded database goes here
    log = work / "serve.log"
    with log.open("wb") as out:
        process = subprocess.Popen(["bash", "-c", line], cwd=clone, stdout=out,
                                   stderr=subprocess.STDOUT, env=env, start_new_session=True)
    try:
        base = f"http://127.0.0.1:{port}"
        wait_for_health(base, process, log, time.monotonic() + INSTALL_DEADLINE)
        say(f"serving at {base}")
        visit(base, clone / ".venv" / "bin" / "python")
        extras = subprocess.run([str(clone / ".venv" / "bin" / "python"), "-c",
                                 "import importlib.util as u; print([m for m in "
                                 "('psycopg', 'numpy', 'ray', 'pyspiel', 'torch') "
                                 "if u.find_spec(m)])"],
                                capture_output=True, text=True, check=True)
        say(f"optional packages in the fresh environment: {extras.stdout.strip()}")
    finally:
        stop(process)
    if process.returncode not in (0, -signal.SIGINT):
        fail(f"the server ended with status {process.returncode}:\n"
             f"{log.read_text(errors='replace')[-4000:]}")
    errors = [line for line in log.read_text(errors="replace").splitlines()
              if "Traceback" in line or line.startswith("ERROR")]
    if errors:
        fail("the server logged errors:\n" + log.read_text(errors="replace")[-4000:])
    say("the README's first command works")


def docker_runs() -> bool:
    if shutil.which("docker") is None:
        return False
    return subprocess.run(["docker", "info"], capture_output=True, check=False).returncode == 0


def compose(work: Path) -> None:
    if not docker_runs():
        say("no Docker engine runs here: the docker compose path is not checked")
        return
    clone = fresh_clone(work)
    command = readme_command((clone / "README.md").read_text(), "docker compose up")
    say(f"in a fresh clone: {command}")
    port = re.search(r"localhost:(\d+)", (clone / "compose.yaml").read_text())
    base = f"http://localhost:{port.group(1) if port else 8080}"
    log = work / "compose.log"
    detached = command if " -d" in command else f"{command} -d"
    with log.open("wb") as out:
        up = subprocess.run(["bash", "-c", detached], cwd=clone, stdout=out,
                            stderr=subprocess.STDOUT, check=False)
    try:
        if up.returncode != 0:
            fail(f"{detached} failed:\n{log.read_text(errors='replace')[-4000:]}")
        wait_for_health(base, None, log, time.monotonic() + INSTALL_DEADLINE)
        venv = work / "client"
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        subprocess.run([str(venv / "bin" / "pip"), "install", "-q", "websockets"], check=True)
        visit(base, venv / "bin" / "python")
    finally:
        subprocess.run(["docker", "compose", "down", "-v"], cwd=clone, check=False,
                       capture_output=True)
    say("the README's docker compose path works")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--compose", action="store_true",
                        help="check the docker compose path instead")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="carcassonne-quickstart-") as folder:
        (compose if args.compose else first_command)(Path(folder))


if __name__ == "__main__":
    main()
