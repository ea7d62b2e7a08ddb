// What belongs to nobody on the board (The Princess & the Dragon) and the
// actions a placement may take instead of a figure (The Abbot, The Princess
// & the Dragon), as SVG for the board's layers (board.js).
//
// - The dragon stands in the middle of its square, bigger than any figure
//   (no figure may stand on its square: PD-DRAGON-BLOCK). The fairy stands
//   beside the follower it guards (`feature` and `spot` given, PD-FAIRY-1),
//   or, put on a tile (fairy_placement "on_tile"), in the square's corner.
// - During the dragon's flight (PD-DRAGON-TILE) the squares it has visited
//   are tinted and numbered in order, for everyone, so that the rule "never
//   twice the same square" can be seen.
// - An action is a round badge over what it acts on: the abbot to recall
//   (ABBOT-RECALL), the follower the fairy would stand by, the knight the
//   princess would send home (PD-PRINCESS). Each has its own symbol, so the
//   choice does not rest on colour.

import { neutralMarkup } from "./figures.js";

/**
 * Where the fairy stands, in board units: beside its follower, or in its
 * square's corner. `spotOf(figure)` says where a figure stands (board.js
 * figureSpot on the board shown).
 */
export function fairyPoint(spotOf, fairy, grow = 1) {
  const [x, y] = fairy.at;
  if (!fairy.feature) return [x * 100 + 80, y * 100 + 20];
  const [fx, fy] = spotOf({ at: fairy.at, feature: fairy.feature, spot: fairy.spot });
  return [fx + 17 * grow, fy - 13 * grow];
}

/** The dragon, the fairy and the flight's trail (`pd`: the view's princess_dragon) as SVG. */
export function neutralLayer(spotOf, pd, grow = 1) {
  if (!pd) return { trail: "", pieces: "" };
  const trail = (pd.flight?.visited || []).map(([x, y], i) => `<g class="flight-visited" data-testid="flight-visited" data-x="${x}" data-y="${y}" data-step="${i}">`
    + `<rect x="${x * 100 + 3}" y="${y * 100 + 3}" width="94" height="94" rx="8"/>`
    + `<text x="${x * 100 + 12}" y="${y * 100 + 24}" class="flight-step">${i}</text></g>`).join("");
  let pieces = "";
  if (pd.dragon) {
    const [x, y] = pd.dragon;
    pieces += neutralMarkup("dragon", x * 100 + 50, y * 100 + 52, 26 * grow, ` data-testid="dragon" data-x="${x}" data-y="${y}"`);
  }
  if (pd.fairy?.at) {
    const [fx, fy] = fairyPoint(spotOf, pd.fairy, grow);
    const f = pd.fairy;
    pieces += neutralMarkup("fairy", fx, fy, 22 * grow, ` data-testid="fairy" data-x="${f.at[0]}" data-y="${f.at[1]}"`
      + ` data-feature="${f.feature ?? ""}" data-spot="${f.spot ?? ""}"`);
  }
  return { trail, pieces };
}

/** The symbol drawn on an action's badge. */
const BADGE = {
  return_abbot: '<path d="M6 -2A7 7 0 1 0 4 5" fill="none" stroke="#fff" stroke-width="2.6" stroke-linecap="round"/><path d="M9 -7L6 -1L1 -4Z" fill="#fff"/>',
  fairy: '<use href="#fairy" x="-9" y="-9" width="18" height="18"/>',
  princess: '<use href="#princess" x="-6" y="-9" width="12" height="18"/>',
};

/**
 * The actions of a placement as clickable badges: [{key, kind, point,
 * label}]; `chosen` the key of the one picked. Returns SVG markup; board.js
 * binds the clicks by data-key.
 */
export function actionBadges(actions, chosen, grow = 1) {
  const used = [];
  return actions.map((a) => {
    // two actions on one figure (the fairy beside a knight the princess could send home) side by side
    let [x, y] = a.point;
    while (used.some(([ux, uy]) => Math.hypot(ux - x, uy - y) < 20 * grow)) x += 25 * grow;
    used.push([x, y]);
    const on = a.key === chosen;
    return `<g class="action-spot action-${a.kind}${on ? " selected" : ""}" data-testid="action-spot" data-action="${a.kind}" data-key="${a.key}"`
      + ` transform="translate(${x.toFixed(1)} ${(y - 20 * grow).toFixed(1)}) scale(${grow.toFixed(2)})">`
      + `<circle r="11.5" class="action-back"/>${BADGE[a.kind] || ""}<title>${a.label || a.kind}</title></g>`;
  }).join("");
}
