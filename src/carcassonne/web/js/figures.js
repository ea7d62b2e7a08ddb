// Figures as SVG: the meeple, the large meeple (Inns & Cathedrals), the
// builder and the pig (Traders & Builders), each in its player's colour and
// with its player's mark.
//
// Every figure is a symbol in a 100 x 100 box whose outline takes the fill
// and stroke of the <use> that draws it, so one symbol serves every colour.
// A figure drawn for a seat carries the seat's class (palette.js), and its
// body and mark are filled from the CSS custom properties that class sets:
// switching the palette recolours every figure on the page at once. The mark
// (the seat's shape, in the ink that reads best on its colour) sits on the
// figure's chest and stays upright, so that colour is never the only cue.
// Followers (meeple, large meeple) lie down in fields, as farmers do; the
// builder and the pig always stand. Goods icons for the panels are here too.
//
// The abbot (The Abbot) is a hooded monk in a long robe: no arms spread, no
// legs, so it reads apart from a meeple by its outline alone. The dragon and
// the fairy (The Princess & the Dragon) belong to nobody: each has colours
// of its own and a shape no player's figure has (a winged beast; a small
// winged figure with a wand), and they carry no mark.

import { markId, MARK_SYMBOLS, playerColour, playerInk, seatClass } from "./palette.js";

/** The figure kinds, in the order they are offered and listed. */
export const FIGURE_KINDS = ["meeple", "large", "abbot", "builder", "pig"];

/** How much bigger than a meeple each figure is drawn. */
const SCALE = { meeple: 1, large: 1.38, abbot: 1.1, builder: 1.22, pig: 1.12 };

const MEEPLE = "M50 4C61 4 67 12 67 21C67 27 64 31 61 34L88 43C96 46 97 57 88 59L70 61L84 91C87 97 82 100 76 100"
  + "L61 100L50 81L39 100L24 100C18 100 13 97 16 91L30 61L12 59C3 57 4 46 12 43L39 34C36 31 33 27 33 21"
  + "C33 12 39 4 50 4Z";

// The builder: a tall, narrow figure in a wide-brimmed hat, holding a hammer.
const BUILDER_BODY = "M50 26C59 26 64 32 64 39C64 43 62 46 60 48L68 52C72 54 73 58 72 62L70 74L64 74L66 98"
  + "C66 100 64 100 62 100L38 100C36 100 34 100 34 98L36 74L30 74L28 62C27 58 28 54 32 52L40 48"
  + "C38 46 36 43 36 39C36 32 41 26 50 26Z";
const BUILDER_HAT = "M28 31C28 27 34 26 37 26C37 16 43 12 50 12C57 12 63 16 63 26C66 26 72 27 72 31C72 35 28 35 28 31Z";

// The abbot: a hood coming to a point, a robe widening to the ground, a cord at the waist.
const ABBOT = "M50 2L58 10C64 13 67 19 67 26C67 31 65 35 62 38L70 42C76 45 78 51 78 58L85 93C86 98 83 100 78 100"
  + "L22 100C17 100 14 98 15 93L22 58C22 51 24 45 30 42L38 38C35 35 33 31 33 26C33 19 36 13 42 10Z";

/** The neutral figures' symbols: drawn in their own colours, whoever looks. */
const NEUTRAL_SYMBOLS = `
    <symbol id="dragon" viewBox="0 0 100 100">
      <path d="M40 52L24 14L44 30L52 6L60 32L76 18L64 54Z" fill="#8c1d18" stroke="#2a0907" stroke-width="3" stroke-linejoin="round"/>
      <path d="M26 70C12 72 4 62 8 52M8 52L2 46M8 52L14 45" fill="none" stroke="#2a0907" stroke-width="9" stroke-linecap="round"/>
      <path d="M26 70C12 72 4 62 8 52" fill="none" stroke="#c7372c" stroke-width="5" stroke-linecap="round"/>
      <path d="M22 70C22 56 36 48 52 50C60 51 66 55 70 60L80 50C85 46 93 48 96 54L90 58L88 66C84 72 76 76 66 76L70 92H60L56 78H42L40 92H30L32 76C26 76 22 74 22 70Z"
        fill="#c7372c" stroke="#2a0907" stroke-width="3" stroke-linejoin="round"/>
      <path d="M34 62C44 58 56 58 64 64" fill="none" stroke="#f0b64a" stroke-width="3" stroke-linecap="round"/>
      <circle cx="88" cy="55" r="2.6" fill="#ffe066" stroke="#2a0907" stroke-width="1"/>
    </symbol>
    <symbol id="fairy" viewBox="0 0 100 100">
      <ellipse cx="32" cy="42" rx="17" ry="27" transform="rotate(-24 32 42)" fill="#cfeeff" stroke="#2f6a8f" stroke-width="3"/>
      <ellipse cx="68" cy="42" rx="17" ry="27" transform="rotate(24 68 42)" fill="#cfeeff" stroke="#2f6a8f" stroke-width="3"/>
      <path d="M50 34C57 34 59 40 59 46L68 92H32L41 46C41 40 43 34 50 34Z" fill="#b68ae6" stroke="#3c2370" stroke-width="3" stroke-linejoin="round"/>
      <circle cx="50" cy="22" r="11" fill="#f6dcc4" stroke="#3c2370" stroke-width="3"/>
      <path d="M62 56L84 28" stroke="#3c2370" stroke-width="4" stroke-linecap="round"/>
      <path d="M86 16L89 24L97 25L91 30L93 38L86 34L79 38L81 30L75 25L83 24Z" fill="#ffd84a" stroke="#7a5a00" stroke-width="2" stroke-linejoin="round"/>
    </symbol>`;

/** The symbols of the figures, for the page's shared <defs>. */
export const FIGURE_SYMBOLS = `
    <symbol id="meeple" viewBox="0 0 100 100"><path d="${MEEPLE}"/></symbol>
    <symbol id="meeple-large" viewBox="0 0 100 100"><path d="${MEEPLE}"/>
      <circle cx="50" cy="51" r="22" fill="none" stroke="rgba(255,255,255,0.92)" stroke-width="5"/>
      <circle cx="50" cy="51" r="25.5" fill="none" stroke="rgba(0,0,0,0.4)" stroke-width="2"/></symbol>
    <symbol id="builder" viewBox="0 0 100 100">
      <path d="M80 40L92 28M86 22L98 34" stroke-width="9" stroke-linecap="round" fill="none"/>
      <path d="M80 40L92 28M86 22L98 34" stroke="#c9c3b8" stroke-width="4" stroke-linecap="round" fill="none"/>
      <path d="${BUILDER_BODY}"/><path d="${BUILDER_HAT}"/>
      <path d="M38 24H62" stroke="rgba(255,255,255,0.75)" stroke-width="4" fill="none"/>
    </symbol>
    <symbol id="pig" viewBox="0 0 100 100">
      <path d="M13 52C5 50 4 42 10 41C14 40 15 45 11 46" fill="none" stroke-width="4" stroke-linecap="round"/>
      <rect x="20" y="66" width="11" height="22" rx="3"/><rect x="34" y="68" width="11" height="22" rx="3"/>
      <rect x="55" y="68" width="11" height="22" rx="3"/><rect x="68" y="66" width="11" height="22" rx="3"/>
      <ellipse cx="46" cy="56" rx="35" ry="24"/>
      <path d="M69 36L74 20L86 34Z"/>
      <circle cx="80" cy="49" r="16"/>
      <ellipse cx="93" cy="53" rx="6" ry="8"/>
      <ellipse cx="93" cy="53" rx="6" ry="8" fill="rgba(255,255,255,0.4)" stroke="none"/>
      <circle cx="92" cy="51" r="1.6" fill="#1b1b1b" stroke="none"/><circle cx="94.5" cy="56" r="1.6" fill="#1b1b1b" stroke="none"/>
      <circle cx="82" cy="43" r="3" fill="#1b1b1b" stroke="none"/>
    </symbol>
    <symbol id="abbot" viewBox="0 0 100 100"><path d="${ABBOT}"/>
      <path d="M30 62C42 66 58 66 70 62" fill="none" stroke="rgba(255,255,255,0.85)" stroke-width="4" stroke-linecap="round"/>
      <path d="M58 65L60 80" fill="none" stroke="rgba(255,255,255,0.85)" stroke-width="3.5" stroke-linecap="round"/></symbol>
    ${NEUTRAL_SYMBOLS}
    ${MARK_SYMBOLS}`;

function symbolOf(figure) {
  if (figure === "large") return "meeple-large";
  return figure === "builder" || figure === "pig" || figure === "abbot" ? figure : "meeple";
}

/**
 * Where each figure wears its mark: the centre, as a fraction of the
 * figure's box from its middle, and the mark's width as a fraction of the
 * figure's. The meeples wear it on the chest (the large one inside its
 * ring), the builder on his coat, the pig on its flank.
 */
const MARK_AT = {
  meeple: { dx: 0, dy: 0.01, w: 0.36 },
  large: { dx: 0, dy: 0.01, w: 0.3 },
  abbot: { dx: 0, dy: -0.05, w: 0.28 },
  builder: { dx: 0, dy: 0.12, w: 0.27 },
  pig: { dx: -0.06, dy: 0.05, w: 0.32 },
};

/** What a figure is drawn for: a seat (its colour and mark) or a bare colour. */
function owner(who) {
  if (typeof who === "number" && Number.isFinite(who)) {
    return { colour: playerColour(who), ink: playerInk(who), mark: markId(who), seatClass: ` ${seatClass(who)}` };
  }
  return { colour: who || "#bdb5a6", ink: null, mark: null, seatClass: "" };
}

/** The drawn size of `figure` when a meeple is `size` wide. */
export function figureSize(figure, size = 26) {
  return size * (SCALE[figure] || 1);
}

/**
 * The <use>s of one figure whose box of side `s` is centred on (x, y):
 * its body (turned by `turn` degrees about the centre, for a follower lying
 * in a field) and, drawn for a seat, its mark, upright at the turned chest.
 */
function figureUses(figure, who, x, y, s, turn, stroke) {
  const o = owner(who);
  const body = o.mark ? ' class="figure-body"' : "";
  const turned = turn ? ` transform="rotate(${turn} ${x} ${y})"` : "";
  const out = [`<use href="#${symbolOf(figure)}"${body} x="${x - s / 2}" y="${y - s / 2}" width="${s}" height="${s}"`
    + ` fill="${o.colour}" stroke="${stroke}" stroke-width="6"${turned}/>`];
  if (o.mark) {
    const at = MARK_AT[figure] || MARK_AT.meeple;
    // the chest turns with the body; the mark itself does not
    const a = (turn * Math.PI) / 180;
    const mx = x + s * (at.dx * Math.cos(a) - at.dy * Math.sin(a));
    const my = y + s * (at.dx * Math.sin(a) + at.dy * Math.cos(a));
    const w = s * at.w;
    out.push(`<use href="#${o.mark}" class="figure-mark" x="${(mx - w / 2).toFixed(2)}" y="${(my - w / 2).toFixed(2)}"`
      + ` width="${w.toFixed(2)}" height="${w.toFixed(2)}" fill="${o.ink}"/>`);
  }
  return { uses: out.join(""), seatClass: o.seatClass };
}

/**
 * A figure drawn at (x, y) in board units, `size` being a meeple's width
 * (the large meeple, builder and pig come out bigger). `who` is the seat it
 * belongs to (its colour and mark; or a bare colour, drawn without a mark).
 * Followers in fields lie down.
 */
export function figureMarkup(x, y, who, feature, size = 26, extra = "", figure = "meeple") {
  const s = figureSize(figure, size);
  const lies = feature === "field" && (figure === "meeple" || figure === "large");
  const drawn = figureUses(figure, who, x, y, s, lies ? -90 : 0, "#1b1b1b");
  return `<g class="figure figure-${figure}${drawn.seatClass}"${extra}>${drawn.uses}</g>`;
}

/** A figure of seat `who` (or a bare colour) as a standalone <svg> icon (for panels and buttons). */
export function figureIcon(figure, who, size = 16) {
  const drawn = figureUses(figure, who, 50, 50, 100, 0, "#222");
  return `<svg class="figure-icon figure-icon-${figure}${drawn.seatClass}" viewBox="0 0 100 100" width="${size}" height="${size}" aria-hidden="true">`
    + `${drawn.uses}</svg>`;
}

/** A meeple icon as a standalone <svg> (for panels). */
export function meepleIcon(who, size = 16) {
  return figureIcon("meeple", who, size);
}

/** A trade good (wine, grain, cloth) as a standalone <svg> icon. */
export function goodIcon(good, size = 16) {
  return `<svg class="good-icon" viewBox="0 0 20 20" width="${size}" height="${size}" aria-hidden="true"><use href="#good-${good}" width="20" height="20"/></svg>`;
}

/** How much bigger than a meeple the dragon and the fairy are drawn. */
const NEUTRAL_SCALE = { dragon: 2.3, fairy: 1.25 };

/**
 * The dragon or the fairy (they belong to nobody) centred at (x, y) in
 * board units, `size` being a meeple's width; `extra` goes on its group.
 */
export function neutralMarkup(kind, x, y, size = 26, extra = "") {
  const s = size * (NEUTRAL_SCALE[kind] || 1);
  return `<g class="neutral neutral-${kind}"${extra}><use href="#${kind}" x="${(x - s / 2).toFixed(2)}" y="${(y - s / 2).toFixed(2)}"`
    + ` width="${s.toFixed(2)}" height="${s.toFixed(2)}"/></g>`;
}

/** The dragon or the fairy as a standalone <svg> icon (panels, the turn card). */
export function neutralIcon(kind, size = 18) {
  return `<svg class="figure-icon neutral-icon neutral-icon-${kind}" viewBox="0 0 100 100" width="${size}" height="${size}" aria-hidden="true">`
    + `<use href="#${kind}" width="100" height="100"/></svg>`;
}
