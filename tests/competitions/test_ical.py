"""The calendar feed's text (RFC 5545): its events, escaping and folding."""

from __future__ import annotations

from datetime import UTC, datetime

from hypothesis import given
from hypothesis import strategies as st

from carcassonne.competitions.ical import Game, calendar, escape, fold

AT = datetime(2026, 12, 7, 18, 0, tzinfo=UTC)


def game(name: str = "Spring Cup", match: str = "1.2.1", *opponents: str) -> Game:
    return Game("ev9", match, name, opponents or ("Bob",), AT, datetime(2026, 12, 6, tzinfo=UTC),
                2, f"https://games.example/competition/ev9#match-{match}")


def unfold(text: str) -> list[str]:
    return text.replace("\r\n ", "").split("\r\n")


def test_one_event_per_game_with_its_fields() -> None:
    text = calendar([game(), game("Spring Cup", "1.3.1", "Carl", "Dee")], "games.example",
                    "Carcassonne: Ann")
    assert text.startswith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")
    assert text.endswith("END:VCALENDAR\r\n") and "\n" not in text.replace("\r\n", "")
    lines = unfold(text)
    assert lines.count("BEGIN:VEVENT") == 2 == lines.count("END:VEVENT")
    assert "UID:ev9-1.2.1@games.example" in lines and "UID:ev9-1.3.1@games.example" in lines
    assert lines.count("DTSTART:20261207T180000Z") == 2
    assert "SUMMARY:Spring Cup: Carl\\, Dee" in lines
    assert "URL:https://games.example/competition/ev9#match-1.2.1" in lines
    assert "DTSTAMP:20261206T000000Z" in lines and "SEQUENCE:2" in lines


def test_the_same_games_give_the_same_text() -> None:
    assert calendar([game()], "h", "t") == calendar([game()], "h", "t")


def test_text_is_escaped() -> None:
    text = calendar([game("A; B, C\\D\nE")], "h", "t")
    assert "SUMMARY:A\\; B\\, C\\\\D\\nE: Bob" in unfold(text)


@given(st.text(min_size=0, max_size=400))
def test_folded_lines_are_at_most_75_octets_and_unfold_to_the_line(value: str) -> None:
    line = "SUMMARY:" + escape(value)
    folded = fold(line)
    parts = folded.split("\r\n")
    assert all(len(part.encode("utf-8")) <= 75 for part in parts)
    assert all(part.startswith(" ") for part in parts[1:])
    assert folded.replace("\r\n ", "") == line


@given(st.text(max_size=100))
def test_escaped_text_holds_no_line_break_nor_bare_separator(value: str) -> None:
    out = escape(value)
    assert "\n" not in out and "\r" not in out
    cleaned = out.replace("\\\\", "").replace("\\;", "").replace("\\,", "").replace("\\n", "")
    assert ";" not in cleaned and "," not in cleaned
