// Rebuilding a board from a record's moves, for the replay viewer: tiles
// placed in order, figures put down, and figures taken back when their
// road, city or monastery is completed (builders with them); farmers and
// pigs stay in their fields to the end.
//
// Features are joined with a union-find over the road and city segments of
// every placed tile; a feature is complete when all its sides are joined.
// A wonder (The Wonders of Humanity) is placed the same way: each of its
// roads and cities is one segment over several squares, open on its outer
// sides; the wonder decisions (take, award) place nothing.

import { getCatalogue } from "./tiles.js";
import { rotateLocation } from "./geometry.js";
import { pieceSquares } from "./wonders.js";

const SIDES = ["N", "E", "S", "W"];
const STEP = { N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0] };
const FACING = { N: "S", E: "W", S: "N", W: "E" };

class Joins {
  constructor() {
    this.parent = new Map();
    this.open = new Map();
  }

  add(node, sides) {
    this.parent.set(node, node);
    this.open.set(node, sides);
  }

  find(node) {
    let n = node;
    while (this.parent.get(n) !== n) n = this.parent.get(n);
    this.parent.set(node, n);
    return n;
  }

  join(a, b) {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra === rb) {
      this.open.set(ra, this.open.get(ra) - 2);
      return;
    }
    this.parent.set(rb, ra);
    this.open.set(ra, this.open.get(ra) + this.open.get(rb) - 2);
  }

  complete(node) {
    return this.open.get(this.find(node)) === 0;
  }
}

/**
 * Board states after each move: states[k] = {board, figures, last} after
 * the first k moves. `moves` are record moves; `players` their count.
 */
export function replayStates(moves, players, start = "BA/RCr", movers = null) {
  const tiles = getCatalogue().tiles || {};
  const board = [{ tile: start, at: [0, 0], rotation: 0 }];
  const squares = new Map();
  const joins = new Joins();
  let figures = [];
  const states = [];

  function placeWonder(tile, data, at, rotation) {
    const board = new Map(pieceSquares(data, at, rotation).map((sq) => [sq.key, sq]));
    const perSquare = new Map([...board.values()].map((sq) => [sq.key, []]));
    const segs = [];
    for (const kind of ["cities", "roads"]) {
      (data[kind] || []).forEach((seg, i) => {
        const node = `${at[0]},${at[1]}:${tile}:${kind}${i}`;
        joins.add(node, seg.at.length);
        for (const text of seg.at) {
          const cut = text.lastIndexOf(":");
          const key = text.slice(0, cut);
          const side = rotateLocation(text.slice(cut + 1), rotation);
          const entry = { node, sides: [side], kind };
          perSquare.get(key)?.push(entry);
          segs.push({ entry, square: board.get(key) });
        }
      });
    }
    for (const sq of board.values()) squares.set(`${sq.x},${sq.y}`, { segs: perSquare.get(sq.key), monastery: false });
    for (const { entry, square } of segs) {
      if (!square) continue;
      const side = entry.sides[0];
      const [dx, dy] = STEP[side];
      const other = squares.get(`${square.x + dx},${square.y + dy}`);
      const theirs = other?.segs.find((s) => s.sides.includes(FACING[side]));
      if (theirs) joins.join(entry.node, theirs.node);
    }
  }

  function place(tile, at, rotation) {
    const wonder = getCatalogue().wonders?.[tile];
    if (wonder) {
      placeWonder(tile, wonder, at, rotation);
      return;
    }
    const data = tiles[tile] || {};
    const segs = [];
    for (const kind of ["cities", "roads"]) {
      (data[kind] || []).forEach((seg, i) => {
        const sides = seg.at.map((s) => rotateLocation(s, rotation));
        const node = `${at[0]},${at[1]}:${kind}${i}`;
        joins.add(node, sides.length);
        segs.push({ node, sides, kind });
      });
    }
    squares.set(`${at[0]},${at[1]}`, { segs, monastery: Boolean(data.monastery) });
    for (const side of SIDES) {
      const mine = segs.find((s) => s.sides.includes(side));
      if (!mine) continue;
      const [dx, dy] = STEP[side];
      const other = squares.get(`${at[0] + dx},${at[1] + dy}`);
      const theirs = other?.segs.find((s) => s.sides.includes(FACING[side]));
      if (theirs) joins.join(mine.node, theirs.node);
    }
  }

  function segmentOf(fig) {
    const sq = squares.get(`${fig.at[0]},${fig.at[1]}`);
    const kind = fig.feature === "city" ? "cities" : "roads";
    return sq?.segs.find((s) => s.kind === kind && s.sides.includes(fig.spot));
  }

  // The Princess & the Dragon: where the dragon and the fairy are (PD-VOLCANO, PD-FAIRY-1)
  let dragon = null;
  let fairy = null;
  const sameAt = (a, b) => a[0] === b[0] && a[1] === b[1];

  /** The figures a move takes off the board that no completion explains (ABBOT-RECALL, PD-PRINCESS, PD-DRAGON-EAT). */
  function takeOff(move) {
    if (move.dragon) {
      dragon = move.dragon;
      figures = figures.filter((f) => !sameAt(f.at, move.dragon));
    }
    if (move.return_abbot) figures = figures.filter((f) => !(f.figure === "abbot" && sameAt(f.at, move.return_abbot)));
    if (move.princess) {
      const { on, spot } = move.princess;
      const seg = segmentOf({ at: on, feature: "city", spot });
      const i = figures.findIndex((f) => f.feature === "city" && sameAt(f.at, on)
        && (seg ? segmentOf(f)?.node === seg.node : f.spot === spot));
      if (i >= 0) figures.splice(i, 1);
    }
    if (move.fairy) fairy = { at: move.fairy.on, feature: move.fairy.feature ?? null, spot: move.fairy.spot ?? null };
  }

  function monasteryDone(at) {
    for (let dx = -1; dx <= 1; dx += 1) {
      for (let dy = -1; dy <= 1; dy += 1) if (!squares.has(`${at[0] + dx},${at[1] + dy}`)) return false;
    }
    return true;
  }

  place(start, [0, 0], 0);
  states.push({ board: [...board], figures: [], last: null });
  moves.forEach((move, index) => {
    const player = movers?.[index] ?? index % players;
    if (move.tile && move.at) {
      const wonder = Boolean(getCatalogue().wonders?.[move.tile]);
      board.push({ tile: move.tile, at: move.at, rotation: move.rotation || 0, ...(wonder ? { owner: player } : {}) });
      place(move.tile, move.at, move.rotation || 0);
      if (tiles[move.tile]?.volcano) dragon = move.at;
      takeOff(move);
      for (const f of move.figures || []) {
        figures.push({ player, figure: f.figure, feature: f.feature, spot: f.spot ?? null, at: f.on || move.at });
      }
      figures = figures.filter((f) => {
        if (f.feature === "monastery" || f.feature === "garden") return !monasteryDone(f.at);
        if (f.feature === "city" || f.feature === "road") {
          const seg = segmentOf(f);
          return !(seg && joins.complete(seg.node));
        }
        return true;
      });
    } else {
      takeOff(move);
    }
    const pd = dragon || fairy ? { dragon, fairy, flight: null } : null;
    states.push({ board: [...board], figures: [...figures], last: move.at ? { at: move.at, player } : null, princess_dragon: pd });
  });
  return states;
}
