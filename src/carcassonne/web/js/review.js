// The computer review of a finished game, in its replay (docs/analysis.md).
// "Request analysis" asks the server (POST /api/tables/{id}/analysis); the
// card then shows the place in the queue and the decisions weighed so far
// (the table's WebSocket says how it goes: `analysis` messages; a poll
// every few seconds as well, for a page that connected late). Once done it
// shows an evaluation graph over the game (each decision's expected lead
// after the move played; two players: the first player's, the second's
// negated; more: each player's own), each player's summary, the list of
// inaccuracies, mistakes and blunders, and the current move's line: what
// was played, the best move found (with two players, each with the
// mover's chance of winning), the loss and its class, with the best move
// drawn on the board beside the tile played, its figures and, faint and
// numbered, its example line. A click on the graph or a list entry jumps
// the replay to that move.

import { ApiError, esc, request } from "./api.js";
import { t } from "./i18n.js";
import { el, figureSpot } from "./board.js";
import { parseCompact } from "./legal.js";
import { seatClass } from "./palette.js";
import { Retry } from "./retry.js";
import { figureMarkup, tileMarkup } from "./tiles.js";

const W = 320;
const H = 120;
const LEFT = 30;
const RIGHT = 8;
const TOP = 8;
const BOTTOM = 16;
// Milliseconds between two looks at a review under way.
const POLL = 3000;
const CLASSES = ["best", "good", "inaccuracy", "mistake", "blunder"];
const MARKED = new Set(["inaccuracy", "mistake", "blunder"]);
// The classes "learn from your mistakes" stops at.
const LEARN = new Set(["mistake", "blunder"]);

/**
 * "Played X: expected lead +3.0" (`key` review.played or review.best), and
 * with two players ", chance of winning 61%" (the keys ending in Chance).
 */
function valued(key, move, value, chance) {
  if (chance == null) return t(key, { move, value: signed(value) });
  return t(`${key}Chance`, { move, value: signed(value), chance: Math.round(100 * chance) });
}

/** An SVG group with `attrs` and `markup` inside, added to `parent`. */
function svgGroup(parent, attrs, markup) {
  el("g", attrs, parent).innerHTML = markup;
}

/** Each point of the graph: [move index, value] per line (two players: one line, seat 0's view). */
export function graphLines(decisions, players) {
  if (players === 2) {
    return [decisions.map((d) => [d.move, d.player === 0 ? d.played_value : -d.played_value])];
  }
  return Array.from({ length: players }, (_, seat) =>
    decisions.filter((d) => d.player === seat).map((d) => [d.move, d.played_value]));
}

export class ReviewPanel {
  // `key` names the review (a table's id, or an uploaded record's key) and
  // `base` its address (/api/tables/{id}/analysis or /api/analyses/{key}).
  constructor(root, { key, base, names, moves, board, jump }) {
    this.root = root;
    this.key = key;
    this.base = base;
    this.names = names;
    this.moves = moves;
    this.board = board;
    this.jump = jump;
    this.status = null; // the server's answer: {status, done, total, position, review?}
    this.off = false;
    this.pos = 0;
    this.timer = null;
    this.retry = null; // "learn from your mistakes" under way (retry.js)
    this.root.hidden = false;
    this.onClick = (e) => this.clicked(e);
    this.root.addEventListener("click", this.onClick);
    this.closed = false;
    this.refresh();
  }

  async refresh() {
    try {
      this.status = await request("GET", this.base);
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 404)) this.error = err.message;
      this.status = null;
    }
    this.later();
    this.render();
  }

  async ask() {
    try {
      this.status = await request("POST", this.base, {});
    } catch (err) {
      if (err instanceof ApiError && err.status === 503) this.off = true;
      this.error = err.message;
    }
    this.later();
    this.render();
  }

  /** Look again soon while the review is queued or running. */
  later() {
    clearTimeout(this.timer);
    if (this.closed) return;
    if (this.status && ["queued", "running"].includes(this.status.status)) {
      this.timer = setTimeout(() => this.refresh(), POLL);
    }
  }

  /** An `analysis` message of the table's WebSocket. */
  news(msg) {
    if (msg.key !== this.key || this.status?.status === "done") return;
    this.status = { ...(this.status || {}), ...msg };
    if (msg.status === "done") this.refresh();
    else this.render();
  }

  /** The replay shows position `pos` (moves played): draw its decision. */
  show(pos) {
    this.pos = pos;
    this.render();
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    this.root.removeEventListener("click", this.onClick);
    this.board.setGhost(null, null);
    this.root.hidden = true;
    this.root.innerHTML = "";
  }

  decision(pos) {
    return this.status?.review?.decisions.find((d) => d.move === pos - 1) || null;
  }

  clicked(e) {
    if (this.retry?.clicked(e.target)) return;
    const target = e.target.closest("[data-jump], [data-action]");
    if (!target) return;
    if (target.dataset.action === "ask") this.ask();
    else if (target.dataset.action === "retry") this.learn(Number(target.dataset.seat));
    else if (target.dataset.jump != null) this.jump(Number(target.dataset.jump));
    else if (target.dataset.action === "graph") {
      const box = target.getBoundingClientRect();
      const x = ((e.clientX - box.left) / box.width) * W;
      const move = Math.round(((x - LEFT) / (W - LEFT - RIGHT)) * Math.max(1, this.moves));
      this.jump(Math.max(0, Math.min(this.moves, move + 1)));
    }
  }

  /** "Learn from your mistakes": stop at each of ``seat``'s mistakes and blunders. */
  learn(seat) {
    const mistakes = this.status.review.decisions.filter((d) => d.player === seat && LEARN.has(d.class));
    const back = this.pos;
    this.retry = new Retry({
      base: this.base, board: this.board, names: this.names, mistakes, jump: this.jump,
      redraw: () => this.render(),
      onEnd: () => {
        this.retry = null;
        this.board.setHighlights([], () => {});
        this.jump(back);
      },
    });
    this.retry.open(0);
  }

  render() {
    if (this.retry) {
      this.root.innerHTML = this.retry.html();
      this.retry.draw();
      return;
    }
    const s = this.status;
    const parts = [`<h3>${esc(t("review.title"))}</h3>`];
    if (!s || s.status === "failed") {
      if (s?.status === "failed") parts.push(`<p class="muted">${esc(t("review.failed"))}</p>`);
      if (this.off) parts.push(`<p class="muted" data-testid="review-off">${esc(t("review.off"))}</p>`);
      else {
        parts.push(`<p class="muted">${esc(t("review.about"))}</p>`);
        parts.push(`<button class="btn" data-action="ask" data-testid="review-ask">${esc(t("review.ask"))}</button>`);
      }
    } else if (s.status === "queued") {
      parts.push(`<p data-testid="review-progress">${esc(t("review.queued", { n: s.position ?? 1 }))}</p>`);
    } else if (s.status === "running") {
      const share = s.total ? Math.round((100 * s.done) / s.total) : 0;
      parts.push(`<p data-testid="review-progress">${esc(t("review.running", { done: s.done, total: s.total }))}</p>`,
        `<progress max="100" value="${share}"></progress>`);
    } else if (s.review) {
      parts.push(this.current(), this.graph(), this.summary(), this.list());
    }
    if (this.closed) return;
    this.root.innerHTML = parts.join("");
    this.drawBest();
  }

  /** The line of the move that led to the replay's position. */
  current() {
    const d = this.decision(this.pos);
    if (!d) return `<p class="muted review-line" data-testid="review-line">${esc(t(this.pos ? "review.forced" : "review.start"))}</p>`;
    const who = `<b class="${seatClass(d.player)}">${esc(this.names[d.player] ?? "")}</b>`;
    const same = d.best === d.played;
    return `<p class="review-line" data-testid="review-line" data-class="${d.class}">${who} `
      + `<span class="badge ${d.class}" title="${esc(t(`review.hint.${d.class}`))}" data-testid="review-class">${esc(t(`review.class.${d.class}`))}</span> `
      + `${esc(t("review.loss", { loss: d.loss.toFixed(1) }))}<br>`
      + `<span data-testid="review-played">${esc(valued("review.played", d.played, d.played_value, d.played_chance))}</span>`
      + (same ? "" : `<br><span data-testid="review-best">${esc(valued("review.best", d.best, d.best_value, d.best_chance))}</span>`)
      + (d.exact ? ` <span class="muted">${esc(t("review.exact"))}</span>` : "")
      + (d.line?.length && !same ? `<br><span class="muted" data-testid="review-main-line">${esc(t("review.mainLine", { moves: d.line.map((m) => `${this.names[m.player] ?? ""} ${m.move}`).join(" · ") }))}</span>` : "")
      + (d.about?.length ? `<br><span data-testid="review-about">${esc(t("review.about.line", { what: d.about.map((k) => t(`review.theme.${k}`)).join("; ") }))}</span>` : "")
      + "</p>";
  }

  /**
   * The best move of the shown decision, drawn as a ghost beside the tile
   * played, with its figures; and its example line, each tile faint with
   * its number in the line (1 the next player's move...).
   */
  drawBest() {
    const d = this.decision(this.pos);
    const best = d && d.best !== d.played ? parseCompact(d.best) : null;
    const placed = best?.tile ? best : null;
    this.board.setGhost(placed ? { tile: placed.tile, at: placed.at, rotation: placed.rotation, rotations: 1 } : null, null);
    if (!placed) return;
    const layer = this.board.layers.ghost;
    const line = (d.line || []).map((m) => ({ ...m, parsed: parseCompact(m.move) })).filter((m) => m.parsed.tile);
    const tiles = [...(this.board.board || []), placed];
    line.forEach((m, i) => {
      const { tile, at, rotation } = m.parsed;
      tiles.push(m.parsed);
      svgGroup(layer, { class: `review-next ${seatClass(m.player)}`, "data-testid": "review-next", "data-step": i + 1,
        transform: `translate(${at[0] * 100} ${at[1] * 100})` },
      `<g transform="rotate(${rotation} 50 50)">${tileMarkup(tile, rotation)}</g>`
        + `<circle cx="50" cy="50" r="17"/><text x="50" y="57" text-anchor="middle">${i + 1}</text>`);
    });
    const grow = this.board.figureGrow();
    svgGroup(layer, { class: "review-best-figures", "data-testid": "review-best-figures" },
      placed.figures.map((f) => {
        const [x, y] = figureSpot(tiles, { ...f, at: f.on || placed.at });
        return figureMarkup(x, y, d.player, f.feature, 26 * grow, ` data-testid="review-best-figure" data-figure="${esc(f.figure)}"`, f.figure);
      }).join(""));
  }

  graph() {
    const decisions = this.status.review.decisions;
    const lines = graphLines(decisions, this.names.length);
    const values = decisions.map((d) => Math.abs(d.played_value));
    const top = Math.max(10, ...values);
    const x = (move) => LEFT + ((W - LEFT - RIGHT) * move) / Math.max(1, this.moves);
    const y = (v) => TOP + ((H - TOP - BOTTOM) * (top - v)) / (2 * top);
    const out = [`<svg class="review-graph" viewBox="0 0 ${W} ${H}" data-action="graph" data-testid="review-graph" role="img" aria-label="${esc(t("review.graph"))}">`,
      `<line class="axis" x1="${LEFT}" y1="${y(0)}" x2="${W - RIGHT}" y2="${y(0)}"/>`,
      `<text class="label" x="${LEFT - 4}" y="${y(top) + 4}" text-anchor="end">+${Math.round(top)}</text>`,
      `<text class="label" x="${LEFT - 4}" y="${y(-top) + 4}" text-anchor="end">−${Math.round(top)}</text>`];
    lines.forEach((points, n) => {
      const seat = this.names.length === 2 ? 0 : n;
      if (points.length) {
        const path = points.map(([m, v], i) => `${i ? "L" : "M"}${x(m).toFixed(1)} ${y(v).toFixed(1)}`).join("");
        out.push(`<path class="line ${seatClass(seat)}" d="${path}"/>`);
      }
    });
    for (const d of decisions) {
      if (!MARKED.has(d.class) || d.class === "inaccuracy") continue;
      const v = this.names.length === 2 && d.player === 1 ? -d.played_value : d.played_value;
      out.push(`<circle class="dot ${d.class}" cx="${x(d.move).toFixed(1)}" cy="${y(v).toFixed(1)}" r="3" data-testid="review-dot" data-move="${d.move}"/>`);
    }
    out.push(`<line class="marker" x1="${x(Math.max(0, this.pos - 1))}" y1="${TOP}" x2="${x(Math.max(0, this.pos - 1))}" y2="${H - BOTTOM}"/>`, "</svg>");
    return out.join("");
  }

  summary() {
    const rows = this.status.review.summary.map((s) => {
      const counts = CLASSES.filter((k) => MARKED.has(k)).map((k) =>
        `<span class="badge ${k}" title="${esc(t(`review.hint.${k}`))}">${s.classes[k]}</span>`).join(" ");
      const learn = s.classes.mistake + s.classes.blunder
        ? ` <button class="link" data-action="retry" data-seat="${s.player}" data-testid="review-learn">${esc(t("review.learn", { player: s.name }))}</button>`
        : "";
      const themes = Object.entries(s.about || {}).filter(([, n]) => n).sort((a, b) => b[1] - a[1])
        .map(([k, n]) => `${t(`review.theme.${k}`)} (${n})`).join("; ");
      const about = themes ? `<br><span class="muted" data-testid="review-themes">${esc(t("review.about.summary", { what: themes }))}</span>` : "";
      return `<li class="${seatClass(s.player)}" data-testid="review-summary"><b>${esc(s.name)}</b> `
        + `${esc(t("review.average", { loss: s.average_loss.toFixed(2), n: s.decisions }))} ${counts}${learn}${about}</li>`;
    });
    return `<ul class="review-summary">${rows.join("")}</ul>`;
  }

  list() {
    const marked = this.status.review.decisions.filter((d) => MARKED.has(d.class));
    if (!marked.length) return `<p class="muted">${esc(t("review.clean"))}</p>`;
    const items = marked.map((d) =>
      `<li><button class="link ${d.class}" data-jump="${d.move + 1}" data-testid="review-${d.class}" data-move="${d.move}">`
      + `${esc(t("review.entry", { n: d.move + 1, player: this.names[d.player] ?? "", loss: d.loss.toFixed(1) }))} `
      + `<span class="badge ${d.class}">${esc(t(`review.class.${d.class}`))}</span></button></li>`);
    return `<ol class="review-list">${items.join("")}</ol>`;
  }
}

function signed(value) {
  return `${value >= 0 ? "+" : "−"}${Math.abs(value).toFixed(1)}`;
}
