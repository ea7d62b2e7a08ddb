// Figures as SVG: the meeple, the large meeple (Inns & Cathedrals), the
// builder and the pig (Traders & Builders), each in its player's colour.
//
// Every figure is a symbol in a 100 x 100 box whose outline takes the fill
// and stroke of the <use> that draws it, so one symbol serves every colour.
// Followers (meeple, large meeple) lie down in fields, as farmers do; the
// builder and the pig always stand. Goods icons for the panels are here too.

/** The figure kinds, in the order they are offered and listed. */
export const FIGURE_KINDS = ["meeple", "large", "builder", "pig"];

/** How much bigger than a meeple each figure is drawn. */
const SCALE = { meeple: 1, large: 1.38, builder: 1.22, pig: 1.12 };

const MEEPLE = "M50 4C61 4 67 12 67 21C67 27 64 31 61 34L88 43C96 46 97 57 88 59L70 61L84 91C87 97 82 100 76 100"
  + "L61 100L50 81L39 100L24 100C18 100 13 97 16 91L30 61L12 59C3 57 4 46 12 43L39 34C36 31 33 27 33 21"
  + "C33 12 39 4 50 4Z";

// The builder: a tall, narrow figure in a wide-brimmed hat, holding a hammer.
const BUILDER_BODY = "M50 26C59 26 64 32 64 39C64 43 62 46 60 48L68 52C72 54 73 58 72 62L70 74L64 74L66 98"
  + "C66 100 64 100 62 100L38 100C36 100 34 100 34 98L36 74L30 74L28 62C27 58 28 54 32 52L40 48"
  + "C38 46 36 43 36 39C36 32 41 26 50 26Z";
const BUILDER_HAT = "M28 31C28 27 34 26 37 26C37 16 43 12 50 12C57 12 63 16 63 26C66 26 72 27 72 31C72 35 28 35 28 31Z";

/** The symbols of the figures, for the page's shared <defs>. */
export const FIGURE_SYMBOLS = `
    <symbol id="meeple" viewBox="0 0 100 100"><path d="${MEEPLE}"/></symbol>
    <symbol id="meeple-large" viewBox="0 0 100 100"><path d="${MEEPLE}"/>
      <circle cx="50" cy="50" r="9" fill="rgba(255,255,255,0.85)" stroke="none"/>
      <circle cx="50" cy="50" r="4" fill="rgba(0,0,0,0.25)" stroke="none"/></symbol>
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
    </symbol>`;

function symbolOf(figure) {
  if (figure === "large") return "meeple-large";
  return figure === "builder" || figure === "pig" ? figure : "meeple";
}

/** The drawn size of `figure` when a meeple is `size` wide. */
export function figureSize(figure, size = 26) {
  return size * (SCALE[figure] || 1);
}

/**
 * A figure drawn at (x, y) in board units, `size` being a meeple's width
 * (the large meeple, builder and pig come out bigger). Followers in fields
 * lie down.
 */
export function figureMarkup(x, y, colour, feature, size = 26, extra = "", figure = "meeple") {
  const s = figureSize(figure, size);
  const lies = feature === "field" && (figure === "meeple" || figure === "large");
  const lying = lies ? ` transform="rotate(-90 ${x} ${y})"` : "";
  return `<g class="figure figure-${figure}"${extra}><use href="#${symbolOf(figure)}" x="${x - s / 2}" y="${y - s / 2}" width="${s}" height="${s}"`
    + ` fill="${colour}" stroke="#1b1b1b" stroke-width="6"${lying}/></g>`;
}

/** A figure as a standalone <svg> icon (for panels and buttons). */
export function figureIcon(figure, colour, size = 16) {
  return `<svg class="figure-icon figure-icon-${figure}" viewBox="0 0 100 100" width="${size}" height="${size}" aria-hidden="true">`
    + `<use href="#${symbolOf(figure)}" fill="${colour}" stroke="#222" stroke-width="6"/></svg>`;
}

/** A meeple icon as a standalone <svg> (for panels). */
export function meepleIcon(colour, size = 16) {
  return figureIcon("meeple", colour, size);
}

/** A trade good (wine, grain, cloth) as a standalone <svg> icon. */
export function goodIcon(good, size = 16) {
  return `<svg class="good-icon" viewBox="0 0 20 20" width="${size}" height="${size}" aria-hidden="true"><use href="#good-${good}" width="20" height="20"/></svg>`;
}
