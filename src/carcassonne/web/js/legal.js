// Reading the server's list of legal moves (record form) for the placing UI:
// which tiles, squares, rotations and figures are possible.

import { FIGURE_KINDS } from "./figures.js";

const sameAt = (a, b) => a[0] === b[0] && a[1] === b[1];

/** The tiles the player may place (the drawn tile, or the hand). */
export function legalTiles(legal) {
  return [...new Set((legal || []).filter((m) => m.tile).map((m) => m.tile))];
}

/** The squares where `tile` fits: [[x, y], ...]. */
export function legalSquares(legal, tile) {
  const seen = new Map();
  for (const m of legal || []) {
    if (m.tile === tile && m.at) seen.set(`${m.at[0]},${m.at[1]}`, m.at);
  }
  return [...seen.values()];
}

/** The rotations `tile` may take on square `at`, smallest first. */
export function legalRotations(legal, tile, at) {
  const rots = new Set();
  for (const m of legal || []) {
    if (m.tile === tile && m.at && sameAt(m.at, at)) rots.add(m.rotation);
  }
  return [...rots].sort((a, b) => a - b);
}

/** The figure choices for one placement: [{figure, feature, spot}]. */
export function legalFigures(legal, tile, at, rotation) {
  const out = [];
  for (const m of legal || []) {
    if (m.tile !== tile || !m.at || !sameAt(m.at, at) || m.rotation !== rotation) continue;
    for (const f of m.figures || []) out.push(f);
  }
  return out;
}

/**
 * The figure choices of one placement grouped by segment: a segment may take
 * several kinds of figure (a meeple or the large meeple), each a move of its
 * own in the legal list. `pointOf(figure)` says where a figure stands; two
 * choices of one feature standing on the same point are the same segment
 * (whatever side names it). Returns [{key, feature, spot, point, kinds,
 * figures: {kind: figure}}], kinds in the order of FIGURE_KINDS.
 */
export function figureGroups(figures, pointOf) {
  const groups = [];
  for (const f of figures) {
    const point = pointOf(f);
    const on = (f.on || []).join(",");
    let g = groups.find((x) => x.feature === f.feature && x.on === on
      && Math.abs(x.point[0] - point[0]) < 0.01 && Math.abs(x.point[1] - point[1]) < 0.01);
    if (!g) {
      g = { key: `${f.feature}:${f.spot ?? ""}:${on}`, feature: f.feature, spot: f.spot ?? null, on, point, kinds: [], figures: {} };
      groups.push(g);
    }
    if (!g.figures[f.figure]) {
      g.figures[f.figure] = f;
      g.kinds.push(f.figure);
    }
  }
  const rank = (k) => (FIGURE_KINDS.includes(k) ? FIGURE_KINDS.indexOf(k) : FIGURE_KINDS.length);
  for (const g of groups) g.kinds.sort((a, b) => rank(a) - rank(b));
  return groups;
}

/** Whether the placement may be made without any figure. */
export function figureOptional(legal, tile, at, rotation) {
  return (legal || []).some((m) => m.tile === tile && m.at && sameAt(m.at, at) && m.rotation === rotation
    && !(m.figures && m.figures.length));
}

/** The rotation to show on `at`: `wanted` when legal there, else the first legal one. */
export function pickRotation(legal, tile, at, wanted) {
  const rots = legalRotations(legal, tile, at);
  if (rots.includes(wanted)) return wanted;
  return rots.find((r) => r > wanted) ?? rots[0];
}

/** The next legal rotation after `current` on `at`. */
export function nextRotation(legal, tile, at, current) {
  const rots = legalRotations(legal, tile, at);
  if (!rots.length) return current;
  return rots.find((r) => r > current) ?? rots[0];
}

/** Parse the compact move notation of view.moves ("BA/CRr@1,0r90 meeple:road:E"). */
export function parseCompact(text) {
  const m = /^(\S+)@(-?\d+),(-?\d+)r(\d+)(.*)$/.exec(text);
  if (!m) return { text };
  const figures = m[5].trim().split(/\s+/).filter(Boolean).map((f) => {
    const [figure, feature, spotAt] = f.split(":");
    const [spot] = (spotAt || "").split("@");
    return { figure, feature, spot: spot || null };
  });
  return { tile: m[1], at: [Number(m[2]), Number(m[3])], rotation: Number(m[4]), figures };
}
