// A competition's page (/competition/ID): its name, status, format, series
// and title holder, the title's history, the entrants; while it is open,
// "Enter" for a logged-in player and, for its organizer, "add a bot" and
// "Start"; then every stage: standings per group, a bracket for knockouts
// and title matches, and the schedule with "Play now" for the player's
// match. The page asks for the competition again every few seconds while
// it is open or running, so entries, results and standings move by
// themselves. Below it, the board and the player's match threads (boards.js).

import { currentAccount, startPage } from "./account.js";
import { api, esc } from "./api.js";
import { messagesPanel } from "./boards.js";
import { bracket } from "./bracket.js";
import { doubleBracket } from "./double_bracket.js";
import { has, serverText, t } from "./i18n.js";
import { eventHref, playNow } from "./matches.js";
import { flagWords } from "./presets.js";
import { refereePanel } from "./referee.js";
import { stageSchedule } from "./schedule.js";
import { stageStandings } from "./standings.js";
import { agreedTimes, loadZone } from "./times.js";
import { timingLabel } from "./timing.js";
import { toast } from "./ui.js";

const $ = (id) => document.getElementById(id);
const eventId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
const REFRESH = { open: 5000, running: 3000 };
let event = null;
let bots = [];
let botChoice = "random";
let shown = "";
let timer = null;
let messages = null;
let officials = null;

function me() {
  return currentAccount()?.name ?? null;
}

function label(prefix, name) {
  return has(`${prefix}.${name}`) ? t(`${prefix}.${name}`) : name;
}

function setupLine(setup) {
  const parts = [t("setup.games", { n: setup.games })];
  if (setup.games > 1 && setup.duplicate) parts.push(t("setup.duplicate"));
  if (setup.table_size > 2) parts.push(t("setup.tableSize", { n: setup.table_size }));
  if (setup.format === "groups_knockout") parts.push(t("setup.groups", { n: setup.groups, advance: setup.advance }));
  if (setup.format === "swiss" && setup.rounds) parts.push(t("setup.rounds", { n: setup.rounds }));
  parts.push(...seriesParts(setup));
  if (setup.title_games) parts.push(t("setup.titleGames", { n: setup.title_games }));
  parts.push(setup.round_deadline ? t("setup.deadline", { n: Math.round(setup.round_deadline / 86400 * 10) / 10 }) : t("setup.noDeadline"));
  const timing = timingLabel(setup.timing);
  if (timing) parts.push(timing, ...flagWords(setup.timing));
  if (setup.rated) parts.push(t("lobby.ratedBadge"));
  if (setup.aids === "off") parts.push(t("aids.setupOff"));
  if (setup.aids === "training") parts.push(t("aids.setupTraining"));
  return parts.join(" · ");
}

/** How the series are played, where the setup says more than the defaults. */
function seriesParts(setup) {
  const parts = [];
  if (setup.best_of === true) parts.push(t("setup.bestOf"));
  if (setup.best_of === false) parts.push(t("setup.allGames"));
  if (setup.series_start === "loser") parts.push(t("setup.loserStarts"));
  for (const [stage, rule] of Object.entries(setup.tie_rules || {})) {
    if (rule !== "seed") parts.push(t("setup.tieRule", { stage: t(`stage.${stage}`), rule: t(`tieRule.${rule}`) }));
  }
  return parts;
}

function actions() {
  if (event.status !== "open") return "";
  const name = me();
  if (!name) return `<p class="muted" data-testid="log-in-to-enter">${esc(t("competition.logInToEnter"))}</p>`;
  const entered = event.entrants.some((e) => !e.bot && e.name === name);
  const organizer = event.organizer === name;
  const out = [];
  if (!entered && (event.open || organizer)) {
    out.push(`<button class="btn primary" data-testid="enter-competition" data-action="enter">${esc(t("competition.enter"))}</button>`);
  }
  if (entered) out.push(`<span class="badge you" data-testid="entered">${esc(t("competition.entered"))}</span>`);
  if (organizer) {
    const options = bots.map((b) => `<option value="${esc(b)}"${b === botChoice ? " selected" : ""}>${esc(t("players.bot", { bot: label("bot", b) }))}</option>`).join("");
    out.push(`<span class="add-bot"><select data-testid="add-bot-name" aria-label="${esc(t("competition.botLabel"))}">${options}</select>
      <button class="btn" data-testid="add-bot" data-action="add-bot">${esc(t("competition.addBot"))}</button></span>`);
    out.push(`<button class="btn primary" data-testid="start-competition" data-action="start"${event.entrants.length < 2 ? " disabled" : ""}>${esc(t("competition.start"))}</button>`);
  }
  return `<div class="actions comp-actions">${out.join("")}</div>`;
}

/** The series' title holder now: the winner of its last finished event. */
function currentHolder() {
  const won = (event.holders || []).filter((h) => h.winner);
  return won.length ? won[won.length - 1].winner : null;
}

function head() {
  // `holder` is who held the title when this event started: the one a title match is played against
  const defender = event.holder
    ? `<span>${esc(t("competition.defender"))} <b data-testid="competition-defender">${esc(event.holder)}</b></span>` : "";
  const series = event.series
    ? `<span>${esc(t("competition.series"))} <b data-testid="competition-series">${esc(event.series)}</b></span>
       <span>${esc(t("competition.holder"))} <b data-testid="competition-holder">${esc(currentHolder() || t("competition.noHolder"))}</b></span>${defender}` : "";
  const winner = event.status === "finished"
    ? `<p class="winner-line" data-testid="competition-winner">${esc(event.winner ? t("competition.winner", { name: event.winner }) : t("competition.noWinner"))}</p>` : "";
  return `<section class="card wide comp-head">
    <h1 data-testid="competition-name">${esc(event.name)}</h1>
    <div class="facts"><span class="badge status-${esc(event.status)}" data-testid="competition-status" data-status="${esc(event.status)}">${esc(t(`competitionStatus.${event.status}`))}</span>
      <span data-testid="competition-format">${esc(t(`format.${event.setup.format}`))}</span>${series}
      <span class="muted">${esc(t("competition.organizer", { name: event.organizer || "–" }))}</span></div>
    <p class="muted small" data-testid="competition-setup">${esc(setupLine(event.setup))}</p>${winner}${downloads()}${actions()}</section>`;
}

/** Links to every finished game's record (docs/server.md, Open records), once games are played. */
function downloads() {
  if (event.status === "open") return "";
  const base = `/api/competitions/${encodeURIComponent(event.id)}/records`;
  return `<p class="small downloads" data-testid="records-links">${esc(t("competition.records"))}
    <a href="${base}" download="competition-${esc(event.id)}-records.jsonl" data-testid="records-jsonl">${esc(t("competition.recordsLines"))}</a> ·
    <a href="${base}?format=zip" data-testid="records-zip">${esc(t("competition.recordsZip"))}</a></p>`;
}

function entrantsCard() {
  const name = me();
  const items = event.entrants.map((e) => `<li data-testid="entrant-${esc(e.name)}">${esc(e.name)}
      ${e.bot ? `<span class="badge bot">${esc(t("players.bot", { bot: label("bot", e.bot) }))}</span>` : ""}
      ${!e.bot && e.name === name ? `<span class="badge you">${esc(t("players.you"))}</span>` : ""}</li>`).join("")
    || `<li class="empty">${esc(t("competition.noEntrants"))}</li>`;
  return `<section class="card${event.series ? "" : " wide"}"><h2>${esc(t("competition.entrants", { n: event.entrants.length }))}</h2>
    <ul class="plain-list entrant-list" data-testid="entrants">${items}</ul></section>`;
}

function holdersCard() {
  if (!event.series) return "";
  const items = event.holders.map((h) => `<li data-testid="holder-${esc(h.competition)}"><a href="${eventHref(h.competition)}">${esc(h.name)}</a>
      <span class="muted">·</span> ${esc(h.winner || t("competition.noWinner"))}</li>`).join("")
    || `<li class="empty">${esc(t("competition.noHolders"))}</li>`;
  return `<section class="card"><h2>${esc(t("competition.history", { series: event.series }))}</h2>
    <ol class="plain-list" data-testid="holders">${items}</ol></section>`;
}

function stageTitle(stage) {
  if (stage.kind === "league" && event.setup.format === "groups_knockout") return t("stage.groups");
  return t(`stage.${stage.kind}`);
}

function stageCard(stage, index) {
  const done = stage.done ? `<span class="badge">${esc(t("stage.done"))}</span>` : "";
  const tree = stage.kind === "knockout" || stage.kind === "title" ? `<h3>${esc(t("bracket.heading"))}</h3>${bracket(stage, index)}`
    : stage.kind === "double_elimination" ? `<h3>${esc(t("bracket.heading"))}</h3>${doubleBracket(stage, index)}` : "";
  return `<section class="card wide stage" data-testid="stage-${index}" data-kind="${esc(stage.kind)}">
    <h2>${esc(stageTitle(stage))} ${done}</h2>${stageStandings(stage, index, me())}${tree}${stageSchedule(event, index, me())}</section>`;
}

function render() {
  if (!event) return;
  const html = head() + entrantsCard() + holdersCard() + event.stages.map(stageCard).join("");
  officials?.update(event, me());
  if (html === shown) return; // nothing moved: keep the page (and the pointer's button) as it is
  shown = html;
  $("page").innerHTML = html;
  document.title = `${event.name} · ${t("app.name")}`;
}

/** The bots the organizer may add (the catalogue's), asked for once when needed. */
function loadBots() {
  if (bots.length || loadBots.asked || event?.status !== "open" || event.organizer !== me()) return;
  loadBots.asked = true;
  api.catalogue().then((c) => {
    bots = (c.bots || []).map((b) => (typeof b === "string" ? b : b.name));
    if (!bots.includes(botChoice)) botChoice = bots[0];
    shown = "";
    render();
  }).catch((err) => {
    loadBots.asked = false;
    toast(err.message);
  });
}

async function refresh() {
  try {
    const [fresh, times] = await Promise.all([api.competition(eventId), agreedTimes(eventId)]);
    event = { ...fresh, times }; // times: each match's agreed time (times.js)
    loadBots();
    render();
  } catch (err) {
    if (!event) {
      $("page").innerHTML = `<section class="card wide"><p class="empty" data-testid="competition-error">${esc(serverText(err.message))}</p></section>`;
      return;
    }
  }
  schedule();
}

function schedule() {
  clearTimeout(timer);
  const every = REFRESH[event?.status];
  if (every) timer = setTimeout(refresh, every);
}

async function act(call) {
  try {
    event = await call();
    render();
    schedule();
  } catch (err) {
    toast(err.message);
  }
}

function bind() {
  const page = $("page");
  page.addEventListener("change", (e) => {
    if (e.target.matches("[data-testid=add-bot-name]")) botChoice = e.target.value;
  });
  page.addEventListener("click", (e) => {
    const play = e.target.closest("[data-play]");
    if (play) {
      play.disabled = true;
      playNow(eventId, play.dataset.play, (fresh) => {
        if (fresh) event = fresh;
        shown = "";
        render();
      }).finally(() => { play.disabled = false; });
      return;
    }
    const action = e.target.closest("[data-action]")?.dataset.action;
    if (action === "enter") act(() => api.enter(eventId, {}));
    else if (action === "add-bot") act(() => api.enter(eventId, { bot: botChoice }));
    else if (action === "start") act(() => api.startCompetition(eventId));
  });
}

export async function main() {
  await startPage(async () => {
    await loadZone();
    shown = "";
    loadBots();
    render();
    messages?.reload();
  });
  bind();
  await loadZone();
  messages = messagesPanel(eventId);
  officials = refereePanel(eventId, (fresh) => {
    event = fresh;
    render();
  });
  await refresh();
}
