// The chat panel of a table (the table page, live and in the replay).
//
// Lines come over the table's WebSocket: `chat_history` right after the
// first state (the lines so far), then one `chat` per line written. Lines
// are kept by their id, so a line heard twice (a reconnection) shows once
// and lines show in the order they were written. Every text a person wrote
// goes to the page as text (textContent), never as markup.
//
// Writing: a seated player, or a logged-in spectator unless the table's
// chat is for its players only; anyone else reads and is told why. The
// server decides (a refusal shows under the input, in its words).
//
// Per line of someone else: "mute" hides that player's lines at this table
// for this browser only (localStorage), and "report" sends the line to the
// moderators (POST /api/reports) with a reason.

import { api } from "./api.js";
import { language, serverText, t } from "./i18n.js";

const MUTED = "carcassonne.muted";
/** The most characters a line holds (the server's bound too). */
export const MAX_TEXT = 300;

/** The players muted at table `id` in this browser. */
export function mutedAt(id) {
  try {
    return new Set(JSON.parse(localStorage.getItem(MUTED))?.[id] || []);
  } catch {
    return new Set();
  }
}

function saveMuted(id, names) {
  let all = {};
  try {
    all = JSON.parse(localStorage.getItem(MUTED)) || {};
  } catch {
    all = {};
  }
  if (names.size) all[id] = [...names];
  else delete all[id];
  localStorage.setItem(MUTED, JSON.stringify(all));
}

function element(tag, className, text) {
  const el = document.createElement(tag);
  if (className) el.className = className;
  if (text != null) el.textContent = text;
  return el;
}

function button(text, testid, title) {
  const b = element("button", "chat-action", text);
  b.type = "button";
  b.dataset.testid = testid;
  if (title) b.title = title;
  return b;
}

/** Whether the person this page shows may write, and if not, why (a text key). */
export function whoWrites({ table, seat, me }) {
  if (!table) return { can: false, why: null };
  if (seat != null) return { can: true, why: null };
  const player = me != null && (table.seats || []).some((s) => s.account === me);
  if (player) return { can: true, why: null };
  // (at a table for its players only, logging in would not help a spectator)
  if (table.chat === "players") return { can: false, why: "chat.playersOnly" };
  if (me == null) return { can: false, why: "chat.visitor" };
  return { can: true, why: null };
}

export class ChatPanel {
  /**
   * @param {HTMLElement} root the panel's card
   * @param {{tableId: string, send: (message: object) => boolean}} options
   */
  constructor(root, { tableId, send }) {
    this.root = root;
    this.tableId = tableId;
    this.send = send;
    this.lines = new Map(); // id -> line
    this.context = { table: null, seat: null, me: null };
    this.muted = mutedAt(tableId);
    this.reporting = null; // the id of the line whose report form is open
    this.reportEl = null; // that form (kept while other lines come)
    this.lastSent = "";
    root.replaceChildren();
    this.title = element("h3", null, "");
    this.title.dataset.i18n = "chat.title";
    this.mutedBox = element("div", "chat-muted");
    this.mutedBox.dataset.testid = "chat-muted";
    this.list = element("ol", "chat-list");
    this.list.dataset.testid = "chat-lines";
    this.list.setAttribute("aria-live", "polite");
    this.note = element("p", "chat-note");
    this.note.dataset.testid = "chat-note";
    this.form = element("form", "chat-form");
    this.input = element("input");
    this.input.maxLength = MAX_TEXT;
    this.input.autocomplete = "off";
    this.input.dataset.testid = "chat-input";
    this.sendButton = element("button", "btn small primary", "");
    this.sendButton.type = "submit";
    this.sendButton.dataset.testid = "chat-send";
    this.form.append(this.input, this.sendButton);
    this.error = element("p", "chat-error");
    this.error.dataset.testid = "chat-error";
    this.error.setAttribute("role", "alert");
    root.append(this.title, this.mutedBox, this.list, this.note, this.form, this.error);
    this.form.addEventListener("submit", (e) => {
      e.preventDefault();
      this.submit();
    });
    this.render();
  }

  /** Who this page shows now: the table, its seat (or null) and the account's name (or null). */
  setContext(context) {
    this.context = { ...this.context, ...context };
    this.renderForm();
  }

  /** The lines so far (from `chat_history` or GET /api/tables/{id}/chat). */
  history(lines) {
    for (const line of lines || []) this.lines.set(line.id, line);
    this.render();
  }

  /** One new line. */
  add(line) {
    this.lines.set(line.id, line);
    if (line.text === this.lastSent) this.lastSent = "";
    this.error.textContent = "";
    this.render();
  }

  /** The server refused what this page sent: its words, and the text back to edit. */
  refused(words) {
    this.error.textContent = words;
    if (!this.input.value && this.lastSent) this.input.value = this.lastSent;
    this.lastSent = "";
  }

  /** Read the chat again over HTTP (the replay of a finished game). */
  async load() {
    try {
      const answer = await api.chat(this.tableId);
      this.history(answer.messages);
    } catch {
      // the socket's history stays
    }
  }

  submit() {
    const text = this.input.value.trim();
    if (!text || !whoWrites(this.context).can) return;
    if (this.send({ type: "chat", text })) {
      this.lastSent = text;
      this.input.value = "";
      this.error.textContent = "";
    }
  }

  mute(name) {
    this.muted.add(name);
    saveMuted(this.tableId, this.muted);
    this.render();
  }

  unmute(name) {
    this.muted.delete(name);
    saveMuted(this.tableId, this.muted);
    this.render();
  }

  render() {
    this.title.textContent = t("chat.title");
    this.sendButton.textContent = t("chat.send");
    this.input.placeholder = t("chat.placeholder");
    this.renderMuted();
    this.renderLines();
    this.renderForm();
  }

  renderForm() {
    const { can, why } = whoWrites(this.context);
    this.form.hidden = !can;
    this.note.hidden = can || !why;
    this.note.textContent = why ? t(why) : "";
    this.root.dataset.canWrite = String(can);
  }

  renderMuted() {
    const box = this.mutedBox;
    box.replaceChildren();
    box.hidden = !this.muted.size;
    if (!this.muted.size) return;
    box.append(element("span", "muted", t("chat.mutedList")));
    for (const name of [...this.muted].sort()) {
      const b = button(name, "chat-unmute", t("chat.unmute", { player: name }));
      b.dataset.player = name;
      b.addEventListener("click", () => this.unmute(name));
      box.append(" ", b);
    }
  }

  renderLines() {
    const list = this.list;
    const atEnd = list.scrollHeight - list.scrollTop - list.clientHeight < 24;
    const shown = [...this.lines.values()].sort((a, b) => a.id - b.id)
      .filter((line) => !this.muted.has(line.from));
    list.replaceChildren(...shown.map((line) => this.lineItem(line)));
    if (!shown.length) list.append(element("li", "chat-empty muted", t("chat.empty")));
    if (atEnd) list.scrollTop = list.scrollHeight;
  }

  lineItem(line) {
    const li = element("li", "chat-line");
    li.dataset.testid = "chat-line";
    li.dataset.id = String(line.id);
    li.dataset.from = line.from;
    const at = new Date(line.at);
    const time = element("time", "chat-time", Number.isNaN(at.getTime()) ? ""
      : at.toLocaleTimeString(language(), { hour: "2-digit", minute: "2-digit" }));
    time.dateTime = line.at;
    const from = element("b", "chat-from", line.from);
    const text = element("span", "chat-text", line.text);
    text.dataset.testid = "chat-text";
    li.append(time, " ", from, " ", text);
    if (!this.mine(line)) {
      const actions = element("span", "chat-actions");
      const mute = button(t("chat.mute"), "chat-mute", t("chat.muteTitle", { player: line.from }));
      mute.addEventListener("click", () => this.mute(line.from));
      const report = button(t("chat.report"), "chat-report", t("chat.reportTitle"));
      report.addEventListener("click", () => {
        this.reporting = this.reporting === line.id ? null : line.id;
        this.reportEl = null;
        this.renderLines();
      });
      actions.append(mute, report);
      li.append(actions);
      if (this.reporting === line.id) {
        this.reportEl ??= this.reportForm(line);
        li.append(this.reportEl);
      }
    }
    return li;
  }

  /** Whether `line` was written by the person this page shows. */
  mine(line) {
    const { table, seat, me } = this.context;
    if (me != null && line.from === me) return true;
    return seat != null && table?.seats?.[seat]?.name === line.from;
  }

  reportForm(line) {
    const form = element("form", "chat-report-form");
    form.dataset.testid = "chat-report-form";
    const reason = element("input");
    reason.maxLength = 500;
    reason.placeholder = t("chat.reportReason");
    reason.dataset.testid = "chat-report-reason";
    const send = element("button", "btn small", t("chat.reportSend"));
    send.type = "submit";
    send.dataset.testid = "chat-report-send";
    const cancel = element("button", "btn small ghost", t("chat.cancel"));
    cancel.type = "button";
    const said = element("span", "chat-report-said");
    said.dataset.testid = "chat-report-said";
    said.setAttribute("role", "status");
    form.append(reason, send, cancel, said);
    cancel.addEventListener("click", () => {
      this.reporting = null;
      this.reportEl = null;
      this.renderLines();
    });
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      send.disabled = true;
      try {
        await api.report(line.id, reason.value.trim());
        said.textContent = t("chat.reported");
        reason.disabled = true;
      } catch (err) {
        said.textContent = err.status === 401 ? t("chat.reportLogin")
          : [404, 405, 501].includes(err.status) ? t("chat.reportUnavailable") : serverText(err.message);
        send.disabled = false;
      }
    });
    return form;
  }
}
