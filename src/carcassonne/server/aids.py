"""The aids switch: what a table tells its players beyond the board.

A table is created with ``"aids"`` (``POST /api/tables``, or a
competition's setup for every table it opens) set to one of :data:`AIDS`:

* ``on`` (the default): the tiles left (the view's ``unseen``), the squares
  no tile left fits (``dead`` of ``/features``) and what each feature is
  worth (its ``points`` and ``detail``);
* ``off``, tournament play: none of these while the game is played, as
  ``hide_distribution`` withholds the tiles left (the squares where the
  drawn tile may go are still listed with the legal moves); once the game
  is over everything is shown again;
* ``training``: the aids, and the chance that the next tile drawn fits each
  open square (``GET /api/tables/{id}/chances``, aids_api.py).

The server withholds, not the page: a client of a table without the aids
never receives them. The checks of a body are here, beside the rules of
what each setting withholds, so that every path that shows a table asks
the same questions::

    >>> aids_setting({"aids": "off"}, "aids")
    'off'
    >>> aids_setting({}, "aids")
    'on'
    >>> aids_setting({"aids": "none"}, "aids")
    Traceback (most recent call last):
    ...
    carcassonne.server.errors.Refusal: aids must be 'on', 'off' (tournament play) or \
'training' (the aids and the chance each open square is filled), not 'none'
"""

from __future__ import annotations

from typing import Any, Protocol

from carcassonne.engine import Game
from carcassonne.engine.errors import shown
from carcassonne.engine.options import Options
from carcassonne.server.errors import Refusal

#: The settings of the switch, the default first.
AIDS = ("on", "off", "training")


class Aided(Protocol):
    """What the rules here read of a table."""

    hide_distribution: bool
    aids: str


def aids_setting(body: dict[str, Any], key: str) -> str:
    """The checked ``aids`` of a body (``on`` when absent); ``key`` names the
    field in a refusal."""
    value = body.get("aids", "on")
    if value not in AIDS:
        raise Refusal(400, f"{key} must be 'on', 'off' (tournament play) or 'training' "
                           f"(the aids and the chance each open square is filled), "
                           f"not {shown(value)}")
    return str(value)


def check_training(aids: str, options: Options, hide_distribution: bool, key: str) -> None:
    """Refuse ``training`` where its chances would tell what a player may not
    know: they are counted from the stack, which hidden hands keep secret
    (``VAR-HAND-1``, ``VAR-AHEAD-4``), and follow from the tiles left, which
    ``hide_distribution`` keeps."""
    if aids != "training":
        return
    if hide_distribution:
        raise Refusal(400, f"{key} 'training' shows what the tiles left fit: "
                           "it cannot go with hide_distribution")
    if (options.hand > 1 or options.draw_ahead) and not options.hands_public:
        raise Refusal(400, f"{key} 'training' counts the tiles left in the stack, which "
                           "hidden hands keep secret: set hands_public, or choose 'on'")


def hides_distribution(table: Aided, game: Game | None) -> bool:
    """Whether the tiles left (and what follows from them: the dead squares)
    are withheld now: by ``hide_distribution`` or ``aids: off``, while the
    game is played."""
    playing = game is not None and not game.is_over
    return playing and (table.hide_distribution or table.aids == "off")


def hides_values(table: Aided, game: Game | None) -> bool:
    """Whether what the features are worth is withheld now (``aids: off``
    while the game is played)."""
    return table.aids == "off" and game is not None and not game.is_over


def without_values(features: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``features`` (``Game.feature_map()``) with what each is worth, its
    ``points`` and ``detail``, made null: the board's facts (parts, figures,
    complete or not, open sides, owners) stay."""
    return [{**feature, "points": None, "detail": None} for feature in features]
