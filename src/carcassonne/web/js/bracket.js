// A knockout or a title match as a bracket: one column per round (rounds
// not drawn yet as empty boxes, so the bracket's whole size shows from the
// start), each match with its entrants and games won, the winner marked,
// and the champion at the end.

import { esc } from "./api.js";
import { t } from "./i18n.js";
import { num } from "./standings.js";

/** How many rounds the stage has in all: a knockout of n needs ceil(log2 n). */
function roundCount(stage) {
  if (stage.kind === "title") return 1;
  const n = Math.max(2, stage.seeds.length);
  return Math.max(stage.rounds.length, Math.ceil(Math.log2(n)));
}

function roundName(stage, index, total) {
  if (stage.kind === "title") return t("bracket.title");
  const fromEnd = total - index;
  if (fromEnd === 1) return t("bracket.final");
  if (fromEnd === 2) return t("bracket.semi");
  if (fromEnd === 3) return t("bracket.quarter");
  return t("round.number", { n: index + 1 });
}

function slot(match, name) {
  const line = match.result?.lines.find((l) => l.entrant === name);
  const won = match.result?.winner === name;
  const games = line ? num(line.games) : "";
  return `<div class="slot${won ? " won" : ""}${match.result && !won ? " lost" : ""}"><span class="who">${esc(name)}</span><b>${esc(games)}</b></div>`;
}

export function box(match) {
  const state = match.result ? "done" : match.games.some((g) => g.table) ? "playing" : "waiting";
  return `<div class="bracket-box" data-testid="bracket-match-${esc(match.id)}" data-state="${state}">
    ${match.entrants.map((name) => slot(match, name)).join("")}</div>`;
}

function emptyBox() {
  return `<div class="bracket-box empty"><div class="slot"><span class="who">?</span></div><div class="slot"><span class="who">?</span></div></div>`;
}

function byeBox(name) {
  return `<div class="bracket-box bye"><div class="slot"><span class="who">${esc(name)}</span></div>
    <div class="slot"><span class="who muted">${esc(t("bracket.bye"))}</span></div></div>`;
}

/** Who won the stage, once it is done. */
export function stageChampion(stage) {
  if (!stage.done || !stage.rounds.length) return null;
  const last = stage.rounds[stage.rounds.length - 1];
  return last.matches.length === 1 ? last.matches[0].result?.winner ?? null : null;
}

/** The bracket of stage `index` (a knockout or a title match). */
export function bracket(stage, index) {
  const total = roundCount(stage);
  const size = 2 ** total;
  const columns = [];
  for (let r = 0; r < total; r++) {
    const round = stage.rounds[r];
    const boxes = round
      ? [...round.matches.map(box), ...round.byes.map(byeBox)]
      : Array.from({ length: Math.max(1, size / 2 ** (r + 1)) }, emptyBox);
    columns.push(`<div class="bracket-round" data-testid="bracket-round-${index}-${r + 1}">
      <h4>${esc(roundName(stage, r, total))}</h4><div class="bracket-boxes">${boxes.join("")}</div></div>`);
  }
  const champion = stageChampion(stage);
  const label = stage.kind === "title" ? t("bracket.holder") : t("bracket.champion");
  columns.push(`<div class="bracket-round champion"><h4>${esc(label)}</h4><div class="bracket-boxes">
    <div class="bracket-box${champion ? " won" : " empty"}" data-testid="bracket-champion-${index}"><div class="slot won"><span class="who">${esc(champion || "?")}</span></div></div></div></div>`);
  return `<div class="scroll"><div class="bracket" data-testid="bracket-${index}">${columns.join("")}</div></div>`;
}
