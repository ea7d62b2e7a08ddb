// The board as text, for a screen reader (and for anyone who wants it):
// every placed tile by square with its cities, roads and monastery and the
// figures on it, and, on your turn, every square your tile can go to with
// what each turn of it would join, complete and score.
//
// The tiles come from the table's view; what a placement would do comes
// from the server (GET /api/tables/{id}/placements: the engine plays each
// placement one move ahead), asked once a position and only while the
// text board is open or the keyboard cursor needs it. The same words are
// what the announcer says when the keyboard moves the tile (describe()).

import { api } from "./api.js";
import { t } from "./i18n.js";
import { rotateLocation } from "./geometry.js";
import { getCatalogue, wonderData } from "./tiles.js";
import { wonderName } from "./wonderpanel.js";

const ORDER = ["N", "E", "S", "W"];

/** The sides a segment touches, turned with its tile, as words ("north, east"). */
function sidesOf(segment, rotation) {
  const sides = new Set((segment.at || []).map((loc) => rotateLocation(loc, rotation)[0]));
  return ORDER.filter((s) => sides.has(s)).map((s) => t(`side.${s}`)).join(", ");
}

/** One placed tile in words: its cities, roads, monastery or garden. */
export function tileWords(tile, rotation) {
  const wonder = wonderData(tile);
  if (wonder) return wonderName(tile);
  const data = getCatalogue().tiles?.[tile];
  if (!data) return tile;
  const parts = [];
  for (const city of data.cities || []) {
    const text = t("textBoard.feature", { feature: t("feature.city"), sides: sidesOf(city, rotation) });
    parts.push(city.shields ? `${text} ${t("textBoard.shield")}` : text);
  }
  for (const road of data.roads || []) parts.push(t("textBoard.feature", { feature: t("feature.road"), sides: sidesOf(road, rotation) }));
  if (data.monastery) parts.push(t("feature.monastery"));
  if (data.garden) parts.push(t("feature.garden"));
  return parts.length ? parts.join("; ") : t("textBoard.onlyFields");
}

/** What one placement (an entry of /placements) would do, in words. */
export function placementWords(placement, names) {
  const out = [];
  for (const f of placement.features) {
    if (f.kind === "field") continue;
    const feature = t(`feature.${f.kind}`);
    const held = f.owners.length ? ` ${t("textBoard.held", { players: f.owners.map((p) => names[p]).join(", ") })}` : "";
    if (f.complete) out.push(t("textBoard.completes", { feature, tiles: f.tiles }));
    else if (f.joins.length) out.push(`${t("textBoard.joins", { feature, tiles: f.tiles })}${held}`);
    else out.push(t("textBoard.starts", { feature }));
  }
  for (const s of placement.scored || []) out.push(t("textBoard.scores", { player: names[s.player], points: s.points }));
  return out.join("; ");
}

/** A line of the text board: square `at`, then `what` is there. */
function squareItem(at, what) {
  const li = document.createElement("li");
  li.textContent = t("textBoard.at", { x: at[0], y: at[1], what });
  li.dataset.at = `${at[0]},${at[1]}`;
  return li;
}

export class TextBoard {
  /** `el` is the <details> of the text board; `tableId` and `token()` ask the placements. */
  constructor(el, tableId, token) {
    this.el = el;
    this.tableId = tableId;
    this.token = token;
    this.state = null; // {view, names, mine, last}
    this.placements = null; // {last, list} of the position shown
    this.asked = null;
    el.addEventListener("toggle", () => this.draw());
  }

  /** Follow the table: `view`, seat `names`, whether it is `mine` to place, `last` move. */
  update(state) {
    this.state = state;
    if (this.placements && this.placements.last !== state.last) this.placements = null;
    if (this.el.open) this.draw();
  }

  /** Ask the placements of the position shown (once); `then` runs when they are in. */
  async load(then = () => {}) {
    const s = this.state;
    if (!s?.mine) return;
    if (this.placements?.last === s.last) {
      then();
      return;
    }
    if (this.asked === s.last) return;
    this.asked = s.last;
    try {
      const answer = await api.placements(this.tableId, this.token());
      if (answer.last === this.state?.last) {
        this.placements = { last: answer.last, list: answer.placements };
        if (this.el.open) this.draw();
        then();
      }
    } catch {
      // the text board says nothing of the squares; the board still shows them
    } finally {
      this.asked = null;
    }
  }

  /** The words for the tile put at `at` turned by `rotation` (null if not known yet). */
  describe(at, rotation) {
    const found = this.placements?.list.find((p) => p.at[0] === at[0] && p.at[1] === at[1] && p.rotation === rotation);
    return found ? placementWords(found, this.state.names) : null;
  }

  draw() {
    const s = this.state;
    const body = this.el.querySelector(".text-board-body");
    if (!this.el.open || !s?.view) return;
    const tiles = document.createElement("ul");
    const figures = s.view.figures || [];
    for (const entry of s.view.board || []) {
      const here = figures.filter((f) => f.at[0] === entry.at[0] && f.at[1] === entry.at[1]);
      const figureText = here.map((f) => t("textBoard.figure", { player: s.names[f.player] ?? "", figure: t(`figure.${f.figure}`), feature: t(`feature.${f.feature}`) }));
      tiles.append(squareItem(entry.at, [tileWords(entry.tile, entry.rotation), ...figureText].join("; ")));
    }
    const squares = document.createElement("ul");
    squares.dataset.testid = "text-board-squares";
    if (s.mine && this.placements) {
      const bySquare = new Map();
      for (const p of this.placements.list) {
        const key = `${p.at[0]},${p.at[1]}`;
        if (!bySquare.has(key)) bySquare.set(key, []);
        bySquare.get(key).push(p);
      }
      for (const list of bySquare.values()) {
        const turns = list.map((p) => t("textBoard.turned", { degrees: p.rotation, what: placementWords(p, s.names) || t("textBoard.nothing") }));
        squares.append(squareItem(list[0].at, turns.join(" · ")));
      }
    } else if (s.mine) {
      this.load();
    }
    const heading = (key) => {
      const h = document.createElement("h4");
      h.textContent = t(key);
      return h;
    };
    const parts = [heading("textBoard.tiles"), tiles];
    if (s.mine) parts.push(heading("textBoard.squares"), squares);
    tiles.dataset.testid = "text-board-tiles";
    body.replaceChildren(...parts);
  }
}
