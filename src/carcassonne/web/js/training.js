// Training (a table whose aids are "training", aids.js): on each open
// square next to the board, the chance that the next tile drawn fits it,
// as a small percentage. The server counts it exactly (GET
// /api/tables/{id}/chances: of the `tiles` the next draw chooses from,
// `fits` fit the square in some rotation); the page asks once per move and
// shows fits / tiles, rounded, never 0 % or 100 % unless it is exactly so.
// The marks keep a readable size on screen at every zoom (between about 12
// and 22 px), and let the pointer through to the squares under them. A
// button by the zoom buttons shows or hides them; this browser remembers.

import { esc, request } from "./api.js";
import { t } from "./i18n.js";

const NS = "http://www.w3.org/2000/svg";
const SHOWN = "carcassonne.chances";
/** The mark's text size in board units at scale 1 (a square is 100). */
const FONT = 20;
/** Least and most size of the text on screen, in pixels. */
const LEAST_PX = 12;
const MOST_PX = 22;

/** A chance as a percentage: "0 %" and "100 %" only when exact. */
export function percent(fits, tiles) {
  if (!tiles || !fits) return "0%";
  if (fits === tiles) return "100%";
  return `${Math.min(99, Math.max(1, Math.round((100 * fits) / tiles)))}%`;
}

export class TrainingAid {
  /** `board` is the page's BoardView, `button` the toggle, `tableId` the table. */
  constructor(board, button, tableId) {
    this.board = board;
    this.button = button;
    this.tableId = tableId;
    this.layer = document.createElementNS(NS, "g");
    this.layer.setAttribute("class", "layer-chances");
    this.layer.setAttribute("data-testid", "chances");
    board.layers.dead.after(this.layer); // under the lit features, the ghost tile and the spots
    this.answer = null;
    this.asked = null;
    this.last = null;
    this.active = false;
    this.drawnScale = null;
    this.shown = localStorage.getItem(SHOWN) !== "off";
    button.addEventListener("click", () => this.toggle());
  }

  /** Follow the state shown: the table's aids, the moves played, a replay open. */
  update({ table, view, last, replay }) {
    this.active = table?.aids === "training" && Boolean(view) && !view.is_over && !replay;
    this.last = last;
    this.button.hidden = !this.active;
    this.button.setAttribute("aria-pressed", String(this.shown));
    this.button.title = t(this.shown ? "training.hide" : "training.show");
    if (!this.active) {
      this.layer.innerHTML = "";
      this.drawnScale = null;
      return;
    }
    if (this.answer?.last === last) this.draw();
    else if (this.asked !== last) this.load(last);
  }

  async load(last) {
    this.asked = last;
    try {
      const answer = await request("GET", `/api/tables/${encodeURIComponent(this.tableId)}/chances`);
      if (answer.last !== this.last) { // a move came meanwhile: its state asks again
        this.asked = null;
        return;
      }
      this.answer = answer;
      document.body.dataset.chances = String(answer.last); // for tests: the position they are of
      this.draw();
    } catch {
      this.asked = null;
    }
  }

  toggle() {
    this.shown = !this.shown;
    localStorage.setItem(SHOWN, this.shown ? "on" : "off");
    this.button.setAttribute("aria-pressed", String(this.shown));
    this.button.title = t(this.shown ? "training.hide" : "training.show");
    this.draw();
  }

  /** How much the marks grow or shrink at the board's zoom, so their text stays readable. */
  scale() {
    const k = this.board.k;
    return Math.min(MOST_PX / (FONT * k), Math.max(1, LEAST_PX / (FONT * k)));
  }

  /** Draw again after a zoom, when the marks' size changed enough to see. */
  rescale() {
    if (this.drawnScale != null && Math.abs(this.scale() / this.drawnScale - 1) > 0.05) this.draw();
  }

  draw() {
    const answer = this.answer;
    if (!this.active || !this.shown || !answer || answer.last !== this.last) {
      this.layer.innerHTML = "";
      this.drawnScale = null;
      return;
    }
    const s = this.scale();
    this.drawnScale = s;
    this.layer.innerHTML = answer.squares.map(({ at: [x, y], fits }) => {
      const text = percent(fits, answer.tiles);
      const title = t("training.title", { fits, tiles: answer.tiles });
      return `<g class="chance${fits ? "" : " none"}" data-testid="chance" data-x="${x}" data-y="${y}" data-fits="${fits}" data-tiles="${answer.tiles}"`
        + ` transform="translate(${x * 100 + 50} ${y * 100 + 50}) scale(${s.toFixed(3)})">`
        + `<rect x="-29" y="-14" width="58" height="28" rx="14"/><text y="1" font-size="${FONT}">${esc(text)}</text><title>${esc(title)}</title></g>`;
    }).join("");
  }
}
