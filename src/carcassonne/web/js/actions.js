// The turn card's words and buttons for what The Abbot and The Princess &
// the Dragon add to a turn: the actions a placement may take instead of a
// figure (recall the abbot, move the fairy, the princess), and the dragon's
// flight, which every seat sees step by step (whose step, steps left).

import { esc } from "./api.js";
import { t } from "./i18n.js";
import { figureIcon, neutralIcon } from "./figures.js";

const sameAt = (a, b) => a && b && a[0] === b[0] && a[1] === b[1];

/** The figure an action acts on, from the view's figures (the best match by square, feature and spot). */
function figureOf(view, on, feature, spot) {
  const here = (view?.figures || []).filter((f) => sameAt(f.at, on) && (!feature || f.feature === feature));
  return here.find((f) => spot == null || f.spot === spot) || here[0] || null;
}

/** An action (placing.js placementActions) in words, for its button and its badge's title. */
export function actionLabel(a, view, names) {
  if (a.kind === "return_abbot") {
    const abbot = (view?.figures || []).find((f) => f.figure === "abbot" && sameAt(f.at, a.on));
    return t("action.return_abbot", { feature: t(`feature.${abbot?.feature || "monastery"}`) });
  }
  if (a.kind === "fairy") {
    const f = a.move.fairy;
    if (!f.feature) return t("action.fairyTile", { x: f.on[0], y: f.on[1] });
    const fig = figureOf(view, f.on, f.feature, f.spot);
    return t("action.fairy", { figure: t(`figure.${fig?.figure || "meeple"}`), feature: t(`feature.${f.feature}`) });
  }
  const p = a.move.princess;
  const knight = figureOf(view, p.on, "city", p.spot);
  const owner = knight ? names[knight.player] ?? "" : "";
  return t("action.princess", { player: owner, figure: t(`figure.${knight?.figure || "meeple"}`) });
}

/** The icon of an action's button. */
function actionIcon(a, seat) {
  if (a.kind === "fairy") return neutralIcon("fairy", 18);
  if (a.kind === "princess") return `<svg class="figure-icon" viewBox="0 0 15 22" width="13" height="18" aria-hidden="true"><use href="#princess" width="15" height="22"/></svg>`;
  return figureIcon("abbot", seat, 18);
}

/**
 * One button per action in `el` (hidden when there is none); the `chosen`
 * key pressed; `onPick(key)` on click.
 */
export function renderActionButtons(el, actions, chosen, seat, onPick) {
  el.hidden = !actions.length;
  el.innerHTML = actions.map((a) => `<button class="btn small${a.key === chosen ? " active" : ""}" data-testid="action-${esc(a.kind)}"`
    + ` data-key="${esc(a.key)}" aria-pressed="${a.key === chosen}">${actionIcon(a, seat)} ${esc(a.label)}</button>`).join("");
  for (const b of el.querySelectorAll("button")) b.addEventListener("click", () => onPick(b.dataset.key));
}

/** The dragon's flight now, or null: {mover, left, visited} (the view's princess_dragon.flight). */
export function flightOf(view) {
  return view?.princess_dragon?.flight || null;
}

/** A line on the flight for everyone: whose step, how many left, squares visited. */
export function flightLine(view, names) {
  const flight = flightOf(view);
  if (!flight) return "";
  return `<p class="flight-line" data-testid="flight" data-mover="${flight.mover}" data-left="${flight.left}">${neutralIcon("dragon", 20)} `
    + `${esc(t("flight.line", { player: names[flight.mover] ?? "", left: flight.left, visited: Math.max(0, (flight.visited || []).length - 1) }))}</p>`;
}
