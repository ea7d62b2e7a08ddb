// Telling a player it is their turn, with the site open in any tab:
// every page polls GET /api/me/notices (every 20 s, and when the tab gets the
// focus) for the games where it is the logged-in player's turn and the
// invitations open to them. A game that newly is, or a new invitation, shows
// a Notification naming the table (a click opens it), and the lobby tab's
// title counts the games: "(2) Carcassonne · Lobby".
//
// The browser asks for permission only when the player presses "Tell me when
// it's my turn" (shown where it makes sense: holding a seat at a turn-based
// table, or with turn-based games in the lobby), never on page load. Once
// permitted, the service worker (/sw.js) is registered and, when the server
// has a push key, the browser subscribed to Web Push, so that a turn reaches
// it with no tab open.
//
// Which turns were already told is kept in localStorage, shared by the tabs,
// so a turn is told once, whichever tab sees it first.

import { t } from "./i18n.js";

const TOLD = "carcassonne.toldTurns";
const EVERY = 20_000;
let lobby = false;
let count = 0;
let started = false;

function supported() {
  return typeof window.Notification === "function";
}

function told() {
  try {
    const stored = JSON.parse(localStorage.getItem(TOLD));
    return stored && typeof stored === "object" ? stored : null;
  } catch {
    return null;
  }
}

/** The lobby's title, with the count of games waiting for the player. */
function showCount() {
  if (!lobby) return;
  const base = t("title.lobby");
  document.title = count ? `(${count}) ${base}` : base;
}

function openTable(id) {
  window.focus();
  location.href = `/table/${encodeURIComponent(id)}`;
}

/** A Notification of `title` and `body` whose click opens the table `id`. */
function notify(id, tag, title, body) {
  if (!supported() || Notification.permission !== "granted") return;
  const here = location.pathname === `/table/${id}` && document.visibilityState === "visible";
  if (here) return; // the table's page shows it already
  const note = new Notification(title, { body, tag, icon: "/static/favicon.svg" });
  note.addEventListener("click", () => {
    note.close();
    openTable(id);
  });
}

function tell(table) {
  notify(table.id, `turn-${table.id}`, t("notify.turnTitle"), t("notify.turnBody", { name: table.name }));
}

function tellInvitation(invitation) {
  notify(invitation.table, `invitation-${invitation.id}`, t("notify.invitationTitle"),
    t("notify.invitationBody", { from: invitation.from, name: invitation.name }));
}

/** Ask the server which games wait for the player; tell the new ones. */
export async function poll() {
  let answer;
  try {
    const res = await fetch("/api/me/notices", { credentials: "same-origin", headers: { Accept: "application/json" } });
    if (!res.ok) return;
    answer = await res.json();
  } catch {
    return; // offline a moment: the next poll tells
  }
  count = answer.count || 0;
  showCount();
  const before = told();
  const now = {};
  const news = [
    ...(answer.tables || []).map((table) => [`${answer.name}/${table.id}`, table.since || "", () => tell(table)]),
    ...(answer.invitations || []).map((invitation) => [`${answer.name}/invitation/${invitation.id}`, "open",
      () => tellInvitation(invitation)]),
  ];
  for (const [key, value, show] of news) {
    now[key] = value;
    // the first poll ever in this browser tells nothing: those are not news
    if (before && before[key] !== now[key] && told()?.[key] !== now[key]) {
      localStorage.setItem(TOLD, JSON.stringify({ ...told(), [key]: now[key] }));
      show();
    }
  }
  localStorage.setItem(TOLD, JSON.stringify(now));
}

async function subscribePush() {
  if (!("serviceWorker" in navigator)) return;
  const registration = await navigator.serviceWorker.register("/sw.js", { scope: "/" });
  const keyAnswer = await fetch("/api/push/key", { headers: { Accept: "application/json" } });
  if (!keyAnswer.ok || !registration.pushManager) return;
  const { key } = await keyAnswer.json();
  if (!key) return; // this server sends no push
  await navigator.serviceWorker.ready;
  const subscription = await registration.pushManager.getSubscription()
    || await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  await fetch("/api/me/push", {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(subscription.toJSON()),
  });
}

/** Register the service worker (and subscribe to push) once permitted. */
function whenPermitted() {
  subscribePush().catch(() => {
    // a browser without a push service (or one offline): the open tabs still tell
  });
}

function buttonText(button) {
  const state = supported() ? Notification.permission : "denied";
  button.textContent = t(state === "granted" ? "notify.on" : state === "denied" ? "notify.denied" : "notify.ask");
  button.disabled = state !== "default";
  button.dataset.state = state;
}

/**
 * Show "Tell me when it's my turn" in the page's header (once), for a
 * player who has a turn-based game: pressing it asks the browser's
 * permission. Nothing is shown where notifications cannot be had.
 */
export function offerNotifications() {
  if (!supported() || document.querySelector("[data-testid=notify-ask]")) return;
  const button = document.createElement("button");
  button.type = "button";
  button.className = "btn ghost small notify-ask";
  button.dataset.testid = "notify-ask";
  buttonText(button);
  button.addEventListener("click", async () => {
    const answer = await Notification.requestPermission();
    buttonText(button);
    if (answer === "granted") {
      whenPermitted();
      poll();
    }
  });
  document.addEventListener("languagechange", () => buttonText(button));
  const bar = document.querySelector(".topbar");
  const before = document.getElementById("account") || document.getElementById("palette");
  if (before && before.parentNode === bar) bar.insertBefore(button, before);
  else bar?.appendChild(button);
}

/**
 * Poll the player's turns from this page: every 20 s and on focus. With
 * `{lobby: true}` the tab's title counts them.
 */
export function watchNotices(options = {}) {
  lobby = Boolean(options.lobby);
  if (started) return;
  started = true;
  if (supported() && Notification.permission === "granted") whenPermitted();
  document.addEventListener("languagechange", showCount);
  window.addEventListener("focus", () => poll());
  setInterval(() => poll(), EVERY);
  poll();
}

// for tests: poll now, without waiting for the next round
window.carcassonneNotices = { poll };
