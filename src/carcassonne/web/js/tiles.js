// Drawing tiles and figures as SVG, from the catalogue's tile data alone.
//
// A tile is drawn unrotated in a 100 x 100 box (see geometry.js for the
// shapes); callers turn it with `rotate(r 50 50)`, clockwise like the game.
// Shared patterns and symbols live once per page in a hidden <svg> made by
// installDefs(), and every other SVG on the page refers to them by id.

import { FIGURE_SYMBOLS } from "./figures.js";
import { tileGeometry } from "./geometry.js";
import { miniWonder, wonderMarkup } from "./wonders.js";

export { figureIcon, figureMarkup, goodIcon, meepleIcon } from "./figures.js";

export const SIZE = 100;
export const PLAYER_COLOURS = ["#d7342b", "#2f6fd8", "#2c9a45", "#e9c31c", "#3a3a3a", "#b455c4"];

/** The class that gives an element its seat's colour as `--c` (style.css has
 * one per colour above; markup carries no style attribute, which the page's
 * Content-Security-Policy would refuse). */
export function seatClass(seat) {
  return `seat-${seat % PLAYER_COLOURS.length}`;
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
    <symbol id="shield" viewBox="0 0 20 24">
      <path d="M1 1h18v9c0 7-5 11-9 13C6 21 1 17 1 10Z" fill="#2a5bb8" stroke="#f3f0e4" stroke-width="1.6"/>
      <path d="M10 4v16M4 10h12" stroke="#f3f0e4" stroke-width="1.8"/>
    </symbol>
    <symbol id="cloister" viewBox="0 0 40 40">
      <rect x="6" y="16" width="28" height="20" fill="#efe3c8" stroke="#5b4631" stroke-width="1.5"/>
      <path d="M3 17L20 5L37 17Z" fill="#b7432f" stroke="#5b4631" stroke-width="1.5"/>
      <rect x="16" y="24" width="8" height="12" rx="4" fill="#5b4631"/>
      <path d="M20 0v8M17 3h6" stroke="#5b4631" stroke-width="1.6"/>
    </symbol>
    <symbol id="house" viewBox="0 0 20 20">
      <rect x="3" y="8" width="14" height="10" fill="#efe3c8" stroke="#5b4631" stroke-width="1.2"/>
      <path d="M1 9L10 2L19 9Z" fill="#b7432f" stroke="#5b4631" stroke-width="1.2"/>
    </symbol>
    <symbol id="tower" viewBox="0 0 20 30">
      <rect x="4" y="7" width="12" height="22" fill="#a8a29a" stroke="#4c4740" stroke-width="1.2"/>
      <path d="M2 8V2h4v3h3V2h2v3h3V2h4v6Z" fill="#a8a29a" stroke="#4c4740" stroke-width="1.2"/>
      <rect x="8" y="12" width="4" height="6" fill="#4c4740"/>
    </symbol>
    <symbol id="inn" viewBox="0 0 30 22">
      <ellipse cx="19" cy="15" rx="10.5" ry="6" fill="#4d8fd1" stroke="#2d5e91" stroke-width="1"/>
      <path d="M13 14c2-1 4 1 6 0s4-1 6 0" stroke="#cfe4f7" stroke-width="1" fill="none"/>
      <rect x="2.5" y="8" width="10" height="9" fill="#efe3c8" stroke="#5b4631" stroke-width="1"/>
      <path d="M0.5 9L7.5 2.5L14.5 9Z" fill="#8a5a2b" stroke="#5b4631" stroke-width="1"/>
      <rect x="6" y="12" width="3" height="5" fill="#5b4631"/>
      <path d="M13 10h3v4h-3" fill="#f0c030" stroke="#5b4631" stroke-width="0.8"/>
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
      <circle cx="10" cy="10" r="9.2" fill="#f6efd9" stroke="#5b4631" stroke-width="1"/>
      <path d="M10 5.5C10 4 11 3 12.5 2.6" stroke="#4e6b26" stroke-width="1.2" fill="none"/>
      <path d="M11 4.6c2-1.6 4.4-1 5 0.6c-1.8 0.8-3.6 0.6-5-0.6Z" fill="#5f8f2c"/>
      <g fill="#7b2a73" stroke="#4a1446" stroke-width="0.5">
        <circle cx="7" cy="7.5" r="2.2"/><circle cx="11" cy="7.5" r="2.2"/><circle cx="14" cy="8.5" r="1.9"/>
        <circle cx="9" cy="11" r="2.2"/><circle cx="12.6" cy="11.6" r="2"/><circle cx="10.4" cy="14.6" r="2"/>
      </g>
    </symbol>
    <symbol id="good-grain" viewBox="0 0 20 20">
      <circle cx="10" cy="10" r="9.2" fill="#f6efd9" stroke="#5b4631" stroke-width="1"/>
      <path d="M10 18V7M10 14L6 6M10 14l4-8" stroke="#9b7414" stroke-width="1.1" fill="none"/>
      <g fill="#d9a826" stroke="#9b7414" stroke-width="0.6">
        <ellipse cx="10" cy="5.2" rx="1.8" ry="3.6"/>
        <ellipse cx="5.6" cy="6" rx="1.6" ry="3.2" transform="rotate(-25 5.6 6)"/>
        <ellipse cx="14.4" cy="6" rx="1.6" ry="3.2" transform="rotate(25 14.4 6)"/>
      </g>
      <path d="M7.6 13.6h4.8" stroke="#7b5a10" stroke-width="1.4"/>
    </symbol>
    <symbol id="good-cloth" viewBox="0 0 20 20">
      <circle cx="10" cy="10" r="9.2" fill="#f6efd9" stroke="#5b4631" stroke-width="1"/>
      <path d="M4 6.5h10v8H4Z" fill="#3c79c2" stroke="#21497a" stroke-width="0.9"/>
      <path d="M4 9h10M4 12h10" stroke="#9cc0ea" stroke-width="0.8"/>
      <ellipse cx="14" cy="10.5" rx="2" ry="4" fill="#2f64a6" stroke="#21497a" stroke-width="0.9"/>
      <path d="M4 14.5c1 2 3 2.6 6 2.2" stroke="#21497a" stroke-width="0.9" fill="#3c79c2"/>
    </symbol>
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

const markupCache = new Map();

/** The SVG markup of one unrotated tile (a 100 x 100 box). */
export function tileMarkup(id) {
  if (markupCache.has(id)) return markupCache.get(id);
  const data = catalogue.tiles?.[id];
  const wonder = wonderData(id);
  let out;
  if (wonder) {
    out = wonderMarkup(id, wonder); // the whole piece, around its anchor square
  } else if (!data) {
    out = `<rect width="100" height="100" fill="#777"/><text x="50" y="56" text-anchor="middle" font-size="14" fill="#fff">${id}</text>`;
  } else {
    out = squareMarkup(tileGeometry(id, data, SIZE), data);
  }
  markupCache.set(id, out);
  return out;
}

function squareMarkup(geo, data) {
  const parts = [`<rect width="100" height="100" fill="url(#grass)"/>`];
  // each road with its own edges, so a road crossing another passes over it
  for (const road of geo.roads) {
    parts.push(`<path d="${road.path}" stroke="#6d5c3f" stroke-width="14" fill="none"/>`);
    parts.push(`<path d="${road.path}" stroke="#efe5cb" stroke-width="10" fill="none"/>`);
  }
  for (const road of geo.roads) {
    if (road.data.inn) {
      const [x, y] = road.spot;
      const off = road.sides[0] === "N" || road.sides[0] === "S" ? [16, 0] : [0, 16];
      parts.push(use("inn", x * 100 + off[0], y * 100 + off[1], 27, 20));
    }
  }
  if (geo.junction) parts.push(use("house", geo.junction[0] * 100, geo.junction[1] * 100, 20, 20));
  for (const city of geo.cities) {
    parts.push(`<path d="${city.path}" fill="url(#town)"/>`);
    if (city.wall) {
      parts.push(`<path d="${city.wall}" stroke="#6a4d2f" stroke-width="4.5" fill="none" stroke-linecap="round"/>`);
      parts.push(`<path d="${city.wall}" stroke="#b99261" stroke-width="1.6" fill="none" stroke-dasharray="3 3"/>`);
    }
  }
  for (const city of geo.cities) {
    const [bx, by] = city.badge;
    if (city.data.shields) parts.push(use("shield", bx * 100, by * 100, 14, 17));
    if (city.data.cathedral) parts.push(use("cathedral", bx * 100, by * 100, 30, 30));
    if (city.data.good) {
      const [sx, sy] = city.data.shields || city.data.cathedral ? [bx + 0.16, by] : [bx, by];
      parts.push(use(`good-${city.data.good}`, sx * 100, sy * 100, 19, 19));
    }
  }
  if (geo.monastery) parts.push(use("cloister", 50, 50, 36, 36));
  if (geo.tower) parts.push(towerMarkup(data.watchtower));
  parts.push(`<rect x="0.5" y="0.5" width="99" height="99" fill="none" stroke="rgba(40,30,10,0.35)" stroke-width="1"/>`);
  return parts.join("");
}

/** What a watchtower counts, as the symbol of its small sign. */
const TOWER_COUNTS = { meeple: "meeple", shield: "shield", road_tile: "icon-road", monastery: "cloister", city_tile: "icon-city" };

/**
 * A watchtower in the middle of its tile, with a small sign of what it pays
 * for: "2" and a meeple (2 per follower around it), a coat of arms, a road,
 * a monastery or a city. The sign carries data-per and data-points.
 */
function towerMarkup(tower) {
  const out = [use("tower", 50, 46, 16, 24)];
  if (!tower?.per) return out.join("");
  const symbol = TOWER_COUNTS[tower.per] || "icon-road";
  const fill = tower.per === "meeple" ? ' fill="#f3f0e4" stroke="#3d3830" stroke-width="8"' : "";
  out.push(`<g class="tower-sign" data-per="${tower.per}" data-points="${tower.points}">`
    + `<rect x="38" y="59" width="24" height="13" rx="4" fill="#f6efd9" stroke="#4c4740" stroke-width="1.2"/>`
    + `<text x="45" y="69" text-anchor="middle" font-size="10" font-weight="700" fill="#3d3830">${tower.points}</text>`
    + `${use(symbol, 55.5, 65.5, 9, 9, fill)}</g>`);
  return out.join("");
}

/** A small standalone <svg> of a tile turned by `rotation`. */
export function miniTile(id, rotation = 0, size = 48, extra = "") {
  const wonder = wonderData(id);
  if (wonder) return miniWonder(id, wonder, rotation, size, extra);
  return `<svg class="mini-tile" viewBox="0 0 100 100" width="${size}" height="${size}" data-tile="${id}"${extra}>`
    + `<g transform="rotate(${rotation} 50 50)">${tileMarkup(id)}</g></svg>`;
}

/** A small standalone icon from the shared symbols (crown, icon-city...). */
export function icon(name, size = 16, title = "") {
  return `<svg class="icon icon-${name}" viewBox="0 0 20 20" width="${size}" height="${size}" role="img"${title ? ` aria-label="${title}"` : ""}>`
    + `${title ? `<title>${title}</title>` : ""}<use href="#${name}" width="20" height="20"/></svg>`;
}

