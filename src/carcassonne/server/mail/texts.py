"""What each mail says, in every language of ``server/texts/``.

For every kind: ``subject``, ``body`` (one paragraph; ``{placeholders}``
are filled from the row's params, see render.py) and ``action`` (the words
of its one link). ``common`` holds what every mail shares, ``kinds`` the
name of each notice kind (the footer and the unsubscribe page say it),
``page`` the unsubscribe page's words. A language missing a text falls
back to English (:func:`text`).

    >>> text("ja", "your_turn", "subject")
    'あなたの番です: {name}'
    >>> text("xx", "your_turn", "subject")
    'Your turn: {name}'
"""

from __future__ import annotations

from carcassonne.server import texts

#: The languages mail is written in (those of ``server/texts/``); an
#: account's other choice, or none, gets English.
LANGUAGES = texts.LANGUAGES


def language_of(code: str | None) -> str:
    """The mail language for an account's choice ``code`` (English by default)."""
    return code if code in LANGUAGES else "en"


def text(language: str, group: str, key: str) -> str:
    """The text ``key`` of ``group`` (a kind, ``common``, ``kinds`` or
    ``page``) in ``language``, else in English."""
    return texts.text(language, "mail", group, key)
