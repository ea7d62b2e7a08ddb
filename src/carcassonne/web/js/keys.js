// Playing with the keyboard alone: the arrow keys move the tile (or the
// dragon's step) over the squares it may go to, and the figure spots,
// kind choices and action badges drawn in the board's SVG are buttons a
// Tab reaches and Enter or Space presses.
//
// stepSquare() is the arrow keys' rule: from where the cursor is, the
// nearest square that lies that way, counting a step across twice a step
// along, so that → keeps to the row when the row has a square.

const WAYS = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] };

/** Whether `key` (a KeyboardEvent's key) is an arrow key. */
export function isArrow(key) {
  return key in WAYS;
}

/**
 * The square the arrow `key` moves to from `from` ([x, y], or null for a
 * cursor not placed yet: then the square nearest `near`) among `squares`;
 * `from` itself when none lies that way.
 */
export function stepSquare(from, squares, key, near = [0, 0]) {
  if (!squares.length) return null;
  if (!from) {
    const gap = (s) => Math.hypot(s[0] - near[0], s[1] - near[1]);
    return squares.reduce((best, s) => (gap(s) < gap(best) ? s : best));
  }
  const [dx, dy] = WAYS[key];
  let best = null;
  let bestCost = Infinity;
  for (const s of squares) {
    const along = (s[0] - from[0]) * dx + (s[1] - from[1]) * dy;
    if (along <= 0) continue;
    const across = Math.abs((s[0] - from[0]) * dy) + Math.abs((s[1] - from[1]) * dx);
    const cost = along + 2 * across;
    if (cost < bestCost) [best, bestCost] = [s, cost];
  }
  return best || from;
}

/**
 * Make an SVG element a button for the keyboard and for screen readers:
 * focusable, named `label`, pressed or not; Space presses it, and Enter
 * too unless `enterPasses` says to let Enter go on to the page (a chosen
 * figure spot: Enter then confirms the turn).
 */
export function operable(node, label, onPress, { pressed = null, enterPasses = () => false } = {}) {
  node.setAttribute("tabindex", "0");
  node.setAttribute("role", "button");
  node.setAttribute("aria-label", label);
  if (pressed !== null) node.setAttribute("aria-pressed", String(pressed));
  node.addEventListener("keydown", (e) => {
    if (e.key !== " " && e.key !== "Enter") return;
    if (e.key === "Enter" && enterPasses()) return;
    e.preventDefault();
    e.stopPropagation();
    onPress();
  });
}

/** Focus again the element of `layer` with data-key `key` (after a redraw). */
export function refocus(layer, key) {
  if (key == null) return;
  const again = [...layer.querySelectorAll("[data-key]")].find((n) => n.dataset.key === key);
  again?.focus();
}

/** The data-key of the focused element, if it is inside `layer`. */
export function focusedKey(layer) {
  const active = document.activeElement;
  return active && layer.contains(active) ? active.dataset.key ?? null : null;
}
