// The lobby (/): play against a bot in one click (Easy, Medium or Hard, the
// choice remembered), create a table (a rules preset, presets.js, filling
// the form; seats, sets and their options, its time), and list open tables (join a free seat), games being played
// (watch; the server lists only those someone plays now) and finished or
// abandoned games (replay); logged in, the player's competition matches
// ("Play now") and games, invitations and friends (lobby-friends.js).

import { currentAccount, loadMe, renderAccount } from "./account.js";
import { api, esc, playerName, quickBot, rememberName, rememberQuickBot, rememberSeat, seatFor } from "./api.js";
import { has, initI18n, language, languageSwitch, t } from "./i18n.js";
import { renderLobbyFriends } from "./lobby-friends.js";
import { renderMyMatches } from "./matches.js";
import { loadZone, renderNextGames } from "./times.js";
import { offerNotifications, watchNotices } from "./notices.js";
import { botChoice, botOptions, botWord, catalogueBots, hasBotName, quickTableName, seatName, tableName } from "./names.js";
import { paletteSwitch } from "./palette.js";
import { PRESET_TIMING, presetChoices, presetHelp, presetOf, presetTimingOption, sentTiming } from "./presets.js";
import { installDefs, miniTile, seatClass, setCatalogue } from "./tiles.js";
import { tableBadges, timingOf, timingOptions } from "./timing.js";
import { aidsBadge, aidsOptions } from "./aids.js";
import { toast } from "./ui.js";

const $ = (id) => document.getElementById(id);
let catalogue = { sets: [], options: [], bots: [], tiles: {} };
let seats = [];

// The catalogue may name sets and bots as plain strings or as objects.
function setName(s) {
  return typeof s === "string" ? s : s.name || s.id;
}

function setPlayable(s) {
  if (typeof s === "string") return true; // a plain list names only playable sets
  return s.playable !== false;
}

/** The catalogue's bots in the order offered (levels from the weakest, training bots, outside bots), with their kinds. */
function bots() {
  const list = catalogueBots(catalogue);
  return list.length ? list : [{ name: "greedy", kind: "training" }, { name: "random", kind: "training" }];
}

function botNames() {
  return bots().map((b) => b.name);
}

/** The bot of a seat added to the create form: the stand-in, as the server gives free seats. */
function defaultBot() {
  const names = botNames();
  return names.includes("greedy") ? "greedy" : names[0];
}

// --- quick play ------------------------------------------------------------
//
// "Play against a bot" seats one of the levels, chosen beside the button
// (Medium on a first visit) and remembered for the next visit.

function levels() {
  return bots().filter((b) => b.kind === "level").map((b) => b.name);
}

function quickLevel() {
  const offered = levels();
  const saved = quickBot();
  if (offered.includes(saved)) return saved;
  return offered.includes("medium") ? "medium" : offered[0] || defaultBot();
}

function renderQuickLevels() {
  const chosen = quickLevel();
  const el = $("quick-level");
  el.setAttribute("aria-label", t("lobby.quickLevel"));
  el.innerHTML = levels().map((bot) => `<label class="segment" title="${esc(t(`botHelp.${bot}`))}">
      <input type="radio" name="quick-level" value="${esc(bot)}" data-testid="quick-level-${esc(bot)}"${bot === chosen ? " checked" : ""}>
      <span>${esc(t(`botLevel.${bot}`))}</span></label>`).join("");
  el.hidden = !levels().length;
  $("quick-help").textContent = levels().length ? botChoice(chosen) : "";
  for (const input of el.querySelectorAll("input")) {
    input.addEventListener("change", () => {
      rememberQuickBot(input.value);
      renderQuickLevels();
    });
  }
}

/**
 * The name the player sits under: a logged-in player's is their account's
 * (the server seats them under it whatever the box says), a guest's what
 * the box says (remembered for the next visit).
 */
function myName() {
  const account = currentAccount();
  if (account) return account.name;
  const name = $("player-name").value.trim();
  rememberName(name);
  return name || t("lobby.defaultName");
}

/** The name box: logged in, the account's name, not to be changed; a guest's own again after logging out. */
function renderName() {
  const box = $("player-name");
  const account = currentAccount();
  if (account) {
    if (!box.readOnly) box.dataset.guest = box.value;
    box.value = account.name;
    box.readOnly = true;
    box.title = t("lobby.accountName");
  } else if (box.readOnly) {
    box.readOnly = false;
    box.value = box.dataset.guest ?? playerName();
    box.title = "";
  }
}

function label(prefix, name) {
  return has(`${prefix}.${name}`) ? t(`${prefix}.${name}`) : name;
}

// --- create form ---------------------------------------------------------

function renderSeats() {
  const count = Number($("player-count").value);
  while (seats.length < count) seats.push({ kind: "bot", bot: defaultBot() });
  seats = seats.slice(0, count);
  $("seat-list").innerHTML = seats.map((s, i) => {
    const value = s.kind === "human" ? "human" : `bot:${s.bot}`;
    const opts = `<option value="human"${value === "human" ? " selected" : ""}>${esc(t("lobby.human"))}</option>${botOptions(bots(), value, "bot:")}`;
    const note = i === firstHuman() ? `<span class="muted small">${esc(t("lobby.youSit"))}</span>` : "";
    return `<li class="${seatClass(i)}"><span class="dot"></span>
      <select data-seat="${i}" data-testid="seat-kind-${i}" aria-label="${esc(t("lobby.seatLabel", { n: i + 1 }))}">${opts}</select> ${note}</li>`;
  }).join("");
  for (const sel of $("seat-list").querySelectorAll("select")) {
    sel.addEventListener("change", () => {
      const i = Number(sel.dataset.seat);
      seats[i] = sel.value === "human" ? { kind: "human" } : { kind: "bot", bot: sel.value.slice(4) };
      renderSeats();
    });
  }
}

function firstHuman() {
  return seats.findIndex((s) => s.kind === "human");
}

// --- sets and their options ------------------------------------------------
//
// Each set is a checkbox; a ticked expansion shows its elements (the large
// meeple, inns, builder...: boolean options) and its other options. "Tiles
// only" is an expansion ticked with every element off. An option that only
// matters with some element (goods_need_follower with goods) is greyed out
// and not sent while that element is off.

/** Options that only matter while one of these elements is on. */
const DEPENDS = { incomplete_inn_cathedral: ["inns", "cathedrals"], goods_need_follower: ["goods"] };
/** Yes/no options that are a rule of a set, not one of its elements (no "tiles only" for them). */
const RULES_NOT_ELEMENTS = ["stonehenge_on_placing_turn"];
/** Most players with a set (5 otherwise): more with Inns & Cathedrals... */
const MAX_PLAYERS = { inns_cathedrals: 6 };
/** ...and fewer with The Wonders of Humanity, one wonder each (WON-1). */
const PLAYER_CAP = { wonders: 4 };

const picked = { sets: new Set(["base"]), options: {}, touched: new Set() };

/**
 * Rules as played elsewhere, one click each: the options they set (those
 * the catalogue offers). Board Game Arena draws each player's next tile
 * ahead and shows it to all (VAR-AHEAD-4), and plays the current rules, not
 * the first edition's (farm scoring, 4 points for a 2-tile city).
 */
const PRESETS = {
  bga: { draw_ahead: true, hands_public: true, hand: 1, farm_scoring: "current", tiny_city: 4 },
};

/** The options of preset `name` that the catalogue offers. */
function presetOptions(name) {
  const offered = new Set((catalogue.options || []).map((o) => o.name));
  return Object.entries(PRESETS[name]).filter(([option]) => offered.has(option));
}

/** Whether the form now holds every option of preset `name`. */
function presetOn(name) {
  const list = presetOptions(name);
  return list.length > 0 && list.every(([option, value]) => optionValue(catalogue.options.find((o) => o.name === option)) === value);
}

function applyPreset(name) {
  for (const [option, value] of presetOptions(name)) {
    picked.options[option] = value;
    picked.touched.add(option);
  }
  renderSets();
}

/** A changed option; drawing ahead shows the held tiles to all unless the player said otherwise (VAR-AHEAD-4). */
function changeOption(name, value) {
  picked.options[name] = value;
  picked.touched.add(name);
  if (name === "draw_ahead" && !picked.touched.has("hands_public")) {
    if (value) picked.options.hands_public = true;
    else delete picked.options.hands_public;
  }
}

function presetMarkup() {
  if (!presetOptions("bga").some(([option]) => option === "draw_ahead")) return "";
  const on = presetOn("bga");
  return `<div class="presets" data-testid="presets"><span class="muted small">${esc(t("lobby.presets"))}</span>
    <button type="button" class="btn small${on ? " active" : ""}" data-preset="bga" data-testid="preset-bga" title="${esc(t("lobby.presetBgaTitle"))}"
      aria-pressed="${on}">${esc(t("lobby.presetBga"))}</button>
    ${on ? `<span class="muted small" data-testid="preset-bga-on">✓ ${esc(t("lobby.presetBgaOn"))}</span>` : ""}</div>`;
}

function optionsOf(set) {
  return (catalogue.options || []).filter((o) => (o.set || "base") === set);
}

function optionValue(o) {
  return o.name in picked.options ? picked.options[o.name] : o.default;
}

/** The set's elements: its yes/no options that no other option depends on. */
function elementsOf(set) {
  return optionsOf(set).filter((o) => typeof o.default === "boolean" && !(o.name in DEPENDS) && set !== "base"
    && !RULES_NOT_ELEMENTS.includes(o.name));
}

function optionLive(o) {
  const parents = DEPENDS[o.name];
  if (!parents) return true;
  return parents.some((p) => optionValue((catalogue.options || []).find((x) => x.name === p) || { default: false }));
}

function chosenSets() {
  return [...picked.sets].filter((v) => v !== "base");
}

function optionAllowed(o) {
  return o.allowed || o.values || o.choices || [true, false];
}

function optionMarkup(o) {
  const title = label("option", o.name);
  const help = has(`optionHelp.${o.name}`) ? `<span class="muted small">${esc(t(`optionHelp.${o.name}`))}</span>` : "";
  const live = optionLive(o);
  const off = live ? "" : " disabled";
  const value = optionValue(o);
  if (typeof o.default === "boolean") {
    return `<label class="check${live ? "" : " disabled"}"><input type="checkbox" data-option="${esc(o.name)}" data-testid="option-${esc(o.name)}"${value ? " checked" : ""}${off}>
      <span>${esc(title)}</span> ${help}</label>`;
  }
  const choices = optionAllowed(o).map((v) => `<option value="${esc(JSON.stringify(v))}"${v === value ? " selected" : ""}>${esc(label(`value.${o.name}`, String(v)))}</option>`).join("");
  return `<label class="field inline${live ? "" : " disabled"}"><span>${esc(title)}</span><select data-option="${esc(o.name)}" data-testid="option-${esc(o.name)}"${off}>${choices}</select> ${help}</label>`;
}

function setMarkup(s) {
  const name = setName(s);
  const ok = setPlayable(s);
  const base = name === "base";
  const on = picked.sets.has(name);
  const elements = elementsOf(name);
  const tilesOnly = elements.length > 0 && elements.every((o) => !optionValue(o));
  const help = has(`setHelp.${name}`) ? ` <span class="muted small">${esc(t(`setHelp.${name}`))}</span>` : "";
  const soon = ok ? "" : ` <span class="muted small">${esc(t("lobby.soon"))}</span>`;
  const opts = optionsOf(name);
  const extra = elements.length ? `<div class="set-tools">
      <button type="button" class="btn small ghost" data-tiles-only="${esc(name)}" data-testid="tiles-only-${esc(name)}" title="${esc(t("lobby.tilesOnlyTitle"))}">${esc(t("lobby.tilesOnly"))}</button>
      ${tilesOnly ? `<span class="muted small tiles-only-note" data-testid="tiles-only-note-${esc(name)}">${esc(t("lobby.tilesOnlyNote"))}</span>` : ""}</div>` : "";
  return `<section class="set-block${on ? " on" : ""}" data-set="${esc(name)}">
    <label class="check set-head${ok ? "" : " disabled"}"><input type="checkbox" value="${esc(name)}" data-testid="set-${esc(name)}"${on ? " checked" : ""}${base || !ok ? " disabled" : ""}>
      <span>${esc(label("set", name))}</span>${help}${soon}</label>
    <div class="set-options" data-testid="set-options-${esc(name)}"${on && opts.length ? "" : " hidden"}>${opts.map(optionMarkup).join("")}${extra}</div>
  </section>`;
}

function renderSets() {
  const known = (catalogue.sets || []).map(setName);
  const list = known.includes("base") ? catalogue.sets : ["base", ...(catalogue.sets || [])];
  $("sets").innerHTML = presetMarkup() + list.map(setMarkup).join("");
  for (const b of $("sets").querySelectorAll("[data-preset]")) b.addEventListener("click", () => applyPreset(b.dataset.preset));
  for (const box of $("sets").querySelectorAll("input[value]")) {
    box.addEventListener("change", () => {
      if (box.checked) picked.sets.add(box.value);
      else picked.sets.delete(box.value);
      renderSets();
      renderPlayerCount();
    });
  }
  for (const el of $("sets").querySelectorAll("[data-option]")) {
    el.addEventListener("change", () => {
      changeOption(el.dataset.option, el.type === "checkbox" ? el.checked : JSON.parse(el.value));
      renderSets();
    });
  }
  for (const b of $("sets").querySelectorAll("[data-tiles-only]")) {
    b.addEventListener("click", () => {
      for (const o of elementsOf(b.dataset.tilesOnly)) picked.options[o.name] = false;
      renderSets();
    });
  }
}

function maxPlayers() {
  const most = Math.max(5, ...[...picked.sets].map((s) => MAX_PLAYERS[s] || 5));
  return Math.min(most, ...[...picked.sets].map((s) => PLAYER_CAP[s] || most));
}

function renderPlayerCount() {
  const select = $("player-count");
  const most = maxPlayers();
  const now = Math.min(Number(select.value) || seats.length || 2, most);
  select.innerHTML = Array.from({ length: most - 1 }, (_, i) => i + 2)
    .map((n) => `<option value="${n}"${n === now ? " selected" : ""}>${n}</option>`).join("");
  renderSeats();
}

function chosenOptions() {
  const out = {};
  for (const set of picked.sets) {
    for (const o of optionsOf(set)) {
      const value = optionValue(o);
      if (optionLive(o) && value !== o.default) out[o.name] = value;
    }
  }
  return out;
}

async function createTable(body) {
  const res = await api.create(body);
  if (res.token != null) rememberSeat(res.table.id, res.seat, res.token);
  location.href = `/table/${encodeURIComponent(res.table.id)}`;
}

async function onCreate() {
  const me = firstHuman();
  const name = myName();
  const body = {
    seats: seats.map((s) => (s.kind === "human" ? { kind: "human" } : { kind: "bot", bot: s.bot })),
    sets: ["base", ...chosenSets()],
    options: chosenOptions(),
    hide_distribution: $("hide-distribution").checked,
    aids: $("aids").value || "on",
    rated: $("rated").checked && currentAccount() != null,
    chat: $("chat-players").checked ? "players" : "all",
  };
  const preset = rulesPreset();
  if (preset) body.preset = preset.name;
  const timing = sentTiming(preset, $("timing").value, timingOf);
  if (timing !== undefined) body.timing = timing;
  const tableName = $("table-name").value.trim();
  if (tableName) body.name = tableName;
  if (me >= 0) body.join = { seat: me, name };
  try {
    await createTable(body);
  } catch (err) {
    toast(err.message);
  }
}

async function onQuickPlay() {
  const name = myName();
  const bot = quickLevel();
  try {
    await createTable({
      name: quickTableName(name, bot),
      seats: [{ kind: "human" }, { kind: "bot", bot }],
      join: { seat: 0, name },
    });
  } catch (err) {
    toast(err.message);
  }
}

// --- table lists ---------------------------------------------------------

/** Replace a list only when it changed, so a button is not swapped under the pointer. */
function setList(id, html) {
  const el = $(id);
  if (el.dataset.html !== html) {
    el.innerHTML = html;
    el.dataset.html = html;
  }
}

function seatLine(table) {
  return table.seats.map((s, i) => {
    // a bot seat says its bot unless its name does already ("Hard bot"; "Ann (greedy)" once Ann left)
    const name = s.kind === "bot" ? (hasBotName(s) ? seatName(s) : `${s.name || ""} (${botWord(s.bot)})`) : s.taken ? s.name || "" : t("waiting.free");
    return `<span class="chip ${seatClass(i)}${s.taken ? "" : " free"}">${esc(name)}</span>`;
  }).join(" ");
}

function when(iso) {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? "" : d.toLocaleString(language(), { dateStyle: "short", timeStyle: "short" });
}

function tableRow(table, action) {
  const scores = table.scores ? ` · ${table.scores.join(" : ")}` : "";
  const moves = table.status !== "waiting" ? ` · ${esc(t("lobby.moves", { n: table.moves }))}` : "";
  // the expansions in play, so whoever joins knows the game
  const sets = (table.sets || []).filter((s) => s !== "base").map((s) => `<span class="badge">${esc(label("set", s))}</span>`).join("")
    + (table.rated ? `<span class="badge rated" data-testid="rated-${esc(table.id)}">${esc(t("lobby.ratedBadge"))}</span>` : "")
    + tableBadges(table) + aidsBadge(table);
  return `<li data-testid="table-${esc(table.id)}" data-table="${esc(table.id)}"><div class="trow-main">
    <a href="/table/${encodeURIComponent(table.id)}" class="tname">${esc(tableName(table))}</a>
    ${sets ? `<span class="trow-sets">${sets}</span>` : ""}
    <span class="muted small">${esc(when(table.created))}${moves}${esc(scores)}</span></div>
    <div class="trow-seats">${seatLine(table)}</div><div class="trow-actions">${action}</div></li>`;
}

/** Finished and abandoned games together, newest first. */
function ended(finished, abandoned) {
  return [...finished.tables, ...abandoned.tables].sort((a, b) => String(b.created).localeCompare(String(a.created)));
}

function endedAction(tb) {
  if (tb.status === "abandoned") {
    return `<a class="btn small" href="/table/${encodeURIComponent(tb.id)}" data-testid="look-${esc(tb.id)}">${esc(t("lobby.look"))}</a>`;
  }
  return `<a class="btn small" href="/table/${encodeURIComponent(tb.id)}?replay=1" data-testid="replay-${esc(tb.id)}">${esc(t("lobby.replay"))}</a>`;
}

async function refreshTables() {
  try {
    const [open, playing, finished, abandoned] = await Promise.all([api.tables("waiting"), api.tables("playing"), api.tables("finished"),
      api.tables("abandoned").catch(() => ({ tables: [] }))]);
    setList("open-tables", open.tables.map((tb) => {
      const mine = seatFor(tb.id);
      const action = mine ? `<a class="btn small" href="/table/${encodeURIComponent(tb.id)}">${esc(t("lobby.back"))}</a>`
        : tb.seats.map((s, i) => (s.taken ? "" : `<button class="btn small" data-join="${esc(tb.id)}" data-seat="${i}" data-testid="join-${esc(tb.id)}-${i}">${esc(t("lobby.joinSeat", { n: i + 1 }))}</button>`)).join("");
      return tableRow(tb, action);
    }).join("") || `<li class="empty">${esc(t("lobby.noOpen"))}</li>`);
    setList("playing-tables", playing.tables.map((tb) => tableRow(tb,
      `<a class="btn small" href="/table/${encodeURIComponent(tb.id)}" data-testid="watch-${esc(tb.id)}">${esc(t(seatFor(tb.id) ? "lobby.back" : "lobby.watch"))}</a>`)).join("")
      || `<li class="empty">${esc(t("lobby.noPlaying"))}</li>`);
    setList("finished-tables", ended(finished, abandoned).slice(0, 30).map((tb) => tableRow(tb, endedAction(tb))).join("")
      || `<li class="empty">${esc(t("lobby.noFinished"))}</li>`);
    for (const b of document.querySelectorAll("[data-join]:not([data-bound])")) {
      b.dataset.bound = "1";
      b.addEventListener("click", async () => {
        try {
          const res = await api.join(b.dataset.join, Number(b.dataset.seat), myName());
          rememberSeat(b.dataset.join, res.seat, res.token);
          location.href = `/table/${encodeURIComponent(b.dataset.join)}`;
        } catch (err) {
          toast(err.message);
          refreshTables();
        }
      });
    }
  } catch (err) {
    toast(err.message);
  }
}

/** The logged-in player's competition matches and games, their turn first; the rated box needs an account. */
function renderMine() {
  const me = currentAccount();
  $("my-games-card").hidden = !me;
  renderLobbyFriends($("friends-card"), me);
  $("rated").disabled = !me;
  if (!me) {
    $("rated").checked = false;
    return;
  }
  const matches = me.matches || [];
  $("my-matches-block").hidden = !matches.length;
  renderMyMatches($("my-matches"), matches, renderMine);
  loadZone().then(() => renderNextGames($("next-games-block"))); // agreed match times
  // the server sends your-turn games first; keep them so
  const games = me.games.filter((g) => g.status === "waiting" || g.status === "playing")
    .sort((a, b) => Number(Boolean(b.your_turn)) - Number(Boolean(a.your_turn)));
  if (games.some((g) => g.timing?.kind === "turn")) offerNotifications();
  setList("my-games", games.map((tb) => tableRow(tb,
    `${tb.your_turn ? `<span class="badge turn" data-testid="your-turn-${esc(tb.id)}">${esc(t("lobby.yourTurn"))}</span>` : ""}
     <a class="btn small" href="/table/${encodeURIComponent(tb.id)}" data-testid="open-${esc(tb.id)}">${esc(t("lobby.back"))}</a>`)).join("")
    || `<li class="empty">${esc(t("lobby.noGames"))}</li>`);
}

async function refreshMine() {
  if (currentAccount()) await loadMe();
  renderMine();
}

function renderHero() {
  // a little piece of board whose edges match: three tiles over three
  const piece = [["BA/CRRR", 90], ["BA/CFc+", 0], ["BA/Cc+", 270], ["BA/LR", 180], ["BA/Rr", 270], ["BA/CcRr+", 90]];
  $("hero-tiles").innerHTML = piece.filter(([i]) => catalogue.tiles?.[i]).map(([i, r]) => miniTile(i, r, 64)).join("");
}

/** The time choices (a preset's own first, when one is chosen), `selected` chosen. */
function renderTiming(selected = $("timing").value) {
  const preset = rulesPreset();
  const value = selected === PRESET_TIMING && !preset ? "none" : selected || "none";
  $("timing").innerHTML = presetTimingOption(preset, "table", value) + timingOptions(value);
  $("aids").innerHTML = aidsOptions($("aids").value || "on");
}

// --- rules presets (presets.js): choosing one fills the form -----------------

function rulesPreset() {
  return presetOf(catalogue.presets, $("rules-preset").value);
}

function renderRulesPreset() {
  $("rules-preset").innerHTML = presetChoices(catalogue.presets, $("rules-preset").value);
  $("rules-preset-help").textContent = presetHelp($("rules-preset").value);
}

function applyRulesPreset() {
  const preset = rulesPreset();
  if (preset) {
    const fields = preset.table;
    seats = fields.seats.map((s) => ({ ...s }));
    picked.sets = new Set(fields.sets);
    picked.options = { ...fields.options };
    picked.touched = new Set();
    $("player-count").value = String(fields.seats.length);
  }
  renderRulesPreset();
  renderPlayerCount();
  renderTiming(preset ? PRESET_TIMING : "none");
  renderSets();
}

function renderAll() {
  renderName();
  renderQuickLevels();
  renderRulesPreset();
  renderPlayerCount();
  renderTiming();
  renderSets();
  renderHero();
  renderAccount($("account"), renderAll);
  renderMine();
  refreshTables();
}

async function main() {
  // Fill in the remembered name at once, and never over what was typed already.
  if (!$("player-name").value) $("player-name").value = playerName();
  await initI18n();
  languageSwitch($("language"));
  paletteSwitch($("palette"));
  installDefs();
  seats = [{ kind: "human" }, { kind: "bot", bot: "greedy" }];
  $("player-count").addEventListener("change", renderSeats);
  $("rules-preset").addEventListener("change", applyRulesPreset);
  $("create-table").addEventListener("click", onCreate);
  // a rated table's chat is its players' by default (the box may be unticked)
  $("rated").addEventListener("change", () => { $("chat-players").checked = $("rated").checked; });
  $("quick-play").addEventListener("click", onQuickPlay);
  document.addEventListener("languagechange", renderAll);
  try {
    catalogue = await api.catalogue();
    setCatalogue(catalogue);
  } catch (err) {
    toast(err.message);
  }
  seats[1].bot = defaultBot();
  await loadMe();
  renderAll();
  watchNotices({ lobby: true });
  document.body.dataset.ready = "true"; // every button answers from here on (tests wait for it)
  setInterval(() => {
    refreshTables();
    refreshMine();
  }, 5000);
}

main();
