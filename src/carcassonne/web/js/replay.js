// The replay viewer of a finished table: the board after any number of
// moves, rebuilt from the record (GET /api/tables/{id}/record) by placing
// its moves' tiles in order; scores come from the finished view's score
// events (each names its move). Step back and forward, play, or jump to a
// move from the slider or the log. The time of each move, a line and a
// graph, is replay-clock.js's; the computer review, review.js's.

import { t } from "./i18n.js";
import { replayStates } from "./features.js";
import { renderReplayClock } from "./replay-clock.js";

const $ = (id) => document.getElementById(id);
const PLAY = '<svg viewBox="0 0 20 20" width="16" height="16"><path d="M6 3l11 7-11 7Z" fill="currentColor"/></svg>';
const PAUSE = '<svg viewBox="0 0 20 20" width="16" height="16"><path d="M5 3h4v14H5ZM11 3h4v14h-4Z" fill="currentColor"/></svg>';

export class ReplayViewer {
  constructor({ record, board, view, table, renderPlayers, renderLog, onClose, onRender = () => {} }) {
    this.record = record;
    this.board = board;
    this.view = view;
    this.table = table;
    this.players = record.setup?.players?.length || view?.players?.length || 2;
    // with The River the spring is the start tile (RIVER-SETUP-1)
    const start = (record.setup?.sets || view?.sets || []).includes("river") ? "RI/s" : "BA/RCr";
    this.states = replayStates(record.moves || [], this.players, start, view?.movers);
    this.pos = 0;
    this.timer = null;
    this.renderPlayersFn = renderPlayers;
    this.renderLogFn = renderLog;
    this.onClose = onClose;
    this.onRender = onRender; // after each position drawn (the review draws on it)
    this.bar = $("replay-bar");
    this.bar.hidden = false;
    this.bind();
  }

  get last() {
    return this.states.length - 1;
  }

  bind() {
    const on = (name, fn) => {
      const el = $(name);
      const copy = el.cloneNode(true); // drop the handlers of an earlier replay
      el.replaceWith(copy);
      copy.addEventListener(copy.tagName === "INPUT" ? "input" : "click", fn);
    };
    on("replay-first", () => this.go(0));
    on("replay-prev", () => this.go(this.pos - 1));
    on("replay-play", () => this.toggle());
    on("replay-next", () => this.go(this.pos + 1));
    on("replay-last", () => this.go(this.last));
    on("replay-slider", (e) => this.go(Number(e.target.value)));
    on("replay-close", () => this.close());
    this.keys = (e) => {
      if (e.target.closest?.("input, select, textarea")) return;
      if (e.key === "ArrowLeft") this.go(this.pos - 1);
      else if (e.key === "ArrowRight") this.go(this.pos + 1);
      else if (e.key === " ") {
        e.preventDefault();
        this.toggle();
      }
    };
    document.addEventListener("keydown", this.keys);
  }

  go(pos) {
    this.pos = Math.max(0, Math.min(this.last, pos));
    if (this.pos === this.last) this.stop();
    this.render();
  }

  toggle() {
    if (this.timer) {
      this.stop();
    } else {
      if (this.pos >= this.last) this.pos = 0;
      this.timer = setInterval(() => this.go(this.pos + 1), 700);
    }
    this.render();
  }

  stop() {
    clearInterval(this.timer);
    this.timer = null;
  }

  close() {
    this.stop();
    document.removeEventListener("keydown", this.keys);
    this.bar.hidden = true;
    $("replay-clock").hidden = true;
    this.onClose();
  }

  /** Figures in each supply: what each player had, less those on the board. */
  supplyAt(state) {
    const end = this.view?.supply || [];
    const onBoardAtEnd = this.view?.figures || [];
    return Array.from({ length: this.players }, (_, p) => {
      const out = {};
      for (const [figure, left] of Object.entries(end[p] || { meeple: 0 })) {
        const had = left + onBoardAtEnd.filter((f) => f.player === p && f.figure === figure).length;
        out[figure] = had - state.figures.filter((f) => f.player === p && f.figure === figure).length;
      }
      return out;
    });
  }

  scoresAt(pos) {
    const scores = Array(this.players).fill(0);
    for (const e of this.view?.events || []) {
      const counts = e.move == null || e.final ? pos === this.last : e.move < pos;
      if (counts) scores[e.player] += e.points;
    }
    return scores;
  }

  render() {
    const state = this.states[this.pos];
    this.board.setTiles(state.board);
    this.board.setFigures(state.figures, state.board);
    this.board.setNeutral(state.princess_dragon || null);
    this.board.setLast(state.last?.at, state.last?.player);
    this.board.setHighlights([], () => {});
    this.board.setGhost(null);
    this.board.setSpots([], null, null, null, () => {});
    this.board.setActions([], null, () => {});
    this.board.refit();
    const current = this.pos < this.last ? this.view?.movers?.[this.pos] ?? this.pos % this.players : null;
    const view = { ...this.view, is_over: this.pos === this.last, supply: this.supplyAt(state) };
    this.renderPlayersFn({ view, scores: this.scoresAt(this.pos), current });
    this.renderLogFn(this.view, this.pos, (p) => this.go(p));
    renderReplayClock($("replay-clock"), { record: this.record, table: this.table, movers: this.view?.movers, pos: this.pos, onJump: (p) => this.go(p) });
    const slider = $("replay-slider");
    slider.max = String(this.last);
    slider.value = String(this.pos);
    $("replay-position").textContent = t("replay.position", { pos: this.pos, total: this.last });
    $("replay-play").innerHTML = this.timer ? PAUSE : PLAY;
    $("replay-play").title = t(this.timer ? "replay.pause" : "replay.play");
    this.onRender(this.pos);
  }
}
