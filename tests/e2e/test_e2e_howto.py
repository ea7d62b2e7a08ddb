"""The "How to play" page (/how-to-play), as a reader uses it.

The page is read in English, switched to Japanese with the language switch
(and still Japanese after a reload), on a desktop and on a phone; every
section is there with its tiles drawn, and no text is left as its key. Its
example boards are real games: each is played again here in the engine, which
must accept every move and pay exactly the points the picture shows.

Japanese must be drawn with real glyphs, not the empty boxes a browser
draws when it has no font for them: two different kanji of the page,
drawn on a canvas in the page's own font, must come out different (every
missing glyph is the same box), unlike a character no font has.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from e2e_helpers import quick_play, wait_turn_or_end

from carcassonne.engine import Game, Move

#: The sections of the page, in order (their ids are the anchors).
SECTIONS = ["turn", "roads", "cities", "monasteries", "fields", "scoring", "end", "variants",
            "draw_ahead", "inns_cathedrals", "traders_builders", "watchtowers", "wonders",
            "river", "abbot", "princess_dragon", "keyboard"]
#: The sections that explain without an example board.
UNDRAWN = {"keyboard"}

#: The page's message tables and its example boards, read in the page.
MODULES = """async () => {
    const { LANGUAGES } = await import('/static/i18n/languages.js');
    const texts = {};
    for (const { code } of LANGUAGES) {
        texts[code] = (await import(`/static/i18n/howto-${code}.js`)).default;
    }
    const { EXAMPLES } = await import('/static/js/howto-boards.js');
    return { texts, examples: EXAMPLES };
}"""

#: Records every refusal of the Content-Security-Policy, from the start.
RECORDER = """
window.cspViolations = [];
document.addEventListener('securitypolicyviolation',
                          (e) => window.cspViolations.push(e.violatedDirective));
"""

#: Draws two different characters of `text` (the first two CJK ones), and a
#: character no font has, on a canvas in the font of `selector`; the
#: pixels of each drawing, as strings to compare.
GLYPHS = """([selector, text]) => {
    const cjk = [...text].filter((c) => /[\\u3040-\\u30ff\\u4e00-\\u9fff]/.test(c));
    const chars = [...new Set(cjk)].slice(0, 2);
    const font = `32px ${getComputedStyle(document.querySelector(selector)).fontFamily}`;
    const draw = (c) => {
        const canvas = document.createElement('canvas');
        canvas.width = 48;
        canvas.height = 48;
        const g = canvas.getContext('2d');
        g.font = font;
        g.fillStyle = '#000';
        g.textBaseline = 'top';
        g.fillText(c, 4, 4);
        const data = g.getImageData(0, 0, 48, 48).data;
        let ink = 0;
        let out = '';
        for (let i = 3; i < data.length; i += 4) {
            ink += data[i] > 0;
            out += data[i] > 127 ? '#' : '.';
        }
        return { pixels: out, ink };
    };
    return { chars, font, drawn: chars.map(draw), missing: draw('\\u{10FFFD}') };
}"""


def open_howto(page: Any, url: str) -> None:
    page.goto(url + "/how-to-play")
    page.wait_for_function("() => document.body.dataset.ready === 'true'")


def raw_keys(page: Any, texts: dict[str, str]) -> list[str]:
    """Keys of the how-to texts that show on the page as they are (a text
    missing from every table is shown as its key)."""
    body = page.locator("body").inner_text()
    prefixes = sorted({key.split(".")[0] for key in texts})
    pattern = re.compile(rf"(?<![A-Za-z])(?:{'|'.join(prefixes)})\.[A-Za-z]")
    return pattern.findall(body)


def check_sections(page: Any, texts: dict[str, str]) -> None:
    """Every section is there, in order, headed by its text, with tiles drawn."""
    ids = page.eval_on_selector_all("[data-testid^=howto-section-]",
                                    "els => els.map((e) => e.id)")
    assert ids == SECTIONS
    for section in SECTIONS:
        block = page.get_by_test_id(f"howto-section-{section}")
        assert block.locator("h2").inner_text() == texts[f"section.{section}"]
        if section not in UNDRAWN:
            assert block.locator("[data-testid=howto-tile]").count() >= 1, section
        # the contents at the top lead to it
        entry = page.locator(f".howto-contents a[href='#{section}']")
        assert entry.inner_text() == texts[f"section.{section}"]
    assert page.locator("h1").inner_text() == texts["page.title"]
    assert raw_keys(page, texts) == []
    # draw_ahead (VAR-AHEAD-4): the players' panel as a table shows it, each
    # row with the tile its player holds
    panel = page.get_by_test_id("howto-panel")
    for seat in (0, 1):
        assert panel.get_by_test_id(f"held-{seat}").locator(".mini-tile").count() == 1


def test_the_page_in_english_then_in_japanese_remembered(page, server, artifacts):
    page.add_init_script(RECORDER)
    open_howto(page, server.url)
    modules = page.evaluate(MODULES)
    en, ja = modules["texts"]["en"], modules["texts"]["ja"]
    assert page.evaluate("document.documentElement.lang") == "en"
    assert page.title() == en["page.title"]
    check_sections(page, en)
    page.screenshot(path=str(artifacts / "howto-en.png"), full_page=True)

    page.get_by_test_id("language").select_option("ja")
    page.wait_for_function("() => document.documentElement.lang === 'ja'")
    page.wait_for_function("(title) => document.querySelector('h1').textContent === title",
                           arg=ja["page.title"])
    check_sections(page, ja)
    assert page.title() == ja["page.title"]
    # the header is the site's own, in Japanese too
    assert page.locator(".brand").inner_text() == "カルカソンヌ"

    page.reload()
    page.wait_for_function("() => document.body.dataset.ready === 'true'")
    assert page.evaluate("document.documentElement.lang") == "ja"
    assert page.get_by_test_id("language").input_value() == "ja"
    check_sections(page, ja)
    page.screenshot(path=str(artifacts / "howto-ja.png"), full_page=True)
    assert page.evaluate("window.cspViolations") == []


def test_every_how_to_text_is_in_every_language(page, server):
    open_howto(page, server.url)
    texts = page.evaluate(MODULES)["texts"]
    assert set(texts) >= {"en", "ja"}
    english = texts["en"]
    for code, table in texts.items():
        assert set(table) == set(english), (code, set(english) ^ set(table))
        assert all(isinstance(v, str) and v.strip() for v in table.values()), code
    # the Japanese is a translation, not English left in place: every text
    # that holds words has Japanese in it
    words = [k for k, v in english.items() if re.search(r"[A-Za-z]{3}", v)]
    japanese = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
    untranslated = [k for k in words if not japanese.search(texts["ja"][k])]
    assert untranslated == []
    # the page's link in the site's own texts
    site = page.evaluate("""async () => Promise.all(['en', 'ja'].map(
        async (code) => (await import(`/static/i18n/${code}.js`)).default['nav.howto']))""")
    assert site == ["How to play", "遊び方"]


def play_example(name: str, example: dict[str, Any]) -> Game:
    """Play an example of howto-boards.js in the engine, from the start tile
    (the spring with the River, RIVER-SETUP-1); every move must be legal (and
    the crossed-out one not, judged for the tile to place at its turn). The
    game ends after the last move, unless the example keeps tiles in the
    stack (`rest`: with the River the stack begins with the whole river,
    RIVER-REC)."""
    tiles = [m["tile"] for m in example["moves"] if "tile" in m]
    # a wonder is not drawn, nor a dragon's step
    stack = [t for t in tiles if not t.startswith("WO/")] + example.get("rest", [])
    setup: dict[str, Any] = {"wonders": example["wonders"]} if "wonders" in example else {}
    game = Game.new(players=example.get("players", 2), sets=example["sets"],
                    options=example.get("options"), stack=stack, **setup)
    start = "RI/s" if "river" in example["sets"] else "BA/RCr"
    assert game.board()[0] == (start, (0, 0), 0), name
    ghost = example.get("ghost")
    moves = example["moves"]
    for index in range(len(moves) + 1):
        if ghost and index == ghost.get("before", 0):
            assert ghost["tile"] in game.tiles_to_place, name
            placement = {k: v for k, v in ghost.items() if k != "before"}
            assert not game.is_legal(Move.from_dict(placement)), name
        if index < len(moves):
            game.play(Move.from_dict(moves[index]))
    assert game.is_over == ("rest" not in example), name
    return game


def check_neutral(name: str, example: dict[str, Any], game: Game) -> None:
    """The Princess & the Dragon: the dragon and the fairy stand where the
    picture shows them, the figures drawn as gone have left the board (eaten,
    PD-DRAGON-EAT; sent home, PD-PRINCESS), and the dragon's drawn flight
    starts on the volcano it came to (PD-VOLCANO) and goes through the
    squares of its steps (PD-DRAGON-TILE)."""
    if "princess_dragon" not in example["sets"]:
        assert not {"dragon", "fairy", "gone", "path"} & set(example), name
        return
    pd = game.view(None)["princess_dragon"]
    assert pd["dragon"] == example.get("dragon", pd["dragon"]), name
    # (the fairy is drawn beside the follower it was moved to, which may
    # have gone home since: it stays on its square, PD-FAIRY-5)
    assert (pd["fairy"] or {}).get("at") == example.get("fairy", {}).get("at"), name
    standing = [(f["at"], f["feature"]) for f in game.figures()]
    for gone in example.get("gone", []):
        assert (gone["at"], gone["feature"]) not in standing, name
    steps = [m["dragon"] for m in example["moves"] if "dragon" in m]
    if steps:
        volcano = next(m["at"] for m in example["moves"] if m.get("tile", "").endswith(".v"))
        assert example["path"] == [volcano, *steps], name
    else:
        assert "path" not in example, name


def check_neutral_drawn(figure: Any, name: str, example: dict[str, Any], game: Game) -> None:
    """The picture draws the dragon and the fairy on the squares the example
    gives (check_neutral compares them with the game), and one numbered disc
    for each of the dragon's steps, in the colour of its mover."""
    for piece in ("dragon", "fairy"):
        drawn = figure.get_by_test_id(f"howto-{piece}")
        assert drawn.count() == (piece in example), (name, piece)
        if piece in example:
            at = example[piece] if piece == "dragon" else example[piece]["at"]
            square = [int(drawn.get_attribute(f"data-{xy}")) for xy in "xy"]
            assert square == at, (name, piece)
    steps = figure.get_by_test_id("howto-step")
    flight = [i for i, m in enumerate(example["moves"]) if "dragon" in m]
    assert steps.count() == len(flight), name
    for n, index in enumerate(flight):
        assert steps.nth(n).text_content() == str(n + 1), name
        assert int(steps.nth(n).get_attribute("data-player")) == game.movers[index], name


def test_every_example_board_is_a_real_game_with_its_points(page, server):
    open_howto(page, server.url)
    modules = page.evaluate(MODULES)
    examples = modules["examples"]
    shown = page.eval_on_selector_all("[data-testid^=howto-example-]",
                                      "els => els.map((e) => e.dataset.testid.slice(14))")
    assert sorted(shown) == sorted(examples)
    for name, example in examples.items():
        game = play_example(name, example)
        players = example.get("players", 2)
        turns = [i % players for i in range(len(example["moves"]))]
        assert list(game.movers) == example.get("movers", turns), name
        final = example["score"] == "end"
        paid = Counter((e.player, e.points, e.reason, e.final)
                       for e in game.events if e.final == final)
        drawn = Counter((p["player"], p["points"], p["reason"], p["final"])
                        for p in example["points"])
        assert paid == drawn, name
        for goods in example.get("goods", []):
            assert game.goods(goods["player"])[goods["good"]] == goods["count"], name
        check_neutral(name, example, game)

        # the picture: every tile, figure and badge of the example
        figure = page.get_by_test_id(f"howto-example-{name}")
        tiles = [m for m in example["moves"] if "tile" in m]
        assert figure.locator("[data-testid=howto-tile]").count() == 1 + len(tiles), name
        figures = sum(len(m.get("figures", [])) for m in tiles)
        assert figure.locator("[data-testid=howto-figure]").count() == figures, name
        gone = figure.locator("[data-testid=howto-figure][data-gone=true]").count()
        assert gone == len(example.get("gone", [])), name
        check_neutral_drawn(figure, name, example, game)
        badges = figure.locator("[data-testid=howto-points]")
        seen = Counter(badges.evaluate_all(
            "els => els.map((e) => [Number(e.dataset.player), Number(e.dataset.points),"
            " e.dataset.final === 'true'].join())"))
        wanted = Counter(f"{p},{n},{str(f).lower()}" for p, n, _, f in drawn.elements())
        assert seen == wanted, name
        assert [badges.nth(i).text_content() for i in range(badges.count())] == \
            [f"+{p['points']}" for p in example["points"]], name
        # the caption says the same numbers, in every language
        for code, texts in modules["texts"].items():
            caption = texts[f"example.{name}"]
            for p in example["points"]:
                assert re.search(rf"(?<!\d){p['points']}(?!\d)", caption), (name, code, p)


def test_the_page_fits_a_phone_in_both_languages(browser, server, artifacts, page_errors):
    for code in ("en", "ja"):
        context = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-US",
                                      is_mobile=True, has_touch=True)
        context.add_init_script(f"localStorage.setItem('carcassonne.language', '{code}')")
        page = context.new_page()
        page.on("pageerror", lambda e: page_errors.errors.append(str(e)))
        open_howto(page, server.url)
        assert page.evaluate("document.documentElement.lang") == code
        width = page.evaluate("document.documentElement.clientWidth")
        assert width == 390
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        # every board and picture lies inside the screen
        rights = page.eval_on_selector_all("svg.howto-svg, .mini-tile",
                                           "els => els.map((e) => e.getBoundingClientRect().right)")
        assert rights and max(rights) <= width
        # the boards stay big enough to read: a tile at least 40 pixels wide
        smallest = page.eval_on_selector_all("figure svg.howto-svg", "els => Math.min(...els.map("
                                             "(e) => e.getBoundingClientRect().width"
                                             " / e.viewBox.baseVal.width * 100))")
        assert smallest >= 40
        page.screenshot(path=str(artifacts / f"howto-phone-{code}.png"), full_page=True)
        context.close()


def glyphs_are_real(page: Any, selector: str, text: str) -> None:
    drawn = page.evaluate(GLYPHS, [selector, text])
    assert len(drawn["chars"]) == 2, drawn["chars"]
    first, second = drawn["drawn"]
    missing = drawn["missing"]
    assert first["ink"] > 20 and second["ink"] > 20, drawn["font"]
    # a box for a missing glyph is the same for every character
    assert first["pixels"] != second["pixels"], (drawn["chars"], drawn["font"])
    assert missing["pixels"] not in (first["pixels"], second["pixels"]), drawn["font"]


def test_japanese_is_drawn_with_real_glyphs(page, server):
    page.add_init_script("localStorage.setItem('carcassonne.language', 'ja')")
    open_howto(page, server.url)
    # a heading ("草原") and a line of text, each in its own font
    heading = "[data-testid=howto-section-fields] h2"
    glyphs_are_real(page, heading, page.locator(heading).inner_text())
    line = "[data-testid=howto-section-turn] li"
    glyphs_are_real(page, line, page.locator(line).first.inner_text())

    # a table page in Japanese: its status and its buttons
    quick_play(page, server.url)
    assert wait_turn_or_end(page)
    status = page.get_by_test_id("status").inner_text()
    assert "あなたの番" in status
    glyphs_are_real(page, "[data-testid=status]", status)
    glyphs_are_real(page, "[data-testid=confirm]", "決定")


def test_the_lobby_and_the_table_link_to_it(page, server):
    page.goto(server.url + "/")
    link = page.get_by_test_id("howto-link")
    assert link.get_attribute("href") == "/how-to-play"
    assert "How to play" in link.inner_text()
    link.click()
    page.wait_for_url("**/how-to-play")
    page.wait_for_function("() => document.body.dataset.ready === 'true'")
    assert page.get_by_test_id("howto-section-turn").is_visible()

    # at a table the rules open beside the game, which goes on
    quick_play(page, server.url)
    link = page.get_by_test_id("howto-link")
    assert link.get_attribute("href") == "/how-to-play"
    assert link.get_attribute("target") == "_blank"
    with page.context.expect_page() as opened:
        link.click()
    rules = opened.value
    rules.wait_for_function("() => document.body.dataset.ready === 'true'")
    assert rules.url.endswith("/how-to-play")
    assert page.evaluate("document.body.dataset.status") == "playing"
    rules.close()

    # a section can be linked to directly
    page.goto(server.url + "/how-to-play#wonders")
    page.wait_for_function("() => document.body.dataset.ready === 'true'")
    page.wait_for_function(
        "() => document.getElementById('wonders').getBoundingClientRect().top < 60")
