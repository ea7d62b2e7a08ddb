// The standings of a league's groups or of a Swiss, as the server orders
// them: place, name, match points, matches played, wins, draws, losses
// (byes when there were any), then each tiebreak's value in the order it
// counts.

import { esc } from "./api.js";
import { has, t } from "./i18n.js";

/** A number as the tables show it: whole, or with one decimal (a half game). */
export function num(x) {
  if (typeof x !== "number") return String(x ?? "–");
  return Number.isInteger(x) ? String(x) : x.toFixed(1);
}

function tiebreakName(name) {
  return has(`tiebreak.${name}`) ? t(`tiebreak.${name}`) : name;
}

/** The group's name: "Group A", or nothing when there is only one. */
export function groupName(index, count) {
  return count > 1 ? t("competition.group", { letter: String.fromCharCode(65 + index) }) : "";
}

/** One standings table (`rows`) of stage `stage`, group `group`; `me` is underlined. */
export function standingsTable(rows, stage, group, me) {
  const tiebreaks = Object.keys(rows[0]?.tiebreaks || {});
  const byes = rows.some((r) => r.byes);
  const head = [["#", ""], [t("standings.name"), "name"], [t("standings.points"), "num"], [t("standings.played"), "num"],
    [t("standings.wins"), "num"], [t("standings.draws"), "num"], [t("standings.losses"), "num"],
    ...(byes ? [[t("standings.byes"), "num"]] : []), ...tiebreaks.map((k) => [tiebreakName(k), "num tiebreak"])];
  const th = head.map(([text, cls]) => `<th class="${cls}">${esc(text)}</th>`).join("");
  const body = rows.map((r) => `<tr data-testid="standing-${esc(r.name)}"${r.name === me ? ' class="me"' : ""}>
      <td data-testid="standing-place">${r.place}</td><td class="name">${esc(r.name)}</td>
      <td class="num points" data-testid="standing-points">${num(r.points)}</td><td class="num" data-testid="standing-played">${r.played}</td>
      <td class="num" data-testid="standing-wins">${r.wins}</td><td class="num" data-testid="standing-draws">${r.draws}</td>
      <td class="num" data-testid="standing-losses">${r.losses}</td>${byes ? `<td class="num">${r.byes}</td>` : ""}
      ${tiebreaks.map((k) => `<td class="num tiebreak" data-testid="standing-${esc(k)}">${num(r.tiebreaks[k])}</td>`).join("")}</tr>`).join("");
  return `<div class="scroll"><table class="standings" data-testid="standings-${stage}-${group}">
    <thead><tr>${th}</tr></thead><tbody>${body}</tbody></table></div>`;
}

/** Every group's table of a stage, with the heading. */
export function stageStandings(stage, index, me) {
  if (!stage.standings?.length) return "";
  const count = stage.standings.length;
  const tables = stage.standings.map((rows, group) => {
    const name = groupName(group, count);
    return `<div class="group">${name ? `<h4>${esc(name)}</h4>` : ""}${standingsTable(rows, index, group, me)}</div>`;
  }).join("");
  const legend = Object.keys(stage.standings[0][0]?.tiebreaks || {}).map((k) => tiebreakName(k)).join(" · ");
  return `<h3 data-testid="standings-heading-${index}">${esc(t("standings.title"))}</h3><div class="groups">${tables}</div>
    <p class="muted small">${esc(t("standings.order", { tiebreaks: legend }))}</p>`;
}
