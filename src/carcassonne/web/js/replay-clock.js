// The time of a finished game, in its replay (docs/server.md, "Time and
// rematches"). Each move of the record the server gives carries its
// `clock`: when the server accepted it (`at`), the seconds its mover took
// (`taken`), the lag forgiven (`credit`) and every seat's time left after
// it (`left`, null for a seat without a clock). For the replay's current
// move this shows a line (who moved, when, the time taken, each player's
// time left) and a graph, drawn here in SVG, of each player's time left
// over the moves with the current move marked. A clock that ran out is
// flagged at the moment the server kept (the table's `clock.out_at`), so a
// referee reads the exact sequence before a disputed flag. A click on the
// graph jumps to that move.

import { esc } from "./api.js";
import { language, t } from "./i18n.js";
import { seatClass } from "./palette.js";

// The graph's box (SVG units): the plot inside, labels on the left and below.
const W = 320;
const H = 112;
const LEFT = 36;
const RIGHT = 8;
const TOP = 8;
const BOTTOM = 18;

/** Whether any move of `record` carries a clock. */
export function hasClocks(record) {
  return (record?.moves || []).some((m) => m?.clock);
}

/** Seconds on a clock to the tenth: "0:41.5", "12:03.0", "1:02:03.0". */
export function preciseClock(seconds) {
  const tenths = Math.max(0, Math.round(seconds * 10));
  const h = Math.floor(tenths / 36000);
  const m = Math.floor((tenths % 36000) / 600);
  const s = ((tenths % 600) / 10).toFixed(1).padStart(4, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

/** A moment (ISO time) as this computer's time of day, to the tenth of a second, with its zone. */
export function timeOfDay(iso) {
  const date = new Date(iso);
  if (!iso || Number.isNaN(date.getTime())) return "";
  try {
    return new Intl.DateTimeFormat(language() || "en", {
      hour: "2-digit", minute: "2-digit", second: "2-digit", fractionalSecondDigits: 1,
      hourCycle: "h23", timeZoneName: "short",
    }).format(date);
  } catch {
    return date.toISOString();
  }
}

/** Each seat's time left after each number of moves (index 0: the start), null where it has none. */
export function timeLeft(record, table) {
  const moves = record?.moves || [];
  const players = record?.setup?.players?.length || moves.find((m) => m?.clock)?.clock.left?.length || 0;
  const after = moves.map((m) => m?.clock?.left || []);
  const base = table?.timing?.kind === "clock" ? table.timing.base : null;
  const start = Array.from({ length: players }, (_, seat) =>
    (base != null && after.some((left) => left[seat] != null) ? base : null));
  return [start, ...after.map((left) => Array.from({ length: players }, (_, seat) => left[seat] ?? null))];
}

/** The clocks that ran out: seat, moment, and the first replay position after it. */
export function flagsOf(record, table) {
  const out = table?.clock?.out || [];
  const outAt = table?.clock?.out_at || [];
  const moves = record?.moves || [];
  return out.map((seat, i) => {
    const at = outAt[i] || null;
    const when = at ? Date.parse(at) : NaN;
    const next = moves.findIndex((m) => m?.clock?.at && Date.parse(m.clock.at) >= when);
    return { seat, at, pos: next >= 0 ? next + 1 : moves.length };
  });
}

/** The line of the move that led to position `pos` (the start when 0); a
 * move of a seat whose clock ran out before it was the stand-in's. */
function moveLine(record, pos, names, movers, flags) {
  if (pos === 0) return `<span>${esc(t("replayClock.start"))}</span>`;
  const clock = record.moves[pos - 1]?.clock;
  const mover = movers?.[pos - 1] ?? (pos - 1) % (names.length || 1);
  let who = t("replayClock.move", { n: pos, player: names[mover] ?? "" });
  if (flags.some((f) => f.seat === mover && f.pos <= pos)) who = `${who} ${t("replayClock.standIn")}`;
  const parts = [`<b class="${seatClass(mover)}" data-testid="replay-clock-mover">${esc(who)}</b>`];
  if (!clock) return `${parts[0]} <span>${esc(t("replayClock.none"))}</span>`;
  parts.push(`<span data-testid="replay-clock-taken" data-taken="${esc(clock.taken)}">${esc(t("replayClock.taken", { time: seconds(clock.taken) }))}</span>`);
  if (clock.credit > 0) parts.push(`<span data-testid="replay-clock-credit">${esc(t("replayClock.credit", { time: seconds(clock.credit) }))}</span>`);
  parts.push(`<time datetime="${esc(clock.at)}" data-testid="replay-clock-at">${esc(t("replayClock.at", { time: timeOfDay(clock.at) }))}</time>`);
  return parts.join(" · ");
}

/** "8.3 s" in the current language. */
function seconds(value) {
  return t("replayClock.seconds", { s: Number(value).toFixed(1) });
}

/** Each player's time left at `pos`, in their colour (those without a clock are left out). */
function leftLine(points, pos, names, flags) {
  const items = (points[pos] || []).map((left, seat) => {
    if (left == null) return "";
    const flagged = flags.some((f) => f.seat === seat && f.pos <= pos);
    return `<span class="left ${seatClass(seat)}" data-testid="replay-clock-left-${seat}" data-left="${left}"><i aria-hidden="true"></i>${esc(names[seat] ?? "")} <b>${preciseClock(left)}</b>${flagged ? ' <span aria-hidden="true">⚑</span>' : ""}</span>`;
  }).filter(Boolean);
  return items.length ? `<div class="lefts"><span class="muted">${esc(t("replayClock.left"))}</span> ${items.join(" ")}</div>` : "";
}

/** The graph of time left over the moves, `pos` marked, the flags shown. */
function graph(points, pos, names, flags) {
  const last = Math.max(1, points.length - 1);
  const top = Math.max(1, ...points.flat().filter((v) => v != null));
  const x = (p) => LEFT + (p / last) * (W - LEFT - RIGHT);
  const y = (v) => TOP + (1 - v / top) * (H - TOP - BOTTOM);
  const seats = points[0]?.length || 0;
  const lines = [];
  for (let seat = 0; seat < seats; seat += 1) {
    let d = "";
    let pen = false;
    points.forEach((row, p) => {
      const v = row[seat];
      if (v == null) {
        pen = false;
        return;
      }
      d += `${pen ? "L" : "M"}${x(p).toFixed(1)} ${y(v).toFixed(1)}`;
      pen = true;
    });
    if (d) lines.push(`<path class="line ${seatClass(seat)}" data-testid="replay-clock-path-${seat}" d="${d}"><title>${esc(names[seat] ?? "")}</title></path>`);
  }
  const dots = (points[pos] || []).map((v, seat) => (v == null ? ""
    : `<circle class="dot ${seatClass(seat)}" cx="${x(pos).toFixed(1)}" cy="${y(v).toFixed(1)}" r="3"/>`)).join("");
  const flagMarks = flags.map((f) => `<g class="flag ${seatClass(f.seat)}" data-testid="replay-clock-flag-${f.seat}" transform="translate(${x(f.pos).toFixed(1)} ${y(0).toFixed(1)})">
    <title>${esc(t("replayClock.flag", { player: names[f.seat] ?? "", time: timeOfDay(f.at), n: f.pos }))}</title>
    <path d="M0 0V-14M0 -14h8l-2 3 2 3H0"/></g>`).join("");
  const axis = `<path class="axis" d="M${LEFT} ${TOP}V${H - BOTTOM}H${W - RIGHT}"/>
    <text class="label" x="${LEFT - 4}" y="${TOP + 8}" text-anchor="end">${esc(preciseClock(top).replace(/\.\d$/, ""))}</text>
    <text class="label" x="${LEFT - 4}" y="${H - BOTTOM}" text-anchor="end">0:00</text>
    <text class="label" x="${LEFT}" y="${H - 4}">0</text>
    <text class="label" x="${W - RIGHT}" y="${H - 4}" text-anchor="end">${last}</text>`;
  const marker = `<line class="marker" data-testid="replay-clock-marker" data-pos="${pos}" x1="${x(pos).toFixed(1)}" x2="${x(pos).toFixed(1)}" y1="${TOP}" y2="${H - BOTTOM}"/>`;
  return `<svg class="time-graph" data-testid="replay-clock-graph" viewBox="0 0 ${W} ${H}" role="img" aria-label="${esc(t("replayClock.graph"))}">
    ${axis}${lines.join("")}${marker}${dots}${flagMarks}</svg>`;
}

/** The replay position under a click on the graph. */
function positionAt(svg, event, moves) {
  const box = svg.getBoundingClientRect();
  const scale = Math.min(box.width / W, box.height / H) || 1;
  const offset = (box.width - W * scale) / 2; // the viewBox is centred (xMidYMid meet)
  const unit = (event.clientX - box.left - offset) / scale;
  return Math.round(((unit - LEFT) / (W - LEFT - RIGHT)) * Math.max(1, moves));
}

/**
 * Show the time of the move that led to replay position `pos` in `el`
 * (hidden when the record has no clocks): `record` (with clocks), `table`
 * (its timing, and the clock that says which clocks ran out and when),
 * `movers` (the seat of each move), `onJump(pos)` for a click on the graph.
 */
export function renderReplayClock(el, { record, table, movers, pos, onJump }) {
  if (!el) return;
  if (!hasClocks(record)) {
    el.hidden = true;
    el.innerHTML = "";
    return;
  }
  const names = record.setup?.players || [];
  const points = timeLeft(record, table);
  const flags = flagsOf(record, table);
  const timed = points.some((row) => row.some((v) => v != null));
  const flagLines = flags.map((f) => `<p class="flag-line${f.pos === pos ? " now" : ""}" data-testid="replay-clock-flag-line-${f.seat}">
    <span class="${seatClass(f.seat)}" aria-hidden="true">⚑</span> ${esc(t("replayClock.flag", { player: names[f.seat] ?? "", time: timeOfDay(f.at), n: f.pos }))}</p>`).join("");
  el.hidden = false;
  el.innerHTML = `<h3>${esc(t("replayClock.title"))}</h3>
    <p class="move-line" data-testid="replay-clock-line" data-pos="${pos}">${moveLine(record, pos, names, movers, flags)}</p>
    ${leftLine(points, pos, names, flags)}${flagLines}${timed ? graph(points, pos, names, flags) : ""}`;
  const svg = el.querySelector("svg");
  if (svg && onJump) {
    svg.addEventListener("click", (event) => {
      const to = positionAt(svg, event, points.length - 1);
      onJump(Math.max(0, Math.min(points.length - 1, to)));
    });
  }
}
