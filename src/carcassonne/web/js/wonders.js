// Wonder pieces (The Wonders of Humanity): shapes, figure spots and SVG,
// from the catalogue's data alone (`catalogue.wonders`, the notation of
// tiles/README.md "Wonders"). Nothing here knows a particular wonder: any
// footprint of squares, any features on them, any rotation.
//
// A piece is drawn unrotated in "piece units": its anchor square "0,0" covers
// x 0..1 and y 0..1, square "dx,dy" covers dx..dx+1 and dy..dy+1 (y south).
// On the board the piece is turned clockwise about the centre of its anchor
// square, like a tile about its own centre, so a board square of the piece is
// the anchor plus the turned offset (r=90: (dx, dy) -> (-dy, dx)).
//
// - A city lying on one square is drawn exactly like a tile's city. A city
//   over several squares follows the piece's outer edge as a band, rounded
//   where it ends, so the parts on different squares read as one city.
// - A road runs from each of its outer sides to the centre of its square and
//   on from centre to centre through the other squares it covers; a road
//   that stops on a square of open land ends at a small house.
// - The monument squares show the wonder itself: neutral paved ground, inset
//   from the outer sides so that the land around it (and the figures on that
//   land) stays visible, and running on across the sides shared inside the
//   piece. Roads that reach it disappear under it.
// - Fields are what is left. As for tiles, a fine grid finds where each
//   field's figure stands: cities, roads and the monument are blocked out
//   and every free cell goes to the field whose half-sides are nearest.

import { insidePolygon, ROAD_HALF_WIDTH, rotatePoint, SIDES, tileGeometry, unrotateLocation } from "./geometry.js";

const CORNERS = { N: [0, 0], E: [1, 0], S: [1, 1], W: [0, 1] }; // start corner of each side, clockwise
const MIDDLE = { N: [0.5, 0], E: [1, 0.5], S: [0.5, 1], W: [0, 0.5] };
const INWARD = { N: [0, 1], E: [-1, 0], S: [0, -1], W: [1, 0] };
const STEP = { N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0] };
/** How deep a city band reaches into its squares. */
const BAND = 0.28;
/** How far the monument stays from an outer side: beyond a city, or from open land. */
const CITY_CLEARANCE = BAND + 0.08;
const LAND_CLEARANCE = 0.3;
const GRID = 20;

const add = (p, q, k = 1) => [p[0] + q[0] * k, p[1] + q[1] * k];
const ptKey = (p) => `${Math.round(p[0] * 1000)},${Math.round(p[1] * 1000)}`;

/** "dx,dy" -> [dx, dy]. */
export function parseOffset(key) {
  const [dx, dy] = key.split(",").map(Number);
  return [dx, dy];
}

/** "dx,dy:LOC" -> {key, loc}. */
function parseLoc(text) {
  const i = text.lastIndexOf(":");
  return { key: text.slice(0, i), loc: text.slice(i + 1) };
}

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

// --- the shape ------------------------------------------------------------

const cache = new Map();

/**
 * The geometry of one wonder piece (unrotated, piece units), computed once:
 * {squares: [{key, dx, dy, monument}], outline (SVG path data, 100 a unit),
 *  cities, roads, fields: [{data, spot, spots: {squareKey: point}, ...}],
 *  ground: [{x0, y0, x1, y1}], label: {centre, length, thick, vertical},
 *  houses: [[x, y]]}.
 */
export function wonderShape(id, data) {
  if (cache.has(id)) return cache.get(id);
  const shape = build(id, data);
  cache.set(id, shape);
  return shape;
}

function build(id, data) {
  const squares = Object.keys(data.squares).map((key) => {
    const [dx, dy] = parseOffset(key);
    return { key, dx, dy, monument: (data.monument || []).includes(key) };
  });
  const byKey = new Map(squares.map((s) => [s.key, s]));
  const neighbour = (sq, side) => byKey.get(`${sq.dx + STEP[side][0]},${sq.dy + STEP[side][1]}`);
  const isOuter = (sq, side) => !neighbour(sq, side);
  const cityAt = new Set((data.cities || []).flatMap((c) => c.at));

  const cities = buildCities(id, data, byKey);
  const roads = buildRoads(data, byKey, neighbour, cities);
  const ground = squares.filter((s) => s.monument).map((sq) => {
    const inset = (side) => {
      if (!isOuter(sq, side)) return 0;
      return cityAt.has(`${sq.key}:${side}`) ? CITY_CLEARANCE : LAND_CLEARANCE;
    };
    return { key: sq.key, x0: sq.dx + inset("W"), y0: sq.dy + inset("N"), x1: sq.dx + 1 - inset("E"), y1: sq.dy + 1 - inset("S") };
  });
  const houses = [];
  for (const road of roads) {
    for (const h of road.ends) if (!houses.some((q) => Math.hypot(q[0] - h[0], q[1] - h[1]) < 0.01)) houses.push(h);
  }
  const fields = (data.fields || []).map((seg) => ({ data: seg, spots: {}, spot: null }));
  placeSpots({ squares, byKey, cities, roads, fields, ground, houses });
  // the outer edge of the piece, for its frame
  const outline = squares.flatMap((sq) => SIDES.filter((s) => isOuter(sq, s)).map((s) => {
    const a = add([sq.dx, sq.dy], CORNERS[s]);
    const b = add([sq.dx, sq.dy], CORNERS[SIDES[(SIDES.indexOf(s) + 1) % 4]]);
    return `M${a[0] * 100} ${a[1] * 100}L${b[0] * 100} ${b[1] * 100}`;
  })).join("");
  const inner = squares.flatMap((sq) => ["E", "S"].filter((s) => !isOuter(sq, s)).map((s) => {
    const a = add([sq.dx, sq.dy], CORNERS[s]);
    const b = add([sq.dx, sq.dy], CORNERS[SIDES[(SIDES.indexOf(s) + 1) % 4]]);
    return `M${a[0] * 100} ${a[1] * 100}L${b[0] * 100} ${b[1] * 100}`;
  })).join("");
  return { id, squares, cities, roads, fields, ground, houses, outline, inner, label: labelPlace(ground) };
}

// --- cities ---------------------------------------------------------------

/** The outer sides of a segment as directed edges along the piece's edge (clockwise). */
function outerEdges(locs, byKey) {
  return locs.filter(({ loc }) => SIDES.includes(loc)).map(({ key, loc }) => {
    const sq = byKey.get(key);
    const base = [sq.dx, sq.dy];
    const next = SIDES[(SIDES.indexOf(loc) + 1) % 4];
    return { key, side: loc, a: add(base, CORNERS[loc]), b: add(base, CORNERS[next]), n: INWARD[loc] };
  });
}

/** Runs of edges that follow one another along the edge of the piece. */
function chains(edges) {
  const startAt = new Map(edges.map((e) => [ptKey(e.a), e]));
  const ends = new Set(edges.map((e) => ptKey(e.b)));
  const used = new Set();
  const out = [];
  for (const head of [...edges.filter((e) => !ends.has(ptKey(e.a))), ...edges]) {
    if (used.has(head)) continue;
    const chain = [];
    for (let e = head; e && !used.has(e); e = startAt.get(ptKey(e.b))) {
      used.add(e);
      chain.push(e);
    }
    out.push(chain);
  }
  return out;
}

/** A city band along a chain of edges: its fill and its wall, as path data and a polygon. */
function band(chain) {
  const first = chain[0];
  const last = chain[chain.length - 1];
  const mid = (e) => [(e.a[0] + e.b[0]) / 2, (e.a[1] + e.b[1]) / 2];
  // the wall: steps from the chain's start to its end, inside the piece
  const steps = [];
  if (chain.length === 1) {
    steps.push({ from: first.a, control: add(mid(first), first.n, 0.6), to: first.b });
  } else {
    let at = add(mid(first), first.n, BAND);
    steps.push({ from: first.a, control: add(first.a, first.n, BAND), to: at });
    for (let i = 0; i + 1 < chain.length; i += 1) {
      const e = chain[i];
      const f = chain[i + 1];
      if (e.n[0] !== f.n[0] || e.n[1] !== f.n[1]) {
        const corner = add(add(e.b, e.n, BAND), f.n, BAND);
        steps.push({ from: at, to: corner });
        at = corner;
      }
    }
    const end = add(mid(last), last.n, BAND);
    steps.push({ from: at, to: end });
    steps.push({ from: end, control: add(last.b, last.n, BAND), to: last.b });
  }
  const f = (p) => `${+(p[0] * 100).toFixed(2)} ${+(p[1] * 100).toFixed(2)}`;
  const stepData = (s) => (s.control ? `Q${f(s.control)} ${f(s.to)}` : `L${f(s.to)}`);
  const wall = `M${f(steps[0].from)} ${steps.map(stepData).join(" ")}`;
  const back = [...steps].reverse().map((s) => ({ from: s.to, control: s.control, to: s.from }));
  const edge = chain.map((e) => `L${f(e.b)}`).join(" ");
  const path = `M${f(first.a)} ${edge} ${back.map(stepData).join(" ")} Z`;
  const polygon = [first.a, ...chain.map((e) => e.b)];
  for (const s of back) {
    if (!s.control) {
      polygon.push(s.to);
      continue;
    }
    for (let k = 1; k <= 12; k += 1) {
      const t = k / 12;
      const u = 1 - t;
      polygon.push([u * u * s.from[0] + 2 * u * t * s.control[0] + t * t * s.to[0],
        u * u * s.from[1] + 2 * u * t * s.control[1] + t * t * s.to[1]]);
    }
  }
  return { path, wall, polygon };
}

function buildCities(id, data, byKey) {
  return (data.cities || []).map((seg, index) => {
    const locs = seg.at.map(parseLoc);
    const keys = [...new Set([...(seg.squares || []), ...locs.map((l) => l.key)])];
    const parts = [];
    if (keys.length === 1) {
      // a city on one square is drawn like a tile's (cap, corner, band...)
      const key = keys[0];
      const sq = byKey.get(key);
      const own = (data.cities || []).filter((c) => c.at.every((a) => parseLoc(a).key === key) && (c.squares || [key]).length <= 1);
      const local = { cities: own.map((c) => ({ at: c.at.map((a) => parseLoc(a).loc) })) };
      const geo = tileGeometry(`${id}#${key}`, local);
      const mine = geo.cities[own.indexOf(seg)];
      parts.push({ path: mine.path, wall: mine.wall, polygon: mine.polygon.map((p) => [p[0] + sq.dx, p[1] + sq.dy]),
        shift: [sq.dx * 100, sq.dy * 100] });
    } else {
      for (const chain of chains(outerEdges(locs, byKey))) parts.push({ ...band(chain), shift: [0, 0] });
    }
    return { data: seg, index, keys, parts, polygons: parts.map((p) => p.polygon), spots: {}, spot: null };
  });
}

// --- roads ----------------------------------------------------------------

function buildRoads(data, byKey, neighbour, cities) {
  const inCity = (p) => cities.some((c) => c.polygons.some((poly) => insidePolygon(p, poly)));
  return (data.roads || []).map((seg) => {
    const locs = seg.at.map(parseLoc).filter(({ loc }) => SIDES.includes(loc));
    const keys = [...new Set([...locs.map((l) => l.key), ...(seg.squares || [])])];
    const centre = (key) => add([byKey.get(key).dx, byKey.get(key).dy], [0.5, 0.5]);
    const lines = []; // each a list of points (piece units)
    const sidesOn = (key) => locs.filter((l) => l.key === key).map((l) => l.loc);
    const spots = {};
    const ends = [];
    if (keys.length === 1 && sidesOn(keys[0]).length === 2 && !byKey.get(keys[0]).monument) {
      // two sides of one square: a bend or a straight road, like a tile's
      const sq = byKey.get(keys[0]);
      const [a, b] = sidesOn(keys[0]);
      const base = [sq.dx, sq.dy];
      const opposite = (SIDES.indexOf(a) + 2) % 4 === SIDES.indexOf(b);
      const from = add(base, MIDDLE[a]);
      const to = add(base, MIDDLE[b]);
      const pts = [];
      for (let k = 0; k <= 16; k += 1) {
        const t = k / 16;
        const u = 1 - t;
        const c = opposite ? [(from[0] + to[0]) / 2, (from[1] + to[1]) / 2] : centre(keys[0]);
        pts.push([u * u * from[0] + 2 * u * t * c[0] + t * t * to[0], u * u * from[1] + 2 * u * t * c[1] + t * t * to[1]]);
      }
      lines.push(pts);
      spots[keys[0]] = pts[8];
    } else {
      for (const { key, loc } of locs) {
        const sq = byKey.get(key);
        const m = add([sq.dx, sq.dy], MIDDLE[loc]);
        lines.push([m, centre(key)]);
        spots[key] = spots[key] || add(m, INWARD[loc], sq.monument ? 0.15 : 0.3);
      }
      // on from square to square, through the squares the road covers
      const seen = new Set([keys[0]]);
      const queue = [keys[0]];
      while (queue.length) {
        const key = queue.shift();
        const sq = byKey.get(key);
        for (const side of SIDES) {
          const n = neighbour(sq, side);
          if (!n || seen.has(n.key) || !keys.includes(n.key)) continue;
          seen.add(n.key);
          queue.push(n.key);
          lines.push([centre(key), centre(n.key)]);
        }
      }
      // a road that stops on open land ends at a house
      if (keys.length === 1 && locs.length === 1 && !byKey.get(keys[0]).monument && !inCity(centre(keys[0]))) {
        ends.push(centre(keys[0]));
      }
    }
    const f = (p) => `${+(p[0] * 100).toFixed(2)} ${+(p[1] * 100).toFixed(2)}`;
    const path = lines.map((pts) => `M${pts.map(f).join(" L")}`).join(" ");
    const first = Object.values(spots)[0] || centre(keys[0]);
    return { data: seg, keys, lines, path, spots, spot: first, ends };
  });
}

function distanceToSegment(p, a, b) {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len = dx * dx + dy * dy;
  let t = len ? ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len : 0;
  t = Math.max(0, Math.min(1, t));
  return Math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy);
}

function nearRoad(p, road, width) {
  return road.lines.some((pts) => pts.some((q, i) => i > 0 && distanceToSegment(p, pts[i - 1], q) < width));
}

// --- figure spots ---------------------------------------------------------

/** The cells along half-side `half` of square (dx, dy): [[col, row]] of the piece grid. */
function halfCells(dx, dy, half, box) {
  const out = [];
  const c0 = (dx - box.minX) * GRID;
  const r0 = (dy - box.minY) * GRID;
  const far = GRID - 1;
  for (let k = 0; k < GRID / 2; k += 1) {
    const h = GRID / 2 + k;
    const cells = { NL: [k, 0], NR: [h, 0], EL: [far, k], ER: [far, h], SL: [far - k, far], SR: [GRID / 2 - 1 - k, far],
      WL: [0, far - k], WR: [0, GRID / 2 - 1 - k] };
    const cell = cells[half];
    if (cell) out.push([c0 + cell[0], r0 + cell[1]]);
  }
  return out;
}

/** Label a grid over the piece and pick a spot for every city and field (per square). */
function placeSpots({ squares, byKey, cities, roads, fields, ground, houses }) {
  const box = { minX: Math.min(...squares.map((s) => s.dx)), minY: Math.min(...squares.map((s) => s.dy)),
    maxX: Math.max(...squares.map((s) => s.dx)) + 1, maxY: Math.max(...squares.map((s) => s.dy)) + 1 };
  const cols = (box.maxX - box.minX) * GRID;
  const rows = (box.maxY - box.minY) * GRID;
  const point = (c, r) => [box.minX + (c + 0.5) / GRID, box.minY + (r + 0.5) / GRID];
  const squareOf = (c, r) => `${box.minX + Math.floor(c / GRID)},${box.minY + Math.floor(r / GRID)}`;
  const owner = new Array(cols * rows).fill("out");
  for (let r = 0; r < rows; r += 1) {
    for (let c = 0; c < cols; c += 1) {
      if (!byKey.has(squareOf(c, r))) continue;
      const p = point(c, r);
      let o = "free";
      const city = cities.findIndex((ci) => ci.polygons.some((poly) => insidePolygon(p, poly)));
      if (city >= 0) o = `c${city}`;
      else if (ground.some((g) => p[0] > g.x0 && p[0] < g.x1 && p[1] > g.y0 && p[1] < g.y1)) o = "m";
      else if (houses.some((h) => Math.abs(p[0] - h[0]) < 0.1 && Math.abs(p[1] - h[1]) < 0.1)
        || roads.some((rd) => nearRoad(p, rd, ROAD_HALF_WIDTH + 0.03))) o = "x";
      owner[r * cols + c] = o;
    }
  }
  // fields: spread from their half-sides over the free cells
  const queue = [];
  fields.forEach((field, i) => {
    for (const text of field.data.at) {
      const { key, loc } = parseLoc(text);
      const sq = byKey.get(key);
      if (!sq || loc === "inner") continue;
      for (const [c, r] of halfCells(sq.dx, sq.dy, loc, box)) {
        const k = r * cols + c;
        if (owner[k] === "free") {
          owner[k] = `f${i}`;
          queue.push(k);
        }
      }
    }
  });
  for (let q = 0; q < queue.length; q += 1) {
    const k = queue[q];
    const r = Math.floor(k / cols);
    const c = k % cols;
    for (const [dc, dr] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
      const cc = c + dc;
      const rr = r + dr;
      if (cc < 0 || rr < 0 || cc >= cols || rr >= rows) continue;
      const n = rr * cols + cc;
      if (owner[n] === "free") {
        owner[n] = owner[k];
        queue.push(n);
      }
    }
  }
  const best = (label) => {
    // distance (in cells) from each cell of `label` to the nearest other cell
    const dist = new Array(cols * rows).fill(Infinity);
    const todo = [];
    owner.forEach((o, k) => {
      if (o !== label) {
        dist[k] = 0;
        todo.push(k);
      }
    });
    for (let q = 0; q < todo.length; q += 1) {
      const k = todo[q];
      const r = Math.floor(k / cols);
      const c = k % cols;
      for (const [dc, dr] of [[1, 0], [-1, 0], [0, 1], [0, -1], [1, 1], [1, -1], [-1, 1], [-1, -1]]) {
        const cc = c + dc;
        const rr = r + dr;
        if (cc < 0 || rr < 0 || cc >= cols || rr >= rows) continue;
        const n = rr * cols + cc;
        if (dist[n] > dist[k] + 1) {
          dist[n] = dist[k] + 1;
          todo.push(n);
        }
      }
    }
    const perSquare = {};
    let overall = null;
    owner.forEach((o, k) => {
      if (o !== label) return;
      const r = Math.floor(k / cols);
      const c = k % cols;
      // border cells of the grid are next to the piece's edge
      const edge = Math.min(c + 1, r + 1, cols - c, rows - r);
      const p = point(c, r);
      const key = squareOf(c, r);
      const sq = byKey.get(key);
      const centre = [sq.dx + 0.5, sq.dy + 0.5];
      const score = Math.min(dist[k], edge) - 0.05 * Math.hypot(p[0] - centre[0], p[1] - centre[1]);
      if (!perSquare[key] || score > perSquare[key].score) perSquare[key] = { score, p };
      if (!overall || score > overall.score) overall = { score, p };
    });
    return { perSquare, overall };
  };
  cities.forEach((city, i) => {
    const { perSquare, overall } = best(`c${i}`);
    city.spots = Object.fromEntries(Object.entries(perSquare).map(([k, v]) => [k, v.p]));
    city.spot = overall?.p || [0.5, 0.5];
  });
  fields.forEach((field, i) => {
    const { perSquare, overall } = best(`f${i}`);
    field.spots = Object.fromEntries(Object.entries(perSquare).map(([k, v]) => [k, v.p]));
    const first = parseLoc(field.data.at[0]);
    const sq = byKey.get(first.key);
    field.spot = overall?.p || (sq ? [sq.dx + 0.5, sq.dy + 0.5] : [0.5, 0.5]);
  });
}

// --- where the monument's name goes -----------------------------------------

/** The longest straight run of monument ground, for the wonder's name. */
function labelPlace(ground) {
  if (!ground.length) return null;
  let bestRun = null;
  for (const vertical of [false, true]) {
    for (const start of ground) {
      // grow a run from `start` along x (or y) while the next square has ground too
      let run = [start];
      for (;;) {
        const lastG = run[run.length - 1];
        const [dx, dy] = parseOffset(lastG.key);
        const nextKey = vertical ? `${dx},${dy + 1}` : `${dx + 1},${dy}`;
        const next = ground.find((g) => g.key === nextKey);
        if (!next) break;
        run = [...run, next];
      }
      const a = vertical ? Math.max(...run.map((g) => g.x0)) : Math.max(...run.map((g) => g.y0));
      const b = vertical ? Math.min(...run.map((g) => g.x1)) : Math.min(...run.map((g) => g.y1));
      const from = vertical ? run[0].y0 : run[0].x0;
      const to = vertical ? run[run.length - 1].y1 : run[run.length - 1].x1;
      const thick = b - a;
      const length = to - from;
      if (thick <= 0) continue;
      const area = Math.min(thick, 0.5) * length;
      if (!bestRun || area > bestRun.area + 1e-9) {
        const centre = vertical ? [(a + b) / 2, (from + to) / 2] : [(from + to) / 2, (a + b) / 2];
        bestRun = { area, centre, length, thick, vertical };
      }
    }
  }
  return bestRun;
}

// --- where a figure stands --------------------------------------------------

/** The segment of `feature` that location `loc` of square `key` names (all unrotated). */
function segmentAt(shape, key, feature, loc) {
  const list = feature === "city" ? shape.cities : feature === "road" ? shape.roads : feature === "field" ? shape.fields : [];
  const name = `${key}:${loc}`;
  return list.find((s) => s.data.at.includes(name))
    || list.find((s) => s.data.at.some((a) => parseLoc(a).key === key))
    || list.find((s) => (s.data.squares || []).includes(key))
    || null;
}

/**
 * Where a figure on a placed wonder stands, in piece units (unrotated):
 * `square` is the piece square ("dx,dy") of the figure's board square, and
 * `spot` the side or half-side as seen on the board (the piece turned by
 * `rotation`).
 */
export function wonderFigurePoint(shape, square, feature, spot, rotation) {
  const loc = spot ? unrotateLocation(spot, rotation) : null;
  const seg = segmentAt(shape, square, feature, loc);
  if (!seg) {
    const [dx, dy] = parseOffset(square);
    return [dx + 0.5, dy + 0.5];
  }
  return seg.spots[square] || seg.spot;
}

/** A name for the segment a figure names (the same for every square and side of it). */
export function wonderSegmentKey(shape, square, feature, spot, rotation) {
  const loc = spot ? unrotateLocation(spot, rotation) : null;
  const seg = segmentAt(shape, square, feature, loc);
  if (!seg) return `${feature}@${square}`;
  const list = feature === "city" ? shape.cities : feature === "road" ? shape.roads : shape.fields;
  return `${feature}#${list.indexOf(seg)}`;
}

// --- drawing ----------------------------------------------------------------

/**
 * SVG markup of a whole piece, unrotated (100 units a square, the anchor
 * square at 0..100). The name and the owner's marker are not part of it:
 * see wonderLabel(), which stays upright whatever the rotation.
 */
export function wonderMarkup(id, data) {
  const shape = wonderShape(id, data);
  const parts = [];
  for (const sq of shape.squares) {
    parts.push(`<rect x="${sq.dx * 100}" y="${sq.dy * 100}" width="100" height="100" fill="url(#grass)"/>`);
  }
  for (const road of shape.roads) {
    parts.push(`<path d="${road.path}" stroke="#6d5c3f" stroke-width="14" fill="none" stroke-linejoin="round"/>`);
    parts.push(`<path d="${road.path}" stroke="#efe5cb" stroke-width="10" fill="none" stroke-linejoin="round"/>`);
  }
  for (const [x, y] of shape.houses) parts.push(use("house", x * 100, y * 100, 20, 20));
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
      parts.push(use("shield", x * 100, y * 100, 14, 17));
    }
  }
  // the monument: outlined as one area (the strokes inside are painted over)
  for (const g of shape.ground) {
    parts.push(`<rect x="${g.x0 * 100}" y="${g.y0 * 100}" width="${(g.x1 - g.x0) * 100}" height="${(g.y1 - g.y0) * 100}" fill="none" stroke="#5e5544" stroke-width="5"/>`);
  }
  for (const g of shape.ground) {
    parts.push(`<rect class="monument-ground" x="${g.x0 * 100}" y="${g.y0 * 100}" width="${(g.x1 - g.x0) * 100}" height="${(g.y1 - g.y0) * 100}" fill="url(#paving)"/>`);
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

function escText(s) {
  return String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}

/**
 * The wonder's name on its monument, and the owner's marker beside it (a
 * standing figure in `colour`; none while not yet owned): upright SVG
 * markup relative to the anchor square's corner, for a piece turned by
 * `rotation`.
 */
export function wonderLabel(id, data, rotation, colour = null) {
  const shape = wonderShape(id, data);
  const place = shape.label;
  if (!place) return "";
  const [cx, cy] = rotatePoint(place.centre, rotation).map((v) => v * 100);
  const vertical = place.vertical !== (rotation % 180 === 90);
  const length = place.length * 100;
  const thick = place.thick * 100;
  const name = data.name || id;
  const beside = Boolean(colour) && length >= 150;
  const room = length - 12 - (beside ? 30 : 0);
  const size = Math.max(7, Math.min(14, thick * 0.42, room / (0.58 * Math.max(4, name.length))));
  const width = 0.58 * size * name.length;
  // the marker before the name, or above it where the ground is short
  const marker = beside ? [-(width + 28) / 2 + 11, 0] : [0, -Math.min(thick * 0.22, 20)];
  const textAt = beside ? [marker[0] + 17 + width / 2, 0] : [0, colour ? Math.min(thick * 0.26, 24) : 0];
  const text = `<text class="wonder-name" x="${textAt[0].toFixed(1)}" y="${textAt[1].toFixed(1)}" dy="0.35em" text-anchor="middle" font-size="${size.toFixed(1)}">${escText(name)}</text>`;
  const figure = colour
    ? `<g class="wonder-marker" data-testid="wonder-marker"><use href="#meeple" x="${(marker[0] - 11).toFixed(1)}" y="${(marker[1] - 11).toFixed(1)}" width="22" height="22" fill="${colour}" stroke="#1b1b1b" stroke-width="6"/></g>`
    : "";
  return `<g class="wonder-label" transform="translate(${cx.toFixed(1)} ${cy.toFixed(1)})${vertical ? " rotate(-90)" : ""}">${figure}${text}</g>`;
}

/** A small standalone <svg> of a whole piece turned by `rotation`, fitted into `size`. */
export function miniWonder(id, data, rotation = 0, size = 48, extra = "") {
  const box = turnedBox(data, rotation);
  const w = box.maxX - box.minX;
  const h = box.maxY - box.minY;
  return `<svg class="mini-tile mini-wonder" viewBox="${box.minX * 100 - 4} ${box.minY * 100 - 4} ${w * 100 + 8} ${h * 100 + 8}" width="${size}" height="${size}" data-tile="${escText(id)}"${extra}>`
    + `<g transform="rotate(${rotation} 50 50)">${wonderMarkup(id, data)}</g></svg>`;
}
