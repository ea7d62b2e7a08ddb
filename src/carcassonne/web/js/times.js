// Agreed match times (docs/boards.md, "Agreeing on a time"): times shown in
// the reader's zone (the account's choice, else the browser's), the form
// that proposes one to three times in a match's thread, each proposal's
// times with "Accept" for the other player, a competition's agreed times,
// and the lobby's "your next games". Times go to the server in UTC
// (ISO-8601 with "Z"), the zone they were written in beside them.

import { request } from "./api.js";
import { currentAccount } from "./account.js";
import { t } from "./i18n.js";
import { toast } from "./ui.js";

let chosenZone = null;

function node(tag, className = "", text = null) {
  const out = document.createElement(tag);
  if (className) out.className = className;
  if (text !== null) out.textContent = text;
  return out;
}

/** The browser's IANA time zone. */
export function browserZone() {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

/** The zone times are shown in: the account's choice, else the browser's. */
export function viewerZone() {
  return chosenZone || browserZone();
}

/** Ask once for the account's chosen zone (none for a visitor). */
export async function loadZone() {
  chosenZone = null;
  if (!currentAccount()) return viewerZone();
  try {
    chosenZone = (await request("GET", "/api/me/calendar")).zone;
  } catch {
    chosenZone = null;
  }
  return viewerZone();
}

/** `iso` as a date and time in `zone`, the zone named. */
export function timeText(iso, zone = viewerZone()) {
  const when = new Intl.DateTimeFormat(document.documentElement.lang || undefined,
    { dateStyle: "medium", timeStyle: "short", timeZone: zone }).format(new Date(iso));
  return `${when} (${zone})`;
}

function offsetMinutes(ms, zone) {
  const parts = {};
  for (const p of new Intl.DateTimeFormat("en-US", { timeZone: zone, hourCycle: "h23", year: "numeric",
    month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" }).formatToParts(new Date(ms))) {
    parts[p.type] = Number(p.value);
  }
  const asUtc = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour % 24, parts.minute, parts.second);
  return Math.round((asUtc - ms) / 60000);
}

/** A wall time `YYYY-MM-DDTHH:MM` read in `zone`, as an ISO time in UTC. */
export function wallToIso(wall, zone = viewerZone()) {
  const [date, clock] = wall.split("T");
  const [y, m, d] = date.split("-").map(Number);
  const [h, min] = clock.split(":").map(Number);
  const guess = Date.UTC(y, m - 1, d, h, min);
  let ms = guess - offsetMinutes(guess, zone) * 60000;
  const again = offsetMinutes(ms, zone); // across a change of offset
  ms = guess - again * 60000;
  return new Date(ms).toISOString();
}

/** What a proposal or an acceptance says, for a thread's message. */
export function scheduleBlock(message, canAnswer) {
  const box = node("div", "proposal");
  box.dataset.testid = `schedule-${message.kind}`;
  if (message.kind === "accept") {
    box.append(node("p", "", t("times.accepted", { when: timeText(message.accept.time) })));
    box.dataset.time = message.accept.time;
    return box;
  }
  const offer = message.proposal;
  box.dataset.status = offer.status;
  box.append(node("p", "muted small", t("times.proposed", { zone: viewerZone() })));
  const list = node("ul", "plain-list");
  offer.times.forEach((iso, index) => {
    const li = node("li", "");
    li.dataset.testid = "proposed-time";
    li.dataset.time = iso;
    li.append(node("b", "", timeText(iso)));
    if (offer.status === "open" && canAnswer) {
      const accept = node("button", "btn small primary", t("times.accept"));
      accept.type = "button";
      accept.dataset.accept = offer.id;
      accept.dataset.time = iso;
      accept.dataset.testid = `accept-${offer.id}-${index}`;
      li.append(" ", accept);
    } else if (offer.accepted === iso) {
      li.append(" ", node("span", "badge", t("times.status.accepted")));
    }
    list.append(li);
  });
  box.append(list, node("p", "muted small", t(`times.status.${offer.status}`)));
  return box;
}

/**
 * The times part of a match's thread: the form that proposes times (shown
 * by `show(mayPropose)`) and the "Accept" buttons of the list `list`;
 * `done()` reads the thread again.
 */
export function threadTimes(eventId, match, list, done) {
  const base = `/api/competitions/${encodeURIComponent(eventId)}/matches/${encodeURIComponent(match)}`;
  const form = node("form", "propose-form");
  form.dataset.testid = `propose-${match}`;
  form.hidden = true;
  const title = node("b", "");
  const help = node("p", "muted small");
  const inputs = [0, 1, 2].map((i) => {
    const input = node("input");
    input.type = "datetime-local";
    input.dataset.testid = `propose-time-${i}`;
    return input;
  });
  const labels = inputs.map((input) => node("label", "field inline"));
  const send = node("button", "btn small");
  send.dataset.testid = `propose-send-${match}`;
  form.append(title, help, ...labels, send);

  const draw = () => {
    title.textContent = t("times.propose");
    help.textContent = t("times.proposeHelp", { zone: viewerZone() });
    labels.forEach((label, i) => {
      label.replaceChildren(node("span", "", t("times.time", { n: i + 1 })), inputs[i]);
    });
    send.textContent = t("times.send");
  };
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const times = inputs.map((input) => input.value).filter(Boolean).map((wall) => wallToIso(wall));
    if (!times.length) {
      toast(t("times.noTime"));
      return;
    }
    send.disabled = true;
    try {
      await request("POST", `${base}/proposals`, { times, zone: viewerZone() });
      inputs.forEach((input) => { input.value = ""; });
      await done();
    } catch (err) {
      toast(err.message);
    } finally {
      send.disabled = false;
    }
  });
  list.addEventListener("click", async (e) => {
    const button = e.target.closest("[data-accept]");
    if (!button) return;
    button.disabled = true;
    try {
      await request("POST", `${base}/proposals/${button.dataset.accept}/accept`, { time: button.dataset.time });
      await done();
    } catch (err) {
      toast(err.message);
      button.disabled = false;
    }
  });
  return {
    form,
    show(mayPropose) {
      draw();
      form.hidden = !mayPropose;
    },
  };
}

/** A competition's agreed times, `{match: ISO}` (none if they cannot be read). */
export async function agreedTimes(eventId) {
  try {
    return (await request("GET", `/api/competitions/${encodeURIComponent(eventId)}/times`)).times;
  } catch {
    return {};
  }
}

/** The lines of the player's next agreed games, into `block` (hidden when none). */
export async function renderNextGames(block) {
  if (!block) return;
  let games = [];
  if (currentAccount()) {
    try {
      games = (await request("GET", "/api/me/schedule")).games;
    } catch {
      games = [];
    }
  }
  block.hidden = !games.length;
  const list = block.querySelector("ul");
  const items = games.map((game) => {
    const li = node("li", "");
    li.dataset.testid = `next-game-${game.competition}-${game.match}`;
    const link = node("a", "tname", game.competition_name);
    link.href = `/competition/${encodeURIComponent(game.competition)}#match-${encodeURIComponent(game.match)}`;
    const when = node("b", "", timeText(game.at));
    when.dataset.testid = "next-game-time";
    li.append(link, " ", node("span", "muted small", t("times.against", { names: game.opponents.join(", ") })), " ", when);
    return li;
  });
  list.replaceChildren(...items);
}
