"""The bots of an arena, as the command line names them.

An entrant is a bot of :data:`carcassonne.bots.BOTS` by name (or the search
bot with settings of its own, ``mcts:iterations=300,depth=1``, or a bot or
trained policy of your own code, ``policy:my_bot.py:bot``,
:mod:`carcassonne.bots.from_code`), or an outside
program (``docs/bots.md``) given as ``cmd:PROGRAM ARGS``; either may carry a
label, ``LABEL=...``, to tell it apart in the results::

    >>> parse_entrant("random")
    Entrant(label='random', name='random', command=None)
    >>> parse_entrant("mine=cmd:python3 my_bot.py --fast")
    Entrant(label='mine', name=None, command=('python3', 'my_bot.py', '--fast'))

Labels must differ; two entrants with the same label (``random random``)
are told apart by a number: ``random``, ``random#2``::

    >>> [e.label for e in entrants(["random", "random", "greedy"])]
    ['random', 'random#2', 'greedy']

An outside bot without a label is shown under the name it gives itself in
its answer to ``hello`` (:func:`clean_label`), else its command.

An entrant is plain data, so it travels to worker processes and Ray tasks;
:meth:`Entrant.build` makes the bot itself there.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass

from carcassonne.bots import Bot, from_code
from carcassonne.bots.outside import OutsideBot

#: Prefix of an outside program.
COMMAND = "cmd:"
_LABEL = re.compile(r"^([A-Za-z0-9_.#-]{1,40})=(.+)$", re.DOTALL)


@dataclass(frozen=True)
class Entrant:
    """One bot of the arena: a built-in bot ``name`` or an outside ``command``."""

    label: str
    name: str | None = None
    command: tuple[str, ...] | None = None

    @property
    def outside(self) -> bool:
        return self.command is not None

    def describe(self) -> str:
        """``random`` or ``cmd:python3 bot.py``."""
        if self.command is not None:
            return COMMAND + shlex.join(self.command)
        return str(self.name)

    def to_dict(self) -> dict[str, object]:
        if self.command is not None:
            return {"label": self.label, "command": list(self.command)}
        return {"label": self.label, "bot": self.name}

    def build(self, seed: int, timeout: float) -> Bot:
        """The bot, seeded (an outside program gets the seed in ``hello``)."""
        if self.command is not None:
            return OutsideBot(self.command, timeout=timeout, seed=seed, label=self.label)
        from carcassonne.bots import make_bot

        return make_bot(str(self.name), seed)


def parse_entrant(text: str) -> Entrant:
    """Read one entrant; ``ValueError`` naming the known bots if unknown."""
    from carcassonne.bots import BOTS, known_bot

    label = None
    match = _LABEL.match(text.strip())
    if match and (match.group(2).startswith(COMMAND) or known_bot(match.group(2))):
        label, text = match.group(1), match.group(2)
    text = text.strip()
    if text.startswith(COMMAND):
        try:
            command = tuple(shlex.split(text[len(COMMAND):]))
        except ValueError as err:
            raise ValueError(f"{text!r}: cannot read the command: {err}") from None
        if not command:
            raise ValueError(f"{text!r}: say which program to run, as cmd:PROGRAM ARGS")
        return Entrant(label or shlex.join(command), command=command)
    if text.startswith(from_code.PREFIX):
        from_code.factory(text[len(from_code.PREFIX):])  # its own reason if it cannot load
    if not known_bot(text):
        raise ValueError(f"unknown bot {text!r} (known: {', '.join(sorted(BOTS))}, "
                         f"mcts:KEY=VALUE,..., policy:MODULE:NAME for your own code or "
                         f"cmd:PROGRAM ARGS for an outside bot)")
    return Entrant(label or text, name=text)


def entrants(texts: list[str]) -> list[Entrant]:
    """Every entrant of the command line, labels made distinct."""
    return distinct([parse_entrant(text) for text in texts])


def distinct(found: list[Entrant]) -> list[Entrant]:
    """The entrants with distinct labels: a repeated label gets ``#2``, ``#3``..."""
    out: list[Entrant] = []
    used: set[str] = set()
    for entrant in found:
        label, count = entrant.label, 1
        while label in used:
            count += 1
            label = f"{entrant.label}#{count}"
        used.add(label)
        out.append(Entrant(label, entrant.name, entrant.command))
    return out


def clean_label(text: str) -> str:
    """A name an outside bot gave itself, made fit for a label::

        >>> clean_label("  city\tlover ")
        'city lover'
    """
    return " ".join("".join(ch for ch in text if ch.isprintable() or ch.isspace()).split())[:40]
