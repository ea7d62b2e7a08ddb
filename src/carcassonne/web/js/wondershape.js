// The shape of a wonder piece (The Wonders of Humanity), from the
// catalogue's data alone: its cities, roads, monument ground and fields, and
// where a figure on each of them stands. Nothing here knows a particular
// wonder: any footprint of squares, any features on them.
//
// Everything is in "piece units", unrotated: the anchor square "0,0" covers
// x 0..1 and y 0..1, square "dx,dy" covers dx..dx+1 and dy..dy+1 (y south).
//
// - A city lying on one square has a tile's city shape (cap, corner,
//   band...). A city over several squares follows the piece's outer edge as
//   a band, rounded where it ends, so its parts read as one city.
// - A road runs from each of its outer sides to the centre of its square and
//   on from centre to centre through the other squares it covers; a road
//   that stops on a square next to the monument runs on into it, one that
//   stops on open land ends at a small house.
// - The monument squares hold the wonder itself: neutral ground, inset from
//   the outer sides so that the land around it stays visible (up to a city's
//   wall, so no land lies between), and running on across the sides shared
//   inside the piece.
// - Fields are what is left. As for tiles, a fine grid finds where each
//   field's figure stands: cities, roads and the monument are blocked out
//   and every free cell goes to the field whose half-sides are nearest.

import {
  insidePolygon,
  ROAD_HALF_WIDTH,
  SIDES,
  spread,
  tileGeometry,
  unrotateLocation,
} from "./geometry.js";


const CORNERS = { N: [0, 0], E: [1, 0], S: [1, 1], W: [0, 1] }; // start corner of each side, clockwise
const MIDDLE = { N: [0.5, 0], E: [1, 0.5], S: [0.5, 1], W: [0, 0.5] };
const INWARD = { N: [0, 1], E: [-1, 0], S: [0, -1], W: [1, 0] };
const STEP = { N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0] };
/** How deep a city band reaches into its squares. */
const BAND = 0.28;
/** How far the monument stays from an outer side: up to a city's wall (no land between), or from open land. */
const CITY_CLEARANCE = BAND - 0.04;
const LAND_CLEARANCE = 0.3;
const GRID = 20;

export const add = (p, q, k = 1) => [p[0] + q[0] * k, p[1] + q[1] * k];
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
      // a road that stops next to the monument runs into it; on open land it ends at a house
      const sq = byKey.get(keys[0]);
      if (keys.length === 1 && locs.length === 1 && !sq.monument && !inCity(centre(keys[0]))) {
        const side = SIDES.find((s) => neighbour(sq, s)?.monument);
        if (side) lines.push([centre(keys[0]), add([sq.dx, sq.dy], MIDDLE[side])]);
        else ends.push(centre(keys[0]));
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
  spread(owner, queue, cols, rows);
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
