"""What the server writes in every language (server/texts/<code>.toml):
each file has exactly English's texts, with the same {placeholders}, and
the languages are the client's (web/i18n/languages.js)."""

from __future__ import annotations

import re
import tomllib
from importlib import resources

import pytest

from carcassonne.server import texts
from carcassonne.server.mail.texts import language_of, text

PLACES = re.compile(r"\{(\w+)\}")


def _flat(table: dict[str, object], prefix: str = "") -> dict[str, str]:
    out: dict[str, str] = {}
    for key, value in table.items():
        if isinstance(value, dict):
            out.update(_flat(value, f"{prefix}{key}."))
        else:
            out[f"{prefix}{key}"] = str(value)
    return out


def _client_languages() -> list[str]:
    source = resources.files("carcassonne.web").joinpath("i18n/languages.js").read_text("utf-8")
    return re.findall(r'code: "([\w-]+)"', source)


def test_the_server_writes_in_every_language_of_the_client() -> None:
    assert sorted(texts.LANGUAGES) == sorted(_client_languages())
    assert len(texts.LANGUAGES) == 13


@pytest.mark.parametrize("language", texts.LANGUAGES)
def test_each_language_has_englishs_texts_and_places(language: str) -> None:
    english = _flat(texts.table("en"))
    mine = _flat(texts.table(language))
    assert set(mine) == set(english)
    for key, value in english.items():
        assert set(PLACES.findall(mine[key])) == set(PLACES.findall(value)), key
        if language != "en" and len(value) > 20:
            assert mine[key] != value, f"{key} is not translated"


def test_every_file_is_valid_toml_read_as_utf8() -> None:
    folder = resources.files("carcassonne.server.texts")
    names = [entry.name for entry in folder.iterdir() if entry.name.endswith(".toml")]
    assert len(names) == 13
    for name in names:
        tomllib.loads(folder.joinpath(name).read_text("utf-8"))


def test_a_mail_follows_the_accounts_language_and_falls_back_to_english() -> None:
    assert language_of("pt-BR") == "pt-BR" and language_of(None) == "en"
    assert language_of("pt") == "en"  # an account stores one of the codes, exactly
    assert text("de", "your_turn", "subject") != text("en", "your_turn", "subject")
    assert "{name}" in text("zh-CN", "your_turn", "subject")
