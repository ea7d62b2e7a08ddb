"""The compact observation (carcassonne/env/compact.py): the chosen planes
and vector blocks of the full observation, exactly, and placement planes
that name exactly the legal placements of the action mask."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")

from carcassonne.env import PLANES, SingleAgentEnv  # noqa: E402
from carcassonne.env.compact import BASE_PLANES, BASE_VECTOR, CompactObservation  # noqa: E402
from carcassonne.env.layout import ActionLayout  # noqa: E402
from carcassonne.env.observations import VECTOR_BLOCKS, VECTOR_START  # noqa: E402

WINDOW = 21


def test_a_game_seen_compactly_is_the_full_observation_in_part() -> None:
    full = SingleAgentEnv(opponents=["greedy"], window=WINDOW, copy=True)
    compact = CompactObservation(SingleAgentEnv(opponents=["greedy"], window=WINDOW))
    sizes = dict(VECTOR_BLOCKS)
    slots = [i for name in BASE_VECTOR for i in range(VECTOR_START[name],
                                                      VECTOR_START[name] + sizes[name])]
    layout = ActionLayout(WINDOW)
    a, _ = full.reset(seed=4)
    b, _ = compact.reset(seed=4)
    rng = np.random.default_rng(4)
    steps = placed = 0
    while True:
        assert compact.observation_space.contains(b)
        for k, name in enumerate(BASE_PLANES):
            assert (b["observation"]["planes"][k] == a["observation"]["planes"][
                PLANES.index(name)]).all(), name
        assert (b["observation"]["vector"] == a["observation"]["vector"][slots]).all()
        mask = b["action_mask"]
        assert (mask == a["action_mask"]).all()
        # the legal_0_* planes are the mask's placements of slot 0, in its order
        legal = b["observation"]["planes"][[BASE_PLANES.index(f"legal_0_{q}")
                                            for q in (0, 90, 180, 270)]]
        placements = {(dx, dy, q) for q in range(4) for dy, dx in zip(*legal[q].nonzero(),
                                                                       strict=True)}
        allowed = {layout.describe(int(i))[1:] for i in mask.nonzero()[0]
                   if layout.describe(int(i))[0] == "place"}
        if allowed:  # (a figure's step keeps showing the placements it chose among)
            assert {(dx, dy, q) for _slot, dx, dy, q in allowed} == placements
            placed += 1
        action = int(rng.choice(mask.nonzero()[0]))
        a, _, done, _, _ = full.step(action)
        b, _, done_too, _, _ = compact.step(action)
        steps += 1
        assert done == done_too
        if done:
            break
    assert steps > 30 and placed >= 30


def test_unknown_names_and_other_forms_are_refused() -> None:
    with pytest.raises(ValueError, match="no such planes or vector blocks: nonsense"):
        CompactObservation(SingleAgentEnv(opponents=["random"]), planes=("tile", "nonsense"))
    with pytest.raises(ValueError, match="planes first"):
        CompactObservation(SingleAgentEnv(opponents=["random"], flat=True))
