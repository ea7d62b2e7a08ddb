"""The learning libraries on the environments as built, no wrapper of the
user's: sb3-contrib's MaskablePPO and Tianshou's DQN run the examples
briefly. They need torch; without it these tests are skipped and say so."""

from __future__ import annotations

import runpy
import sys

import pytest

from carcassonne import Game
from carcassonne.bots import make_bot

pytest.importorskip("numpy")
pytest.importorskip("torch", reason="torch is not installed (sb3-contrib and Tianshou need it)")


def run_example(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                name: str, *args: str) -> str:
    monkeypatch.setattr(sys, "argv", [name, *args])
    runpy.run_path(f"examples/{name}", run_name="__main__")
    return capsys.readouterr().out


def test_maskable_ppo_trains_on_the_flat_single_agent_env(monkeypatch, capsys, tmp_path) -> None:
    pytest.importorskip("sb3_contrib", reason="sb3-contrib is not installed")
    model = tmp_path / "model.zip"
    out = run_example(monkeypatch, capsys, "sb3_maskable_ppo.py", "--steps", "256", "--games", "2",
                      "--save", str(model))
    assert "trained 256 steps; against random: won" in out
    assert f"saved {model}; as a bot against greedy:" in out
    # the saved model seats as a policy bot by name, as the arena and the lobby make it
    monkeypatch.setenv("CARCASSONNE_SB3_MODEL", str(model))
    bot = make_bot("policy:examples/sb3_maskable_ppo.py:bot", seed=1)
    game = Game.new(players=2, seed=3)
    assert game.is_legal(bot.choose(game))


def test_tianshou_dqn_trains_on_the_aec_env(monkeypatch, capsys) -> None:
    pytest.importorskip("tianshou", reason="tianshou is not installed")
    out = run_example(monkeypatch, capsys, "tianshou_dqn.py", "--epochs", "1",
                      "--epoch-steps", "50", "--games", "1")
    assert "against the random seat: won" in out
