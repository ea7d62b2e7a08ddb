// Translation: every text the client shows comes from one message table per
// language (web/i18n/<code>.js, listed in web/i18n/languages.js).
//
// t("key", {name: "Ann"}) looks the key up in the chosen language, falls back
// to English, and fills {placeholders}; an entry may also be a function of
// the parameters (for plurals). Elements with data-i18n="key" (and
// data-i18n-title / -placeholder / -label, the last an aria-label) are
// filled by applyStatic().

import { AREAS, LANGUAGES } from "../i18n/languages.js";
import { api } from "./api.js";
import { SERVER_ERRORS } from "./server-errors.js";

const STORE = "carcassonne.language";
let messages = {};
let fallback = {};
let current = "en";

/** Every text of language `code`: its main file and its area files, in one table. */
export async function messagesOf(code) {
  const files = await Promise.all([`${code}`, ...AREAS.map((area) => `${area}-${code}`)]
    .map((name) => import(`../i18n/${name}.js`)));
  return Object.assign({}, ...files.map((file) => file.default));
}

/** The client's code for a language tag: the same tag ("pt-br" is
 * "pt-BR"), else the same base language ("pt-PT" gets "pt-BR"); null if
 * the client does not speak it. */
function known(tag) {
  if (!tag) return null;
  const want = String(tag).toLowerCase();
  const exact = LANGUAGES.find((l) => l.code.toLowerCase() === want);
  if (exact) return exact.code;
  const base = want.split("-")[0];
  return LANGUAGES.find((l) => l.code.toLowerCase().split("-")[0] === base)?.code || null;
}

// The language, by priority: the account's choice (kept on the server), the
// choice made in this browser, then the browser's own languages in order.
function preferred() {
  const saved = known(localStorage.getItem(STORE));
  if (saved) return saved;
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const code = known(tag);
    if (code) return code;
  }
  return "en";
}

let account = null;

/** Load English and the preferred language; call once before rendering. */
export async function initI18n() {
  // who is logged in is asked while the likely language loads
  const asked = api.session().catch(() => null);
  const guess = preferred();
  const [english, guessed] = await Promise.all([messagesOf("en"), guess === "en" ? null : messagesOf(guess)]);
  fallback = english;
  const session = await asked;
  account = session?.name || null;
  const code = known(session?.language) || guess;
  await useLanguage(code, false, code === guess ? guessed : null);
}

/**
 * Follow the account now logged in (`session` is /api/session's answer, or
 * null after logging out): its chosen language, if it has one, replaces the
 * page's; a choice made before it had one becomes its own.
 */
export async function followAccount(session) {
  account = session?.name || null;
  const chosen = known(session?.language);
  if (chosen && chosen !== current) await useLanguage(chosen, true);
  else if (account && !chosen && localStorage.getItem(STORE)) api.putSettings({ language: current }).catch(() => {});
}

async function useLanguage(code, remember, loaded = null) {
  messages = code === "en" ? fallback : loaded || await messagesOf(code);
  current = code;
  document.documentElement.lang = code;
  if (remember) localStorage.setItem(STORE, code);
  applyStatic();
  document.dispatchEvent(new CustomEvent("languagechange", { detail: code }));
}

export function language() {
  return current;
}

// On a touch screen a text may have a variant of its own, "<key>.touch",
// which says "tap" where the mouse's says "click" or "press R".
const TOUCH = typeof matchMedia === "function" && matchMedia("(hover: none) and (pointer: coarse)").matches;

/** Whether this is a touch screen (no hover, a coarse pointer). */
export function touchScreen() {
  return TOUCH;
}

/** The text of `key` in the current language, with {params} filled in. */
export function t(key, params = {}) {
  if (TOUCH && (`${key}.touch` in messages || `${key}.touch` in fallback)) key = `${key}.touch`;
  const entry = key in messages ? messages[key] : fallback[key];
  if (entry === undefined) return key;
  if (typeof entry === "function") return entry(params);
  return entry.replace(/\{(\w+)\}/g, (_, k) => (params[k] ?? `{${k}}`));
}

/** Whether the current language has a text for `key`. */
export function has(key) {
  return key in messages || key in fallback;
}

/** Fill every [data-i18n] element under `root`. */
export function applyStatic(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-title]")) el.title = t(el.dataset.i18nTitle);
  for (const el of root.querySelectorAll("[data-i18n-label]")) el.setAttribute("aria-label", t(el.dataset.i18nLabel));
  for (const el of root.querySelectorAll("[data-i18n-placeholder]")) el.placeholder = t(el.dataset.i18nPlaceholder);
  if (document.body?.dataset.i18nTitle) document.title = t(document.body.dataset.i18nTitle);
}

/** Turn a <select> into the language switch. */
export function languageSwitch(select) {
  select.innerHTML = LANGUAGES.map((l) => `<option value="${l.code}">${l.name}</option>`).join("");
  select.value = current;
  document.addEventListener("languagechange", () => { select.value = current; });
  select.addEventListener("change", () => {
    useLanguage(select.value, true);
    if (account) api.putSettings({ language: select.value }).catch(() => {});
  });
}

/**
 * A refusal of the server (its English `message`) in the page's language,
 * when it is one a player meets through the pages (server-errors.js);
 * else the message as it is.
 */
export function serverText(message) {
  for (const [pattern, key, names = []] of SERVER_ERRORS) {
    const found = pattern.exec(String(message));
    if (found && has(key)) return t(key, Object.fromEntries(names.map((name, i) => [name, found[i + 1]])));
  }
  return message;
}
