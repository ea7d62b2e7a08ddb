// The Wonders of Humanity around the board: the wonders laid out (free,
// held, built, by whom), the score track with each player's pair (beside
// 10, 15, 20 or 25: reaching it earns a wonder), and the buttons of the two
// decisions (which wonder to take; who takes the next one). Everything is
// read from view.wonders ({laid_out, available, owner, held, placed, pairs})
// and the catalogue's wonder data.

import { esc } from "./api.js";
import { has, t } from "./i18n.js";
import { markId, playerColour } from "./palette.js";
import { figureMarkup, getCatalogue, meepleIcon, PLAYER_COLOURS, seatClass } from "./tiles.js";
import { miniWonder } from "./wonders.js";

/** The spaces of the score track where a pair may stand. */
export const PAIR_SPACES = [10, 15, 20, 25];
const TRACK = 50;

/** A wonder's name in the reader's language (the catalogue's name otherwise). */
export function wonderName(id) {
  const data = getCatalogue().wonders?.[id];
  const key = `wonder.${data?.ability}`;
  return has(key) ? t(key) : data?.name || id;
}

/** What a wonder does, in words. */
export function abilityText(id, players = 2) {
  const data = getCatalogue().wonders?.[id];
  const key = `ability.${data?.ability}`;
  return has(key) ? t(key, { n: players }) : "";
}

/** The board list with each placed wonder's owner, so the board draws the marker. */
export function withOwners(view) {
  const board = view?.board || [];
  const placed = view?.wonders?.placed || [];
  if (!placed.length) return board;
  return board.map((b) => {
    const p = placed.find((w) => w.wonder === b.tile);
    return p ? { ...b, owner: p.player } : b;
  });
}

/**
 * The decision waiting, read from the view: "take" (one player reached the
 * pair's space and takes a wonder), "award" (several did: the active player
 * says who takes first) or null. The check runs after every scoring, so a
 * qualifying player means a decision is pending (WON-GET-1, WON-GET-3).
 */
export function pendingDecision(view) {
  const w = view?.wonders;
  if (!w || view.is_over || !(w.available || []).length) return null;
  const qualifiers = (w.pairs || []).filter((space, seat) => space != null && w.owner?.[seat] == null
    && (view.scores?.[seat] ?? 0) >= space).length;
  if (!qualifiers) return null;
  const moves = view.moves || [];
  const awarded = /^award:/.test(moves[moves.length - 1] || ""); // the chosen player takes now
  return qualifiers > 1 && !awarded ? "award" : "take";
}

/** A player's pair (its space) or wonder, for the row of the players' panel. */
export function pairBadge(view, seat) {
  const w = view?.wonders;
  if (!w) return "";
  const own = w.owner?.[seat];
  if (own) {
    const built = (w.placed || []).some((p) => p.wonder === own);
    const state = built ? t("wonders.built") : t("wonders.toPlace");
    return `<div class="pair-row" data-testid="pair-${seat}" data-wonder="${esc(own)}">${miniWonder(own, getCatalogue().wonders?.[own] || { squares: {} }, 0, 22)}`
      + ` <span>${esc(wonderName(own))}</span> <span class="muted small">${esc(state)}</span></div>`;
  }
  const space = w.pairs?.[seat];
  if (space == null) return "";
  const title = t("pair.title", { space });
  return `<div class="pair-row" data-testid="pair-${seat}" data-space="${space}" title="${esc(title)}">`
    + `<span class="pair-figs">${meepleIcon(seat, 12)}${meepleIcon(seat, 12)}</span> <span>${esc(t("pair.at", { space }))}</span></div>`;
}

/** The score track from 0 to 50: each player's score and pair. */
function scoreTrack(view) {
  const w = view.wonders;
  const scores = view.scores || [];
  const x = (v) => 12 + (v % TRACK) * 6.2;
  const parts = [`<line x1="${x(0)}" y1="30" x2="${x(TRACK - 0.001)}" y2="30" class="track-line"/>`];
  for (let v = 0; v < TRACK; v += 5) {
    const pair = PAIR_SPACES.includes(v);
    parts.push(`<line x1="${x(v)}" y1="${pair ? 24 : 27}" x2="${x(v)}" y2="33" class="track-tick${pair ? " pair-space" : ""}"/>`);
    if (v % 10 === 0 || pair) parts.push(`<text x="${x(v)}" y="44" class="track-label${pair ? " pair-space" : ""}">${v}</text>`);
  }
  // the pairs above the track, side by side where several share a space
  const bySpace = new Map();
  (w.pairs || []).forEach((space, seat) => {
    if (space == null) return;
    bySpace.set(space, [...(bySpace.get(space) || []), seat]);
  });
  for (const [space, seats] of bySpace) {
    seats.forEach((seat, k) => {
      const cx = x(space) + (k - (seats.length - 1) / 2) * 11;
      parts.push(`<g class="track-pair" data-testid="track-pair-${seat}" data-space="${space}"><title>${esc(t("pair.title", { space }))}</title>`
        + `${figureMarkup(cx - 2, 8, seat, "city", 8)}${figureMarkup(cx + 2, 14, seat, "city", 8)}</g>`);
    });
  }
  // the score markers on the track
  const byScore = new Map();
  scores.forEach((score, seat) => {
    const at = score % TRACK;
    byScore.set(at, [...(byScore.get(at) || []), seat]);
  });
  for (const [at, seats] of byScore) {
    seats.forEach((seat, k) => {
      // the seat's mark in its colour (palette.js), so that colour is not the only cue
      parts.push(`<use href="#${markId(seat)}" class="figure-body ${seatClass(seat)}" x="${x(at) + k * 4 - 5}" y="${30 - k * 4 - 5}" width="10" height="10"`
        + ` fill="${playerColour(seat)}" stroke="#222" stroke-width="10" data-testid="track-score-${seat}" data-score="${scores[seat]}"><title>${scores[seat]}</title></use>`);
    });
  }
  return `<svg class="score-track" data-testid="score-track" viewBox="0 0 330 48" role="img" aria-label="${esc(t("wonders.track"))}">${parts.join("")}</svg>`;
}

/** The wonders card: the score track with the pairs, and each wonder laid out. */
export function renderWonders(el, { table, view }) {
  const w = view?.wonders;
  if (!w) {
    el.hidden = true;
    el.innerHTML = "";
    return;
  }
  el.hidden = false;
  const names = view.players || (table?.seats || []).map((s) => s.name);
  const players = names.length;
  const rows = (w.laid_out || []).map((id) => {
    const data = getCatalogue().wonders?.[id] || { squares: {} };
    const placed = (w.placed || []).find((p) => p.wonder === id);
    const holder = (w.owner || []).findIndex((o) => o === id);
    let state;
    let kind;
    if (placed) {
      kind = "built";
      state = t("wonders.builtBy", { player: chip(names[placed.player], placed.player) });
    } else if (holder >= 0) {
      kind = "held";
      state = t("wonders.heldBy", { player: chip(names[holder], holder) });
    } else {
      kind = "available";
      state = esc(t("wonders.available"));
    }
    const provisional = data.provisional ? ` <span class="muted small" title="${esc(t("wonders.provisionalTitle"))}">${esc(t("wonders.provisional"))}</span>` : "";
    return `<li class="wonder-row ${kind}" data-testid="wonder-${esc(id)}" data-wonder="${esc(id)}" data-state="${kind}"${holder >= 0 ? ` data-owner="${holder}"` : ""}>
      ${miniWonder(id, data, 0, 44)}
      <div><b>${esc(wonderName(id))}</b>${provisional}<div class="small muted">${esc(abilityText(id, players))}</div><div class="small wonder-state">${state}</div></div></li>`;
  }).join("");
  el.innerHTML = `<h3>${esc(t("wonders.title"))}</h3>${scoreTrack(view)}<ul class="wonder-list">${rows}</ul>`;
}

function chip(name, seat) {
  return `<span class="chip ${seatClass(seat)}">${esc(name)}</span>`;
}

/** The buttons of a wonder decision (the legal moves `decisions`), one per choice. */
export function decisionMarkup(decisions, { names, view, pending }) {
  const off = pending ? " disabled" : "";
  const players = names.length;
  return decisions.map((m, i) => {
    if (m.take_wonder != null) {
      const id = m.take_wonder;
      const data = getCatalogue().wonders?.[id] || { squares: {} };
      return `<button class="btn wonder-choice" data-choice="${i}" data-testid="take-wonder" data-wonder="${esc(id)}"${off}>`
        + `${miniWonder(id, data, 0, 52)}<span class="wonder-choice-text"><b>${esc(wonderName(id))}</b>`
        + `<span class="small muted">${esc(abilityText(id, players))}</span></span></button>`;
    }
    const seat = m.wonder_goes_to;
    return `<button class="btn award-choice" data-choice="${i}" data-testid="award-wonder" data-seat="${seat}"${off}>`
      + `${chip(names[seat] ?? String(seat), seat)} <span class="muted small">${esc(t("decide.score", { points: view.scores?.[seat] ?? 0 }))}</span></button>`;
  }).join("");
}
