// The game log: what each move did and why points were scored, in the
// reader's language, built from the structured fields of the view (moves,
// score events, discards, goods taken). The server's English `detail` of
// each score event is kept as the entry's tooltip; it also tells what the
// numbers alone do not always say (an inn on the road, a cathedral in the
// city, which good a final goods event pays for).

import { esc } from "./api.js";
import { has, t } from "./i18n.js";
import { parseCompact } from "./legal.js";
import { goodIcon, miniTile, PLAYER_COLOURS } from "./tiles.js";

const GOODS = ["wine", "grain", "cloth"];

/** Who made move `index`: players take turns in seat order. */
export function moverOf(index, players, movers) {
  return movers?.[index] ?? index % players;
}

/**
 * What a score event adds to the plain rules, from its fields and its
 * `detail`: {inn, cathedral, perCity (field points per city, 4 with the
 * pig), good and held (the final goods events)}.
 */
export function scoreExtras(e) {
  const detail = e.detail || "";
  const tiles = e.tiles ?? 0;
  const shields = e.shields ?? 0;
  const out = {};
  if (e.reason === "road") out.inn = Boolean(e.inn) || /\binns?\b/.test(detail) || (!e.final && tiles > 0 && e.points === 2 * tiles);
  if (e.reason === "city") {
    out.cathedral = Boolean(e.cathedral) || /cathedral/.test(detail) || (!e.final && tiles > 0 && e.points === 3 * (tiles + shields));
  }
  if (e.reason === "field") {
    const each = /(\d+) (?:each|per city)/.exec(detail);
    out.perCity = e.per_city ?? (each ? Number(each[1]) : e.cities ? Math.round(e.points / e.cities) : 3);
  }
  if (e.reason === "goods") {
    out.good = e.good ?? GOODS.find((g) => detail.includes(g)) ?? null;
    const held = /\((\d+)\)/.exec(detail);
    out.held = e.held ?? (held ? Number(held[1]) : null);
  }
  return out;
}

/** One sentence for a score event ({reason, points, final, tiles, shields, cities, detail}). */
export function scoreSentence(e) {
  const p = { points: e.points, tiles: e.tiles ?? 0, shields: e.shields ?? 0, cities: e.cities ?? 0,
    neighbours: Math.max(0, (e.tiles ?? 1) - 1) };
  const extras = scoreExtras(e);
  if (e.reason === "goods" && extras.good) {
    const text = t(extras.held ? "score.goods" : "score.goodsPlain", { good: t(`good.${extras.good}`), count: extras.held });
    return t("score.points", { text, points: e.points });
  }
  const known = ["road", "city", "monastery", "field"].includes(e.reason);
  if (!known) {
    const name = has(`reason.${e.reason}`) ? t(`reason.${e.reason}`) : e.reason;
    return t("score.other", { ...p, reason: name, detail: e.detail || "" });
  }
  const state = e.reason === "field" ? "" : e.final ? ".incomplete" : ".complete";
  let text = t(`score.${e.reason}${state}`, p);
  if (e.reason === "city" && p.shields) text = t("score.withShields", { text, shields: p.shields });
  if (extras.inn) text = t("score.withInn", { text });
  if (extras.cathedral) text = t("score.withCathedral", { text, shields: p.shields });
  if (e.reason === "field" && extras.perCity > 3) text = t("score.withPig", { text, each: extras.perCity });
  return t("score.points", { text, points: e.points });
}

/** "2 wine, 1 cloth" with icons, for goods taken {wine: 2, cloth: 1}. */
export function goodsWords(goods) {
  return GOODS.filter((g) => goods?.[g]).map((g) => t("log.goodCount", { count: goods[g], icon: goodIcon(g, 15), good: t(`good.${g}`) })).join(", ");
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
  const goodsLog = view.goods_log || [];
  const builders = (view.sets || []).includes("traders_builders") && view.options?.builder !== false;
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
    // a builder's second tile: the same player again, straight after
    const second = builders && i > 0 && moverOf(i - 1, n, view.movers) === who
      ? ` <span class="badge extra">${esc(t("log.secondTile"))}</span>` : "";
    entries.push({ kind: "move", move: i, html: `<span class="log-no">${i + 1}</span>${t(key, { player: playerChip(names[who], who), tile, figures: figs })}${second}` });
    for (const e of events.filter((x) => x.move === i)) {
      entries.push({ kind: "score", title: e.detail, html: t("log.scores", { player: playerChip(names[e.player], e.player), points: e.points, why: esc(scoreSentence(e)) }) });
    }
    for (const g of goodsLog.filter((x) => x.move === i)) {
      entries.push({ kind: "goods", html: t("log.goods", { player: playerChip(names[g.player], g.player), goods: goodsWords(g.goods) }) });
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
