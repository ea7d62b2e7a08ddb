// One board of the watch page (watch.js): a table followed live as a
// spectator (spectate.js) and drawn small: its name with a link to the
// table and to its broadcast layout, the board shown whole (board.js), a
// line per player with colour, name, score and clock (scoreboard.js; the
// running clock counts down between states), and where the game is. A
// slot may wait for its table (a competition match not started yet) and
// change table (a series' next game); the page may name it (the match and
// its game) rather than the table's own name.
//
// A click on the small board, or its "Enlarge" button, calls `onEnlarge`:
// the page shows one card large over the others (the class `enlarged`),
// where the board pans and zooms; small, the board takes no pointer, so the
// page scrolls over it.

import { BoardView } from "./board.js";
import { liveClock, tickClocks } from "./clocks.js";
import { t } from "./i18n.js";
import { tableName } from "./names.js";
import { drawGame, gameLine, scoreLines } from "./scoreboard.js";
import { Spectator } from "./spectate.js";

export class WatchCard {
  /** A card in `parent` for the slot `key`; `onEnlarge(card)` when it is clicked to be enlarged. */
  constructor(parent, key, { onEnlarge }) {
    this.key = key;
    this.tableId = null;
    this.title = "";
    this.msg = null;
    this.clocks = null;
    this.spectator = null;
    this.connection = "connecting";
    this.el = document.createElement("article");
    this.el.className = "watch-card";
    this.el.dataset.testid = "watch-card";
    this.el.dataset.slot = key;
    this.el.innerHTML = `<header class="watch-head">
        <h2 class="watch-name"></h2>
        <a class="btn small watch-open"></a>
        <a class="btn small watch-broadcast" target="_blank" rel="noopener"></a>
        <button type="button" class="btn small watch-enlarge"></button>
        <button type="button" class="btn small primary watch-back"></button>
      </header>
      <div class="watch-board"><div class="board"></div><p class="watch-empty"></p></div>
      <ol class="watch-players"></ol>
      <p class="watch-line" role="status"></p>`;
    this.part = (name) => this.el.querySelector(`.watch-${name}`);
    this.board = new BoardView(this.el.querySelector(".board"));
    this.board.fit();
    this.part("board").addEventListener("click", () => {
      if (!this.el.classList.contains("enlarged") && this.tableId) onEnlarge(this);
    });
    this.part("enlarge").addEventListener("click", () => onEnlarge(this));
    this.back = () => {};
    this.part("back").addEventListener("click", () => this.back());
    parent.appendChild(this.el);
    this.render();
  }

  /** Follow table `tableId` (null: none yet), named `title` (when "", the table's name). */
  show(tableId, title = "") {
    this.title = title;
    if (tableId === this.tableId) {
      this.render();
      return;
    }
    this.spectator?.close();
    this.spectator = null;
    this.tableId = tableId;
    this.msg = null;
    this.clocks = null;
    this.board.setTiles([]);
    this.board.setFigures([]);
    this.board.setLast(null);
    if (tableId) {
      this.spectator = new Spectator(tableId, {
        onState: (msg) => this.onState(msg),
        onConnection: (kind) => {
          this.connection = kind;
          this.render();
        },
      });
    }
    this.render();
  }

  onState(msg) {
    this.msg = msg;
    this.clocks = liveClock(msg.table);
    drawGame(this.board, msg.view);
    this.render();
  }

  /** Draw the board again (the palette changed: the last tile's frame is coloured by script). */
  redraw() {
    if (this.msg) drawGame(this.board, this.msg.view);
  }

  /** Count the running clock down (the page calls this a few times a second). */
  tick() {
    if (this.clocks) tickClocks(this.part("players"), this.clocks);
  }

  /** Draw the card's words again (a new state, the language, the palette). */
  render() {
    const { table, view } = this.msg || {};
    const id = this.tableId;
    const data = this.el.dataset;
    data.table = id || "";
    data.testid = id ? `watch-board-${id}` : `watch-slot-${this.key}`;
    data.status = table?.status || (id ? "" : "none");
    data.last = String(this.msg?.last ?? "");
    data.tiles = String(view?.board?.length ?? 0);
    data.over = String(Boolean(view?.is_over));
    this.part("name").textContent = this.title || (table ? tableName(table) : id || "");
    const href = id ? `/table/${encodeURIComponent(id)}` : "";
    for (const [name, link, words, testid] of [["open", href, "watch.open", "watch-open"],
      ["broadcast", href && `${href}?layout=broadcast`, "watch.broadcast", "watch-broadcast"]]) {
      const a = this.part(name);
      a.hidden = !id;
      a.textContent = t(words);
      a.dataset.testid = `${testid}-${id || this.key}`;
      if (link) a.href = link;
    }
    const enlarge = this.part("enlarge");
    enlarge.hidden = !id;
    enlarge.textContent = t("watch.enlarge");
    enlarge.title = t("watch.enlargeTitle");
    enlarge.dataset.testid = `watch-enlarge-${id || this.key}`;
    const back = this.part("back");
    back.textContent = t("watch.back");
    back.dataset.testid = "watch-back";
    const empty = this.part("empty");
    empty.hidden = Boolean(this.msg);
    empty.textContent = !id ? t("watch.notStarted") : this.connection === "missing" ? t("watch.missing") : t("status.loading");
    this.part("players").innerHTML = this.msg ? scoreLines(table, view, this.clocks, `watch-${id}`) : "";
    this.part("line").textContent = this.msg ? gameLine(table, view) : "";
    this.el.classList.toggle("offline", this.connection === "offline");
  }

  /** Show large (true) or among the others; `back()` is what "Back" does. */
  setEnlarged(on, back = () => {}) {
    this.el.classList.toggle("enlarged", on);
    this.back = back;
    this.board.fit();
  }

  /** Stop following and take the card off the page. */
  remove() {
    this.spectator?.close();
    this.el.remove();
  }
}
