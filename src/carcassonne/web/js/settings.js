// One's settings (/settings): an e-mail address (and whether it is
// confirmed), the language of the mails, and which mails to get. A
// verification link comes back here as /settings?email=verified (or
// =invalid). Every text goes to the page as text (textContent), never as HTML.

import { calendarSection } from "./calendar-settings.js";
import { currentAccount, startPage } from "./account.js";
import { api } from "./api.js";
import { followAccount, language as pageLanguage, t } from "./i18n.js";
import { LANGUAGES } from "../i18n/languages.js";
import { toast } from "./ui.js";

/** The kinds of mail a player may switch on or off, in the order shown. */
export const KINDS = ["your_turn", "deadline", "match", "rematch", "invitation", "thread", "reminder"];

let settings = null;

/** An element with attributes and children (strings become text nodes). */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "testid") node.dataset.testid = value;
    else if (key === "text") node.textContent = value;
    else node.setAttribute(key, value);
  }
  for (const child of children) node.append(child);
  return node;
}

function addressSection() {
  const input = el("input", { type: "email", maxlength: "254", autocomplete: "email", testid: "email-address", "aria-label": t("mail.address") });
  input.value = settings.email || "";
  const save = el("button", { class: "btn small", type: "submit", testid: "email-save", text: t("mail.saveAddress") });
  const form = el("form", { class: "field inline" }, el("span", { text: t("mail.address") }), input, save);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      settings = await api.putEmail(input.value.trim());
      toast(settings.email ? t("mail.sent", { email: settings.email }) : t("mail.removed"), "ok");
      render();
    } catch (err) {
      toast(err.message);
    }
  });
  const verified = Boolean(settings.email && settings.email_verified);
  const status = el("p", { class: settings.email ? (verified ? "badge turn" : "muted") : "muted", testid: "email-status",
    text: !settings.email ? t("mail.none") : verified ? t("mail.verified") : t("mail.unverified") });
  status.dataset.verified = String(verified);
  return el("section", {}, el("h2", { text: t("mail.email") }), form, status);
}

async function change(body) {
  try {
    settings = await api.putSettings(body);
    toast(t("mail.saved"), "ok");
    render();
  } catch (err) {
    toast(err.message);
  }
}

function choicesSection() {
  const language = el("select", { testid: "mail-language", "aria-label": t("mail.language") });
  for (const { code, name } of LANGUAGES) {
    const option = el("option", { value: code, text: name });
    option.selected = code === (settings.language || pageLanguage());
    language.append(option);
  }
  language.addEventListener("change", async () => {
    await change({ language: language.value });
    await followAccount({ name: currentAccount()?.name, language: language.value });
  });
  const list = el("ul", { class: "plain-list", testid: "notify-list" });
  for (const kind of KINDS) {
    const box = el("input", { type: "checkbox", testid: `notify-${kind}` });
    box.checked = Boolean(settings.notify[kind]);
    box.addEventListener("change", () => change({ notify: { [kind]: box.checked } }));
    list.append(el("li", {}, el("label", {}, box, ` ${t(`mail.kind.${kind}`)}`)));
  }
  return el("section", {},
    el("h2", { text: t("mail.notices") }),
    el("label", { class: "field inline" }, el("span", { text: t("mail.language") }), language),
    el("p", { class: "muted", text: t("mail.noticesHelp") }), list);
}

function render() {
  const page = document.getElementById("page");
  const card = el("section", { class: "card", testid: "settings" }, el("h1", { text: t("mail.title") }));
  if (!currentAccount()) {
    card.append(el("p", { testid: "settings-log-in", text: t("mail.logInFirst") }));
  } else if (settings) {
    card.append(addressSection(), choicesSection(), calendarSection());
  }
  page.replaceChildren(card);
}

async function load() {
  settings = currentAccount() ? await api.settings().catch(() => null) : null;
  render();
}

export async function main() {
  await startPage(() => load());
  const outcome = new URLSearchParams(location.search).get("email");
  if (outcome) {
    toast(outcome === "verified" ? t("mail.confirmed") : t("mail.badLink"), outcome === "verified" ? "ok" : "error");
    history.replaceState(null, "", "/settings");
  }
  await load();
}
