// Pausing a timed game (POST /api/tables/{id}/pause, docs/server.md
// "Pausing"). A seated player sees "Pause" beside "Resign" while a timed
// game is played; the game pauses once every person seated has asked, so
// the others see a banner over the board, "Ann asks to pause", with
// "Pause too". While paused the banner says so to everyone (players and
// spectators), the clocks stand still (the server's clock has no running
// seat) and the players have "Resume" there, which again needs everyone.
// A player who asked sees "Withdraw" until the others answer. The server's
// next state shows the rest.

import { request, seatFor } from "./api.js";
import { t } from "./i18n.js";
import { seatNames } from "./panel.js";
import { toast } from "./ui.js";

const $ = (id) => document.getElementById(id);
let sending = false;

/** The pause of `table` as this page shows it, or null when it has none to show. */
function pauseOf(table) {
  const kind = table?.timing?.kind;
  if (table?.status !== "playing" || (kind !== "clock" && kind !== "turn") || !table.clock) return null;
  const paused = table.clock.paused || null;
  return { paused: Boolean(paused), asked: (paused ? paused.asked : table.clock.pause_asked) || [] };
}

/** The names of `seats`, joined. */
function named(table, view, seats) {
  const names = seatNames(table, view);
  return seats.map((s) => names[s] ?? "").join(", ");
}

/** What the banner says and offers to `seat` (null: a spectator); null when it is hidden. */
function banner(table, view, seat, pause) {
  const { paused, asked } = pause;
  const player = seat != null && table.seats?.[seat]?.kind === "human";
  const persons = (table.seats || []).filter((s) => s.kind === "human").map((s) => s.seat);
  const waitingFor = persons.filter((s) => !asked.includes(s) && s !== seat);
  const others = asked.filter((s) => s !== seat);
  const lines = [];
  let act = null; // [label, what the button sends]
  if (paused) lines.push(t("pause.paused"));
  else if (!asked.length) return null;
  if (player && asked.includes(seat)) {
    lines.push(t(paused ? "pause.resumeWaiting" : "pause.waiting", { players: named(table, view, waitingFor) }));
    act = [t("pause.withdraw"), paused];
  } else {
    if (others.length) lines.push(t(paused ? "pause.resumeAsks" : "pause.asks", { players: named(table, view, others), n: others.length }));
    if (player) act = paused ? [t(others.length ? "pause.resumeToo" : "pause.resume"), false] : [t("pause.too"), true];
  }
  return { text: lines.join(" "), act };
}

/** Show "Pause" and the banner as `table` (the page's last state) says. */
export function renderPause({ table, view, seat }) {
  const pause = pauseOf(table);
  const player = seat != null && table?.seats?.[seat]?.kind === "human";
  document.body.dataset.paused = String(Boolean(pause?.paused));
  $("pause").hidden = !(pause && player && !pause.paused && !pause.asked.includes(seat));
  const shown = pause && banner(table, view, seat, pause);
  const box = $("pause-banner");
  box.hidden = !shown;
  box.classList.toggle("paused", Boolean(pause?.paused));
  if (!shown) return;
  if (pause.paused) $("status").textContent = t("pause.paused"); // nobody is placing a tile
  $("pause-text").textContent = shown.text;
  const button = $("pause-act");
  button.hidden = !shown.act;
  if (shown.act) {
    button.textContent = shown.act[0];
    button.dataset.pause = String(shown.act[1]);
  }
}

/** Send what this seat asks: `wanted` true to pause, false to resume. */
async function send(tableId, wanted) {
  if (sending) return;
  sending = true;
  try {
    await request("POST", `/api/tables/${encodeURIComponent(tableId)}/pause`, { pause: wanted }, seatFor(tableId)?.token);
  } catch (err) {
    toast(err.message);
  } finally {
    sending = false;
  }
}

/** Wire "Pause" and the banner's button. */
export function setUpPause(tableId) {
  $("pause").addEventListener("click", () => send(tableId, true));
  $("pause-act").addEventListener("click", (e) => send(tableId, e.currentTarget.dataset.pause === "true"));
}
