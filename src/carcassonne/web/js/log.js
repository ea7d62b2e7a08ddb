// The game log: what each move did and why points were scored, in the
// reader's language, built from the structured fields of the view (moves,
// score events, discards, goods taken). The server's English `detail` of
// each score event is kept as the entry's tooltip; it also tells what the
// numbers alone do not always say (an inn on the road, a cathedral in the
// city, which good a final goods event pays for, what a watchtower counted,
// which wonder paid and for what).

import { esc } from "./api.js";
import { has, t } from "./i18n.js";
import { parseCompact } from "./legal.js";
import { getCatalogue, goodIcon, miniTile, seatClass, wonderData } from "./tiles.js";
import { wonderName } from "./wonderpanel.js";

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

/** What each watchtower counts, from the words of its event's detail. */
const TOWER_WORDS = [["meeple", /^followers?$/], ["shield", /^coats? of arms$/], ["road_tile", /^tiles? with a road$/],
  ["monastery", /^monaster(?:y|ies)$/], ["city_tile", /^tiles? with a city$/]];

/**
 * A watchtower event's numbers ({per, count, each}), from its fields when it
 * has them, else from its detail ("watchtower: 3 tiles with a road around it,
 * 1 each: 3"); null when neither says.
 */
export function towerCount(e) {
  if (e.per && e.count != null) return { per: e.per, count: e.count, each: e.each ?? Math.round(e.points / e.count) };
  const m = /watchtower: (\d+) (.+?) around it, (\d+) each/.exec(e.detail || "");
  if (!m) return null;
  const per = TOWER_WORDS.find(([, words]) => words.test(m[2]))?.[0];
  return per ? { per, count: Number(m[1]), each: Number(m[3]) } : null;
}

/**
 * A wonder event's wonder and numbers ({id, ability, count, each}), from
 * its fields when it has them, else from its detail, which starts with the
 * wonder's name ("Circus Maximus: 2 knights of opponents, 3 each: 6").
 */
export function wonderCount(e) {
  const wonders = getCatalogue().wonders || {};
  const detail = e.detail || "";
  const id = e.wonder || Object.keys(wonders).find((w) => detail.startsWith(`${wonders[w].name}:`));
  if (!id) return null;
  const numbers = /: (\d+) [^:,]*, (\d+) each/.exec(detail);
  return { id, ability: wonders[id].ability, count: e.count ?? (numbers ? Number(numbers[1]) : null),
    each: e.each ?? (numbers ? Number(numbers[2]) : null) };
}

function otherSentence(e, p) {
  if (e.reason === "watchtower") {
    const tower = towerCount(e);
    if (tower && has(`score.tower.${tower.per}`)) return t("score.points", { text: t(`score.tower.${tower.per}`, tower), points: e.points });
  }
  if (e.reason === "wonder") {
    const w = wonderCount(e);
    const key = `score.wonder.${w?.ability}`;
    if (w && has(key)) {
      return t("score.points", { text: t(key, { wonder: wonderName(w.id), count: w.count ?? 0, each: w.each ?? 0 }), points: e.points });
    }
    if (w) return t("score.points", { text: t("score.wonder.other", { wonder: wonderName(w.id), detail: e.detail }), points: e.points });
  }
  const name = has(`reason.${e.reason}`) ? t(`reason.${e.reason}`) : e.reason;
  return t("score.other", { ...p, reason: name, detail: e.detail || "" });
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
  if (e.reason === "fairy") {
    // PD-FAIRY-3 pays 1 at the start of a turn, PD-FAIRY-4 3 with a scored feature
    return t("score.points", { text: t(e.points === 1 && !e.final ? "score.fairy.turn" : "score.fairy.feature"), points: e.points });
  }
  // a monastery or garden scored before it is complete: at the end, or its abbot recalled (ABBOT-RECALL)
  const unfinished = e.final || (["monastery", "garden"].includes(e.reason) && e.tiles != null && e.tiles < 9);
  if (e.reason === "garden") {
    return t("score.points", { text: unfinished ? t("score.garden.incomplete", p) : t("score.garden.complete"), points: e.points });
  }
  const known = ["road", "city", "monastery", "field"].includes(e.reason);
  if (!known) return otherSentence(e, p);
  const state = e.reason === "field" ? "" : unfinished ? ".incomplete" : ".complete";
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
  return `<span class="chip ${seatClass(seat)}">${esc(name)}</span>`;
}

function figureWords(figures) {
  return figures.map((f) => t("log.figureOn", { figure: t(`figure.${f.figure}`), feature: t(`feature.${f.feature}`) })).join(t("log.and"));
}

/** The log line of one move that places nothing: a wonder taken, or who takes it. */
function decisionLine(m, who, names) {
  if (m.take != null) {
    return t("log.take", { player: playerChip(names[who], who), wonder: `<b>${esc(wonderName(m.take))}</b>` });
  }
  return t("log.award", { player: playerChip(names[who], who), other: playerChip(names[m.award] ?? String(m.award), m.award) });
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
      // drawn for a wonder that fits nowhere (WON-PLACE-3): the owner's wonder comes right after the tile laid
      const forWonder = moves[i + 1] && wonderData(moves[i + 1].split("@")[0]) && moverOf(i + 1, n, view.movers) === d.player;
      entries.push({ kind: "discard", html: t(forWonder ? "log.discardWonder" : "log.discard", { player: playerChip(names[d.player], d.player), tile: miniTile(d.tile, 0, 22) }) });
    }
    if (i === shown) break;
    const m = parseCompact(moves[i]);
    const who = moverOf(i, n, view.movers);
    if (m.take != null || m.award != null) {
      entries.push({ kind: "decision", move: i, html: `<span class="log-no">${i + 1}</span>${decisionLine(m, who, names)}` });
    } else if (m.dragon) {
      entries.push({ kind: "dragon", move: i, html: `<span class="log-no">${i + 1}</span>${t("log.dragon", { player: playerChip(names[who], who), x: m.dragon[0], y: m.dragon[1] })}` });
    } else {
      entries.push(moveEntry(view, names, i, m, who, builders));
    }
    for (const e of events.filter((x) => x.move === i)) {
      entries.push({ kind: "score", title: e.detail, html: t("log.scores", { player: playerChip(names[e.player], e.player), points: e.points, why: esc(scoreSentence(e)) }) });
    }
    for (const g of goodsLog.filter((x) => x.move === i)) {
      entries.push({ kind: "goods", html: t("log.goods", { player: playerChip(names[g.player], g.player), goods: goodsWords(g.goods) }) });
    }
  }
  const finals = events.filter((x) => x.final || x.move == null);
  if (view.is_over && upTo >= moves.length) {
    // (a game ended by a resignation was not scored at its end)
    if (finals.length) entries.push({ kind: "heading", html: t("log.finalScoring") });
    for (const e of finals) {
      entries.push({ kind: "score", title: e.detail, html: t("log.scores", { player: playerChip(names[e.player], e.player), points: e.points, why: esc(scoreSentence(e)) }) });
    }
    const winners = (view.winners || []).map((w) => playerChip(names[w], w)).join(", ");
    entries.push({ kind: "heading", html: t(view.winners?.length > 1 ? "log.winners" : "log.winner", { players: winners }) });
  }
  return entries;
}

/**
 * What a placement's action did, in words: the abbot recalled (ABBOT-RECALL),
 * the fairy moved (PD-FAIRY-1), a knight sent home by the princess
 * (PD-PRINCESS; whose, when the figures still say).
 */
function actionWords(a, view, names) {
  if (a.kind === "return_abbot") return t("log.returnAbbot");
  if (a.kind === "fairy") return a.feature ? t("log.fairy", { feature: t(`feature.${a.feature}`) }) : t("log.fairyTile");
  return t("log.princess");
}

/** The log entry of move `i` that put a tile or a wonder down. */
function moveEntry(view, names, i, m, who, builders) {
  const n = names.length;
  const figs = m.figures?.length ? figureWords(m.figures) : "";
  const wonder = m.tile && wonderData(m.tile);
  const tile = m.tile ? miniTile(m.tile, m.rotation || 0, wonder ? 30 : 22) : "";
  let key = figs ? "log.placedWith" : "log.placed";
  if (wonder) key = figs ? "log.builtWith" : "log.built";
  const action = m.action ? actionWords(m.action, view, names) : "";
  if (action) key = wonder ? "log.builtAnd" : "log.placedAnd";
  // a builder's second tile: the same player again, straight after (a wonder decision between does not count)
  let before = i - 1;
  while (before >= 0 && /^(take|award):/.test(view.moves[before])) before -= 1;
  let second = builders && before >= 0 && moverOf(before, n, view.movers) === who && !wonder
    ? ` <span class="badge extra">${esc(t("log.secondTile"))}</span>` : "";
  // a tile that the same player's wonder follows at once was laid to make room for it (WON-PLACE-3)
  const next = view.moves[i + 1];
  if (!wonder && next && wonderData(next.split("@")[0]) && moverOf(i + 1, n, view.movers) === who) {
    second = ` <span class="badge extra">${esc(t("log.helperTile"))}</span>`;
  }
  const wonderWords = wonder ? `<b>${esc(wonderName(m.tile))}</b>` : "";
  return { kind: "move", move: i, html: `<span class="log-no">${i + 1}</span>${t(key, { player: playerChip(names[who], who), tile, figures: figs, wonder: wonderWords, action })}${second}` };
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
