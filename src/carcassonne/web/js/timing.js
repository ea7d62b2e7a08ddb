// Time at a table (docs/server.md, "Time and rematches"): the lobby's
// choices (untimed, real-time clocks, a deadline per move), a table's
// timing named briefly for the lists ("10+10", "1 day/move"), and time
// left in words: a clock as m:ss (h:mm:ss when long), a deadline in days,
// hours and minutes.

import { esc } from "./api.js";
import { t } from "./i18n.js";

/** What the lobby offers: the select's value, and its TIMING (null: untimed). */
export const TIMINGS = [
  { value: "none", timing: null },
  { value: "clock:300:5", timing: { kind: "clock", base: 300, increment: 5 } },
  { value: "clock:600:10", timing: { kind: "clock", base: 600, increment: 10 } },
  { value: "clock:1200:20", timing: { kind: "clock", base: 1200, increment: 20 } },
  { value: "turn:43200", timing: { kind: "turn", deadline: 43200 } },
  { value: "turn:86400", timing: { kind: "turn", deadline: 86400 } },
  { value: "turn:259200", timing: { kind: "turn", deadline: 259200 } },
];

/** The TIMING of a select value, or null for untimed. */
export function timingOf(value) {
  return TIMINGS.find((x) => x.value === value)?.timing ?? null;
}

/** One choice in words: "5 min + 5 s", "1 day per move". */
function choiceText(timing) {
  if (!timing) return t("timing.none");
  if (timing.kind === "clock") return t("timing.clock", { min: timing.base / 60, inc: timing.increment });
  const days = timing.deadline / 86400;
  return Number.isInteger(days) ? t("timing.turnDays", { n: days }) : t("timing.turnHours", { n: Math.round(timing.deadline / 3600) });
}

/** The <option>s of the lobby's "Time" select, grouped by kind. */
export function timingOptions(selected = "none") {
  const option = (x) => `<option value="${esc(x.value)}"${x.value === selected ? " selected" : ""}>${esc(choiceText(x.timing))}</option>`;
  const group = (kind, label) => `<optgroup label="${esc(t(label))}">${TIMINGS.filter((x) => x.timing?.kind === kind).map(option).join("")}</optgroup>`;
  return option(TIMINGS[0]) + group("clock", "timing.clockGroup") + group("turn", "timing.turnGroup");
}

/** A table's timing in a few characters for the lists ("" when untimed). */
export function timingLabel(timing) {
  if (timing?.kind === "clock") {
    const base = timing.base % 60 === 0 ? String(timing.base / 60) : clockText(timing.base);
    return t("timing.clockShort", { base, inc: timing.increment });
  }
  if (timing?.kind === "turn") {
    const days = timing.deadline / 86400;
    return Number.isInteger(days) ? t("timing.turnShortDays", { n: days })
      : t("timing.turnShortHours", { n: Math.round(timing.deadline / 3600) });
  }
  return "";
}

/** A table's timing and whether it was abandoned, as badges for the lists. */
export function tableBadges(table) {
  const timing = timingLabel(table.timing);
  return (timing ? `<span class="badge timing" data-testid="timing-${esc(table.id)}" title="${esc(t("lobby.timingTitle"))}">${esc(timing)}</span>` : "")
    + (table.status === "abandoned" ? `<span class="badge abandoned" data-testid="abandoned-${esc(table.id)}">${esc(t("lobby.abandoned"))}</span>` : "");
}

/** Seconds on a clock: "4:05", "1:02:03"; never below 0:00. */
export function clockText(seconds) {
  const total = Math.max(0, Math.ceil(seconds - 1e-6));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

/** Seconds before a deadline in words: "2 days left", "5 h 12 min left". */
export function deadlineText(seconds) {
  const left = Math.max(0, Math.floor(seconds));
  const days = Math.floor(left / 86400);
  const hours = Math.floor((left % 86400) / 3600);
  const minutes = Math.floor((left % 3600) / 60);
  if (days >= 2) return t("deadline.days", { n: days });
  if (days === 1) return hours ? t("deadline.dayHours", { h: hours }) : t("deadline.day");
  if (hours) return t("deadline.hours", { h: hours, m: minutes });
  if (minutes) return t("deadline.minutes", { m: minutes });
  return t("deadline.soon");
}
