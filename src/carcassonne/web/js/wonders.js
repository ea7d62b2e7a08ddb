// Wonder pieces (The Wonders of Humanity) on the board and in the panels:
// where a piece lies, and its SVG, from the catalogue's data alone (the
// shapes are in wondershape.js).
//
// On the board a piece is turned clockwise about the centre of its anchor
// square, like a tile about its own centre: a board square of the piece is
// the anchor plus the turned offset (r=90: (dx, dy) -> (-dy, dx)). The
// piece is drawn whole in piece units (100 a square), the monument as paved
// ground; the wonder's name and its owner's marker stay upright on it.

import { figureMarkup } from "./figures.js";
import { insidePolygon, rotatePoint } from "./geometry.js";
import { playerColour, seatClass } from "./palette.js";
import { add, parseOffset, wonderShape } from "./wondershape.js";

export { parseOffset, wonderFigurePoint, wonderSegmentKey, wonderShape } from "./wondershape.js";

/** An offset turned clockwise by `rotation` (0, 90, 180, 270). */
export function rotateOffset([dx, dy], rotation) {
  switch (((rotation % 360) + 360) % 360) {
    case 90: return [-dy, dx];
    case 180: return [-dx, -dy];
    case 270: return [dy, -dx];
    default: return [dx, dy];
  }
}

/** The board squares a piece covers at anchor `at` turned by `rotation`: [{key, x, y}]. */
export function pieceSquares(data, at, rotation) {
  return Object.keys(data.squares).map((key) => {
    const [rx, ry] = rotateOffset(parseOffset(key), rotation);
    return { key, x: at[0] + rx, y: at[1] + ry };
  });
}

/** The piece square ("dx,dy") that lies on board square `square`, or null. */
export function squareKeyAt(data, at, rotation, square) {
  const [dx, dy] = rotateOffset([square[0] - at[0], square[1] - at[1]], 360 - rotation);
  const key = `${dx},${dy}`;
  return key in data.squares ? key : null;
}

/** A point in piece units, turned and put on the board: board units (100 a square). */
export function pieceToBoard(p, at, rotation) {
  // turning about the anchor's centre: rotatePoint turns about (0.5, 0.5)
  const [u, v] = rotatePoint(p, rotation);
  return [(at[0] + u) * 100, (at[1] + v) * 100];
}

/** The bounding box of the turned piece, in squares relative to the anchor. */
export function turnedBox(data, rotation) {
  const offs = Object.keys(data.squares).map((k) => rotateOffset(parseOffset(k), rotation));
  const xs = offs.map((o) => o[0]);
  const ys = offs.map((o) => o[1]);
  return { minX: Math.min(...xs), minY: Math.min(...ys), maxX: Math.max(...xs) + 1, maxY: Math.max(...ys) + 1 };
}

// --- drawing ----------------------------------------------------------------

/**
 * SVG markup of a whole piece, unrotated (100 units a square, the anchor
 * square at 0..100), for a caller that turns it by `rotation`: its houses
 * and coats of arms are turned back, to stand upright. The name and the
 * owner's marker are not part of it: see wonderLabel(), which stays upright
 * whatever the rotation.
 */
export function wonderMarkup(id, data, rotation = 0) {
  const shape = wonderShape(id, data);
  const parts = [];
  for (const sq of shape.squares) {
    parts.push(`<rect x="${sq.dx * 100}" y="${sq.dy * 100}" width="100" height="100" fill="url(#grass)"/>`);
  }
  for (const road of shape.roads) {
    parts.push(`<path d="${road.path}" stroke="#6d5c3f" stroke-width="14" fill="none" stroke-linejoin="round"/>`);
    parts.push(`<path d="${road.path}" stroke="#efe5cb" stroke-width="10" fill="none" stroke-linejoin="round"/>`);
  }
  for (const [x, y] of shape.houses) parts.push(uprightSymbol("road-end", x * 100, y * 100, rotation, use("house", 0, 0, 17, 17)));
  // the monument, under the cities' walls: outlined as one area (the strokes inside are painted over)
  for (const g of shape.ground) {
    parts.push(`<rect x="${g.x0 * 100}" y="${g.y0 * 100}" width="${(g.x1 - g.x0) * 100}" height="${(g.y1 - g.y0) * 100}" fill="none" stroke="#5e5544" stroke-width="5"/>`);
  }
  for (const g of shape.ground) {
    parts.push(`<rect class="monument-ground" x="${g.x0 * 100}" y="${g.y0 * 100}" width="${(g.x1 - g.x0) * 100}" height="${(g.y1 - g.y0) * 100}" fill="url(#paving)"/>`);
  }
  for (const city of shape.cities) {
    for (const part of city.parts) {
      const shift = part.shift[0] || part.shift[1] ? ` transform="translate(${part.shift[0]} ${part.shift[1]})"` : "";
      parts.push(`<g${shift}><path d="${part.path}" fill="url(#town)"/>`
        + (part.wall ? `<path d="${part.wall}" stroke="#6a4d2f" stroke-width="4.5" fill="none" stroke-linecap="round"/>`
          + `<path d="${part.wall}" stroke="#b99261" stroke-width="1.6" fill="none" stroke-dasharray="3 3"/>` : "")
        + "</g>");
    }
    if (city.data.shields) {
      const [x, y] = badgePoint(city);
      parts.push(uprightSymbol("badge", x * 100, y * 100, rotation, `<g class="sym-grow">${use("shield", 0, 0, 16, 20)}</g>`));
    }
  }
  parts.push(`<path d="${shape.inner}" stroke="rgba(40,30,10,0.28)" stroke-width="1" stroke-dasharray="4 5" fill="none"/>`);
  parts.push(`<path d="${shape.outline}" stroke="#3d2f1c" stroke-width="2.5" fill="none" stroke-linecap="square"/>`);
  return parts.join("");
}

function badgePoint(city) {
  // a little way from the figure's spot, still in the city
  const p = city.spot;
  for (const d of [[0.18, 0.1], [-0.18, 0.1], [0.1, -0.18], [-0.1, 0.18]]) {
    const q = add(p, d);
    if (city.polygons.some((poly) => insidePolygon(q, poly))) return q;
  }
  return p;
}

function use(symbol, cx, cy, w, h, extra = "") {
  return `<use href="#${symbol}" x="${(cx - w / 2).toFixed(1)}" y="${(cy - h / 2).toFixed(1)}" width="${w}" height="${h}"${extra}/>`;
}

/**
 * `inner` (drawn about (0, 0)) at (cx, cy) of a piece turned by `rotation`,
 * turned back about that point to stand upright (as tiles.js draws a tile's
 * symbols; a coat of arms in a .sym-grow group grows on a small board).
 */
function uprightSymbol(kind, cx, cy, rotation, inner) {
  const back = rotation % 360 ? ` rotate(${-rotation})` : "";
  return `<g class="sym" data-sym="${kind}" transform="translate(${cx.toFixed(1)} ${cy.toFixed(1)})${back}">${inner}</g>`;
}

function escText(s) {
  return String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}

/**
 * The wonder's name on its monument, and the owner's marker beside it (a
 * standing figure of seat `owner`, with its mark, or in a bare colour; none
 * while not yet owned): upright SVG markup relative to the anchor square's
 * corner, for a piece turned by `rotation`.
 */
export function wonderLabel(id, data, rotation, owner = null) {
  const seat = typeof owner === "number" ? owner : null;
  const colour = seat != null ? playerColour(seat) : owner;
  const shape = wonderShape(id, data);
  const place = shape.label;
  if (!place) return "";
  const [cx, cy] = rotatePoint(place.centre, rotation).map((v) => v * 100);
  // the name runs along the longer side of its ground, as the piece lies on the board
  const vertical = place.length > place.thick * 1.2 && place.vertical !== (rotation % 180 === 90);
  const length = place.length * 100;
  const thick = place.thick * 100;
  const name = data.name || id;
  const beside = Boolean(colour) && length >= 150;
  const room = length - 12 - (beside ? 36 : 0);
  const size = Math.max(7, Math.min(14, thick * 0.42, room / (0.64 * Math.max(4, name.length))));
  const width = 0.64 * size * name.length; // bold letters
  // the marker before the name, or above it where the ground is short
  const marker = beside ? [-(width + 34) / 2 + 14, 0] : [0, -Math.min(thick * 0.22, 20)];
  const textAt = beside ? [marker[0] + 20 + width / 2, 0] : [0, colour ? Math.min(thick * 0.26, 24) : 0];
  const text = `<text class="wonder-name" x="${textAt[0].toFixed(1)}" y="${textAt[1].toFixed(1)}" dy="0.35em" text-anchor="middle" font-size="${size.toFixed(1)}">${escText(name)}</text>`;
  // the marker stands upright on a light disc, whichever way the name runs
  const upright = vertical ? ` transform="rotate(90 ${marker[0].toFixed(1)} ${marker[1].toFixed(1)})"` : "";
  const figure = colour
    ? `<g class="wonder-marker${seat != null ? ` ${seatClass(seat)}` : ""}" data-testid="wonder-marker"${upright}>`
      + `<circle class="seat-ring" cx="${marker[0].toFixed(1)}" cy="${marker[1].toFixed(1)}" r="14" fill="#f6efd9" stroke="${colour}" stroke-width="3"/>`
      + `${figureMarkup(marker[0], marker[1], seat ?? colour, "city", 20)}</g>`
    : "";
  return `<g class="wonder-label" transform="translate(${cx.toFixed(1)} ${cy.toFixed(1)})${vertical ? " rotate(-90)" : ""}">${figure}${text}</g>`;
}

/**
 * A small standalone <svg> of a whole piece turned by `rotation`, fitted
 * into `size`. With `anchor`, the anchor square (the one put on the square
 * clicked) is marked.
 */
export function miniWonder(id, data, rotation = 0, size = 48, extra = "", anchor = false) {
  const box = turnedBox(data, rotation);
  const w = box.maxX - box.minX;
  const h = box.maxY - box.minY;
  return `<svg class="mini-tile mini-wonder" viewBox="${box.minX * 100 - 4} ${box.minY * 100 - 4} ${w * 100 + 8} ${h * 100 + 8}" width="${size}" height="${size}" data-tile="${escText(id)}"${extra}>`
    + `<g transform="rotate(${rotation} 50 50)">${wonderMarkup(id, data, rotation)}</g>`
    + `${anchor ? '<circle class="anchor-mark" cx="50" cy="50" r="17"/>' : ""}</svg>`;
}
