// A table laid out for streaming (/table/ID?layout=broadcast, broadcast.html):
// the board large and shown whole, the last tile framed in its player's
// colour; beside it (below it on a tall screen) the table's name, the
// players in their colours with scores and clocks (the running one counts
// down), where the game is, and what the last move did (its log lines).
// Nothing to press and nothing that shows only under a pointer: no
// buttons, no chat, no tooltips, no highlighted squares; the pointer itself
// hides when it rests. The page follows the table as a spectator
// (spectate.js), so every move shows as it is made.

import { BoardView } from "./board.js";
import { liveClock, tickClocks } from "./clocks.js";
import { initI18n, t } from "./i18n.js";
import { logEntries } from "./log.js";
import { tableName } from "./names.js";
import { seatNames } from "./panel.js";
import { drawGame, gameLine, scoreLines } from "./scoreboard.js";
import { Spectator } from "./spectate.js";
import { installDefs, setCatalogue } from "./tiles.js";
import { api } from "./api.js";

/** The most log lines shown for the last move (a last move's scoring, the final scoring). */
const MOST_LINES = 8;
/** How long the pointer rests before it hides, in ms. */
const POINTER_REST_MS = 2000;

const $ = (id) => document.getElementById(id);
const id = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
let board;
let msg = null;
let clocks = null;

/** The log lines of the last move: the move and what it scored (at the end, the final scoring too). */
function lastLines(view, names) {
  const entries = logEntries(view, names);
  const last = (view.moves || []).length - 1;
  const from = entries.findIndex((e) => e.move === last);
  return from < 0 ? [] : entries.slice(from).slice(-MOST_LINES);
}

function render() {
  if (!msg) return;
  const { table, view } = msg;
  const body = document.body.dataset;
  body.status = table?.status || "";
  body.last = String(msg.last ?? 0);
  body.over = String(Boolean(view?.is_over));
  $("broadcast-name").textContent = table ? tableName(table) : "";
  $("broadcast-players").innerHTML = scoreLines(table, view, clocks, "broadcast");
  $("broadcast-line").textContent = gameLine(table, view);
  const lines = view ? lastLines(view, seatNames(table, view)) : [];
  $("broadcast-moves").innerHTML = lines.length
    ? lines.map((e) => `<li class="log-${e.kind}">${e.html}</li>`).join("")
    : `<li class="muted">${t("broadcast.noMove")}</li>`;
  // nothing here shows only under a pointer
  for (const el of document.querySelectorAll(".broadcast-side [title]")) el.removeAttribute("title");
  for (const el of document.querySelectorAll(".broadcast-side title")) el.remove();
  document.title = `${table ? tableName(table) : t("title.broadcast")} · ${t("title.broadcast")}`;
}

function setConnection(state) {
  const el = $("connection");
  el.dataset.state = state;
  el.querySelector("span").textContent = t(state === "missing" ? "error.noTable" : `conn.${state}`);
}

/** The pointer hides once it rests over the page, and shows again when it moves. */
function hidePointerAtRest() {
  let timer = null;
  const moved = () => {
    document.body.classList.remove("pointer-rests");
    clearTimeout(timer);
    timer = setTimeout(() => document.body.classList.add("pointer-rests"), POINTER_REST_MS);
  };
  document.addEventListener("pointermove", moved);
  moved();
}

async function main() {
  await initI18n();
  installDefs();
  board = new BoardView($("board"));
  board.fit();
  hidePointerAtRest();
  try {
    setCatalogue(await api.catalogue());
  } catch {
    // drawn once the state comes; tiles without the catalogue's data stay blank
  }
  document.addEventListener("languagechange", render);
  document.addEventListener("palettechange", () => {
    if (msg) drawGame(board, msg.view);
  });
  setInterval(() => {
    if (clocks) tickClocks($("broadcast-players"), clocks);
  }, 200);
  new Spectator(id, {
    onState: (state) => {
      msg = state;
      clocks = liveClock(state.table);
      drawGame(board, state.view);
      render();
    },
    onConnection: setConnection,
  });
}

// for tests and tools: the state shown and the board
window.carcassonneBroadcast = { state: () => msg, board: () => board };

main();
