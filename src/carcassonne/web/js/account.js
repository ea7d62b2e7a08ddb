// The account bar of every page: the competitions and the leaderboard; log
// in or sign up (name and password), or, logged in, the player's name (their
// profile) and "Log out". Playing needs
// no account: a guest plays with the seat tokens this browser keeps, and
// signing up hands those seats to the new account.

import { api, esc, heldSeats } from "./api.js";
import { followAccount, initI18n, languageSwitch, t } from "./i18n.js";
import { toast } from "./ui.js";

let me = null;

/**
 * The logged-in player ({name, games, matches}) or null, asked of the
 * server: who is logged in first (GET /api/session answers a visitor with
 * {"name": null}, where /api/me's 401 would be logged by the browser as an
 * error on every page), then, logged in, their games.
 */
export async function loadMe() {
  let session = null;
  try {
    session = await api.session();
    me = session.name ? await api.me() : null;
  } catch {
    me = null;
  }
  await followAccount(me ? session : null);
  return me;
}

export function currentAccount() {
  return me;
}

/** Draw the account bar into `el`; `changed()` is called after logging in or out. */
export function renderAccount(el, changed = () => {}) {
  const board = `<a class="btn small" href="/competitions" data-testid="competitions-link">${esc(t("account.competitions"))}</a>`
    + `<a class="btn small" href="/leaderboard" data-testid="leaderboard-link">${esc(t("account.leaderboard"))}</a>`;
  if (me) {
    el.innerHTML = `${board}<a class="account-name" data-testid="account-link" href="/player/${encodeURIComponent(me.name)}">${esc(me.name)}</a>
      <a class="btn small" href="/settings" data-testid="settings-link">${esc(t("mail.settingsLink"))}</a>
      ${me.admin ? `<a class="btn small" href="/admin" data-testid="admin-link">${esc(t("safety.adminLink"))}</a>` : ""}
      <button class="btn small" data-testid="log-out">${esc(t("account.logOut"))}</button>`;
    el.querySelector("[data-testid=log-out]").addEventListener("click", async () => {
      await api.logOut().catch((err) => toast(err.message));
      me = null;
      renderAccount(el, changed);
      changed();
    });
    return;
  }
  el.innerHTML = `${board}<form class="account-form" data-testid="account-form">
      <input data-testid="account-name" maxlength="20" autocomplete="username" placeholder="${esc(t("account.name"))}" aria-label="${esc(t("account.name"))}">
      <input data-testid="account-password" type="password" maxlength="200" autocomplete="current-password" placeholder="${esc(t("account.password"))}" aria-label="${esc(t("account.password"))}">
      <button class="btn small" data-testid="log-in" type="submit">${esc(t("account.logIn"))}</button>
      <button class="btn small" data-testid="sign-up" type="button">${esc(t("account.signUp"))}</button>
      <a class="small" href="/reset" data-testid="forgot-password">${esc(t("mail.forgot"))}</a></form>`;
  const form = el.querySelector("form");
  const values = () => [form.querySelector("[data-testid=account-name]").value.trim(),
    form.querySelector("[data-testid=account-password]").value];
  const done = async () => {
    await loadMe();
    renderAccount(el, changed);
    changed();
  };
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      await api.logIn(...values());
      await done();
    } catch (err) {
      toast(err.message);
    }
  });
  form.querySelector("[data-testid=sign-up]").addEventListener("click", async () => {
    try {
      const [name, password] = values();
      await api.signUp(name, password, heldSeats());
      await done();
    } catch (err) {
      toast(err.message);
    }
  });
}

/**
 * Start a page of the account pages: the language, the logged-in player and
 * the account bar; `render()` draws the page's content and is called again
 * whenever the language or the log-in changes.
 */
export async function startPage(render) {
  await initI18n();
  languageSwitch(document.getElementById("language"));
  await loadMe();
  const account = document.getElementById("account");
  renderAccount(account, render);
  document.addEventListener("languagechange", () => {
    renderAccount(account, render);
    render();
  });
}
