// "Learn from your mistakes" (docs/analysis.md): the replay stops before
// each mistake and blunder of one player, the board shows where the tile
// may go (GET .../analysis/moves/{n}: the legal moves there);
// the player picks a square, turns the tile by clicking it, chooses a
// figure (or none) and checks: the server weighs that move as the review
// weighed the one played (POST there), and the card says whether it is as
// good as the best found, or what it loses. "Show the best" draws it.
// A decision that places no tile (a choice, a dragon step) lists its moves
// as buttons instead.

import { esc, request } from "./api.js";
import { t } from "./i18n.js";
import { parseCompact } from "./legal.js";

/** How a move reads in the chooser: its figures, or "no figure". */
function figuresText(move) {
  const figures = move.figures || [];
  if (!figures.length) return t("retry.noFigure");
  return figures.map((f) => `${f.figure} · ${f.feature} ${f.spot}`).join(", ");
}

export class Retry {
  constructor({ base, board, names, mistakes, jump, redraw, onEnd }) {
    this.base = base;
    this.board = board;
    this.names = names;
    this.mistakes = mistakes;
    this.jump = jump;
    this.redraw = redraw;
    this.onEnd = onEnd;
    this.index = 0;
    this.reset();
  }

  reset() {
    this.legal = null;
    this.square = null;
    this.rotation = 0;
    this.result = null;
    this.showBest = false;
    this.busy = false;
  }

  get decision() {
    return this.mistakes[this.index];
  }

  get path() {
    return `${this.base}/moves/${this.decision.move}`;
  }

  /** Go to mistake `index`: the position before it, its legal moves. */
  async open(index) {
    this.index = index;
    this.reset();
    this.jump(this.decision.move);
    try {
      this.legal = (await request("GET", this.path)).legal;
    } catch (err) {
      this.error = err.message;
    }
    this.redraw();
  }

  /** The legal moves at the chosen square, in its chosen rotation. */
  here() {
    if (!this.legal || !this.square) return [];
    return this.legal.filter((m) => m.at && m.at[0] === this.square[0] && m.at[1] === this.square[1]
      && m.rotation === this.rotation);
  }

  rotations() {
    if (!this.square) return [];
    const found = this.legal.filter((m) => m.at && m.at[0] === this.square[0] && m.at[1] === this.square[1])
      .map((m) => m.rotation);
    return [...new Set(found)].sort((a, b) => a - b);
  }

  pick(square) {
    this.square = square;
    this.rotation = this.rotations()[0];
    this.result = null;
    this.redraw();
  }

  turn() {
    const all = this.rotations();
    this.rotation = all[(all.indexOf(this.rotation) + 1) % all.length];
    this.result = null;
    this.redraw();
  }

  async check(move) {
    this.busy = true;
    this.redraw();
    try {
      this.result = await request("POST", this.path, { try: move });
    } catch (err) {
      this.error = err.message;
    }
    this.busy = false;
    this.redraw();
  }

  /** Draw on the board: the squares to choose from, the tile on the chosen
   * one (a click turns it), or the best move when asked for. */
  draw() {
    const best = this.showBest ? parseCompact(this.result?.best || this.decision.best) : null;
    if (best?.tile) {
      this.board.setHighlights([], () => {});
      this.board.setGhost({ tile: best.tile, at: best.at, rotation: best.rotation, rotations: 1 }, null);
      return;
    }
    const placing = (this.legal || []).filter((m) => m.at);
    const squares = [...new Map(placing.map((m) => [`${m.at[0]},${m.at[1]}`, m.at])).values()];
    this.board.setHighlights(this.result ? [] : squares, (sq) => this.pick(sq));
    const shown = this.here()[0];
    this.board.setGhost(shown ? { tile: shown.tile, at: shown.at, rotation: shown.rotation,
      rotations: this.rotations().length } : null, () => this.turn());
  }

  html() {
    const d = this.decision;
    const parts = [`<h3>${esc(t("retry.title"))}</h3>`,
      `<p data-testid="retry-task">${esc(t("retry.task", { n: d.move + 1, player: this.names[d.player] ?? "",
        count: this.index + 1, total: this.mistakes.length }))}</p>`];
    if (this.error) parts.push(`<p class="muted">${esc(this.error)}</p>`);
    if (this.legal && !this.result) {
      const placing = this.legal.some((m) => m.at);
      const options = placing ? this.here() : this.legal;
      if (placing && !this.square) parts.push(`<p class="muted">${esc(t("retry.pickSquare"))}</p>`);
      if (options.length) {
        parts.push(`<div class="retry-options" data-testid="retry-options">${options.map((m, i) =>
          `<button class="btn small" data-retry="${i}" data-testid="retry-option">${esc(placing ? figuresText(m) : JSON.stringify(m))}</button>`).join("")}</div>`);
        if (placing && this.rotations().length > 1) parts.push(`<p class="muted">${esc(t("retry.turn"))}</p>`);
      }
    }
    if (this.busy) parts.push(`<p data-testid="retry-busy">${esc(t("retry.weighing"))}</p>`);
    if (this.result) {
      const good = this.result.class === "best";
      parts.push(`<p class="retry-result ${good ? "good" : "bad"}" data-testid="retry-result" data-class="${this.result.class}">`
        + esc(good ? t("retry.asGood") : t("retry.loses", { loss: this.result.loss.toFixed(1), kind: t(`review.class.${this.result.class}`) }))
        + "</p>");
    }
    if (this.showBest) {
      parts.push(`<p data-testid="retry-best">${esc(t("retry.best", { move: this.result?.best || d.best }))}</p>`);
    }
    const buttons = [];
    if (this.result) buttons.push(`<button class="btn small" data-retry-action="again" data-testid="retry-again">${esc(t("retry.again"))}</button>`);
    buttons.push(`<button class="btn small" data-retry-action="best" data-testid="retry-show-best">${esc(t("retry.showBest"))}</button>`);
    buttons.push(this.index + 1 < this.mistakes.length
      ? `<button class="btn small" data-retry-action="next" data-testid="retry-next">${esc(t("retry.next"))}</button>`
      : "");
    buttons.push(`<button class="btn small" data-retry-action="end" data-testid="retry-end">${esc(t("retry.end"))}</button>`);
    parts.push(`<div class="actions">${buttons.join("")}</div>`);
    return parts.join("");
  }

  /** A click in the card: an option to check, or one of the buttons. */
  clicked(target) {
    const option = target.closest("[data-retry]");
    if (option) {
      const placing = this.legal.some((m) => m.at);
      const options = placing ? this.here() : this.legal;
      this.check(options[Number(option.dataset.retry)]);
      return true;
    }
    const action = target.closest("[data-retry-action]")?.dataset.retryAction;
    if (!action) return false;
    if (action === "again") {
      this.result = null;
      this.showBest = false;
      this.redraw();
    } else if (action === "best") {
      this.showBest = true;
      this.redraw();
    } else if (action === "next") {
      this.open(this.index + 1);
    } else {
      this.onEnd();
    }
    return true;
  }
}
