// The board: an SVG that pans (drag), zooms (wheel, pinch, buttons) and fits
// itself to what is on it. One board square is 100 units; square (x, y) has
// its top-left corner at (100x, 100y), x east and y south like the game.
//
// Layers, bottom to top: tiles, legal squares, last-tile mark, ghost tile,
// figures, figure spots. Until someone pans or zooms by hand the board
// follows the game by itself ("focus"): it shows everything while a tile
// stays readable on screen (readable()), and past that (a big board, a
// phone) it keeps that zoom and follows the last placed tile, moving only
// when that tile leaves the middle of the view. The fit button shows
// everything, however small ("all"), and keeps doing so as the board grows;
// pressed again it goes back to following the last tile (toggleFit()).
//
// A wonder (The Wonders of Humanity) is one entry of the board list, at its
// anchor square with its rotation, and covers several squares around it:
// it is drawn whole, turned about its anchor, with its name upright on the
// monument and its owner's marker beside the name.

import { figurePoint, GRID, tileGeometry } from "./geometry.js";
import { playerColour } from "./palette.js";
import { figureMarkup, getCatalogue, PLAYER_COLOURS, symbolGrow, tileMarkup, wonderData } from "./tiles.js";
import { figureSize } from "./figures.js";
import { actionBadges, neutralLayer } from "./neutral.js";
import { focusedKey, operable, refocus } from "./keys.js";
import { pieceSquares, pieceToBoard, wonderFigurePoint, wonderLabel, wonderMarkup, wonderShape } from "./wonders.js";

const NS = "http://www.w3.org/2000/svg";
const MIN_SCALE = 0.12;
const MAX_SCALE = 2.2;
/** The smallest zoom the board picks by itself: a square of 52 px on a
 * phone, 40 px on a wider screen (where a mouse wheel zooms at once). */
export function readable(width) {
  return width < 700 ? 0.52 : 0.4;
}

/** A new SVG element `tag` with `attrs`, appended to `parent` when given. */
export function el(tag, attrs = {}, parent = null) {
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

/** The centre of a view `span` wide showing `at`, kept inside [low, high] where the board is wider. */
function clampCentre(at, low, high, span) {
  if (high - low <= span) return (low + high) / 2;
  return Math.max(low + span / 2, Math.min(high - span / 2, at));
}

/** The group of a wonder on the board: the piece turned about its anchor, its name and marker upright. */
function wonderGroup(id, data, rotation, owner) {
  return `<g transform="rotate(${rotation} 50 50)">${wonderMarkup(id, data, rotation)}</g>${wonderLabel(id, data, rotation, owner)}`;
}

export class BoardView {
  constructor(container) {
    this.container = container;
    this.svg = el("svg", { class: "board-svg", "data-testid": "board" });
    container.appendChild(this.svg);
    this.view = el("g", { class: "viewport" }, this.svg);
    this.layers = {};
    for (const name of ["tiles", "dead", "lit", "flight", "highlights", "preview", "last", "ghost", "figures", "neutral", "actions", "spots"]) {
      this.layers[name] = el("g", { class: `layer-${name}` }, this.view);
    }
    this.tiles = new Map();
    this.covered = new Map();
    this.k = 0.6;
    this.tx = 0;
    this.ty = 0;
    this.follow = "focus"; // "focus", "all" or null (moved by hand)
    this.focus = null; // the square followed: the last placed tile
    this.extent = null;
    // how many pixels at the left of the board its buttons cover (set by the
    // page): a board shown whole keeps clear of them
    this.coveredLeft = () => 0;
    this.handlers = {};
    this.bindPointer();
    new ResizeObserver(() => this.refit()).observe(container);
  }

  on(name, fn) {
    this.handlers[name] = fn;
  }

  // --- view transform -------------------------------------------------

  // The <svg> is twice the container's size each way, centred on it
  // (style.css), so a drag can move it as one composited picture (a CSS
  // transform, no redrawing) until it has moved far; `tx`, `ty` are in the
  // container's pixels. apply() draws the view afresh.

  /** The container's box on screen. */
  box() {
    return this.container.getBoundingClientRect();
  }

  apply() {
    const ox = this.container.clientWidth / 2;
    const oy = this.container.clientHeight / 2;
    this.view.setAttribute("transform", `translate(${(this.tx + ox).toFixed(1)} ${(this.ty + oy).toFixed(1)}) scale(${this.k.toFixed(4)})`);
    this.drawn = [this.tx, this.ty];
    this.svg.style.transform = "";
    this.handlers.view?.(this.follow);
    // figures grow a little when the board is small, so they stay easy to see
    const grow = this.figureGrow();
    if (this.figures && Math.abs(grow - this.drawnGrow) > 0.08) {
      this.setFigures(this.figures, this.board);
      this.setNeutral(this.neutral);
    }
    // coats of arms and goods keep a least size on screen (style.css .sym-grow)
    // (set only when it changes: a new value restyles every tile)
    const symbols = symbolGrow(this.k).toFixed(3);
    if (symbols !== this.drawnSymbols) {
      this.svg.style.setProperty("--sym-grow", symbols);
      this.drawnSymbols = symbols;
    }
  }

  /** Move the view by hand to (tx, ty): a shift of the drawn picture while it stays near. */
  panTo(tx, ty) {
    this.tx = tx;
    this.ty = ty;
    const dx = tx - (this.drawn?.[0] ?? tx);
    const dy = ty - (this.drawn?.[1] ?? ty);
    if (Math.abs(dx) < this.container.clientWidth * 0.4 && Math.abs(dy) < this.container.clientHeight * 0.4) {
      this.svg.style.transform = `translate(${dx.toFixed(1)}px, ${dy.toFixed(1)}px)`;
    } else {
      this.apply();
    }
  }

  figureGrow() {
    return Math.max(1, Math.min(1.6, 0.55 / this.k));
  }

  /** Zoom by `factor` about the point (cx, cy) of the container. */
  zoomBy(factor, cx, cy, byHand = true) {
    const rect = this.box();
    const px = cx ?? rect.width / 2;
    const py = cy ?? rect.height / 2;
    const k = Math.max(MIN_SCALE, Math.min(MAX_SCALE, this.k * factor));
    this.tx = px - ((px - this.tx) * k) / this.k;
    this.ty = py - ((py - this.ty) * k) / this.k;
    this.k = k;
    if (byHand) this.follow = null;
    this.apply();
  }

  /** Show everything on the board, however small, and keep doing so. */
  fit() {
    this.place("all");
  }

  /** The fit button: show everything, or, when it already does, follow the
   * last placed tile again at a readable zoom. */
  toggleFit() {
    this.place(this.follow === "all" ? "focus" : "all");
  }

  /** Follow the game by itself again (see the top of this file). */
  place(mode = "focus") {
    this.follow = mode;
    const rect = this.box();
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
    const inset = Math.max(0, this.coveredLeft() - pad); // (the padding keeps clear of some of it)
    const k = Math.min((rect.width - inset - 2 * pad) / ((maxX - minX) * 100), (rect.height - 2 * pad) / ((maxY - minY) * 100), 1.3);
    this.extent = `${minX},${minY},${maxX},${maxY}`;
    const least = readable(rect.width);
    if (mode === "all" || k >= least || !this.focus) {
      this.k = Math.max(MIN_SCALE, k);
      this.tx = inset + (rect.width - inset) / 2 - ((minX + maxX) / 2) * 100 * this.k;
      this.ty = rect.height / 2 - ((minY + maxY) / 2) * 100 * this.k;
    } else {
      // too big to show whole at a readable size: follow the focus square,
      // moving only when it leaves the middle of the view
      const [fx, fy] = [(this.focus[0] + 0.5) * 100, (this.focus[1] + 0.5) * 100];
      const sx = this.tx + fx * this.k;
      const sy = this.ty + fy * this.k;
      const inside = Math.abs(this.k - least) < 1e-6
        && sx > rect.width * 0.2 && sx < rect.width * 0.8 && sy > rect.height * 0.2 && sy < rect.height * 0.8;
      if (!inside) {
        this.k = least;
        // centred on the focus, but no further out than the board's edge
        const cx = clampCentre(fx, minX * 100, maxX * 100, rect.width / least);
        const cy = clampCentre(fy, minY * 100, maxY * 100, rect.height / least);
        this.tx = rect.width / 2 - cx * least;
        this.ty = rect.height / 2 - cy * least;
      }
    }
    this.apply();
  }

  /** Place the board again if it follows the game (it may have grown). */
  refit() {
    if (this.follow) this.place(this.follow);
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
        const rect = this.box();
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
      this.follow = null;
      this.svg.classList.add("dragging");
      this.panTo(drag.tx + dx, drag.ty + dy);
    });
    const end = (e) => {
      pointers.delete(e.pointerId);
      if (pointers.size < 2) pinch = null;
      if (pointers.size === 0) {
        if (drag && moved) this.apply(); // the picture shifted: draw it where it now is
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
    // pointing at the board (a mouse, no button held) or tapping it: the
    // board point under it goes to the "inspect" handler
    const point = (e) => {
      const rect = this.box();
      return [(e.clientX - rect.left - this.tx) / this.k, (e.clientY - rect.top - this.ty) / this.k];
    };
    this.svg.addEventListener("pointermove", (e) => {
      if (e.pointerType === "mouse" && !e.buttons) this.handlers.inspect?.(point(e), "hover");
    });
    this.svg.addEventListener("pointerleave", (e) => {
      if (e.pointerType === "mouse") this.handlers.inspect?.(null, "hover");
    });
    this.svg.addEventListener("click", (e) => {
      if (e.target.closest?.(".legal-square, .ghost, .figure-spot, .kind-chooser, .action-spot")) return;
      this.handlers.inspect?.(point(e), "tap");
    });
    this.svg.addEventListener("wheel", (e) => {
      e.preventDefault();
      const rect = this.box();
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
        const g = el("g", {
          class: "board-tile board-wonder", "data-testid": "board-wonder", "data-x": b.at[0], "data-y": b.at[1],
          "data-tile": b.tile, "data-rotation": b.rotation, "data-owner": b.owner ?? "",
          transform: `translate(${b.at[0] * 100} ${b.at[1] * 100})`,
        }, this.layers.tiles);
        g.innerHTML = wonderGroup(b.tile, wonder, b.rotation, b.owner ?? null);
        this.tiles.set(key, g);
        continue;
      }
      const g = el("g", {
        class: "board-tile", "data-testid": "board-tile", "data-x": b.at[0], "data-y": b.at[1],
        "data-tile": b.tile, "data-rotation": b.rotation,
        transform: `translate(${b.at[0] * 100} ${b.at[1] * 100}) rotate(${b.rotation} 50 50)`,
      }, this.layers.tiles);
      g.innerHTML = tileMarkup(b.tile, b.rotation);
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
      const figure = f.figure || "meeple";
      return figureMarkup(x, y, f.player, f.feature, 26 * this.drawnGrow,
        ` data-testid="board-figure" data-player="${f.player}" data-figure="${figure}" data-feature="${f.feature}" data-x="${f.at[0]}" data-y="${f.at[1]}"`,
        figure);
    }).join("");
  }

  /**
   * The dragon, the fairy and the dragon's flight (the view's
   * `princess_dragon`, or null): see neutral.js.
   */
  setNeutral(pd) {
    this.neutral = pd || null;
    const board = this.board || [];
    const covered = coveredSquares(board);
    const drawn = neutralLayer((fig) => figureSpot(board, fig, covered), this.neutral, this.figureGrow());
    this.layers.flight.innerHTML = drawn.trail;
    this.layers.neutral.innerHTML = drawn.pieces;
  }

  /**
   * The actions a placement may take instead of a figure, as badges:
   * [{key, kind, point, label}]; `chosen` the picked one's key; `onPick(key)`.
   */
  setActions(actions, chosen, onPick) {
    const focused = focusedKey(this.layers.actions);
    this.layers.actions.innerHTML = actionBadges(actions || [], chosen, Math.min(1.3, this.figureGrow()));
    for (const g of this.layers.actions.querySelectorAll("[data-key]")) {
      const action = (actions || []).find((a) => a.key === g.dataset.key);
      operable(g, action?.label || g.dataset.key, () => onPick(g.dataset.key), { pressed: g.dataset.key === chosen });
      g.addEventListener("click", (e) => {
        e.stopPropagation();
        onPick(g.dataset.key);
      });
    }
    refocus(this.layers.actions, focused);
  }

  /**
   * Light up areas of tiles: [{at, tile, rotation, kind, seg}] (kind city,
   * road, field or monastery, `seg` its segment on the tile; kind "square"
   * lights a whole square). `tone` "claim" is a spot's feature, "look" one
   * pointed at.
   */
  setLit(areas, tone = "look") {
    this.layers.lit.innerHTML = (areas || []).map((a) => {
      const where = `translate(${a.at[0] * 100} ${a.at[1] * 100})`;
      if (a.kind === "square") return `<rect class="lit-area" x="${a.at[0] * 100}" y="${a.at[1] * 100}" width="100" height="100"/>`;
      const geo = geometryOf(a.tile);
      if (!geo) return "";
      let shape = "";
      if (a.kind === "city") shape = `<path class="lit-area" d="${geo.cities[a.seg]?.path || ""}"/>`;
      else if (a.kind === "road") shape = `<path class="lit-road" d="${geo.roads[a.seg]?.path || ""}"/>`;
      else if (a.kind === "monastery" || a.kind === "garden") {
        const [cx, cy] = (a.kind === "garden" ? geo.garden : geo.monasteryAt) || [0.5, 0.5];
        const half = a.kind === "garden" ? 17 : 23;
        shape = `<rect class="lit-area" x="${cx * 100 - half}" y="${cy * 100 - half}" width="${2 * half}" height="${2 * half}" rx="8"/>`;
      }
      else if (a.kind === "field") {
        const cell = 100 / GRID;
        let d = "";
        geo.grid.forEach((owner, k) => {
          if (owner === `f${a.seg}`) d += `M${(k % GRID) * cell} ${Math.floor(k / GRID) * cell}h${cell}v${cell}h${-cell}Z`;
        });
        shape = `<path class="lit-field" d="${d}"/>`;
      }
      return `<g class="lit" data-testid="lit-part" data-x="${a.at[0]}" data-y="${a.at[1]}" data-kind="${a.kind}" transform="${where} rotate(${a.rotation} 50 50)">${shape}</g>`;
    }).join("");
    this.layers.lit.setAttribute("class", `layer-lit tone-${tone}`);
  }

  /** Mark the open squares no tile left can fill. */
  setDead(squares) {
    this.layers.dead.innerHTML = (squares || []).map(([x, y]) => `<g class="dead-square" data-testid="dead-square" data-x="${x}" data-y="${y}" transform="translate(${x * 100} ${y * 100})">`
      + `<rect x="6" y="6" width="88" height="88" rx="8"/><path d="M30 30L70 70M70 30L30 70"/><title>${this.deadTitle || ""}</title></g>`).join("");
  }

  /** Mark the last placed tile (every square of a wonder) with its player's colour. */
  setLast(at, player) {
    this.layers.last.innerHTML = "";
    this.focus = at || null;
    if (!at) return;
    const colour = player == null ? "#ffb300" : playerColour(player);
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

  /**
   * Highlight the squares where the tile fits (`kind` "tile"), or where the
   * dragon may step ("dragon"); `onPick([x, y])` on click.
   */
  setHighlights(squares, onPick, onHover = null, kind = "tile") {
    this.layers.highlights.innerHTML = "";
    this.highlighted = squares;
    for (const [x, y] of squares) {
      const r = el("rect", { x: x * 100 + 4, y: y * 100 + 4, width: 92, height: 92, rx: 8, class: `legal-square step-${kind}`,
        "data-testid": kind === "dragon" ? "dragon-step" : "legal-square", "data-x": x, "data-y": y }, this.layers.highlights);
      r.addEventListener("click", () => onPick([x, y]));
      if (onHover) {
        r.addEventListener("pointerenter", () => onHover([x, y]));
        r.addEventListener("pointerleave", () => onHover(null));
      }
    }
    if (!onHover) this.setPreview([]);
  }

  /** The keyboard's cursor on square `at` (a dragon's step to choose), or none. */
  setCursor(at) {
    this.layers.highlights.querySelector(".key-cursor")?.remove();
    if (!at) return;
    el("rect", { x: at[0] * 100 + 2, y: at[1] * 100 + 2, width: 96, height: 96, rx: 10, class: "key-cursor",
      "data-testid": "key-cursor", "data-x": at[0], "data-y": at[1] }, this.layers.highlights);
    this.show(at);
  }

  /** Bring square `at` into view if it is outside (the keyboard moved there). */
  show(at) {
    const [width, height] = [this.container.clientWidth, this.container.clientHeight];
    const [cx, cy] = [(at[0] + 0.5) * 100 * this.k, (at[1] + 0.5) * 100 * this.k];
    const [sx, sy] = [width / 2 + this.tx + cx, height / 2 + this.ty + cy];
    const margin = 60 * this.k;
    if (sx < margin || sy < margin || sx > width - margin || sy > height - margin) this.panTo(-cx, -cy);
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
      inner.innerHTML = tileMarkup(ghost.tile, ghost.rotation);
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
    const focused = focusedKey(this.layers.spots);
    this.layers.spots.innerHTML = "";
    const seat = player ?? 0;
    const grow = Math.min(1.3, this.figureGrow());
    const chosen = new Map((picks || []).map((p) => [p.key, p.kind]));
    let chooser = null;
    const reaches = [];  // [top, bottom] of each spot as drawn
    for (const s of spots) {
      const [x, y] = s.point;
      const isSel = chosen.has(s.key);
      const kind = chosen.get(s.key);
      const shown = isSel && s.kinds.includes(kind) ? kind : s.kinds[0];
      const g = el("g", { class: `figure-spot${isSel ? " selected" : ""}${s.blocked && !isSel ? " blocked" : ""}`, "data-testid": "figure-spot",
        "data-feature": s.feature, "data-spot": s.spot ?? "", "data-figure": shown, "data-kinds": s.kinds.join(" "),
        "data-on": s.on ?? "", "data-key": s.key, transform: `translate(${x} ${y}) scale(${grow.toFixed(2)})` }, this.layers.spots);
      operable(g, s.label || s.feature, () => onPick(s.key), { pressed: isSel, enterPasses: () => isSel });
      // the figure itself, small and pale until chosen: lying in a field,
      // standing elsewhere, a builder or pig where only they may go; a
      // wider invisible disc takes the tap
      el("circle", { r: 13, class: "spot-hit" }, g);
      g.insertAdjacentHTML("beforeend", figureMarkup(0, 0, seat, s.feature, isSel ? 24 : 17, "", shown));
      const half = Math.max(13, figureSize(shown, isSel ? 24 : 17) / 2) * grow;
      reaches.push([y - half, y + half]);
      const title = el("title", {}, g);
      title.textContent = s.label || s.feature;
      g.addEventListener("click", (e) => {
        e.stopPropagation();
        onPick(s.key);
      });
      g.addEventListener("pointerenter", () => this.handlers.spot?.(s));
      g.addEventListener("pointerleave", () => this.handlers.spot?.(null));
      if (isSel && s.key === active && s.kinds.length > 1) chooser = [s, shown];
    }
    // Drawn last, so that no spot drawn after it covers its buttons.
    if (chooser) this.kindChooser(chooser[0], chooser[1], seat, grow, onKind, reaches);
    refocus(this.layers.spots, focused);
  }

  /**
   * The row of figure kinds above the selected spot (or below it), clear
   * of the tile and of every spot's figure as drawn (`reaches`: their
   * [top, bottom]), however much the figures have grown.
   */
  kindChooser(spot, shown, seat, grow, onKind, reaches = []) {
    const colour = playerColour(seat);
    const [x, y] = spot.point;
    const size = 26;
    const gap = 4;
    const width = spot.kinds.length * size + (spot.kinds.length - 1) * gap;
    // outside the tile (above it, or below for a spot in its lower half),
    // so that it covers none of the tile's other spots
    const top = Math.floor(y / 100) * 100;
    const below = y - top > 50;
    const row = reaches.filter(([a, b]) => b > top && a < top + 100);  // this tile's spots
    const edge = below ? Math.max(top + 100, ...row.map(([, b]) => b)) + 6 * grow
      : Math.min(top, ...row.map(([a]) => a)) - 6 * grow;
    const g = el("g", { class: "kind-chooser", "data-testid": "kind-chooser",
      transform: `translate(${x} ${edge}) scale(${grow.toFixed(2)}) translate(${-width / 2} ${below ? 4 : -size - 4})` }, this.layers.spots);
    el("rect", { x: -4, y: -4, width: width + 8, height: size + 8, rx: 8, class: "kind-back" }, g);
    spot.kinds.forEach((k, i) => {
      const b = el("g", { class: `kind-option${k === shown ? " chosen" : ""}`, "data-testid": "figure-kind", "data-figure": k,
        "data-key": `kind:${k}`, transform: `translate(${i * (size + gap)} 0)` }, g);
      operable(b, spot.kindLabels?.[k] || k, () => onKind(k), { pressed: k === shown });
      el("rect", { width: size, height: size, rx: 6, class: "kind-box", stroke: k === shown ? colour : "#8a7a5c" }, b);
      b.insertAdjacentHTML("beforeend", figureMarkup(size / 2, size / 2, seat, "city", 17, "", k));
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
