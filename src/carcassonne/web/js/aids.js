// The aids switch of a table (docs/server.md, "aids"): "on" (every aid),
// "off" (tournament play: no tiles left, no dead squares, no feature worth;
// the server withholds them) or "training" (the aids, and the chance the
// next tile fits each open square: training.js). Here: the choice in the
// lobby's and the competition's forms, and the badge of a table in a list.

import { esc } from "./api.js";
import { t } from "./i18n.js";

/** The settings, the default first. */
export const AIDS = ["on", "off", "training"];

/** A table's (or a competition setup's) aids: "on" when it says none. */
export function aidsOf(table) {
  return AIDS.includes(table?.aids) ? table.aids : "on";
}

/** The <option>s of an aids <select>, `selected` chosen. */
export function aidsOptions(selected = "on") {
  return AIDS.map((a) => `<option value="${a}"${a === selected ? " selected" : ""}>${esc(t(`aids.${a}`))}</option>`).join("");
}

/** A table's badge in a list: none with every aid. */
export function aidsBadge(table) {
  const aids = aidsOf(table);
  if (aids === "on") return "";
  return `<span class="badge aids-${aids}" data-testid="aids-${esc(table.id)}" title="${esc(t(`aids.${aids}Help`))}">${esc(t(`aids.${aids}Badge`))}</span>`;
}
