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
 * (whatever side names it). On a wonder, `segmentOf(figure)` names the
 * segment's part on one square instead. Returns [{key, feature, spot, on, point, kinds, figures: {kind:
 * figure}, members: [figure...]}], kinds in the order of FIGURE_KINDS.
 */
export function figureGroups(figures, pointOf, segmentOf = null) {
  const groups = [];
  for (const f of figures) {
    const on = (f.on || []).join(",");
    const segment = segmentOf ? segmentOf(f) : null;
    let g;
    if (segment != null) {
      g = groups.find((x) => x.segment === segment);
    } else {
      const point = pointOf(f);
      g = groups.find((x) => x.feature === f.feature && x.on === on
        && Math.abs(x.point[0] - point[0]) < 0.01 && Math.abs(x.point[1] - point[1]) < 0.01);
    }
    if (!g) {
      g = { key: segment ?? `${f.feature}:${f.spot ?? ""}:${on}`, segment, feature: f.feature, spot: f.spot ?? null, on,
        point: pointOf(f), kinds: [], figures: {}, members: [] };
      groups.push(g);
    }
    g.members.push(f);
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
    && !(m.figures && m.figures.length) && m.return_abbot == null && m.fairy == null && m.princess == null);
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

/**
 * The decisions of The Wonders of Humanity in the legal list: which wonder
 * to take ({take_wonder: id}) or who takes the next one ({wonder_goes_to: seat}).
 */
export function legalDecisions(legal) {
  return (legal || []).filter((m) => m.take_wonder != null || m.wonder_goes_to != null);
}

/** The squares the dragon may step to now ({dragon: [x, y]} moves, PD-DRAGON-TILE). */
export function legalDragonSteps(legal) {
  return (legal || []).filter((m) => m.dragon != null).map((m) => m.dragon);
}

/**
 * Parse the compact move notation of view.moves: "BA/CRr@1,0r90 meeple:road:E",
 * a wonder with figures on its squares "WO/x@3,2r90 meeple:field:NL@3,1",
 * the wonder decisions "take:WO/x" and "award:1", a dragon's step
 * "dragon:4,1" ({dragon: [4, 1]}), and a placement's action instead of
 * figures: "return:abbot@3,2" ({action: {kind: "return_abbot", on}}),
 * "fairy:city:N@3,2" or "fairy@3,2" ({action: {kind: "fairy", on, feature,
 * spot}}), "princess:N@0,-2" ({action: {kind: "princess", on, spot}}).
 */
export function parseCompact(text) {
  const take = /^take:(\S+)$/.exec(text);
  if (take) return { text, take: take[1] };
  const award = /^award:(\d+)$/.exec(text);
  if (award) return { text, award: Number(award[1]) };
  const dragon = /^dragon:(-?\d+),(-?\d+)$/.exec(text);
  if (dragon) return { text, dragon: [Number(dragon[1]), Number(dragon[2])] };
  const m = /^(\S+)@(-?\d+),(-?\d+)r(\d+)(.*)$/.exec(text);
  if (!m) return { text };
  const words = m[5].trim().split(/\s+/).filter(Boolean);
  const action = words.length === 1 ? parseAction(words[0]) : null;
  if (action) return { tile: m[1], at: [Number(m[2]), Number(m[3])], rotation: Number(m[4]), figures: [], action };
  const figures = words.map((f) => {
    const [what, on] = f.split("@");
    const [figure, feature, spot] = what.split(":");
    const out = { figure, feature, spot: spot || null };
    if (on) out.on = on.split(",").map(Number);
    return out;
  });
  return { tile: m[1], at: [Number(m[2]), Number(m[3])], rotation: Number(m[4]), figures };
}

/** One action of the compact notation (see parseCompact), or null. */
function parseAction(word) {
  const square = (x, y) => [Number(x), Number(y)];
  let a = /^return:abbot@(-?\d+),(-?\d+)$/.exec(word);
  if (a) return { kind: "return_abbot", on: square(a[1], a[2]) };
  a = /^fairy(?::([a-z]+)(?::([A-Za-z]+))?)?@(-?\d+),(-?\d+)$/.exec(word);
  if (a) return { kind: "fairy", on: square(a[3], a[4]), feature: a[1] ?? null, spot: a[2] ?? null };
  a = /^princess:([A-Za-z]+)@(-?\d+),(-?\d+)$/.exec(word);
  if (a) return { kind: "princess", on: square(a[2], a[3]), spot: a[1] };
  return null;
}
