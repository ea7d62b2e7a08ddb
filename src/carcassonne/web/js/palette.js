// The players' colours and marks: the one place every page takes them from.
//
// Two palettes: the classic one, and a colour-blind-safe one (the
// Okabe–Ito colours, chosen so that people with any common colour vision
// deficiency can still tell them apart). The choice is remembered in
// localStorage, like the language. Colour is never the only cue: each seat
// also has a mark, a small shape (circle, square, triangle, diamond, cross,
// star) that every figure carries on its chest and every player dot shows.
//
// Markup never names a colour of its own. The palette is put on the page's
// root as CSS custom properties, which the seat classes read (style.css):
//   --seat-N       the colour of seat N
//   --seat-N-on    the ink drawn on that colour (white or near-black, whichever
//                  contrasts more), for the mark on a figure
//   --seat-N-mark  the seat's mark in its colour, as an image (the dots)
// `.seat-N` turns these into --c, --c-on and --c-mark for what is inside it,
// so switching the palette recolours the page at once without redrawing it.
// Code that needs the colour itself (an SVG stroke drawn by script) asks
// playerColour(seat) and redraws on the "palettechange" event.

const STORE = "carcassonne.palette";

/** The palettes by name: one colour per seat, seat 0 first. */
export const PALETTES = {
  classic: ["#d7342b", "#2f6fd8", "#2c9a45", "#e9c31c", "#3a3a3a", "#b455c4"],
  // Okabe & Ito, "Color Universal Design": vermillion, blue, bluish green,
  // yellow, black, reddish purple; in the classic order (red, blue, green,
  // yellow, black, purple), so a seat keeps much the same colour.
  safe: ["#d55e00", "#0072b2", "#009e73", "#f0e442", "#000000", "#cc79a7"],
};

export const SEATS = PALETTES.classic.length;

const INK_DARK = "#1b1b1b";
const INK_LIGHT = "#ffffff";

/**
 * The marks, one per seat: SVG shapes in a 100 x 100 box, centred on
 * (50, 50) and filling it about equally, so they read alike at any size.
 */
export const MARKS = [
  { name: "circle", shape: '<circle cx="50" cy="50" r="43"/>' },
  { name: "square", shape: '<rect x="12" y="12" width="76" height="76"/>' },
  { name: "triangle", shape: '<path d="M50 4L97 88H3Z"/>' },
  { name: "diamond", shape: '<path d="M50 0L100 50L50 100L0 50Z"/>' },
  { name: "cross", shape: '<path d="M34 4h32v30h30v32H66v30H34V66H4V34h30Z"/>' },
  { name: "star", shape: `<path d="${star(50, 54, 50, 21)}"/>` },
];

function star(cx, cy, outer, inner) {
  const pts = [];
  for (let i = 0; i < 10; i += 1) {
    const r = i % 2 ? inner : outer;
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    pts.push(`${(cx + r * Math.cos(a)).toFixed(1)} ${(cy + r * Math.sin(a)).toFixed(1)}`);
  }
  return `M${pts.join("L")}Z`;
}

function seatIndex(seat) {
  return ((Number(seat) % SEATS) + SEATS) % SEATS;
}

let current = saved();

function saved() {
  try {
    const name = localStorage.getItem(STORE);
    return name in PALETTES ? name : "classic";
  } catch {
    return "classic"; // storage refused (a private window): the default
  }
}

/** The name of the palette in use: "classic" or "safe". */
export function paletteName() {
  return current;
}

/** The colour of `seat` in the palette in use. */
export function playerColour(seat) {
  return PALETTES[current][seatIndex(seat)];
}

/** The ink that reads best on `seat`'s colour (for the mark on a figure). */
export function playerInk(seat) {
  return inkOn(playerColour(seat));
}

/** The id of `seat`'s mark among the page's shared symbols ("mark-0"...). */
export function markId(seat) {
  return `mark-${seatIndex(seat)}`;
}

/** The name of `seat`'s mark ("circle", "square"...). */
export function markName(seat) {
  return MARKS[seatIndex(seat)].name;
}

/** The class that gives an element its seat's colour, ink and mark (--c, --c-on, --c-mark). */
export function seatClass(seat) {
  return `seat-${seatIndex(seat)}`;
}

/** The marks as <symbol>s, for the page's shared <defs> (tiles.js installDefs). */
export const MARK_SYMBOLS = MARKS.map((m, i) => `<symbol id="mark-${i}" viewBox="0 0 100 100">${m.shape}</symbol>`).join("\n    ");

// --- colour arithmetic --------------------------------------------------

function luminance(hex) {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a, b) {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** White or near-black, whichever stands out more on `colour` (WCAG contrast). */
export function inkOn(colour) {
  return contrast(colour, INK_LIGHT) >= contrast(colour, INK_DARK) ? INK_LIGHT : INK_DARK;
}

// --- putting the palette on the page --------------------------------------

/** `seat`'s mark in its colour, outlined, as a CSS image (the player dots). */
function markImage(seat) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-6 -6 112 112">`
    + `<g fill="${playerColour(seat)}" stroke="rgba(0,0,0,0.6)" stroke-width="9" stroke-linejoin="round">${MARKS[seat].shape}</g></svg>`;
  return `url("data:image/svg+xml,${encodeURIComponent(svg)}")`;
}

function apply() {
  const root = document.documentElement;
  for (let seat = 0; seat < SEATS; seat += 1) {
    // set through the CSS object model, which the page's Content-Security-Policy allows
    root.style.setProperty(`--seat-${seat}`, playerColour(seat));
    root.style.setProperty(`--seat-${seat}-on`, playerInk(seat));
    root.style.setProperty(`--seat-${seat}-mark`, markImage(seat));
  }
  root.dataset.palette = current;
}

/**
 * Use palette `name` ("classic" or "safe"), remember it, and tell the page
 * ("palettechange" on document, with the name as detail) so that what
 * script coloured itself is drawn again.
 */
export function setPalette(name) {
  if (!(name in PALETTES)) return;
  current = name;
  try {
    localStorage.setItem(STORE, name);
  } catch {
    // not remembered, still used
  }
  apply();
  document.dispatchEvent(new CustomEvent("palettechange", { detail: name }));
}

/**
 * Turn a <button> into the palette switch: pressed means the colour-blind-
 * safe palette. Its text and title are the page's (data-i18n).
 */
export function paletteSwitch(button) {
  if (!button) return;
  const show = () => button.setAttribute("aria-pressed", String(current === "safe"));
  show();
  button.addEventListener("click", () => {
    setPalette(current === "safe" ? "classic" : "safe");
    show();
  });
}

apply();
