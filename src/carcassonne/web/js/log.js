// The game log: what each move did and why points were scored, in the
// reader's language, built from the structured fields of the view (moves,
// score events, discards). The server's English `detail` of each score
// event is kept as the entry's tooltip.

import { esc } from "./api.js";
import { has, t } from "./i18n.js";
import { parseCompact } from "./legal.js";
import { miniTile, PLAYER_COLOURS } from "./tiles.js";

/** Who made move `index`: players take turns in seat order. */
export function moverOf(index, players, movers) {
  return movers?.[index] ?? index % players;
}

/** One sentence for a score event ({reason, points, final, tiles, shields, cities}). */
export function scoreSentence(e) {
  const p = { points: e.points, tiles: e.tiles ?? 0, shields: e.shields ?? 0, cities: e.cities ?? 0,
    neighbours: Math.max(0, (e.tiles ?? 1) - 1) };
  const known = ["road", "city", "monastery", "field"].includes(e.reason);
  if (!known) {
    const name = has(`reason.${e.reason}`) ? t(`reason.${e.reason}`) : e.reason;
    return t("score.other", { ...p, reason: name, detail: e.detail || "" });
  }
  const state = e.reason === "field" ? "" : e.final ? ".incomplete" : ".complete";
  let text = t(`score.${e.reason}${state}`, p);
  if (e.reason === "city" && p.shields) text = t("score.withShields", { text, shields: p.shields });
  return t("score.points", { text, points: e.points });
}

export function playerChip(name, seat) {
  const colour = PLAYER_COLOURS[seat % PLAYER_COLOURS.length];
  return `<span class="chip" style="--c:${colour}">${esc(name)}</span>`;
}

function figureWords(figures) {
  return figures.map((f) => t("log.figureOn", { figure: t(`figure.${f.figure}`), feature: t(`feature.${f.feature}`) })).join(", ");
}

/**
 * Log entries, oldest first: [{kind, html, title?, move?}]. `upTo` limits
 * the log to the first `upTo` moves (for the replay).
 */
export function logEntries(view, names, upTo = Infinity) {
  const n = names.length;
  const entries = [];
  const moves = view.moves || [];
  const events = view.events || [];
  const discards = view.discards || [];
  const shown = Math.min(moves.length, upTo);
  for (let i = 0; i <= shown; i += 1) {
    for (const d of discards.filter((x) => x.before_move === i)) {
      entries.push({ kind: "discard", html: t("log.discard", { player: playerChip(names[d.player], d.player), tile: miniTile(d.tile, 0, 22) }) });
    }
    if (i === shown) break;
    const m = parseCompact(moves[i]);
    const who = moverOf(i, n, view.movers);
    const figs = m.figures?.length ? figureWords(m.figures) : "";
    const tile = m.tile ? miniTile(m.tile, m.rotation || 0, 22) : "";
    const key = figs ? "log.placedWith" : "log.placed";
    entries.push({ kind: "move", move: i, html: `<span class="log-no">${i + 1}</span>${t(key, { player: playerChip(names[who], who), tile, figures: figs })}` });
    for (const e of events.filter((x) => x.move === i)) {
      entries.push({ kind: "score", title: e.detail, html: t("log.scores", { player: playerChip(names[e.player], e.player), points: e.points, why: esc(scoreSentence(e)) }) });
    }
  }
  const finals = events.filter((x) => x.final || x.move == null);
  if (view.is_over && upTo >= moves.length) {
    entries.push({ kind: "heading", html: t("log.finalScoring") });
    for (const e of finals) {
      entries.push({ kind: "score", title: e.detail, html: t("log.scores", { player: playerChip(names[e.player], e.player), points: e.points, why: esc(scoreSentence(e)) }) });
    }
    const winners = (view.winners || []).map((w) => playerChip(names[w], w)).join(", ");
    entries.push({ kind: "heading", html: t(view.winners?.length > 1 ? "log.winners" : "log.winner", { players: winners }) });
  }
  return entries;
}

/** Points per player and reason: {seat: {reason: {game, final}}}. */
export function breakdown(events, players) {
  const out = Array.from({ length: players }, () => ({}));
  for (const e of events) {
    const row = out[e.player];
    if (!row) continue;
    row[e.reason] = row[e.reason] || { game: 0, final: 0 };
    row[e.reason][e.final ? "final" : "game"] += e.points;
  }
  return out;
}
