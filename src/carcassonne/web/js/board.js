// The board: an SVG that pans (drag), zooms (wheel, pinch, buttons) and fits
// itself to what is on it. One board square is 100 units; square (x, y) has
// its top-left corner at (100x, 100y), x east and y south like the game.
//
// Layers, bottom to top: tiles, legal squares, last-tile mark, ghost tile,
// figures, figure spots. The board keeps "follow" mode on until someone pans
// or zooms by hand: while on, it fits itself again whenever the board grows.
//
// A wonder (The Wonders of Humanity) is one entry of the board list, at its
// anchor square with its rotation, and covers several squares around it:
// it is drawn whole, turned about its anchor, with its name upright on the
// monument and its owner's marker beside the name.

import { figurePoint, tileGeometry } from "./geometry.js";
import { figureMarkup, getCatalogue, PLAYER_COLOURS, tileMarkup, wonderData } from "./tiles.js";
import { pieceSquares, pieceToBoard, wonderFigurePoint, wonderLabel, wonderMarkup, wonderShape } from "./wonders.js";

const NS = "http://www.w3.org/2000/svg";
const MIN_SCALE = 0.12;
const MAX_SCALE = 2.2;

function el(tag, attrs = {}, parent = null) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

function geometryOf(tile) {
  const data = getCatalogue().tiles?.[tile];
  return data ? tileGeometry(tile, data) : null;
}

/** The squares each entry of the board list covers: "x,y" -> {entry, key (the wonder's square)}. */
export function coveredSquares(board) {
  const out = new Map();
  for (const b of board || []) {
    const wonder = wonderData(b.tile);
    if (!wonder) {
      out.set(`${b.at[0]},${b.at[1]}`, { entry: b, key: null });
      continue;
    }
    for (const sq of pieceSquares(wonder, b.at, b.rotation)) out.set(`${sq.x},${sq.y}`, { entry: b, key: sq.key });
  }
  return out;
}

/** Where a figure stands, in board units (the middle of its square when the tile is unknown). */
export function figureSpot(board, fig, covered = null) {
  const [x, y] = fig.at || fig.on;
  const found = (covered || coveredSquares(board)).get(`${x},${y}`);
  const placed = found?.entry;
  const wonder = placed && wonderData(placed.tile);
  if (wonder) {
    const p = wonderFigurePoint(wonderShape(placed.tile, wonder), found.key, fig.feature, fig.spot, placed.rotation);
    return pieceToBoard(p, placed.at, placed.rotation);
  }
  const geo = placed ? geometryOf(placed.tile) : null;
  const [u, v] = geo ? figurePoint(geo, fig.feature, fig.spot, placed.rotation) : [0.5, 0.5];
  return [x * 100 + u * 100, y * 100 + v * 100];
}

/** The group of a wonder on the board: the piece turned about its anchor, its name and marker upright. */
function wonderGroup(id, data, rotation, colour) {
  return `<g transform="rotate(${rotation} 50 50)">${wonderMarkup(id, data)}</g>${wonderLabel(id, data, rotation, colour)}`;
}

export class BoardView {
  constructor(container) {
    this.container = container;
    this.svg = el("svg", { class: "board-svg", "data-testid": "board" });
    container.appendChild(this.svg);
    this.view = el("g", { class: "viewport" }, this.svg);
    this.layers = {};
    for (const name of ["tiles", "highlights", "preview", "last", "ghost", "figures", "spots"]) {
      this.layers[name] = el("g", { class: `layer-${name}` }, this.view);
    }
    this.tiles = new Map();
    this.covered = new Map();
    this.k = 0.6;
    this.tx = 0;
    this.ty = 0;
    this.follow = true;
    this.extent = null;
    this.handlers = {};
    this.bindPointer();
    new ResizeObserver(() => {
      if (this.follow) this.fit();
    }).observe(container);
  }

  on(name, fn) {
    this.handlers[name] = fn;
  }

  // --- view transform -------------------------------------------------

  apply() {
    this.view.setAttribute("transform", `translate(${this.tx.toFixed(1)} ${this.ty.toFixed(1)}) scale(${this.k.toFixed(4)})`);
    // figures grow a little when the board is small, so they stay easy to see
    const grow = this.figureGrow();
    if (this.figures && Math.abs(grow - this.drawnGrow) > 0.08) this.setFigures(this.figures, this.board);
  }

  figureGrow() {
    return Math.max(1, Math.min(1.6, 0.55 / this.k));
  }

  /** Zoom by `factor` about the point (cx, cy) of the container. */
  zoomBy(factor, cx, cy, byHand = true) {
    const rect = this.svg.getBoundingClientRect();
    const px = cx ?? rect.width / 2;
    const py = cy ?? rect.height / 2;
    const k = Math.max(MIN_SCALE, Math.min(MAX_SCALE, this.k * factor));
    this.tx = px - ((px - this.tx) * k) / this.k;
    this.ty = py - ((py - this.ty) * k) / this.k;
    this.k = k;
    if (byHand) this.follow = false;
    this.apply();
  }

  /** Show everything on the board (tiles and legal squares) and follow again. */
  fit() {
    this.follow = true;
    const rect = this.svg.getBoundingClientRect();
    if (!rect.width || !rect.height) return;
    // the tiles and the ring of squares around them, where tiles may go next
    // (a wonder's anchor may lie further out: the highlighted squares count too)
    const squares = [...this.covered.keys()].map((k) => k.split(",").map(Number));
    for (const [x, y] of [...(this.highlighted || []), ...(this.ghostSquares || [])]) squares.push([x, y]);
    if (!squares.length) squares.push([0, 0]);
    const xs = squares.map((s) => s[0]);
    const ys = squares.map((s) => s[1]);
    const minX = Math.min(...xs) - 1;
    const maxX = Math.max(...xs) + 2;
    const minY = Math.min(...ys) - 1;
    const maxY = Math.max(...ys) + 2;
    const pad = 30;
    const k = Math.min((rect.width - 2 * pad) / ((maxX - minX) * 100), (rect.height - 2 * pad) / ((maxY - minY) * 100), 1.3);
    this.k = Math.max(MIN_SCALE, k);
    this.tx = rect.width / 2 - ((minX + maxX) / 2) * 100 * this.k;
    this.ty = rect.height / 2 - ((minY + maxY) / 2) * 100 * this.k;
    this.extent = `${minX},${minY},${maxX},${maxY}`;
    this.apply();
  }

  /** Fit again if following (the board may have grown). */
  refit() {
    if (this.follow) this.fit();
  }

  bindPointer() {
    const pointers = new Map();
    let drag = null;
    let moved = false;
    let pinch = null;
    this.svg.addEventListener("pointerdown", (e) => {
      pointers.set(e.pointerId, [e.clientX, e.clientY]);
      if (pointers.size === 1) {
        drag = { x: e.clientX, y: e.clientY, tx: this.tx, ty: this.ty };
        moved = false;
      } else if (pointers.size === 2) {
        const [a, b] = [...pointers.values()];
        pinch = { d: Math.hypot(a[0] - b[0], a[1] - b[1]), k: this.k };
      }
    });
    this.svg.addEventListener("pointermove", (e) => {
      if (!pointers.has(e.pointerId)) return;
      pointers.set(e.pointerId, [e.clientX, e.clientY]);
      if (pinch && pointers.size === 2) {
        const [a, b] = [...pointers.values()];
        const rect = this.svg.getBoundingClientRect();
        const d = Math.hypot(a[0] - b[0], a[1] - b[1]);
        this.zoomBy((pinch.k * d) / pinch.d / this.k, (a[0] + b[0]) / 2 - rect.left, (a[1] + b[1]) / 2 - rect.top);
        moved = true;
        return;
      }
      if (!drag) return;
      const dx = e.clientX - drag.x;
      const dy = e.clientY - drag.y;
      if (!moved && Math.hypot(dx, dy) < 5) return;
      if (!moved) this.svg.setPointerCapture?.(e.pointerId);
      moved = true;
      this.follow = false;
      this.svg.classList.add("dragging");
      this.tx = drag.tx + dx;
      this.ty = drag.ty + dy;
      this.apply();
    });
    const end = (e) => {
      pointers.delete(e.pointerId);
      if (pointers.size < 2) pinch = null;
      if (pointers.size === 0) {
        drag = null;
        this.svg.classList.remove("dragging");
      }
    };
    this.svg.addEventListener("pointerup", end);
    this.svg.addEventListener("pointercancel", end);
    // a drag is not a click
    this.svg.addEventListener("click", (e) => {
      if (moved) {
        e.stopPropagation();
        e.preventDefault();
        moved = false;
      }
    }, true);
    this.svg.addEventListener("wheel", (e) => {
      e.preventDefault();
      const rect = this.svg.getBoundingClientRect();
      this.zoomBy(Math.pow(1.0015, -e.deltaY), e.clientX - rect.left, e.clientY - rect.top);
    }, { passive: false });
  }

  // --- contents -------------------------------------------------------

  /**
   * Show exactly these tiles: [{tile, at: [x, y], rotation}]; a wonder may
   * carry `owner` (its owner's seat), whose marker stands on it.
   */
  setTiles(board) {
    const wanted = new Map(board.map((b) => [`${b.at[0]},${b.at[1]}`, b]));
    for (const [key, node] of this.tiles) {
      const b = wanted.get(key);
      if (!b || node.dataset.tile !== b.tile || Number(node.dataset.rotation) !== b.rotation
        || (node.dataset.owner ?? "") !== String(b.owner ?? "")) {
        node.remove();
        this.tiles.delete(key);
      }
    }
    for (const [key, b] of wanted) {
      if (this.tiles.has(key)) continue;
      const wonder = wonderData(b.tile);
      if (wonder) {
        const colour = b.owner == null ? null : PLAYER_COLOURS[b.owner % PLAYER_COLOURS.length];
        const g = el("g", {
          class: "board-tile board-wonder", "data-testid": "board-wonder", "data-x": b.at[0], "data-y": b.at[1],
          "data-tile": b.tile, "data-rotation": b.rotation, "data-owner": b.owner ?? "",
          transform: `translate(${b.at[0] * 100} ${b.at[1] * 100})`,
        }, this.layers.tiles);
        g.innerHTML = wonderGroup(b.tile, wonder, b.rotation, colour);
        this.tiles.set(key, g);
        continue;
      }
      const g = el("g", {
        class: "board-tile", "data-testid": "board-tile", "data-x": b.at[0], "data-y": b.at[1],
        "data-tile": b.tile, "data-rotation": b.rotation,
        transform: `translate(${b.at[0] * 100} ${b.at[1] * 100}) rotate(${b.rotation} 50 50)`,
      }, this.layers.tiles);
      g.innerHTML = tileMarkup(b.tile);
      this.tiles.set(key, g);
    }
    this.board = board;
    this.covered = coveredSquares(board);
  }

  /** Figures: [{player, figure, feature, spot, at}]; each kind has its own shape. */
  setFigures(figures, board = this.board || []) {
    this.figures = figures;
    this.drawnGrow = this.figureGrow();
    const covered = coveredSquares(board);
    this.layers.figures.innerHTML = figures.map((f) => {
      const [x, y] = figureSpot(board, f, covered);
      const colour = PLAYER_COLOURS[f.player % PLAYER_COLOURS.length];
      const figure = f.figure || "meeple";
      return figureMarkup(x, y, colour, f.feature, 26 * this.drawnGrow,
        ` data-testid="board-figure" data-player="${f.player}" data-figure="${figure}" data-feature="${f.feature}" data-x="${f.at[0]}" data-y="${f.at[1]}"`,
        figure);
    }).join("");
  }

  /** Mark the last placed tile (every square of a wonder) with its player's colour. */
  setLast(at, player) {
    this.layers.last.innerHTML = "";
    if (!at) return;
    const colour = player == null ? "#ffb300" : PLAYER_COLOURS[player % PLAYER_COLOURS.length];
    const placed = this.covered.get(`${at[0]},${at[1]}`)?.entry;
    const wonder = placed && wonderData(placed.tile);
    const squares = wonder ? pieceSquares(wonder, placed.at, placed.rotation) : [{ x: at[0], y: at[1] }];
    for (const sq of squares) {
      el("rect", { x: sq.x * 100 + 2, y: sq.y * 100 + 2, width: 96, height: 96, class: "last-mark",
        stroke: colour, "data-testid": "last-tile", "data-x": sq.x, "data-y": sq.y }, this.layers.last);
    }
  }

  /** A light outline of the squares a piece would cover (a wonder, before it is put down). */
  setPreview(squares) {
    this.layers.preview.innerHTML = "";
    for (const [x, y] of squares || []) {
      el("rect", { x: x * 100 + 3, y: y * 100 + 3, width: 94, height: 94, rx: 6, class: "preview-square",
        "data-testid": "preview-square", "data-x": x, "data-y": y }, this.layers.preview);
    }
  }

  /** Highlight the squares where the tile fits; `onPick([x, y])` on click. */
  setHighlights(squares, onPick, onHover = null) {
    this.layers.highlights.innerHTML = "";
    this.highlighted = squares;
    for (const [x, y] of squares) {
      const r = el("rect", { x: x * 100 + 4, y: y * 100 + 4, width: 92, height: 92, rx: 8, class: "legal-square",
        "data-testid": "legal-square", "data-x": x, "data-y": y }, this.layers.highlights);
      r.addEventListener("click", () => onPick([x, y]));
      if (onHover) {
        r.addEventListener("pointerenter", () => onHover([x, y]));
        r.addEventListener("pointerleave", () => onHover(null));
      }
    }
    if (!onHover) this.setPreview([]);
  }

  /** The tile being placed, not yet confirmed; clicking it calls `onClick`. */
  setGhost(ghost, onClick) {
    this.layers.ghost.innerHTML = "";
    this.ghostSquares = [];
    if (!ghost) return;
    const [x, y] = ghost.at;
    const g = el("g", { class: "ghost", "data-testid": "ghost", "data-x": x, "data-y": y, "data-rotation": ghost.rotation,
      "data-tile": ghost.tile, transform: `translate(${x * 100} ${y * 100})` }, this.layers.ghost);
    const wonder = wonderData(ghost.tile);
    if (wonder) {
      // the whole piece around the anchor square, each square framed
      g.innerHTML = wonderGroup(ghost.tile, wonder, ghost.rotation, null);
      this.ghostSquares = pieceSquares(wonder, ghost.at, ghost.rotation).map((sq) => [sq.x, sq.y]);
      for (const sq of pieceSquares(wonder, [0, 0], ghost.rotation)) {
        el("rect", { x: sq.x * 100 + 1, y: sq.y * 100 + 1, width: 98, height: 98, class: `ghost-frame${sq.key === "0,0" ? " anchor" : ""}` }, g);
      }
    } else {
      const inner = el("g", { transform: `rotate(${ghost.rotation} 50 50)` }, g);
      inner.innerHTML = tileMarkup(ghost.tile);
      el("rect", { x: 1, y: 1, width: 98, height: 98, class: "ghost-frame" }, g);
    }
    if (ghost.rotations > 1) {
      const badge = el("g", { class: "ghost-rotate", "data-testid": "ghost-rotate", transform: "translate(98 2)" }, g);
      el("circle", { r: 12 }, badge);
      el("path", { d: "M-5 -3A6 6 0 1 1 -6 3M-5 -3l-1 -6M-5 -3l6 -1" }, badge);
    }
    g.addEventListener("click", () => onClick?.());
  }

  /**
   * Clickable figure spots on the ghost tile, one per segment:
   * [{key, point: [x, y], feature, kinds: ["meeple", "large"...], label, blocked?}].
   * `picks` are the chosen spots, [{key, kind}] (one on a tile, up to two on
   * a wonder): each shows its figure of that kind. The `active` pick, when
   * its spot takes several kinds, gets a small chooser above it that
   * switches between them (`onKind(kind)`). A `blocked` spot cannot join the
   * picks made so far and is drawn faint.
   */
  setSpots(spots, picks, active, player, onPick, onKind = () => {}) {
    this.layers.spots.innerHTML = "";
    const colour = PLAYER_COLOURS[(player ?? 0) % PLAYER_COLOURS.length];
    const grow = Math.min(1.3, this.figureGrow());
    const chosen = new Map((picks || []).map((p) => [p.key, p.kind]));
    let chooser = null;
    for (const s of spots) {
      const [x, y] = s.point;
      const isSel = chosen.has(s.key);
      const kind = chosen.get(s.key);
      const shown = isSel && s.kinds.includes(kind) ? kind : s.kinds[0];
      const g = el("g", { class: `figure-spot${isSel ? " selected" : ""}${s.blocked && !isSel ? " blocked" : ""}`, "data-testid": "figure-spot",
        "data-feature": s.feature, "data-spot": s.spot ?? "", "data-figure": shown, "data-kinds": s.kinds.join(" "),
        "data-on": s.on ?? "", transform: `translate(${x} ${y}) scale(${grow.toFixed(2)})` }, this.layers.spots);
      el("circle", { r: 12, class: "spot-ring", stroke: colour }, g);
      if (isSel) {
        g.insertAdjacentHTML("beforeend", figureMarkup(0, 0, colour, s.feature, 24, "", shown));
      } else if (shown === "builder" || shown === "pig") {
        // a spot only for the builder or the pig shows which
        g.insertAdjacentHTML("beforeend", figureMarkup(0, 0, colour, s.feature, 15, "", shown));
      } else {
        el("circle", { r: 5, class: "spot-dot", fill: colour }, g);
      }
      const title = el("title", {}, g);
      title.textContent = s.label || s.feature;
      g.addEventListener("click", (e) => {
        e.stopPropagation();
        onPick(s.key);
      });
      if (isSel && s.key === active && s.kinds.length > 1) chooser = [s, shown];
    }
    // Drawn last, so that no spot drawn after it covers its buttons.
    if (chooser) this.kindChooser(chooser[0], chooser[1], colour, grow, onKind);
  }

  /** The row of figure kinds above the selected spot. */
  kindChooser(spot, shown, colour, grow, onKind) {
    const [x, y] = spot.point;
    const size = 26;
    const gap = 4;
    const width = spot.kinds.length * size + (spot.kinds.length - 1) * gap;
    const below = y - Math.floor(y / 100) * 100 < 40; // near the top edge of its square: go below
    const dy = below ? 22 : -22 - size;
    const g = el("g", { class: "kind-chooser", "data-testid": "kind-chooser",
      transform: `translate(${x} ${y}) scale(${grow.toFixed(2)}) translate(${-width / 2} ${dy})` }, this.layers.spots);
    el("rect", { x: -4, y: -4, width: width + 8, height: size + 8, rx: 8, class: "kind-back" }, g);
    spot.kinds.forEach((k, i) => {
      const b = el("g", { class: `kind-option${k === shown ? " chosen" : ""}`, "data-testid": "figure-kind", "data-figure": k,
        transform: `translate(${i * (size + gap)} 0)` }, g);
      el("rect", { width: size, height: size, rx: 6, class: "kind-box", stroke: k === shown ? colour : "#8a7a5c" }, b);
      b.insertAdjacentHTML("beforeend", figureMarkup(size / 2, size / 2, colour, "city", 17, "", k));
      const title = el("title", {}, b);
      title.textContent = spot.kindLabels?.[k] || k;
      b.addEventListener("click", (e) => {
        e.stopPropagation();
        onKind(k);
      });
    });
  }
}

export { PLAYER_COLOURS };
