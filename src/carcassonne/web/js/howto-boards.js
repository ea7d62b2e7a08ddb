// The example boards of the "How to play" page (js/howto.js draws them).
//
// Each example is a real game from its first move: the start tile at [0, 0]
// (BA/RCr, or the River's spring RI/s when "river" is in its sets,
// RIVER-SETUP-1), then `moves` in the record notation of docs/formats.md,
// played by the seats in turn (or by `movers`, when a builder gives a second
// tile or the dragon's steps pass from player to player). `sets`, `options`
// and `wonders` are the game's setup, and the stack holds exactly the tiles
// of the moves, so the game ends after the last one; or, with `rest`, the
// tiles still in the stack after them (the River's stack must begin with
// the whole river, RIVER-REC), and the game goes on.
//
// `points` are the points the picture shows, each where its badge stands
// (`at`, in board squares) and `of` the feature it pays for (square, kind
// and a side of the segment there, drawn in the scorer's colour). `score`
// says which of the game's points they are: those paid during the game
// ("game") or those of the final scoring ("end"). tests/e2e/test_e2e_howto.py
// plays every example in the engine and requires exactly these points, so
// the pictures cannot drift from docs/rules.md.
//
// Optional: `ghost`, a placement that does not fit (drawn faint and crossed
// out; the test requires the engine to refuse it), of the first move's tile,
// or with `before: n` of the tile to place before move n (n may be the
// number of moves: the tile after the last one); `goods`, the trade goods a
// player holds at the end (checked too); `marks`, small discs with a number
// (what a city gives a field, a builder's first and second tile, the
// dragon's steps in the colour of the player who moved it) or a symbol
// (`kind: "ok"`, a tile that fits; `kind: "recall"`, an abbot taken back);
// `dragon` and `fairy`, where the neutral figures stand when the picture is
// taken (checked against the engine's game); `gone`, figures that have left
// the board by then, drawn faint (eaten by the dragon, sent home by the
// princess: the test requires them to be off the board).

/** Seat 0 is red and seat 1 blue (PLAYER_COLOURS in tiles.js). */
export const RED = 0;
export const BLUE = 1;

const meeple = (feature, spot) => ({ figure: "meeple", feature, ...(spot ? { spot } : {}) });

export const EXAMPLES = {
  // Draw, place so that every touching edge matches, maybe put a follower.
  turn: {
    sets: ["base"],
    moves: [{ tile: "BA/CRr", at: [1, 0], rotation: 90, figures: [meeple("road", "W")] }],
    ghost: { tile: "BA/CRr", at: [0, -1], rotation: 0 },
    marks: [{ at: [1.82, 0.18], kind: "ok" }],
    score: "game",
    points: [],
  },

  // A road from a monastery to a village: 4 tiles, 4 points.
  road: {
    sets: ["base"],
    moves: [
      { tile: "BA/RFr", at: [1, 0], rotation: 0, figures: [meeple("road", "E")] },
      { tile: "BA/RRR", at: [2, 0], rotation: 0 },
      { tile: "BA/LR", at: [-1, 0], rotation: 270 },
    ],
    score: "game",
    points: [{ player: RED, points: 4, reason: "road", final: false, at: [0.5, 0.25], of: [1, 0, "road", "E"] }],
  },

  // A city of 3 tiles with a coat of arms: 3 x 2 + 2 = 8 points, to red,
  // although blue laid the tile that closed it.
  city: {
    sets: ["base"],
    moves: [
      { tile: "BA/CFc+", at: [0, -1], rotation: 90, figures: [meeple("city", "N")] },
      { tile: "BA/C", at: [0, -2], rotation: 180 },
    ],
    score: "game",
    points: [{ player: RED, points: 8, reason: "city", final: false, at: [0.5, -1.2], of: [0, -1, "city", "N"] }],
  },

  // A monastery with all eight neighbours: 9 points.
  monastery: {
    sets: ["base"],
    moves: [
      { tile: "BA/L", at: [0, 1], rotation: 0, figures: [meeple("monastery")] },
      { tile: "BA/RFr", at: [-1, 0], rotation: 0 },
      { tile: "BA/RFr", at: [1, 0], rotation: 0 },
      { tile: "BA/Rr", at: [-1, 1], rotation: 0 },
      { tile: "BA/Rr", at: [1, 1], rotation: 270 },
      { tile: "BA/RFr", at: [0, 2], rotation: 0 },
      { tile: "BA/Rr", at: [-1, 2], rotation: 180 },
      { tile: "BA/Rr", at: [1, 2], rotation: 90 },
    ],
    score: "game",
    points: [{ player: RED, points: 9, reason: "monastery", final: false, at: [0.5, 1.2] }],
  },

  // A farmer in the field north of the road: it borders two completed
  // cities (3 points each) and one unfinished city (nothing).
  field: {
    sets: ["base"],
    moves: [
      { tile: "BA/RCr", at: [1, 0], rotation: 0, figures: [meeple("field", "EL")] },
      { tile: "BA/C", at: [0, -1], rotation: 180 },
      { tile: "BA/C", at: [1, -1], rotation: 180 },
      { tile: "BA/RCr", at: [-1, 0], rotation: 0 },
    ],
    marks: [{ at: [0.5, 0], text: "3" }, { at: [1.5, 0], text: "3" }, { at: [-0.5, 0.14], text: "0" }],
    score: "end",
    points: [{ player: RED, points: 6, reason: "field", final: true, at: [0.5, 0.36] }],
  },

  // Two parts of a city joined by the last tile: red and blue have one
  // knight each, so both score the whole city (4 tiles, 1 coat of arms).
  shared: {
    sets: ["base"],
    moves: [
      { tile: "BA/RCr", at: [1, 0], rotation: 0, figures: [meeple("city", "N")] },
      { tile: "BA/Cc.1", at: [0, -1], rotation: 180, figures: [meeple("city", "S")] },
      { tile: "BA/Cc+", at: [1, -1], rotation: 270 },
    ],
    score: "game",
    points: [
      { player: RED, points: 10, reason: "city", final: false, at: [1.5, 0.8], of: [1, 0, "city", "N"] },
      { player: BLUE, points: 10, reason: "city", final: false, at: [0.26, -0.76], of: [0, -1, "city", "S"] },
    ],
  },

  // The end of the game: what is unfinished scores less.
  end: {
    sets: ["base"],
    moves: [
      { tile: "BA/RFr", at: [1, 0], rotation: 0, figures: [meeple("road", "E")] },
      { tile: "BA/CFc+", at: [0, -1], rotation: 90, figures: [meeple("city", "N")] },
      { tile: "BA/L", at: [1, 1], rotation: 0, figures: [meeple("monastery")] },
      { tile: "BA/Rr", at: [0, 1], rotation: 0 },
    ],
    score: "end",
    points: [
      { player: RED, points: 2, reason: "road", final: true, at: [1.5, 0.24], of: [1, 0, "road", "E"] },
      { player: BLUE, points: 3, reason: "city", final: true, at: [0.5, -0.84], of: [0, -1, "city", "N"] },
      { player: RED, points: 4, reason: "monastery", final: true, at: [1.5, 1.17] },
    ],
  },

  // The variant "a city of 2 tiles scores 2 points" (option tiny_city).
  tiny: {
    sets: ["base"],
    options: { tiny_city: 2 },
    moves: [{ tile: "BA/C", at: [0, -1], rotation: 180, figures: [meeple("city", "S")] }],
    score: "game",
    points: [{ player: RED, points: 2, reason: "city", final: false, at: [0.5, -0.56], of: [0, -1, "city", "S"] }],
  },

  // An inn on a road: 2 points a tile once the road is finished.
  inn: {
    sets: ["base", "inns_cathedrals"],
    moves: [
      { tile: "IC/RFr.i", at: [1, 0], rotation: 0, figures: [meeple("road", "E")] },
      { tile: "BA/RRR", at: [2, 0], rotation: 0 },
      { tile: "BA/LR", at: [-1, 0], rotation: 270 },
    ],
    score: "game",
    points: [{ player: RED, points: 8, reason: "road", final: false, at: [0.5, 0.25], of: [1, 0, "road", "E"] }],
  },

  // A cathedral: 3 points a tile (and a coat of arms) once the city is finished.
  cathedral: {
    sets: ["base", "inns_cathedrals"],
    moves: [
      { tile: "IC/Cccc.c", at: [0, -1], rotation: 0 },
      { tile: "BA/C", at: [0, -2], rotation: 180 },
      { tile: "BA/C", at: [-1, -1], rotation: 90, figures: [meeple("city", "E")] },
      { tile: "BA/C", at: [1, -1], rotation: 270 },
    ],
    score: "game",
    points: [{ player: RED, points: 15, reason: "city", final: false, at: [1.56, -0.5], of: [0, -1, "city", "N"] }],
  },

  // The large meeple counts as two: red's 2 beat blue's 1 in the same city.
  large: {
    sets: ["base", "inns_cathedrals"],
    moves: [
      { tile: "BA/RCr", at: [1, 0], rotation: 0, figures: [{ figure: "large", feature: "city", spot: "N" }] },
      { tile: "BA/Cc.1", at: [0, -1], rotation: 180, figures: [meeple("city", "S")] },
      { tile: "BA/Cc+", at: [1, -1], rotation: 270 },
    ],
    score: "game",
    points: [{ player: RED, points: 10, reason: "city", final: false, at: [1.5, 0.8], of: [1, 0, "city", "N"] }],
  },

  // Goods: blue closes red's city with wine in it; red scores the city and
  // blue, who closed it, takes the wine.
  goods: {
    sets: ["base", "traders_builders"],
    moves: [
      { tile: "TB/CFc.w", at: [0, -1], rotation: 90, figures: [meeple("city", "N")] },
      { tile: "BA/C", at: [0, -2], rotation: 180 },
    ],
    goods: [{ player: BLUE, good: "wine", count: 1, at: [0.5, -1.7] }],
    score: "game",
    points: [{ player: RED, points: 6, reason: "city", final: false, at: [0.5, -1.2], of: [0, -1, "city", "N"] }],
  },

  // The builder: red's road holds red's meeple and builder, so extending it
  // gives red a second tile in the same turn (1, then 2).
  builder: {
    sets: ["base", "traders_builders"],
    moves: [
      { tile: "BA/RFr", at: [1, 0], rotation: 0, figures: [meeple("road", "E")] },
      { tile: "BA/RFr", at: [1, 1], rotation: 0 },
      { tile: "BA/RFr", at: [2, 0], rotation: 0, figures: [{ figure: "builder", feature: "road", spot: "E" }] },
      { tile: "BA/RFr", at: [2, 1], rotation: 0 },
      { tile: "BA/RFr", at: [3, 0], rotation: 0 },
      { tile: "BA/RRR", at: [4, 0], rotation: 0 },
    ],
    movers: [RED, BLUE, RED, BLUE, RED, RED],
    marks: [{ at: [3.5, 0.22], text: "1" }, { at: [4.5, 0.2], text: "2" }],
    score: "game",
    points: [],
  },

  // The pig: in a field with its owner's farmer, each city there pays 4.
  pig: {
    sets: ["base", "traders_builders"],
    moves: [
      { tile: "BA/RCr", at: [1, 0], rotation: 0, figures: [meeple("field", "EL")] },
      { tile: "BA/C", at: [0, -1], rotation: 180 },
      { tile: "BA/RCr", at: [-1, 0], rotation: 0, figures: [{ figure: "pig", feature: "field", spot: "EL" }] },
      { tile: "BA/C", at: [1, -1], rotation: 180 },
    ],
    marks: [{ at: [0.5, 0], text: "4" }, { at: [1.5, 0], text: "4" }, { at: [-0.5, 0.14], text: "0" }],
    score: "end",
    points: [{ player: RED, points: 8, reason: "field", final: true, at: [0.5, 0.36] }],
  },

  // A road tower: red's meeple stands on the tower tile's road, so when the
  // road is finished the tower pays first: 1 for each tile with a road
  // around it (and on it), then the road itself.
  watchtower: {
    sets: ["base", "watchtowers"],
    moves: [
      { tile: "WT/CRFR_1R", at: [1, 0], rotation: 0, figures: [meeple("road", "E")] },
      { tile: "BA/RFr", at: [1, 1], rotation: 0 },
      { tile: "BA/RRR", at: [2, 0], rotation: 0 },
    ],
    score: "game",
    points: [
      { player: RED, points: 4, reason: "watchtower", final: false, at: [1.5, 0.93] },
      { player: RED, points: 2, reason: "road", final: false, at: [2.5, 0.22], of: [1, 0, "road", "E"] },
    ],
  },

  // A wonder: red's city brings red to 10 points, the space of red's pair;
  // red takes Stonehenge and lays it on the next turn instead of a tile.
  wonder: {
    sets: ["base", "wonders"],
    wonders: ["WO/stonehenge", "WO/alhambra"],
    moves: [
      { tile: "BA/CFc+", at: [0, -1], rotation: 90, figures: [meeple("city", "N")] },
      { tile: "BA/CFc.1", at: [0, -2], rotation: 90 },
      { tile: "BA/C", at: [0, -3], rotation: 180 },
      { take_wonder: "WO/stonehenge" },
      { tile: "BA/RFr", at: [1, 0], rotation: 0 },
      { tile: "WO/stonehenge", at: [2, -2], rotation: 180 },
    ],
    movers: [RED, BLUE, RED, RED, BLUE, RED],
    score: "game",
    points: [{ player: RED, points: 10, reason: "city", final: false, at: [0.5, -2.5], of: [0, -1, "city", "N"] }],
  },
  // The whole River (RIVER-SETUP-1, RIVER-SETUP-2, RIVER-PLACE-1): the
  // spring is the start tile, the ten river tiles follow it in any order and
  // the lake closes it, before any land tile. Red's monk by the river scores
  // at the end as any monastery: 1 + 3 neighbours (RIVER-SCORE).
  river: {
    sets: ["base", "river"],
    moves: [
      { tile: "RI.1/LIRI", at: [1, 0], rotation: 0, figures: [meeple("monastery")] },
      { tile: "RI.1/II", at: [2, 0], rotation: 0 },
      { tile: "RI.1/RIrI", at: [2, 1], rotation: 0 },
      { tile: "RI.1/II", at: [2, 2], rotation: 90 },
      { tile: "RI.1/CICI", at: [1, 2], rotation: 0 },
      { tile: "RI.1/CcII", at: [0, 2], rotation: 0 },
      { tile: "RI.1/IFI", at: [0, 3], rotation: 90 },
      { tile: "RI.1/RrII", at: [0, 4], rotation: 180 },
      { tile: "RI.1/CIRI", at: [1, 4], rotation: 0 },
      { tile: "RI.1/IFI", at: [2, 4], rotation: 0 },
      { tile: "RI.1/I.e", at: [3, 4], rotation: 0 },
    ],
    score: "end",
    points: [{ player: RED, points: 4, reason: "monastery", final: true, at: [1.8, 0.17] }],
  },

  // No U-turn (RIVER-UTURN): the river has just turned right, so the next
  // bend may not turn it right again; turned left it fits.
  uturn: {
    sets: ["base", "river"],
    moves: [
      { tile: "RI.1/IFI", at: [1, 0], rotation: 0 },
      { tile: "RI.1/II", at: [2, 0], rotation: 0 },
    ],
    rest: ["RI.1/II", "RI.1/IFI", "RI.1/CICI", "RI.1/CIRI", "RI.1/LIRI", "RI.1/RIrI", "RI.1/CcII", "RI.1/RrII", "RI.1/I.e"],
    ghost: { tile: "RI.1/II", at: [2, 1], rotation: 90, before: 2 },
    score: "game",
    points: [],
  },

  // The river bounds fields as a road does (RIVER-FEAT-2): east of the
  // bridge's road, red's farmer has the north bank and blue's the south one.
  riverFields: {
    sets: ["base", "river"],
    moves: [
      { tile: "RI.1/RIrI", at: [1, 0], rotation: 90, figures: [meeple("field", "NR")] },
      { tile: "RI.1/IFI", at: [2, 0], rotation: 0, figures: [meeple("field", "SL")] },
    ],
    rest: ["RI.1/II", "RI.1/II", "RI.1/CICI", "RI.1/CIRI", "RI.1/LIRI", "RI.1/IFI", "RI.1/CcII", "RI.1/RrII", "RI.1/I.e"],
    score: "game",
    points: [],
  },

  // The abbot (ABBOT-2, ABBOT-3): red's in a garden, blue's in a monastery.
  // Instead of a figure, red takes the abbot back and scores the unfinished
  // garden at once, as at the end: 1 + 3 neighbours (ABBOT-RECALL).
  abbot: {
    sets: ["base", "abbot"],
    moves: [
      { tile: "BA/RFrG", at: [1, 0], rotation: 0, figures: [{ figure: "abbot", feature: "garden" }] },
      { tile: "BA/L", at: [0, 1], rotation: 0, figures: [{ figure: "abbot", feature: "monastery" }] },
      { tile: "BA/RFr", at: [2, 0], rotation: 0, return_abbot: [1, 0] },
    ],
    marks: [{ at: [1.2, 0.8], kind: "recall" }],
    score: "game",
    points: [{ player: RED, points: 4, reason: "garden", final: false, at: [1.83, 0.8] }],
  },
  // The volcano and the dragon (PD-VOLCANO, PD-DRAGON-TILE, PD-DRAGON-EAT):
  // blue's volcano brought the dragon to [2, 0]; blue's dragon tile makes it
  // fly, blue first, then red, then blue. It eats red's highwayman, and with
  // every tile beside it visited the flight ends after 3 steps.
  dragon: {
    sets: ["base", "princess_dragon"],
    moves: [
      { tile: "BA/RFr", at: [1, 0], rotation: 0, figures: [meeple("road", "E")] },
      { tile: "DG/RFr.v", at: [2, 0], rotation: 0 },
      { tile: "BA/RFr", at: [-1, 0], rotation: 0 },
      { tile: "DG/RFr.d", at: [3, 0], rotation: 0 },
      { dragon: [1, 0] },
      { dragon: [0, 0] },
      { dragon: [-1, 0] },
    ],
    movers: [RED, BLUE, RED, BLUE, BLUE, RED, BLUE],
    path: [[2, 0], [1, 0], [0, 0], [-1, 0]],
    dragon: [-1, 0],
    gone: [{ at: [1, 0], feature: "road" }],
    marks: [
      { at: [1.2, 0.2], text: "1", player: BLUE },
      { at: [0.2, 0.2], text: "2", player: RED },
      { at: [-0.8, 0.2], text: "3", player: BLUE },
    ],
    score: "game",
    points: [],
  },

  // The fairy (PD-FAIRY-1, PD-FAIRY-3, PD-FAIRY-4): instead of a figure,
  // red moves it next to red's highwayman; at the start of red's next turn
  // it pays 1, and when the road is scored 3 more besides the road's 4.
  fairy: {
    sets: ["base", "princess_dragon"],
    moves: [
      { tile: "BA/RFr", at: [1, 0], rotation: 0, figures: [meeple("road", "E")] },
      { tile: "BA/LR", at: [-1, 0], rotation: 270 },
      { tile: "BA/RFr", at: [1, 1], rotation: 0, fairy: { on: [1, 0], feature: "road", spot: "E" } },
      { tile: "BA/RFr", at: [2, 1], rotation: 0 },
      { tile: "BA/RRR", at: [2, 0], rotation: 180 },
    ],
    fairy: { at: [1, 0], feature: "road", spot: "E" },
    score: "game",
    points: [
      { player: RED, points: 1, reason: "fairy", final: false, at: [1.25, 0.17] },
      { player: RED, points: 3, reason: "fairy", final: false, at: [1.76, 0.8] },
      { player: RED, points: 4, reason: "road", final: false, at: [0.5, 0.25], of: [1, 0, "road", "E"] },
    ],
  },

  // A magic portal (PD-PORTAL): red's knight goes through it into the
  // unoccupied city of the start tile, which blue then closes.
  portal: {
    sets: ["base", "princess_dragon"],
    moves: [
      { tile: "DG/RRR.g", at: [1, 0], rotation: 0, figures: [{ figure: "meeple", feature: "city", spot: "N", on: [0, 0] }] },
      { tile: "BA/C", at: [0, -1], rotation: 180 },
    ],
    score: "game",
    points: [{ player: RED, points: 4, reason: "city", final: false, at: [0.5, -0.55], of: [0, 0, "city", "N"] }],
  },

  // The princess (PD-PRINCESS): blue's tile closes red's city; instead of
  // a figure, its princess sends red's knight home, and the city scores for
  // nobody.
  princess: {
    sets: ["base", "princess_dragon"],
    moves: [
      { tile: "BA/CFc+", at: [0, -1], rotation: 90, figures: [meeple("city", "N")] },
      { tile: "DG/CRRR.p", at: [0, -2], rotation: 180, princess: { on: [0, -1], spot: "N" } },
    ],
    gone: [{ at: [0, -1], feature: "city" }],
    score: "game",
    points: [],
  },
};
