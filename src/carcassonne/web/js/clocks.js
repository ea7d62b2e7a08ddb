// The time beside each player at a timed table: on a real-time table each
// person's clock (the running one counts down in the browser from the
// moment the state arrived) and "time ran out" for a seat whose clock
// reached zero, with the moment it did (by the server's clock); on a
// turn-based table the time left before the running seat's deadline, and
// the deadlines each seat missed.

import { esc } from "./api.js";
import { t } from "./i18n.js";
import { timeOfDay } from "./replay-clock.js";
import { clockText, deadlineText } from "./timing.js";

/** A table's time as of now: its timing and clock, and when they arrived (or null). */
export function liveClock(table, arrived = performance.now()) {
  const kind = table?.timing?.kind;
  if (!table?.clock || (kind !== "clock" && kind !== "turn")) return null;
  // a deadline is an absolute time: read against the server's time when it
  // says it, else this computer's when the state arrived
  const wall = table.clock.now ? Date.parse(table.clock.now) : Date.now();
  return { kind, clock: table.clock, arrived, wall, playing: table.status === "playing" };
}

/** Seconds since the state arrived (0 once the game no longer runs). */
function elapsed(live) {
  return live.playing ? (performance.now() - live.arrived) / 1000 : 0;
}

/** The seconds left on `seat`'s clock now, or null when it has none. */
export function secondsLeft(live, seat) {
  const left = live?.clock.remaining?.[seat];
  if (left == null) return null;
  return Math.max(0, live.clock.running === seat ? left - elapsed(live) : left);
}

/** The seconds before the running seat's deadline now, or null. */
export function deadlineLeft(live) {
  const deadline = live?.clock.deadline;
  if (!deadline) return null;
  return Math.max(0, (Date.parse(deadline) - live.wall) / 1000 - elapsed(live));
}

/** The time line of `seat` in the players panel ("" when there is nothing to show). */
export function clockMarkup(live, seat) {
  if (!live) return "";
  const { clock } = live;
  const parts = [];
  const running = clock.running === seat && live.playing;
  if (live.kind === "clock") {
    if ((clock.out || []).includes(seat)) {
      parts.push(`<span class="badge out" data-testid="time-out-${seat}">${esc(t("clock.out"))}</span>`);
      const at = clock.out_at?.[clock.out.indexOf(seat)]; // when it reached zero, by the server's clock
      if (at) parts.push(`<time class="out-at" datetime="${esc(at)}" data-testid="time-out-at-${seat}">${esc(t("clock.outAt", { time: timeOfDay(at) }))}</time>`);
    } else if (secondsLeft(live, seat) != null) {
      const left = secondsLeft(live, seat);
      parts.push(`<span class="clock${running ? " running" : ""}${left < 10 ? " low" : ""}" data-testid="clock-${seat}" data-clock="${seat}"
        title="${esc(t("clock.title"))}">${clockText(left)}</span>`);
    }
  } else {
    if (running && deadlineLeft(live) != null) {
      parts.push(`<span class="deadline" data-testid="deadline-${seat}" data-deadline="${seat}">${esc(deadlineText(deadlineLeft(live)))}</span>`);
    }
    const missed = clock.missed?.[seat] || 0;
    if (missed > 0) parts.push(`<span class="badge missed" data-testid="missed-${seat}">${esc(t("deadline.missed", { n: missed }))}</span>`);
  }
  return parts.length ? `<div class="ptime">${parts.join(" ")}</div>` : "";
}

/** Count the running clock (or deadline) down in `root` without drawing the panel again. */
export function tickClocks(root, live) {
  if (!live?.playing || live.clock.running == null) return;
  const seat = live.clock.running;
  const el = root.querySelector(`[data-clock="${seat}"]`);
  if (el) {
    const text = clockText(secondsLeft(live, seat));
    if (el.textContent !== text) el.textContent = text;
    el.classList.toggle("low", secondsLeft(live, seat) < 10);
  }
  const line = root.querySelector(`[data-deadline="${seat}"]`);
  if (line) {
    const text = deadlineText(deadlineLeft(live));
    if (line.textContent !== text) line.textContent = text;
  }
}
