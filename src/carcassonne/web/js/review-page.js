// The review of an uploaded record (/review, /review/{key}; docs/analysis.md).
// /review: choose a game record (JSON, docs/formats.md); it is sent to the
// server (POST /api/analyses), which answers the review's key, and the page
// goes to /review/{key}. There the game is replayed from its record and
// final view (GET /api/analyses/{key}/game) beside its computer review
// (review.js, "learn from your mistakes" included), as in a finished
// table's replay.

import { api, request } from "./api.js";
import { BoardView } from "./board.js";
import { initI18n, languageSwitch, t } from "./i18n.js";
import { paletteSwitch } from "./palette.js";
import { renderPlayers } from "./panel.js";
import { ReplayViewer } from "./replay.js";
import { ReviewPanel } from "./review.js";
import { installDefs, setCatalogue } from "./tiles.js";

const $ = (id) => document.getElementById(id);

function refused(text) {
  const el = $("upload-error");
  el.textContent = text;
  el.hidden = false;
}

/** Send the chosen file's record; go to its review. */
async function upload(file) {
  let record;
  try {
    record = JSON.parse(await file.text());
  } catch {
    refused(t("reviewPage.notJson"));
    return;
  }
  try {
    const answer = await request("POST", "/api/analyses", { record });
    location.assign(`/review/${encodeURIComponent(answer.key)}`);
  } catch (err) {
    refused(err.message);
  }
}

/** Replay the uploaded game `key` beside its review. */
async function open(key, board) {
  const base = `/api/analyses/${encodeURIComponent(key)}`;
  let game;
  try {
    game = await request("GET", `${base}/game`);
  } catch (err) {
    refused(err.message);
    return;
  }
  const { record, view } = game;
  $("players").hidden = false;
  let replay = null;
  const review = new ReviewPanel($("review"), {
    key, base, names: view.players, moves: (record.moves || []).length, board,
    jump: (pos) => replay?.go(pos),
  });
  replay = new ReplayViewer({
    record, board, view, table: null,
    renderPlayers: (opts) => renderPlayers($("players"), { ...opts, table: null, seat: null }),
    renderLog: () => {},
    onRender: (pos) => review.show(pos),
    onClose: () => {},
  });
  $("replay-close").hidden = true; // the page is the replay
  replay.go(0);
}

async function main() {
  await initI18n();
  languageSwitch($("language"));
  paletteSwitch($("palette"));
  installDefs();
  setCatalogue(await api.catalogue());
  const board = new BoardView($("board"));
  $("zoom-in").addEventListener("click", () => board.zoomBy(1.25));
  $("zoom-out").addEventListener("click", () => board.zoomBy(0.8));
  $("zoom-fit").addEventListener("click", () => board.toggleFit());
  $("record-file").addEventListener("change", (e) => {
    const file = e.target.files?.[0];
    if (file) upload(file);
  });
  document.body.dataset.ready = "true"; // (for tests: a file chosen now is read)
  const key = decodeURIComponent(location.pathname.split("/")[2] || "");
  if (key) await open(key, board);
}

main();
