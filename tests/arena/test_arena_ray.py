"""The arena on Ray (``--ray``): each game a Ray task, on a local Ray instance
started for the run, with the same numbers as on local worker processes."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

import pytest

from carcassonne.arena import cluster
from carcassonne.cli import main

HAS_RAY = importlib.util.find_spec("ray") is not None
NEEDS_RAY = pytest.mark.skipif(
    not HAS_RAY, reason="Ray is not installed (pip install 'carcassonne[ray]'; ./run-tests "
                        "installs it)")


def results(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text("utf-8"))
    del data["timing"]
    return data


@NEEDS_RAY
def test_ray_plays_the_same_games_as_local_workers(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    on_ray, local = tmp_path / "ray.json", tmp_path / "local.json"
    argv = ["arena", "random", "random", "--games", "6", "--seed", "7", "--quiet"]
    assert main([*argv, "--ray", "--workers", "2", "--json", str(on_ray)]) == 0
    out = capsys.readouterr().out
    assert "seed 7, on Ray (a local instance)" in out.splitlines()[0]
    assert "6 games in" in out
    assert main([*argv, "--workers", "1", "--json", str(local)]) == 0
    assert results(on_ray) == results(local)
    assert json.loads(on_ray.read_text("utf-8"))["timing"]["workers"] == "ray"
    import ray

    assert not ray.is_initialized()  # the local instance was stopped


def test_without_ray_the_command_says_how_to_install_it(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    def missing() -> None:
        raise cluster.RayMissing("--ray needs Ray: pip install 'carcassonne[ray]' (test)")

    monkeypatch.setattr(cluster, "import_ray", missing)
    assert main(["arena", "random", "random", "--games", "2", "--ray"]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err.strip() == "--ray needs Ray: pip install 'carcassonne[ray]' (test)"
