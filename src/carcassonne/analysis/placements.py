"""Where the tile in play can go, and what each placement would do: the
words a screen reader says of the highlighted squares.

For every legal square and rotation of a tile (with no figure put down)
the game is played one move ahead on a copy. A placement is described by
the features the new tile is part of afterwards, and those it completes
beside it (a monastery it surrounds): their kind, whether the
tile completes them, their size and value, who holds them, and which
features of the position before it joins (their indexes in
``Game.feature_map()``, so a page can name them as it names the board's);
and by the points each player scores at once, with the engine's reasons
(completing a road held by an opponent scores for the opponent).

    >>> from carcassonne import Game
    >>> game = Game.new(players=["Ann", "Bob"], seed=3)
    >>> first = placements(game)[0]
    >>> first["tile"], first["at"], first["rotation"], first["scores"]
    ('BA/RrC', [0, 1], 270, [0, 0])
    >>> sorted({f["kind"] for f in first["features"]})
    ['city', 'field', 'road']
"""

from __future__ import annotations

from typing import Any

from carcassonne import Game


def _part_keys(feature: dict[str, Any]) -> set[tuple[int, int, str]]:
    return {(part["at"][0], part["at"][1], part["spot"]) for part in feature["parts"]}


def placements(game: Game, tiles: set[str] | None = None) -> list[dict[str, Any]]:
    """Each legal placement of a tile in play (of ``tiles`` only, when given):
    ``{"tile", "at", "rotation", "scores", "scored", "features"}`` in the
    order of the legal moves: ``scores`` the points each player gains at
    once; ``scored`` why (``{"player", "points", "kind", "detail",
    "final"}``, the engine's score events: with the last tile, the final
    scoring too); ``features`` ``{"kind", "complete", "tiles", "points",
    "owners", "joins"}`` (the owners of a feature it completes are empty:
    their figures went home as it scored). Empty when no tile is being
    placed."""
    if game.is_over:
        return []
    before = game.feature_map()
    index = {key: i for i, feature in enumerate(before) for key in _part_keys(feature)}
    squares = {(key[0], key[1]) for key in index}
    seen: set[tuple[str, int, int, int]] = set()
    out = []
    for move in game.legal_moves():
        if move.tile is None or move.at is None or move.figures or move.action is not None:
            continue
        if tiles is not None and move.tile not in tiles:
            continue
        key = (move.tile, move.at[0], move.at[1], move.rotation)
        if key in seen:
            continue
        seen.add(key)
        after = game.copy()
        after.play(move)
        features = []
        for feature in after.feature_map():
            parts = _part_keys(feature)
            old = {index[p] for p in parts if p in index}
            if all((x, y) in squares for x, y, _ in parts) and (
                    not feature["complete"] or all(before[i]["complete"] for i in old)):
                continue  # not touched by the new tile, nor completed by it (a monastery)
            features.append({
                "kind": feature["kind"], "complete": bool(feature["complete"]),
                "tiles": len({(x, y) for x, y, _ in parts}),
                "points": feature["points"], "owners": list(feature["owners"]),
                "joins": sorted(old),
            })
        scored = [{"player": e.player, "points": e.points, "kind": e.reason,
                   "detail": e.detail, "final": e.final}
                  for e in after.events[len(game.events):] if e.points]
        out.append({"tile": move.tile, "at": list(move.at), "rotation": move.rotation,
                    "scores": [a - b for a, b in zip(after.scores, game.scores, strict=True)],
                    "scored": scored, "features": features})
    return out
