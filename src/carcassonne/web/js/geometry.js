// Tile geometry: shapes of cities and roads, and where figures stand.
//
// Everything here works on one unrotated tile in unit coordinates: x from 0
// (west) to 1 (east), y from 0 (north) to 1 (south), so the centre is
// (0.5, 0.5). A tile on the board is turned clockwise by its rotation; the
// helpers at the bottom turn locations and points to match.
//
// Shapes come from the tile data alone (catalogue entries: `cities`,
// `roads`, `fields`, `monastery`), so any tile of any set can be drawn:
// - a city segment is the region bounded by its own sides, closed by a curve
//   (the wall) across each run of sides it does not touch: one side gives a
//   cap, two neighbouring sides a corner, two opposite sides a band;
// - a road runs from the middle of each of its sides to the centre (a curve
//   for two neighbouring sides, a straight line for opposite ones);
// - fields are what is left; to find where a field figure stands, the tile is
//   cut into a small grid, cities and roads are blocked out, and every free
//   cell is given to the field whose border half-sides are nearest.
// - a river (The River) runs like a road, wider; it ends in a spring or a
//   lake in the middle of its tile. A road that crosses it does so by a
//   bridge (`bridge`: where, and the road's direction there).
// - a garden (The Abbot) lies in the field its data names, and a tile's
//   marker (The Princess & the Dragon: volcano, dragon symbol, magic portal)
//   in the middle when nothing is there, else deep in a field; each takes
//   its place before the field figures do, so that no farmer hides it.

export const SIDES = ["N", "E", "S", "W"];
export const HALVES = ["NL", "NR", "EL", "ER", "SL", "SR", "WL", "WR"];

const CORNERS = { N: [0, 0], E: [1, 0], S: [1, 1], W: [0, 1] }; // start corner, clockwise
const MIDDLE = { N: [0.5, 0], E: [1, 0.5], S: [0.5, 1], W: [0, 0.5] };
const INWARD = { N: [0, 1], E: [-1, 0], S: [0, -1], W: [1, 0] };
export const ROAD_HALF_WIDTH = 0.065;
export const RIVER_HALF_WIDTH = 0.09;
export const GRID = 20;

function endCorner(side) {
  return CORNERS[SIDES[(SIDES.indexOf(side) + 1) % 4]];
}

/** Where location `loc` (N, EL, inner...) lies after `rotation` degrees clockwise. */
export function rotateLocation(loc, rotation) {
  const q = ((rotation / 90) % 4 + 4) % 4;
  if (!loc || loc === "inner" || q === 0) return loc;
  const side = SIDES[(SIDES.indexOf(loc[0]) + q) % 4];
  return side + loc.slice(1);
}

/** The unrotated location that shows as `loc` on a tile turned by `rotation`. */
export function unrotateLocation(loc, rotation) {
  return rotateLocation(loc, 360 - (rotation % 360));
}

/** A unit-square point turned clockwise about the centre by `rotation`. */
export function rotatePoint([x, y], rotation) {
  switch (((rotation % 360) + 360) % 360) {
    case 90: return [1 - y, x];
    case 180: return [1 - x, 1 - y];
    case 270: return [y, 1 - x];
    default: return [x, y];
  }
}

function add(p, q, k = 1) {
  return [p[0] + q[0] * k, p[1] + q[1] * k];
}

// --- cities -------------------------------------------------------------

/**
 * The outline of one city segment: a list of path steps, each
 * {kind: "line" | "curve", to, control?}, starting at `start`.
 * `others` holds the sides of the tile's other city segments: a wall facing
 * another city bends deeper so that the field between them stays visible.
 */
function cityOutline(sides, others) {
  const inSeg = (s) => sides.includes(s);
  if (sides.length === 4) {
    return { start: [0, 0], steps: SIDES.map((s) => ({ kind: "line", to: endCorner(s), side: s })) };
  }
  let first = 0;
  while (!(inSeg(SIDES[first]) && !inSeg(SIDES[(first + 3) % 4]))) first += 1;
  const start = CORNERS[SIDES[first]];
  const steps = [];
  let i = 0;
  while (i < 4) {
    const side = SIDES[(first + i) % 4];
    if (inSeg(side)) {
      steps.push({ kind: "line", to: endCorner(side), side });
      i += 1;
      continue;
    }
    const run = [];
    while (i < 4 && !inSeg(SIDES[(first + i) % 4])) {
      run.push(SIDES[(first + i) % 4]);
      i += 1;
    }
    const from = CORNERS[run[0]];
    const to = endCorner(run[run.length - 1]);
    const crowded = run.some((s) => others.includes(s));
    let control;
    if (run.length === 1) {
      control = add(MIDDLE[run[0]], INWARD[run[0]], crowded ? 0.84 : 0.6);
    } else if (run.length === 3) {
      const own = sides[0];
      control = add(MIDDLE[own], INWARD[own], crowded ? 0.5 : 0.56);
    } else {
      // two neighbouring sides: the city holds the corner opposite the run's
      const between = endCorner(run[0]);
      const held = [from[0] + to[0] - between[0], from[1] + to[1] - between[1]];
      control = add([0.5, 0.5], [held[0] - 0.5, held[1] - 0.5], crowded ? 0.42 : 0.3);
    }
    steps.push({ kind: "curve", to, control });
  }
  return { start, steps };
}

function quad(p0, c, p1, t) {
  const u = 1 - t;
  return [u * u * p0[0] + 2 * u * t * c[0] + t * t * p1[0], u * u * p0[1] + 2 * u * t * c[1] + t * t * p1[1]];
}

function flatten(outline) {
  const pts = [outline.start];
  let at = outline.start;
  for (const step of outline.steps) {
    if (step.kind === "line") pts.push(step.to);
    else for (let k = 1; k <= 12; k += 1) pts.push(quad(at, step.control, step.to, k / 12));
    at = step.to;
  }
  return pts;
}

function pathData(outline, scale) {
  const f = (p) => `${+(p[0] * scale).toFixed(2)} ${+(p[1] * scale).toFixed(2)}`;
  let d = `M${f(outline.start)}`;
  for (const step of outline.steps) {
    d += step.kind === "line" ? ` L${f(step.to)}` : ` Q${f(step.control)} ${f(step.to)}`;
  }
  return `${d} Z`;
}

function wallData(outline, scale) {
  const f = (p) => `${+(p[0] * scale).toFixed(2)} ${+(p[1] * scale).toFixed(2)}`;
  let d = "";
  let at = outline.start;
  for (const step of outline.steps) {
    if (step.kind === "curve") d += `M${f(at)} Q${f(step.control)} ${f(step.to)} `;
    at = step.to;
  }
  return d.trim();
}

export function insidePolygon([x, y], poly) {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i, i += 1) {
    const [xi, yi] = poly[i];
    const [xj, yj] = poly[j];
    if ((yi > y) !== (yj > y) && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

// --- roads --------------------------------------------------------------

function roadShape(sides) {
  if (sides.length === 2) {
    const [a, b] = sides;
    const opposite = (SIDES.indexOf(a) + 2) % 4 === SIDES.indexOf(b);
    return opposite
      ? { from: MIDDLE[a], to: MIDDLE[b], control: null, ends: [] }
      : { from: MIDDLE[a], to: MIDDLE[b], control: [0.5, 0.5], ends: [] };
  }
  if (sides.length === 1) return { from: MIDDLE[sides[0]], to: [0.5, 0.5], control: null, ends: [[0.5, 0.5]] };
  return { spokes: sides.map((s) => MIDDLE[s]), ends: [] };
}

function roadPoints(shape) {
  if (shape.spokes) return shape.spokes.flatMap((m) => [m, [0.5, 0.5]]);
  const pts = [];
  for (let k = 0; k <= 16; k += 1) {
    const t = k / 16;
    pts.push(shape.control ? quad(shape.from, shape.control, shape.to, t)
      : [shape.from[0] + (shape.to[0] - shape.from[0]) * t, shape.from[1] + (shape.to[1] - shape.from[1]) * t]);
  }
  return pts;
}

function roadData(shape, scale) {
  const f = (p) => `${+(p[0] * scale).toFixed(2)} ${+(p[1] * scale).toFixed(2)}`;
  if (shape.spokes) return shape.spokes.map((m) => `M${f(m)} L${f([0.5, 0.5])}`).join(" ");
  return shape.control ? `M${f(shape.from)} Q${f(shape.control)} ${f(shape.to)}` : `M${f(shape.from)} L${f(shape.to)}`;
}

export function distanceToPolyline(p, pts) {
  let best = Infinity;
  for (let i = 1; i < pts.length; i += 1) {
    const a = pts[i - 1];
    const b = pts[i];
    const dx = b[0] - a[0];
    const dy = b[1] - a[1];
    const len = dx * dx + dy * dy;
    let t = len ? ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len : 0;
    t = Math.max(0, Math.min(1, t));
    best = Math.min(best, Math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy));
  }
  return best;
}

// --- the whole tile -----------------------------------------------------

const cache = new Map();

/**
 * Geometry of one tile type (unrotated), computed once:
 * {cities: [{sides, path, wall, polygon, spot, badge, shields, data}],
 *  roads: [{sides, path, points, spot, data, inn}], fields: [{at, spot}],
 *  monastery: bool, junction: [x, y] | null, tower: bool}.
 * `path`/`wall` are SVG path data for a tile of size `scale`.
 */
export function tileGeometry(id, data, scale = 100) {
  const key = `${id}@${scale}`;
  if (cache.has(key)) return cache.get(key);
  const geo = build(data, scale);
  cache.set(key, geo);
  return geo;
}

function build(data, scale) {
  const citySegs = data.cities || [];
  const cities = citySegs.map((seg) => {
    const others = citySegs.filter((o) => o !== seg).flatMap((o) => o.at);
    const outline = cityOutline(seg.at, others);
    return { sides: seg.at, data: seg, outline, polygon: flatten(outline),
      path: pathData(outline, scale), wall: wallData(outline, scale) };
  });
  const inCity = (p) => cities.some((c) => insidePolygon(p, c.polygon));
  const monastery = Boolean(data.monastery);
  const tower = Boolean(data.watchtower);
  const rivers = (data.river || []).map((seg) => {
    const shape = roadShape(seg.at);
    return { sides: seg.at, shape, points: roadPoints(shape), path: roadData(shape, scale) };
  });
  // a spring or a lake where the river ends, in the middle of the tile
  const source = data.spring ? "spring" : data.lake ? "lake" : null;
  // a river through the middle: a road ending on this tile stops at its bank
  // (RIVER-FEAT-3), and a monastery stands on one bank
  const riverMid = rivers.some((rv) => distanceToPolyline([0.5, 0.5], rv.points) < 0.1);
  const roads = (data.roads || []).map((seg) => {
    let shape = roadShape(seg.at);
    if (riverMid && seg.at.length === 1) {
      const side = seg.at[0];
      shape = { from: MIDDLE[side], to: add(MIDDLE[side], INWARD[side], 0.5 - RIVER_HALF_WIDTH - 0.015), control: null, ends: [] };
    }
    return { sides: seg.at, data: seg, shape, points: roadPoints(shape), path: roadData(shape, scale) };
  });
  const monasteryAt = monastery && riverMid ? bankPoint(rivers, roads) : [0.5, 0.5];
  const loose = roads.filter((r) => r.sides.length === 1).length;
  const centreFree = !monastery && !tower && !source && !riverMid && !inCity([0.5, 0.5]);
  const junction = loose > 0 && centreFree ? [0.5, 0.5] : null;
  const blockers = [];
  if (monastery) blockers.push({ centre: monasteryAt, half: riverMid ? 0.16 : 0.2 });
  if (tower) blockers.push({ centre: [0.5, 0.47], half: 0.15 }, { centre: [0.5, 0.655], half: 0.12 }); // the tower and its sign
  if (junction) blockers.push({ centre: junction, half: 0.1 });
  if (source) blockers.push({ centre: [0.5, 0.5], half: source === "lake" ? 0.24 : 0.15 });
  const inBlocker = (p) => blockers.some((b) => Math.abs(p[0] - b.centre[0]) < b.half && Math.abs(p[1] - b.centre[1]) < b.half);

  for (const road of roads) {
    // the visible middle of the road, away from any road or river crossing it (a bridge)
    const visible = road.points.filter((p) => !inCity(p) && !inBlocker(p));
    const pts = visible.length ? visible : road.points;
    const others = [...roads.filter((r) => r !== road), ...rivers];
    const clear = pts.filter((p) => others.every((r) => distanceToPolyline(p, r.points) > 0.18));
    const pool = clear.length ? clear : pts;
    const middle = road.sides.length === 1 ? 0.45 : 0.5;
    road.spot = pool[Math.min(pool.length - 1, Math.floor((pool.length - 1) * middle + 0.5))];
  }

  // the grid: which cells are free field, and which city owns the others
  const cell = (i) => (i + 0.5) / GRID;
  const owner = [];
  for (let r = 0; r < GRID; r += 1) {
    for (let c = 0; c < GRID; c += 1) {
      const p = [cell(c), cell(r)];
      let o = "free";
      const city = cities.findIndex((ci) => insidePolygon(p, ci.polygon));
      if (city >= 0) o = `c${city}`;
      else if (inBlocker(p) || roads.some((rd) => distanceToPolyline(p, rd.points) < ROAD_HALF_WIDTH + 0.03)
        || rivers.some((rv) => distanceToPolyline(p, rv.points) < RIVER_HALF_WIDTH + 0.03)) o = "x";
      owner.push(o);
    }
  }
  const fields = (data.fields || []).map((seg) => ({ at: seg.at, data: seg }));
  labelFields(owner, fields);
  // the garden in its field, then the tile's marker: each blocks its cells
  let garden = null;
  if (data.garden) {
    const where = data.garden_field || "inner";
    const i = Math.max(0, fields.findIndex((f) => f.at.includes(where)));
    garden = bestCells(owner, `f${i}`, 1)[0] || fallbackFieldSpot([where]);
    block(owner, garden, 0.14);
  }
  const markerKind = ["volcano", "dragon", "portal"].find((k) => data[k]) || null;
  let marker = null;
  if (markerKind) {
    if (monastery) block(owner, monasteryAt, 0.27); // the cloister is drawn wider than it blocks
    const busy = (p) => inCity(p) || inBlocker(p) || [...roads, ...rivers].some((r) => distanceToPolyline(p, r.points) < 0.2)
      || (garden && Math.hypot(p[0] - garden[0], p[1] - garden[1]) < 0.3);
    marker = busy([0.5, 0.5]) ? deepestField(owner, fields) || [0.5, 0.5] : [0.5, 0.5];
    block(owner, marker, markerKind === "volcano" ? 0.17 : 0.14);
  }
  cities.forEach((city, i) => {
    const spots = bestCells(owner, `c${i}`, 2);
    city.spot = spots[0] || [0.5, 0.5];
    city.badge = spots[1] || add(city.spot, [0.16, 0.1]);
  });
  fields.forEach((field, i) => {
    field.spot = bestCells(owner, `f${i}`, 1)[0] || fallbackFieldSpot(field.at);
  });
  // `grid`: the owner of each cell of a GRID x GRID cut (row by row): "c<i>"
  // city i, "f<i>" field i, "x" a road or building (feature highlights read it)
  return { cities, roads, fields, monastery, monasteryAt, tower, junction, grid: owner, rivers, source,
    bridge: bridgeOf(roads, rivers), garden, marker, markerKind };
}

/** Where a monastery stands beside a river through the middle: the point of four farthest from water and roads. */
function bankPoint(rivers, roads) {
  const room = (p) => Math.min(...[...rivers, ...roads].map((r) => distanceToPolyline(p, r.points)));
  return [[0.5, 0.27], [0.73, 0.5], [0.5, 0.73], [0.27, 0.5]].reduce((best, p) => (room(p) > room(best) + 1e-9 ? p : best));
}

/** Where a road crosses a river, and the road's direction there: {at, along}, or null. */
function bridgeOf(roads, rivers) {
  for (const road of roads) {
    for (const river of rivers) {
      const i = road.points.findIndex((p) => distanceToPolyline(p, river.points) < 0.02);
      if (i < 0) continue;
      const a = road.points[Math.max(0, i - 1)];
      const b = road.points[Math.min(road.points.length - 1, i + 1)];
      const len = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
      return { at: road.points[i], along: [(b[0] - a[0]) / len, (b[1] - a[1]) / len] };
    }
  }
  return null;
}

/** Take the field cells within `half` of `p` (each way) out of the fields: something stands there. */
function block(owner, p, half) {
  owner.forEach((o, k) => {
    const q = [cell(k % GRID), cell(Math.floor(k / GRID))];
    if (o.startsWith("f") && Math.abs(q[0] - p[0]) < half && Math.abs(q[1] - p[1]) < half) owner[k] = "x";
  });
}

/** The deepest cell of any field (the field with most room), or null. */
function deepestField(owner, fields) {
  let best = null;
  fields.forEach((_, i) => {
    const at = bestCells(owner, `f${i}`, 1)[0];
    if (!at) return;
    const depth = owner.filter((o) => o === `f${i}`).length;
    if (!best || depth > best.depth) best = { at, depth };
  });
  return best?.at || null;
}

function fallbackFieldSpot(at) {
  const loc = at.find((l) => l !== "inner");
  if (!loc) return [0.5, 0.5];
  const side = loc[0];
  const along = loc[1] === "L" ? -0.25 : 0.25;
  const m = MIDDLE[side];
  const inward = INWARD[side];
  // the left half lies counter-clockwise from the middle, seen from the centre
  const tangent = [-inward[1], inward[0]];
  return add(add(m, inward, 0.12), tangent, -along);
}

function halfCells(half) {
  const out = [];
  for (let k = 0; k < GRID / 2; k += 1) {
    const far = GRID - 1;
    switch (half) {
      case "NL": out.push([0, k]); break;
      case "NR": out.push([0, GRID / 2 + k]); break;
      case "EL": out.push([k, far]); break;
      case "ER": out.push([GRID / 2 + k, far]); break;
      case "SL": out.push([far, GRID / 2 + k]); break;
      case "SR": out.push([far, k]); break;
      case "WL": out.push([GRID / 2 + k, 0]); break;
      case "WR": out.push([k, 0]); break;
      default: break;
    }
  }
  return out; // [row, col]
}

function labelFields(owner, fields) {
  const queue = [];
  fields.forEach((field, i) => {
    for (const loc of field.at) {
      if (loc === "inner") continue;
      for (const [r, c] of halfCells(loc)) {
        const k = r * GRID + c;
        if (owner[k] === "free") {
          owner[k] = `f${i}`;
          queue.push(k);
        }
      }
    }
  });
  spread(owner, queue);
  const inner = fields.findIndex((f) => f.at.includes("inner"));
  if (inner < 0) return;
  // a field touching no side owns the free cells nobody reached
  const rest = [];
  owner.forEach((o, k) => {
    if (o === "free") {
      owner[k] = `f${inner}`;
      rest.push(k);
    }
  });
  spread(owner, rest);
}

/**
 * Flood fill on a grid of `cols` x `rows` cells (row by row): every "free"
 * cell reached from the cells in `queue` takes the label of the cell it was
 * reached from. `queue` grows as the fill goes.
 */
export function spread(owner, queue, cols = GRID, rows = GRID) {
  for (let q = 0; q < queue.length; q += 1) {
    const k = queue[q];
    const r = Math.floor(k / cols);
    const c = k % cols;
    for (const [dr, dc] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
      const rr = r + dr;
      const cc = c + dc;
      if (rr < 0 || cc < 0 || rr >= rows || cc >= cols) continue;
      const n = rr * cols + cc;
      if (owner[n] === "free") {
        owner[n] = owner[k];
        queue.push(n);
      }
    }
  }
}

/** Up to `count` well-separated cells of `label`, deepest inside first. */
function bestCells(owner, label, count) {
  const mine = [];
  const others = [];
  owner.forEach((o, k) => (o === label ? mine : others).push(k));
  if (!mine.length) return [];
  const pos = (k) => [cell(k % GRID), cell(Math.floor(k / GRID))];
  const scored = mine.map((k) => {
    const p = pos(k);
    let d = Math.min(p[0], p[1], 1 - p[0], 1 - p[1]) + 0.5 / GRID;
    for (const o of others) {
      const q = pos(o);
      d = Math.min(d, Math.hypot(p[0] - q[0], p[1] - q[1]));
    }
    // prefer spots a little nearer the centre when depths are equal
    return { p, d: d - 0.02 * Math.hypot(p[0] - 0.5, p[1] - 0.5) };
  });
  scored.sort((a, b) => b.d - a.d);
  const picked = [scored[0].p];
  for (const s of scored) {
    if (picked.length >= count) break;
    if (picked.every((p) => Math.hypot(p[0] - s.p[0], p[1] - s.p[1]) > 0.2) && s.d > 0.06) picked.push(s.p);
  }
  return picked;
}

function cell(i) {
  return (i + 0.5) / GRID;
}

/**
 * Where a figure on `feature` at board location `spot` stands on a tile
 * turned by `rotation`: a point in unit coordinates of the board square.
 */
export function figurePoint(geo, feature, spot, rotation) {
  if (feature === "garden") return rotatePoint(geo.garden || [0.5, 0.5], rotation);
  if (feature === "monastery") return rotatePoint(geo.monasteryAt || [0.5, 0.5], rotation);
  if (!spot) return [0.5, 0.5];
  const loc = unrotateLocation(spot, rotation);
  let p = null;
  if (feature === "city") p = geo.cities.find((c) => c.sides.includes(loc))?.spot;
  else if (feature === "road") p = geo.roads.find((r) => r.sides.includes(loc))?.spot;
  else if (feature === "field") p = geo.fields.find((f) => f.at.includes(loc))?.spot;
  return rotatePoint(p || [0.5, 0.5], rotation);
}
