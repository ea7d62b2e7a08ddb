"""What the server writes, per language: one TOML file here per language
(``en.toml``, ``ja.toml``, ``pt-BR.toml``...), read once.

Each file has ``[mail.<group>]`` tables (what each mail says, see
:mod:`carcassonne.server.mail.texts`) and ``[push.<kind>]`` tables (a
push's ``title`` and ``body``). A text a language lacks is English's, so a
new file may start small; the tests hold every file to English's keys and
``{placeholders}``.

    >>> LANGUAGES[0], "ja" in LANGUAGES
    ('en', True)
    >>> text("ja", "push", "your_turn", "title")
    'あなたの番です'
    >>> text("xx", "push", "your_turn", "title")
    'Your turn'
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources


@cache
def _files() -> dict[str, dict[str, dict[str, dict[str, str]]]]:
    found = {}
    for entry in resources.files(__package__).iterdir():
        if entry.name.endswith(".toml"):
            found[entry.name.removesuffix(".toml")] = tomllib.loads(entry.read_text("utf-8"))
    return found


#: The languages the server writes in, English first (the client's codes:
#: ``pt-BR``, ``zh-CN``...).
LANGUAGES: tuple[str, ...] = ("en", *sorted(code for code in _files() if code != "en"))


def table(language: str) -> dict[str, dict[str, dict[str, str]]]:
    """Everything ``language`` says: ``{"mail": {...}, "push": {...}}``."""
    return _files().get(language, {})


def text(language: str, part: str, group: str, key: str) -> str:
    """The text ``key`` of ``[part.group]`` in ``language``, else in English."""
    found = table(language).get(part, {}).get(group, {}).get(key)
    return found if found is not None else _files()["en"][part][group][key]


def best_match(tags: list[str]) -> str:
    """The first of ``tags`` (a browser's languages, most wanted first) the
    server writes in: an exact match, else the same base language
    (``pt-PT`` gets ``pt-BR``); English if none.

        >>> best_match(["xx", "pt-PT", "ja"])
        'pt-BR'
        >>> best_match(["JA-jp"])
        'ja'
    """
    by_tag = {code.lower(): code for code in LANGUAGES}
    by_base = {code.split("-")[0].lower(): code for code in reversed(LANGUAGES)}
    for tag in tags:
        tag = tag.strip().lower()
        found = by_tag.get(tag) or by_base.get(tag.split("-")[0])
        if found:
            return found
    return "en"


def from_header(accept_language: str) -> str:
    """The language for an ``Accept-Language`` header, by its order of
    preference (weights below 1 come after, in their order).

        >>> from_header("xx,ja;q=0.8,de;q=0.9")
        'de'
    """
    tags = []
    for part in accept_language.split(","):
        tag, _, weight = part.partition(";q=")
        try:
            tags.append((-float(weight or 1), len(tags), tag))
        except ValueError:
            continue
    return best_match([tag for *_, tag in sorted(tags)])
