// A double elimination as three brackets: the winners' bracket and the
// losers' bracket, one column per round in which the bracket played, and
// the grand final (with its reset, when the losers'-bracket side won the
// first), then the champion. Each match's `group` names its bracket:
// 0 the winners', 1 the losers', 2 the grand final.

import { esc } from "./api.js";
import { box } from "./bracket.js";
import { t } from "./i18n.js";

const WINNERS = 0;
const LOSERS = 1;
const FINAL = 2;

/** The columns of one bracket: its matches, round by round, where it played. */
function columns(stage, group, index) {
  const out = [];
  stage.rounds.forEach((round) => {
    const matches = round.matches.filter((m) => m.group === group);
    if (!matches.length) return;
    const n = out.length + 1;
    const name = group === FINAL ? (n === 1 ? t("bracket.grandFinal") : t("bracket.reset")) : t("round.number", { n });
    out.push(`<div class="bracket-round" data-testid="double-round-${index}-${group}-${n}">
      <h4>${esc(name)}</h4><div class="bracket-boxes">${matches.map(box).join("")}</div></div>`);
  });
  return out;
}

/** Who won the stage, once it is done: the winner of its last match. */
function champion(stage) {
  if (!stage.done) return null;
  const finals = stage.rounds.flatMap((r) => r.matches).filter((m) => m.group === FINAL);
  return finals.length ? finals[finals.length - 1].result?.winner ?? null : null;
}

function part(stage, index, group, heading, extra = "") {
  const cols = columns(stage, group, index);
  const body = cols.length ? cols.join("") : `<p class="muted">${esc(t("bracket.notYet"))}</p>`;
  return `<h4 class="bracket-part">${esc(heading)}</h4>
    <div class="scroll"><div class="bracket" data-testid="double-${index}-${group}">${body}${extra}</div></div>`;
}

/** The three brackets of double-elimination stage `index`. */
export function doubleBracket(stage, index) {
  const won = champion(stage);
  const last = `<div class="bracket-round champion"><h4>${esc(t("bracket.champion"))}</h4><div class="bracket-boxes">
    <div class="bracket-box${won ? " won" : " empty"}" data-testid="bracket-champion-${index}"><div class="slot won"><span class="who">${esc(won || "?")}</span></div></div></div></div>`;
  return `<div class="double-bracket" data-testid="bracket-${index}">
    ${part(stage, index, WINNERS, t("bracket.winners"))}
    ${part(stage, index, LOSERS, t("bracket.losers"))}
    ${part(stage, index, FINAL, t("bracket.grandFinal"), last)}</div>`;
}
