// Choosing the figures of a placement: the spots of the tile (or wonder) put
// down, which spots may go together, and the legal move a choice makes.
//
// A tile takes at most one figure. A wonder takes up to two, one action
// (WON-MEEPLE-1), never two in one feature (WON-MEEPLE-2): which pairs are
// allowed is read from the server's legal moves alone, so the rules live in
// one place. A choice is a list of picks [{key, kind}]: a spot (one per
// segment: its `key`) and the kind of figure put there.
//
// Instead of any figure a placement may take one action (The Abbot, The
// Princess & the Dragon): recall the abbot (ABBOT-RECALL), move the fairy
// (PD-FAIRY-1) or let the princess send a knight home (PD-PRINCESS). Each
// is a legal move of its own, with `return_abbot`, `fairy` or `princess`
// instead of figures; placementActions() lists them with where each acts.

import { coveredSquares, figureSpot } from "./board.js";
import { figureGroups } from "./legal.js";
import { wonderData } from "./tiles.js";
import { squareKeyAt, wonderSegmentKey, wonderShape } from "./wonders.js";

const sameAt = (a, b) => a[0] === b[0] && a[1] === b[1];

/** One figure of a legal move as text (what it is, which feature, where). */
function figureKey(f) {
  return `${f.figure}|${f.feature}|${f.spot ?? ""}|${(f.on || []).join(",")}`;
}

/**
 * The spots of a placement `pick` ({tile, at, rotation}) on the board of
 * `view`: {spots: [{key, feature, spot, on, point, kinds, figures}],
 * moves (the legal moves of this placement), most (figures at most)}.
 * On a wonder each square of a segment is a spot of its own: a figure
 * stands on the square it names (a watchtower nearby counts it there).
 */
export function placementChoices(legal, view, pick) {
  const moves = (legal || []).filter((m) => m.tile === pick.tile && m.at && sameAt(m.at, pick.at) && m.rotation === pick.rotation
    && !actionKind(m));
  const seen = new Map();
  for (const m of moves) for (const f of m.figures || []) seen.set(figureKey(f), f);
  const figures = [...seen.values()];
  const boardNow = [...(view?.board || []), { tile: pick.tile, at: pick.at, rotation: pick.rotation }];
  const covered = coveredSquares(boardNow);
  const wonder = wonderData(pick.tile);
  let segmentOf = null;
  if (wonder) {
    const shape = wonderShape(pick.tile, wonder);
    segmentOf = (f) => {
      const key = squareKeyAt(wonder, pick.at, pick.rotation, f.on || pick.at);
      return key == null ? `${f.feature}@${(f.on || []).join(",")}` : `${wonderSegmentKey(shape, key, f.feature, f.spot, pick.rotation)}@${key}`;
    };
  }
  const spots = figureGroups(figures, (f) => figureSpot(boardNow, { ...f, at: f.on || pick.at }, covered), segmentOf);
  const groupOf = new Map();
  for (const g of spots) for (const f of g.members) groupOf.set(figureKey(f), g.key);
  const most = Math.max(0, ...moves.map((m) => (m.figures || []).length));
  return { spots, moves, most, groupOf };
}

/** Whether the figures of `move` hold every pick (a pick without kind takes any kind). */
function holds(choice, move, picks) {
  const left = (move.figures || []).map((f) => ({ group: choice.groupOf.get(figureKey(f)), kind: f.figure }));
  for (const p of picks) {
    const i = left.findIndex((x) => x.group === p.key && (p.kind == null || x.kind === p.kind));
    if (i < 0) return false;
    left.splice(i, 1);
  }
  return true;
}

/** The legal move made by exactly these picks, or null. */
export function moveFor(choice, picks) {
  return choice.moves.find((m) => (m.figures || []).length === picks.length && holds(choice, m, picks)) || null;
}

/** Whether some legal move holds all `picks` (perhaps with more figures). */
export function canHold(choice, picks) {
  return choice.moves.some((m) => (m.figures || []).length >= picks.length && holds(choice, m, picks));
}

/**
 * The picks after clicking spot `key`: a chosen spot is taken back; on a
 * tile the new spot replaces the old; on a wonder it joins the first pick
 * when the two may go together, else it starts again from this spot. The
 * kind is the first the spot takes that still makes a legal choice.
 */
export function togglePick(choice, picks, key) {
  if (picks.some((p) => p.key === key)) return picks.filter((p) => p.key !== key);
  const spot = choice.spots.find((s) => s.key === key);
  if (!spot) return picks;
  const withKind = (base) => {
    const kind = spot.kinds.find((k) => canHold(choice, [...base, { key, kind: k }]));
    return kind ? [...base, { key, kind }] : null;
  };
  const kept = choice.most > 1 ? picks.slice(0, choice.most - 1) : [];
  return withKind(kept) || withKind([]) || picks;
}

/** The spots that cannot join the picks made so far (drawn faint). */
export function blockedSpots(choice, picks) {
  if (choice.most < 2 || !picks.length) return new Set();
  const out = new Set();
  for (const s of choice.spots) {
    if (picks.some((p) => p.key === s.key)) continue;
    if (!canHold(choice, [...picks.slice(0, choice.most - 1), { key: s.key }])) out.add(s.key);
  }
  return out;
}

/** The action keys a legal move may carry instead of figures. */
export const ACTIONS = ["return_abbot", "fairy", "princess"];

/** Which action `move` takes ("return_abbot", "fairy", "princess"), or null. */
export function actionKind(move) {
  return ACTIONS.find((k) => move?.[k] != null) || null;
}

/** A stable key for the action of `move` (what it does, where). */
export function actionKey(move) {
  const kind = actionKind(move);
  if (kind === "return_abbot") return `return_abbot@${move.return_abbot.join(",")}`;
  if (kind === "fairy") {
    const f = move.fairy;
    return `fairy@${f.on.join(",")}:${f.feature ?? ""}:${f.spot ?? ""}`;
  }
  if (kind === "princess") return `princess@${move.princess.on.join(",")}:${move.princess.spot}`;
  return null;
}

/**
 * The actions of a placement `pick` ({tile, at, rotation}), each a legal
 * move: [{key, kind, move, on, point (board units: over the figure it acts
 * on)}]. The abbot recalled is found among the view's figures; the fairy's
 * follower and the princess's knight are named by square and spot.
 */
export function placementActions(legal, view, pick) {
  const moves = (legal || []).filter((m) => m.tile === pick.tile && m.at && sameAt(m.at, pick.at) && m.rotation === pick.rotation
    && actionKind(m));
  const boardNow = [...(view?.board || []), { tile: pick.tile, at: pick.at, rotation: pick.rotation }];
  const covered = coveredSquares(boardNow);
  const spot = (fig) => figureSpot(boardNow, fig, covered);
  return moves.map((move) => {
    const kind = actionKind(move);
    let on;
    let point;
    if (kind === "return_abbot") {
      on = move.return_abbot;
      const abbot = (view?.figures || []).find((f) => f.figure === "abbot" && sameAt(f.at, on));
      point = spot(abbot || { at: on, feature: "monastery" });
    } else if (kind === "fairy") {
      on = move.fairy.on;
      point = move.fairy.feature ? spot({ at: on, feature: move.fairy.feature, spot: move.fairy.spot ?? null })
        : [on[0] * 100 + 50, on[1] * 100 + 50];
    } else {
      on = move.princess.on;
      point = spot({ at: on, feature: "city", spot: move.princess.spot });
    }
    return { key: actionKey(move), kind, move, on, point };
  });
}
