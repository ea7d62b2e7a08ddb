// Competition matches: "Play now" and the logged-in player's matches.
//
// "Play now" tells the server this player is there for their match; the
// match's table is made once every person of it is (bots are always
// there). When the answer names the table the page goes there (the session
// plays the seat: no token is needed); otherwise it shows whom it waits for
// and asks for the competition every 2 s until the table exists.
// The lobby and the player's own profile list GET /api/me "matches" with
// the same button, or a link to the table once there is one.

import { api, esc } from "./api.js";
import { language, t } from "./i18n.js";
import { deadlineText } from "./timing.js";
import { toast } from "./ui.js";

const POLL = 2000;
/** "event/match" -> the names waited for, after "Play now" on this page. */
const waiting = new Map();
const following = new Set();

const key = (eventId, matchId) => `${eventId}/${matchId}`;

export function tableHref(table) {
  return `/table/${encodeURIComponent(table)}`;
}

export function eventHref(eventId) {
  return `/competition/${encodeURIComponent(eventId)}`;
}

/** Every match of a COMPETITION, with the stage index and round of each. */
export function allMatches(event) {
  const out = [];
  (event.stages || []).forEach((stage, index) => {
    for (const round of stage.rounds) {
      for (const match of round.matches) out.push({ stage: index, round, match });
    }
  });
  return out;
}

export function findMatch(event, matchId) {
  return allMatches(event).find((m) => m.match.id === matchId)?.match || null;
}

/** The table of the match's game being played (or its last one), or null. */
export function currentTable(match) {
  const tables = match.games.filter((g) => g.table).map((g) => g.table);
  return tables.length ? tables[tables.length - 1] : null;
}

/** The people of `match` who have not pressed "Play now" yet. */
export function notReady(event, match) {
  const bots = new Set((event.entrants || []).filter((e) => e.bot).map((e) => e.name));
  return match.entrants.filter((name) => !bots.has(name) && !match.ready.includes(name));
}

/** Whom this page waits for at `matchId` (after its own "Play now"), or null. */
export function waitingFor(eventId, matchId) {
  return waiting.get(key(eventId, matchId)) ?? null;
}

export function waitingText(names) {
  return names?.length ? t("match.waitingFor", { names: names.join(", ") }) : t("match.waitingOthers");
}

/**
 * Press "Play now" for `matchId` of `eventId`: go to the table when there is
 * one, else wait for it. `changed(event)` is called while waiting (with the
 * competition as last read, or null) so the page can show whom it waits for.
 */
export async function playNow(eventId, matchId, changed = () => {}) {
  let answer;
  try {
    answer = await api.playMatch(eventId, matchId);
  } catch (err) {
    toast(err.message);
    return;
  }
  if (answer.table) {
    location.href = tableHref(answer.table);
    return;
  }
  waiting.set(key(eventId, matchId), answer.waiting_for || []);
  changed(null);
  follow(eventId, matchId, changed);
}

async function follow(eventId, matchId, changed) {
  const k = key(eventId, matchId);
  if (following.has(k)) return;
  following.add(k);
  try {
    for (;;) {
      await new Promise((done) => setTimeout(done, POLL));
      let event;
      try {
        event = await api.competition(eventId);
      } catch {
        continue; // the network comes back; keep asking
      }
      const match = findMatch(event, matchId);
      const table = match && currentTable(match);
      if (table) {
        location.href = tableHref(table);
        return;
      }
      if (!match || match.result) { // forfeited meanwhile, or gone
        waiting.delete(k);
        changed(event);
        return;
      }
      waiting.set(k, notReady(event, match));
      changed(event);
    }
  } finally {
    following.delete(k);
  }
}

/** A round's deadline in words: the local time and what is left. */
export function deadlineLine(iso) {
  if (!iso) return "";
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return "";
  const left = (at.getTime() - Date.now()) / 1000;
  const when = at.toLocaleString(language(), { dateStyle: "medium", timeStyle: "short" });
  return left > 0 ? t("match.deadline", { when, left: deadlineText(left) }) : t("match.deadlinePassed", { when });
}

function matchRow(m) {
  const names = waitingFor(m.competition, m.match) ?? (m.ready && !m.table ? [] : null);
  const action = m.table
    ? `<a class="btn small primary" href="${tableHref(m.table)}" data-testid="my-match-open-${esc(m.match)}">${esc(t("match.openTable"))}</a>`
    : `<button class="btn small primary" data-play="${esc(m.match)}" data-event="${esc(m.competition)}" data-testid="my-match-play-${esc(m.match)}">${esc(t("match.playNow"))}</button>`;
  const wait = names && !m.table ? `<span class="muted small" data-testid="my-match-waiting-${esc(m.match)}">${esc(waitingText(names))}</span>` : "";
  const deadline = deadlineLine(m.deadline);
  return `<li data-testid="my-match-${esc(m.competition)}-${esc(m.match)}"><div class="trow-main">
      <a class="tname" href="${eventHref(m.competition)}">${esc(m.competition_name)}</a>
      <span class="muted small">${esc(t("match.number", { id: m.match }))}</span></div>
    <div class="trow-seats"><span>${esc(t("match.against", { names: m.opponents.join(", ") || "–" }))}</span>
      ${deadline ? `<span class="deadline">${esc(deadline)}</span>` : ""}${wait}</div>
    <div class="trow-actions">${action}</div></li>`;
}

/** Draw the player's matches into the list `el` (only when they changed). */
export function renderMyMatches(el, matches, redraw) {
  const html = matches.map(matchRow).join("") || `<li class="empty">${esc(t("match.none"))}</li>`;
  if (el.dataset.html !== html) {
    el.innerHTML = html;
    el.dataset.html = html;
  }
  if (!el.dataset.bound) {
    el.dataset.bound = "1";
    el.addEventListener("click", (event) => {
      const button = event.target.closest("[data-play]");
      if (!button) return;
      button.disabled = true;
      playNow(button.dataset.event, button.dataset.play, () => redraw()).finally(() => { button.disabled = false; });
    });
  }
}
