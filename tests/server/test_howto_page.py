"""The "How to play" page: served at /how-to-play with what it loads."""

from __future__ import annotations

import re

from server_helpers import Serve


def test_how_to_play_is_served_with_its_scripts_texts_and_look(serve: Serve) -> None:
    from carcassonne.server.config import WEB_DIR

    with serve(web_dir=WEB_DIR) as client:
        answer = client.get("/how-to-play")
        assert answer.status_code == 200
        assert "text/html" in answer.headers["content-type"]
        assert answer.headers["cache-control"] == "no-cache"
        assert answer.text == (WEB_DIR / "howto.html").read_text("utf-8")
        # what the page loads is there: its script and stylesheet...
        loaded = re.findall(r'(?:src|href)="(/static/[^"]+)"', answer.text)
        assert "/static/js/howto.js" in loaded and "/static/howto.css" in loaded
        # ...the modules the script imports, and the texts in each language
        wanted = [*loaded, "/static/js/howto-boards.js", "/static/i18n/howto-en.js",
                  "/static/i18n/howto-ja.js"]
        for path in wanted:
            assert client.get(path).status_code == 200, path
        assert client.get("/how-to-play/more").status_code == 404
