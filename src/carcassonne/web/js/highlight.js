// Features at a glance: which road, city, field or monastery a point of the
// board belongs to, and which one a figure spot of the tile being placed
// would join, so the page can light up its whole extent and say who holds
// it and what it is worth.
//
// The server lists the features of the position (GET
// /api/tables/{id}/features): each names its parts as {at, spot}, one per
// segment, the spot in board orientation. Here a part is found again on its
// tile by geometry.js: the spot turned back by the tile's rotation names a
// location, and the segment that touches that location is the part. A point
// under the pointer is turned back the same way and hit-tested against the
// tile's segments (city outlines, roads, the monastery, and the field cells
// of the tile's grid).

import { coveredSquares } from "./board.js";
import { distanceToPolyline, insidePolygon, rotateLocation, rotatePoint, tileGeometry, unrotateLocation } from "./geometry.js";
import { getCatalogue, wonderData } from "./tiles.js";

const LIST = { city: "cities", road: "roads", field: "fields" };
const STEP = { N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0] };
const FACING = { N: "S", E: "W", S: "N", W: "E" };

function geometryOf(tile) {
  const data = getCatalogue().tiles?.[tile];
  return data ? tileGeometry(tile, data) : null;
}

/** The features of one tile, with no sides (a monastery; a garden, ABBOT-3). */
const ONE_TILE = ["monastery", "garden"];

/** The locations a segment touches (its sides, or half sides for a field). */
function locationsOf(segment) {
  return segment.sides || segment.at || [];
}

/** The index of the segment of `kind` touching unrotated location `loc` (-1: none). */
function segmentOf(geo, kind, loc) {
  if (kind === "monastery") return geo.monastery ? 0 : -1;
  if (kind === "garden") return geo.garden ? 0 : -1;
  const list = geo[LIST[kind]];
  return list ? list.findIndex((seg) => locationsOf(seg).includes(loc)) : -1;
}

/** The segment under unit point `p` of an unrotated tile: {kind, seg} or null. */
export function segmentAt(geo, [u, v]) {
  const [mx, my] = geo.monasteryAt || [0.5, 0.5];
  if (geo.monastery && Math.abs(u - mx) < 0.2 && Math.abs(v - my) < 0.2) return { kind: "monastery", seg: 0 };
  if (geo.garden && Math.abs(u - geo.garden[0]) < 0.15 && Math.abs(v - geo.garden[1]) < 0.15) return { kind: "garden", seg: 0 };
  const road = geo.roads.findIndex((r) => distanceToPolyline([u, v], r.points) < 0.09);
  if (road >= 0) return { kind: "road", seg: road };
  const city = geo.cities.findIndex((c) => insidePolygon([u, v], c.polygon));
  if (city >= 0) return { kind: "city", seg: city };
  const size = Math.round(Math.sqrt(geo.grid.length));
  const cell = geo.grid[Math.min(size - 1, Math.floor(v * size)) * size + Math.min(size - 1, Math.floor(u * size))];
  return cell?.startsWith("f") ? { kind: "field", seg: Number(cell.slice(1)) } : null;
}

/** The features of one position, found by segment or by point. */
export class FeatureMap {
  /** `answer` is the server's features answer; `board` the view's board list. */
  constructor(answer, board) {
    this.last = answer.last;
    this.features = answer.features || [];
    this.dead = answer.dead || [];
    this.covered = coveredSquares(board);
    this.index = new Map();
    this.features.forEach((feature, i) => {
      for (const part of feature.parts) {
        const key = this.keyOf(part.at, feature.kind, part.spot);
        if (key) this.index.set(key, i);
      }
    });
  }

  /** The tile on square `at`: {tile, rotation, geo} (null for none or a wonder). */
  tileAt(at) {
    const entry = this.covered.get(`${at[0]},${at[1]}`)?.entry;
    if (!entry || wonderData(entry.tile)) return null;
    const geo = geometryOf(entry.tile);
    return geo ? { tile: entry.tile, rotation: entry.rotation, geo } : null;
  }

  /** The key of the segment of `kind` at board location `spot` of square `at`. */
  keyOf(at, kind, spot) {
    const placed = this.tileAt(at);
    if (!placed) return null;
    const loc = ONE_TILE.includes(kind) ? null : unrotateLocation(spot, placed.rotation);
    const seg = segmentOf(placed.geo, kind, loc);
    return seg < 0 ? null : `${at[0]},${at[1]}|${kind}|${seg}`;
  }

  /** The feature (its index) of segment `seg` of `kind` on square `at`, or -1. */
  featureOf(at, kind, seg) {
    return this.index.get(`${at[0]},${at[1]}|${kind}|${seg}`) ?? -1;
  }

  /** The feature under board point (x, y) in board units: its index, or -1. */
  featureAt(x, y) {
    const at = [Math.floor(x / 100), Math.floor(y / 100)];
    const placed = this.tileAt(at);
    if (!placed) return -1;
    const local = rotatePoint([x / 100 - at[0], y / 100 - at[1]], 360 - placed.rotation);
    const hit = segmentAt(placed.geo, local);
    return hit ? this.featureOf(at, hit.kind, hit.seg) : -1;
  }

  /** The areas to light for feature `i`: [{at, tile, rotation, kind, seg}]. */
  areas(i) {
    const feature = this.features[i];
    if (!feature) return [];
    return feature.parts.flatMap((part) => {
      const placed = this.tileAt(part.at);
      if (!placed) return [{ at: part.at, kind: "square" }]; // a wonder's square: lit whole
      const loc = ONE_TILE.includes(feature.kind) ? null : unrotateLocation(part.spot, placed.rotation);
      const seg = segmentOf(placed.geo, feature.kind, loc);
      return seg < 0 ? [] : [{ at: part.at, tile: placed.tile, rotation: placed.rotation, kind: feature.kind, seg }];
    });
  }

  /**
   * What a figure on `kind` at board location `spot` of the tile being
   * placed (`ghost`: {tile, at, rotation}) would claim: the tile's own
   * segment and the features on the board it joins across its sides.
   * {areas, features: [indexes]}.
   */
  joinedBy(ghost, kind, spot) {
    const geo = geometryOf(ghost.tile);
    if (!geo) return { areas: [], features: [] };
    const seg = segmentOf(geo, kind, ONE_TILE.includes(kind) ? null : unrotateLocation(spot, ghost.rotation));
    if (seg < 0) return { areas: [], features: [] };
    const own = { at: ghost.at, tile: ghost.tile, rotation: ghost.rotation, kind, seg };
    const joined = new Set();
    if (!ONE_TILE.includes(kind)) {
      for (const loc of locationsOf(geo[LIST[kind]][seg])) {
        if (loc === "inner") continue;
        const shown = rotateLocation(loc, ghost.rotation);
        const [dx, dy] = STEP[shown[0]];
        const next = [ghost.at[0] + dx, ghost.at[1] + dy];
        // across a side the halves swap: the left half of my north side
        // meets the right half of the neighbour's south side
        const half = shown.length > 1 ? (shown[1] === "L" ? "R" : "L") : "";
        const key = this.keyOf(next, kind, FACING[shown[0]] + half);
        const found = key ? this.index.get(key) : undefined;
        if (found !== undefined) joined.add(found);
      }
    }
    const features = [...joined];
    return { areas: [own, ...features.flatMap((i) => this.areas(i))], features };
  }
}

/** The squares a feature covers (distinct). */
export function squaresOf(feature) {
  return new Set(feature.parts.map((p) => `${p.at[0]},${p.at[1]}`)).size;
}

/** How many figures each player has in the listed features: {player: count}. */
export function holders(features) {
  const out = {};
  for (const f of features) for (const fig of f.figures || []) out[fig.player] = (out[fig.player] || 0) + 1;
  return out;
}
