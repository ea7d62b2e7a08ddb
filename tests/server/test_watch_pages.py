"""The pages that watch: many boards at /competition/{id}/boards and /watch,
and a table laid out for streaming at /table/{id}?layout=broadcast, each
served with what it loads."""

from __future__ import annotations

import re

import pytest
from server_helpers import Serve


@pytest.mark.parametrize(("path", "name"), [
    ("/competition/abc/boards?round=1", "watch.html"),
    ("/competition/abc/boards", "watch.html"),
    ("/watch?tables=a,b,c", "watch.html"),
    ("/watch", "watch.html"),
    ("/table/abc?layout=broadcast", "broadcast.html"),
    ("/table/abc?layout=broadcast&lang=ja", "broadcast.html"),
    # any other layout is the table page itself
    ("/table/abc?layout=other", "table.html"),
    ("/table/abc?layout=", "table.html"),
    ("/table/abc", "table.html"),
    ("/competition/abc", "pages.html"),
])
def test_each_page_is_served(serve: Serve, path: str, name: str) -> None:
    from carcassonne.server.config import WEB_DIR

    with serve(web_dir=WEB_DIR) as client:
        answer = client.get(path)
        assert answer.status_code == 200, path
        assert "text/html" in answer.headers["content-type"]
        assert answer.headers["cache-control"] == "no-cache"
        assert answer.text == (WEB_DIR / name).read_text("utf-8")


@pytest.mark.parametrize(("path", "script"), [
    ("/watch", "/static/js/watch.js"),
    ("/table/abc?layout=broadcast", "/static/js/broadcast.js"),
])
def test_what_the_pages_load_is_there(serve: Serve, path: str, script: str) -> None:
    from carcassonne.server.config import WEB_DIR

    with serve(web_dir=WEB_DIR) as client:
        page = client.get(path).text
        loaded = re.findall(r'(?:src|href)="(/static/[^"]+)"', page)
        assert script in loaded and "/static/watch.css" in loaded
        wanted = [*loaded, "/static/js/watchcard.js", "/static/js/scoreboard.js",
                  "/static/js/spectate.js", "/static/i18n/watch-en.js", "/static/i18n/watch-ja.js"]
        for static in wanted:
            assert client.get(static).status_code == 200, static


def test_no_other_path_under_a_competition_is_a_page(serve: Serve) -> None:
    from carcassonne.server.config import WEB_DIR

    with serve(web_dir=WEB_DIR) as client:
        assert client.get("/competition/abc/boards/more").status_code == 404
        assert client.get("/watch/abc").status_code == 404
