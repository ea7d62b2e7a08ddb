// Many boards at once (watch.html), live: every table of a competition's
// round at /competition/ID/boards?round=N (and &stage=S, the stage's index
// in the competition, when several stages have a round N: by default the
// last that has one), or any tables at /watch?tables=ID,ID,... At most
// MOST boards: the first MOST are shown and a line says so.
//
// Each board is a card (watchcard.js) with its own spectator's connection
// to the table (spectate.js), so every move shows as it is made, and the
// running clocks count down. For a round the page asks for the competition
// every few seconds while it runs: a match whose game starts gets its
// board, and a series' next game takes the place of the last one. One click
// on a board (or "Enlarge") shows it large; "Back" or Esc returns.

import { api } from "./api.js";
import { applyStatic, has, initI18n, languageSwitch, t } from "./i18n.js";
import { currentTable, eventHref } from "./matches.js";
import { paletteSwitch } from "./palette.js";
import { installDefs, setCatalogue } from "./tiles.js";
import { toast } from "./ui.js";
import { WatchCard } from "./watchcard.js";

/** The most boards one page shows. */
const MOST = 16;
const REFRESH_MS = 4000;

const $ = (id) => document.getElementById(id);
const path = location.pathname.split("/").filter(Boolean).map(decodeURIComponent);
const params = new URLSearchParams(location.search);
const cards = new Map(); // slot key -> WatchCard, in the page's order
let enlarged = null;
let event = null; // the competition watched (a round's page)
let timer = null;

/** The table ids of /watch?tables=..., in order, each once. */
function namedTables(text) {
  return [...new Set(String(text || "").split(",").map((s) => s.trim()).filter(Boolean))];
}

/** A competition's stage by the page's `stage` (an index) or, without it, the last with round `number`. */
function stageOf(competition, number, stage = null) {
  const stages = competition.stages || [];
  if (stage != null) {
    const s = stages[stage];
    return s?.rounds.some((r) => r.number === number) ? stage : null;
  }
  for (let i = stages.length - 1; i >= 0; i -= 1) {
    if (stages[i].rounds.some((r) => r.number === number)) return i;
  }
  return null;
}

/** A round's boards: one slot per match, {key, table (or null), title}: the match and its game being played. */
function roundSlots(round) {
  return round.matches.map((m) => {
    const table = currentTable(m);
    const game = m.games.filter((g) => g.table).pop();
    const what = game ? t("match.game", { n: game.number }) : m.entrants.join(t("match.versus"));
    return { key: m.id, table, title: `${m.id} · ${what}` };
  });
}

function stageTitle(competition, stage) {
  const kind = competition.stages[stage].kind;
  if (kind === "league" && competition.setup?.format === "groups_knockout") return t("stage.groups");
  return has(`stage.${kind}`) ? t(`stage.${kind}`) : kind;
}

/** Say `key`'s words on the page (above the boards), or nothing. */
function note(key, params = {}) {
  const el = $("watch-note");
  el.hidden = !key;
  el.textContent = key ? t(key, params) : "";
  el.dataset.key = key || "";
}

/** Show these slots, in this order: cards made, moved, changed or taken off. */
function showSlots(slots) {
  const shown = slots.slice(0, MOST);
  const grid = $("boards");
  const wanted = new Set(shown.map((s) => s.key));
  for (const [key, card] of cards) {
    if (!wanted.has(key)) {
      if (card === enlarged) shrink();
      card.remove();
      cards.delete(key);
    }
  }
  let before = null; // the card the next one follows
  for (const slot of shown) {
    let card = cards.get(slot.key);
    if (!card) {
      card = new WatchCard(grid, slot.key, { onEnlarge: enlarge });
      cards.set(slot.key, card);
    }
    // in order, moving only what is out of place (a card moved draws its tiles afresh)
    const place = before ? before.nextElementSibling : grid.firstElementChild;
    if (place !== card.el) grid.insertBefore(card.el, place);
    before = card.el;
    card.show(slot.table, slot.title);
  }
  document.body.dataset.boards = String(shown.length);
  $("watch-count").textContent = t("watch.count", { n: shown.length });
}

function enlarge(card) {
  if (enlarged && enlarged !== card) enlarged.setEnlarged(false);
  enlarged = card;
  card.setEnlarged(true, shrink);
  document.body.classList.add("one-enlarged");
  document.body.dataset.enlarged = card.tableId || "";
}

function shrink() {
  enlarged?.setEnlarged(false);
  enlarged = null;
  document.body.classList.remove("one-enlarged");
  document.body.dataset.enlarged = "";
}

// --- the two kinds of page -------------------------------------------------

function watchTables() {
  const ids = namedTables(params.get("tables"));
  $("watch-title").textContent = t("watch.title");
  if (!ids.length) {
    note("watch.noTables");
    showSlots([]);
    return;
  }
  if (ids.length > MOST) note("watch.tooMany", { most: MOST, n: ids.length });
  showSlots(ids.map((id) => ({ key: id, table: id, title: "" })));
}

/** The round asked for in the address: its number (null when none is named right) and stage index (or null). */
function roundAsked() {
  const number = Number(params.get("round"));
  const given = params.get("stage");
  const stage = given == null || given === "" ? null : Number(given);
  // (a stage that is no index is one no competition has)
  return { number: Number.isInteger(number) && number >= 1 ? number : null, stage: stage === null || Number.isInteger(stage) ? stage : -1 };
}

async function watchRound(eventId) {
  if (roundAsked().number == null) {
    note("watch.badRound");
    return;
  }
  try {
    event = await api.competition(eventId);
  } catch (err) {
    if (!event) {
      note(null);
      $("watch-note").hidden = false;
      $("watch-note").textContent = err.message;
      return;
    }
  }
  showRound();
  schedule(eventId);
}

/** The competition's round as last read: its heading and its boards. */
function showRound() {
  const { number, stage: asked } = roundAsked();
  const back = $("watch-event");
  back.hidden = false;
  back.href = eventHref(event.id);
  $("watch-title").textContent = event.name;
  const stage = stageOf(event, number, asked);
  if (stage == null) {
    $("watch-sub").textContent = "";
    note("watch.noRound", { n: number });
    showSlots([]);
    return;
  }
  $("watch-sub").textContent = `${stageTitle(event, stage)} · ${t("round.number", { n: number })}`;
  const round = event.stages[stage].rounds.find((r) => r.number === number);
  const slots = roundSlots(round);
  const started = slots.some((s) => s.table);
  note(!started ? "watch.empty" : slots.length > MOST ? "watch.tooMany" : null, { most: MOST, n: slots.length });
  showSlots(slots);
}

function schedule(eventId) {
  clearTimeout(timer);
  if (event?.status === "open" || event?.status === "running") timer = setTimeout(() => watchRound(eventId), REFRESH_MS);
}

function redraw() {
  for (const card of cards.values()) card.render();
}

async function main() {
  await initI18n();
  languageSwitch($("language"));
  paletteSwitch($("palette"));
  installDefs();
  try {
    setCatalogue(await api.catalogue());
  } catch (err) {
    toast(err.message);
  }
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && enlarged) shrink();
  });
  document.addEventListener("languagechange", () => {
    applyStatic();
    if (path[0] === "watch") watchTables();
    else if (event) showRound();
    else if (roundAsked().number == null) note("watch.badRound");
    redraw();
  });
  // the last tile's frame is coloured by script: drawn again in the new colours
  document.addEventListener("palettechange", () => {
    for (const card of cards.values()) card.redraw();
  });
  setInterval(() => {
    for (const card of cards.values()) card.tick();
  }, 200);
  if (path[0] === "competition" && path[1]) await watchRound(path[1]);
  else watchTables();
  document.body.dataset.ready = "true";
}

// for tests and tools: the cards on the page
window.carcassonneWatch = { cards: () => [...cards.values()].map((c) => ({ slot: c.key, table: c.tableId, last: c.msg?.last ?? null })) };

main().catch((err) => toast(err.message));
