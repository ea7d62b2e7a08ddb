// A competition's messages (docs/boards.md), below its page: the board,
// which anyone reads and its entrants and organizer write, and, for a
// logged-in player, the thread of each of their matches (for the organizer,
// each thread that holds a message), each with its form. A logged-in reader
// may report a message. Every text people wrote is put on the page as text
// (textContent), never as markup. The messages are asked again every few
// seconds; a list is drawn again only when it changed, so a half-written
// message stays as it is.

import { ApiError, request } from "./api.js";
import { currentAccount } from "./account.js";
import { t } from "./i18n.js";
import { scheduleBlock, threadTimes } from "./times.js";
import { toast } from "./ui.js";

const EVERY = 5000;

/** `POST /api/reports` for a message; shared with the moderation page's tests. */
export function report(message, reason) {
  return request("POST", "/api/reports", { message, reason });
}

/** An element `tag` with a class and, if given, its text (as text). */
export function el(tag, className = "", text = null) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== null) node.textContent = text;
  return node;
}

function when(iso) {
  return new Date(iso).toLocaleString(document.documentElement.lang || undefined,
    { dateStyle: "short", timeStyle: "short" });
}

/** The little form that reports `message`: a reason and "Send". */
function reportForm(message, li) {
  const form = el("form", "report-form");
  form.dataset.testid = "report-form";
  const reason = el("input");
  reason.maxLength = 500;
  reason.placeholder = t("safety.reason");
  reason.setAttribute("aria-label", t("safety.reason"));
  reason.dataset.testid = "report-reason";
  const send = el("button", "btn small", t("safety.sendReport"));
  send.dataset.testid = "report-send";
  form.append(reason, send);
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    try {
      await report(message.id, reason.value);
      form.replaceWith(el("span", "muted small", t("safety.reported")));
      toast(t("safety.reported"), "ok");
    } catch (err) {
      toast(err.message);
    }
  });
  li.append(form);
  reason.focus();
}

function messageItem(message, players = null) {
  const li = el("li", "message");
  li.style.display = "block"; // (the list's items are rows elsewhere)
  li.dataset.testid = "message";
  li.dataset.id = message.id;
  const head = el("div", "message-head");
  head.append(el("b", "", message.from), " ", el("span", "muted small", when(message.at)));
  const me = currentAccount()?.name;
  if (me && me !== message.from) {
    const flag = el("button", "btn small link", t("safety.report"));
    flag.dataset.testid = "report-message";
    flag.addEventListener("click", () => {
      flag.disabled = true;
      reportForm(message, li);
    });
    head.append(" ", flag);
  }
  if (message.kind) { // a proposal of times, or its answer (times.js)
    li.append(head, scheduleBlock(message, Boolean(me && me !== message.from && players?.includes(me))));
    return li;
  }
  const text = el("p", "message-text", message.text);
  text.style.margin = "0.2em 0 0";
  text.dataset.testid = "message-text";
  text.style.whiteSpace = "pre-wrap";
  text.style.overflowWrap = "anywhere";
  li.append(head, text);
  return li;
}

/** One conversation (the board, or a thread): its list and, if one may write, its form. */
function conversation(eventId, match, title, testid) {
  const box = el("section", "card wide conversation");
  box.dataset.testid = testid;
  const heading = el("h2", "", title);
  const list = el("ul", "plain-list messages");
  list.dataset.testid = `${testid}-messages`;
  const form = el("form", "message-form");
  form.dataset.testid = `${testid}-form`;
  const input = el("textarea");
  input.maxLength = 2000;
  input.rows = 2;
  input.style.width = "100%";
  input.style.boxSizing = "border-box";
  input.dataset.testid = `${testid}-text`;
  const send = el("button", "btn primary small", t("safety.send"));
  send.dataset.testid = `${testid}-send`;
  form.append(input, send);
  form.hidden = true;
  box.append(heading, list, form);
  let drawn = "";
  let players = null; // a thread's players' names
  const times = match ? threadTimes(eventId, match, list, () => load()) : null;
  if (times) box.insertBefore(times.form, form);
  const url = `/api/competitions/${encodeURIComponent(eventId)}/messages`
    + (match ? `?match=${encodeURIComponent(match)}` : "");
  const show = (data) => {
    input.placeholder = t(match ? "safety.threadPlaceholder" : "safety.boardPlaceholder");
    input.setAttribute("aria-label", input.placeholder);
    send.textContent = t("safety.send");
    form.hidden = !data.can_write;
    const me = currentAccount()?.name;
    times?.show(Boolean(data.can_write && me && players?.includes(me)));
    const key = JSON.stringify([data.messages, me, document.documentElement.lang, players]);
    if (key === drawn) return;
    drawn = key;
    list.replaceChildren(...data.messages.map((message) => messageItem(message, players)));
    if (!data.messages.length) list.append(el("li", "empty", t("safety.noMessages")));
  };
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    send.disabled = true;
    try {
      await request("POST", `/api/competitions/${encodeURIComponent(eventId)}/messages`,
        match ? { text, match } : { text });
      input.value = "";
      show(await request("GET", url));
    } catch (err) {
      toast(err.message);
    } finally {
      send.disabled = false;
    }
  });
  const load = async () => show(await request("GET", url));
  return { box, heading, show, load, setPlayers: (names) => { players = names; } };
}

/**
 * The messages of competition `eventId`, drawn after the page's main
 * element; `reload()` asks again at once (after logging in or out).
 */
export function messagesPanel(eventId) {
  // beside the page's <main> (which each render rewrites): a landmark of its own
  const host = el("aside", "lobby boards");
  host.dataset.testid = "competition-messages";
  host.setAttribute("aria-label", t("safety.board"));
  document.getElementById("page").after(host);
  const board = conversation(eventId, null, t("safety.board"), "board");
  host.append(board.box);
  let threads = new Map();
  let timer = null;

  function threadTitle(thread) {
    return t("safety.thread", { players: thread.entrants.join(" – ") });
  }

  async function reload() {
    clearTimeout(timer);
    try {
      const data = await request("GET", `/api/competitions/${encodeURIComponent(eventId)}/messages`);
      board.heading.textContent = t("safety.board");
      board.show(data);
      const wanted = new Map(data.threads.map((thread) => [thread.match, thread]));
      for (const [key, one] of threads) {
        if (!wanted.has(key)) {
          one.box.remove();
          threads.delete(key);
        }
      }
      for (const [key, thread] of wanted) {
        let one = threads.get(key);
        if (!one) {
          one = conversation(eventId, key, "", `thread-${key}`);
          one.box.dataset.match = key;
          threads.set(key, one);
          host.append(one.box);
        }
        one.heading.textContent = threadTitle(thread);
        one.setPlayers(thread.entrants);
        await one.load();
      }
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 404)) toast(err.message);
    }
    timer = setTimeout(reload, EVERY);
  }

  reload();
  return { reload };
}
