// What a screen reader hears at the table: each new move and score, read
// from the game's log (log.js: the entries the table has just drawn) as
// plain text into a polite live region (#announcer, drawn for nobody's
// eyes), in the page's language. A tile drawn in the log is read as its
// square. Whose turn it is comes from the status line, a live region of
// its own. The first view only marks where the news begins, so opening a
// table does not read out its whole game.

import { t } from "./i18n.js";
import { parseCompact } from "./legal.js";

export class Announcer {
  constructor(el) {
    this.el = el;
    this.seen = null; // how many log entries have been announced (or were there at first)
  }

  /** Say `text` now (the keyboard's cursor moved, the tile was taken back...). */
  say(text) {
    // the same words twice in a row would not be read again: make them new
    this.el.textContent = this.el.textContent === text ? `${text}\u00a0` : text;
  }

  /** Announce what the log `entries` of `view` (oldest first) add since the last call. */
  update(view, entries) {
    if (this.seen === null || entries.length < this.seen) {
      this.seen = entries.length; // the first view, or a game taken back: start afresh
      return;
    }
    const fresh = entries.slice(this.seen);
    this.seen = entries.length;
    if (fresh.length) this.el.textContent = fresh.map((e) => plain(e, view)).join(" ");
  }
}

/** A log entry as the words a screen reader should say. */
export function plain(entry, view) {
  const box = document.createElement("div");
  box.innerHTML = entry.html;
  box.querySelector(".log-no")?.remove();
  const m = entry.move != null ? parseCompact(view.moves[entry.move]) : null;
  for (const svg of box.querySelectorAll("svg")) {
    svg.replaceWith(m?.at ? t("announce.tileAt", { x: m.at[0], y: m.at[1] }) : t("announce.tile"));
  }
  const text = box.textContent.replace(/\s+/g, " ").trim();
  return /[.!?。！？]$/.test(text) ? text : `${text}${t("announce.stop")}`;
}
