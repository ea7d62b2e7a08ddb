// Drawing tiles and figures as SVG, from the catalogue's tile data alone.
//
// A tile is drawn unrotated in a 100 x 100 box (see geometry.js for the
// shapes); callers turn it with `rotate(r 50 50)`, clockwise like the game.
// Shared patterns and symbols live once per page in a hidden <svg> made by
// installDefs(), and every other SVG on the page refers to them by id.
//
// The symbols on a tile (monastery, inn, road-end house, coats of arms,
// goods, cathedral, watchtower) keep their place on the tile, which turns,
// but stand upright: tileMarkup() is told the rotation the caller will turn
// the tile by, and turns each symbol back by as much about its own centre.
// Coats of arms and goods also grow when the tile is drawn small, so that
// they stay readable on a big board seen whole (symbolGrow()).

import { FIGURE_SYMBOLS } from "./figures.js";
import { insidePolygon, rotatePoint, tileGeometry } from "./geometry.js";
import { PALETTES, seatClass } from "./palette.js";
import { miniWonder, wonderMarkup } from "./wonders.js";

export { figureIcon, figureMarkup, goodIcon, meepleIcon } from "./figures.js";
export { seatClass };

export const SIZE = 100;
/** The classic player colours; what a page draws with comes from palette.js (playerColour). */
export const PLAYER_COLOURS = PALETTES.classic;

/** The height a coat of arms shows on a 100-unit tile (a good's is a little more). */
const BADGE_HEIGHT = 17;
/** The least height, in CSS pixels, a coat of arms or a good is drawn at... */
export const SYMBOL_MIN_PX = 9;
/** ...as long as that takes growing it at most this much (then it fills half a small tile). */
export const SYMBOL_GROW_MAX = 2.8;

/**
 * How much to enlarge coats of arms and goods on a tile drawn at `scale`
 * CSS pixels per unit (the board's zoom; a small tile's size / 100) so that
 * they stay SYMBOL_MIN_PX tall: 1 on a tile big enough to show them as
 * they are. The board puts it on its <svg> as the CSS variable --sym-grow
 * (style.css scales the symbols' .sym-grow groups by it); small tiles
 * carry it in their markup.
 */
export function symbolGrow(scale) {
  if (!(scale > 0)) return 1;
  // in steps of 1/20, rounded up: zooming restyles the tiles only at each step
  const wanted = Math.ceil((SYMBOL_MIN_PX / (BADGE_HEIGHT * scale)) * 20) / 20;
  return Math.max(1, Math.min(SYMBOL_GROW_MAX, wanted));
}

let catalogue = { tiles: {}, wonders: {} };

/** Remember the catalogue (GET /api/catalogue) that tiles are drawn from. */
export function setCatalogue(data) {
  catalogue = data;
}

export function getCatalogue() {
  return catalogue;
}

/** The catalogue data of wonder piece `id` (The Wonders of Humanity), or null. */
export function wonderData(id) {
  return catalogue.wonders?.[id] || null;
}

/** Put the shared patterns and symbols into the page (once). */
export function installDefs() {
  if (document.getElementById("carc-defs")) return;
  const holder = document.createElement("div");
  holder.innerHTML = `<svg id="carc-defs" class="defs" width="0" height="0" aria-hidden="true">
  <defs>
    <pattern id="grass" width="20" height="20" patternUnits="userSpaceOnUse">
      <rect width="20" height="20" fill="#86b649"/>
      <path d="M3 5l1-3M11 13l1-3M16 4l1-2M6 17l1-3" stroke="#6f9e3a" stroke-width="1.2" stroke-linecap="round"/>
    </pattern>
    <pattern id="paving" width="24" height="16" patternUnits="userSpaceOnUse">
      <rect width="24" height="16" fill="#ddd3bd"/>
      <path d="M0 8h24M0 16h24M6 0v8M18 8v8" stroke="#c2b596" stroke-width="1"/>
    </pattern>
    <pattern id="town" width="16" height="16" patternUnits="userSpaceOnUse">
      <rect width="16" height="16" fill="#d8b27a"/>
      <path d="M0 8h16M8 0v8M4 8v8M12 8v8" stroke="#c79d62" stroke-width="0.8"/>
    </pattern>
${FIGURE_SYMBOLS}
    <symbol id="shield" viewBox="0 0 22 26">
      <path d="M2 2h18v9.5c0 7.6-5.3 11.9-9 13.5C7.3 23.4 2 19.1 2 11.5Z" fill="#1d2a52" stroke="#1d2a52" stroke-width="3.4" stroke-linejoin="round"/>
      <path d="M2 2h18v9.5c0 7.6-5.3 11.9-9 13.5C7.3 23.4 2 19.1 2 11.5Z" fill="#2456c0" stroke="#fbf7ea" stroke-width="1.6" stroke-linejoin="round"/>
      <path d="M11 5.2v16.4M5.2 11.2h11.6" stroke="#fbf7ea" stroke-width="2.6"/>
    </symbol>
    <symbol id="cloister" viewBox="0 0 48 50">
      <ellipse cx="24" cy="46.5" rx="22" ry="3" fill="rgba(50,35,15,0.3)"/>
      <rect x="5" y="26" width="25" height="20" fill="#f1e6cb" stroke="#3f2f1f" stroke-width="1.6"/>
      <path d="M2.5 27L17.5 14.5L32.5 27Z" fill="#a63d2a" stroke="#3f2f1f" stroke-width="1.6" stroke-linejoin="round"/>
      <circle cx="17.5" cy="23" r="2.4" fill="#5c5f9e" stroke="#3f2f1f" stroke-width="0.9"/>
      <path d="M13.5 46v-7.5a4 4 0 0 1 8 0V46Z" fill="#5b4631"/>
      <rect x="30" y="14" width="13" height="32" fill="#f1e6cb" stroke="#3f2f1f" stroke-width="1.6"/>
      <path d="M28.5 15L36.5 6.5L44.5 15Z" fill="#a63d2a" stroke="#3f2f1f" stroke-width="1.6" stroke-linejoin="round"/>
      <path d="M33.5 25v-3.5a3 3 0 0 1 6 0V25Z" fill="#3f2f1f"/>
      <path d="M34.6 25a1.9 1.9 0 0 1 3.8 0Z" fill="#e2b236"/>
      <path d="M36.5 0.5v7M33.6 3.2h5.8" stroke="#3f2f1f" stroke-width="1.8"/>
      <path d="M33 31h7M33 37h7" stroke="#c9b88f" stroke-width="1"/>
    </symbol>
    <symbol id="house" viewBox="0 0 20 20">
      <rect x="4" y="9" width="12" height="9" fill="#efe3c8" stroke="#3f2f1f" stroke-width="1.3"/>
      <path d="M1.8 10L10 3L18.2 10Z" fill="#7c5535" stroke="#3f2f1f" stroke-width="1.3" stroke-linejoin="round"/>
      <rect x="8.4" y="13" width="3.2" height="5" fill="#5b4631"/>
    </symbol>
    <symbol id="inn" viewBox="0 0 34 26">
      <ellipse cx="16" cy="24.2" rx="15.5" ry="1.8" fill="rgba(50,35,15,0.28)"/>
      <rect x="2" y="10" width="16" height="14" fill="#efe3c8" stroke="#3f2f1f" stroke-width="1.2"/>
      <path d="M0.5 11L10 2.5L19.5 11Z" fill="#7c5535" stroke="#3f2f1f" stroke-width="1.2" stroke-linejoin="round"/>
      <rect x="4.5" y="13" width="4" height="3.6" fill="#5b4631"/>
      <rect x="10" y="17.5" width="5" height="6.5" fill="#5b4631"/>
      <path d="M18 11.5h10.5M26.5 11.5v2.2" stroke="#3f2f1f" stroke-width="1.3"/>
      <rect x="19.5" y="13.2" width="14" height="11.5" rx="2" fill="#fbf5e2" stroke="#3f2f1f" stroke-width="1.2"/>
      <path d="M22.5 16.6h6v6.4h-6Z" fill="#e2a91c" stroke="#5e4100" stroke-width="0.9" stroke-linejoin="round"/>
      <path d="M28.5 17.6h1.6a1 1 0 0 1 1 1v1.6a1 1 0 0 1-1 1h-1.6" fill="none" stroke="#5e4100" stroke-width="1"/>
      <path d="M22 17c0-2.2 7-2.2 7 0Z" fill="#fff" stroke="#5e4100" stroke-width="0.7"/>
    </symbol>
    <symbol id="tower" viewBox="0 0 20 30">
      <rect x="4" y="7" width="12" height="22" fill="#a8a29a" stroke="#4c4740" stroke-width="1.2"/>
      <path d="M2 8V2h4v3h3V2h2v3h3V2h4v6Z" fill="#a8a29a" stroke="#4c4740" stroke-width="1.2"/>
      <rect x="8" y="12" width="4" height="6" fill="#4c4740"/>
    </symbol>
    <symbol id="cathedral" viewBox="0 0 40 40">
      <ellipse cx="20" cy="37" rx="18" ry="2.5" fill="rgba(60,40,20,0.3)"/>
      <rect x="13" y="17" width="14" height="20" fill="#ece6d8" stroke="#3d3830" stroke-width="1.2"/>
      <path d="M12 18L20 9L28 18Z" fill="#5c5f9e" stroke="#3d3830" stroke-width="1.2"/>
      <rect x="5" y="14" width="8" height="23" fill="#ece6d8" stroke="#3d3830" stroke-width="1.2"/>
      <rect x="27" y="14" width="8" height="23" fill="#ece6d8" stroke="#3d3830" stroke-width="1.2"/>
      <path d="M4 15L9 2L14 15ZM26 15L31 2L36 15Z" fill="#5c5f9e" stroke="#3d3830" stroke-width="1.2"/>
      <circle cx="20" cy="22" r="3.3" fill="#c9a13b" stroke="#3d3830" stroke-width="1"/>
      <path d="M17 37v-6a3 3 0 0 1 6 0v6Z" fill="#5b4631"/>
      <path d="M8 20v4M32 20v4" stroke="#3d3830" stroke-width="1.6"/>
      <path d="M20 4v5M18 6h4" stroke="#3d3830" stroke-width="1.2"/>
    </symbol>
    <symbol id="good-wine" viewBox="0 0 20 20">
      <circle cx="10" cy="10" r="9.1" fill="#fbf5e2" stroke="#3b2a1a" stroke-width="1.4"/>
      <path d="M10 5.6C10 4.2 10.8 3.2 12.2 2.8" stroke="#3f5d1c" stroke-width="1.3" fill="none"/>
      <path d="M11 4.4c2-1.8 4.6-1.2 5.2 0.6c-1.9 0.9-3.8 0.7-5.2-0.6Z" fill="#5a8a26" stroke="#3f5d1c" stroke-width="0.5"/>
      <g fill="#6a1a63" stroke="#3a0b36" stroke-width="0.6">
        <circle cx="6.5" cy="7.6" r="2.5"/><circle cx="10" cy="7.4" r="2.5"/><circle cx="13.5" cy="7.6" r="2.5"/>
        <circle cx="8.2" cy="11.3" r="2.5"/><circle cx="11.8" cy="11.3" r="2.5"/><circle cx="10" cy="14.9" r="2.4"/>
      </g>
    </symbol>
    <symbol id="good-grain" viewBox="0 0 20 20">
      <circle cx="10" cy="10" r="9.1" fill="#fbf5e2" stroke="#3b2a1a" stroke-width="1.4"/>
      <path d="M10 17.5V7M10 14L6.2 6.5M10 14l3.8-7.5" stroke="#8a6208" stroke-width="1.4" fill="none"/>
      <g fill="#e0a81c" stroke="#7b5608" stroke-width="0.7">
        <ellipse cx="10" cy="5" rx="2.1" ry="3.8"/>
        <ellipse cx="5.6" cy="6" rx="1.9" ry="3.4" transform="rotate(-25 5.6 6)"/>
        <ellipse cx="14.4" cy="6" rx="1.9" ry="3.4" transform="rotate(25 14.4 6)"/>
      </g>
      <path d="M7.2 13.6h5.6" stroke="#6b4a08" stroke-width="1.8"/>
    </symbol>
    <symbol id="good-cloth" viewBox="0 0 20 20">
      <circle cx="10" cy="10" r="9.1" fill="#fbf5e2" stroke="#3b2a1a" stroke-width="1.4"/>
      <path d="M3.6 6h10.4v8.6H3.6Z" fill="#2f6fc0" stroke="#173f73" stroke-width="1"/>
      <path d="M3.6 8.8h10.4M3.6 11.8h10.4" stroke="#a9c8ee" stroke-width="0.9"/>
      <ellipse cx="14" cy="10.3" rx="2.3" ry="4.3" fill="#255da3" stroke="#173f73" stroke-width="1"/>
      <path d="M3.6 14.6c1 2.1 3.2 2.7 6.4 2.3" stroke="#173f73" stroke-width="1" fill="#2f6fc0"/>
    </symbol>
    <symbol id="spring" viewBox="0 0 30 30">
      <circle cx="15" cy="15" r="12.5" fill="#5ea8dc" stroke="#2c5f8a" stroke-width="2.4"/>
      <path d="M8 15a7 7 0 0 1 14 0M11 15a4 4 0 0 1 8 0" stroke="#e8f6ff" stroke-width="1.8" fill="none"/>
      <circle cx="15" cy="15" r="2" fill="#e8f6ff"/>
      <path d="M3 9l3 1M25 22l3 -1M5 23l2 -2" stroke="#7d7468" stroke-width="2.6" stroke-linecap="round"/>
    </symbol>
    <symbol id="lake" viewBox="0 0 50 44">
      <path d="M6 22C4 10 16 3 27 4C40 5 48 13 46 24C44 36 32 42 22 40C11 38 7 31 6 22Z" fill="#5ea8dc" stroke="#2c5f8a" stroke-width="2.4"/>
      <path d="M14 18h10M26 27h12M17 32h7" stroke="#e8f6ff" stroke-width="1.8" stroke-linecap="round"/>
      <path d="M33 12c2 -3 5 -3 7 0" stroke="#3d7a3a" stroke-width="2" fill="none"/>
    </symbol>
    <symbol id="garden" viewBox="0 0 30 30">
      <rect x="1.5" y="1.5" width="27" height="27" rx="6" fill="#2f6b2a" stroke="#173d14" stroke-width="2"/>
      <rect x="6" y="6" width="18" height="18" rx="3" fill="#7fbf4d"/>
      <path d="M15 6v18M6 15h18" stroke="#d9c9a0" stroke-width="2.4"/>
      <g stroke="#3b1f1f" stroke-width="0.6"><circle cx="10" cy="10" r="2.6" fill="#e0475a"/><circle cx="20" cy="10" r="2.6" fill="#f2cf3a"/>
      <circle cx="10" cy="20" r="2.6" fill="#f5f1e6"/><circle cx="20" cy="20" r="2.6" fill="#b45bd1"/></g>
    </symbol>
    <symbol id="volcano" viewBox="0 0 36 30">
      <path d="M1 29L13 9H23L35 29Z" fill="#6b4a36" stroke="#2e1d12" stroke-width="1.6" stroke-linejoin="round"/>
      <path d="M13 9H23L21 14L18 12L15 15Z" fill="#e8481c" stroke="#2e1d12" stroke-width="1.2" stroke-linejoin="round"/>
      <path d="M17 15L15 22M20 14L22 20" stroke="#e8481c" stroke-width="2" stroke-linecap="round"/>
      <circle cx="15" cy="5" r="3" fill="#8f8a84"/><circle cx="20" cy="3.5" r="3" fill="#a7a29b"/>
    </symbol>
    <symbol id="dragon-sign" viewBox="0 0 28 28">
      <circle cx="14" cy="14" r="12.6" fill="#fbf3dd" stroke="#5e1410" stroke-width="2"/>
      <path d="M5 17C8 9 12 8 14 12C16 7 21 6 24 9C21 10 19 12 19 15L23 19L17 18L14 22L12 18L6 20Z" fill="#c2281f" stroke="#5e1410" stroke-width="1" stroke-linejoin="round"/>
    </symbol>
    <symbol id="portal" viewBox="0 0 25 29">
      <path d="M2 28V12a10.5 10.5 0 0 1 21 0V28Z" fill="#9a928a" stroke="#3d3830" stroke-width="1.6"/>
      <path d="M6 28V13a6.5 6.5 0 0 1 13 0V28Z" fill="#7b3fc4" stroke="#3d1c6b" stroke-width="1.2"/>
      <path d="M12.5 12v9M8.5 16.5h8" stroke="#f3e6ff" stroke-width="2" stroke-linecap="round"/>
    </symbol>
    <symbol id="princess" viewBox="0 0 15 22">
      <path d="M7.5 8C4 8 3.5 11 3 14L1 21H14L12 14C11.5 11 11 8 7.5 8Z" fill="#e86fa8" stroke="#5a1738" stroke-width="1.1" stroke-linejoin="round"/>
      <circle cx="7.5" cy="6" r="2.8" fill="#f6d9be" stroke="#5a1738" stroke-width="0.9"/>
      <path d="M4.6 3.8L5 0.8L6.4 2.4L7.5 0.3L8.6 2.4L10 0.8L10.4 3.8Z" fill="#f0c030" stroke="#8a6410" stroke-width="0.7" stroke-linejoin="round"/>
    </symbol>
    <symbol id="icon-garden" viewBox="0 0 20 20"><rect width="20" height="20" fill="#86b649"/><use href="#garden" x="2" y="2" width="16" height="16"/></symbol>
    <symbol id="icon-fairy" viewBox="0 0 20 20"><rect width="20" height="20" fill="#86b649"/><use href="#fairy" x="2" y="1" width="16" height="18"/></symbol>
    <symbol id="crown" viewBox="0 0 24 18"><path d="M3 16L1 4l6 5 5-8 5 8 6-5-2 12Z" fill="#f0c030" stroke="#8a6410" stroke-width="1.4" stroke-linejoin="round"/></symbol>
    <symbol id="icon-city" viewBox="0 0 20 20"><rect width="20" height="20" fill="#86b649"/><path d="M0 0h20v7Q10 14 0 7Z" fill="#d8b27a" stroke="#6a4d2f" stroke-width="1.5"/></symbol>
    <symbol id="icon-road" viewBox="0 0 20 20"><rect width="20" height="20" fill="#86b649"/><path d="M0 10h20" stroke="#6d5c3f" stroke-width="6"/><path d="M0 10h20" stroke="#efe5cb" stroke-width="4"/></symbol>
    <symbol id="icon-monastery" viewBox="0 0 20 20"><rect width="20" height="20" fill="#86b649"/><use href="#cloister" x="2" y="2" width="16" height="16"/></symbol>
    <symbol id="icon-field" viewBox="0 0 20 20"><rect width="20" height="20" fill="url(#grass)"/><use href="#meeple" x="4" y="4" width="12" height="12" fill="#fff" stroke="#333" stroke-width="6" transform="rotate(-90 10 10)"/></symbol>
    <symbol id="monument" viewBox="0 0 40 40"><path d="M3 36h34v-3H3ZM7 33V14h5v19M17.5 33V14h5v19M28 33V14h5v19M4 14h32V10L20 3L4 10Z" fill="#ddd3bd" stroke="#4c4740" stroke-width="1.5" stroke-linejoin="round"/></symbol>
    <symbol id="icon-wonder" viewBox="0 0 20 20"><rect width="20" height="20" fill="#86b649"/><use href="#monument" x="1" y="1" width="18" height="18"/></symbol>
    <symbol id="icon-watchtower" viewBox="0 0 20 20"><rect width="20" height="20" fill="#86b649"/><use href="#tower" x="5" y="1" width="10" height="18"/></symbol>
  </defs>
</svg>`;
  document.body.prepend(holder.firstElementChild);
}

function use(symbol, cx, cy, w, h, extra = "") {
  return `<use href="#${symbol}" x="${(cx - w / 2).toFixed(1)}" y="${(cy - h / 2).toFixed(1)}" width="${w}" height="${h}"${extra}/>`;
}

function turnOf(rotation) {
  return ((Number(rotation) % 360) + 360) % 360;
}

/** A direction (dx, dy) turned clockwise by `rotation`, like the tile. */
function turnVector([dx, dy], rotation) {
  const [x, y] = rotatePoint([0.5 + dx, 0.5 + dy], rotation);
  return [x - 0.5, y - 0.5];
}

/**
 * A symbol standing upright on a tile that is turned by `rotation`: a group
 * at (cx, cy) in tile units, turned back by the tile's rotation about that
 * point, holding `inner` drawn about (0, 0), the right way up. `kind` names
 * the symbol for tests and tools (data-sym: monastery, inn, road-end, badge,
 * cathedral, tower, tower-sign).
 */
function upright(kind, cx, cy, rotation, inner) {
  const back = rotation ? ` rotate(${-rotation})` : "";
  return `<g class="sym" data-sym="${kind}" transform="translate(${+cx.toFixed(2)} ${+cy.toFixed(2)})${back}">${inner}</g>`;
}

/** Grown g times, a badge moves (g - 1) x PULL of the way to the middle of its tile (see growing()). */
const PULL = 0.42;

/**
 * `inner` of an upright symbol standing at (cx, cy) on a tile turned by
 * `rotation`, in a group that grows: by the board's --sym-grow on the board
 * (`grow` null; style.css scales .sym-grow), by `grow` itself on a small
 * tile. It grows about a point beyond it, away from the tile's middle, so
 * that growing also draws it in toward the middle and a big badge stays on
 * its own tile, where the tiles drawn after it do not cover it.
 */
function growing(inner, cx, cy, rotation, grow) {
  // the point, in the symbol's upright frame
  const [ox, oy] = turnVector([(cx - 50) * PULL, (cy - 50) * PULL], rotation).map((v) => +v.toFixed(2));
  if (grow == null) return `<g class="sym-grow" transform-origin="${ox} ${oy}">${inner}</g>`;
  if (grow <= 1) return inner;
  return `<g class="sym-grow" transform="translate(${ox} ${oy}) scale(${grow}) translate(${-ox} ${-oy})">${inner}</g>`;
}

const markupCache = new Map();

/**
 * The SVG markup of one tile, unrotated (a 100 x 100 box), for a caller
 * that turns it by `rotation`: its symbols are turned back so as to stand
 * upright. `grow` enlarges coats of arms and goods (symbolGrow()); without
 * it they grow by the CSS variable --sym-grow, which the board sets.
 */
export function tileMarkup(id, rotation = 0, grow = null) {
  const turn = turnOf(rotation);
  const key = `${id}@${turn}@${grow}`;
  if (markupCache.has(key)) return markupCache.get(key);
  const data = catalogue.tiles?.[id];
  const wonder = wonderData(id);
  let out;
  if (wonder) {
    out = wonderMarkup(id, wonder, turn); // the whole piece, around its anchor square
  } else if (!data) {
    out = `<rect width="100" height="100" fill="#777"/>${upright("unknown", 50, 50, turn,
      `<text y="5" text-anchor="middle" font-size="14" fill="#fff">${id}</text>`)}`;
  } else {
    out = squareMarkup(tileGeometry(id, data, SIZE), data, turn, grow);
  }
  markupCache.set(key, out);
  return out;
}

function squareMarkup(geo, data, rotation, grow) {
  const parts = [`<rect width="100" height="100" fill="url(#grass)"/>`];
  // the river under everything (a road crosses it by a bridge), its spring or lake at its end
  parts.push(...riverMarkup(geo, rotation));
  // each road with its own edges, so a road crossing another passes over it
  for (const road of geo.roads) {
    parts.push(`<path d="${road.path}" stroke="#6d5c3f" stroke-width="14" fill="none"/>`);
    parts.push(`<path d="${road.path}" stroke="#efe5cb" stroke-width="10" fill="none"/>`);
  }
  for (const city of geo.cities) {
    parts.push(`<path d="${city.path}" fill="url(#town)"/>`);
    if (city.wall) {
      parts.push(`<path d="${city.wall}" stroke="#6a4d2f" stroke-width="4.5" fill="none" stroke-linecap="round"/>`);
      parts.push(`<path d="${city.wall}" stroke="#b99261" stroke-width="1.6" fill="none" stroke-dasharray="3 3"/>`);
    }
  }
  if (geo.bridge) parts.push(bridgeMarkup(geo.bridge));
  // the symbols, over the roads and cities, each upright in its place
  if (geo.junction) parts.push(upright("road-end", geo.junction[0] * 100, geo.junction[1] * 100, rotation, use("house", 0, 0, 17, 17)));
  for (const road of geo.roads) {
    if (!road.data.inn) continue;
    const [x, y] = innPlace(geo, road, rotation);
    parts.push(upright("inn", x * 100, y * 100, rotation, use("inn", 0, 0, INN[0], INN[1])));
  }
  for (const city of geo.cities) {
    const [bx, by] = city.badge;
    if (city.data.cathedral) parts.push(upright("cathedral", bx * 100, by * 100, rotation, use("cathedral", 0, 0, 30, 30)));
    const badge = [];
    if (city.data.shields) badge.push(["shield", 16, 20]);
    if (city.data.good) badge.push([`good-${city.data.good}`, 19, 19]);
    if (city.data.princess) badge.push(["princess", 15, 22]);
    if (!badge.length) continue;
    // a coat of arms and a good side by side, growing together
    const width = badge.reduce((w, [, bw]) => w + bw, 0) + 2 * (badge.length - 1);
    let at = -width / 2;
    const inner = badge.map(([symbol, w, h]) => {
      const out = use(symbol, at + w / 2, 0, w, h);
      at += w + 2;
      return out;
    }).join("");
    // beside the cathedral, on its own screen right
    const [sx, sy] = city.data.cathedral ? turnVector([0.22, 0], -rotation).map((v, i) => v + city.badge[i]) : [bx, by];
    parts.push(upright("badge", sx * 100, sy * 100, rotation, growing(inner, sx * 100, sy * 100, rotation, grow)));
  }
  if (geo.monastery) {
    // beside a river through the middle it stands on one bank, a little smaller
    const [mx, my] = geo.monasteryAt.map((v) => v * 100);
    const k = mx === 50 && my === 50 ? 1 : 0.72;
    parts.push(upright("monastery", mx, my, rotation, use("cloister", 0, -1, 46 * k, 48 * k)));
  }
  if (geo.garden) parts.push(placed("garden", geo.garden, rotation, grow, use("garden", 0, 0, 27, 27)));
  if (geo.marker) {
    const [symbol, w, h] = MARKER_SYMBOLS[geo.markerKind];
    parts.push(placed(geo.markerKind === "dragon" ? "dragon-sign" : geo.markerKind, geo.marker, rotation, grow, use(symbol, 0, 0, w, h)));
  }
  if (geo.tower) parts.push(towerMarkup(data.watchtower, rotation));
  parts.push(`<rect x="0.5" y="0.5" width="99" height="99" fill="none" stroke="rgba(40,30,10,0.35)" stroke-width="1"/>`);
  return parts.join("");
}

/** The symbol of each marker of The Princess & the Dragon and its size (width, height) in tile units. */
const MARKER_SYMBOLS = { volcano: ["volcano", 36, 30], dragon: ["dragon-sign", 27, 27], portal: ["portal", 25, 29] };

/** A symbol standing upright at unit point `at` of the tile, growing like a coat of arms when drawn small. */
function placed(kind, at, rotation, grow, inner) {
  const [x, y] = [at[0] * 100, at[1] * 100];
  return upright(kind, x, y, rotation, growing(inner, x, y, rotation, grow));
}

/**
 * The river of a River tile (sides like a road's, wider, water with a
 * lighter current down its middle) and at its end the spring or the lake;
 * a tile without a river draws nothing.
 */
function riverMarkup(geo, rotation) {
  const out = [];
  for (const river of geo.rivers || []) {
    out.push(`<path class="river" d="${river.path}" stroke="#2c5f8a" stroke-width="21" fill="none"/>`);
    out.push(`<path d="${river.path}" stroke="#5ea8dc" stroke-width="16" fill="none"/>`);
    out.push(`<path d="${river.path}" stroke="#bfe1f6" stroke-width="1.6" fill="none" stroke-dasharray="5 7"/>`);
  }
  if (geo.source === "spring") out.push(upright("spring", 50, 50, rotation, use("spring", 0, 0, 30, 30)));
  if (geo.source === "lake") out.push(upright("lake", 50, 50, rotation, use("lake", 0, 0, 50, 44)));
  return out;
}

/** Where a road crosses the river: the bridge's two parapets, along the road. */
function bridgeMarkup({ at, along }) {
  const [x, y] = [at[0] * 100, at[1] * 100];
  const [ax, ay] = [along[0] * 15, along[1] * 15];
  const [nx, ny] = [-along[1] * 8.5, along[0] * 8.5];
  const line = (k) => `M${(x - ax + k * nx).toFixed(1)} ${(y - ay + k * ny).toFixed(1)}L${(x + ax + k * nx).toFixed(1)} ${(y + ay + k * ny).toFixed(1)}`;
  return `<g class="sym" data-sym="bridge"><path d="${line(1)}${line(-1)}" stroke="#4c4035" stroke-width="4.5" stroke-linecap="round"/>`
    + `<path d="${line(1)}${line(-1)}" stroke="#b8ad9a" stroke-width="2" stroke-linecap="round"/></g>`;
}

/** The inn's drawn size (width, height) in tile units. */
const INN = [32, 24.5];

/** The distance from `p` to the polyline `pts`. */
function distanceTo(p, pts) {
  let best = Infinity;
  for (let i = 1; i < pts.length; i += 1) {
    const [a, b] = [pts[i - 1], pts[i]];
    const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
    const len = dx * dx + dy * dy;
    const t = len ? Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len)) : 0;
    best = Math.min(best, Math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy));
  }
  return best;
}

/**
 * Where an inn stands: beside its road, next to the road's figure spot, on
 * whichever side leaves it most room as the tile lies (the inn is upright,
 * wider than tall): a few points of its box are tried against the roads,
 * the cities and the tile's edge, and the side with the fewest in the way
 * wins (then the one farther from any road).
 */
function innPlace(geo, road, rotation) {
  const spot = road.spot;
  const pts = road.points;
  const far = (p) => Math.hypot(p[0] - spot[0], p[1] - spot[1]);
  const i = pts.reduce((best, p, k) => (far(p) < far(pts[best]) ? k : best), 0);
  const a = pts[Math.max(0, i - 1)];
  const b = pts[Math.min(pts.length - 1, i + 1)];
  // the road's direction on screen, and the way across it
  const [dx, dy] = turnVector([b[0] - a[0], b[1] - a[1]], rotation);
  const len = Math.hypot(dx, dy) || 1;
  const across = [-dy / len, dx / len];
  // half the inn's box, and far enough across that the box clears the road's edge
  const [hw, hh] = [INN[0] / 200, INN[1] / 200];
  const gap = hw * Math.abs(across[0]) + hh * Math.abs(across[1]) + 0.08;
  const box = [[0, 0], [-hw, -hh], [hw, -hh], [-hw, hh], [hw, hh], [0, -hh], [0, hh], [-hw, 0], [hw, 0]];
  // offsets are upright (screen) ones: turned back into the tile's frame
  const onTile = (p, off) => {
    const [ox, oy] = turnVector(off, -rotation);
    return [p[0] + ox, p[1] + oy];
  };
  let best = null;
  for (const side of [1, -1]) {
    const centre = onTile(spot, [across[0] * gap * side, across[1] * gap * side]);
    const blocked = box.map((off) => onTile(centre, off)).filter((p) => geo.roads.some((r) => distanceTo(p, r.points) < 0.075)
      || geo.cities.some((c) => insidePolygon(p, c.polygon)) || Math.min(p[0], p[1], 1 - p[0], 1 - p[1]) < -0.01).length;
    const room = Math.min(...geo.roads.map((r) => distanceTo(centre, r.points)));
    if (!best || blocked < best.blocked || (blocked === best.blocked && room > best.room + 1e-9)) best = { centre, blocked, room };
  }
  return best.centre;
}

/** What a watchtower counts, as the symbol of its small sign. */
const TOWER_COUNTS = { meeple: "meeple", shield: "shield", road_tile: "icon-road", monastery: "cloister", city_tile: "icon-city" };

/**
 * A watchtower in the middle of its tile, with a small sign below it of
 * what it pays for: "2" and a meeple (2 per follower around it), a coat of
 * arms, a road, a monastery or a city. The tower and the sign each stand
 * upright in their place; the sign carries data-per and data-points.
 */
function towerMarkup(tower, rotation) {
  const out = [upright("tower", 50, 46, rotation, use("tower", 0, 0, 16, 24))];
  if (!tower?.per) return out.join("");
  const symbol = TOWER_COUNTS[tower.per] || "icon-road";
  const fill = tower.per === "meeple" ? ' fill="#f3f0e4" stroke="#3d3830" stroke-width="8"' : "";
  const sign = `<g class="tower-sign" data-per="${tower.per}" data-points="${tower.points}">`
    + `<rect x="-12" y="-6.5" width="24" height="13" rx="4" fill="#f6efd9" stroke="#4c4740" stroke-width="1.2"/>`
    + `<text x="-5" y="3.5" text-anchor="middle" font-size="10" font-weight="700" fill="#3d3830">${tower.points}</text>`
    + `${use(symbol, 5.5, 0, 9, 9, fill)}</g>`;
  out.push(upright("tower-sign", 50, 65.5, rotation, sign));
  return out.join("");
}

/** A small standalone <svg> of a tile turned by `rotation`. */
export function miniTile(id, rotation = 0, size = 48, extra = "") {
  const wonder = wonderData(id);
  if (wonder) return miniWonder(id, wonder, rotation, size, extra);
  // coats of arms and goods grown for the tile's size
  const grow = symbolGrow(size / 100);
  return `<svg class="mini-tile" viewBox="0 0 100 100" width="${size}" height="${size}" data-tile="${id}"${extra}>`
    + `<g transform="rotate(${rotation} 50 50)">${tileMarkup(id, rotation, grow)}</g></svg>`;
}

/** A small standalone icon from the shared symbols (crown, icon-city...). */
export function icon(name, size = 16, title = "") {
  return `<svg class="icon icon-${name}" viewBox="0 0 20 20" width="${size}" height="${size}" role="img"${title ? ` aria-label="${title}"` : ""}>`
    + `${title ? `<title>${title}</title>` : ""}<use href="#${name}" width="20" height="20"/></svg>`;
}

