// The moderators' page (/admin, docs/moderation.md): the open reports,
// oldest first, each with what it reports (the message's text, where it
// was written and its author, or an account) and the buttons that act on
// it: hide or show the message, suspend or unsuspend its author, resolve
// the report. Only admins are answered; anyone else sees the server's
// refusal. Every text people wrote is put on the page as text.

import { ApiError } from "./api.js";
import { startPage } from "./account.js";
import { el } from "./boards.js";
import { language, t } from "./i18n.js";
import { toast } from "./ui.js";

const page = document.getElementById("page");
let reports = [];
let refusal = null;

async function call(method, path) {
  const res = await fetch(path, { method, headers: { Accept: "application/json" }, credentials: "same-origin" });
  const data = await res.json().catch(() => null);
  if (!res.ok) throw new ApiError(res.status, data);
  return data;
}

/** Where a message was written, as a link to its page. */
function place(channel) {
  const [kind, id] = channel.split(":");
  const link = el("a", "", t(`safety.channel.${kind}`, { id }));
  link.href = kind === "table" ? `/table/${encodeURIComponent(id)}` : `/competition/${encodeURIComponent(id)}`;
  return link;
}

function button(label, testid, action) {
  const b = el("button", "btn small", label);
  b.dataset.testid = testid;
  b.addEventListener("click", async () => {
    b.disabled = true;
    try {
      await action();
      await load();
    } catch (err) {
      toast(err.message);
      b.disabled = false;
    }
  });
  return b;
}

function reportCard(report) {
  const card = el("section", "card wide report");
  card.dataset.testid = "report";
  card.dataset.id = report.id;
  const head = el("p", "muted small", t("safety.reportedBy", { name: report.reporter, at: new Date(report.created).toLocaleString(language()) }));
  const reason = el("p", "report-reason", report.reason || t("safety.noReason"));
  reason.dataset.testid = "report-reason-text";
  reason.style.whiteSpace = "pre-wrap";
  card.append(head, reason);
  const actions = el("div", "actions");
  const message = report.message;
  if (message) {
    const quote = el("blockquote", "reported-message");
    const who = el("p", "small");
    who.append(el("b", "", message.author), " · ", place(message.channel));
    if (message.hidden) who.append(" ", el("span", "badge", t("safety.hidden")));
    const text = el("p", "", message.text);
    text.dataset.testid = "reported-text";
    text.style.whiteSpace = "pre-wrap";
    text.style.overflowWrap = "anywhere";
    quote.append(who, text);
    card.append(quote);
    actions.append(message.hidden
      ? button(t("safety.show"), "show-message", () => call("POST", `/api/admin/messages/${message.id}/show`))
      : button(t("safety.hide"), "hide-message", () => call("POST", `/api/admin/messages/${message.id}/hide`)));
  }
  if (report.account) {
    const name = encodeURIComponent(report.account);
    const who = el("p", "small", t("safety.account", { name: report.account }));
    who.dataset.testid = "reported-account";
    card.append(who);
    actions.append(report.suspended
      ? button(t("safety.unsuspend", { name: report.account }), "unsuspend", () => call("POST", `/api/admin/accounts/${name}/unsuspend`))
      : button(t("safety.suspend", { name: report.account }), "suspend", () => call("POST", `/api/admin/accounts/${name}/suspend`)));
  }
  actions.append(button(t("safety.resolve"), "resolve", () => call("POST", `/api/admin/reports/${report.id}/resolve`)));
  card.append(actions);
  return card;
}

function render() {
  const title = el("h1", "", t("safety.title"));
  if (refusal) {
    const box = el("section", "card wide");
    const why = el("p", "empty", refusal);
    why.dataset.testid = "admin-refused";
    box.append(title, why);
    page.replaceChildren(box);
    return;
  }
  const head = el("section", "card wide");
  head.append(title, el("p", "muted", t("safety.open", { n: reports.length })));
  page.replaceChildren(head, ...reports.map(reportCard));
  if (!reports.length) head.append(el("p", "empty", t("safety.noReports")));
}

async function load() {
  try {
    reports = (await call("GET", "/api/admin/reports")).reports;
    refusal = null;
  } catch (err) {
    reports = [];
    refusal = err.message;
  }
  render();
}

export async function main() {
  await startPage(load);
  await load();
}

main();
