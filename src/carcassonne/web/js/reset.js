// Setting a new password: /reset asks for the account's name and has a
// link mailed to its confirmed address; /reset/TOKEN (the link) sets the
// new password, which ends every session of the account.

import { startPage } from "./account.js";
import { api } from "./api.js";
import { t } from "./i18n.js";
import { el } from "./settings.js";
import { toast } from "./ui.js";

const token = location.pathname.split("/").filter(Boolean)[1] || null;

function askForm() {
  const name = el("input", { maxlength: "40", autocomplete: "username", testid: "reset-name", "aria-label": t("account.name"), placeholder: t("account.name") });
  const form = el("form", { class: "field inline" }, name,
    el("button", { class: "btn primary", type: "submit", testid: "reset-ask", text: t("mail.resetAsk") }));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      await api.askReset(name.value.trim());
      form.replaceWith(el("p", { testid: "reset-sent", text: t("mail.resetSent") }));
    } catch (err) {
      toast(err.message);
    }
  });
  return [el("p", { class: "muted", text: t("mail.resetHelp") }), form];
}

function setForm() {
  const password = el("input", { type: "password", minlength: "8", maxlength: "200", autocomplete: "new-password", testid: "reset-password", "aria-label": t("mail.newPassword"), placeholder: t("mail.newPassword") });
  const form = el("form", { class: "field inline" }, password,
    el("button", { class: "btn primary", type: "submit", testid: "reset-set", text: t("mail.resetSet") }));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const { name } = await api.resetPassword(token, password.value);
      form.replaceWith(el("p", { testid: "reset-done", text: t("mail.resetDone", { name }) }));
    } catch (err) {
      toast(err.message);
    }
  });
  return [form];
}

function render() {
  const card = el("section", { class: "card", testid: "reset" }, el("h1", { text: t("mail.resetTitle") }));
  card.append(...(token ? setForm() : askForm()));
  document.getElementById("page").replaceChildren(card);
}

export async function main() {
  await startPage(render);
  render();
}
