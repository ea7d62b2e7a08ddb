// A stage's schedule, round by round: each round's deadline and byes, each
// match with its entrants, its games (seats, status, scores, the table to
// watch or replay), its result and winner, and forfeits; "Play now" for
// the logged-in entrant of a match being played.

import { esc } from "./api.js";
import { t } from "./i18n.js";
import { currentTable, deadlineLine, notReady, tableHref, waitingFor, waitingText } from "./matches.js";
import { decisionMark } from "./referee.js";
import { num } from "./standings.js";
import { timeText } from "./times.js";

function gameLine(game, matchId) {
  const status = game.status || "none";
  const scores = game.scores ? `<b class="scores">${esc(game.scores.map(num).join(" : "))}</b>` : "";
  const flag = game.flag ? ` <span class="badge forfeit" data-testid="game-flag-${esc(matchId)}-${game.number}">${esc(t("match.lostOnTime", { name: game.flag }))}</span>` : "";
  const link = !game.table ? ""
    : game.status === "finished"
      ? `<a class="btn small" href="${tableHref(game.table)}?replay=1" data-testid="game-replay-${esc(matchId)}-${game.number}">${esc(t("lobby.replay"))}</a>`
      : `<a class="btn small" href="${tableHref(game.table)}" data-testid="game-table-${esc(matchId)}-${game.number}">${esc(t(game.status === "abandoned" ? "lobby.look" : "match.table"))}</a>`;
  return `<li data-testid="game-${esc(matchId)}-${game.number}" data-status="${esc(status)}">
    <span>${esc(t("match.game", { n: game.number }))}</span>
    <span class="muted">${esc(game.seats.join(" – "))}</span>
    <span class="badge game-${esc(status)}">${esc(t(`gameStatus.${status}`))}</span>${scores}${flag}${link}${decisionMark(game.decision, `game-decision-${matchId}-${game.number}`)}</li>`;
}

function resultLine(match) {
  const result = match.result;
  if (!result) return "";
  const lines = result.lines.map((l, i) => `<span${l.entrant === result.winner ? ' class="won"' : ""}>${esc(l.entrant)} <b>${num(l.games)}</b>
      <span class="muted small">(${esc(t("match.points", { n: num(l.score) }))}, <span data-testid="difference-${esc(match.id)}-${i}" data-entrant="${esc(l.entrant)}">${esc(t("match.difference", { n: l.difference }))}</span>)</span></span>`).join(`<span class="muted"> · </span>`);
  const outcome = result.winner ? t("match.winner", { name: result.winner }) : t("match.draw");
  return `<div class="match-result" data-testid="match-result-${esc(match.id)}" data-winner="${esc(result.winner || "")}">
    <span class="outcome">${esc(outcome)}</span> ${lines}${decisionMark(match.decision, `match-decision-${match.id}`)}</div>`;
}

function playButton(event, stageIndex, round, match, me) {
  const last = stageIndex === event.stages.length - 1;
  if (!me || event.status !== "running" || !last || !round.opened || match.result || !match.entrants.includes(me)) return "";
  const names = waitingFor(event.id, match.id)
    ?? (match.ready.includes(me) && !currentTable(match) ? notReady(event, match) : null);
  const wait = names ? `<span class="waiting-for" data-testid="waiting-${esc(match.id)}">${esc(waitingText(names))}</span>` : "";
  // before the agreed time the button says when it opens; both pressing it still play at once
  const agreed = event.times?.[match.id];
  const early = agreed && new Date(agreed).getTime() > Date.now();
  const label = early ? t("times.opensAt", { when: timeText(agreed) }) : t("match.playNow");
  const hint = early ? `<span class="muted small">${esc(t("times.earlier"))}</span>` : "";
  return `<div class="match-play"><button class="btn${early ? "" : " primary"}" data-play="${esc(match.id)}" data-testid="play-now-${esc(match.id)}" data-early="${early ? "true" : "false"}">${esc(label)}</button>${hint}${wait}</div>`;
}

/** The match's agreed time (times.js), in the reader's zone, until it is decided. */
function agreedLine(event, match) {
  const agreed = event.times?.[match.id];
  if (!agreed || match.result) return "";
  return `<p class="agreed small" data-testid="agreed-${esc(match.id)}" data-at="${esc(agreed)}">${esc(t("times.agreed", { when: timeText(agreed) }))}</p>`;
}

function matchItem(event, stageIndex, round, match, me) {
  const forfeits = match.forfeited.length
    ? `<span class="badge forfeit" data-testid="forfeit-${esc(match.id)}">${esc(t("match.forfeit", { names: match.forfeited.join(", ") }))}</span>` : "";
  const bestOf = match.best_of && match.games.length > 1 ? `<span class="badge">${esc(t("match.bestOf", { n: match.games.length }))}</span>` : "";
  const mine = me && match.entrants.includes(me) ? " mine" : "";
  return `<li class="match${mine}" data-testid="match-${esc(match.id)}" data-done="${match.result ? "true" : "false"}">
    <div class="match-head"><span class="muted small">${esc(match.id)}</span>
      <b class="match-entrants">${esc(match.entrants.join(t("match.versus")))}</b>${bestOf}${forfeits}</div>
    <ul class="games">${match.games.map((g) => gameLine(g, match.id)).join("")}</ul>
    ${agreedLine(event, match)}${resultLine(match)}${playButton(event, stageIndex, round, match, me)}</li>`;
}

/** "Watch all boards": the round's tables at once, live (watch.js). */
function watchLink(event, stageIndex, round) {
  const href = `/competition/${encodeURIComponent(event.id)}/boards?round=${round.number}&stage=${stageIndex}`;
  return `<a class="btn small" href="${href}" title="${esc(t("watch.roundLinkTitle"))}" data-testid="watch-round-${stageIndex}-${round.number}">${esc(t("watch.roundLink"))}</a>`;
}

/** The rounds of stage `stageIndex` of `event`, for the player named `me` (or null). */
export function stageSchedule(event, stageIndex, me) {
  const stage = event.stages[stageIndex];
  const rounds = stage.rounds.map((round) => {
    const deadline = round.deadline ? `<span class="deadline" data-testid="deadline-${stageIndex}-${round.number}">${esc(deadlineLine(round.deadline))}</span>` : "";
    const state = round.opened ? "" : `<span class="badge">${esc(t("round.later"))}</span>`;
    const watch = round.opened && round.matches.some((m) => currentTable(m)) ? watchLink(event, stageIndex, round) : "";
    const byes = round.byes.length ? `<p class="muted small">${esc(t("round.byes", { names: round.byes.join(", ") }))}</p>` : "";
    return `<section class="round" data-testid="round-${stageIndex}-${round.number}">
      <h4>${esc(t("round.number", { n: round.number }))} ${state} ${deadline}${watch}</h4>${byes}
      <ul class="match-list">${round.matches.map((m) => matchItem(event, stageIndex, round, m, me)).join("")}</ul></section>`;
  }).join("");
  return `<h3>${esc(t("schedule.title"))}</h3><div class="rounds">${rounds}</div>`;
}
