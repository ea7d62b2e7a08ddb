// The table page (/table/{id}): the live game over the WebSocket.
//
// The server sends a `state` (table, my seat, my view, my legal moves) on
// connecting and after every move; this page draws it. After the first, each
// state comes as a `patch` to the one before (patch.js), which is smaller. On my turn the tile
// is placed in steps that only touch the screen: pick a highlighted square
// (the ghost tile appears), turn it (R or click) through its legal
// rotations, pick a figure spot or none (a spot that takes several kinds of
// figure, a meeple or the large meeple, offers a choice of kind), then
// Confirm sends the move. Take back returns the tile to the hand. With the
// builder a player may place a second tile at once: the same steps again.
// A wonder (The Wonders of Humanity) is placed the same way, by its anchor
// square: pointing at a highlighted square outlines the squares it would
// cover, and up to two figure spots may be picked (placing.js). The wonder
// decisions (which wonder to take, who takes first) are buttons in the turn
// card. Instead of a figure a placement may take one action (recall the
// abbot, move the fairy, the princess): a badge over what it acts on, and a
// button in the turn card (actions.js). The dragon's flight is a step per
// move: the player whose step it is clicks one of the highlighted squares,
// and everyone sees the trail, whose step it is and how many are left. The connection comes back by itself after a reload or a network
// drop and asks for a fresh state (`sync`). The seat token travels in the
// connection's first message (`seat`), never in its URL, which proxies, logs
// and histories keep; until the server answers it, the spectator's state sent
// on connecting is held back rather than drawn.
//
// At a timed table the players panel shows each one's time, the running
// clock counting down from when the state arrived, and every move says how
// long this page took to decide (`think`). While it is this seat's
// decision the title and a notice say so. At the end, the final scores
// offer a rematch (rematch.js) and the way back to the lobby. The table's
// chat (chat.js) is beside the game, live and in the replay.

import { api, esc, forgetSeat, seatFor } from "./api.js";
import { BoardView } from "./board.js";
import { ChatPanel } from "./chat.js";
import { liveClock, tickClocks } from "./clocks.js";
import { applyStatic, initI18n, languageSwitch, t } from "./i18n.js";
import { actionLabel, flightLine, flightOf, renderActionButtons } from "./actions.js";
import { legalDecisions, legalDragonSteps, legalRotations, legalSquares, legalTiles, nextRotation, parseCompact, pickRotation } from "./legal.js";
import { logEntries, moverOf } from "./log.js";
import { paletteSwitch, playerColour } from "./palette.js";
import { renderFinal, renderPlayers, renderStack, seatNames } from "./panel.js";
import { blockedSpots, canHold, moveFor, placementActions, placementChoices, togglePick } from "./placing.js";
import { FeatureMap, holders, squaresOf } from "./highlight.js";
import { tableName } from "./names.js";
import { offerNotifications, watchNotices } from "./notices.js";
import { followRematch, renderRematch } from "./rematch.js";
import { ReplayViewer } from "./replay.js";
import { ReviewPanel } from "./review.js";
import { renderPause, setUpPause } from "./pause.js";
import { renderResign, setUpResign } from "./resign.js";
import { figureIcon, installDefs, miniTile, PLAYER_COLOURS, seatClass, setCatalogue, wonderData } from "./tiles.js";
import { TrainingAid } from "./training.js";
import { toast } from "./ui.js";
import { applyPatch } from "./patch.js";
import { Announcer } from "./announce.js";
import { tableKeys } from "./table-keys.js";
import { TextBoard } from "./text-board.js";
import { showWaiting } from "./waiting.js";
import { decisionMarkup, pendingDecision, renderWonders, withOwners } from "./wonderpanel.js";
import { miniWonder, pieceSquares } from "./wonders.js";

const $ = (id) => document.getElementById(id);
const id = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");

const S = {
  msg: null, // the last state message
  pick: null, // {tile, at, rotation, figure (spot key or null), kind (meeple, large...), chosen}
  wanted: 0, // the rotation shown in the hand before the tile is put down
  handTile: null,
  pending: false,
  ws: null,
  seating: null, // {held: the last state} while the seat token awaits its answer
  raw: null, // the last state this connection received (patches apply to it)
  got: 0, // how many states and patches this connection received
  retry: 0,
  replay: null,
  review: null, // the computer review beside the replay (review.js)
  clocks: null, // the table's time as of the last state (clocks.js)
  decidedFrom: null, // performance.now() when the pending decision became mine
};

let board;
let chat; // the chat panel (chat.js)
let training; // the chances on the open squares at a training table (training.js)
let announcer; // each new move and score, for screen readers (announce.js)
let textBoard; // the board as text (text-board.js)

// The features of the position (highlight.js), asked once per move: the
// dead squares are drawn from them, and a feature pointed at or tapped
// (`pinned`), or claimed by the figure spot under the pointer (`hot`) or
// chosen, is lit up with a line about it.
const F = { map: null, asked: null, timer: null, pinned: -1, hover: -1, hot: null };

// --- connection ----------------------------------------------------------

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${proto}://${location.host}/ws/tables/${encodeURIComponent(id)}?patches=1`);
  S.ws = ws;
  S.seating = null;
  S.raw = null;
  S.got = 0;
  setConnection("connecting");
  ws.addEventListener("open", () => {
    S.retry = 0;
    setConnection("online");
    const token = seatFor(id)?.token;
    if (token) {
      S.seating = { held: null };
      ws.send(JSON.stringify({ type: "seat", token }));
    }
  });
  ws.addEventListener("message", (e) => {
    if (S.ws !== ws) return;
    let msg;
    try {
      msg = JSON.parse(e.data);
    } catch {
      return;
    }
    if (msg.type === "patch" || msg.type === "state") {
      const base = S.got;
      S.got += 1;
      if (msg.type === "patch") {
        // a patch to a state this page does not hold: ask once for the whole state
        if (!S.raw || msg.base !== base) {
          if (S.raw) send({ type: "sync" });
          S.raw = null;
          return;
        }
        msg = applyPatch(S.raw, msg.ops);
      }
      S.raw = msg;
      onSocketState(msg);
    } else if (msg.type === "chat") {
      chat.add(msg);
    } else if (msg.type === "chat_history") {
      chat.history(msg.messages);
    } else if (msg.type === "analysis") {
      S.review?.news(msg);
    } else if (msg.type === "error" && msg.answers === "chat") {
      chat.refused(msg.error);
    } else if (msg.type === "error") {
      if (msg.answers === "seat") seatRefused();
      S.pending = false;
      toast(msg.rule ? `${msg.error}` : msg.error);
      render();
    }
  });
  ws.addEventListener("close", (e) => {
    if (S.ws !== ws) return;
    setConnection("offline");
    if (e.code === 4404 || e.code === 1008 && S.retry > 5) return;
    const delay = Math.min(5000, 300 * 2 ** S.retry);
    S.retry += 1;
    setTimeout(() => { if (S.ws === ws) connect(); }, delay);
  });
}

function send(obj) {
  if (S.ws?.readyState === WebSocket.OPEN) {
    S.ws.send(JSON.stringify(obj));
    return true;
  }
  toast(t("conn.notConnected"));
  return false;
}

function setConnection(state) {
  const el = $("connection");
  el.dataset.state = state;
  el.title = t(`conn.${state}`);
  el.querySelector("span").textContent = t(`conn.${state}`);
}

setInterval(() => {
  if (S.ws?.readyState === WebSocket.OPEN) S.ws.send(JSON.stringify({ type: "ping" }));
}, 25000);
// the running clock counts down between states
setInterval(() => {
  if (S.clocks && !S.replay) tickClocks($("players"), S.clocks);
}, 200);
window.addEventListener("online", () => {
  if (S.ws?.readyState !== WebSocket.OPEN) connect();
});
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible" && S.ws?.readyState === WebSocket.OPEN) send({ type: "sync" });
});

// --- state ---------------------------------------------------------------

// A spectator's state arriving while the seat token awaits its answer is held
// back until the seat's own state comes (or the token is refused).
function onSocketState(msg) {
  if (S.seating && msg.seat == null) {
    S.seating.held = msg;
    return;
  }
  S.seating = null;
  onState(msg);
}

// The token opened no seat: this page watches, from the state held back.
function seatRefused() {
  const held = S.seating?.held;
  S.seating = null;
  if (held) onState(held);
}

function onState(msg) {
  const before = S.msg;
  // a token that opens no seat once the game runs is one the server knows no more
  if (msg.seat == null && seatFor(id) && msg.table?.status === "playing") forgetSeat(id);
  const moved = !before || before.last !== msg.last || Boolean(before.legal) !== Boolean(msg.legal);
  S.msg = msg;
  S.pending = false;
  S.clocks = liveClock(msg.table);
  if (moved) {
    S.pick = null;
    S.handTile = null;
    F.pinned = -1;
    F.hover = -1;
    F.hot = null;
    S.decidedFrom = msg.legal ? performance.now() : null;
  }
  if (followRematch(id, msg, before)) return;
  // the end of the game shows its results at once, on a phone too, and
  // there the final board whole, clear of the zoom buttons
  if (msg.view?.is_over && !before?.view?.is_over) {
    setSheet(true);
    if (matchMedia("(max-width: 860px)").matches) board.fit();
  }
  if (msg.legal && !legalTiles(msg.legal).includes(S.handTile)) S.handTile = legalTiles(msg.legal)[0] || null;
  if (S.pick && !(msg.legal && legalRotations(msg.legal, S.pick.tile, S.pick.at).includes(S.pick.rotation))) S.pick = null;
  if (msg.table?.status === "finished" && !S.replayOffered && new URLSearchParams(location.search).has("replay")) {
    S.replayOffered = true;
    openReplay();
  }
  render();
}

function myTurn() {
  return Boolean(S.msg?.legal?.length) && !S.replay;
}

// --- placing -------------------------------------------------------------

function placeAt(at) {
  if (!myTurn() || S.pending) return;
  const legal = S.msg.legal;
  const tile = S.handTile;
  const rotation = pickRotation(legal, tile, at, S.pick?.rotation ?? S.wanted);
  S.pick = { tile, at, rotation, picks: [], active: null, chosen: false, action: null };
  board.setPreview([]);
  render();
}

/** While a wonder is in hand: the squares it would cover from the hovered anchor. */
function previewAt(at) {
  const wonder = wonderData(S.handTile);
  if (!at || !wonder || !myTurn()) {
    board.setPreview([]);
    return;
  }
  const rotation = pickRotation(S.msg.legal, S.handTile, at, S.pick?.rotation ?? S.wanted);
  board.setPreview(pieceSquares(wonder, at, rotation).map((sq) => [sq.x, sq.y]));
}

function rotate() {
  if (!myTurn() || S.pending) return;
  if (S.pick) {
    const next = nextRotation(S.msg.legal, S.pick.tile, S.pick.at, S.pick.rotation);
    if (next !== S.pick.rotation) {
      S.pick = { ...S.pick, rotation: next, picks: [], active: null, chosen: false, action: null };
      S.wanted = next;
    }
  } else {
    S.wanted = (S.wanted + 90) % 360;
  }
  render();
}

function takeBack() {
  S.pick = null;
  render();
}

/** The placement's choices (spots, moves) with words for each spot. */
function choices() {
  if (!S.pick) return { spots: [], moves: [], most: 0, groupOf: new Map() };
  const choice = placementChoices(S.msg.legal, S.msg.view, S.pick);
  const blocked = blockedSpots(choice, S.pick.picks);
  const used = [];
  choice.spots = choice.spots.map((g) => {
    let point = g.point;
    while (used.some((p) => Math.hypot(p[0] - point[0], p[1] - point[1]) < 10)) point = [point[0] + 16, point[1]];
    used.push(point);
    const feature = t(`feature.${g.feature}`);
    const label = g.kinds.map((k) => t("spot.label", { figure: t(`figure.${k}`), feature })).join(" / ");
    const kindLabels = Object.fromEntries(g.kinds.map((k) => [k, t("spot.label", { figure: t(`figure.${k}`), feature })]));
    return { ...g, point, label, kindLabels, blocked: blocked.has(g.key) };
  });
  return choice;
}

/** The actions the placement may take instead of a figure, with words (placing.js, actions.js). */
function actions() {
  if (!S.pick) return [];
  const names = seatNames(S.msg.table, S.msg.view);
  return placementActions(S.msg.legal, S.msg.view, S.pick).map((a) => ({ ...a, label: actionLabel(a, S.msg.view, names) }));
}

/** Pick an action (again: take it back); it replaces any figure picked. */
function chooseAction(key) {
  if (!S.pick || S.pending) return;
  const action = S.pick.action === key ? null : key;
  S.pick = { ...S.pick, action, picks: [], active: null, chosen: action != null };
  render();
}

/** One step of the dragon's flight, to square `at` (PD-DRAGON-TILE). */
function stepDragon(at) {
  decideMove({ dragon: at });
}

/** The spots of the piece put down (see choices()). */
function figureChoices() {
  return choices().spots;
}

function chooseFigure(key) {
  if (!S.pick) return;
  const picks = togglePick(choices(), S.pick.picks, key);
  const added = picks.find((p) => p.key === key);
  S.pick = { ...S.pick, picks, active: added ? key : picks[picks.length - 1]?.key ?? null, chosen: picks.length > 0, action: null };
  render();
}

/** Change the kind of figure on the active spot (a meeple or the large meeple). */
function chooseKind(kind) {
  if (!S.pick?.active) return;
  const picks = S.pick.picks.map((p) => (p.key === S.pick.active ? { ...p, kind } : p));
  if (!canHold(choices(), picks)) {
    toast(t("place.notTogether"));
    return;
  }
  S.pick = { ...S.pick, picks };
  render();
}

function noFigure() {
  if (!S.pick) return;
  S.pick = { ...S.pick, picks: [], active: null, chosen: true, action: null };
  render();
}

function confirm() {
  if (!S.pick || S.pending) return;
  const action = S.pick.action && actions().find((a) => a.key === S.pick.action);
  if (action) {
    if (sendMove({ ...action.move })) {
      S.pending = true;
      render();
    }
    return;
  }
  const choice = choices();
  const made = moveFor(choice, S.pick.picks);
  if (!made) {
    toast(t(S.pick.picks.length ? "place.notTogether" : "place.needFigure"));
    return;
  }
  const move = { tile: S.pick.tile, at: S.pick.at, rotation: S.pick.rotation, figures: made.figures || [] };
  if (sendMove(move)) {
    S.pending = true;
    render();
  }
}

/** A wonder decision: take this wonder, or let this player take the next one. */
function decideMove(move) {
  if (!myTurn() || S.pending) return;
  if (sendMove(move)) {
    S.pending = true;
    render();
  }
}

/** Send a move with the milliseconds this page took to decide it (for the clock). */
function sendMove(move) {
  const think = S.decidedFrom == null ? 0 : Math.max(0, Math.round(performance.now() - S.decidedFrom));
  return send({ type: "move", move, think });
}

// --- features at a glance ----------------------------------------------

function wantFeatures() {
  const msg = S.msg;
  if (!msg?.view || S.replay || F.map?.last === msg.last || F.asked === msg.last) return;
  clearTimeout(F.timer);
  F.timer = setTimeout(loadFeatures, 120);
}

async function loadFeatures() {
  const last = S.msg?.last;
  F.asked = last;
  try {
    const answer = await api.features(id);
    if (S.msg?.last !== answer.last) { // a move came meanwhile: ask again
      F.asked = null;
      wantFeatures();
      return;
    }
    F.map = new FeatureMap(answer, S.msg.view.board);
    // (once the game is over every open square is dead: nothing to point out)
    board.setDead(S.msg.view.is_over ? [] : answer.dead || []);
    document.body.dataset.features = String(answer.last); // for tests: the position they are of
    showLit();
  } catch {
    F.asked = null;
  }
}

/** The map, if it is of the position shown. */
function currentMap() {
  return F.map && S.msg && F.map.last === S.msg.last && !S.replay ? F.map : null;
}

function inspect(point, how) {
  const map = currentMap();
  const i = map && point ? map.featureAt(point[0], point[1]) : -1;
  if (how === "tap") F.pinned = i === F.pinned ? -1 : i;
  else if (F.hover === i) return; // the mouse moved within the same feature
  else F.hover = i;
  showLit();
}

/** Light what is wanted now: a spot's claim first, else the feature pointed at or tapped. */
function showLit() {
  const map = currentMap();
  const info = $("feature-info");
  const spot = F.hot || activeSpot();
  if (map && spot && S.pick) {
    const ghost = { tile: S.pick.tile, at: S.pick.at, rotation: S.pick.rotation };
    const joined = map.joinedBy(ghost, spot.feature, spot.spot);
    board.setLit(joined.areas, "claim");
    const tiles = new Set(joined.areas.map((a) => `${a.at[0]},${a.at[1]}`)).size;
    info.innerHTML = `<b>${esc(t("inspect.claim", { kind: t(`feature.${spot.feature}`), count: tiles }))}</b>`;
    info.hidden = !joined.areas.length;
    return;
  }
  const i = F.hover >= 0 ? F.hover : F.pinned;
  if (!map || i < 0) {
    board.setLit([]);
    info.hidden = true;
    return;
  }
  board.setLit(map.areas(i), "look");
  info.innerHTML = featureWords(map.features[i]);
  info.hidden = false;
}

/** The chosen spot of the tile being placed, as choices() lists it. */
function activeSpot() {
  const key = S.pick?.active;
  return key ? choices().spots.find((c) => c.key === key) || null : null;
}

/** A feature in words: kind and size, open or complete, who holds it, its worth. */
function featureWords(f) {
  const names = seatNames(S.msg.table, S.msg.view);
  const kind = t(`feature.${f.kind}`);
  const parts = [`<b>${esc(t("inspect.tiles", { kind, count: squaresOf(f) }))}</b>`];
  if (f.kind !== "field") {
    parts.push(esc(f.complete ? t("inspect.complete")
      : t(f.kind === "monastery" || f.kind === "garden" ? "inspect.around" : "inspect.open", { count: f.open })));
  }
  const held = holders([f]);
  const seats = Object.keys(held).map(Number);
  parts.push(seats.length
    ? seats.map((p) => `<span class="chip ${seatClass(p)}">${esc(names[p] ?? "")} ×${held[p]}</span>`).join("")
    : esc(t("inspect.nobody")));
  if (f.points != null && seats.length) {
    const key = f.complete ? "inspect.scored" : f.kind === "field" ? "inspect.worthField" : "inspect.worth";
    parts.push(esc(t(key, { points: f.points })));
  }
  return parts.join(" · ");
}

// --- drawing -------------------------------------------------------------

function render() {
  const msg = S.msg;
  if (!msg) return;
  const { table, view } = msg;
  $("table-name").textContent = table ? tableName(table) : "";
  // stable hooks for tests and tools: table status, moves played, whose decision
  const body = document.body.dataset;
  body.status = table?.status || "";
  body.last = String(msg.last ?? 0);
  body.myTurn = String(myTurn());
  body.over = String(Boolean(view?.is_over));
  body.seat = msg.seat == null ? "" : String(msg.seat);
  body.extraTurn = String(Boolean(view?.extra_turn));
  renderWaiting(table);
  chat.setContext({ table, seat: msg.seat });
  if (S.replay) {
    S.replay.render();
  } else {
    drawBoard(view);
    // an abandoned game has nobody's turn
    const current = table?.status === "abandoned" ? null : undefined;
    renderPlayers($("players"), { table, view, seat: msg.seat, clocks: S.clocks, current });
    renderWonders($("wonders"), { table, view, seat: msg.seat });
    renderTurn();
    const entries = renderLog(view, table);
    if (view) {
      announcer.update(view, entries);
      textBoard.update({ view, names: seatNames(table, view), mine: myTurn() && !view.is_over, last: msg.last });
    }
    wantFeatures();
    showLit();
  }
  renderStack($("stack"), { table, view });
  training.update({ table, view, last: msg.last, replay: S.replay });
  renderFinal($("final"), { table, view });
  renderRematch($("final"), { table, seat: msg.seat, tableId: id, redraw: render });
  renderStatus();
  renderMiniScores(view, table);
  const abandoned = table?.status === "abandoned";
  $("abandoned").hidden = !abandoned;
  if (abandoned) $("turn-card").hidden = true;
  $("replay-open").hidden = table?.status !== "finished" || Boolean(S.replay);
  $("leave").hidden = !(msg.seat != null && ["waiting", "playing"].includes(table?.status));
  // a spectator may open the game laid out for streaming (broadcast.js)
  $("broadcast-link").hidden = msg.seat != null || !["playing", "finished"].includes(table?.status);
  $("broadcast-link").href = `/table/${encodeURIComponent(id)}?layout=broadcast`;
  renderResign({ table, seat: msg.seat });
  renderPause({ table, view, seat: msg.seat });
  if (msg.seat != null && table?.timing?.kind === "turn" && table.status === "playing") offerNotifications();
  $("your-turn").hidden = !myTurn();
  document.title = `${myTurn() ? t("title.yourTurn") : ""}${table ? tableName(table) : t("title.table")} · Carcassonne`;
}

function drawBoard(view) {
  board.setTiles(withOwners(view));
  board.setFigures(view?.figures || []);
  board.setNeutral(view?.princess_dragon || null);
  const moves = view?.moves || [];
  const last = moves.length ? parseCompact(moves[moves.length - 1]) : null;
  board.setLast(last?.at, last?.at ? moverOf(moves.length - 1, view.players.length, view.movers) : null);
  const steps = myTurn() ? legalDragonSteps(S.msg.legal) : [];
  if (steps.length) {
    board.setHighlights(steps, stepDragon, null, "dragon");
  } else if (myTurn()) {
    // a wonder put down hides the anchors under it
    const wonder = S.pick && wonderData(S.pick.tile);
    const under = new Set(wonder ? pieceSquares(wonder, S.pick.at, S.pick.rotation).map((q) => `${q.x},${q.y}`)
      : S.pick ? [`${S.pick.at[0]},${S.pick.at[1]}`] : []);
    const squares = legalSquares(S.msg.legal, S.handTile).filter((sq) => !under.has(`${sq[0]},${sq[1]}`));
    board.setHighlights(squares, placeAt, wonderData(S.handTile) ? previewAt : null);
  } else {
    board.setHighlights([], () => {});
  }
  if (S.pick) {
    const rots = legalRotations(S.msg.legal, S.pick.tile, S.pick.at);
    board.setGhost({ ...S.pick, rotations: rots.length }, rotate);
    board.setSpots(figureChoices(), S.pick.picks, S.pick.active, S.msg.seat, chooseFigure, chooseKind);
    board.setActions(actions(), S.pick.action, chooseAction);
  } else {
    board.setGhost(null);
    board.setSpots([], [], null, null, () => {});
    board.setActions([], null, () => {});
  }
  board.refit();
}

function renderTurn() {
  const msg = S.msg;
  const view = msg.view;
  const el = $("turn-card");
  if (!view || view.is_over) {
    el.hidden = true;
    return;
  }
  el.hidden = false;
  const names = seatNames(msg.table, view);
  const current = view.current;
  el.style.setProperty("--c", playerColour(current ?? 0));
  const decisions = legalDecisions(msg.legal);
  const decideBox = $("decide");
  if (!myTurn()) {
    const tiles = view.to_place || [];
    const choosing = pendingDecision(view);
    const helper = current != null && view.wonders?.held?.[current] && !tiles.some((tile) => wonderData(tile));
    const key = choosing ? `decide.theirs.${choosing}` : tiles.some((tile) => wonderData(tile)) ? "turn.wonderTheirs"
      : helper ? "turn.helperTheirs" : view.extra_turn ? "turn.extraTheirs" : "turn.theirs";
    const flying = flightOf(view);
    $("turn-title").textContent = current == null ? "" : t(flying ? "flight.theirs" : key, { player: names[current] });
    $("hand").innerHTML = flying ? flightLine(view, names)
      : tiles.map((tile) => `<span class="hand-tile other">${miniTile(tile, 0, 84)}</span>`).join("");
    $("turn-actions").hidden = true;
    $("figure-kinds").hidden = true;
    $("placement-actions").hidden = true;
    $("turn-hint").textContent = "";
    $("hand").hidden = !tiles.length && !flying;
    decideBox.hidden = true;
    return;
  }
  $("placement-actions").hidden = true;
  if (legalDragonSteps(msg.legal).length) {
    // the dragon's step: a highlighted square to click (PD-DRAGON-TILE)
    const flight = flightOf(view);
    $("turn-title").textContent = t("flight.yours");
    $("hand").innerHTML = flightLine(view, names);
    $("hand").hidden = !flight;
    $("turn-actions").hidden = true;
    $("figure-kinds").hidden = true;
    $("turn-hint").textContent = t("flight.hint", { count: legalDragonSteps(msg.legal).length });
    decideBox.hidden = true;
    return;
  }
  if (decisions.length) {
    // a wonder to take, or who takes it: one button per choice
    $("turn-title").textContent = t(decisions[0].take_wonder != null ? "decide.take" : "decide.award");
    $("hand").innerHTML = "";
    $("hand").hidden = true;
    $("turn-actions").hidden = true;
    $("figure-kinds").hidden = true;
    $("turn-hint").textContent = t(decisions[0].take_wonder != null ? "decide.takeHint" : "decide.awardHint");
    decideBox.hidden = false;
    decideBox.innerHTML = decisionMarkup(decisions, { names, view, pending: S.pending });
    decideBox.querySelectorAll("button[data-choice]").forEach((b) => {
      b.addEventListener("click", () => decideMove(decisions[Number(b.dataset.choice)]));
    });
    return;
  }
  decideBox.hidden = true;
  $("hand").hidden = false;
  const wonderTurn = Boolean(wonderData(S.handTile));
  const helper = !wonderTurn && Boolean(view.wonders?.held?.[msg.seat]); // WON-PLACE-3
  $("turn-title").textContent = t(wonderTurn ? "turn.wonderYours" : helper ? "turn.helperYours"
    : view.extra_turn ? "turn.extraYours" : "turn.yours");
  const tiles = legalTiles(msg.legal);
  $("hand").innerHTML = tiles.map((tile) => {
    const selected = tile === S.handTile;
    const rotation = selected ? (S.pick ? S.pick.rotation : S.wanted) : 0;
    const wonder = wonderData(tile);
    const picture = wonder ? miniWonder(tile, wonder, rotation, 120, "", true) : miniTile(tile, rotation, tiles.length > 1 ? 64 : 96);
    return `<button class="hand-tile${selected ? " selected" : ""}${S.pick && selected ? " placed" : ""}" data-testid="hand-tile" data-tile="${esc(tile)}" title="${esc(t("turn.handTitle"))}">${picture}</button>`;
  }).join("");
  for (const b of $("hand").querySelectorAll("button")) {
    b.addEventListener("click", () => {
      if (b.dataset.tile !== S.handTile) {
        S.handTile = b.dataset.tile;
        S.pick = null;
        render();
      } else if (!S.pick) rotate();
    });
  }
  $("turn-actions").hidden = false;
  const choice = choices();
  const spots = choice.spots;
  $("rotate").disabled = S.pending || (S.pick && legalRotations(msg.legal, S.pick.tile, S.pick.at).length < 2);
  const acts = actions();
  $("no-figure").hidden = !S.pick || (!spots.length && !acts.length);
  $("no-figure").classList.toggle("active", Boolean(S.pick?.chosen && !S.pick.picks.length && !S.pick.action));
  renderActionButtons($("placement-actions"), acts, S.pick?.action ?? null, msg.seat ?? 0, chooseAction);
  $("confirm").disabled = !S.pick || S.pending;
  $("take-back").disabled = !S.pick || S.pending;
  const supply = view.supply?.[msg.seat] || {};
  const active = spots.find((c) => c.key === S.pick?.active);
  renderKinds(active, supply, msg.seat ?? 0);
  $("turn-hint").textContent = turnHint(choice, active, supply, acts);
}

function turnHint(choice, active, supply, acts = []) {
  const spots = choice.spots;
  if (!S.pick) {
    const count = legalSquares(S.msg.legal, S.handTile).length;
    return t(wonderData(S.handTile) ? "turn.hintWonder" : "turn.hintPlace", { count });
  }
  if (S.pick.action) return t("turn.hintAction");
  if (!spots.length) return t(acts.length ? "turn.hintOnlyActions" : "turn.hintConfirm");
  if (active?.kinds.length > 1) {
    return t("turn.hintKind", { figures: active.kinds.map((k) => t(`figure.${k}`)).join(" / ") });
  }
  if (choice.most > 1) return t("turn.hintTwo", { count: supply.meeple ?? 0, most: choice.most, chosen: S.pick.picks.length });
  const special = [...new Set(spots.flatMap((c) => c.kinds).filter((k) => k !== "meeple"))];
  const base = t("turn.hintFigure", { count: supply.meeple ?? 0 });
  const also = special.length ? `${base} ${t("turn.hintAlso", { figures: special.map((k) => t(`figure.${k}`)).join(", ") })}` : base;
  return acts.length ? `${also} ${t("turn.hintOrAction")}` : also;
}

/** Buttons for the kind of figure on the active spot, when it takes several. */
function renderKinds(spot, supply, seat) {
  const el = $("figure-kinds");
  if (!spot || spot.kinds.length < 2) {
    el.hidden = true;
    el.innerHTML = "";
    return;
  }
  const kind = S.pick.picks.find((p) => p.key === spot.key)?.kind;
  el.hidden = false;
  el.innerHTML = spot.kinds.map((k) => `<button class="btn small kind${k === kind ? " active" : ""}" data-testid="kind-${esc(k)}" data-kind="${esc(k)}"
    aria-pressed="${k === kind}">${figureIcon(k, seat, 18)} ${esc(t(`figure.${k}`))} <span class="muted">×${supply[k] ?? 0}</span></button>`).join("");
  for (const b of el.querySelectorAll("button")) b.addEventListener("click", () => chooseKind(b.dataset.kind));
}

/** Draw the log up to move `upTo`, latest first; the entries drawn, oldest first (log.js). */
function renderLog(view, table, upTo = Infinity, onJump = null) {
  const el = $("log-list");
  if (!view) {
    el.innerHTML = "";
    return [];
  }
  const names = seatNames(table, view);
  const entries = logEntries(view, names, upTo);
  el.innerHTML = [...entries].reverse().map((e) => `<li class="log-${e.kind}"${e.title ? ` title="${esc(e.title)}"` : ""}${e.move != null ? ` data-move="${e.move}"` : ""}>${e.html}</li>`).join("");
  if (onJump) {
    for (const li of el.querySelectorAll("li[data-move]")) {
      li.classList.add("jump");
      li.dataset.testid = "replay-move";
      li.addEventListener("click", () => onJump(Number(li.dataset.move) + 1));
    }
  }
  return entries;
}

/** The scores in the bar's sheet button (phones): a coloured dot and a number per seat. */
function renderMiniScores(view, table) {
  const el = $("mini-scores");
  if (!view) {
    el.innerHTML = "";
    return;
  }
  const names = seatNames(table, view);
  el.innerHTML = (view.scores || []).map((score, i) => `<span class="mini ${seatClass(i)}" title="${esc(names[i] ?? "")}"><i></i>${score}</span>`).join("");
}

// --- the sheet (phones) --------------------------------------------------

/** Open or close the sheet of players, tiles left and log over the board. */
function setSheet(open) {
  document.body.classList.toggle("sheet-open", open);
  $("sheet-toggle").setAttribute("aria-expanded", String(open));
}

/** The sheet stops above the bar, whatever the bar's height. */
function trackBar() {
  const bar = $("turn-bar");
  new ResizeObserver(() => {
    document.body.style.setProperty("--bar-h", `${bar.offsetHeight}px`);
  }).observe(bar);
}

function renderStatus() {
  const msg = S.msg;
  const el = $("status");
  const { table, view } = msg;
  const names = seatNames(table, view);
  let text;
  let kind = "";
  if (S.replay) text = t("status.replay");
  else if (!table) text = t("status.loading");
  else if (table.status === "waiting") text = t("status.waiting");
  else if (table.status === "abandoned") text = t("status.abandoned");
  else if (view?.is_over) {
    const w = (view.winners || []).map((i) => names[i]).join(", ");
    text = t(view.winners?.length > 1 ? "status.overTie" : "status.over", { players: w });
    kind = "over";
  } else if (S.pending) text = t("status.sending");
  else if (myTurn()) {
    const decisions = legalDecisions(msg.legal);
    const wonder = Boolean(wonderData(S.handTile));
    if (legalDragonSteps(msg.legal).length) text = t("status.dragonStep", { left: flightOf(view)?.left ?? "" });
    else if (decisions.length) text = t(decisions[0].take_wonder != null ? "status.takeWonder" : "status.awardWonder");
    else if (S.pick) { // (a piece that fits one way only is not offered a turn)
      const fixed = legalRotations(msg.legal, S.pick.tile, S.pick.at).length < 2 ? "Fixed" : "";
      text = t(wonder ? `status.confirmWonder${fixed}` : `status.confirm${fixed}`);
    }
    else if (!wonder && view?.wonders?.held?.[msg.seat]) text = t("status.helperTile");
    else text = t(wonder ? "status.wonderTurn" : view?.extra_turn ? "status.extraTurn" : "status.yourTurn");
    kind = "mine";
  } else if (view?.current != null) {
    const seat = table.seats?.[view.current];
    const deciding = pendingDecision(view);
    text = t(deciding ? `status.theirDecision.${deciding}` : seat?.kind === "bot" ? "status.botTurn" : "status.theirTurn", { player: names[view.current] });
    if (flightOf(view)) text = t("status.dragonFlight", { player: names[flightOf(view).mover] ?? names[view.current], left: flightOf(view).left });
    if (view.extra_turn) text = `${text} (${t("players.extraTurn")})`;
  } else text = "";
  if (msg.seat == null && table && table.status !== "waiting" && !S.replay) text = `${t("status.watching")} · ${text}`;
  el.textContent = text;
  el.dataset.kind = kind;
}

// --- waiting room --------------------------------------------------------

function renderWaiting(table) {
  showWaiting($("waiting"), {
    table, tableId: id, seat: S.msg.seat ?? seatFor(id)?.seat ?? null, // before the start, the token says
    onJoined: reconnect, redraw: render,
  });
}

function reconnect() {
  const old = S.ws;
  S.ws = null;
  old?.close();
  S.msg = null;
  connect();
}

// --- replay --------------------------------------------------------------

async function openReplay() {
  try {
    const record = await api.record(id);
    S.review = new ReviewPanel($("review"), {
      key: id, base: `/api/tables/${encodeURIComponent(id)}/analysis`,
      names: S.msg.view.players, moves: (record.moves || []).length, board,
      jump: (pos) => S.replay?.go(pos),
    });
    S.replay = new ReplayViewer({
      record, board, view: S.msg.view, table: S.msg.table,
      renderPlayers: (opts) => renderPlayers($("players"), { ...opts, table: S.msg.table, seat: S.msg.seat }),
      renderLog: (view, upTo, jump) => renderLog(view, S.msg.table, upTo, jump),
      onRender: (pos) => S.review?.show(pos),
      onClose: () => {
        S.review?.close();
        S.review = null;
        S.replay = null;
        $("turn-card").hidden = true;
        render();
      },
    });
    $("turn-card").hidden = true;
    setSheet(false); // (phones) the board and the replay's bar, not the results over them
    render();
    chat.load();
  } catch (err) {
    toast(err.message);
  }
}

// --- start ---------------------------------------------------------------

async function main() {
  await initI18n();
  languageSwitch($("language"));
  paletteSwitch($("palette"));
  watchNotices();
  installDefs();
  board = new BoardView($("board"));
  chat = new ChatPanel($("chat"), { tableId: id, send });
  api.session().then((session) => chat.setContext({ me: session?.name ?? null })).catch(() => {});
  // the zoom buttons stand over the board's left edge: a board shown whole keeps clear of them
  board.coveredLeft = () => document.querySelector(".board-tools").getBoundingClientRect().right - $("board").getBoundingClientRect().left + 6;
  board.deadTitle = t("dead.title");
  board.on("inspect", inspect);
  board.on("spot", (spot) => {
    F.hot = spot;
    showLit();
  });
  $("zoom-in").addEventListener("click", () => board.zoomBy(1.25));
  $("zoom-out").addEventListener("click", () => board.zoomBy(0.8));
  $("zoom-fit").addEventListener("click", () => board.toggleFit());
  training = new TrainingAid(board, $("chances-toggle"), id);
  announcer = new Announcer($("announcer"));
  textBoard = new TextBoard($("text-board"), id, () => seatFor(id)?.token);
  board.on("view", (follow) => {
    $("zoom-fit").setAttribute("aria-pressed", String(follow === "all"));
    training.rescale();
  });
  $("rotate").addEventListener("click", rotate);
  $("confirm").addEventListener("click", confirm);
  $("take-back").addEventListener("click", takeBack);
  $("no-figure").addEventListener("click", noFigure);
  $("replay-open").addEventListener("click", openReplay);
  $("sheet-toggle").addEventListener("click", () => setSheet(!document.body.classList.contains("sheet-open")));
  $("sheet-close").addEventListener("click", () => setSheet(false));
  trackBar();
  setUpResign(id, () => S.msg);
  setUpPause(id);
  $("leave").addEventListener("click", async () => {
    if (!window.confirm(t("leave.confirm"))) return;
    try {
      await api.leave(id, seatFor(id)?.token);
    } catch (err) {
      toast(err.message);
    }
    forgetSeat(id);
    reconnect();
  });
  document.addEventListener("keydown", tableKeys({
    state: () => S, myTurn, board, textBoard, announcer, placeAt, rotate, confirm, takeBack, stepDragon,
  }));
  document.addEventListener("languagechange", () => {
    applyStatic();
    if (S.msg) {
      setConnection($("connection").dataset.state);
      render();
    }
    chat.render();
  });
  // figures and dots follow the palette by themselves; what is coloured by
  // script (the last tile's frame, the turn card) is drawn again
  document.addEventListener("palettechange", () => {
    if (S.msg) render();
  });
  try {
    setCatalogue(await api.catalogue());
  } catch (err) {
    toast(err.message);
  }
  try {
    if (!id) throw new Error("no id");
    await api.table(id);
  } catch {
    $("status").textContent = t("error.noTable");
    return;
  }
  connect();
}

// for tests: reach the live socket (e.g. to drop it and watch it come back)
// and the board
window.carcassonneTable = { socket: () => S.ws, state: () => S.msg, board: () => board };

main();
