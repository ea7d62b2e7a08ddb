// The "How to play" page (/how-to-play): the rules of docs/rules.md in
// short, section by section, each illustrated with small boards drawn by the
// client itself (tiles.js, figures.js, neutral.js, wonders.js) from the
// catalogue, and the players' panel as a table shows it (panel.js).
//
// The example boards are real games (js/howto-boards.js): the tiles, the
// figures and the points they show are those the engine gives. Texts live in
// their own message files, i18n/howto-<code>.js, one per language of
// i18n/languages.js; the language is the site's (i18n.js: the browser's
// language first, then the switch at the top right, remembered), and the page
// is drawn again when it changes. A language without a how-to file is shown
// in English. The account bar (log in, sign up, the player's name) tops it
// as it does the other pages.

import { loadMe, renderAccount } from "./account.js";
import { api, esc } from "./api.js";
import { coveredSquares, figureSpot } from "./board.js";
import { EXAMPLES } from "./howto-boards.js";
import { fairyPoint } from "./neutral.js";
import { renderPlayers } from "./panel.js";
import { rotateLocation, tileGeometry } from "./geometry.js";
import { initI18n, language, languageSwitch } from "./i18n.js";
import { neutralIcon, neutralMarkup } from "./figures.js";
import {
  figureIcon, figureMarkup, getCatalogue, goodIcon, installDefs, miniTile, seatClass, setCatalogue,
  tileMarkup, wonderData,
} from "./tiles.js";
import { toast } from "./ui.js";
import { wonderLabel, wonderMarkup } from "./wonders.js";

// --- texts -------------------------------------------------------------------

let english = {};
let texts = {};

async function loadTexts(code) {
  try {
    return (await import(`../i18n/howto-${code}.js`)).default;
  } catch {
    return null; // no how-to text in this language yet: English
  }
}

/** The how-to text of `key` in the page's language, English otherwise. */
function h(key) {
  const entry = key in texts ? texts[key] : english[key];
  return entry === undefined ? key : entry;
}

/** A text as HTML: escaped, with {red} and {blue} as the players' coloured names. */
function rich(key) {
  return esc(h(key)).replace(/\{(red|blue)\}/g, (_, who) => {
    const seat = who === "red" ? 0 : 1;
    return `<span class="chip ${seatClass(seat)}">${esc(h(`player.${who}`))}</span>`;
  });
}

// --- drawing small boards -----------------------------------------------------

const SQUARE = 84; // pixels per board square on a wide screen (CSS may shrink it)
const STEP = { N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0] };
const FACING = { N: "S", E: "W", S: "N", W: "E" };
const GLOW = "#ffd54a";

/** The tile at [0, 0]: the River's spring when the River is played (RIVER-SETUP-1). */
function startTile(sets) {
  return sets.includes("river") ? "RI/s" : getCatalogue().start || "BA/RCr";
}

const sameSquare = (a, b) => a[0] === b[0] && a[1] === b[1];

/** An example of howto-boards.js as a drawing: the board list, figures, points... */
function exampleDrawing(example) {
  const board = [{ tile: startTile(example.sets), at: [0, 0], rotation: 0 }];
  const figures = [];
  const players = example.players || 2;
  example.moves.forEach((move, index) => {
    if (!move.tile) return; // a wonder decision places nothing
    const player = example.movers?.[index] ?? index % players;
    const wonder = Boolean(wonderData(move.tile));
    board.push({ tile: move.tile, at: move.at, rotation: move.rotation || 0, ...(wonder ? { owner: player } : {}) });
    // Every figure stays in the picture, those about to go back too: the
    // picture is the moment of scoring.
    // (those the dragon ate or the princess sent home are drawn faint)
    for (const f of move.figures || []) {
      const at = f.on || move.at;
      const gone = (example.gone || []).some((g) => sameSquare(g.at, at) && g.feature === f.feature);
      // through a magic portal (PD-PORTAL) the figure stands elsewhere: an arrow from the portal leads to it
      const portal = !sameSquare(at, move.at) && getCatalogue().tiles?.[move.tile]?.portal ? move.at : null;
      figures.push({ player, figure: f.figure, feature: f.feature, spot: f.spot ?? null, at, gone, portal });
    }
  });
  return {
    board, figures, points: example.points, ghost: example.ghost, marks: example.marks, goods: example.goods,
    dragon: example.dragon, fairy: example.fairy, path: example.path,
  };
}

/** The segment of `kind` ("cities", "roads") on square `at` that reaches side `side`. */
function segmentAt(board, at, kind, side) {
  const placed = board.find((b) => b.at[0] === at[0] && b.at[1] === at[1]);
  const data = placed && getCatalogue().tiles?.[placed.tile];
  if (!data) return null;
  const index = (data[kind] || []).findIndex((s) => s.at.map((loc) => rotateLocation(loc, placed.rotation)).includes(side));
  return index < 0 ? null : { placed, data, index, sides: data[kind][index].at.map((loc) => rotateLocation(loc, placed.rotation)) };
}

/**
 * The road or city through side `side` of square `at`, followed across
 * matching edges: the segments [{placed, data, index}] it is made of.
 */
function featureSegments(board, [x, y, feature, side]) {
  const kind = feature === "city" ? "cities" : "roads";
  const seen = new Set();
  const out = [];
  const queue = [[x, y, side]];
  while (queue.length) {
    const [qx, qy, qside] = queue.pop();
    const seg = segmentAt(board, [qx, qy], kind, qside);
    if (!seg || seen.has(`${qx},${qy},${seg.index}`)) continue;
    seen.add(`${qx},${qy},${seg.index}`);
    out.push(seg);
    for (const s of seg.sides) {
      const [dx, dy] = STEP[s];
      queue.push([qx + dx, qy + dy, FACING[s]]);
    }
  }
  return out;
}

/** A light over the feature a badge pays for, drawn on each of its tiles. */
function glowMarkup(board, of) {
  return featureSegments(board, of).map(({ placed, data, index }) => {
    const geo = tileGeometry(placed.tile, data);
    const kind = of[2] === "city" ? "cities" : "roads";
    const loc = data[kind][index].at[0];
    const shape = (kind === "cities" ? geo.cities : geo.roads).find((s) => s.sides.includes(loc));
    if (!shape) return "";
    const body = kind === "cities"
      ? `<path d="${shape.path}" fill="${GLOW}" fill-opacity="0.3" stroke="${GLOW}" stroke-width="4"/>`
      : `<path d="${shape.path}" stroke="${GLOW}" stroke-opacity="0.75" stroke-width="7" fill="none"/>`;
    return `<g class="howto-glow" transform="translate(${placed.at[0] * 100} ${placed.at[1] * 100}) rotate(${placed.rotation} 50 50)">${body}</g>`;
  }).join("");
}

function tileGroup(b) {
  const wonder = wonderData(b.tile);
  if (wonder) {
    return `<g class="howto-tile howto-wonder" data-testid="howto-tile" data-tile="${esc(b.tile)}" transform="translate(${b.at[0] * 100} ${b.at[1] * 100})">`
      + `<g transform="rotate(${b.rotation} 50 50)">${wonderMarkup(b.tile, wonder, b.rotation)}</g>${wonderLabel(b.tile, wonder, b.rotation, b.owner ?? null)}</g>`;
  }
  return `<g class="howto-tile" data-testid="howto-tile" data-tile="${esc(b.tile)}" transform="translate(${b.at[0] * 100} ${b.at[1] * 100}) rotate(${b.rotation} 50 50)">${tileMarkup(b.tile, b.rotation)}</g>`;
}

/**
 * "+8" in the scorer's colour (the seat's class gives it, howto.css fills
 * from it): solid for points of the game, hollow for the final scoring.
 */
function pointsBadge(p) {
  const text = `+${p.points}`;
  const width = 20 + 11 * text.length;
  return `<g class="howto-points ${p.final ? "final" : "game"} ${seatClass(p.player)}" data-testid="howto-points" data-player="${p.player}"`
    + ` data-points="${p.points}" data-final="${Boolean(p.final)}" transform="translate(${p.at[0] * 100} ${p.at[1] * 100})">`
    + `<rect x="${-width / 2}" y="-15" width="${width}" height="30" rx="15" stroke-width="3"/>`
    + `<text dy="0.36em" text-anchor="middle" font-size="19" font-weight="700">${text}</text></g>`;
}

function markMarkup(m) {
  const at = `transform="translate(${m.at[0] * 100} ${m.at[1] * 100})"`;
  if (m.kind === "recall") {
    // the abbot taken back (ABBOT-RECALL): the arrow of the table's action badge
    return `<g class="howto-mark recall" data-testid="howto-recall" ${at}><circle r="15" fill="#6b4f8a" stroke="#fff" stroke-width="3"/>`
      + '<path d="M6 -2A7 7 0 1 0 4 5" fill="none" stroke="#fff" stroke-width="2.6" stroke-linecap="round"/><path d="M9 -7L6 -1L1 -4Z" fill="#fff"/></g>';
  }
  if (m.player !== undefined) {
    // a dragon's step, in the colour of the player who moved it (PD-DRAGON-TILE)
    return `<g class="howto-mark step ${seatClass(m.player)}" data-testid="howto-step" data-player="${m.player}" ${at}><circle r="13" stroke="#fff" stroke-width="2.5"/>`
      + `<text dy="0.36em" text-anchor="middle" font-size="16" font-weight="700">${esc(m.text)}</text></g>`;
  }
  if (m.kind === "ok") {
    return `<g class="howto-mark ok" ${at}><circle r="15" fill="#2c9a45" stroke="#fff" stroke-width="3"/>`
      + `<path d="M-7 0l5 5l9-10" stroke="#fff" stroke-width="4" fill="none" stroke-linecap="round" stroke-linejoin="round"/></g>`;
  }
  return `<g class="howto-mark" ${at}><circle r="13" fill="#fff6dc" stroke="#3b2b18" stroke-width="2.5"/>`
    + `<text dy="0.36em" text-anchor="middle" font-size="16" font-weight="700" fill="#3b2b18">${esc(m.text)}</text></g>`;
}

function ghostMarkup(g) {
  return `<g class="howto-ghost" data-testid="howto-ghost" transform="translate(${g.at[0] * 100} ${g.at[1] * 100})">`
    + `<g opacity="0.5" transform="rotate(${g.rotation} 50 50)">${tileMarkup(g.tile, g.rotation)}</g>`
    + `<rect x="2" y="2" width="96" height="96" fill="none" stroke="#d7342b" stroke-width="4" stroke-dasharray="8 6"/>`
    + `<g transform="translate(50 50)"><circle r="17" fill="#d7342b" stroke="#fff" stroke-width="3"/>`
    + `<path d="M-7 -7L7 7M7 -7L-7 7" stroke="#fff" stroke-width="4" stroke-linecap="round"/></g></g>`;
}

/** A good taken, on a disc of its taker's colour. */
function goodsMarkup(g) {
  return `<g class="howto-goods ${seatClass(g.player)}" data-testid="howto-goods" data-player="${g.player}" data-good="${esc(g.good)}" data-count="${g.count}"`
    + ` transform="translate(${g.at[0] * 100} ${g.at[1] * 100})">`
    + `<circle r="19" stroke="#fff" stroke-width="3"/>`
    + `<use href="#good-${esc(g.good)}" x="-14" y="-14" width="28" height="28"/></g>`;
}

/** A small red cross over what has left the board. */
function crossMarkup(x, y) {
  return `<path d="M${x - 9} ${y - 9}L${x + 9} ${y + 9}M${x + 9} ${y - 9}L${x - 9} ${y + 9}" stroke="#d7342b" stroke-width="4" stroke-linecap="round"/>`;
}

/** The dragon in the middle of its square, the fairy beside its follower (neutral.js). */
function neutralPieces(board, drawing) {
  let out = "";
  if (drawing.dragon) {
    const [x, y] = drawing.dragon;
    out += neutralMarkup("dragon", x * 100 + 50, y * 100 + 52, 30, ` data-testid="howto-dragon" data-x="${x}" data-y="${y}"`);
  }
  if (drawing.fairy) {
    const [fx, fy] = fairyPoint((f) => figureSpot(board, f), drawing.fairy, 1.3);
    out += neutralMarkup("fairy", fx, fy, 28, ` data-testid="howto-fairy" data-x="${drawing.fairy.at[0]}" data-y="${drawing.fairy.at[1]}"`);
  }
  return out;
}

/** A dashed arrow from the portal tile's middle to the figure it let through (board units). */
function portalArrow([px, py], [x, y]) {
  const [sx, sy] = [px * 100 + 50, py * 100 + 50];
  const length = Math.hypot(x - sx, y - sy);
  const [ux, uy] = [(x - sx) / length, (y - sy) / length];
  const [ex, ey] = [x - ux * 26, y - uy * 26]; // stop short of the figure
  const head = [[ex, ey], [ex - ux * 14 - uy * 8, ey - uy * 14 + ux * 8], [ex - ux * 14 + uy * 8, ey - uy * 14 - ux * 8]];
  return `<g class="howto-portal" data-testid="howto-portal"><path d="M${sx} ${sy}L${ex - ux * 10} ${ey - uy * 10}" stroke="#7b4bb7" stroke-width="5"`
    + ` stroke-dasharray="9 6" stroke-linecap="round" fill="none"/><polygon points="${head.map((p) => p.join(",")).join(" ")}" fill="#7b4bb7"/></g>`;
}

/** The dragon's flight: a dashed line through its squares, from the volcano. */
function pathMarkup(path) {
  if (!path?.length) return "";
  // below the squares' middles, so that the road and its figures stay clear
  const points = path.map(([x, y]) => `${x * 100 + 50},${y * 100 + 74}`).join(" ");
  return `<polyline class="howto-path" points="${points}" fill="none" stroke="#b3261e" stroke-width="5" stroke-dasharray="10 7" stroke-linecap="round" stroke-opacity="0.8"/>`;
}

/**
 * A drawing as a standalone <svg>: {board: [{tile, at, rotation, owner?}],
 * figures, points, marks, ghost, goods}, framed around what it shows.
 */
function boardSvg(drawing, label) {
  const board = drawing.board;
  const squares = [...coveredSquares(board).keys()].map((k) => k.split(",").map(Number));
  if (drawing.ghost) squares.push(drawing.ghost.at);
  const xs = squares.flatMap((s) => [s[0], s[0] + 1]);
  const ys = squares.flatMap((s) => [s[1], s[1] + 1]);
  // badges, marks and goods may stand off the tiles: the frame takes them in
  for (const d of [...(drawing.points || []), ...(drawing.marks || []), ...(drawing.goods || [])]) {
    xs.push(d.at[0] - 0.25, d.at[0] + 0.25);
    ys.push(d.at[1] - 0.2, d.at[1] + 0.2);
  }
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const pad = 14;
  const box = [minX * 100 - pad, minY * 100 - pad, (maxX - minX) * 100 + 2 * pad, (maxY - minY) * 100 + 2 * pad];
  const glows = (drawing.points || []).filter((p) => p.of).map((p) => glowMarkup(board, p.of));
  const figures = (drawing.figures || []).map((f) => {
    const [x, y] = figureSpot(board, f);
    const drawn = figureMarkup(x, y, f.player, f.feature, 34, ` data-testid="howto-figure" data-figure="${f.figure}" data-player="${f.player}"`
      + ` data-gone="${Boolean(f.gone)}"`, f.figure);
    const through = f.portal ? portalArrow(f.portal, [x, y]) : "";
    return through + (f.gone ? `<g class="howto-gone"><g opacity="0.4">${drawn}</g>${crossMarkup(x, y - 14)}</g>` : drawn);
  });
  const neutral = neutralPieces(board, drawing);
  const scale = SQUARE / 100;
  return `<svg class="howto-svg" viewBox="${box.join(" ")}" width="${Math.round(box[2] * scale)}" height="${Math.round(box[3] * scale)}"`
    + ` role="img" aria-label="${esc(label)}">`
    + board.map(tileGroup).join("")
    + (drawing.ghost ? ghostMarkup(drawing.ghost) : "")
    + [...new Set(glows)].join("")
    + pathMarkup(drawing.path)
    + figures.join("")
    + neutral
    + (drawing.marks || []).map(markMarkup).join("")
    + (drawing.goods || []).map(goodsMarkup).join("")
    + (drawing.points || []).map(pointsBadge).join("")
    + "</svg>";
}

/** One example board with its caption. */
function exampleFigure(id) {
  const caption = rich(`example.${id}`);
  const label = h(`example.${id}`).replace(/\{(red|blue)\}/g, (_, who) => h(`player.${who}`));
  return `<figure class="howto-figure" data-testid="howto-example-${id}">${boardSvg(exampleDrawing(EXAMPLES[id]), label)}`
    + `<figcaption>${caption}</figcaption></figure>`;
}

/** A row of small labelled pictures: [[svg markup, text key]]. */
function pictureRow(items, testid, wide = false) {
  return `<ul class="howto-row${wide ? " wide" : ""}" data-testid="${testid}">${items.map(([svg, key]) => `<li>${svg}<span>${rich(key)}</span></li>`).join("")}</ul>`;
}

/** One tile with one red figure on it, as a small board. */
function oneTile(tile, rotation, figure) {
  const drawing = { board: [{ tile, at: [0, 0], rotation }], figures: [{ player: 0, at: [0, 0], ...figure }] };
  return boardSvg(drawing, tile);
}

function followersRow() {
  return pictureRow([
    [oneTile("BA/RFr", 0, { figure: "meeple", feature: "road", spot: "E" }), "follower.road"],
    [oneTile("BA/C", 0, { figure: "meeple", feature: "city", spot: "N" }), "follower.city"],
    [oneTile("BA/L", 0, { figure: "meeple", feature: "monastery", spot: null }), "follower.monastery"],
    [oneTile("BA/RFr", 0, { figure: "meeple", feature: "field", spot: "NL" }), "follower.field"],
  ], "howto-followers");
}

function handRow() {
  const hand = ["BA/CRr", "BA/L", "BA/RRR"].map((id) => miniTile(id, 0, 56, ' data-testid="howto-tile"')).join("");
  return `<div class="howto-hand" data-testid="howto-hand">${hand}<span>${rich("variants.handPicture")}</span></div>`;
}

const figureItems = (kinds) => kinds.map((k) => [figureIcon(k, 0, 44), `figure.${k}`]);
const goodItems = () => ["wine", "grain", "cloth"].map((good) => [goodIcon(good, 40), `good.${good}`]);

/** The five kinds of watchtower, one tile of each (the catalogue's `watchtower`). */
function towersRow() {
  const tiles = getCatalogue().tiles || {};
  const kinds = ["meeple", "shield", "road_tile", "monastery", "city_tile"];
  return pictureRow(kinds.map((per) => {
    const id = Object.keys(tiles).find((t) => tiles[t].watchtower?.per === per);
    return [id ? miniTile(id, 0, 64, ' data-testid="howto-tile"') : "", `tower.${per}`];
  }), "howto-towers");
}

/** The wonders of the catalogue, whole, each with its name. */
function wondersRow() {
  const wonders = getCatalogue().wonders || {};
  return pictureRow(Object.keys(wonders).map((id) => [miniTile(id, 0, 112, ' data-testid="howto-tile"'), `wonder.${id.split("/")[1]}`]), "howto-wonders", true);
}

/** The abbot and a garden tile (The Abbot). */
function abbotRow() {
  return pictureRow([[figureIcon("abbot", 0, 44), "figure.abbot"], [miniTile("BA/CG", 0, 64, ' data-testid="howto-tile"'), "abbot.gardenTile"]],
    "howto-figures-abbot");
}

/** The dragon, the fairy and one tile of each symbol of The Princess & the Dragon. */
function dragonRow() {
  const tiles = getCatalogue().tiles || {};
  const ids = Object.keys(tiles).filter((t) => tiles[t].set === "princess_dragon");
  const find = (test) => ids.find((t) => test(tiles[t]));
  const kinds = [
    ["volcano", find((d) => d.volcano)], ["dragon", find((d) => d.dragon)], ["portal", find((d) => d.portal)],
    ["princess", find((d) => d.cities.some((c) => c.princess))],
  ];
  return pictureRow([
    [neutralIcon("dragon", 44), "figure.dragon"], [neutralIcon("fairy", 44), "figure.fairy"],
    ...kinds.map(([kind, id]) => [id ? miniTile(id, 0, 64, ' data-testid="howto-tile"') : "", `pd.tile.${kind}`]),
  ], "howto-figures-pd");
}

/**
 * Two players' rows as the table's panel shows them with the next tile
 * drawn ahead (panel.js, VAR-AHEAD-4): each holds the tile of their next turn.
 */
function heldPanel() {
  const box = document.createElement("div");
  const view = {
    players: [h("player.red"), h("player.blue")], scores: [12, 9], current: 0,
    supply: [{ meeple: 5 }, { meeple: 6 }], options: { draw_ahead: true }, hands: [["BA/CRr"], ["BA/L"]],
  };
  renderPlayers(box, { table: null, view, seat: null, current: 0 });
  for (const tile of box.querySelectorAll(".held-tile .mini-tile")) tile.dataset.testid = "howto-tile";
  return `<div class="howto-panel"><div class="players card" data-testid="howto-panel">${box.innerHTML}</div>`
    + `<span>${rich("ahead.panel")}</span></div>`;
}

function scoringTable() {
  const rows = ["road", "city", "monastery", "field"].map((f) => `<tr><th scope="row">${rich(`glance.${f}`)}</th>`
    + `<td>${rich(`glance.${f}.game`)}</td><td>${rich(`glance.${f}.end`)}</td></tr>`).join("");
  return `<table class="howto-glance" data-testid="howto-glance"><thead><tr><td></td><th scope="col">${rich("glance.game")}</th>`
    + `<th scope="col">${rich("glance.end")}</th></tr></thead><tbody>${rows}</tbody></table>`;
}

// --- the page ---------------------------------------------------------------

const p = (key) => `<p>${rich(key)}</p>`;
const list = (tag, keys) => `<${tag}>${keys.map((k) => `<li>${rich(k)}</li>`).join("")}</${tag}>`;
const figures = (...parts) => `<div class="howto-figures">${parts.join("")}</div>`;

/** The sections in order: their id (the anchor) and what they hold. */
const SECTIONS = [
  ["turn", () => p("turn.intro") + list("ol", ["turn.draw", "turn.place", "turn.follower", "turn.score"])
    + figures(exampleFigure("turn")) + p("turn.followers") + followersRow() + p("turn.here")],
  ["roads", () => list("ul", ["roads.ends", "roads.points"]) + figures(exampleFigure("road"))],
  ["cities", () => list("ul", ["cities.closed", "cities.points"]) + figures(exampleFigure("city"))],
  ["monasteries", () => list("ul", ["monasteries.closed", "monasteries.points"]) + figures(exampleFigure("monastery"))],
  ["fields", () => list("ul", ["fields.bounds", "fields.points"]) + figures(exampleFigure("field"))],
  ["scoring", () => list("ul", ["scoring.when", "scoring.most", "scoring.back", "scoring.shared"])
    + figures(exampleFigure("shared"))],
  ["end", () => p("end.intro") + list("ul", ["end.road", "end.city", "end.monastery", "end.field"]) + p("end.winner")
    + figures(exampleFigure("end")) + scoringTable()],
  ["variants", () => p("variants.intro") + list("ul", ["variants.farmers", "variants.firstEdition", "variants.tiny", "variants.hand"])
    + figures(exampleFigure("tiny")) + handRow()],
  ["draw_ahead", () => p("ahead.intro") + list("ul", ["ahead.hold", "ahead.turn", "ahead.unplaceable", "ahead.shown"]) + heldPanel()],
  ["inns_cathedrals", () => p("ic.intro") + list("ul", ["ic.inn", "ic.cathedral", "ic.large", "ic.fields"])
    + pictureRow(figureItems(["meeple", "large"]), "howto-figures-ic") + figures(exampleFigure("inn"), exampleFigure("cathedral"), exampleFigure("large"))],
  ["traders_builders", () => p("tb.intro") + list("ul", ["tb.goods", "tb.builder", "tb.pig"])
    + pictureRow([...goodItems(), ...figureItems(["builder", "pig"])], "howto-figures-tb")
    + figures(exampleFigure("goods"), exampleFigure("builder"), exampleFigure("pig"))],
  ["watchtowers", () => list("ul", ["wt.place", "wt.when"]) + towersRow() + p("wt.after") + figures(exampleFigure("watchtower"))],
  ["wonders", () => list("ul", ["won.intro", "won.get", "won.place", "won.count"]) + wondersRow()
    + list("ul", ["won.stonehenge", "won.circus", "won.alhambra", "won.notreDame"]) + p("won.provisional")
    + figures(exampleFigure("wonder"))],
  ["river", () => p("river.intro") + list("ul", ["river.setup", "river.place", "river.uturn", "river.features", "river.fields"])
    + figures(exampleFigure("river"), exampleFigure("uturn"), exampleFigure("riverFields"))],
  ["abbot", () => p("abbot.intro") + list("ul", ["abbot.where", "abbot.garden", "abbot.score", "abbot.recall"]) + abbotRow()
    + figures(exampleFigure("abbot"))],
  ["princess_dragon", () => p("pd.intro") + dragonRow()
    + list("ul", ["pd.volcano", "pd.flight", "pd.eat"]) + figures(exampleFigure("dragon"))
    + list("ul", ["pd.fairy", "pd.fairyPoints"]) + figures(exampleFigure("fairy"))
    + list("ul", ["pd.portal", "pd.princess"]) + figures(exampleFigure("portal"), exampleFigure("princess"))],
  ["keyboard", () => p("keys.intro") + list("ul", ["keys.arrows", "keys.rotate", "keys.tab", "keys.enter", "keys.escape",
    "keys.dragon", "keys.zoom"]) + p("keys.reader")],
];

function render() {
  document.title = h("page.title");
  const contents = SECTIONS.map(([id]) => `<li><a href="#${id}">${rich(`section.${id}`)}</a></li>`).join("");
  const sections = SECTIONS.map(([id, body]) => `<section class="card howto-section" id="${id}" data-testid="howto-section-${id}">`
    + `<h2>${rich(`section.${id}`)}</h2>${body()}</section>`).join("");
  document.getElementById("howto").innerHTML = `<section class="card howto-intro" data-testid="howto-intro">`
    + `<h1>${rich("page.title")}</h1>${p("page.intro")}<nav aria-label="${esc(h("page.contents"))}"><ol class="howto-contents" data-testid="howto-contents">${contents}</ol></nav></section>`
    + sections;
}

async function useTexts() {
  texts = (language() === "en" ? english : await loadTexts(language())) || {};
  render();
}

async function main() {
  await initI18n();
  languageSwitch(document.getElementById("language"));
  installDefs();
  english = (await loadTexts("en")) || {};
  try {
    setCatalogue(await api.catalogue());
  } catch (err) {
    toast(err.message);
  }
  // the account bar, as on every page of the site
  const account = document.getElementById("account");
  await loadMe();
  renderAccount(account);
  document.addEventListener("languagechange", () => renderAccount(account));
  document.addEventListener("languagechange", useTexts);
  await useTexts();
  document.body.dataset.ready = "true";
  // the sections exist only now: go to the one the address names
  if (location.hash) document.getElementById(location.hash.slice(1))?.scrollIntoView();
}

main();
