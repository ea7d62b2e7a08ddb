// The competitions (/competitions): every league and tournament, newest
// first (its series, format, status, entrants and winner), and for a
// logged-in player a form to organize a new one: a rules preset
// (presets.js: it fills the form's fields), its format, games per
// match, duplicate decks, a title match, a deadline per round, rated or
// not, the games' time, and bots to enter from the start. Creating it
// leads to its page, where players enter and the organizer starts it.

import { currentAccount, startPage } from "./account.js";
import { api, esc } from "./api.js";
import { has, t } from "./i18n.js";
import { eventHref } from "./matches.js";
import { PRESET_TIMING, presetChoices, presetHelp, presetOf, presetTimingOption, sentTiming } from "./presets.js";
import { timingOf, timingOptions } from "./timing.js";
import { AIDS } from "./aids.js";
import { toast } from "./ui.js";

const $ = (id) => document.getElementById(id);
const FORMATS = ["league", "swiss", "knockout", "groups_knockout", "double_elimination"];
const SERIES_STARTS = ["alternate", "loser"];
/** Whether a series stops once decided: the format's way ("": knockouts stop), always, never. */
const BEST_OF = ["", "true", "false"];
const TIE_RULES = ["seed", "second_player", "extra_game"];
/** The stage whose tie rule the form sets, by format: the one that decides the winner. */
const TIE_STAGE = { league: "league", swiss: "swiss", knockout: "knockout", groups_knockout: "knockout", double_elimination: "double_elimination" };
/** A round's deadline: none, 1, 3 or 7 days (seconds). */
const DEADLINES = [0, 86400, 3 * 86400, 7 * 86400];
let list = null;
let bots = [];
let presets = [];
const draft = {
  preset: "", name: "", series: "", format: "league", games: 2, gamesTouched: false, duplicate: true, title_games: 0,
  round_deadline: 0, rated: false, timing: "none", groups: 2, advance: 2, table_size: 2, rounds: 0,
  bot: "random", entrants: [], series_start: "alternate", aids: "on", best_of: "", tie: "seed",
};

/** The tie rule the chosen preset gives the format's deciding stage ("seed" if none). */
function presetTie() {
  return presetOf(presets, draft.preset)?.competition?.tie_rules?.[TIE_STAGE[draft.format]] || "seed";
}

function label(prefix, name) {
  return has(`${prefix}.${name}`) ? t(`${prefix}.${name}`) : name;
}

function botText(bot) {
  return t("players.bot", { bot: label("bot", bot) });
}

// --- the list --------------------------------------------------------------

function listMarkup() {
  if (!list) return `<p class="muted">${esc(t("status.loading"))}</p>`;
  const rows = list.map((c) => `<tr data-testid="competition-${esc(c.id)}" data-status="${esc(c.status)}">
      <td><a class="tname" href="${eventHref(c.id)}">${esc(c.name)}</a></td>
      <td>${esc(c.series || "")}</td><td>${esc(t(`format.${c.format}`))}</td>
      <td><span class="badge status-${esc(c.status)}">${esc(t(`competitionStatus.${c.status}`))}</span></td>
      <td class="num">${c.entrants}</td><td data-testid="competition-winner-${esc(c.id)}">${esc(c.winner || "")}</td></tr>`).join("");
  return `<div class="scroll"><table class="standings competitions" data-testid="competitions">
    <thead><tr><th>${esc(t("competitions.name"))}</th><th>${esc(t("competitions.series"))}</th><th>${esc(t("competitions.format"))}</th>
      <th>${esc(t("competitions.status"))}</th><th class="num">${esc(t("competitions.entrants"))}</th><th>${esc(t("competitions.winner"))}</th></tr></thead>
    <tbody>${rows || `<tr><td colspan="6" class="empty">${esc(t("competitions.none"))}</td></tr>`}</tbody></table></div>`;
}

function showList() {
  const el = $("competition-list");
  if (!el) return;
  const html = listMarkup();
  if (el.dataset.html !== html) {
    el.innerHTML = html;
    el.dataset.html = html;
  }
}

async function refreshList() {
  try {
    list = (await api.competitions()).competitions;
    showList();
  } catch (err) {
    toast(err.message);
  }
}

// --- the form ----------------------------------------------------------------

function number(field, value, low, high) {
  return `<input type="number" data-field="${field}" data-testid="new-${field.replace("_", "-")}" min="${low}" max="${high}" value="${value}">`;
}

function select(field, choices, label = null) {
  return `<select data-field="${field}"${label ? ` aria-label="${esc(label)}"` : ""} data-testid="new-${field.replace("_", "-")}">${choices.map(([value, text]) => `<option value="${esc(value)}"${String(value) === String(draft[field]) ? " selected" : ""}>${esc(text)}</option>`).join("")}</select>`;
}

function check(field, text) {
  return `<label class="check"><input type="checkbox" data-field="${field}" data-testid="new-${field.replace("_", "-")}"${draft[field] ? " checked" : ""}><span>${esc(text)}</span></label>`;
}

function field(text, control, help = "") {
  return `<label class="field"><span>${esc(text)}</span>${control}${help ? `<span class="muted small">${esc(help)}</span>` : ""}</label>`;
}

function formatFields() {
  if (draft.format === "groups_knockout") {
    return field(t("newCompetition.groups"), number("groups", draft.groups, 1, 16))
      + field(t("newCompetition.advance"), number("advance", draft.advance, 1, 16));
  }
  if (draft.format === "league") {
    return field(t("newCompetition.tableSize"), select("table_size", [2, 3, 4, 5].map((n) => [n, String(n)])));
  }
  if (draft.format === "swiss") return field(t("newCompetition.rounds"), number("rounds", draft.rounds, 0, 20), t("newCompetition.roundsHelp"));
  return "";
}

function formMarkup() {
  if (!currentAccount()) {
    return `<h2>${esc(t("newCompetition.title"))}</h2><p class="muted" data-testid="new-competition-login">${esc(t("newCompetition.logIn"))}</p>`;
  }
  const chosen = draft.entrants.map((bot, i) => `<li data-testid="new-entrant-${i}">${esc(botText(bot))}
      <button type="button" class="btn small" data-remove="${i}" data-testid="new-remove-bot-${i}" aria-label="${esc(t("newCompetition.remove"))}">×</button></li>`).join("")
    || `<li class="empty">${esc(t("newCompetition.noBots"))}</li>`;
  return `<h2>${esc(t("newCompetition.title"))}</h2>
    <div class="form-grid">
      ${field(t("newCompetition.name"), `<input data-field="name" data-testid="new-name" maxlength="80" value="${esc(draft.name)}">`)}
      ${field(t("newCompetition.series"), `<input data-field="series" data-testid="new-series" maxlength="80" value="${esc(draft.series)}">`, t("newCompetition.seriesHelp"))}
      ${field(t("newCompetition.format"), select("format", FORMATS.map((f) => [f, t(`format.${f}`)])), t(`formatHelp.${draft.format}`))}
      ${formatFields()}
      ${field(t("newCompetition.games"), number("games", draft.games, 1, 9))}
      ${field(t("newCompetition.seriesStart"), select("series_start", SERIES_STARTS.map((s) => [s, t(`seriesStart.${s}`)])))}
      ${field(t("newCompetition.bestOf"), select("best_of", BEST_OF.map((b) => [b, t(`bestOf.${b || "format"}`)])))}
      ${field(t("newCompetition.tie"), select("tie", TIE_RULES.map((r) => [r, t(`tieRule.${r}`)])), t("newCompetition.tieHelp", { stage: t(`format.${draft.format}`) }))}
      ${field(t("newCompetition.titleGames"), number("title_games", draft.title_games, 0, 9), t("newCompetition.titleGamesHelp"))}
      ${field(t("newCompetition.deadline"), select("round_deadline", DEADLINES.map((s) => [s, s ? t("newCompetition.days", { n: s / 86400 }) : t("newCompetition.noDeadline")])), t("newCompetition.deadlineHelp"))}
      ${field(t("preset.label"), `<select data-field="preset" data-testid="new-preset">${presetChoices(presets, draft.preset)}</select>`, presetHelp(draft.preset))}
      ${field(t("lobby.timing"), `<select data-field="timing" data-testid="new-timing">${presetTimingOption(presetOf(presets, draft.preset), "competition", draft.timing)}${timingOptions(draft.timing)}</select>`)}
      ${field(t("aids.label"), select("aids", AIDS.map((a) => [a, t(`aids.${a}`)])), t("aids.help"))}
    </div>
    ${check("duplicate", t("newCompetition.duplicate"))}
    ${check("rated", t("newCompetition.rated"))}
    <h3>${esc(t("newCompetition.bots"))}</h3>
    <div class="add-bot">${select("bot", bots.map((b) => [b, botText(b)]), t("newCompetition.bots"))}
      <button type="button" class="btn" data-testid="new-add-bot" data-action="add-bot">${esc(t("competition.addBot"))}</button></div>
    <ul class="plain-list" data-testid="new-bots">${chosen}</ul>
    <p class="muted small">${esc(t("newCompetition.entrantsHelp"))}</p>
    <div class="actions end"><button class="btn primary" data-testid="create-competition" data-action="create">${esc(t("newCompetition.create"))}</button></div>`;
}

function showForm() {
  const el = $("new-competition");
  if (el) el.innerHTML = formMarkup();
}

function readField(el) {
  const name = el.dataset.field;
  if (el.type === "checkbox") draft[name] = el.checked;
  else if (el.type === "number" || ["round_deadline", "table_size"].includes(name)) draft[name] = Number(el.value);
  else draft[name] = el.value;
  if (name === "games") draft.gamesTouched = true;
  if (name === "preset") {
    // the preset's fields fill the form: its time, two players a table
    const preset = presetOf(presets, draft.preset);
    draft.timing = preset ? PRESET_TIMING : "none";
    if (preset) draft.table_size = preset.competition.table_size;
    draft.tie = presetTie();
    showForm();
  }
  if (name === "format") {
    if (!draft.gamesTouched) draft.games = ["knockout", "double_elimination"].includes(draft.format) ? 1 : 2;
    draft.tie = presetTie();
    showForm();
  }
}

function body() {
  const out = {
    name: draft.name.trim(), format: draft.format, games: draft.games, duplicate: draft.duplicate,
    title_games: draft.title_games, rated: draft.rated, entrants: draft.entrants.map((bot) => ({ bot })),
  };
  if (draft.series.trim()) out.series = draft.series.trim();
  if (draft.series_start !== "alternate") out.series_start = draft.series_start;
  if (draft.round_deadline) out.round_deadline = draft.round_deadline;
  const preset = presetOf(presets, draft.preset);
  if (preset) out.preset = preset.name;
  const timing = sentTiming(preset, draft.timing, timingOf);
  if (timing !== undefined) out.timing = timing;
  if (draft.aids !== "on") out.aids = draft.aids;
  if (draft.best_of) out.best_of = draft.best_of === "true";
  if (draft.tie !== presetTie()) out.tie_rules = { [TIE_STAGE[draft.format]]: draft.tie };
  if (draft.format === "groups_knockout") Object.assign(out, { groups: draft.groups, advance: draft.advance });
  if (draft.format === "league" && draft.table_size > 2) out.table_size = draft.table_size;
  if (draft.format === "swiss" && draft.rounds) out.rounds = draft.rounds;
  return out;
}

async function create(button) {
  if (!draft.name.trim()) {
    toast(t("newCompetition.needName"));
    return;
  }
  button.disabled = true;
  try {
    const made = await api.createCompetition(body());
    location.href = eventHref(made.id);
  } catch (err) {
    toast(err.message);
    button.disabled = false;
  }
}

function bindForm() {
  const el = $("new-competition");
  el.addEventListener("input", (e) => { if (e.target.dataset.field && e.target.type !== "checkbox" && e.target.tagName === "INPUT") readField(e.target); });
  el.addEventListener("change", (e) => { if (e.target.dataset.field) readField(e.target); });
  el.addEventListener("click", (e) => {
    const remove = e.target.closest("[data-remove]");
    if (remove) {
      draft.entrants.splice(Number(remove.dataset.remove), 1);
      showForm();
      return;
    }
    const action = e.target.closest("[data-action]");
    if (action?.dataset.action === "add-bot") {
      draft.entrants.push(draft.bot);
      showForm();
    } else if (action?.dataset.action === "create") create(action);
  });
}

// --- the page ---------------------------------------------------------------

function render() {
  $("page").innerHTML = `<section class="card wide"><h1>${esc(t("competitions.title"))}</h1>
      <p class="muted">${esc(t("competitions.intro"))}</p><div id="competition-list"></div></section>
    <section class="card wide new-competition" id="new-competition" data-testid="new-competition"></section>`;
  showList();
  showForm();
  bindForm();
}

export async function main() {
  await startPage(render);
  try {
    const catalogue = await api.catalogue();
    bots = catalogue.bots.map((b) => (typeof b === "string" ? b : b.name));
    presets = catalogue.presets || [];
    if (!bots.includes(draft.bot)) draft.bot = bots[0];
  } catch (err) {
    toast(err.message);
  }
  render();
  await refreshList();
  setInterval(refreshList, 10000);
}
